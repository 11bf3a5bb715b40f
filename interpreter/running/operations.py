"""What the statements of the language do to pieces and zones: put, roll, deal, create.

Generated code calls these with the game and already-evaluated operands. A piece is always in exactly
one zone (or none, before it is placed): `put` takes it out of where it lies, so no rule
can duplicate or lose a piece by moving it. These are the plain operations; games in which
someone looks ahead use the same ones wrapped to keep books (interpreter/lookahead/bookkeeping.py).
"""

from __future__ import annotations

from .budget import SHORT, ZONES, LongZone, OverBudget, at_most_members, count_walk, deep, grown
from .meter import MOVED
from .values import Kind, Piece, TooLong, format_value, written


def _as_list(pieces) -> list:
    if type(pieces) is Piece:
        return [pieces]
    return list(pieces)


def put(g, pieces, zone) -> None:
    kind = type(pieces)
    if kind is Piece:
        put_piece(g, pieces, zone)
        return
    if zone.scored:
        g.score_changed |= zone.scored
    if kind in ZONES:
        if pieces is zone:
            return
        if pieces.scored:
            g.score_changed |= pieces.scored
        moved = pieces[:]
        pieces.clear()
    else:
        moved = _detach(g, pieces)
    if len(moved) > SHORT: count_walk(g, len(moved))
    zone.extend(moved)
    if len(zone) > SHORT: grown(g, zone)
    for piece in moved:
        piece.zone = zone
    if g.meter is not None:
        g.tally[MOVED] += len(moved)


def put_piece(g, piece, zone) -> None:
    """`put` of one piece: out of the zone it lies in (if any), onto the top of `zone`. A piece
    taken from the top (`last(deck)`, a card dealt one by one) leaves without a search of its
    zone, which `remove` would make from the bottom up."""
    if zone.scored:
        g.score_changed |= zone.scored
    source = piece.zone
    if source is not None:
        if source.scored:
            g.score_changed |= source.scored
        if source[-1] is piece:
            source.pop()
        else:
            source.remove(piece)
    zone.append(piece)
    if len(zone) > SHORT: grown(g, zone)
    piece.zone = zone
    if g.meter is not None:
        g.tally[MOVED] += 1


def put_pile(g, pile, zone) -> None:
    """`put` of a zone's whole pile: the compiler calls this where the operand names a zone
    (`put supply[p] into rolled[p]`), so nothing is dispatched on what it moves."""
    if zone.scored or pile.scored:
        g.score_changed |= zone.scored | pile.scored
    if pile is zone:
        return
    moved = pile[:]
    pile.clear()
    if len(moved) > SHORT: count_walk(g, len(moved))
    zone.extend(moved)
    if len(zone) > SHORT: grown(g, zone)
    for piece in moved:
        piece.zone = zone
    if g.meter is not None:
        g.tally[MOVED] += len(moved)


def put_under(g, pieces, zone) -> None:
    """Slide pieces beneath a zone's bottom as one block, keeping their order."""
    if zone.scored:
        g.score_changed |= zone.scored
    moved = _detach(g, pieces)
    if len(moved) > SHORT: count_walk(g, len(moved))
    list.__setitem__(zone, slice(0, 0), moved)
    if len(zone) > SHORT: grown(g, zone)
    for piece in moved:
        piece.zone = zone
    if g.meter is not None:
        g.tally[MOVED] += len(moved)


def _once(pieces: list) -> list:
    """The pieces each once, at its first place in the list."""
    return list({id(piece): piece for piece in pieces}.values())


def repeated(g, moved: list, zone) -> None:
    """A put of the list `moved` onto the top of `zone`, found to name a piece twice
    (`put [d, d] into b`): the block it laid holds each piece once, as a piece lies in one
    zone once, and the meter counts each once (the put counts `len(moved)` after this)."""
    once = _once(moved)
    list.__delitem__(zone, slice(len(zone) - len(moved), None))
    zone.extend(once)
    for piece in once:
        piece.zone = zone
    if g.meter is not None:
        g.tally[MOVED] -= len(moved) - len(once)


