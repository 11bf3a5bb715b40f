"""Did a change to the rules change the game? Two runs, A and B, on the same seeds.

Game i of both runs uses the same seed, so the two games share their luck as far as the
rules let them, and each statistic that is a mean over games is tested on the per-seed
differences B - A with a two-sided paired t-test: pairing removes the luck both games share,
so a small change shows with fewer games than two independent runs would need.

Paid per firing is a ratio of two sums, not a mean over games, so it is reported without
a test. Each row is tested on its own: with many rows, about `level` of those that did not
change are flagged by chance. With `--metrics` the game metrics are compared too
(compare_metrics.py).
"""

from __future__ import annotations

from typing import Iterable

import attrs

from .compare_metrics import MetricsChange, MetricsRows
from .paired import Change, PairedRow
from .report import rule_counts, win_credit

TEST = "paired t-test on per-seed differences B - A, two-sided"
DEFAULT_LEVEL = 0.05


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
    # The game metrics of A and B, when both runs' records had them (`compare --metrics`).
    metrics: MetricsChange | None = None

    def changes(self) -> list[Change]:
        """Every tested row, to count what changed."""
        rows = [c for s in self.seats for c in (s.win_share, s.mean_score)] + [self.turns]
        rows += [c for r in self.rules for c in (r.mean_fired, r.paid_per_game)]
        return rows + (self.metrics.tested() if self.metrics is not None else [])

    def to_json(self) -> dict:
        data = {"games": self.games, "players": self.players, "test": TEST, "level": self.level,
                "significant": sum(1 for c in self.changes() if c.significant),
                "tested": sum(1 for c in self.changes() if c.p is not None),
                "seats": [s.to_json() for s in self.seats], "turns": self.turns.to_json(),
                "rules": [r.to_json() for r in self.rules]}
        if self.metrics is not None:
            data["metrics"] = self.metrics.to_json()
        return data


def build(records_a: Iterable[dict], records_b: Iterable[dict], level: float = DEFAULT_LEVEL) -> Comparison:
    """Compare two runs game by game; they must have been played on the same seeds."""
    records_a, records_b = list(records_a), list(records_b)
    if len(records_a) != len(records_b):
        raise ValueError("A and B were not played on the same seeds in the same order")
    tally = Tally()
    for a, b in zip(records_a, records_b):
        tally.add(a, b)
    return tally.comparison(level)


@attrs.define(slots=True)
class RuleRows:
    """A rule's rows, and the sums of each side for its pay per firing (added in game order)."""

    fired: PairedRow = attrs.field(factory=PairedRow)
    paid: PairedRow = attrs.field(factory=PairedRow)
    sums: list = attrs.field(factory=lambda: [0, 0, 0, 0])

    def add(self, a: tuple, b: tuple) -> None:
        self.fired.add(a[0], b[0])
        self.paid.add(a[1], b[1])
        self.sums[0] += a[0]
        self.sums[1] += a[1]
        self.sums[2] += b[0]
        self.sums[3] += b[1]

    def per_firing(self) -> Change:
        """Paid per firing is a ratio of two sums, not a mean over games: no test."""
        fired_a, paid_a, fired_b, paid_b = self.sums
        a = paid_a / fired_a if fired_a else None
        b = paid_b / fired_b if fired_b else None
        return Change(a, b, None if a is None or b is None else b - a, None, None)


@attrs.define(slots=True)
class Tally:
    """The comparison kept running: `add` game i of A and of B as they finish, `comparison()`
    when done; no record is kept. A rule first met in game k counted 0 in the k games
    before, as `report.rule_counts` reads a game it did not fire in. Mutable, as an
    accumulator is: one per comparison."""

    games: int = 0
    players: int | None = None
    seats: list = attrs.field(factory=list)
    turns: PairedRow = attrs.field(factory=PairedRow)
    rules: dict = attrs.field(factory=dict)
    metrics: MetricsRows | None = None

    def add(self, a: dict, b: dict) -> None:
        if a["seed"] != b["seed"]:
            raise ValueError("A and B were not played on the same seeds in the same order")
        if self.players is None:
            self.players = len(a["scores"])
            self.seats = [(PairedRow(), PairedRow()) for _ in range(self.players)]
        if len(b["scores"]) != self.players:
            raise ValueError("A and B have different numbers of seats")
        for seat, (wins, scores) in enumerate(self.seats):
            wins.add(win_credit(a, seat), win_credit(b, seat))
            scores.add(a["scores"][seat], b["scores"][seat])
        self.turns.add(a["turns"], b["turns"])
        for name in {**(a.get("rules") or {}), **(b.get("rules") or {})}:
            if name not in self.rules:
                rows = self.rules[name] = RuleRows()
                if self.games:
                    rows.fired.differences.add(0, self.games)
                    rows.paid.differences.add(0, self.games)
        for name, rows in self.rules.items():
            rows.add(rule_counts(a, name), rule_counts(b, name))
        if "metrics" in a and "metrics" in b:
            if self.metrics is None:
                self.metrics = MetricsRows()
            self.metrics.add(a, b)
        self.games += 1

    def comparison(self, level: float = DEFAULT_LEVEL) -> Comparison:
        seats = tuple(SeatChange(seat, wins.change(level), scores.change(level))
                      for seat, (wins, scores) in enumerate(self.seats))
        rules = tuple(RuleChange(name, rows.fired.change(level), rows.paid.change(level), rows.per_firing())
                      for name, rows in sorted(self.rules.items()))
        return Comparison(self.games, self.players or 0, level, seats, self.turns.change(level), rules,
                          self.metrics.change(level) if self.metrics is not None else None)
