"""How often each rule fires in a game and what it pays: the per-rule lines of a report.

A rule is a move (`move place`), or a handler or hook named by its file and what it reacts
to (`bonus: on placed`, `bonus: after scoring`), so a board written as one file shows up
under that file's name. What a rule pays is the change of the seats' first score keys
while it runs, less what the rules it sets off pay themselves: a board's payout is counted
for the board, not again for the placement that activated it.

    meter = Meter(measure)          # measure(g): the seats' first score keys, summed
    g.meter = meter                 # compiled rules now call meter.run(rule, function, g, ...)
"""

from __future__ import annotations


class Meter:
    __slots__ = ("measure", "fired", "paid", "_nested")

    def __init__(self, measure):
        self.measure = measure
        self.fired: dict[str, int] = {}
        self.paid: dict[str, float] = {}
        self._nested: list[float] = []

    def run(self, rule: str, function, g, *args):
        before = self.measure(g)
        self._nested.append(0)
        try:
            result = function(g, *args)
        finally:
            nested = self._nested.pop()
        self._count(rule, self.measure(g) - before, nested)
        return result

    def run_asking(self, rule: str, function, g, *args):
        """`run` for a rule that can ask (a generator): it pauses where the rule does."""
        before = self.measure(g)
        self._nested.append(0)
        try:
            result = yield from function(g, *args)
        finally:
            nested = self._nested.pop()
        self._count(rule, self.measure(g) - before, nested)
        return result

    def _count(self, rule: str, change, nested) -> None:
        """One firing of `rule` that changed the score total by `change`, `nested` of it paid by rules it set off."""
        self.fired[rule] = self.fired.get(rule, 0) + 1
        self.paid[rule] = self.paid.get(rule, 0) + change - nested
        if self._nested:
            self._nested[-1] += change

    def to_json(self) -> dict:
        return {rule: {"fired": count, "paid": self.paid[rule]} for rule, count in sorted(self.fired.items())}
