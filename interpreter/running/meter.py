"""How often each rule fires in a game and what it pays: the per-rule lines of a report.

A rule is a move (`move place`), or a handler or hook named by its file and what it reacts
to (`bonus: on placed`, `bonus: after scoring`), so a board written as one file shows up
under that file's name. What a rule pays is the change of the seats' first score keys
while it runs, less what the rules it sets off pay themselves: a board's payout is counted
for the board, not again for the placement that activated it.

That is the same as crediting every change of the score to the innermost rule running when
it happened, which is how the meter counts: at each start and end of a rule, if what the
score reads may have changed since the last measure (`Game.score_changed`, set by the
operations and assignments: interpreter/compiling/scored.py), it measures again and credits
the difference to the rule running until then. A rule that changes nothing the score reads
costs a count and a flag test, not two sums over every seat.

    meter = Meter(measure)          # measure(g): the seats' first score keys, summed
    g.meter = meter                 # compiled rules now count their firings in it
"""

from __future__ import annotations


class Meter:
    """One game's counts. Generated code keeps them (interpreter/compiling/compiler.py, `_metered`):
    around each firing, `settle` if the flag is set, the rule on `running`, a count in `fired`."""

    __slots__ = ("_measure", "_last", "running", "fired", "paid", "moved", "asked")

    def __init__(self, measure):
        self._measure = measure
        self._last = 0
        self.running: list[str] = []
        self.fired: dict[str, int] = {}
        self.paid: dict[str, float] = {}
        self.moved: dict[str, int] = {}
        self.asked: dict[str, int] = {}

    def moving(self, count: int) -> None:
        """The rule running moves `count` pieces (the operations tell)."""
        if self.running:
            rule = self.running[-1]
            self.moved[rule] = self.moved.get(rule, 0) + count

    def asking(self) -> None:
        """The rule running asks a decision of more than one option (the game tells)."""
        if self.running:
            rule = self.running[-1]
            self.asked[rule] = self.asked.get(rule, 0) + 1

    def settle(self, g) -> None:
        """Measure the score again and credit its change to the innermost rule running."""
        g.score_changed = False
        now = self._measure(g)
        if self.running:
            rule = self.running[-1]
            self.paid[rule] = self.paid.get(rule, 0) + (now - self._last)
        self._last = now

    def to_json(self) -> dict:
        return {rule: {"fired": count, "paid": self.paid.get(rule, 0), "moved": self.moved.get(rule, 0),
                       "asked": self.asked.get(rule, 0)} for rule, count in sorted(self.fired.items())}
