"""`rulesrun tune`: the value of a parameter that brings a metric to a target, found by a
noisy bisection with sequential tests, and the interval it lies in.

    tune --param track[0] --range 0..60000 --target paid_per_game:bonus=paid_per_game:refund

The search assumes the metric moves one way as the parameter grows (more pay, more pay-out;
a longer goal, longer games). It plays the two ends of the range, then the middle of the
widest stretch still open, and keeps what each point's games decide: the mean gap to the
target there is above 0 or below it. A point plays in looks of 50, 100, 200, ... games
(`Search.first`) and stops at the first look whose interval of the mean gap leaves out 0, so
a point far from the answer costs few games and one near it many, up to `most` games, after
which it stays undecided and the stretches beside it are halved instead. The answer's interval
runs from the last point decided below the target to the first decided above it.

Why bisection on a sign rather than stochastic approximation (Robbins-Monro): each step is a
test a designer can read ("at 30000 the bonus pays 8,000 less than the refund, at 45000 ...")
and the interval comes out of the tests themselves, with no step sizes to tune. Why the
interval holds: look j tests at level alpha * 6 / (pi^2 j^2), and these add up to at most
alpha over the whole search (a union bound, so no test needs to be independent of another),
so with probability 1 - alpha every decision taken is right, and the root lies between the
points decided on either side of it, if the metric is monotone. Every point plays game i on
seed SEED + i, as `sweep`'s cells do (common random numbers): the points differ by the
parameter, not by their luck, and the run is the same for a seed on every backend.
"""

from __future__ import annotations

import itertools
import math
from typing import Callable, Iterable, Iterator

import attrs

from .simulate import Plan, Workshop, unit_size
from .stats import z_for
from .streaming import Counts
from .tune_terms import Knob, Target, tune_error

Gaps = Callable[[float, int, int], Iterable[float]]
"""`gaps(value, start, stop)`: the target's gap in games start to stop - 1, the parameter at value."""


@attrs.frozen(slots=True)
class Probe:
    """A point of the search: the mean gap to the target over its `games`, the half-width of
    the interval of its last look, and what that look decided: +1 above the target, -1 below,
    0 undecided."""

    value: float
    games: int
    mean: float
    half: float
    side: int

    def to_json(self) -> dict:
        return {"value": self.value, "games": self.games, "mean_gap": self.mean,
                "interval": [self.mean - self.half, self.mean + self.half] if math.isfinite(self.half) else None,
                "side": {1: "above", -1: "below", 0: "undecided"}[self.side]}


@attrs.frozen(slots=True)
class Outcome:
    """The answer: `value`, its interval [low, high] at `confidence`, the games played, why the
    search stopped (`width`: the interval is as narrow as asked; `budget`: the games are spent;
    `resolution`: whole numbers leave nothing between), and its probes in the order played."""

    value: float
    low: float
    high: float
    games: int
    confidence: float
    stopped: str
    increasing: bool
    probes: tuple[Probe, ...]

    def to_json(self) -> dict:
        return {"value": self.value, "interval": [self.low, self.high], "confidence": self.confidence,
                "games": self.games, "stopped": self.stopped, "increasing": self.increasing,
                "probes": [p.to_json() for p in self.probes]}


