"""Many games played for a report (`interpreter/studies/report.py`): what a designer reads to judge
a ruleset.

Game i of a run with seed S is played with seed S + i and its own agents, so its result
does not depend on how the games are split over worker processes (`jobs`).

The games stream: work is handed out a unit at a time as workers free up (`units` is lazy,
the backends keep only a few units in flight), and each record is yielded as soon as it and
every game before it are played, so a run of 10**12 games starts at once and holds no list
of them; `report.Tally` sums the records up as they pass.
"""

from __future__ import annotations

import hashlib
import json
import signal
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, Sequence

import attrs

from ...dsl.errors import RulesError
from ...dsl.files import real
from ..lookahead.agents import AgentSpec
from ..running.budget import Budget
from ..running.rules import load_rules
from .backends import Local
from .standings import summary


@attrs.frozen(slots=True)
class Plan:
    ruleset: str
    fragments: tuple[str, ...]
    params: dict
    players: int
    agents: tuple[str, ...]
    seed: int
    games: int
    allow: tuple[str, ...] = ()
    budget: Budget = Budget()
    # Keep each game's course and give its record the game metrics (`standings.summary`).
    metrics: bool = False

    def agent_for(self, seat: int) -> str:
        return self.agents[min(seat, len(self.agents) - 1)]


class GameFailed(RulesError):
    """A mistake in the rules met in game `game` of a run: the located error, and the plan, which
    says how to play that one game alone (seed `plan.seed + game`, the plan's players, agents,
    fragments and params). Crosses from a worker process whole (`__reduce__`).

        .../sixes.rules:11:5: error: an index outside the list or zone
        ...
        in game 2 of the run, seed 2
    """

    def __init__(self, diagnostics, plan: Plan, game: int):
        self.plan = plan
        self.game = game
        super().__init__(diagnostics)

    @property
    def seed(self) -> int:
        return self.plan.seed + self.game

    def render(self, sources=None) -> str:
        return f"{super().render(sources)}\nin game {self.game} of the run, seed {self.seed}"

    def __reduce__(self):
        return (type(self), (self.diagnostics, self.plan, self.game))


@attrs.frozen(slots=True)
class Prepared:
    """What every game of a plan shares in one process: the compiled rules, each seat's parsed
    agent spec, and the seats' agent names as records list them."""

    rules: object
    seats: tuple[AgentSpec, ...]
    names: tuple[str, ...]

    def ready(self, plan: Plan) -> None:
        """Compile here the form of the rules the plan's games run (`Rules.ready`), so that the
        workers forked next find it made."""
        self.rules.ready([spec.make(plan.seed, p) for p, spec in enumerate(self.seats)])

    def play(self, plan: Plan, index: int) -> dict:
        """Game `index` of the plan, as the JSON object `--out` writes (with `metrics` when the
        plan asks for them); a mistake in the rules met while playing it is a `GameFailed`,
        which names the game."""
        seed = plan.seed + index
        try:
            result = self.rules.play(plan.players, seed, [spec.make(seed, p) for p, spec in enumerate(self.seats)],
                                     meter=True, course=plan.metrics)
        except RulesError as error:
            raise GameFailed(error.diagnostics, plan, index) from None
        record = {"game": index, "seed": seed, "scores": result.scores, "winners": result.winners,
                  "turns": result.turns, "decisions": result.decisions, "agents": list(self.names),
                  "rules": result.rules}
        course = result.course
        if course is not None:
            record["metrics"] = summary(course.seats, course.standings, result.scores, result.winners,
                                        self.rules.lowest_wins, course.options, course.choices)
        return record


