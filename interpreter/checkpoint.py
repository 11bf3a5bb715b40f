"""Checkpoints: a game's state at one moment, to go back to, paying only for what changes.

Search agents try options on the running game and take them back, and a rule that asks a
`choose` is run again from where it started. Copying every zone for that would cost as much
as the game is big; a checkpoint instead copies a zone the first time an operation is about
to change it (or a piece in it). Every operation announces the zones it changes (`changing`);
a zone whose stamp (runtime.Zone) predates the checkpoint is unchanged since, so its pile is
kept then, and only then. Going back puts the kept zones back, as often as needed.

    here = Checkpoint(game)
    ... play on ...
    here.restore(game)         # the game as it was, zones, pieces, vars, counters, chance
    here.close()               # stop keeping (checkpoints close innermost first)
"""

from __future__ import annotations

import operator

from rulesrun.interpreter.runtime import next_stamp

OPEN: list = []
_LOOKS = operator.attrgetter("face", "value", "owner")
_CONTAINERS = (list, dict)


def changing(zone) -> None:
    """`zone`, or a piece in it, is about to change: open checkpoints keep it as it is."""
    stamp = zone.stamp
    for checkpoint in OPEN:
        if stamp < checkpoint.since and id(zone) not in checkpoint.kept:
            checkpoint.kept[id(zone)] = (zone, zone[:], stamp, list(map(_LOOKS, zone)))


def changing_loose(piece) -> None:
    """A piece that lies in no zone is about to change or be placed."""
    for checkpoint in OPEN:
        checkpoint.loose.setdefault(id(piece), (piece, piece.face, piece.value, piece.owner))


class Checkpoint:
    """The state of one game now; see the module docstring."""

    __slots__ = ("since", "kept", "loose", "made", "variables", "counters", "rng")

    def __init__(self, g, chance: bool = True):
        """`chance=False`: the random stream is not kept (whoever goes back puts it back himself)."""
        self.since = next_stamp()
        self.kept: dict[int, tuple] = {}
        self.loose: dict[int, tuple] = {}
        self.made = {kind: len(pieces) for kind, pieces in g.pieces_by_kind.items()}
        self.variables = [value.copy() if type(value) in _CONTAINERS else value for value in g.rules.read_variables(g)]
        self.counters = (g.turns, g.decisions, g.next_piece_id, len(g.history))
        self.rng = g.rng.getstate() if chance else None
        OPEN.append(self)

    def restore(self, g, chance: bool = True) -> None:
        """Put the game back as it was; `chance=False` leaves the random stream as it is (for a
        look-ahead that drew from a stream of its own, or a checkpoint that did not keep it)."""
        for zone, pieces, stamp, looks in self.kept.values():
            if zone.stamp != stamp:
                changing(zone)
                zone[:] = pieces
                zone.stamp = stamp
                for piece, (face, value, owner) in zip(pieces, looks):
                    piece.zone, piece.face, piece.value, piece.owner = zone, face, value, owner
        for piece, face, value, owner in self.loose.values():
            piece.zone, piece.face, piece.value, piece.owner = None, face, value, owner
        turns, decisions, next_piece_id, history = self.counters
        if g.next_piece_id != next_piece_id:
            for kind in list(g.pieces_by_kind):
                if kind in self.made:
                    del g.pieces_by_kind[kind][self.made[kind]:]
                else:
                    del g.pieces_by_kind[kind]
        rules = g.rules
        for name, now, then in zip(rules.variable_attributes, rules.read_variables(g), self.variables):
            if now is not then and now != then:
                setattr(g, name, then.copy() if type(then) in _CONTAINERS else then)
        g.turns, g.decisions, g.next_piece_id = turns, decisions, next_piece_id
        del g.history[history:]
        if chance and self.rng is not None:
            g.rng.setstate(self.rng)

    def close(self) -> None:
        if OPEN[-1] is self:
            OPEN.pop()
        else:
            OPEN.remove(self)
