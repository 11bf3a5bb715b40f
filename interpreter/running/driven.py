"""A game you drive: look at the decision, answer it, undo, copy.

    import rulesrun
    rules = rulesrun.load("my_game.rules", params={"rounds": 2})
    game = rules.start(players=4, seed=7)      # runs up to the first decision
    while not game.over:
        d = game.decision                      # .seat, .point, .prompt, .options, .labels(), .view
        game.play(0)                           # answer with an option's index; runs to the next one
    game.scores, game.winners, game.log
    game.view().vars["tokens"], game.view(0)   # the whole table (vars, zones), or what seat 0 sees
    game.param("rounds"), game.part("bonus")   # what the rules read by those names

Tests and tools look at a game through these, never its state: a view is a copy, and params
and parts are fixed for the game.

The compiled rules that can ask are generators (interpreter/compiling/asking.py): at a decision they
pause and hand the `Decision` up to this object, which resumes them with the answer. So the
agents, a person at the table, a web page and other libraries are all callers of one API;
`Rules.play` is one such driver.

A game is its seed and the answers given so far: `undo()` and `copy()` replay those answers
from the start, on a fresh state, with no pause until the present (docs/architecture.md, "Going
back", says why; docs/performance.md what it costs). Decisions with a single option are
answered by the rules themselves, logged but never shown.

A search agent drives games of the same kind: `decision.explorer.copy(rng)` is this game as
the deciding seat may know it, with what it cannot know drawn anew (a what-if game,
interpreter/lookahead/search.py).
"""

from __future__ import annotations

import operator

from ...dsl import ast
from ...dsl.errors import RulesError, did_you_mean
from ..compiling.names import named
from greenlet import GreenletExit, getcurrent, greenlet

from .chance import Explicit
from .runtime import Game as State

CHANCE = ("seeded", "explicit")


class PlayError(RulesError):
    """A mistake in the rules met while playing (located like any RulesError), with the game's
    log up to it, so a transcript can show how the game got there."""

    def __init__(self, error: RulesError, log: list | None):
        super().__init__(error.diagnostics)
        self.log = log

    def __reduce__(self):
        """Pickled as a RulesError (without the log): what crosses from a worker process."""
        return (RulesError, (self.diagnostics,))


class NothingToUndo(Exception):
    """`undo()` at the game's first decision."""


class WhatIfOnce(Exception):
    """`undo()` or `copy()` of a what-if game: its past was drawn anew once, from the
    searcher's chance, and cannot be drawn again alike; the explorer makes another."""


def whole(name: str, value) -> int:
    """`value` as a whole number (numpy's too), or a TypeError naming it: true and false are no
    counts, and a float or text would not say which game a seed plays."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise TypeError(f"{name} is a whole number, not {value!r}")
    return operator.index(value)


class NotAnOption(ValueError):
    """An answer that is not the index of one of the decision's options."""


