"""What-if games for agents that search, fair to the seat that asks.

Compiled rules run as ordinary Python calls, so a game cannot be copied in the middle of
a rule (a `choose` deep inside a board's handler, say). A what-if game is therefore the
real game replayed from its seed with the answers given so far, up to the present
decision, and driven on from there (`explorer.copy`, a game of interpreter/running/driven.py)
with chance the seat's agent draws itself. On the way it is made fair to the seat (a
determinization):

- the answers of other seats' `secret` decisions that the seat cannot have seen yet
  (`view.visible_history`) are drawn anew, at random;
- from the present decision on, all chance comes from the agent's stream, and every zone
  the seat cannot see (a `hidden` zone, another owner's `private` zone) is drawn anew
  (determinize.py, `redraw`): its order, which pieces of a kind lie in which of those zones, and the faces of
  the dice in them. So the real order of a face-down deck, the real cards in another seat's
  hand, the real faces under its cup and the real next roll are never seen; the seat's own
  private zone stays as it is.

    explorer = decision.explorer
    values = explorer.lookahead(option, rng)     # each seat's `value` one step ahead
    twin = explorer.copy(rng)                    # a what-if game at this decision, to drive:
    twin.play(option)                            # ... twin.decision, twin.over, twin.winners, twin.values

Replaying costs as much as the game so far, so look-aheads avoid it where they can:

- at a move (`play`), the move's body is self-contained: it runs on the game itself, and a
  checkpoint of the present (interpreter/lookahead/checkpoint.py) puts everything back; only the
  unseen zones the move or the `value` after it can read (interpreter/compiling/reach.py) are drawn anew
  first, since the others cannot change what it finds;
- at a `choose` that stands alone as a `let` of its rule (or of an `if` in it, not in a
  loop), the compiler hands over the rest of the rule as a function of the locals so far
  (`Decision._resume`): it runs on the game itself with the option, like a move, on copies
  of the locals' own lists, unless another seat's `secret` answer was given since the rule
  began (the locals may hold it; the next way draws it anew);
- at any other `choose`, in a game where a look-ahead agent plays (`looks_ahead = True`),
  every rule that asks a `choose` keeps a checkpoint of the state it started from
  (`Frames`): the look-ahead goes back there, runs the rule again with the answers given so
  far and then the option, to the rule's end, and the present is put back when the agent
  has answered.

A rollout (`explorer.rollout`, greedy's, rollout.py) plays on past the option to the end of
the turn the same way: a `turn` whose body calls a rule keeps that rule as a frame too
(compiling/turns.py), and the rollout runs it again from the turn's start.
"""

from __future__ import annotations

import math
import random
from itertools import compress
from types import GeneratorType

from attrs import frozen

from .checkpoint import NESTED, Checkpoint, changeable, changing, containers, copy_nested
from . import determinize
from .determinize import SeededBy, fresh_chance
from ..running.driven import Game as DrivenGame
from ..running.meter import scratch
from ..running.runtime import Game, finish
from ..running.values import next_stamp
from ..running.view import visible_history


class LookaheadError(Exception):
    """An agent asked for a look-ahead the game was not set up for (a mistake in the agent)."""


