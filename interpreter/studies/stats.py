"""The few statistics a simulation report needs, in plain Python.

The engine installs without numpy or scipy, so these are written out here: a mean and a
sample standard deviation, quantiles as numpy and R compute them by default, the Wilson
interval for a share (it stays inside [0, 1] and behaves at shares near 0 or 1, where the
textbook normal interval does not), and a two-sided paired t-test whose p-value comes from
the regularized incomplete beta function.
"""

from __future__ import annotations

import math
from statistics import NormalDist
from typing import Sequence


def mean(values: Sequence[float]) -> float:
    """Mean (0 for no values), summed exactly so the result does not depend on order."""
    return math.fsum(values) / len(values) if values else 0.0


def sd(values: Sequence[float]) -> float:
    """Sample standard deviation (divisor n - 1); 0 below two values."""
    if len(values) < 2:
        return 0.0
    centre = mean(values)
    return math.sqrt(math.fsum((v - centre) ** 2 for v in values) / (len(values) - 1))


def quantile(ordered: Sequence[float], q: float) -> float:
    """The q-quantile (0 <= q <= 1) of sorted values by linear interpolation between order
    statistics (Hyndman-Fan type 7, numpy's and R's default); 0 for no values."""
    if not ordered:
        return 0.0
    h = (len(ordered) - 1) * q
    low = math.floor(h)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (h - low) * (ordered[high] - ordered[low])


def z_for(confidence: float) -> float:
    """The standard normal quantile for a two-sided interval: 1.96 for 0.95."""
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: float, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of a share. `successes` may be fractional (a shared win counts
    1/k); no trials means nothing is known: (0, 1)."""
    if trials <= 0:
        return 0.0, 1.0
    z = z_for(confidence)
    share = min(1.0, max(0.0, successes / trials))
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    low = 0.0 if share == 0 else max(0.0, centre - half)
    high = 1.0 if share == 1 else min(1.0, centre + half)
    return low, high


def paired_t(differences: Sequence[float]) -> float | None:
    """Two-sided p-value of a paired t-test that the mean of `differences` is zero.

    None below two pairs (no test possible). All differences equal: p is 1 if they are
    zero and 0 otherwise, since there is no spread to weigh them against.
    """
    return paired_t_of(len(differences), mean(differences) if differences else 0.0, sd(differences))


def paired_t_of(n: int, centre: float, spread: float) -> float | None:
    """`paired_t` of n differences of that mean and sample standard deviation."""
    if n < 2:
        return None
    if spread == 0 or spread < 1e-12 * abs(centre):
        return 1.0 if centre == 0 else 0.0
    t = centre / (spread / math.sqrt(n))
    return t_two_sided(t, n - 1)


def t_two_sided(t: float, df: int) -> float:
    """P(|T| >= |t|) for Student's t with df degrees of freedom."""
    x = df / (df + t * t)
    return min(1.0, max(0.0, incomplete_beta(df / 2, 0.5, x)))


def incomplete_beta(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta I_x(a, b), by Lentz's continued fraction."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x > (a + 1) / (a + b + 2):
        return 1.0 - incomplete_beta(b, a, 1.0 - x)
    return math.exp(log_front) * _beta_fraction(a, b, x) / a


def _beta_fraction(a: float, b: float, x: float) -> float:
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 500):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return result