class Game:
    """One game of a ruleset, driven from outside. Made by `Rules.start`."""

    def __init__(self, rules, players: int, seed: int, log: bool = True, lookahead: bool = True,
                 meter: bool = False, step_budget: int | None = None, answers=(), agents=None, what_if=None,
                 chance: str = "seeded", outcomes=(), course: bool = False):
        """`lookahead`: keep the books that agents looking ahead need (interpreter/lookahead/bookkeeping.py);
        `meter`: count what each rule fires and pays (`rules_fired`); `answers`: play these first;
        `agents`: per seat an agent that answers inside the game, or None for a seat whose
        decisions the game shows (all of them by default). A copy shares the agents.
        `what_if`: makes this a what-if game (search.WhatIf): replayed answers that do not fit
        (a secret drawn anew) are drawn at random, and where they end chance is the searcher's.
        `chance`: "seeded" draws from the seed; "explicit" shows each draw to the driver as
        `game.chance` (interpreter/running/chance.py), `outcomes` being those given first.
        `course`: keep the standings at each turn's start and the options of each decision
        (`course`; interpreter/running/course.py), metering the rules too."""
        self.rules = rules
        self.players = rules.check_players(players)
        self.seed = whole("seed", seed)
        self._logging = log
        self._lookahead = lookahead
        self._meter = meter
        self._course = course
        self._step_budget = step_budget or rules.step_budget
        self._agents = None if agents is None or all(agent is None for agent in agents) else list(agents)
        self._what_if = what_if
        if chance not in CHANCE:
            raise ValueError(f"chance is one of {', '.join(map(repr, CHANCE))}, not {chance!r}")
        if chance == "explicit" and self._agents is not None:
            raise ValueError("a game with explicit chance is driven from outside: no agents seated in it "
                             "(their look-aheads would draw chance nobody answers)")
        self._explicit = chance == "explicit"
        self._begin(list(answers), list(outcomes))

    # ------------------------------------------------------------ the contract

    @property
    def decision(self):
        """The decision the game waits for (a runtime.Decision), or None when it is over or at a
        chance node."""
        return self._state.pending

    @property
    def chance(self):
        """The draw a game with explicit chance waits for (a chance.Chance: its outcomes, their
        probabilities, and the one the seed gives), or None."""
        return self._chance

    def resolve(self, index: int) -> None:
        """Answer the present chance node with the index of one of its outcomes and run on to the
        next decision, chance node or the end: the rules go on from the draw they wait at."""
        node = self._chance
        if node is None:
            raise NotAnOption("the game waits for no chance node" + ("" if self._explicit else
                              ": it was started with chance drawn from its seed (chance=\"explicit\" shows them)"))
        if type(index) is not int or not 0 <= index < len(node.outcomes):
            raise NotAnOption(f"{index!r} is not an outcome of this {node.what}: answer 0 to {len(node.outcomes) - 1}")
        self._chance = None
        self._advance(index)

    @property
    def outcomes(self) -> list:
        """The outcomes given to the chance nodes so far, in order (explicit chance only)."""
        explicit = self._state.explicit
        return [] if explicit is None else explicit.given[:]

    @property
    def steps(self) -> list:
        """Every answer and outcome given so far, in the game's order: ("play", index) and
        ("resolve", index), what `undo` counts back."""
        explicit = self._state.explicit
        steps = [("play", answer) for answer in self.answers]
        if explicit is not None:
            for at, outcome in reversed(list(zip(explicit.at, explicit.given))):
                steps.insert(at, ("resolve", outcome))
        return steps

    def play(self, index: int) -> None:
        """Answer the present decision with the index of one of its options and run on to the
        next decision or the end."""
        decision = self._state.pending
        if decision is None:
            raise NotAnOption("the game is over: there is no decision to answer")
        if type(index) is not int or not 0 <= index < len(decision.options):
            raise NotAnOption(f"{index!r} is not an option of this decision: answer 0 to {len(decision.options) - 1}")
        self._advance(index)

    def undo(self, count: int = 1) -> None:
        """Back `count` decisions (shown ones; with explicit chance, the chance nodes resolved
        count too: `steps`), exactly: state, chance and log as they were there."""
        self._refuse_in_what_if("undo")
        steps = self.steps
        count = whole("undo's count of decisions", count)
        if not 1 <= count <= len(steps):
            raise NothingToUndo(f"cannot go back {count} decision{'' if count == 1 else 's'}: "
                                f"{len(steps)} answered so far")
        kept = steps[:-count]
        self._begin([i for kind, i in kept if kind == "play"], [i for kind, i in kept if kind == "resolve"])

    def copy(self) -> "Game":
        """An independent game at the same decision: given the same answers, both go on alike."""
        self._refuse_in_what_if("copy")
        twin = Game.__new__(Game)
        twin.rules, twin.players, twin.seed = self.rules, self.players, self.seed
        twin._logging, twin._lookahead, twin._meter = self._logging, self._lookahead, self._meter
        twin._course = self._course
        twin._step_budget, twin._agents, twin._what_if = self._step_budget, self._agents, None
        twin._explicit = self._explicit
        twin._begin(self.answers, self.outcomes)
        return twin

    def view(self, seat: int | None = None):
        """What `seat` may see now, as its decisions show it (interpreter/running/view.py), also
        once the game is over; with no seat, the whole table with nothing hidden: what a
        transcript or a replay shows the designer, never what an agent is given."""
        from .view import seat_view, table_view

        return table_view(self._state) if seat is None else seat_view(self._state, seat)

    def shown(self, seat: int | None = None, onlooker: bool = False):
        """What a person at `seat` is shown now, also once the game is over: its view laid out
        for people, and in words (interpreter/running/people.py); with no seat, the whole table,
        or for an `onlooker` (a spectator over the network) only what no seat hides."""
        from .people import people_view

        return people_view(self._state, seat, onlooker)

    def param(self, name: str):
        """A `param`'s value in this game, the very value the rules read (a list or record of it
        refuses change, values.Fixed): its default, or what `params=` or `--set` gave it.

            rulesrun.load("my_game.rules", params={"rounds": 2}).start(players=4, seed=1).param("rounds")   # 2
        """
        return self._declared(name, (ast.Param,), "p", "param")

    def part(self, name: str):
        """A part (`board bonus`), or a kind of parts (`kind board`) as the list of its parts, the
        very value the rules read by that name: `game.param("sides")[0] is game.part("bonus")`."""
        return self._declared(name, (ast.Part, ast.PartKind), "t", "part or kind of parts")

    @property
    def form(self) -> dict:
        """The form of the compiled rules this game runs (`Rules.form`: pausing or closed, keeping
        the books of look-aheads or not), picked when the game was set up from its agents."""
        return self._state.code

    @property
    def over(self) -> bool:
        return self._state.pending is None and self._chance is None

    @property
    def scores(self) -> list:
        """The first score key of each seat: final once the game is over, as it stands before."""
        return [keys[0] for keys in self.keys]

    @property
    def keys(self) -> list:
        """Every score key of each seat (ties on the first are broken by the next)."""
        if self._keys is not None:
            return self._keys
        return self.rules.score_keys_of(self._state)

    @property
    def values(self) -> list:
        """Each seat's `value` as the rules declare it (what look-ahead agents maximise), now."""
        return self.rules.values_of(self._state)

    @property
    def winners(self) -> list:
        """The winning seats once the game is over; none before."""
        return self.rules.winners(self._keys, self._state) if self._keys is not None else []

    @property
    def log(self) -> list | None:
        """The game's events as dicts (a list that grows as the game goes on), or None if not logged."""
        return self._state.log

    @property
    def answers(self) -> list:
        """The answers given so far, one per decision with a choice (by the driver or a seated
        agent): with the seed, the whole game."""
        return [answer for _, answer, _ in self._state.history]

    @property
    def history(self) -> list:
        """(seat, answer) of each decision shown so far, in order."""
        return [(seat, answer) for seat, answer, _ in self._state.history]

    @property
    def names(self) -> list:
        """How the transcript names each owner: the seats, then the imaginary players."""
        return self._state.names[:]

    @property
    def turns(self) -> int:
        return self._state.turns

    @property
    def decisions(self) -> int:
        """Decisions met so far, single-option ones included."""
        return self._state.decisions

    @property
    def rules_fired(self) -> dict | None:
        """With `meter`: per rule, how often it fired and what it paid (interpreter/running/meter.py)."""
        return self._state.meter.to_json() if self._state.meter is not None else None

    @property
    def course(self):
        """With `course`: the standings at each turn's start and the options of each decision
        so far (a course.Course, which goes on changing while the game runs), else None."""
        return self._state.course

    def release(self) -> None:
        """The game is done with (`Rules.play` has taken its result, a search its playout): its
        state is let go at once (runtime.Game.release) instead of waiting for the garbage
        collector. A game not over first has its rules stopped where they wait, as the
        collector would stop them, while the state they may still touch is there."""
        self._stop_rules()
        self._state.release()

    # ------------------------------------------------------------ running

    def _begin(self, answers: list, outcomes: list) -> None:
        """A fresh state, played up to the decision or chance node after `answers` and `outcomes`
        (which are replayed without a pause)."""
        rules = self.rules
        if getattr(self, "_run", None) is not None:
            self._stop_rules()
        state = State(rules, self.players, self.seed, self._agents, [] if self._logging else None, self._step_budget)
        rules.prepare(state, lookahead=self._lookahead, meter=self._meter, course=self._course)
        state.script = answers[::-1]
        self._rules = None
        if self._explicit:
            # The rules run in a greenlet of their own, which a draw nobody gave an outcome
            # for switches away from (docs/architecture.md, "Chance").
            self._rules = greenlet(self._explicit_run, parent=getcurrent())
            state.explicit = Explicit(outcomes, self._rules.parent.switch if self._what_if is None else None)
        what_if = self._what_if
        if what_if is not None:
            state.misfit = what_if.misfit
        self._state = state
        self._keys = None
        self._chance = None
        self._run = rules.running(state)
        self._advance(None)
        if what_if is not None and state.pending is not None:
            what_if.present(state)
            if state.explicit is not None:
                # Chance kept explicit from the present on (`WhatIf.shown`): its draws pause,
                # outcomes of the real past that a path drawn anew left unused never come.
                state.explicit.pause = self._rules.parent.switch
                state.explicit.script.clear()

    def _declared(self, name: str, kinds: tuple, tag: str, what: str):
        """What the game holds for a declaration of one of `kinds` named `name`, or a KeyError
        naming the nearest such declaration."""
        parts = self.rules.program.parts
        if not isinstance(parts.get(name), kinds):
            hint = did_you_mean(name, [other for other, decl in parts.items() if isinstance(decl, kinds)])
            raise KeyError(f"no {what} is named `{name}`" + (f"; {hint}" if hint else ""))
        return getattr(self._state, named(tag, name))

    def _refuse_in_what_if(self, what: str) -> None:
        if self._what_if is not None:
            raise WhatIfOnce(f"a what-if game cannot {what}: its past was drawn anew once, from the searcher's "
                             "chance; ask `decision.explorer.copy(rng)` for another")

    def _explicit_run(self, answer) -> None:
        """The rules of a game with explicit chance, in their greenlet: on to each decision, where
        the driver is switched back to (with None: a chance node switches with itself)."""
        while True:
            self._run.send(answer)
            answer = self._rules.parent.switch(None)

    def _stop_rules(self) -> None:
        """Stop the rules where they wait (a decision, a draw), as the garbage collector would."""
        if self._rules is not None and self._rules:
            self._rules.throw(GreenletExit)
        self._run.close()

    def _advance(self, answer) -> None:
        try:
            if self._rules is None:
                self._run.send(answer)
            else:
                self._chance = self._rules.switch(answer)
        except RulesError as error:
            raise PlayError(error, self._state.log) from None
        except StopIteration as end:
            self._keys = end.value
            self.rules.ended(self._state, self._keys)
