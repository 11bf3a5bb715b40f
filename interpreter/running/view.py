"""What one seat may see: the agent-facing copy of a game, never the game itself.

A view is plain data, built when an agent asks for it. A piece shows as
`(kind, face, owner)`, a zone inside a variable as its name. A zone declared `hidden`
(a face-down pile) shows only how many pieces it holds, never which or in what order. A
`private` zone family (`zone cup per player private`) shows the seat its own zone's pieces
and every other owner's as `None`, with how many pieces each holds.
The history lists every decision that had a choice as `(seat, answer index)`,
with the answers of other seats' `secret` decisions left out (`None`) when this seat has
not decided since: the seat cannot have seen them, only their consequences afterwards.

    view = decision.view
    view.zones["field"][3]       # [("small", 3, 0), ("big", 3, 2)]
    view.counts["deck"]          # 31: a hidden pile, size only
    view.zones["cup"]            # [None, [("d6", 4, 1), ("d6", 6, 1)]]: seat 1 sees its own cup
    view.counts["cup"]           # [3, 2]: how many dice lie under each cup
    view.vars["tokens"][view.seat]

`table_view` is the whole table, nothing hidden: the designer's view, for replays.
"""

from __future__ import annotations

import attrs

from .values import Kind, Part, Piece, Record, Zone


@attrs.frozen(slots=True)
class SeatView:
    seat: int | None
    players: int
    zones: dict
    counts: dict
    vars: dict
    history: tuple


def seat_view(game, seat: int) -> SeatView:
    zones, counts = seen_zones(game, seat, _piece)
    variables = {name: _plain(getattr(game, f"v_{name}")) for name in game.rules.namespace["VARS"]}
    return SeatView(seat, game.n, zones, counts, variables, tuple(visible_history(game.history, seat)))


def seen_zones(game, seat: int | None, piece, onlooker: bool = False) -> tuple[dict, dict]:
    """The zones `seat` sees into, each shaped like its declaration with its pieces as
    `piece(p)` makes them (another owner's private zone None), and how many pieces lie in each
    zone it cannot see into; with no seat, every zone's pieces and no counts, or, for an
    `onlooker` (a spectator of a table over the network), what no seat hides: the public zones.
    A zone is read through a copy (`zone[:]`), so that looking spends none of the game's steps
    (budget.LongZone)."""
    zones, counts = {}, {}
    for name, seen in game.rules.namespace["ZONES"]:
        value = getattr(game, f"z_{name}")
        if seen == "public" or (seat is None and not onlooker):
            zones[name] = _shape(value, lambda zone: [piece(p) for p in zone[:]])
            continue
        counts[name] = _shape(value, len)
        if seen == "private":
            zones[name] = [[piece(p) for p in zone[:]] if owner == seat else None for owner, zone in enumerate(value)]
    return zones, counts


def table_view(game) -> SeatView:
    """The whole table as the rules see it: every zone's pieces, hidden and private ones too,
    and every answer (`seat` is None). What transcripts and replays show a designer, never an
    agent: an agent's view is `seat_view`."""
    zones, _ = seen_zones(game, None, _piece)
    variables = {name: _plain(getattr(game, f"v_{name}")) for name in game.rules.namespace["VARS"]}
    return SeatView(None, game.n, zones, {}, variables, tuple((player, answer) for player, answer, _ in game.history))


def visible_history(history, seat: int, start: int = 0) -> list:
    """The decisions so far (from number `start` on) as `seat` knows them, as (player, answer):
    others' secret answers since its last decision hidden."""
    last_own = len(history) - 1
    while last_own >= 0 and history[last_own][0] != seat:
        last_own -= 1
    return [(player, None if secret and player != seat and k > last_own else answer)
            for k, (player, answer, secret) in enumerate(history[start:], start)]


def _shape(value, show):
    if isinstance(value, Zone):
        return show(value)
    if isinstance(value, dict):
        return {index: show(zone) for index, zone in value.items()}
    return [show(zone) for zone in value]


def _piece(p) -> tuple:
    return (p.kind.name, p.face, p.owner)


def _plain(value, copies: dict | None = None):
    """A var's value as plain data: zones by name, pieces as (kind, face, owner), kinds and parts
    by name. Each list, tuple or mapping is copied once (`copies`, by identity), so that a value
    holding one list many times over (`s = [s, s]`, repeated) is copied in as many steps as it
    has lists, not as many as it would have items written out."""
    if isinstance(value, Zone):
        return value.name
    if isinstance(value, Piece):
        return (value.kind.name, value.face, value.owner)
    if isinstance(value, (Kind, Part)):
        return value.name
    if not isinstance(value, (list, tuple, dict)):
        return value
    copies = {} if copies is None else copies
    copied = copies.get(id(value))
    if copied is None:
        if isinstance(value, Record):
            copied = type(value)(*(_plain(v, copies) for v in value))
        elif isinstance(value, dict):
            copied = {k: _plain(v, copies) for k, v in value.items()}
        else:
            copied = type(value)(_plain(v, copies) for v in value)
        copies[id(value)] = copied
    return copied
