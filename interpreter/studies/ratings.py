"""Ratings from pairings: a Bradley-Terry fit on an Elo scale, with intervals.

In the Bradley-Terry model agent i beats agent j with probability p_i / (p_i + p_j). The
strengths are fitted by Hunter's MM algorithm (Hunter 2004, "MM algorithms for generalized
Bradley-Terry models"), which needs no step size and never leaves p > 0:

    p_i <- W_i / sum_j n_ij / (p_i + p_j)      W_i: i's wins, n_ij: games of i and j

A win may be fractional (a win shared with the other agent counts half to each). An agent
that won every game, or none, has no finite maximum-likelihood strength, so every pairing
that was played gets `PRIOR` drawn games on top (a prior, as BayesElo's virtual draws):
with a few hundred games it moves a rating by a few points.

Ratings are 400 log10(p_i / p_anchor), so that a lead of 400 points is a 10:1 favourite and
the anchor reads 0. Intervals come from the Fisher information of the log-strengths with
the anchor fixed (the observed information of the fit, prior included, inverted): cheap,
deterministic and exact for independent games. Games played in pairs on one seed
(ladder.py) are not independent, which could make them too wide or too narrow; measured on
two shipped games, the pairs varied as two independent games would (docs/agents.md).
"""

from __future__ import annotations

import math
from typing import Sequence

import attrs

from . import stats

PRIOR = 0.5
ELO = 400 / math.log(10)


@attrs.frozen(slots=True)
class Rating:
    """An agent's rating on the Elo scale and its interval (the anchor's is 0, 0, 0)."""

    elo: float
    low: float
    high: float

    def to_json(self) -> dict:
        return {"elo": self.elo, "low": self.low, "high": self.high}


def strengths(wins: Sequence[Sequence[float]], prior: float = PRIOR, tolerance: float = 1e-12,
              most: int = 100_000) -> list[float]:
    """Bradley-Terry strengths (geometric mean 1) from `wins[i][j]`, i's wins against j. Every
    pair that met gets `prior` wins each on top. The fit goes on until no log-strength moves by
    more than `tolerance` (or `most` rounds).

        strengths([[0, 2], [1, 0]], prior=0)   # [1.414..., 0.707...]: 2 wins of 3 is p 2:1
    """
    played = _with_prior(wins, prior)
    size = len(played)
    games = [[played[i][j] + played[j][i] for j in range(size)] for i in range(size)]
    won = [math.fsum(row) for row in played]
    p = [1.0] * size
    for _ in range(most):
        fresh = []
        for i in range(size):
            weight = math.fsum(games[i][j] / (p[i] + p[j]) for j in range(size) if j != i and games[i][j])
            fresh.append(won[i] / weight if weight else p[i])
        centre = math.exp(math.fsum(math.log(x) for x in fresh) / size)
        fresh = [x / centre for x in fresh]
        moved = max(abs(math.log(a / b)) for a, b in zip(fresh, p))
        p = fresh
        if moved < tolerance:
            break
    return p


def ratings(wins: Sequence[Sequence[float]], anchor: int = 0, confidence: float = 0.95,
            prior: float = PRIOR) -> list[Rating]:
    """Each agent's rating against the anchor's, with its interval at `confidence`.

        ratings([[0, 76], [24, 0]], prior=0)[1].elo   # -200: a 76% favourite leads by 200 points
    """
    p = strengths(wins, prior)
    played = _with_prior(wins, prior)
    others = [i for i in range(len(p)) if i != anchor]
    information = [[_information(played, p, i, j) for j in others] for i in others]
    covariance = _inverse(information)
    z = stats.z_for(confidence)
    result = [Rating(0.0, 0.0, 0.0)] * len(p)
    for k, i in enumerate(others):
        elo = ELO * math.log(p[i] / p[anchor])
        half = z * ELO * math.sqrt(max(covariance[k][k], 0.0))
        result[i] = Rating(elo, elo - half, elo + half)
    return result


def expected(elo: float, other: float) -> float:
    """The share of games an agent rated `elo` is expected to win against one rated `other`."""
    return 1 / (1 + 10 ** ((other - elo) / 400))


def _with_prior(wins: Sequence[Sequence[float]], prior: float) -> list[list[float]]:
    size = len(wins)
    return [[wins[i][j] + (prior if i != j and wins[i][j] + wins[j][i] > 0 else 0.0) for j in range(size)]
            for i in range(size)]


def _information(played, p, i: int, j: int) -> float:
    """The observed Fisher information of log-strengths i and j: n p_i p_j / (p_i + p_j)^2 per
    pairing, positive on the diagonal and negative off it."""
    def term(a: int, b: int) -> float:
        return (played[a][b] + played[b][a]) * p[a] * p[b] / (p[a] + p[b]) ** 2

    if i != j:
        return -term(i, j)
    return math.fsum(term(i, b) for b in range(len(p)) if b != i)


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inversion with partial pivoting; a singular matrix (an agent that met no
    one) gives infinite variances rather than an error."""
    size = len(matrix)
    rows = [list(row) + [float(i == j) for j in range(size)] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        if abs(rows[pivot][column]) < 1e-300:
            return [[math.inf if i == j else 0.0 for j in range(size)] for i in range(size)]
        rows[column], rows[pivot] = rows[pivot], rows[column]
        lead = rows[column][column]
        rows[column] = [x / lead for x in rows[column]]
        for r in range(size):
            if r != column and rows[r][column]:
                factor = rows[r][column]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[column])]
    return [row[size:] for row in rows]
