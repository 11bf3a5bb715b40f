"""The running game's state every compiled rule works on, and the decisions it asks.

State is plain slotted objects and lists (its values: interpreter/running/values.py), so a
game can be copied cheaply and the compiled rules reach every zone and variable by
attribute, never by a string lookup in the hot loop. Chance comes from one
`random.Random(seed)`; every decision goes to the seat's agent.
"""

from __future__ import annotations

import random
from itertools import chain, compress, repeat
from types import GeneratorType

from .meter import ASKED, scratch
from .values import Piece, format_value


class AssertFailed(Exception):
    """An `assert` of the rules did not hold; its text is the rules' message."""


class NoOptions(Exception):
    """`choose` was given an empty list of options."""


# What `Game.decide` returns when the game's driver must answer (see `Game.paused`).
PAUSE = object()


class ScriptMismatch(Exception):
    """A replayed answer does not fit the decision met: not an index of one of its options."""


def finish(run):
    """The result of a rule's function called where nobody outside answers: a generator (a
    rule that can ask, interpreter/compiling/asking.py) is run to its end, its decisions answered by
    the game's agents or script, so it never pauses; a plain function's result is returned."""
    if type(run) is not GeneratorType:
        return run
    try:
        decision = run.send(None)
    except StopIteration as end:
        return end.value
    run.close()
    raise Unanswered(decision.point)


class Unanswered(Exception):
    """A decision was met where no agent answers it (a game driven from outside, run to its end)."""


class Answered(Exception):
    """A decision read for its options, words, view or explorer once it was answered: the game
    has moved on, and what it would show now is no longer what was asked."""


class Decision:
    """What an agent is asked: who decides, at which point, and the legal options.

    An agent never gets the game itself. It sees what its seat may see (`view`), and a
    search agent explores the future through `explorer`, which plays what-if games in which
    everything hidden from the seat is drawn anew. A plain slotted class rather than an attrs
    one: one is made for every decision of every simulated game, and this keeps that cheap.

    What a decision shows of the game (its options, their labels and words, the prompt, the
    table, the view, the explorer) is worked out when it is read, from the game as it stands,
    so it is read while the decision waits for its answer; once answered, each of these refuses
    by name (`Answered`) rather than show the game after the answer:

        d = game.decision
        seen = d.view          # a copy of the table at this decision, kept as long as you like
        game.play(0)
        d.view                 # Answered: read game.decision for the current one

    Who decides, where, and whether it is a move or secret stay true and stay readable.
    """

    __slots__ = ("player", "point", "_options", "secret", "is_move", "_resume", "_game", "_explorer", "_asked")

    def __init__(self, game: "Game", player: int, point: str, options: list, secret: bool, is_move: bool,
                 resume: tuple | None = None, asked: tuple | None = None):
        self.player = player
        self.point = point
        self._options = options
        self.secret = secret
        self.is_move = is_move
        # A `choose`'s words: (its `prompt`, its `shown`), each deferred as a function of
        # nothing (interpreter/running/words.py), either None.
        self._asked = asked
        # For a `choose` that stands alone as a `let` of its rule: (the rest of the rule as a
        # function, the locals it needs, which of them and the answer it uses), which the
        # explorer runs with an answer.
        self._resume = resume
        self._game = game
        self._explorer = None

    @property
    def seat(self) -> int:
        """Who decides (the same as `player`)."""
        return self.player

    @property
    def options(self) -> list:
        """The legal options: `(move, args)` for the moves of a point, the values of a `choose`."""
        if self._game is None:
            raise self._refusal("options")
        return self._options

    @property
    def prompt(self) -> str:
        """What is asked, in words (`point NAME "..."`, `choose(..., prompt = ...)`; else the
        point's name made readable). A key is `point`, which rewording never changes."""
        from .words import prompt

        return prompt(self._waiting("prompt"), self.player, self.point, self.is_move, self._asked)

    def labels(self) -> list[str]:
        """The options' stable machine labels (`place(3)`): what logs, scripts and search trees key by."""
        self._waiting("labels()")
        return option_labels(self._options)

    def words(self) -> list[str]:
        """The options in words (`move ... shown "..."`, a kind's `shown`), for people to read."""
        from .words import option_words

        return option_words(self._waiting("words()"), self.player, self._options, self.is_move, self._asked)

    def choices(self) -> list:
        """The options as a person chooses among them (interpreter/running/choices.py): those that
        read the same are one choice where they are the same move, else told apart in words."""
        from .choices import choices
        from .words import option_words

        plain = option_words(self._waiting("choices()"), self.player, self._options, self.is_move, self._asked, False)
        return choices(self._options, plain, self.labels())

    def table(self) -> str:
        """The table in words as the deciding seat is shown it (interpreter/running/people.py):
        the rules' `view`, its own private pieces and the parts in play below it; without a
        `view`, every zone and var it may see, by owner and part."""
        from .people import people_view

        return "\n".join(people_view(self._waiting("table()"), self.player).lines)

    def piece_words(self):
        """A function (kind, face, owner) -> a piece of `view` in words, as its kind shows it."""
        from .words import piece_words

        return piece_words(self._waiting("piece_words()"))

    @property
    def view(self):
        """A copy of what this seat may see at this decision (see interpreter/running/view.py)."""
        from .view import seat_view

        return seat_view(self._waiting("view"), self.player)

    @property
    def explorer(self):
        """What-if games from this decision, fair to the seat (see interpreter/lookahead/search.py)."""
        game = self._waiting("explorer")
        if self._explorer is None:
            self._explorer = game.rules.explorer(game, self)
        return self._explorer

    def answered(self) -> None:
        """The decision is answered: from now on it refuses to show the game (`Answered`), and
        its explorer, if a search agent used one, puts back what it changed and is let go (it
        holds the decision, which would keep both for the garbage collector)."""
        self._game = None
        self._resume = None
        explorer = self._explorer
        if explorer is not None:
            self._explorer = None
            explorer.close()

    def _waiting(self, what: str) -> "Game":
        """The game, while this decision waits for its answer; after, a refusal naming `what`."""
        game = self._game
        if game is None:
            raise self._refusal(what)
        return game

    def _refusal(self, what: str) -> Answered:
        return Answered(f"decision.{what}: this decision (`{self.point}` of seat {self.player}) was answered; "
                        "read game.decision for the current one")