class Workshop:
    """The compiled rules and prepared plans of a run, made once per process and kept by the
    run, not by the module: two runs in one process share nothing. The parent fills it before
    the workers fork (backends.Local hands them this very object), so they find it ready. Sent
    to a Ray worker, which may run on another machine, in another folder, without the files,
    it travels with the rules' sources instead of compiled code (`__reduce__`): each plan's
    files by absolute path, their texts stored once by digest (a sweep's cells share them), so
    the worker compiles the very rules the parent did, once, since Ray keeps a task's
    function, and the workshop in it, for the tasks that follow on that worker."""

    __slots__ = ("_rules", "_prepared", "_shipped", "_texts")

    def __init__(self, shipped: dict | None = None, texts: dict | None = None):
        self._rules: dict = {}
        self._prepared: dict = {}
        # What the rules of a plan were composed from, by `_loaded_by` key: (ruleset,
        # fragments) as absolute paths, and the digest of their texts in `_texts`.
        self._shipped: dict = shipped or {}
        self._texts: dict = texts or {}

    def __reduce__(self):
        return Workshop, (self._shipped, self._texts)

    def rules_for(self, plan: Plan, rules=None):
        """The plan's compiled rules, loaded once; `rules`: the plan's rules, already compiled by
        the caller (so that a command does not compile them twice)."""
        key = _loaded_by(plan)
        if key not in self._rules:
            if rules is None:
                rules = self._compiled(plan, key)
            self._rules[key] = rules
            self._ship(key, plan, rules.program.texts)
        return self._rules[key]

    def _compiled(self, plan: Plan, key: tuple):
        """The plan's rules compiled from the sources shipped with this workshop, or from the files."""
        if key not in self._shipped:
            return load_rules(plan.ruleset, plan.fragments, plan.params, plan.allow, plan.budget)
        ruleset, fragments, digest = self._shipped[key]
        texts = {Path(path): text for path, text in self._texts[digest]}
        return load_rules(ruleset, fragments, plan.params, plan.allow, plan.budget, texts)

    def _ship(self, key: tuple, plan: Plan, texts: dict) -> None:
        """Keep what the plan's rules were composed from, for a workshop sent elsewhere."""
        if key in self._shipped:
            return
        files = tuple(sorted((str(path), text) for path, text in texts.items()))
        digest = hashlib.sha256(json.dumps(files).encode()).hexdigest()
        self._texts.setdefault(digest, files)
        self._shipped[key] = (str(real(Path(plan.ruleset))), tuple(str(real(Path(f))) for f in plan.fragments), digest)

    def prepare(self, plan: Plan, rules=None) -> Prepared:
        """The plan's rules and agents, made once (`rules` as for `rules_for`)."""
        key = (_loaded_by(plan), plan.players, plan.agents)
        if key not in self._prepared:
            names = tuple(plan.agent_for(p) for p in range(plan.players))
            specs = {name: AgentSpec.parse(name) for name in dict.fromkeys(names)}
            self._prepared[key] = Prepared(self.rules_for(plan, rules), tuple(specs[name] for name in names), names)
        return self._prepared[key]

    def play_games(self, unit: tuple[Plan, int, int]) -> list[dict]:
        """Games start to stop - 1 of a plan: the unit of work a process (or a Ray task) is given."""
        plan, start, stop = unit
        prepared = self.prepare(plan)
        return [prepared.play(plan, i) for i in range(start, stop)]


def _loaded_by(plan: Plan) -> tuple:
    """What the plan's compiled rules depend on, as a key."""
    return plan.ruleset, plan.fragments, tuple(sorted(plan.params.items())), plan.allow, plan.budget


def units(plan: Plan, size: int) -> Iterator[tuple[Plan, int, int]]:
    """The plan's games cut into units, in game order, made as they are asked for. The first
    units are small (1, 2, 4, ... games, up to `size`), so the first records come at once
    even with slow agents, and every worker gets work early."""
    start, step = 0, 1
    while start < plan.games:
        stop = min(start + step, plan.games)
        yield plan, start, stop
        start, step = stop, min(step * 2, size)