class Explorer:
    """What-if games from one decision of one seat."""

    def __init__(self, game: Game, decision):
        self._game = game
        self._decision = decision
        self.rules = game.rules
        self.players = game.n
        self.seed = game.seed
        self.step_budget = game.step_budget
        self.seat = decision.player
        # The game's count of turns begun so far: two decisions under one count lie in one turn.
        self.turns = game.turns
        # The decisions before this one, copied when first needed (`_seen`): most look-aheads
        # never replay the past.
        self._asked = len(game.history)
        self._history = None
        self._past = None
        self._present = None
        self._start = None
        self._away = False
        self._knows = None
        self._shared = None
        self._real = None
        # The game's moves, once a look-ahead has tried one (the books checked then).
        self._moves = None

    def copy(self, rng, lookahead: bool = False) -> DrivenGame:
        """This game as the seat may know it, at this decision, for a searcher to drive with
        `play` (interpreter/running/driven.py): the past the seat has seen is replayed, other
        seats' `secret` answers it has not seen are drawn at random, and from here on all chance
        comes from `rng`, every zone the seat cannot see drawn anew (`redraw`). Costs a replay
        of the game so far (docs/performance.md, "What copy() and undo() cost"). `lookahead`:
        agents that look ahead (`decision.explorer.lookahead`) may be asked in it."""
        return DrivenGame(self.rules, self.players, self.seed, log=False, lookahead=lookahead,
                          step_budget=self.step_budget, answers=[answer for _, answer in self.past],
                          what_if=WhatIf(self.seat, rng), **self._chance_given())

    def _chance_given(self) -> dict:
        """For a game with explicit chance: the outcomes given before this decision, replayed as
        they were (a draw the replay meets beyond them, on a path a secret drawn anew opened,
        takes the seed's outcome, as a replay of a seeded game does)."""
        explicit = self._game.explicit
        if explicit is None:
            return {}
        return {"chance": "explicit", "outcomes": [outcome for outcome, at in zip(explicit.given, explicit.at)
                                                   if at <= self._asked]}

    def lookahead(self, option: int, rng) -> list[float]:
        """Each seat's `value` after answering `option` now, with the agent's chance and decisions
        inside answered at random: for a move, once the move is done; for a `choose`, once the
        rule that asked it has run to its end (in games that keep frames), else once the rules
        have run on to the next decision or the game's end."""
        decision = self._decision
        if decision.is_move and self._moves is not None:
            # Set up by an earlier look-ahead of this decision.
            name, args = decision.options[option]
            return self._try(self._moves[name], (self.seat, *args), rng)
        if not self._game.books:
            raise LookaheadError("an agent called `lookahead` in a game that keeps no books for it: give the agent "
                                 "`looks_ahead = True` (docs/agents.md)")
        if decision.is_move:
            self._moves = self._game.code["MOVES"]
            name, args = decision.options[option]
            return self._try(self._moves[name], (self.seat, *args), rng)
        if decision._resume is not None and self._knows_the_rule_so_far():
            rest, seen, used = decision._resume
            return self._try(rest, self._for_the_rest((*seen, decision.options[option]), used), rng)
        frames = self._frames()
        if frames is not None and frames.stack:
            return self._rerun_rule(option, rng)
        twin = self.copy(rng)
        if not twin.over:
            twin.play(fitting(option, len(twin.decision.options), rng))
        values = twin.values
        twin.release()
        return values

    def rollout(self, option: int, rng, policy) -> list | None:
        """Each seat's `value` where the present turn ends, after `option` now and the decisions
        after it answered by `policy(decision) -> index` (a policy that raises `Horizon` stops it
        where it stands), with chance from `rng`: the rule the turn runs (a kept frame,
        compiling/turns.py) run again on the game itself from the turn's start, with the answers
        and the chance of the turn so far. None where the present turn is not kept: a what-if
        game plays it (rollout.py). A game that keeps books keeps its turns (checkpoint.Frames)."""
        frames = self._frames()
        turn = self._turn()
        if frames is None or turn is None:
            return None
        g = self._game
        tape = turn.tape
        if tape is None or tape is not (self._real[0] if self._real is not None else g.rng):
            # Its chance not all drawn through its tape (a driver gives the chance, or a what-if
            # game's present, whose chance is the searcher's, lies in it).
            return None
        steps = g.steps
        frame = (turn.function, turn.args, turn.start, turn.first)
        values = self._rerun(frame, tape.replay(rng), option, rng, policy, self.rules.hidden_reach[turn.function])
        # What the rollout spent is no part of the game's budget (a runaway rollout still meets it).
        g.steps = steps
        # Back where look-aheads on the game itself start, or at the present.
        back = self._start if self._start is not None else self._present
        back.restore(g, chance=False)
        self._away = back is not self._present
        return values

    @property
    def between_turns(self) -> bool:
        """Whether the present lies outside every turn of rules whose turns that can ask are all
        run as frames (a question of a scoring phase): no turn is there to play on."""
        return bool(self.rules.turns_framed) and self._turn() is None

    def _turn(self):
        """The turn the game is in (checkpoint.Turn), if its rule runs as a frame."""
        frames = self._frames()
        turn = frames.turn if frames is not None else None
        return turn if turn is not None and turn.number == self._game.turns else None

    @property
    def past(self) -> list:
        """The decisions so far as the seat knows them: what replays and re-runs answer."""
        if self._past is None:
            self._past = visible_history(self._seen(), self.seat)
        return self._past

    def _seen(self) -> list:
        """The game's history up to this decision (seat, answer, secret), as it was when asked:
        copied before anything can change it, the first time a replay, a re-run or a question
        about the rule so far needs it. A look-ahead on the game itself takes back what it
        adds (its checkpoint keeps the history's length); only a re-run (`_rerun_rule`)
        rewrites the history before the present is put back, and it asks here first."""
        if self._history is None:
            self._history = self._game.history[:self._asked]
        return self._history

    def close(self) -> None:
        """The agent has answered: put back the game's own chance, agents, log, meter, course
        and frames, and the present if a look-ahead left the game elsewhere."""
        g = self._game
        if self._real is not None:
            g.rng, g.random, g.agents, g.log, g.meter, g.course, g.tally, g.frames = self._real
            self._real = None
            # What the look-ahead changed and took back went by the meter unseen.
            g.score_changed = -1
        if self._start is not None and self._start is not self._present:
            self._start.close()
        self._start = None
        if self._present is not None:
            if self._away:
                self._present.restore(g)
                self._away = False
            self._present.close()
            self._present = None

    def _frames(self):
        """The game's own frames, also while it is set up for look-aheads (`_try`)."""
        return self._real[7] if self._real is not None else self._game.frames

    def _try_start(self, order: float) -> Checkpoint:
        """Where every look-ahead of this decision that runs on the game itself starts: the
        present, with each zone the seat cannot see that the look-aheads can read
        (interpreter/compiling/reach.py) drawn anew (`redraw`) independently of the real one, from `order` (a draw
        of the first look-ahead's stream; every look-ahead makes that draw, so all meet the same
        later luck): the pieces of each zone sorted by a hash of `order` and their number, which
        costs less than seeding a stream; a stream seeded with `order` trades pieces between
        zones and rolls dice, where there are any. Every option meets the same unknown deck and
        cups, and none of them the real ones."""
        if self._start is None:
            g = self._game
            if self._present is None:
                self._present = Checkpoint(g, chance=False)
            self._start = self._present
            unseen = self.rules.unseen_zones(g, self.seat) and self._unseen_in_reach()
            if unseen:

                def arrange(zone):
                    changing(g, zone)
                    zone.sort(key=lambda piece: hash((order, piece.id)))
                    zone.stamp = next_stamp()

                determinize.redraw(g, unseen, arrange, SeededBy(order))
                self._away = True
                self._start = Checkpoint(g, chance=False)
        return self._start

    def _unseen_in_reach(self) -> list:
        """The zones the seat cannot see that this decision's options, tried on the game itself,
        can read."""
        rules = self.rules
        decision = self._decision
        if decision.is_move:
            if not rules.moves_reach_hidden:
                return []
            reach = rules.hidden_reach
            moves = self._game.code["MOVES"]
            names = set().union(*[reach[moves[name]] for name in {name for name, _ in decision.options}])
        else:
            names = rules.hidden_reach[decision._resume[0]]
        if not names:
            return []
        unseen = {id(zone) for zone in self.rules.unseen_zones(self._game, self.seat)}
        return [zone for zone in self.rules.zones_named(self._game, names) if id(zone) in unseen]

    def _try(self, function, args, rng) -> list:
        """`function(game, *args)` on the game itself (a move, or the rest of a rule from the
        present `choose`), with the look-ahead's chance and decisions inside answered at random;
        then the start is put back."""
        g = self._game
        order = rng.random()
        start = self._start
        if start is None:
            start = self._try_start(order)
        if self._real is None:
            # The game stays set up for look-aheads until the agent has answered (`close`).
            self._real = (g.rng, g.random, g.agents, g.log, g.meter, g.course, g.tally, g.frames)
            g.agents, g.log, g.meter, g.course, g.tally, g.frames = [_AtRandom(g)] * g.n, None, None, None, scratch(), None
        g.rng, g.random = rng, rng.random
        try:
            run = function(g, *args)
            if type(run) is GeneratorType:
                finish(run)
            return self.rules.values_of(g)
        finally:
            start.restore(g, chance=False)

    def _for_the_rest(self, values: tuple, used: tuple) -> tuple:
        """The rule's locals and the answer, for the rest of the rule to change as it likes:
        every list and mapping in those the rest uses (`used`) copied, except those the vars
        hold, which a local of the rule may hold too (`let mine = kept[p]`) and which stay the
        very same: going back puts them back in place."""
        if not any(map(changeable, compress(values, used))):
            return values
        if self._shared is None:
            self._shared = {id(shared): shared for shared in containers(self.rules.read_variables(self._game))}
        memo = self._shared.copy()
        return tuple(copy_nested(value, memo) if use and type(value) in NESTED else value
                     for value, use in zip(values, used))

    def _knows_the_rule_so_far(self) -> bool:
        """Whether the seat has seen every answer given since the asking rule began: the rest of
        the rule may then run on the rule's own locals. Else (another seat's `secret` answer
        lies in between) the rule runs again from its start, with that answer drawn anew.
        Worked out once per decision: every option asks it."""
        if self._knows is None:
            frames = self._frames()
            first = frames.stack[-1][3] if frames is not None and frames.stack else 0
            seat = self.seat
            self._knows = not any(secret and player != seat for player, _, secret in self._seen()[first:])
        return self._knows

    def _rerun_rule(self, option: int, rng) -> list:
        """The rule that asks, run again from its start to its end with `option`: the chance it
        drew before the present comes again from a copy of the game's stream as it was then,
        the rest from the look-ahead's. The present is put back when the agent has answered
        (`close`), not between two look-aheads."""
        frame = self._frames().stack[-1]
        return self._rerun(frame, _StreamFrom(frame[2].rng), option, rng, None)

    def _rerun(self, frame: tuple, stream, option: int, rng, then, reach=None) -> list:
        """A kept frame's rule run again from its start, drawing from `stream` until the present:
        the answers the seat knows of those given since, then `option`, then `then`'s answers
        (at random if None), to the rule's end or a `Horizon`; each seat's `value` there. From
        the present, chance is `rng`'s, and what the seat cannot see is drawn anew, of it only
        the zones named in `reach` if given. The game is left there."""
        g = self._game
        function, args, start, first = frame[:4]
        past = visible_history(self._seen(), self.seat, first)
        if self._present is None:
            self._present = Checkpoint(g, chance=False)
        real = (g.rng, g.random, g.agents, g.log, g.meter, g.course, g.tally, g.frames)
        self._away = True
        try:
            start.restore(g, chance=False)
            g.rng, g.random = stream, stream.random
            replay = _Replay(past, self.seat, rng, option, then, reach)
            g.agents, g.log, g.meter, g.course, g.tally, g.frames = [replay] * g.n, None, None, None, scratch(), None
            try:
                finish(function(g, *args))
            except Horizon:
                pass
            return self.rules.values_of(g)
        finally:
            g.rng, g.random, g.agents, g.log, g.meter, g.course, g.tally, g.frames = real
            g.score_changed = -1


