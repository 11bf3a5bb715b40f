"""One statistic of two runs, A and B, played on the same seeds: kept running game by game
(`PairedRow`), and as the comparison shows it (`Change`): the means of A and B, B - A, and a
two-sided paired t-test on the per-seed differences (interpreter/studies/compare.py).
"""

from __future__ import annotations

import attrs

from . import stats
from .streaming import Counts, ExactSum


@attrs.frozen(slots=True)
class Change:
    """One statistic in A and B. `p` and `significant` are None where no test applies."""

    a: float | None
    b: float | None
    difference: float | None
    p: float | None
    significant: bool | None

    def to_json(self) -> dict:
        return {"a": self.a, "b": self.b, "difference": self.difference, "p": self.p,
                "significant": self.significant}


@attrs.define(slots=True)
class PairedRow:
    """One statistic of A and B kept running: exact sums of each side, and the counts of the
    per-seed differences B - A, from which the paired test gets its mean and spread exactly
    as from the list of them (`streaming.py`)."""

    a: ExactSum = attrs.field(factory=ExactSum)
    b: ExactSum = attrs.field(factory=ExactSum)
    differences: Counts = attrs.field(factory=Counts)

    def add(self, x, y) -> None:
        self.a.add(x)
        self.b.add(y)
        self.differences.add(y - x)

    def change(self, level: float) -> Change:
        """Means of A and B, their difference, and the paired test of it."""
        n = self.differences.n
        mean_a, mean_b = (self.a.value() / n, self.b.value() / n) if n else (0.0, 0.0)
        p = stats.paired_t_of(n, self.differences.mean(), self.differences.sd())
        return Change(mean_a, mean_b, mean_b - mean_a, p, None if p is None else p < level)
