"""Chance read again: common random numbers, and the chance a turn drew.

In a dice game the luck of the next rolls dwarfs the difference between two placements, so a
bot that tries each option with fresh chance mostly measures the chance. A `Luck` draws once
and hands every option a reader of the same draws (agents.best_by_lookahead).

A `Tape` is the game's own stream while a kept turn runs: what it draws is the stream's, and
kept, so that a rollout can run the turn again from its start with the chance it drew
(rollout.py).
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

    def getstate(self) -> "Luck":
        """Where this reader stands, as a reader of the same draws from there (what a checkpoint
        keeps of a game's stream: a what-if game may draw from a reader, rollout.py)."""
        reader = self.again()
        reader._next = self._next
        return reader

    def setstate(self, state: "Luck") -> None:
        self._next = state._next

    def drawn(self) -> int:
        """How many draws this reader has read (none: what it answered owed nothing to chance)."""
        return self._next

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


class Tape:
    """A game's random stream while a kept turn runs (checkpoint.Frames.run_turn): each draw and
    shuffle is the stream's own, as the game would have made them, and kept (`replay`). Cheaper
    than keeping the stream's state at each turn's start: a Mersenne Twister's state is 625
    numbers, some 20 microseconds to copy, where a turn draws a handful."""

    __slots__ = ("source", "draws")

    def __init__(self, source):
        self.source = source
        self.draws: list = []

    def random(self) -> float:
        drawn = self.source.random()
        self.draws.append(drawn)
        return drawn

    def shuffle(self, items: list) -> None:
        """The stream's shuffle, kept as the order it put the items in."""
        order = list(range(len(items)))
        self.source.shuffle(order)
        self.draws.append(order)
        items[:] = [items[k] for k in order]

    def getstate(self):
        """The stream's state (what the checkpoint of a rule that asks a `choose` keeps)."""
        return self.source.getstate()

    def replay(self, then) -> "Replayed":
        """A stream that gives the draws kept so far again, in order, then `then`'s."""
        return Replayed(self.draws[:], then)


class Replayed:
    """The draws of a `Tape` given again, then those of another stream."""

    __slots__ = ("_draws", "_next", "_then")

    def __init__(self, draws: list, then):
        self._draws = draws
        self._next = 0
        self._then = then

    def random(self) -> float:
        index = self._next
        if index < len(self._draws) and type(self._draws[index]) is float:
            self._next = index + 1
            return self._draws[index]
        self._next = len(self._draws)
        return self._then.random()

    def shuffle(self, items: list) -> None:
        index = self._next
        if index < len(self._draws) and type(self._draws[index]) is list and len(self._draws[index]) == len(items):
            self._next = index + 1
            items[:] = [items[k] for k in self._draws[index]]
            return
        self._next = len(self._draws)
        self._then.shuffle(items)

