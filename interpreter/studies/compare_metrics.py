"""The game metrics of two runs on the same seeds (`compare --metrics`): did a change to the rules
make the game more decisive, more dramatic, more a matter of luck?

A metric that is a mean over games is tested as every other row of a comparison is, on the
per-seed differences B - A (compare.py), over the games in which both sides have it: the
leader after round k in the games that went on from round k on both sides, drama and margin
in the games won on both, the luck share where both seated `random` and better agents. The
metrics that are ratios of sums over the whole run (balance, lead changes per turn,
decisiveness, branching) are shown for A and B without a test, as the pay per firing of a rule
is (metrics.py computes them for each side).
"""

from __future__ import annotations

import attrs

from .metrics import MetricsTally, leader_credit, luck_credit
from .paired import Change, PairedRow
from .summaries import win_credit


def _untested(a: float | None, b: float | None) -> Change:
    return Change(a, b, None if a is None or b is None else b - a, None, None)


@attrs.frozen(slots=True)
class RoundChange:
    """The share of games whose leader after round `round` won, in A and B, over the `games` that
    went on from that round on both sides."""

    round: int
    games: int
    change: Change

    def to_json(self) -> dict:
        return {"round": self.round, "games": self.games, **self.change.to_json()}


@attrs.frozen(slots=True)
class MetricsChange:
    """Each game metric in A and B (metrics.Metrics has their meanings)."""

    first_seat: Change
    balance: Change
    lead_changes: Change
    lead_changes_per_turn: Change
    leader_wins: tuple[RoundChange, ...]
    comebacks: Change
    drama: Change
    margin: Change
    decisiveness: Change
    branching: Change
    decision_factor: Change
    decisions: Change
    choices: Change
    luck: Change | None

    def tested(self) -> list[Change]:
        """The rows with a test, to count what changed."""
        rows = [self.first_seat, self.lead_changes, *(r.change for r in self.leader_wins), self.comebacks, self.drama, self.margin,
                self.decisions, self.choices]
        return rows + ([self.luck] if self.luck is not None else [])

    def to_json(self) -> dict:
        return {"first_seat": self.first_seat.to_json(), "balance": self.balance.to_json(),
                "lead_changes": self.lead_changes.to_json(),
                "lead_changes_per_turn": self.lead_changes_per_turn.to_json(),
                "leader_wins": [r.to_json() for r in self.leader_wins],
                "comebacks": self.comebacks.to_json(), "drama": self.drama.to_json(), "margin": self.margin.to_json(),
                "decisiveness": self.decisiveness.to_json(), "branching": self.branching.to_json(),
                "decision_factor": self.decision_factor.to_json(), "decisions": self.decisions.to_json(),
                "choices": self.choices.to_json(), "luck": self.luck.to_json() if self.luck is not None else None}


@attrs.define(slots=True)
class MetricsRows:
    """The game metrics of A and B kept running, game i of each added together. Mutable, as an
    accumulator is: one per comparison."""

    sides: tuple = attrs.field(factory=lambda: (MetricsTally(), MetricsTally()))
    first_seat: PairedRow = attrs.field(factory=PairedRow)
    lead_changes: PairedRow = attrs.field(factory=PairedRow)
    rounds: list = attrs.field(factory=list)
    comebacks: PairedRow = attrs.field(factory=PairedRow)
    drama: PairedRow = attrs.field(factory=PairedRow)
    margin: PairedRow = attrs.field(factory=PairedRow)
    decisions: PairedRow = attrs.field(factory=PairedRow)
    choices: PairedRow = attrs.field(factory=PairedRow)
    luck: PairedRow = attrs.field(factory=PairedRow)

    def add(self, a: dict, b: dict) -> None:
        self.sides[0].add(a)
        self.sides[1].add(b)
        course_a, course_b = a["metrics"], b["metrics"]
        if course_a["first"] is not None and course_b["first"] is not None:
            self.first_seat.add(win_credit(a, course_a["first"]), win_credit(b, course_b["first"]))
        self.lead_changes.add(course_a["lead_changes"], course_b["lead_changes"])
        for k, (leading_a, leading_b) in enumerate(zip(course_a["leaders"], course_b["leaders"])):
            if k == len(self.rounds):
                self.rounds.append(PairedRow())
            self.rounds[k].add(leader_credit(a, leading_a), leader_credit(b, leading_b))
        if course_a["drama"] is not None and course_b["drama"] is not None:
            self.comebacks.add(1 if course_a["drama"] > 0 else 0, 1 if course_b["drama"] > 0 else 0)
            self.drama.add(course_a["drama"], course_b["drama"])
            self.margin.add(course_a["margin"], course_b["margin"])
        self.decisions.add(a["decisions"], b["decisions"])
        self.choices.add(course_a["choices"], course_b["choices"])
        luck_a, luck_b = luck_credit(a), luck_credit(b)
        if luck_a is not None and luck_b is not None:
            self.luck.add(luck_a, luck_b)

    def change(self, level: float) -> MetricsChange:
        a, b = (side.report() for side in self.sides)
        return MetricsChange(
            self.first_seat.change(level), _untested(a.balance, b.balance), self.lead_changes.change(level),
            _untested(a.lead_changes_per_turn, b.lead_changes_per_turn),
            tuple(RoundChange(k, row.differences.n, row.change(level)) for k, row in enumerate(self.rounds, 1)), self.comebacks.change(level), self.drama.change(level),
            self.margin.change(level), _untested(a.decisiveness, b.decisiveness), _untested(a.branching, b.branching),
            _untested(a.decision_factor, b.decision_factor), self.decisions.change(level), self.choices.change(level),
            self.luck.change(level) if self.luck.differences.n else None)
