"""The hot operations written out in the rules, for games that keep no books.

In a game where nobody looks ahead, nothing needs to hear of a `put` or a `roll` but the
meter, so the code generator writes them (and the start of a turn) into the rule instead of
calling interpreter/running/operations.py: no call, no dispatch on what moves where the operand names
a zone, and no check of a zone the score cannot read. Each template here does what its
operation does, in the same order (tests/test_specialised_code.py plays every shipped ruleset
both ways): change one, change both.

    put supply[p] into rolled[p]      ->      _pile = g.z_supply[l_p]
                                              _to = g.z_rolled[l_p]
                                              _to.extend(_pile) ...

Operands are evaluated once, first to last, as in a call; the names the templates use (`_pile`,
`_to`, `_piece`, ...) are the generated code's own (no rule's name starts with `_`).
"""

from __future__ import annotations

from ..running.budget import SHORT
from ..running.meter import MOVED


def score_mark(zone: str, scored: bool) -> list[str]:
    """What a change to `zone` tells the meter, if the score may read it (`scored`)."""
    return [f"if {zone}.scored: g.score_changed |= {zone}.scored"] if scored else []


def put_pile(pile: str, zone: str, pile_scored: bool, zone_scored: bool, distinct: bool) -> list[str]:
    """`put_pile`: every piece of one zone onto another, in order. `distinct`: the two are
    different zones whatever the game's state (different declared names)."""
    marks = score_mark("_to", zone_scored) + score_mark("_pile", pile_scored)
    moving = ["_to.extend(_pile)",
              f"if len(_to) > {SHORT}: grown(g, _to)",
              "for _piece in _pile: _piece.zone = _to",
              f"if g.meter is not None: g.tally[{MOVED}] += len(_pile)",
              "_pile.clear()"]
    lines = [f"_pile = {pile}", f"_to = {zone}"] + marks
    if distinct:
        return lines + moving
    return lines + ["if _pile is not _to:"] + ["    " + line for line in moving]


def put(pieces: str, zone: str, zone_scored: bool) -> list[str]:
    """`put`: one piece or a list of pieces out of wherever they lie onto a zone; anything else
    (a zone held by a local, a tuple) through the operation itself."""
    into = score_mark("_to", zone_scored)
    return [
        f"_moved = {pieces}",
        f"_to = {zone}",
        "if type(_moved) is Piece:",
        *("    " + line for line in into),
        "    _from = _moved.zone",
        "    if _from is not None:",
        "        if _from.scored: g.score_changed |= _from.scored",
        "        if _from[-1] is _moved: _from.pop()",
        "        else: _from.remove(_moved)",
        "    _to.append(_moved)",
        f"    if len(_to) > {SHORT}: grown(g, _to)",
        "    _moved.zone = _to",
        f"    if g.meter is not None: g.tally[{MOVED}] += 1",
        "elif type(_moved) is list:",
        *("    " + line for line in into),
        f"    if len(_moved) > {SHORT}: count_walk(g, len(_moved))",
        "    for _piece in _moved:",
        "        _from = _piece.zone",
        "        if _from is not None:",
        "            if _from.scored: g.score_changed |= _from.scored",
        "            _from.remove(_piece)",
        "            _piece.zone = None",
        "    _to.extend(_moved)",
        f"    if len(_to) > {SHORT}: grown(g, _to)",
        "    for _piece in _moved:",
        "        if _piece.zone is _to:",
        "            repeated(g, _moved, _to)",
        "            break",
        "        _piece.zone = _to",
        f"    if g.meter is not None: g.tally[{MOVED}] += len(_moved)",
        "else:",
        "    put(g, _moved, _to)",
    ]


def roll_pile(pile: str, scored: bool) -> list[str]:
    """`roll_pile`: a face drawn for each piece of a zone, in order, and the roll logged."""
    return [
        f"_pile = {pile}",
        *score_mark("_pile", scored),
        "if g.explicit is None:",
        "    _random = g.random",
        "    for _piece in _pile:",
        "        _piece.face, _piece.value = _piece.outcomes[int(_random() * _piece.sides)]",
        "else: g.explicit.roll(g, _pile)",
        "if g.log is not None:",
        "    _rolled = _pile[:]",
        "    g.log.append({'t': 'roll', 'zone': _pile.name, 'faces': [_p.face for _p in _rolled]})",
        "    if g.unrolled: g.unrolled.difference_update(_rolled)",
    ]


def begin_turn(player: str) -> list[str]:
    """`begin_turn`: the game counts the turn, logs it and keeps it in its course if it keeps
    one. `player`: a name or a literal (its evaluation can neither fail nor change anything, so
    it may wait for the log)."""
    return ["g.turns += 1",
            f"if g.log is not None: g.log.append({{'t': 'turn', 'player': logged_seat(g, {player}), 'number': g.turns}})",
            f"if g.course is not None: g.course.turn(g, {player})"]
