"""Many games played for a report (`interpreter/studies/report.py`): what a designer reads to judge
a ruleset.

Game i of a run with seed S is played with seed S + i and its own agents, so its result
does not depend on how the games are split over worker processes (`jobs`).
"""

from __future__ import annotations

from typing import Callable, Iterator

import attrs

from ..lookahead.agents import make_agent
from ..running.budget import Budget
from ..running.rules import load_rules
from .backends import Local


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

    def agent_for(self, seat: int) -> str:
        return self.agents[min(seat, len(self.agents) - 1)]


_worker_rules = {}


def rules_for(plan: Plan):
    """The plan's compiled rules, loaded once per process (workers forked after a first
    call inherit them)."""
    key = (plan.ruleset, plan.fragments, tuple(sorted(plan.params.items())), plan.allow, plan.budget)
    if key not in _worker_rules:
        _worker_rules[key] = load_rules(plan.ruleset, plan.fragments, plan.params, plan.allow, plan.budget)
    return _worker_rules[key]


def play_one(plan: Plan, index: int) -> dict:
    """Game `index` of the plan, as the JSON object `--out` writes."""
    rules = rules_for(plan)
    seed = plan.seed + index
    agents = [make_agent(plan.agent_for(p), seed, p) for p in range(plan.players)]
    result = rules.play(plan.players, seed, agents, meter=True)
    return {"game": index, "seed": seed, "scores": result.scores, "winners": result.winners,
            "turns": result.turns, "decisions": result.decisions,
            "agents": [plan.agent_for(p) for p in range(plan.players)], "rules": result.rules}


def play_games(unit: tuple[Plan, int, int]) -> list[dict]:
    """Games start to stop - 1 of a plan: the unit of work a process (or a Ray task) is given."""
    plan, start, stop = unit
    return [play_one(plan, i) for i in range(start, stop)]


def units(plan: Plan, size: int) -> list[tuple[Plan, int, int]]:
    """The plan's games cut into units of `size` games, in game order."""
    return [(plan, s, min(s + size, plan.games)) for s in range(0, plan.games, size)]


def unit_size(games: int, jobs: int) -> int:
    """About eight units per process, at most 200 games each: small enough to balance, large
    enough that sending a unit costs little next to playing it."""
    return max(1, min(200, games // (jobs * 8) or 1))


def run(plan: Plan, jobs: int = 1, progress: Callable[[int], None] | None = None) -> Iterator[dict]:
    """Yield every game's record in game order, playing on `jobs` processes."""
    rules_for(plan)
    for batch in Local(jobs).map(play_games, units(plan, unit_size(plan.games, jobs))):
        yield from batch
        if progress:
            progress(len(batch))