def _detach(g, pieces) -> list:
    """Take pieces out of wherever they lie; returns them in order, each once."""
    moved = _as_list(pieces)
    if len(moved) > 1 and len(set(map(id, moved))) < len(moved):
        moved = _once(moved)
    for piece in moved:
        source = piece.zone
        if source is not None:
            if source.scored:
                g.score_changed |= source.scored
            source.remove(piece)
            piece.zone = None
    return moved


def deal(g, count: int, source, dest) -> None:
    """Move up to `count` pieces from the top of `source` onto `dest`, one at a time."""
    if source.scored or dest.scored:
        g.score_changed |= source.scored | dest.scored
    dealt = min(count, len(source))
    if dealt > SHORT: count_walk(g, dealt)
    for _ in range(dealt):
        piece = source.pop()
        dest.append(piece)
        piece.zone = dest
    if len(dest) > SHORT: grown(g, dest)
    if g.meter is not None:
        g.tally[MOVED] += dealt


def roll(g, pieces) -> None:
    if type(pieces) is Piece:
        pieces = [pieces]
    if type(pieces) in ZONES:
        roll_pile(g, pieces)
        return
    for piece in pieces:
        if piece.zone is not None and piece.zone.scored:
            g.score_changed |= piece.zone.scored
    _roll_each(g, pieces, "dice")


def roll_pile(g, pile) -> None:
    """`roll` of every piece of a zone: the compiler calls this where the operand names a zone."""
    if pile.scored:
        g.score_changed |= pile.scored
    _roll_each(g, pile, pile.name)


def _roll_each(g, pieces, name: str) -> None:
    """A face drawn for each piece, in order, and the roll logged under `name`. The pieces are
    counted as they are gone through (a long zone counts itself; the log reads a copy, so that a
    game counts the same steps with a log or without)."""
    if len(pieces) > SHORT and type(pieces) is not LongZone:
        count_walk(g, len(pieces))
    if g.explicit is None:
        random = g.random
        for piece in pieces:
            piece.face, piece.value = piece.outcomes[int(random() * piece.sides)]
    else:
        g.explicit.roll(g, pieces)
    if g.log is not None:
        rolled = pieces[:]
        g.log.append({"t": "roll", "zone": name, "faces": [p.face for p in rolled]})
        if g.unrolled:
            g.unrolled.difference_update(rolled)


def shuffle(g, zone) -> None:
    if zone.scored:
        g.score_changed |= zone.scored
    pile = zone[:]
    if len(pile) > SHORT: count_walk(g, len(pile))
    if g.explicit is None:
        g.rng.shuffle(pile)
    else:
        g.explicit.shuffle(g, pile)
    list.__setitem__(zone, slice(None), pile)


def set_face(g, piece, face) -> None:
    """Turn a die to `face` (it must be one of its faces)."""
    index = piece.kind.faces.index(face)
    _turning(g, piece)
    if g.log is not None:
        g.unrolled.discard(piece)
    piece.face = face
    piece.value = piece.kind.values[index]


def set_owner(g, piece, owner) -> None:
    """Hand a piece to another owner (or to none)."""
    _turning(g, piece)
    piece.owner = owner


def _turning(g, piece) -> None:
    """A piece of a scored zone is about to show another face or belong to another owner."""
    if piece.zone is not None and piece.zone.scored:
        g.score_changed |= piece.zone.scored


def _room_for(g, count: int) -> None:
    """`count` more pieces fit in the game's budget of pieces created, or OverBudget."""
    if g.next_piece_id + count > g.budget.pieces:
        raise OverBudget("pieces", g.budget.pieces, "pieces created")


