"""Compiled rules: the one object that plays games of a ruleset.

    rules = load_rules("rulesets/classic.rules", fragments=["rulesets/variants/neutral_dice.rules"])
    result = rules.play(num_players=4, seed=7, agents=[RandomAgent()] * 4)

A mistake that only shows during play (a loop without end, an index outside a zone family,
a `choose` with nothing to choose) becomes a located `RulesError`, like a checker error.
"""

from __future__ import annotations

import operator
import sys

import attrs

from rulesrun.dsl import ast
from rulesrun.dsl.check import check
from rulesrun.dsl.compose import Program, compose, set_params
from rulesrun.dsl.errors import Diagnostic, RulesError
from rulesrun.interpreter.bookkeeping import BOOKKEEPING, PLAIN
from rulesrun.interpreter.compiler import generate, load_code
from rulesrun.interpreter.meter import Meter
from rulesrun.interpreter.runtime import Game, NoOptions, ParamChanged, StepBudgetExceeded, ZoneChanged, zones_of
from rulesrun.interpreter.search import Explorer, Frames

DEFAULT_STEP_BUDGET = 200_000


@attrs.frozen(slots=True)
class Result:
    """How a game ended: the first score key per seat, all keys, winners, its length, and
    (when metered) how often each rule fired and what it paid."""

    scores: list
    keys: list
    winners: list
    turns: int
    decisions: int
    log: list | None
    rules: dict | None = None


