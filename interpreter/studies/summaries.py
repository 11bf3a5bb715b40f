"""How a report sums up many games: a share of games with its interval, the spread of one
number per game, and a seat's part of one game's win. Shared by the report (report.py) and
the game metrics (metrics.py).
"""

from __future__ import annotations

from typing import Sequence

import attrs

from . import stats
from .streaming import Counts

QUANTILES = (10, 25, 50, 75, 90)


@attrs.frozen(slots=True)
class Spread:
    """Mean, sample standard deviation and the QUANTILES (percent) of one number per game."""

    mean: float
    sd: float
    quantiles: tuple[float, ...]

    @classmethod
    def of(cls, values: Sequence[float]) -> "Spread":
        ordered = sorted(values)
        return cls(stats.mean(ordered), stats.sd(ordered), tuple(stats.quantile(ordered, q / 100) for q in QUANTILES))

    @classmethod
    def of_counts(cls, counts: Counts) -> "Spread":
        """The same numbers as `of` the values `counts` counts."""
        return cls(counts.mean(), counts.sd(), counts.quantiles([q / 100 for q in QUANTILES]))

    def to_json(self) -> dict:
        return {"mean": self.mean, "sd": self.sd, **{f"p{q}": v for q, v in zip(QUANTILES, self.quantiles)}}


@attrs.frozen(slots=True)
class Share:
    """A share of games with its confidence interval."""

    value: float
    low: float
    high: float

    @classmethod
    def of(cls, successes: float, trials: int, confidence: float) -> "Share":
        return cls(successes / trials if trials else 0.0, *stats.wilson(successes, trials, confidence))


def win_credit(record: dict, seat: int) -> float:
    """The seat's part of this game's win: 1/k if it is one of k winners, else 0."""
    winners = record["winners"]
    return 1 / len(winners) if seat in winners else 0.0
