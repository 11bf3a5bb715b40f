"""Chance as a node: every draw of a game, shown to a driver that asks for it.

By default a game draws its chance from its seed (`runtime.Game.rng`), inside the operations.
A driver that plans over chance (OpenSpiel's chance nodes, expectimax, exact odds) starts the
game with `chance="explicit"`: then each draw stops the game at a `Chance` node, one die at a
time, one step of a shuffle at a time, that the driver answers with `game.resolve(i)`.

    game = rules.start(players=2, seed=7, chance="explicit")
    while not game.over:
        if game.chance is not None:
            c = game.chance               # .what, .outcomes, .probabilities, .seeded
            game.resolve(c.seeded)        # the seed's outcome: the same game as `chance="seeded"`
        else:
            game.play(0)

Every draw still takes its number from the seed's stream, as the seeded game does, so that
`Chance.seeded` names the outcome the seed would give: resolving every node with it plays the
seeded game, event for event (plus a `"t": "chance"` event per node). A draw can come in the
middle of a Python expression, where a generator cannot pause, so the rules of such a game run
in a greenlet (a stackful coroutine) that a draw switches away from and `resolve` switches back
to (interpreter/running/driven.py).
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from .runtime import ScriptMismatch


@attrs.frozen(slots=True)
class Chance:
    """A draw the driver answers: `outcomes` (what each answer gives, as the transcript shows it)
    with their `probabilities` (exact fractions, but for `chance(p)`: p as the rules gave it), and `seeded`, the index the game's seed would draw.
    `what`: "roll" (one die: its outcomes are its faces), "shuffle" (one step of a Fisher-Yates
    shuffle: the place the item at `of - 1` trades with), "chance" (false, true) or "random_int"."""

    what: str
    outcomes: tuple
    probabilities: tuple
    seeded: int
    of: int = 0


def _uniform(what: str, labels: tuple, seeded: int, of: int = 0) -> Chance:
    share = Fraction(1, len(labels))
    return Chance(what, labels, (share,) * len(labels), seeded, of)


def _die(outcomes: tuple) -> tuple[list, tuple]:
    """A die's nodes, one per side the seed may draw: faces that come up on several sides are one
    outcome, their chances added; and, per outcome, the first side that shows it."""
    labels, counts, first = [], [], []
    for index, (face, _) in enumerate(outcomes):
        if face in labels:
            counts[labels.index(face)] += 1
        else:
            labels.append(face)
            counts.append(1)
            first.append(index)
    shares = tuple(Fraction(c, len(outcomes)) for c in counts)
    return [Chance("roll", tuple(labels), shares, labels.index(face)) for face, _ in outcomes], tuple(first)


class Explicit:
    """The outcomes given so far for a game with explicit chance, in the order drawn; a draw
    beyond them stops the game at its node. Kept by the game's state (`Game.explicit`)."""

    __slots__ = ("script", "given", "at", "pause", "dice")

    def __init__(self, outcomes: list, pause=None):
        """`pause(node)`: the outcome of a draw beyond `outcomes`, from the driver (the rules wait
        in it); None takes the seed's outcome, as a what-if game's replay does
        (interpreter/lookahead/search.py)."""
        self.script = outcomes[::-1]
        self.pause = pause
        # Per die's outcomes (a kind's), its nodes and first sides (`_die`), made once a game.
        self.dice: dict = {}
        # The outcomes used so far, in order: what a replay gives back; and for each, how many
        # decisions had been answered before it (how the two interleave, for `undo`).
        self.given: list[int] = []
        self.at: list[int] = []

    def _outcome(self, g, node: Chance) -> int:
        if self.script:
            index = self.script.pop()
        elif self.pause is not None:
            index = self.pause(node)
        else:
            index = node.seeded
        if not (type(index) is int and 0 <= index < len(node.outcomes)):
            raise ScriptMismatch(index, len(node.outcomes))
        self.given.append(index)
        self.at.append(len(g.history))
        if g.log is not None:
            g.log.append({"t": "chance", "what": node.what, "outcome": index})
        return index

    def roll(self, g, pieces) -> None:
        """A face for each piece, one node per die, in order."""
        random, dice = g.random, self.dice
        for piece in pieces:
            outcomes = piece.outcomes
            known = dice.get(outcomes)
            if known is None:
                known = dice[outcomes] = _die(outcomes)
            nodes, first = known
            piece.face, piece.value = outcomes[first[self._outcome(g, nodes[int(random() * piece.sides)])]]

    def chance(self, g, probability) -> bool:
        node = Chance("chance", (False, True), (1 - probability, probability), int(g.random() < probability))
        return bool(self._outcome(g, node))

    def random_int(self, g, low: int, high: int) -> int:
        labels = tuple(range(low, high + 1))
        return labels[self._outcome(g, _uniform("random_int", labels, int(g.random() * len(labels))))]

    def shuffle(self, g, items: list) -> None:
        """Fisher-Yates as `random.shuffle` does it (the same draws of the seed's stream, so the
        seeded outcome of each step is the seeded game's): from the last place down, the item
        there trades places with one of those up to it."""
        below = g.rng._randbelow
        for place in reversed(range(1, len(items))):
            labels = tuple(range(place + 1))
            other = self._outcome(g, _uniform("shuffle", labels, below(place + 1), place + 1))
            items[place], items[other] = items[other], items[place]