class Rules:
    """A checked, compiled ruleset, ready to play any number of games."""

    # What-if games from a decision of one of its games (Decision.explorer).
    explorer = Explorer

    def __init__(self, program: Program):
        self.program = program
        self.imaginaries = [
            attrs.evolve(d, label=d.label or d.name) for d in program.parts.values() if isinstance(d, ast.Imaginary)
        ]
        self.source = generate(program)
        self.namespace, self.filename = load_code(self.source, program.title)
        self._init = self.namespace["init"]
        self._game = self.namespace["ph_game"]
        self._score_keys = self.namespace["score_keys"]
        self.values_of = self.namespace["values_of"]
        self.moves = self.namespace["MOVES"]
        self.lowest_wins = self.namespace["LOWEST_WINS"]
        players = program.players
        self.min_players, self.max_players = (players.low, players.high) if players else (1, 99)
        self.variable_attributes = tuple(f"v_{name}" for name in self.namespace["VARS"])
        self.read_variables = _reader(self.variable_attributes)
        self._hidden_zones = tuple(f"z_{name}" for name, hidden in self.namespace["ZONES"] if hidden)
        # For each move and rest of a rule a look-ahead runs: the hidden zones it can read.
        self.hidden_reach = self.namespace["HIDDEN_REACH"]

    def hidden_zones(self, game: Game) -> list:
        """The zones declared `hidden` (face down), the same every time for a game."""
        if game.hidden is None:
            game.hidden = [zone for name in self._hidden_zones for zone in zones_of(getattr(game, name))]
        return game.hidden

    def zones_named(self, game: Game, names) -> list:
        """The zones of the declared zones `names`, members of families included."""
        return [zone for name in sorted(names) for zone in zones_of(getattr(game, f"z_{name}"))]

    def check_players(self, num_players: int) -> None:
        if not self.min_players <= num_players <= self.max_players:
            span = self.program.players.span if self.program.players else None
            raise RulesError(Diagnostic(span, f"{self.program.title} is for {self.min_players}-{self.max_players} players, not {num_players}",
                                        f"choose --players from {self.min_players} to {self.max_players}"))

    def play(self, num_players: int, seed: int, agents, log: list | None = None,
             step_budget: int = DEFAULT_STEP_BUDGET, meter: bool = False) -> Result:
        """Play one game; `log`, if given, receives the game's events as dicts; `meter` counts rules."""
        self.check_players(num_players)
        game = Game(self, num_players, seed, agents, log, step_budget)
        if meter:
            game.meter = Meter(self.namespace["score_total"])
        game.books = any(getattr(agent, "looks_ahead", False) for agent in agents)
        if game.books:
            game.frames = Frames()
        if log is not None:
            log.append({"t": "game", "title": self.program.title, "players": num_players, "seed": seed,
                        "sources": [s.path for s in self.program.sources]})
        keys = self._run_keeping_books(game)
        winners = self.winners(keys)
        if log is not None:
            log.append({"t": "end", "scores": [k[0] for k in keys], "winners": winners})
        return Result([k[0] for k in keys], keys, winners, game.turns, game.decisions, log,
                      game.meter.to_json() if meter else None)

    def run(self, game: Game) -> list:
        """Set up and play `game` to its end; the score keys of every seat."""
        try:
            self._init(game)
            self._game(game)
            return [self._score_keys(game, p) for p in game.players]
        except RulesError:
            raise
        except (StepBudgetExceeded, NoOptions, ParamChanged, ZoneChanged, RecursionError, ArithmeticError, LookupError,
                TypeError, ValueError, AttributeError) as error:
            raise self._located(error) from None

    def _run_keeping_books(self, game: Game) -> list:
        """`run`, with the operations that keep books (interpreter/bookkeeping.py) only where an
        agent looks ahead (`game.books`); other games run the plain ones, and so do the what-if
        games their agents play."""
        chosen = BOOKKEEPING if game.books else PLAIN
        before = {name: self.namespace[name] for name in chosen}
        self.namespace.update(chosen)
        try:
            return self.run(game)
        finally:
            self.namespace.update(before)

    def winners(self, keys: list) -> list:
        best = (min if self.lowest_wins else max)(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def _located(self, error: Exception) -> RulesError:
        span = None
        trace = error.__traceback__
        while trace is not None:
            if trace.tb_frame.f_code.co_filename == self.filename:
                line = trace.tb_lineno - 1
                if 0 <= line < len(self.source.spans) and self.source.spans[line] is not None:
                    span = self.source.spans[line]
            trace = trace.tb_next
        if isinstance(error, StepBudgetExceeded):
            return RulesError(Diagnostic(span, f"the rules ran more than {error.args[0]} loop steps: this loop never ends",
                                         "make sure each pass of the loop brings its condition closer to false"))
        if isinstance(error, RecursionError):
            return RulesError(Diagnostic(span, "procedures call each other without end",
                                         "give the recursion a case that does not call again"))
        if isinstance(error, NoOptions):
            return RulesError(Diagnostic(span, f"`choose` for `{error.args[0]}` got no options",
                                         "check that the list is not empty before choosing"))
        if isinstance(error, ZoneChanged):
            return RulesError(Diagnostic(span, "a zone changes only by put, deal, roll, shuffle or create, also through "
                                         "a name that holds it", "move the piece instead: put d into the_zone"))
        if isinstance(error, ParamChanged):
            return RulesError(Diagnostic(span, "a param's list cannot change during play, also not through a name that holds it",
                                         "change a copy of it: let mine = [x for x in the_param]"))
        if isinstance(error, KeyError):
            return RulesError(Diagnostic(span, f"index {error.args[0]!r} is outside the zone or variable family",
                                         "a family declared [1..6] has the indexes 1 to 6"))
        return RulesError(Diagnostic(span, f"while playing: {error}", "this value does not fit what the rule does with it"))


def _reader(names: tuple):
    """A function reading the attributes `names` of a game as one tuple."""
    if len(names) > 1:
        return operator.attrgetter(*names)
    return lambda game: tuple(getattr(game, name) for name in names)


def load_rules(ruleset, fragments=(), params: dict | None = None) -> Rules:
    """Text -> AST -> composed program -> checked program -> compiled rules."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    program = compose(ruleset, fragments)
    if params:
        program = set_params(program, params)
    return Rules(check(program))