@attrs.frozen(slots=True)
class Search:
    """What the search is given: the range, the interval's width it may stop at, the games it
    may spend in all, its confidence, whether the parameter takes whole numbers, the games of a
    point's first look, and the share of the games one point may spend at most (1/`share`)."""

    low: float
    high: float
    width: float
    games: int
    confidence: float = 0.95
    whole: bool = False
    first: int = 50
    share: int = 8

    @property
    def most(self) -> int:
        return max(self.first, self.games // self.share)

    def level(self, look: int) -> float:
        """The confidence of look `look` (1, 2, ...): the levels alpha * 6 / (pi^2 j^2) sum to alpha."""
        return 1 - (1 - self.confidence) * 6 / (math.pi ** 2 * look * look)


def search(plan: Search, gaps: Gaps, seen: Callable[[Probe], None] | None = None) -> Outcome:
    """Find where the mean of `gaps` crosses 0 in [plan.low, plan.high], handing each point to
    `seen` as it is played; a RulesError when the range's ends are decided on one side of the
    target, or the decisions contradict each other (a metric that does not move one way)."""
    probes: list[Probe] = []
    looks = itertools.count(1)

    def play(value: float) -> None:
        probes.append(_probe(plan, gaps, value, _spent(probes), looks))
        if seen:
            seen(probes[-1])

    for end in (plan.low, plan.high):
        play(end)
    increasing = probes[1].mean >= probes[0].mean
    if probes[0].side and probes[0].side == probes[1].side:
        where = "above" if probes[0].side > 0 else "below"
        raise tune_error(f"the metric is {where} the target at both ends of the range "
                         f"(mean gap {probes[0].mean:+.4g} at {probes[0].value}, "
                         f"{probes[1].mean:+.4g} at {probes[1].value})",
                         "widen --range, or check the target")
    while True:
        low, high = _bracket(plan, probes, increasing)
        if high - low <= plan.width:
            stopped = "width"
            break
        if plan.games - _spent(probes) < plan.first:
            stopped = "budget"
            break
        middle = _next_point(plan, probes, low, high)
        if middle is None:
            stopped = "resolution"
            break
        play(middle)
    return Outcome(_estimate(plan, probes, low, high), low, high, _spent(probes), plan.confidence, stopped,
                   increasing, tuple(probes))


def _spent(probes: list[Probe]) -> int:
    return sum(p.games for p in probes)


def _probe(plan: Search, gaps: Gaps, value: float, spent: int, looks: Iterator[int]) -> Probe:
    """Play `value` in looks of first, 2 first, ... games until a look decides its side or it
    has played its most (or what is left of the budget)."""
    counts = Counts()
    most = max(1, min(plan.most, plan.games - spent))
    played, stop = 0, min(plan.first, most)
    while True:
        for gap in gaps(value, played, stop):
            counts.add(gap)
        played = stop
        mean = counts.mean()
        half = z_for(plan.level(next(looks))) * counts.sd() / math.sqrt(played) if played > 1 else math.inf
        side = 0 if abs(mean) <= half else (1 if mean > 0 else -1)
        if side or played >= most:
            return Probe(value, played, mean, half, side)
        stop = min(2 * played, most)


def _bracket(plan: Search, probes: list[Probe], increasing: bool) -> tuple[float, float]:
    """The last point decided short of the target and the first decided past it."""
    short = [p.value for p in probes if p.side and (p.side < 0) == increasing]
    past = [p.value for p in probes if p.side and (p.side > 0) == increasing]
    low, high = max(short, default=plan.low), min(past, default=plan.high)
    if low > high:
        raise tune_error(f"the metric does not move one way: it is short of the target at {low} and past it at {high}",
                         "tune over a narrower --range, where the metric only grows or only falls")
    return low, high


def _next_point(plan: Search, probes: list[Probe], low: float, high: float) -> float | None:
    """The middle of the widest stretch between the bracket's ends and the undecided points in
    it; None when whole numbers leave no point between."""
    points = [low] + sorted(p.value for p in probes if not p.side and low < p.value < high) + [high]
    stretches = sorted(((b - a, a, b) for a, b in zip(points, points[1:])), reverse=True)
    for _, a, b in stretches:
        middle = round((a + b) / 2) if plan.whole else (a + b) / 2
        if a < middle < b:
            return middle
    return None


def _estimate(plan: Search, probes: list[Probe], low: float, high: float) -> float:
    """Where the mean gap crosses 0, interpolated between the two neighbouring points it
    changes sign between, inside the interval; else the point whose mean gap is nearest 0."""
    inside = sorted((p for p in probes if low <= p.value <= high), key=lambda p: p.value)
    guess = min(inside, key=lambda p: abs(p.mean)).value
    for a, b in zip(inside, inside[1:]):
        if min(a.mean, b.mean) <= 0 <= max(a.mean, b.mean) and a.mean != b.mean:
            guess = a.value + a.mean * (b.value - a.value) / (a.mean - b.mean)
            break
    guess = min(high, max(low, guess))
    return round(guess) if plan.whole else guess


def played_gaps(plan: Plan, tuned: Knob, target: Target, mapper, jobs: int,
                workshop: Workshop | None = None) -> Gaps:
    """The `gaps` of a plan played on a backend (`mapper`: its ordered map, `backends.py`):
    the plan with the tuned parameter set, its rules compiled here first (the form its games
    run too), so that a mistake shows before play and forked workers inherit them; a mistake
    met in play is a `GameFailed`."""
    workshop = workshop or Workshop()
    plan = attrs.evolve(plan, metrics=plan.metrics or target.needs_course)

    def gaps(value: float, start: int, stop: int) -> Iterator[float]:
        point = attrs.evolve(plan, params={**plan.params, tuned.name: tuned.setting(value)}, games=stop)
        workshop.prepare(point).ready(point)
        size = unit_size(stop - start, jobs)
        units = ((point, first, min(first + size, stop)) for first in range(start, stop, size))
        for batch in mapper(workshop.play_games, units):
            for record in batch:
                yield target.gap(record)

    return gaps

