"""Many games played for a report (`interpreter/studies/report.py`): what a designer reads to judge
a ruleset.

Game i of a run with seed S is played with seed S + i and its own agents, so its result
does not depend on how the games are split over worker processes (`jobs`).
"""

from __future__ import annotations

import multiprocessing
from typing import Callable, Iterator

import attrs

from ..lookahead.agents import make_agent
from ..running.budget import Budget
from ..running.rules import load_rules


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


def _rules_for(plan: Plan):
    key = (plan.ruleset, plan.fragments, tuple(sorted(plan.params.items())), plan.allow, plan.budget)
    if key not in _worker_rules:
        _worker_rules[key] = load_rules(plan.ruleset, plan.fragments, plan.params, plan.allow, plan.budget)
    return _worker_rules[key]


def play_one(plan: Plan, index: int) -> dict:
    """Game `index` of the plan, as the JSON object `--out` writes."""
    rules = _rules_for(plan)
    seed = plan.seed + index
    agents = [make_agent(plan.agent_for(p), seed, p) for p in range(plan.players)]
    result = rules.play(plan.players, seed, agents, meter=True)
    return {"game": index, "seed": seed, "scores": result.scores, "winners": result.winners,
            "turns": result.turns, "decisions": result.decisions,
            "agents": [plan.agent_for(p) for p in range(plan.players)], "rules": result.rules}


def _play_chunk(args) -> list[dict]:
    plan, start, stop = args
    return [play_one(plan, i) for i in range(start, stop)]


def run(plan: Plan, jobs: int = 1, progress: Callable[[int], None] | None = None) -> Iterator[dict]:
    """Yield every game's record in game order, playing on `jobs` processes."""
    _rules_for(plan)
    chunk = max(1, min(200, plan.games // (jobs * 8) or 1))
    bounds = [(plan, s, min(s + chunk, plan.games)) for s in range(0, plan.games, chunk)]
    if jobs <= 1:
        batches = map(_play_chunk, bounds)
        for batch in batches:
            yield from batch
            if progress:
                progress(len(batch))
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for batch in pool.imap(_play_chunk, bounds):
            yield from batch
            if progress:
                progress(len(batch))
