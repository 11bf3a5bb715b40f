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
costs a count and a flag test, not two sums over every seat. The flag names the seats whose
key may have changed, a bit each, where the score reads each seat's own zones and vars
(`cash[p] += 5` can change seat p's key alone): the meter keeps every seat's key and
measures again only those, then sums the kept keys in seat order, as a full measure would.

Each rule has a tally, `[fired, paid, moved, asked]`, and the game holds the innermost
running rule's in `Game.tally`: the operations add the pieces they move to it and
`Game.decide` the decisions it asks, with no call (outside any rule, and in a look-ahead,
`Game.tally` is a scratch list nobody reads). The generated code around a firing keeps the
tally of the rule around it in a local, so the meter needs no stack:

    meter = Meter(first, rules)     # first(g, p): seat p's first score key; rules: METERED
    g.meter = meter                 # compiled rules now count their firings in it
"""

from __future__ import annotations

from itertools import repeat

FIRED, PAID, MOVED, ASKED = range(4)
# A tally before anything is counted.
_NOTHING = (0, 0, 0, 0)


def scratch() -> list:
    """A tally that counts for no rule: the game's while no metered rule runs."""
    return list(_NOTHING)


def report_order(rules: tuple) -> tuple:
    """The indexes of `rules` in the order of their names, the order of a report's lines:
    worked out once for the many games of one set of rules (`Rules`), not at every game's end."""
    return tuple(sorted(range(len(rules)), key=rules.__getitem__))


class Meter:
    """One game's counts. Generated code keeps them (interpreter/compiling/compiler.py, `_metered`):
    around each firing, `settle` if the flag is set, the rule's tally in `Game.tally`, a count."""

    __slots__ = ("_first", "_keys", "_last", "rules", "tallies", "_order")

    def __init__(self, first, rules: tuple, order: tuple | None = None):
        """`first(g, p)`: seat p's first score key. `rules`: every rule the compiled code counts,
        in the order it numbers them (`METERED`); `order`: their `report_order`, if known."""
        self._first = first
        self._keys: list = []
        self._last = 0
        self.rules = rules
        self.tallies = list(map(list, repeat(_NOTHING, len(rules))))
        self._order = report_order(rules) if order is None else order

    def settle(self, g, tally: list) -> None:
        """Measure the score again, for the seats `g.score_changed` names, and credit its change
        to `tally`, the innermost rule running's."""
        changed = g.score_changed
        g.score_changed = 0
        first = self._first
        keys = self._keys
        if changed < 0:
            keys[:] = [first(g, p) for p in g.players]
        else:
            seats = g.n
            while changed:
                bit = changed & -changed
                changed ^= bit
                seat = bit.bit_length() - 1
                if seat < seats:
                    keys[seat] = first(g, seat)
        now = sum(keys)
        tally[PAID] += now - self._last
        self._last = now

    def now(self, g) -> list:
        """Every seat's first score key now, in seat order (the meter's own list: copy it to keep
        it). Seats whose key may have changed are measured again, and the change is credited to
        the innermost rule running, `g.tally`, as the next start or end of a rule would credit it."""
        if g.score_changed:
            self.settle(g, g.tally)
        return self._keys

    def to_json(self) -> dict:
        """The rules that fired, by name: how often, what they paid, moved and asked."""
        rules, tallies = self.rules, self.tallies
        return {rules[i]: {"fired": counts[FIRED], "paid": counts[PAID], "moved": counts[MOVED], "asked": counts[ASKED]}
                for i in self._order if (counts := tallies[i])[FIRED]}
