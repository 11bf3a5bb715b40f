"""Checkpoints: a game's state at one moment, to go back to, paying only for what changes.

Search agents try options on the running game and take them back, and a rule that asks a
`choose` is run again from where it started. Copying every zone for that would cost as much
as the game is big; a checkpoint instead copies a zone the first time an operation is about
to change it (or a piece in it). Every operation announces the zones it changes (`changing`);
a zone whose stamp (runtime.Zone) predates the checkpoint is unchanged since, so its pile is
kept then, and only then; a piece about to show another face or pass to another owner has
its looks kept the same way. Vars are small and kept whole: every list and mapping in them,
with what it held. Going back puts the kept zones and looks back and refills those very
lists and mappings (a rule that holds one, `let mine = kept[p]`, sees it as the game has it),
as often as needed.

    here = Checkpoint(game)
    ... play on ...
    here.restore(game)         # the game as it was, zones, pieces, vars, counters, chance
    here.close()               # stop keeping (checkpoints close innermost first)
"""

from __future__ import annotations

from operator import is_not

from rulesrun.interpreter.runtime import next_stamp

OPEN: list = []
_NESTED = (list, dict, tuple)
_IS_NESTED = frozenset(_NESTED).__contains__


def changing(zone) -> None:
    """`zone` is about to change: open checkpoints keep it as it is. A zone stamped after the
    newest checkpoint was taken has been kept by all of them already (they are in the order
    they were taken)."""
    stamp = zone.stamp
    if not OPEN or stamp > OPEN[-1].since:
        return
    for checkpoint in OPEN:
        if stamp < checkpoint.since and id(zone) not in checkpoint.kept:
            checkpoint.kept[id(zone)] = (zone, zone[:], stamp)


def turning(zone) -> None:
    """The pieces in `zone` are about to show other faces or pass to other owners."""
    changing(zone)
    for checkpoint in OPEN:
        looks = checkpoint.looks
        for piece in zone:
            if id(piece) not in looks:
                looks[id(piece)] = (piece, piece.face, piece.value, piece.owner)


def moving_piece(piece) -> None:
    """A piece is about to leave where it lies (a zone, or none)."""
    if piece.zone is not None:
        changing(piece.zone)
    else:
        for checkpoint in OPEN:
            checkpoint.loose.setdefault(id(piece), piece)


def turning_piece(piece) -> None:
    """A piece is about to show another face or pass to another owner."""
    if piece.zone is not None:
        changing(piece.zone)
    for checkpoint in OPEN:
        checkpoint.looks.setdefault(id(piece), (piece, piece.face, piece.value, piece.owner))


def _containers(values) -> list:
    """Every list and mapping in `values` or inside them (through tuples too), each once."""
    found: dict[int, object] = {}
    for value in values:
        if type(value) in _NESTED:
            _gather(value, found)
    return list(found.values())


def _gather(value, found: dict) -> None:
    if type(value) is not tuple:
        if id(value) in found:
            return
        found[id(value)] = value
    items = value.values() if type(value) is dict else value
    if any(map(_IS_NESTED, map(type, items))):
        for item in items:
            if type(item) in _NESTED:
                _gather(item, found)


class Checkpoint:
    """The state of one game now; see the module docstring."""

    __slots__ = ("since", "kept", "loose", "looks", "made", "made_stamp", "variables", "lists", "contents",
                 "counters", "rng")

    def __init__(self, g, chance: bool = True, like: "Checkpoint | None" = None):
        """`chance=False`: the random stream is not kept (whoever goes back puts it back himself).
        `like`: an open checkpoint from which the game differs in its zones only (a look-ahead's
        start, with hidden piles drawn anew): its record of all else is shared, not taken again."""
        self.since = next_stamp()
        self.kept: dict[int, tuple] = {}
        # Pieces that lay in no zone, and the looks (face, value, owner) pieces showed.
        self.loose: dict[int, object] = {}
        self.looks: dict[int, tuple] = {}
        if like is None:
            self.made = {kind: pieces[:] for kind, pieces in g.pieces_by_kind.items()}
            self.made_stamp = g.pieces_stamp
            # The vars' values (the very objects), every list and mapping inside them, and what
            # each of those held: going back refills those same objects, so a rule that holds
            # one of them (`let mine = kept[p]`) sees it as the game has it.
            self.variables = g.rules.read_variables(g)
            self.lists = _containers(self.variables)
            self.contents = [container.copy() for container in self.lists]
            self.counters = (g.turns, g.decisions, g.next_piece_id, len(g.history))
        else:
            self.made, self.made_stamp, self.variables, self.lists, self.contents, self.counters = (
                like.made, like.made_stamp, like.variables, like.lists, like.contents, like.counters)
        self.rng = g.rng.getstate() if chance else None
        OPEN.append(self)

    def restore(self, g, chance: bool = True) -> None:
        """Put the game back as it was; `chance=False` leaves the random stream as it is (for a
        look-ahead that drew from a stream of its own, or a checkpoint that did not keep it)."""
        changed = [kept for kept in self.kept.values() if kept[0].stamp != kept[2]]
        if OPEN and OPEN[-1] is not self:
            self._tell_newer(changed)
        for piece in self.loose.values():
            piece.zone = None
        for zone, pieces, stamp in changed:
            zone[:] = pieces
            zone.stamp = stamp
            for piece in pieces:
                piece.zone = zone
        for piece, face, value, owner in self.looks.values():
            piece.face, piece.value, piece.owner = face, value, owner
        turns, decisions, next_piece_id, history = self.counters
        if g.pieces_stamp != self.made_stamp:
            g.pieces_by_kind.clear()
            g.pieces_by_kind.update((kind, pieces[:]) for kind, pieces in self.made.items())
            g.pieces_stamp = self.made_stamp
        if self.lists != self.contents:
            for container, content in zip(self.lists, self.contents):
                if container != content:
                    if type(container) is list:
                        container[:] = content
                    else:
                        container.clear()
                        container.update(content)
        rules = g.rules
        values = rules.read_variables(g)
        if any(map(is_not, values, self.variables)):
            for name, now, then in zip(rules.variable_attributes, values, self.variables):
                if now is not then:
                    setattr(g, name, then)
        g.turns, g.decisions, g.next_piece_id = turns, decisions, next_piece_id
        del g.history[history:]
        if chance and self.rng is not None:
            g.rng.setstate(self.rng)

    def _tell_newer(self, changed: list) -> None:
        """Newer checkpoints keep the present first, before anything is put back (a re-run goes
        back to its rule's start and later to the present). Every zone going back has changed
        since this checkpoint, pieces leaving a zone included, so the zones and looks do."""
        newer = OPEN[OPEN.index(self) + 1:] if self in OPEN else OPEN
        for checkpoint in newer:
            since, kept, looks = checkpoint.since, checkpoint.kept, checkpoint.looks
            for zone, _, _ in changed:
                if zone.stamp < since and id(zone) not in kept:
                    kept[id(zone)] = (zone, zone[:], zone.stamp)
            for piece, _, _, _ in self.looks.values():
                if id(piece) not in looks:
                    looks[id(piece)] = (piece, piece.face, piece.value, piece.owner)

    def close(self) -> None:
        if OPEN[-1] is self:
            OPEN.pop()
        else:
            OPEN.remove(self)
