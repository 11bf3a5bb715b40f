"""A skill ladder: every agent against every other on one ruleset, and a rating each, so a
designer sees how much a better player gains in the game (`rulesrun ladder`).

A pairing of agents A and B plays its games in twos on one seed: once with A in seats 0, 2,
4, ... and B in 1, 3, 5, ..., once the other way round. So every seat holds each agent
equally often and the seats' advantage cancels, and the two games of a seed share their luck
(common random numbers), which the other pairings share too: game i of every seating is
played with seed `seed + i`. Filling all seats with the two agents, rather than one of them
against a field of a third, keeps a pairing about those two alone; in an odd number of seats
each agent holds the extra seat in one game of the two. A's share of a game is the win
credit of its seats (a win shared by k seats counts 1/k to each).

The ratings are a Bradley-Terry fit of the pairings' wins (ratings.py); each pairing's win
share comes with its Wilson interval.
"""

from __future__ import annotations

import itertools
from typing import Sequence

import attrs

from .ratings import Rating, ratings
from .simulate import Plan, run_together
from .summaries import Share, win_credit

METHOD = ("Bradley-Terry fit by Hunter's MM algorithm on an Elo scale, the first agent at 0; "
          "intervals from the Fisher information")


def pairings(count: int) -> list[tuple[int, int]]:
    """Every pair of agents, each once, in the order of the agents: (0, 1), (0, 2), ... (1, 2) ..."""
    return list(itertools.combinations(range(count), 2))


def seating(first: str, second: str, players: int) -> tuple[str, ...]:
    """The seats of a game of `first` against `second`: alternating, `first` in seat 0.

        seating("greedy", "random", 3)   # ("greedy", "random", "greedy")
    """
    return tuple((first, second)[seat % 2] for seat in range(players))


def plans_of(base: Plan, agents: Sequence[str], games: int) -> list[Plan]:
    """Two plans per pairing, in the order of `pairings`: its two seatings, `games` // 2 games
    each, on the base plan's seeds."""
    return [attrs.evolve(base, agents=seating(*(agents[a], agents[b])[::order], base.players), games=games // 2)
            for a, b in pairings(len(agents)) for order in (1, -1)]


@attrs.frozen(slots=True)
class Rung:
    """One agent's place on the ladder: its rating and its win share against each agent
    (None against itself), in the order the agents were given."""

    agent: str
    rating: Rating
    against: tuple[Share | None, ...]
    games: int


@attrs.frozen(slots=True)
class Ladder:
    """The agents sorted by rating, best first; `games`: the fewest any pairing played (all
    play as many, but for a run stopped half way)."""

    agents: tuple[str, ...]
    players: int
    games: int
    confidence: float
    rungs: tuple[Rung, ...]

    def to_json(self) -> dict:
        return {"agents": list(self.agents), "players": self.players, "games_per_pairing": self.games,
                "method": METHOD, "anchor": self.agents[0], "confidence": self.confidence,
                "ladder": [{"agent": rung.agent, **rung.rating.to_json(), "games": rung.games,
                            "win_share": {other: {"share": share.value, "low": share.low, "high": share.high}
                                          for other, share in zip(self.agents, rung.against) if share is not None}}
                           for rung in self.rungs]}


@attrs.define(slots=True)
class Tally:
    """The pairings' wins kept running: `add` each record of a plan from `plans_of`, with that
    plan's pairing; `ladder()` when done. Mutable, as an accumulator is: one per ladder."""

    agents: tuple[str, ...]
    wins: list = attrs.field(init=False)
    games: list = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        size = len(self.agents)
        self.wins = [[0.0] * size for _ in range(size)]
        self.games = [[0] * size for _ in range(size)]

    def add(self, pairing: tuple[int, int], record: dict) -> None:
        """A game of the pairing's two agents: each gets the win credit of the seats it held."""
        seats = record["agents"]
        for agent, other in (pairing, pairing[::-1]):
            name = self.agents[agent]
            self.wins[agent][other] += sum(win_credit(record, seat) for seat, held in enumerate(seats) if held == name)
            self.games[agent][other] += 1

    def ladder(self, players: int, confidence: float = 0.95) -> Ladder:
        rated = ratings(self.wins, 0, confidence)
        size = len(self.agents)
        rungs = [Rung(self.agents[i], rated[i],
                      tuple(None if j == i else Share.of(self.wins[i][j], self.games[i][j], confidence)
                            for j in range(size)),
                      sum(self.games[i]))
                 for i in range(size)]
        rungs.sort(key=lambda rung: -rung.rating.elo)
        pair_games = min((self.games[i][j] for i, j in pairings(size)), default=0)
        return Ladder(self.agents, players, pair_games, confidence, tuple(rungs))


def play_into(plans: Sequence[Plan], tally: Tally, jobs: int = 1, progress=None, workshop=None) -> None:
    """Play the plans of `plans_of` side by side, game i of every seating together, on `jobs`
    processes, and add each record to `tally` under its pairing: stopped at any point, every
    pairing has played as many games as the others, give or take one."""
    order = [pair for pair in pairings(len(tally.agents)) for _ in (0, 1)]
    for records in run_together(plans, jobs, progress, workshop):
        for pairing, record in zip(order, records):
            tally.add(pairing, record)
