"""The operations again, keeping the books that looking ahead needs: stamps and checkpoints.

Each wrapped operation tells the open checkpoints (interpreter/lookahead/checkpoint.py) which zones it
is about to change, runs the plain operation (interpreter/running/operations.py; a put of a
list of pieces does both in one pass), and gives every zone it changed a new stamp (values.Zone), which is what remembered answers
(interpreter/lookahead/remember.py) are recognised by. A game in which no agent looks ahead (random
play, MCTS with random rollouts) needs none of this and runs the plain operations:
`Rules.play` chooses, by `looks_ahead`.
"""

from __future__ import annotations

from ..running import operations as plain
from ..running.meter import MOVED
from .checkpoint import changing, moving_piece, pieces_changing, turning, turning_piece
from .remember import recalled, recalled_piles, recalled_values, remembered, remembered_values
from ..running.budget import SHORT, ZONES, count_walk, grown
from ..running.values import Piece, next_stamp

# A zone equals only itself (values.Zone); two piles are the same if they hold the same pieces.
_same_pile = list.__eq__


def put(g, pieces, zone) -> None:
    if type(pieces) is Piece:
        source = pieces.zone
        if g.open:
            moving_piece(g, pieces)
            changing(g, zone)
        plain.put_piece(g, pieces, zone)
        if source is not None:
            source.stamp = restamp(g, source)
        zone.stamp = restamp(g, zone)
        return
    if type(pieces) is not list:
        _moved(g, plain.put, pieces, zone)
        return
    # A list of pieces (what a comprehension over a zone makes): `_moved` and `plain.put` in
    # one pass, the books kept for each zone a piece leaves as the first piece leaves it.
    opened = g.open
    if zone.scored:
        g.score_changed |= zone.scored
    places = []
    last = None
    for index, piece in enumerate(pieces):
        place = piece.zone
        if place is None:
            # Loose before this put, unless an earlier place in the list named it (and this put
            # has just taken it out of its zone).
            if opened and pieces.index(piece) == index:
                moving_piece(g, piece)
            continue
        if place is not last:
            last = place
            if opened:
                changing(g, place)
            if place.scored:
                g.score_changed |= place.scored
            places.append(place)
        place.remove(piece)
        piece.zone = None
    if opened:
        changing(g, zone)
    if len(pieces) > SHORT: count_walk(g, len(pieces))
    zone.extend(pieces)
    if len(zone) > SHORT: grown(g, zone)
    for piece in pieces:
        if piece.zone is zone:
            plain.repeated(g, pieces, zone)
            break
        piece.zone = zone
    if g.meter is not None:
        g.tally[MOVED] += len(pieces)
    # `restamp` of each zone changed, written out: a placement's hot path.
    places.append(zone)
    turned = g.turned
    for place in places:
        undone = place.undone
        place.stamp = (undone[0] if undone is not None and undone[2] == turned and _same_pile(undone[1], place)
                       else next_stamp())


def restamp(g, zone) -> int:
    """The stamp of what `zone` holds after a change: the stamp a look-ahead gave the very same
    pile, showing the same, before it was taken back (`Checkpoint.restore` leaves it in
    `zone.undone`), so that what was remembered for it is found again (the real move after a
    greedy bot tried it); else a new one."""
    undone = zone.undone
    if undone is not None and undone[2] == g.turned and _same_pile(undone[1], zone):
        return undone[0]
    return next_stamp()


def put_pile(g, pile, zone) -> None:
    """`put` of a zone's whole pile, where the operand names a zone: no dispatch on it."""
    if g.open:
        changing(g, pile)
        changing(g, zone)
    plain.put_pile(g, pile, zone)
    pile.stamp = restamp(g, pile)
    zone.stamp = restamp(g, zone)


def put_under(g, pieces, zone) -> None:
    _moved(g, plain.put_under, pieces, zone)


def deal(g, count: int, source, dest) -> None:
    if g.open:
        changing(g, source)
        changing(g, dest)
    plain.deal(g, count, source, dest)
    source.stamp = next_stamp()
    dest.stamp = next_stamp()