def create(g, kind: Kind, count: int, owner, zone) -> None:
    _room_for(g, count)
    if zone.scored:
        g.score_changed |= zone.scored
    made = g.pieces_by_kind.setdefault(kind.name, [])
    for _ in range(count):
        piece = Piece(kind, owner, 0, g.next_piece_id)
        g.next_piece_id += 1
        made.append(piece)
        zone.append(piece)
        piece.zone = zone
    if len(zone) > SHORT: grown(g, zone)
    if g.log is not None and kind.is_die:
        g.unrolled.update(made[len(made) - count:])


def create_deck(g, kind: Kind, entries, zone) -> None:
    """One card for each entry of the card table (value x count), in table order."""
    if zone.scored:
        g.score_changed |= zone.scored
    made = g.pieces_by_kind.setdefault(kind.name, [])
    _room_for(g, sum(count for _, count in entries))
    for value, count in entries:
        index = kind.faces.index(value)
        for _ in range(count):
            piece = Piece(kind, None, index, g.next_piece_id)
            g.next_piece_id += 1
            made.append(piece)
            zone.append(piece)
            piece.zone = zone
    if len(zone) > SHORT: grown(g, zone)


def make_die(name: str, faces, values, weight, shown=None, title=None) -> Kind:
    """A die kind; `shown` and `title`: how its pieces and its name read to people (`shown "{face}*" "big die"`)."""
    faces = tuple(at_most_members(faces, "faces of a die"))
    if values is None:
        values = tuple(f if isinstance(f, (int, float)) and not isinstance(f, bool) else 0 for f in faces)
    return Kind(name, faces, tuple(values), weight, True, shown, title)


def make_card(name: str, entries, shown=None, title=None) -> Kind:
    faces = tuple(dict.fromkeys(value for value, _ in entries))
    values = tuple(f if isinstance(f, (int, float)) else 0 for f in faces)
    return Kind(name, faces, values, 1, False, shown, title)


def begin_turn(g, player) -> None:
    g.turns += 1
    if g.log is not None:
        g.log.append({"t": "turn", "player": logged_seat(g, player), "number": g.turns})
    if g.course is not None:
        g.course.turn(g, player)


def logged_seat(g, player) -> int:
    """The seat a logged turn is (`turn X:`): a whole number of an owner, or a located error. The
    log is written out as JSON, and a value that holds one list many times over would take
    longer to write than any game (interpreter/running/budget.py)."""
    if type(player) is not int or not 0 <= player < len(g.owners):
        raise ValueError(f"`turn` takes a seat (0 to {g.n - 1}), not {format_value(player, 60)}")
    return player


def show(g, value) -> str:
    """A value in a text of the rules (`say "{name(p)} rolls {dice}"`): in words (running/words.py).
    A text and a number read as Python writes them (what `in_words` ends in), without its tests.
    Anything else is gone through first, each item counted against the game's steps, and
    written within its size (a list holding one list many times over would take longer to
    write than any game: interpreter/running/budget.py)."""
    kind = type(value)
    if kind is str:
        return value
    if kind is int or kind is float:
        return str(value)
    deep(g, value)
    try:
        return written(value, g.budget.size, True)
    except TooLong:
        raise OverBudget("size", g.budget.size, "items of a list or characters of a text") from None


def remainder(left, right):
    """`left % right` of numbers. Python's `%` of a text formats it (`"%999999999d" % 1` is a
    text of a thousand million characters), which the language does not have."""
    if isinstance(left, str):
        raise TypeError(f"unsupported operand type(s) for %: 'str' and '{type(right).__name__}'")
    return left % right


EXPORTS = {
    "put": put,
    "put_pile": put_pile,
    "put_under": put_under,
    "repeated": repeated,
    "deal": deal,
    "roll": roll,
    "roll_pile": roll_pile,
    "shuffle": shuffle,
    "set_face": set_face,
    "set_owner": set_owner,
    "create": create,
    "create_deck": create_deck,
    "make_die": make_die,
    "make_card": make_card,
    "begin_turn": begin_turn,
    "show": show,
    "remainder": remainder,
    "logged_seat": logged_seat,
}