def unit_size(games: int, jobs: int) -> int:
    """About eight units per process, at most 200 games each: small enough to balance, large
    enough that sending a unit costs little next to playing it."""
    return max(1, min(200, games // (jobs * 8) or 1))


def run(plan: Plan, jobs: int = 1, progress: Callable[[int], None] | None = None,
        workshop: Workshop | None = None) -> Iterator[dict]:
    """Yield every game's record in game order, playing on `jobs` processes; `workshop`: where
    the plan was prepared already, if it was."""
    workshop = workshop or Workshop()
    workshop.prepare(plan)
    for batch in Local(jobs).map(workshop.play_games, units(plan, unit_size(plan.games, jobs))):
        yield from batch
        if progress:
            progress(len(batch))


def play_into(plan: Plan, tally, write: Callable[[dict], None] | None = None, jobs: int = 1,
              progress: Callable[[int], None] | None = None, workshop: Workshop | None = None) -> None:
    """What `rulesrun simulate` does with a plan: each record, as its game finishes in game
    order, goes to `write` (an `--out` file) and into `tally` (a `report.Tally`, which the
    caller keeps: after an interrupt it holds the games so far, and `write` has had the very
    same games). A Ctrl-C or SIGTERM that comes while a record goes to both is held back until
    both have it; one that comes while the run waits for a game stops it at once (a game may
    run for minutes), the game unplayed: either way it is raised as `Interrupted`."""
    with _interrupts_between_records() as taking:
        for record in run(plan, jobs, progress, workshop):
            with taking():
                tally.add(record)
                if write is not None:
                    write(record)


class Interrupted(KeyboardInterrupt):
    """A run stopped by a signal, Ctrl-C (SIGINT) or SIGTERM (`timeout`, `kill`, a cluster's
    scheduler), between two records: the caller reports the games played so far."""

    def __init__(self, number: int = signal.SIGINT):
        super().__init__(number)
        self.signal = number


# The signals a long run is stopped by: each is held back to the end of a record being taken in.
_STOPPING = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def _interrupts_between_records():
    """Handle SIGINT and SIGTERM here (the main thread only, where Python delivers them, and
    only where no one else handles them) as `Interrupted`: at once, except inside `taking()`
    (a record being added and written), where the signal is held and raised as the block
    ends. A second signal while one is held stops at once, as the default handler does."""
    defaults = {signal.SIGINT: signal.default_int_handler, signal.SIGTERM: signal.SIG_DFL}
    if threading.current_thread() is not threading.main_thread() \
            or any(signal.getsignal(number) is not defaults[number] for number in _STOPPING):
        yield contextmanager(lambda: (yield))
        return
    held: list[int] = []
    inside: list[bool] = []

    def hold(number, frame):
        if held or not inside:
            raise Interrupted(number)
        held.append(number)

    @contextmanager
    def taking():
        inside.append(True)
        try:
            yield
        finally:
            inside.pop()
        if held:
            raise Interrupted(held[0])

    for number in _STOPPING:
        signal.signal(number, hold)
    try:
        yield taking
    finally:
        for number in _STOPPING:
            signal.signal(number, defaults[number])


def run_together(plans: Sequence[Plan], jobs: int = 1, progress: Callable[[int], None] | None = None,
                 workshop: Workshop | None = None) -> Iterator[tuple[dict, ...]]:
    """Game i of every plan, as a tuple of records, for i in order: plans of as many games
    played side by side (units of each in turn), as a comparison of two rulesets reads them."""
    workshop = workshop or Workshop()
    for plan in plans:
        workshop.prepare(plan)
    games = plans[0].games
    work = (unit for units_at in zip(*(units(plan, unit_size(games * len(plans), jobs)) for plan in plans))
            for unit in units_at)
    batches = Local(jobs).map(workshop.play_games, work)
    for batch in batches:
        together = [batch] + [next(batches) for _ in plans[1:]]
        yield from zip(*together)
        if progress:
            progress(len(batch) * len(plans))
