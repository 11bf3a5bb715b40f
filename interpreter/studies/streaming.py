"""Statistics kept while games stream past, so a run of any length holds no list of games.

A report must read the same whether it is built from a saved list of records or while a
million games stream through `simulate` (README.md promises its fields, and seeded reports
are compared byte for byte). So nothing here is an approximation:

- `Counts` keeps how often each distinct value occurred. Quantiles need the order statistics,
  and a sketch (t-digest, P²) would only estimate them; counts give them exactly, and the
  mean and standard deviation come out bit for bit as `stats.mean`/`stats.sd` compute them
  from the whole list, because those are correctly rounded sums (`math.fsum`) and the sum of
  c equal terms is the same exact number whether added one by one or multiplied by c.
  Memory grows with the number of distinct values (a score range, a few hundred game
  lengths), not with the number of games.
- `ExactSum` is `math.fsum` kept running: whole numbers summed exactly as Python ints, the
  rest as an exact fraction, rounded once at the end, so it equals `fsum` of every value.

Both are accumulators, and so mutable: one belongs to one run.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import attrs

# Below this size a whole number is a float exactly, so `fsum` adds it without rounding.
EXACT_INT = 2 ** 53


@attrs.define(slots=True)
class ExactSum:
    """`math.fsum` of every value added, without keeping the values."""

    whole: int = 0
    rest: Fraction = Fraction(0)

    def add(self, value) -> None:
        if type(value) is int and -EXACT_INT <= value <= EXACT_INT:
            self.whole += value
        elif type(value) is float and value.is_integer() and -EXACT_INT <= value <= EXACT_INT:
            # A whole win, 1.0: exactly a whole number, without the cost of a fraction.
            self.whole += int(value)
        elif value:
            self.rest += Fraction(float(value))

    def value(self) -> float:
        return float(self.whole + self.rest) if self.rest else float(self.whole)


@attrs.define(slots=True)
class Counts:
    """How often each distinct value occurred; `n` values in all."""

    seen: Counter = attrs.field(factory=Counter)
    n: int = 0

    def add(self, value, times: int = 1) -> None:
        self.seen[value] += times
        self.n += times

    def values(self) -> list:
        """Every value, in order (for a test or a short list)."""
        return sorted(self.seen.elements())

    def mean(self) -> float:
        """As `stats.mean` of the values: 0 for none."""
        if not self.n:
            return 0.0
        return _rounded(Fraction(float(v)) * c for v, c in self.seen.items()) / self.n

    def sd(self) -> float:
        """As `stats.sd` of the values: each squared deviation rounded as there, their sum exact."""
        if self.n < 2:
            return 0.0
        centre = self.mean()
        return math.sqrt(_rounded(Fraction(float((v - centre) ** 2)) * c for v, c in self.seen.items()) / (self.n - 1))

    def quantiles(self, qs) -> tuple[float, ...]:
        """As `stats.quantile` of the sorted values, for each q in `qs` (0 <= q <= 1)."""
        if not self.n:
            return tuple(0.0 for _ in qs)
        ordered = sorted(self.seen.items())
        return tuple(self._interpolated(ordered, q) for q in qs)

    def _interpolated(self, ordered: list, q: float) -> float:
        h = (self.n - 1) * q
        low = math.floor(h)
        high = min(low + 1, self.n - 1)
        at_low, at_high = _order_statistic(ordered, low), _order_statistic(ordered, high)
        return at_low + (h - low) * (at_high - at_low)


def _order_statistic(ordered: list, index: int):
    """The value at `index` (from 0) of the sorted values that `ordered` (value, count) counts."""
    for value, count in ordered:
        if index < count:
            return value
        index -= count
    raise IndexError(index)


def _rounded(terms) -> float:
    """An exact sum of fractions, rounded once to the nearest float (ties to even), as fsum rounds."""
    return float(sum(terms, Fraction(0)))
