"""Compiled rules: the one object that plays games of a ruleset.

    rules = load_rules("rulesets/classic.rules", fragments=["rulesets/variants/neutral_dice.rules"])
    game = rules.start(players=4, seed=7)                            # a game you drive
    result = rules.play(num_players=4, seed=7, agents=[RandomAgent()] * 4)   # ... or one agents play

A mistake that only shows during play (a loop without end, an index outside a zone family,
a `choose` with nothing to choose) becomes a located `RulesError`, like a checker error.
"""

from __future__ import annotations

import functools
import math
import operator
import sys
from types import GeneratorType

import attrs

from ...dsl import ast
from ...dsl.check import check
from ...dsl.compose import compose, set_params
from ...dsl.program import SCORE, Program
from ...dsl.errors import Diagnostic, RulesError
from ...dsl.limits import MAX_PLAYERS
from ..lookahead.bookkeeping import BOOKKEEPING, PLAIN
from ..compiling.analysis import analyse
from ..compiling.compiler import generate, load_code, run_code
from .driven import Game as DrivenGame
from .driven import PlayError, whole
from .course import Course
from .meter import Meter, report_order
from .budget import Budget, OverBudget, TooMany
from .play_words import designer_words
from .runtime import AssertFailed, Game, NoOptions, ScriptMismatch, finish
from .values import ParamChanged, ZoneChanged, format_value, zones_of
from ..lookahead.checkpoint import Frames
from ..lookahead.search import Explorer

# What a mistake in the rules raises while they run: each becomes a located RulesError.
PLAY_ERRORS = (OverBudget, TooMany, MemoryError, NoOptions, ParamChanged, ZoneChanged, AssertFailed, RecursionError,
               ArithmeticError, LookupError, TypeError, ValueError, AttributeError)


@attrs.frozen(slots=True)
class Result:
    """How a game ended: the first score key per seat, all keys, winners, its length, (when
    metered) how often each rule fired and what it paid, and (when asked) its course: the
    standings at each turn's start and the options of its decisions (interpreter/running/course.py)."""

    scores: list
    keys: list
    winners: list
    turns: int
    decisions: int
    log: list | None
    rules: dict | None = None
    course: Course | None = None