def option_labels(options) -> list[str]:
    """The options' labels as transcripts, logs, agents and scripts name them, each one once:
    a label that repeats (three dice that all print `small:1@0`) is numbered from its second
    time on (`small:1@0`, `small:1@0 #2`, `small:1@0 #3`), so an answer by label is never ambiguous."""
    labels = [option_label(o) for o in options]
    if len(set(labels)) == len(labels):
        return labels
    seen: dict[str, int] = {}
    unique = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        unique.append(label if seen[label] == 1 else f"{label} #{seen[label]}")
    return unique


_MISSING = object()
_TUPLES = repeat(tuple)


def _hashed_quickly(options, most: int = 4096) -> bool:
    """Whether hashing `options` goes through at most `most` items a level, tuples in tuples at
    most four deep: a tuple is hashed anew every time, through every tuple it holds, so one that
    holds one tuple many times over (`s = (s, s)`, sixty times) would take 2**60 steps. It goes
    through one level at a time, in C."""
    level = options
    for _ in range(4):
        level = list(chain.from_iterable(compress(level, map(isinstance, level, _TUPLES))))
        if not level:
            return True
        if len(level) > most:
            return False
    return False


def kept(cell: list, value):
    """`value`, kept in `cell` (a local list, empty until then): a part of a decision point's
    conditions worked out once per decision (compiling/invariant.py) is read back as `cell[0]`."""
    cell.append(value)
    return value


