"""Common random numbers: every option of a decision meets the same luck.

In a dice game the luck of the next rolls dwarfs the difference between two placements, so a
bot that tries each option with fresh chance mostly measures the chance. A `Luck` draws once
and hands every option a reader of the same draws (agents.best_by_lookahead).
"""

from __future__ import annotations


_new_luck = object.__new__


class Luck:
    """The same chance for every option of a decision (common random numbers), cheap to start
    again: draws are made once, from `source` (a stream's `random`), and every reader that
    `again()` hands out reads them from the first. A reader offers what games and look-aheads
    draw with (`random`, `shuffle`, `getrandbits`), so it serves wherever a `random.Random`
    would. A shuffle at the same point of the draws is the same for every reader, so it is
    worked out once (a hidden deck reshuffled in every option's look-ahead, say)."""

    __slots__ = ("_draws", "_source", "_orders", "_next")

    def __init__(self, source):
        self._draws: list[float] = []
        self._source = source
        self._orders: dict[tuple[int, int], list[int]] = {}
        self._next = 0

    def again(self) -> "Luck":
        """A reader of the same draws, from the first."""
        reader = _new_luck(Luck)
        reader._draws, reader._source, reader._orders, reader._next = self._draws, self._source, self._orders, 0
        return reader

    def random(self) -> float:
        index = self._next
        self._next = index + 1
        draws = self._draws
        if index == len(draws):
            draws.append(self._source())
        return draws[index]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates on the next len(items) - 1 draws."""
        count = len(items)
        if count < 2:
            return
        key = (self._next, count)
        order = self._orders.get(key)
        if order is None:
            order = list(range(count))
            for i in range(count - 1, 0, -1):
                j = int(self.random() * (i + 1))
                order[i], order[j] = order[j], order[i]
            self._orders[key] = order
        else:
            self._next += count - 1
        items[:] = [items[k] for k in order]

    def getrandbits(self, bits: int) -> int:
        value = 0
        for shift in range(0, bits, 32):
            value |= int(self.random() * 4294967296) << shift
        return value & ((1 << bits) - 1)