def roll(g, pieces) -> None:
    if type(pieces) in ZONES:
        places = [pieces]
        if g.open:
            turning(g, pieces)
    else:
        pieces = [pieces] if type(pieces) is Piece else pieces
        places = _places(pieces)
        if g.open:
            for piece in pieces:
                turning_piece(g, piece)
    plain.roll(g, pieces)
    g.turned += 1
    for zone in places:
        zone.stamp = next_stamp()


def roll_pile(g, pile) -> None:
    """`roll` of every piece of a zone, where the operand names a zone."""
    if g.open:
        turning(g, pile)
    plain.roll_pile(g, pile)
    g.turned += 1
    pile.stamp = next_stamp()


def shuffle(g, zone) -> None:
    if g.open:
        changing(g, zone)
    plain.shuffle(g, zone)
    zone.stamp = next_stamp()


def set_face(g, piece, face) -> None:
    _turned(g, plain.set_face, piece, face)


def set_owner(g, piece, owner) -> None:
    _turned(g, plain.set_owner, piece, owner)


def create(g, kind, count: int, owner, zone) -> None:
    if g.open:
        changing(g, zone)
        pieces_changing(g)
    plain.create(g, kind, count, owner, zone)
    zone.stamp = next_stamp()
    g.pieces_stamp = next_stamp()


def create_deck(g, kind, entries, zone) -> None:
    if g.open:
        changing(g, zone)
        pieces_changing(g)
    plain.create_deck(g, kind, entries, zone)
    zone.stamp = next_stamp()
    g.pieces_stamp = next_stamp()


def _moved(g, operation, pieces, zone) -> None:
    """`put`/`put_under` of a zone's pile, a list of pieces or one piece."""
    if type(pieces) is Piece:
        pieces = [pieces]
    if type(pieces) in ZONES:
        places = [pieces]
        if g.open:
            changing(g, pieces)
    else:
        # One pass: the zones the pieces leave, each once, and (for open checkpoints) the
        # pieces that lie in none.
        places = {}
        opened = g.open
        for piece in pieces:
            place = piece.zone
            if place is None:
                if opened:
                    moving_piece(g, piece)
            elif id(place) not in places:
                places[id(place)] = place
                if opened:
                    changing(g, place)
        places = places.values()
    if g.open:
        changing(g, zone)
    operation(g, pieces, zone)
    for place in places:
        place.stamp = next_stamp()
    zone.stamp = next_stamp()


def _turned(g, operation, piece, argument) -> None:
    """`set_face`/`set_owner`: one piece shows another face or has another owner."""
    place = piece.zone
    if g.open:
        turning_piece(g, piece)
    operation(g, piece, argument)
    g.turned += 1
    if place is not None:
        place.stamp = next_stamp()


def _places(pieces) -> list:
    """The zones the pieces lie in, each once."""
    return list({id(p.zone): p.zone for p in pieces if p.zone is not None}.values())


def running(g, procedure, *args):
    """In a game that keeps no books nothing is remembered: every call runs."""
    return procedure(g, *args)


def running_through(g, procedure, *args):
    """`recalled` in a game that keeps no books: the call runs, a list answer is taken as a tuple."""
    answer = procedure(g, *args)
    return tuple(answer) if isinstance(answer, list) else answer


def running_piles(g, procedure, key, *piles):
    """`recalled_piles` in a game that keeps no books."""
    return running_through(g, procedure, *piles)


BOOKKEEPING = {"put": put, "put_pile": put_pile, "put_under": put_under, "deal": deal, "roll": roll,
               "roll_pile": roll_pile, "shuffle": shuffle,
               "set_face": set_face, "set_owner": set_owner, "create": create, "create_deck": create_deck,
               "remembered": remembered, "recalled": recalled, "recalled_piles": recalled_piles}
# The remembering entry points as a game that keeps no books has them: every call runs.
ALWAYS_RUNNING = {"remembered": running, "recalled": running_through, "recalled_piles": running_piles}
PLAIN = {name: getattr(plain, name) for name in BOOKKEEPING if name not in ALWAYS_RUNNING} | ALWAYS_RUNNING | {
    "remembered_values": remembered_values, "recalled_values": recalled_values}
