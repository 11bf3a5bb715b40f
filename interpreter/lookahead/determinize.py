"""Determinization: what a seat cannot see, drawn anew for its what-if games and look-aheads.

A search agent must not read what its seat cannot know: the order of a face-down deck, the
cards in another seat's hand, the faces under another cup. Every what-if game (search.py) and
every look-ahead that can read such a zone draws it anew first, consistent with what the seat
does see (how many pieces lie where, of which kind and owner); from the present on, chance is
the agent's own.
"""

from __future__ import annotations

import random

from ..running.runtime import Game
from ..running.values import next_stamp
from .checkpoint import changing, turning


def fresh_chance(game: Game, seat: int, rng, reach=None, shown: bool = False) -> None:
    """From now on chance is the agent's: its own stream, and what `seat` cannot see drawn
    anew from it (`redraw`, never through nodes); of that, only the zones named in `reach` if
    given (those the rest of a rollout can read, interpreter/compiling/reach.py). `shown`:
    later draws stay explicit nodes (OpenSpiel's resampled states)."""
    game.rng = rng
    game.random = rng.random
    explicit, game.explicit = game.explicit, None
    if reach is None or reach:
        shuffle = game.rules.namespace["shuffle"]
        unseen = game.rules.unseen_zones(game, seat)
        if unseen and reach is not None:
            ids = {id(zone) for zone in unseen}
            unseen = [zone for zone in game.rules.zones_named(game, reach) if id(zone) in ids]
        if unseen:
            redraw(game, unseen, lambda zone: shuffle(game, zone), rng)
    if shown:
        game.explicit = explicit


def redraw(g: Game, zones: list, arrange, rng) -> None:
    """Draw anew what lies in `zones`, the zones a seat cannot see, consistent with what it
    does see (a determinization):

    - each zone in an order of its own: `arrange(zone)`;
    - the pieces of one kind and owner trade places among the zones at random, each zone
      keeping how many it holds: which card of the deck lies in another seat's hand is
      unknown, how many cards that hand holds is known (and so, here, which kind of piece
      and whose lies where);
    - every die in them shows a face drawn from its own faces, each face as likely as in a
      roll: the seat has not seen those faces (one it saw before the die went out of its
      sight is drawn anew too: what a seat remembers is not tracked).

    Pieces in the zones the seat sees, vars and the past stay as they are. Every change is
    announced to the open checkpoints, as the operations announce theirs, so going back puts
    the real pieces back. `rng` gives `shuffle` and `random`; it is drawn from only when
    some kind of piece lies in two of the zones or a die lies in one, so a game with one
    face-down deck sees the same draws as `arrange` alone."""
    for zone in zones:
        arrange(zone)
    if len(zones) > 1:
        _trade(g, zones, rng)
    for zone in zones:
        dice = [piece for piece in zone if piece.kind.is_die]
        if dice:
            turning(g, zone)
            for piece in dice:
                piece.face, piece.value = piece.outcomes[int(rng.random() * piece.sides)]
            g.turned += 1
            zone.stamp = next_stamp()


def _trade(g: Game, zones: list, rng) -> None:
    """The pieces of each kind and owner that lie in two or more of `zones` swap places at
    random; every zone keeps the places it had, and how many pieces."""
    places: dict[tuple, list] = {}
    for zone in zones:
        for index, piece in enumerate(zone):
            places.setdefault((piece.kind, piece.owner), []).append((zone, index))
    piles = {}
    for spots in places.values():
        if len({id(zone) for zone, _ in spots}) < 2:
            continue
        pieces = [zone[index] for zone, index in spots]
        rng.shuffle(pieces)
        for (zone, index), piece in zip(spots, pieces):
            pile = piles.get(id(zone))
            if pile is None:
                changing(g, zone)
                pile = piles[id(zone)] = (zone, zone[:])
            pile[1][index] = piece
    for zone, pile in piles.values():
        list.__setitem__(zone, slice(None), pile)
        for piece in pile:
            piece.zone = zone
        zone.stamp = next_stamp()


class SeededBy:
    """A random stream seeded with `seed`, set up only when first drawn from."""

    __slots__ = ("_seed", "_stream")

    def __init__(self, seed):
        self._seed = seed
        self._stream = None

    def _started(self) -> random.Random:
        if self._stream is None:
            self._stream = random.Random(self._seed)
        return self._stream

    def random(self) -> float:
        return self._started().random()

    def shuffle(self, items: list) -> None:
        self._started().shuffle(items)