def once(options: list, cheap: bool = False) -> list:
    """The options, each left out that equals an earlier one and reads alike (its label): they
    lead to the same game, so a seat is offered the choice once, and a random seat does not
    take it twice as often. Options are merged only where they can be told equal by hashing:
    numbers, texts, pieces, zones, parts, tuples and records of these. A list is never merged:
    the move it is given to could change it in place, and two equal lists may be two vars'.
    Nor are options whose hashing could take long (`_hashed_quickly`), unless the compiler
    proved each of their values cheap to compare (`cheap`).

        >>> once([("advance", ((6, 8),)), ("advance", ((6, 8),)), ("advance", ((7,),))])
        [('advance', ((6, 8),)), ('advance', ((7,),))]
    """
    if len(options) < 2 or type(options[0]) is list or not (cheap or _hashed_quickly(options)):
        return options
    try:
        if len(set(options)) == len(options):
            return options
    except TypeError:
        return options
    first: dict = {}
    kept = []
    for option in options:
        earlier = first.get(option, _MISSING)
        if earlier is _MISSING:
            first[option] = option
            kept.append(option)
        elif option_label(earlier) != option_label(option):
            kept.append(option)
    return kept


def option_label(option) -> str:
    if isinstance(option, tuple) and len(option) == 2 and isinstance(option[0], str) and isinstance(option[1], tuple):
        return f"{option[0]}({', '.join(format_value(a) for a in option[1])})"
    return format_value(option)