class Rules:
    """A checked, compiled ruleset, ready to play any number of games."""

    # What-if games from a decision of one of its games (Decision.explorer).
    explorer = Explorer

    def __init__(self, program: Program, budget: Budget = Budget()):
        self.program = program
        self.budget = budget
        self.step_budget = budget.steps
        self.imaginaries = [
            attrs.evolve(d, label=d.label or d.name) for d in program.parts.values() if isinstance(d, ast.Imaginary)
        ]
        # The rules in four forms (`form`), each made when a game first needs it: asking rules
        # that pause at decisions for the game's driver, or none (every seat answered inside, the
        # speed of a closed loop); the books kept for look-aheads (interpreter/lookahead/bookkeeping.py),
        # or the operations written out (a game in which nobody looks ahead). A game runs one
        # form from start to end, so games of one Rules never share what they run on.
        self._analysis = analyse(program)
        # Each form's generated source, by the file name its tracebacks show (`_located`), and
        # each form's file name and namespace, by (pausing, books).
        self._sources = {}
        self._files = {}
        self._namespaces = {}
        self.namespace = self.form(pausing=True, books=True)
        # The source of the pausing form that keeps books, which every Rules makes (tests read it).
        self.source = self._sources[self._files[True, True]]
        self.moves = self.namespace["MOVES"]
        self.lowest_wins = self.namespace["LOWEST_WINS"]
        # Each score key's name (`as "money"`), None where the rules give none.
        self.score_names = self.namespace["SCORE_NAMES"]
        # Every rule the meter counts, with where it is written: (file, line, column).
        self.rule_sites = self.namespace["RULES"]
        # The rules the meter counts, as the compiled code numbers them, and the order of their
        # names in a report: worked out once here, not at the end of every metered game.
        self._metered = (self.namespace["METERED"], report_order(self.namespace["METERED"]))
        players = program.players
        self.min_players, self.max_players = (players.low, players.high) if players else (1, MAX_PLAYERS)
        self.variable_attributes = tuple(f"v_{name}" for name in self.namespace["VARS"])
        self.read_variables = _reader(self.variable_attributes)
        self._hidden_zones = tuple(f"z_{name}" for name, seen in self.namespace["ZONES"] if seen == "hidden")
        self._private_zones = tuple(f"z_{name}" for name, seen in self.namespace["ZONES"] if seen == "private")
        # The memory of pure procedures' answers that games without books share, per number of
        # seats (`shared_memory`).
        self._memories: dict[int, dict] = {}
        # Player counts that a top-level `assert` refuses, with its errors.
        self._refused_counts: dict[int, list[Diagnostic]] = {}
        if program.asserts:
            self._check_asserts()

    def form(self, pausing: bool, books: bool) -> dict:
        """The namespace of the rules compiled for games that pause or not, keep books or not
        (interpreter/compiling/compiler.py, `generate`), made the first time a game needs it."""
        names = self._namespaces.get((pausing, books))
        if names is None:
            source = generate(self.program, pausing, self._analysis, books)
            code, filename = load_code(source, self.program.title)
            self._sources[filename] = source
            self._files[pausing, books] = filename
            names = self._namespaces[pausing, books] = run_code(code, BOOKKEEPING if books else PLAIN)
        return names

    @functools.cached_property
    def hidden_reach(self) -> dict:
        """For each move and rest of a rule a look-ahead runs (in either form that keeps books):
        the hidden zones it can read."""
        reach = {}
        for pausing in (True, False):
            reach.update(self.form(pausing, books=True)["HIDDEN_REACH"])
        return reach

    @functools.cached_property
    def turns_framed(self) -> bool | None:
        """Whether every `turn` block of the rules that can ask runs as a frame in a game that keeps
        books (interpreter/compiling/turns.py); None if none can ask."""
        return self.form(False, books=True)["FRAMED_TURNS"]

    @functools.cached_property
    def moves_reach_hidden(self) -> bool:
        """Whether any move can read a hidden zone: if none can, a look-ahead at a move draws
        nothing anew and need not ask which zones its options reach."""
        return any(self.hidden_reach[move] for pausing in (True, False)
                   for move in self.form(pausing, books=True)["MOVES"].values())

    def _check_asserts(self) -> None:
        """Every top-level `assert`, on a game set up for each player count the rules allow. One
        that fails for every count is a located error before any game is played, naming the
        `--set` it reads; one that fails for some counts refuses just those (`check_players`),
        so `assert extra == 0 or num_players < 6` forbids `extra` at six players only."""
        errors = []
        failing: dict[int, tuple[list, str]] = {}
        counts = range(self.min_players, self.max_players + 1)
        for n in counts:
            game = Game(self, n, 0, None, None, self.step_budget)
            try:
                self.namespace["init"](game)
                failed = self.namespace["failed_asserts"](game)
            except PLAY_ERRORS as error:
                raise self._located(error) from None
            for index, message in failed:
                failing.setdefault(index, ([], message))[0].append(n)
        for index, (numbers, message) in sorted(failing.items()):
            item = self.program.asserts[index]
            settings = " ".join(f"--set {name}={self.program.settings[name]}"
                                for name in _params_read(self.program, item.cond) if name in self.program.settings)
            hint = (f"this `assert` of the rules refuses {settings}" if settings
                    else "this `assert` of the rules does not hold for the parameters as declared")
            if len(numbers) == len(counts):
                errors.append(Diagnostic(item.span, message, hint))
                continue
            for n in numbers:
                self._refused_counts.setdefault(n, []).append(Diagnostic(item.span, f"{message} ({n} players)", hint))
        if errors:
            raise RulesError(errors)

    def hidden_zones(self, game: Game) -> list:
        """The zones declared `hidden` (face down), the same every time for a game."""
        if game.hidden is None:
            game.hidden = [zone for name in self._hidden_zones for zone in zones_of(getattr(game, name))]
        return game.hidden

    def unseen_zones(self, game: Game, seat: int) -> list:
        """The zones whose pieces `seat` cannot see: the hidden ones, then every other owner's
        zone of each `private` family."""
        hidden = self.hidden_zones(game)
        if not self._private_zones:
            return hidden
        return hidden + [zone for name in self._private_zones
                         for owner, zone in enumerate(getattr(game, name)) if owner != seat]

    def zones_named(self, game: Game, names) -> list:
        """The zones of the declared zones `names`, members of families included."""
        return [zone for name in sorted(names) for zone in zones_of(getattr(game, f"z_{name}"))]

    def check_players(self, num_players: int) -> int:
        """`num_players` as the whole number of seats these rules are played by, else a located
        error (a TypeError for a count that is no whole number, a caller's mistake rather than
        the rules')."""
        num_players = whole("players", num_players)
        if not self.min_players <= num_players <= self.max_players:
            span = self.program.players.span if self.program.players else None
            low, high = self.min_players, self.max_players
            counts, choose = (f"{low}", f"--players {low}") if low == high else \
                (f"{low}-{high}", f"--players from {low} to {high}")
            raise RulesError(Diagnostic(span, f"{self.program.title} is for {counts} players, not {num_players}",
                                        f"choose {choose}"))
        if num_players in self._refused_counts:
            raise RulesError(self._refused_counts[num_players])
        return num_players

    def start(self, players: int, seed: int, log: bool = True, lookahead: bool = True, meter: bool = False,
              step_budget: int | None = None, answers=(), agents=None, chance: str = "seeded",
              outcomes=(), course: bool = False) -> DrivenGame:
        """A game you drive (interpreter/running/driven.py), run up to its first decision; `agents`: per
        seat one that answers inside the game (None: the seat's decisions are shown). A game is
        its seed: a seed that is no whole number (None would draw one from the system, text or a
        float would not say which game a log replays) is refused, as is a count of players
        that is none (`check_players`). `chance="explicit"` stops at every draw for the driver to
        answer (`game.chance`, `game.resolve`; interpreter/running/chance.py), `outcomes` being
        those given first. `course`: keep the game's course for the game metrics (`Result.course`),
        which meters the rules too."""
        return DrivenGame(self, players, seed, log, lookahead, meter, step_budget, answers, agents,
                          chance=chance, outcomes=outcomes, course=course)

    def ready(self, agents) -> None:
        """Make now the form `play` runs for these agents, rather than at the first game: a
        parent about to fork workers for a plan (a search's points, interpreter/studies/tune.py)
        compiles it once, instead of every worker for itself."""
        self.form(pausing=False, books=_look_ahead(agents))

    def play(self, num_players: int, seed: int, agents, log: list | None = None,
             step_budget: int | None = None, meter: bool = False, course: bool = False) -> Result:
        """Play one game with `agents`, one per seat: a game of `start` with every seat's agent
        answering inside it, as fast as the rules run. `log`, if given, receives the game's
        events as dicts; `meter` counts rules; `course` keeps the standings at each turn's start
        and the options of each decision (`Result.course`, what `simulate --metrics` reads)."""
        lookahead = _look_ahead(agents)
        game = self.start(num_players, seed, log is not None, lookahead, meter, step_budget, agents=agents,
                          course=course)
        if log is not None:
            log.extend(game.log)
        keys = game.keys
        result = Result([k[0] for k in keys], keys, game.winners, game.turns, game.decisions, log, game.rules_fired,
                        game.course)
        game.release()
        return result

    def answer(self, agent, decision) -> int:
        """`agent`'s answer to `decision`. A look-ahead runs the rules too: its mistakes are the
        rules' own, located (a PlayError with the game's log so far)."""
        if agent.blind:
            return agent.pick(len(decision.options))
        try:
            return agent.choose(decision)
        except PLAY_ERRORS as error:
            raise PlayError(self._located(error), decision._game.log) from None

    def prepare(self, game: Game, lookahead: bool, meter: bool, course: bool = False) -> None:
        """Set a new game up: its books (for agents that look ahead), the form of the rules it
        runs, its meter, its course (which reads the standings from the meter), and first log line."""
        game.books = lookahead
        if lookahead:
            game.frames = Frames()
        else:
            game.remembered = self.shared_memory(game.n)
        code = self._code_for(game)
        if meter or course:
            game.meter = Meter(code["score_first"], *self._metered)
        if course:
            game.course = Course()
        if game.log is not None:
            game.log.append({"t": "game", "title": self.program.title, "players": game.n, "seed": game.seed,
                             "sources": [s.path for s in self.program.sources]})

    def shared_memory(self, players: int) -> dict:
        """What pure procedures answered in the games without books of `players` seats, which
        each such game reads and adds to (interpreter/lookahead/remember.py, `remembered_values`):
        their answers depend on their arguments, the rules' params and the number of seats alone."""
        memory = self._memories.get(players)
        if memory is None:
            memory = self._memories[players] = {}
        return memory

    def running(self, game: Game):
        """Set up and play `game` to its end, pausing at each decision nobody in the game answers
        (a generator, see interpreter/running/driven.py); returns the score keys of every seat."""
        names = self._code_for(game)
        try:
            names["init"](game)
            played = names["ph_game"](game)
            if type(played) is GeneratorType:
                yield from played
            return self._numbers(self.score_keys_of(game))
        except RulesError:
            raise
        except ScriptMismatch as error:
            raise RulesError(Diagnostic(None, f"the answers do not fit this game: {error.args[0]!r} answers a decision "
                                        f"of {error.args[1]} options", "replay the answers on the rules and seed they were given for")) from None
        except PLAY_ERRORS as error:
            raise self._located(error) from None

    def _code_for(self, game: Game) -> dict:
        """The form of the rules `game` runs, from now on its `code`: pausing unless every seat's
        agent sits in the game, keeping books if it does. What the game reads of its rules (score,
        values, `nobody wins`, the meter's score) comes from this form, never another: the forms
        with books remember pure procedures under zones' stamps, which a game without books
        never renews, so another form's answer would be one remembered at the start."""
        game.code = self.form(game.agents is None or None in game.agents, game.books)
        return game.code

    def run(self, game: Game) -> list:
        """Set up and play `game` to its end with its own agents; the score keys of every seat."""
        return finish(self.running(game))

    def ended(self, game: Game, keys: list) -> None:
        if game.log is not None:
            game.log.append({"t": "end", "scores": [k[0] for k in keys], "winners": self.winners(keys, game)})

    def _numbers(self, keys: list) -> list:
        """The final score keys, each a number, or a located error at `score`: winners are found
        by comparing them, and a text or a list cannot be compared with a number."""
        for seat, seat_keys in enumerate(keys):
            for key in seat_keys:
                if type(key) not in (int, float) or type(key) is float and not math.isfinite(key):
                    score = self.program.parts[SCORE]
                    raise RulesError(Diagnostic(score.span, f"the score of seat {seat} is {format_value(key)[:60]}, not a number",
                                                "each key of `score by` must be a finite number: a decimal past "
                                                "about 1.8e308 is infinite (inf), and inf - inf is not a number (nan)"))
                if type(key) is int and abs(key).bit_length() * 0.30103 > self.budget.digits:
                    raise RulesError(Diagnostic(self.program.parts[SCORE].span,
                                                f"the score of seat {seat} has more than {self.budget.digits:,} digits",
                                                "if the rules need it, raise the limit: --budget digits=N"))
        return keys

    def score_keys_of(self, game: Game) -> list:
        """Every seat's score keys in `game` now, through the form it runs (`game.code`)."""
        keys = game.code["score_keys"]
        return [keys(game, p) for p in game.players]

    def values_of(self, game: Game) -> list:
        """Every seat's `value` in `game` now (what look-ahead agents maximise), through the form
        it runs (`game.code`)."""
        return game.code["values_of"](game)

    def winners(self, keys: list, game: Game) -> list:
        """The seats with the best score keys, or none when a `nobody wins when` holds in `game`."""
        if game.code["nobody_wins"](game):
            return []
        best = (min if self.lowest_wins else max)(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def _located(self, error: Exception) -> RulesError:
        span = None
        trace = error.__traceback__
        while trace is not None:
            source = self._sources.get(trace.tb_frame.f_code.co_filename)
            if source is not None:
                line = trace.tb_lineno - 1
                if 0 <= line < len(source.spans) and source.spans[line] is not None:
                    span = source.spans[line]
            trace = trace.tb_next
        if isinstance(error, OverBudget):
            name, limit, what = error.args
            never = ": a loop never ends, or the rules do far more than a game needs" if name == "steps" else ""
            return RulesError(Diagnostic(span, f"the game went over its budget of {limit:,} {what}{never}",
                                         f"if the rules need more, raise the limit: --budget {name}=N "
                                         f"(docs/language.md, Running rules you did not write)"))
        if isinstance(error, TooMany):
            what, made, limit = error.args
            return RulesError(Diagnostic(span, f"this makes {made:,} {what}: the most the language allows is {limit:,}",
                                         "no game needs more (docs/language.md, Running rules you did not write)"))
        if isinstance(error, MemoryError):
            return RulesError(Diagnostic(span, "the game ran out of memory: a list, text or number grew too large",
                                         "make it smaller; --budget size=N and digits=N set how large they may grow"))
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
        if isinstance(error, AssertFailed):
            return RulesError(Diagnostic(span, error.args[0], "an `assert` of the rules does not hold here"))
        if isinstance(error, KeyError):
            return RulesError(Diagnostic(span, f"index {error.args[0]!r} is outside the zone or variable family",
                                         "a family declared [1..6] has the indexes 1 to 6"))
        return RulesError(Diagnostic(span, *designer_words(error)))


def _params_read(program: Program, expr) -> list[str]:
    """The params `expr` reads, also through the defaults of the params it reads, in order."""
    found: list[str] = []
    pending = [expr]
    while pending:
        for node in ast.walk(pending.pop()):
            decl = program.parts.get(node.id) if isinstance(node, ast.Name) else None
            if isinstance(decl, ast.Param) and node.id not in found:
                found.append(node.id)
                pending.append(decl.default)
    return found


def _reader(names: tuple):
    """A function reading the attributes `names` of a game as one tuple."""
    if len(names) > 1:
        return operator.attrgetter(*names)
    return lambda game: tuple(getattr(game, name) for name in names)


def _look_ahead(agents) -> bool:
    """Whether a game of these agents keeps the books a look-ahead needs."""
    return any(getattr(agent, "looks_ahead", False) for agent in agents)


def load_rules(ruleset, fragments=(), params: dict | None = None, allow=(), budget: Budget = Budget(),
               texts=None) -> Rules:
    """Text -> AST -> composed program -> checked program -> compiled rules. `allow`: folders
    an `include` may read beyond the project's (dsl/files.py); `budget`: the limits of each
    game (interpreter/running/budget.py); `texts`: files' texts by real path, read instead of
    the files (`Program.texts` of the same rules composed elsewhere)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    program = compose(ruleset, fragments, allow, texts)
    if params:
        program = set_params(program, params)
    return Rules(check(program), budget)