class Horizon(BaseException):
    """Raised by a rollout's policy to stop it where it stands (rollout.py). A BaseException,
    like chance.ChancePending, so that no handler of the rules' mistakes takes it."""


def margins(values: list) -> list[float]:
    """Each seat's lead over the best other seat, squashed into 0..1 (1/2: level), measured
    against the seats' mean absolute value so that every ruleset's scale reads alike."""
    scale = sum(abs(v) for v in values) / len(values) or 1
    out = []
    for p, value in enumerate(values):
        lead = value - max(v for q, v in enumerate(values) if q != p) if len(values) > 1 else 0
        out.append(0.5 + 0.5 * math.tanh(lead / scale))
    return out


class _Replay:
    """Answers the past as it was (what the seat knows of it), then `option`, then `then`'s
    answers (at random if None).

    Where another seat's secret answer was drawn anew, the what-if game may take another
    path than the real one and meet other questions: a past answer, or the option, that does
    not fit the question met is replaced by one drawn at random.
    """

    blind = False

    def __init__(self, past, seat: int, rng, option: int, then=None, reach=None):
        self.past = past
        self.seat = seat
        self.rng = rng
        self.option = option
        self.then = then
        self.reach = reach
        self.asked = 0

    def choose(self, decision) -> int:
        k = self.asked
        self.asked += 1
        count = len(decision.options)
        if k < len(self.past):
            answer = self.past[k][1]
        elif k == len(self.past):
            fresh_chance(decision._game, self.seat, self.rng, self.reach)
            answer = self.option
        else:
            answer = None if self.then is None else self.then(decision)
        if answer is None or answer >= count:
            return int(self.rng.random() * count)
        return answer


