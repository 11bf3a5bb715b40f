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
_IS_CONTAINER = frozenset(_CONTAINERS).__contains__


def changing(zone) -> None:
    """`zone` is about to change: open checkpoints keep it as it is."""
    stamp = zone.stamp
    for checkpoint in OPEN:
        if stamp < checkpoint.since and id(zone) not in checkpoint.kept:
            checkpoint.kept[id(zone)] = (zone, zone[:], stamp, list(map(_LOOKS, zone)))


def turning(zone) -> None:
    """A piece in `zone` is about to show another face or pass to another owner."""
    changing(zone)
    for checkpoint in OPEN:
        checkpoint.turned = True


def moving_piece(piece) -> None:
    """A piece is about to leave where it lies (a zone, or none)."""
    if piece.zone is not None:
        changing(piece.zone)
    else:
        changing_loose(piece)


def turning_piece(piece) -> None:
    """A piece is about to show another face or pass to another owner."""
    if piece.zone is not None:
        turning(piece.zone)
    else:
        changing_loose(piece)


def changing_loose(piece) -> None:
    """A piece that lies in no zone is about to change or be placed."""
    for checkpoint in OPEN:
        checkpoint.loose.setdefault(id(piece), (piece, piece.face, piece.value, piece.owner))
        checkpoint.turned = True


def _copy(value):
    """A var's list or mapping, copied down to its last list or mapping: rules change them in
    place at any depth (`hands[p] += [card]`). Zones and pieces inside are the game's own."""
    if type(value) is list:
        if not any(map(_IS_CONTAINER, map(type, value))):
            return value.copy()
        return [_copy(item) if type(item) in _CONTAINERS else item for item in value]
    if not any(map(_IS_CONTAINER, map(type, value.values()))):
        return value.copy()
    return {key: _copy(item) if type(item) in _CONTAINERS else item for key, item in value.items()}


class Checkpoint:
    """The state of one game now; see the module docstring."""

    __slots__ = ("since", "kept", "loose", "turned", "made", "made_stamp", "variables", "counters", "rng")

    def __init__(self, g, chance: bool = True):
        """`chance=False`: the random stream is not kept (whoever goes back puts it back himself)."""
        self.since = next_stamp()
        self.kept: dict[int, tuple] = {}
        self.loose: dict[int, tuple] = {}
        # Whether a piece has turned or changed hands since: if not, going back only moves pieces.
        self.turned = False
        self.made = {kind: pieces[:] for kind, pieces in g.pieces_by_kind.items()}
        self.made_stamp = g.pieces_stamp
        self.variables = tuple(_copy(value) if type(value) in _CONTAINERS else value for value in g.rules.read_variables(g))
        self.counters = (g.turns, g.decisions, g.next_piece_id, len(g.history))
        self.rng = g.rng.getstate() if chance else None
        OPEN.append(self)

    def restore(self, g, chance: bool = True) -> None:
        """Put the game back as it was; `chance=False` leaves the random stream as it is (for a
        look-ahead that drew from a stream of its own, or a checkpoint that did not keep it)."""
        turned = self.turned
        changed = [kept for kept in self.kept.values() if kept[0].stamp != kept[2]]
        if len(OPEN) > 1:
            # Newer checkpoints keep the present first, before any piece is put back.
            for piece, _, _, _ in self.loose.values():
                turning_piece(piece)
            for kept in changed:
                (turning if turned else changing)(kept[0])
        for piece, face, value, owner in self.loose.values():
            piece.zone, piece.face, piece.value, piece.owner = None, face, value, owner
        for zone, pieces, stamp, looks in changed:
            zone[:] = pieces
            zone.stamp = stamp
            if turned:
                for piece, (face, value, owner) in zip(pieces, looks):
                    piece.zone, piece.face, piece.value, piece.owner = zone, face, value, owner
            else:
                for piece in pieces:
                    piece.zone = zone
        self.turned = False
        turns, decisions, next_piece_id, history = self.counters
        if g.pieces_stamp != self.made_stamp:
            g.pieces_by_kind.clear()
            g.pieces_by_kind.update((kind, pieces[:]) for kind, pieces in self.made.items())
            g.pieces_stamp = self.made_stamp
        rules = g.rules
        values = rules.read_variables(g)
        if values != self.variables:
            for name, now, then in zip(rules.variable_attributes, values, self.variables):
                if now is not then and now != then:
                    setattr(g, name, _copy(then) if type(then) in _CONTAINERS else then)
        g.turns, g.decisions, g.next_piece_id = turns, decisions, next_piece_id
        del g.history[history:]
        if chance and self.rng is not None:
            g.rng.setstate(self.rng)

    def close(self) -> None:
        if OPEN[-1] is self:
            OPEN.pop()
        else:
            OPEN.remove(self)