class Game:
    """One game in progress. The compiled rules add the attributes of zones and variables."""

    def __init__(self, rules, num_players: int, seed: int, agents, log: list | None, step_budget: int):
        self.rules = rules
        self.n = num_players
        self.players = list(range(num_players))
        self.imaginary = [i.name for i in rules.imaginaries]
        self.owners = list(range(num_players + len(self.imaginary)))
        self.names = [f"seat {p}" for p in self.players] + [i.label for i in rules.imaginaries]
        self.seed = seed
        self.rng = random.Random(seed)
        self.random = self.rng.random
        # With explicit chance, the outcomes a driver gives the draws (interpreter/running/chance.py).
        self.explicit = None
        self.agents = agents
        self.log = log
        # What the game has spent of its budget (interpreter/running/budget.py), and the limits.
        self.steps = 0
        self.step_budget = step_budget
        self.budget = rules.budget
        self.turns = 0
        self.decisions = 0
        self.next_piece_id = 0
        # The seats whose first score key may have changed since the meter last measured it,
        # a bit each (-1: every seat; 0: none), and each owner's bit, in the order of `owners`
        # (interpreter/compiling/scored.py).
        self.score_changed = -1
        self.seat_bits = tuple(1 << o for o in self.owners)
        self.pieces_by_kind: dict[str, list[Piece]] = {}
        # The dice made while the game keeps its log and neither rolled nor turned since: their
        # faces mean nothing yet, and the table people read shows none (running/shown.py). A
        # look-ahead plays without the log, so what it rolls stays unrolled here.
        self.unrolled: set[Piece] = set()
        # Renewed whenever pieces are made while books are kept, like a zone's stamp; and,
        # one per var, whenever a var changes while a checkpoint is open
        # (interpreter/lookahead/checkpoint.py).
        self.pieces_stamp = 0
        # Counts the changes to what pieces show (face, value, owner) while books are kept.
        self.turned = 0
        self.var_stamps = [0] * len(rules.variable_attributes)
        # Per var, the value last gone through for checkpoints, and when (checkpoint.py).
        self.var_walks: list = [None] * len(rules.variable_attributes)
        # (seat, answer, secret) of every decision that had a choice: what search agents
        # replay to reach the present, and what a seat's view shows of the past.
        self.history: list[tuple[int, int, bool]] = []
        self.meter = None
        # The game's course, kept for the game metrics when asked (interpreter/running/course.py).
        self.course = None
        # The innermost metered rule's tally, [fired, paid, moved, asked]: the operations count
        # what they move into it (interpreter/running/meter.py); a scratch list outside any rule.
        self.tally = scratch()
        self.frames = None
        # Whether the operations keep the books look-aheads need (interpreter/lookahead/bookkeeping.py).
        self.books = True
        # What pure procedures answered, by call (interpreter/lookahead/remember.py).
        self.remembered: dict = {}
        # The hidden zones (Rules.hidden_zones), found once.
        self.hidden: list | None = None
        # Answers to give before asking anyone, the next one last (a replay, interpreter/running/driven.py),
        # and the decision the game is paused at while driven from outside.
        self.script: list = []
        # What a replayed answer that does not fit the decision met becomes: None refuses it
        # (ScriptMismatch); a what-if game draws one at random (interpreter/lookahead/search.py).
        self.misfit = None
        self.pending: Decision | None = None
        # The checkpoints open on this game, oldest first (interpreter/lookahead/checkpoint.py).
        self.open: list = []
        # The compiled rules this game runs (Rules.running picks one of their forms).
        self.code: dict = rules.namespace

    def release(self) -> None:
        """Let go of everything this game holds, for a game nobody will read again. A game's
        objects refer to one another in cycles (a piece to its zone and the zone to it, a
        kind's words to the game), which only the garbage collector can free, after it has
        gone through them, game after game; without the cycles they are freed at once, as
        the last reference goes."""
        for pieces in self.pieces_by_kind.values():
            for piece in pieces:
                piece.zone = None
        self.__dict__.clear()

    def decide(self, player: int, point: str, options: list, secret: bool = False, is_move: bool = False,
               resume: tuple | None = None, asked: tuple | None = None):
        """The option chosen, or PAUSE when the caller of the game must answer: the compiled
        rules then `yield from paused()`, which pauses every rule up to the game's driver
        (interpreter/running/driven.py) and returns the option it answers. Answers replayed from a
        script, and those of agents seated in the game, need no pause (nor a generator).

        `secret`: no other seat learns the answer (their views and search agents never see it).
        `is_move`: the options are moves of a decision point (`play`), not a `choose` list.
        `resume`: the rest of the rule that asks, for look-aheads (`Decision._resume`).
        `asked`: a `choose`'s words (`Decision._asked`).

        The decision points of the forms that never pause take a single option and a blind
        agent's answer themselves in a game without a log or script (compiling/moves.py, `_ask`):
        a change to what this does for those is a change there too.
        """
        if len(options) == 1:
            index = 0
        else:
            if self.meter is not None:
                self.tally[ASKED] += 1
                if self.course is not None:
                    self.course.asked(len(options))
            if self.script:
                index = self.script.pop()
                if not (type(index) is int and 0 <= index < len(options)):
                    if self.misfit is None:
                        raise ScriptMismatch(index, len(options))
                    index = self.misfit(len(options))
            elif self.agents is None or self.agents[player] is None:
                self.pending = Decision(self, player, point, options, secret, is_move, resume, asked)
                return PAUSE
            else:
                agent = self.agents[player]
                if agent.blind:
                    index = agent.pick(len(options))
                else:
                    decision = Decision(self, player, point, options, secret, is_move, resume, asked)
                    try:
                        index = agent.choose(decision)
                    finally:
                        decision.answered()
            self.history.append((player, index, secret))
        self.decisions += 1
        if self.log is not None:
            self._log_decision(player, point, options, index, secret, is_move, asked)
        return options[index]

    def paused(self):
        """Hand the pending decision to the game's driver and take its answer (a generator)."""
        decision = self.pending
        index = yield decision
        self.pending = None
        decision.answered()
        self.history.append((decision.player, index, decision.secret))
        self.decisions += 1
        if self.log is not None:
            self._log_decision(decision.player, decision.point, decision._options, index, decision.secret,
                               decision.is_move, decision._asked)
        return decision._options[index]

    def _log_decision(self, player: int, point: str, options: list, index: int, secret: bool, is_move: bool, asked):
        from .words import logged_words

        event = {"t": "decide", "player": player, "point": point, "options": option_labels(options), "choice": index}
        if secret:
            event["secret"] = True
        event.update(logged_words(self, player, point, options, is_move, asked))
        self.log.append(event)

    def say(self, text: str) -> None:
        self.log.append({"t": "say", "text": text})