@frozen
class WhatIf:
    """What makes a driven game a what-if game of `seat`: a replayed answer that does not fit
    the decision met (a secret drawn anew, a past that went another way) is drawn from `rng`,
    and where the replayed answers end, chance becomes the searcher's: drawn from `rng`, or
    with `shown`, chance nodes the driver resolves (OpenSpiel's resampled states)."""

    seat: int
    rng: object
    shown: bool = False

    def misfit(self, count: int) -> int:
        return int(self.rng.random() * count)

    def present(self, game: Game) -> None:
        fresh_chance(game, self.seat, self.rng, shown=self.shown)


def fitting(answer: int, count: int, rng) -> int:
    """`answer` if it is an option of a decision with `count` options, else one drawn at random:
    what a searcher tries in a what-if game whose present differs from the real one."""
    return answer if answer < count else int(rng.random() * count)


class _StreamFrom:
    """The game's random stream as a checkpoint kept it, for a re-run, set up only when the rule
    draws (most rules ask before they draw anything)."""

    __slots__ = ("_state", "_started")

    def __init__(self, state):
        self._state = state
        self._started = None

    def _stream(self):
        stream = self._started
        if stream is None:
            if type(self._state) is tuple:
                # Made without seeding (`random.Random()` would read the system's entropy first):
                # the kept state is all it needs.
                stream = random.Random.__new__(random.Random)
                stream.setstate(self._state)
            else:
                # A reader of shared luck (a what-if game of a rollout): one of its own from there.
                stream = self._state.getstate()
            self._started = stream
        return stream

    def random(self) -> float:
        return self._stream().random()

    def shuffle(self, items: list) -> None:
        self._stream().shuffle(items)


class _AtRandom:
    """Answers decisions inside a look-ahead: at random, from the stream the game draws from
    (the look-ahead's own, while it runs)."""

    blind = True
    __slots__ = ("_game",)

    def __init__(self, game):
        self._game = game

    def pick(self, count: int) -> int:
        return int(self._game.random() * count)
