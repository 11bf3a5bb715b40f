"""Did a change to the rules change the game? Two runs, A and B, on the same seeds.

Game i of both runs uses the same seed, so the two games share their luck as far as the
rules let them, and each statistic that is a mean over games is tested on the per-seed
differences B - A with a two-sided paired t-test: pairing removes the luck both games share,
so a small change shows with fewer games than two independent runs would need.

Paid per firing is a ratio of two sums, not a mean over games, so it is reported without
a test. Each row is tested on its own: with many rows, about `level` of those that did not
change are flagged by chance.
"""

from __future__ import annotations

from typing import Callable, Sequence

import attrs

from . import stats
from .report import rule_counts, rule_names, win_credit

TEST = "paired t-test on per-seed differences B - A, two-sided"
DEFAULT_LEVEL = 0.05


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


@attrs.frozen(slots=True)
class SeatChange:
    seat: int
    win_share: Change
    mean_score: Change

    def to_json(self) -> dict:
        return {"seat": self.seat, "win_share": self.win_share.to_json(), "mean_score": self.mean_score.to_json()}


@attrs.frozen(slots=True)
class RuleChange:
    rule: str
    mean_fired: Change
    paid_per_game: Change
    paid_per_firing: Change

    def to_json(self) -> dict:
        return {"rule": self.rule, "mean_fired": self.mean_fired.to_json(),
                "paid_per_game": self.paid_per_game.to_json(), "paid_per_firing": self.paid_per_firing.to_json()}


@attrs.frozen(slots=True)
class Comparison:
    games: int
    players: int
    level: float
    seats: tuple[SeatChange, ...]
    turns: Change
    rules: tuple[RuleChange, ...]

    def changes(self) -> list[Change]:
        """Every tested row, to count what changed."""
        rows = [c for s in self.seats for c in (s.win_share, s.mean_score)] + [self.turns]
        rows += [c for r in self.rules for c in (r.mean_fired, r.paid_per_game)]
        return rows

    def to_json(self) -> dict:
        return {"games": self.games, "players": self.players, "test": TEST, "level": self.level,
                "significant": sum(1 for c in self.changes() if c.significant),
                "tested": sum(1 for c in self.changes() if c.p is not None),
                "seats": [s.to_json() for s in self.seats], "turns": self.turns.to_json(),
                "rules": [r.to_json() for r in self.rules]}


def build(records_a: Sequence[dict], records_b: Sequence[dict], level: float = DEFAULT_LEVEL) -> Comparison:
    """Compare two runs game by game; they must have been played on the same seeds."""
    if [r["seed"] for r in records_a] != [r["seed"] for r in records_b]:
        raise ValueError("A and B were not played on the same seeds in the same order")
    players = len(records_a[0]["scores"]) if records_a else 0
    if records_b and len(records_b[0]["scores"]) != players:
        raise ValueError("A and B have different numbers of seats")
    pairs = list(zip(records_a, records_b))

    def change(per_game: Callable[[dict], float]) -> Change:
        return paired([per_game(a) for a, _ in pairs], [per_game(b) for _, b in pairs], level)

    seats = tuple(SeatChange(seat, change(lambda r, s=seat: win_credit(r, s)), change(lambda r, s=seat: r["scores"][s]))
                  for seat in range(players))
    rules = tuple(RuleChange(name, change(lambda r, m=name: rule_counts(r, m)[0]),
                             change(lambda r, m=name: rule_counts(r, m)[1]),
                             _per_firing(records_a, records_b, name))
                  for name in rule_names(list(records_a) + list(records_b)))
    return Comparison(len(pairs), players, level, seats, change(lambda r: r["turns"]), rules)


def paired(a: Sequence[float], b: Sequence[float], level: float = DEFAULT_LEVEL) -> Change:
    """Means of A and B, their difference, and the paired test of it."""
    mean_a, mean_b = stats.mean(a), stats.mean(b)
    p = stats.paired_t([y - x for x, y in zip(a, b)])
    return Change(mean_a, mean_b, mean_b - mean_a, p, None if p is None else p < level)


def _per_firing(records_a: Sequence[dict], records_b: Sequence[dict], name: str) -> Change:
    def ratio(records):
        counts = [rule_counts(r, name) for r in records]
        fired = sum(f for f, _ in counts)
        return sum(p for _, p in counts) / fired if fired else None

    a, b = ratio(records_a), ratio(records_b)
    return Change(a, b, None if a is None or b is None else b - a, None, None)
