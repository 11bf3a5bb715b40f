"""A world a seat cannot tell from the real game: what OpenSpiel's `resample_from_infostate`
gives (rulesrun/openspiel.py), for searches over information sets (ISMCTS) and the like.

It is the engine's what-if game (interpreter/lookahead/search.py, a determinization): the
real game replayed from its seed with the answers the seat has seen, other seats' `secret`
answers it has not seen drawn anew, and at the present every zone it cannot see (a `hidden`
zone, another owner's `private` one) drawn anew: which pieces lie there, in what order, and
the faces of the dice in them. Its later chance stays explicit, so the world goes on as a
state of the real game does, with chance nodes.

    world = World.of(game, seat=0, draw=12345)      # game: a driven game with explicit chance
    twin = world.start(game.rules, game.players, game.seed)   # the same world every time

A what-if game cannot be copied (its past was drawn once), so a world is its recipe: the
seat, the seed of the stream that draws what the seat cannot see (`draw`), and the real
game's answers as the seat knows them and its chance outcomes. Starting it again from these
gives the same world, which is how a resampled state is cloned and serialized.
"""

from __future__ import annotations

import random

import attrs

from .interpreter.lookahead.search import WhatIf
from .interpreter.running.driven import Game as DrivenGame
from .interpreter.running.view import visible_history


class NotResampled(ValueError):
    """A state that cannot be resampled: at a chance node, or itself a resampled world."""


@attrs.frozen(slots=True)
class World:
    """The recipe of one world drawn for `seat` (the module docstring says why a recipe)."""

    seat: int
    draw: int
    # The real game's answers, None for another seat's secret the seat has not seen; and
    # every outcome given to its chance nodes, in order.
    answers: tuple
    outcomes: tuple

    @classmethod
    def of(cls, game, seat: int, draw: int, secrets: bool = True) -> "World":
        """The world of `seat` in the driven `game` (explicit chance, at a decision or over);
        `secrets=False` keeps the other seats' secret answers as they were (only the zones the
        seat cannot see drawn anew)."""
        if game.chance is not None:
            raise NotResampled(f"the game stands at a chance node ({game.chance.what}): resample it at a decision, "
                               "where the seat's information state is whole")
        known = visible_history(game._state.history, seat) if secrets else game.history
        return cls(seat, draw, tuple(answer for _, answer in known), tuple(game.outcomes))

    def start(self, rules, players: int, seed: int) -> DrivenGame:
        """The world as a driven game at its present, with explicit chance from there on."""
        return DrivenGame(rules, players, seed, log=False, lookahead=False,
                          answers=list(self.answers), chance="explicit", outcomes=list(self.outcomes),
                          what_if=WhatIf(self.seat, random.Random(self.draw), shown=True))
