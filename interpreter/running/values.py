"""The values of a running game: kinds, pieces, zones, params' fixed lists, records and parts,
and how the rules language writes a value (`format_value`).

They are plain slotted objects and lists, so that the compiled rules reach every zone and
piece by attribute and a checkpoint copies only what changes; a zone's `stamp` names what it
holds, for the remembered answers of pure procedures (interpreter/lookahead/remember.py).
"""

from __future__ import annotations

import itertools
from operator import itemgetter

import attrs

next_stamp = itertools.count(1).__next__


@attrs.frozen(slots=True)
class Kind:
    """A kind of piece: a die with faces (and their values) or a card with a fixed value.
    `shown` (face, value, owner -> a piece's words) and `title` (the kind's name in words) are for people only
    (running/words.py), so they stay out of equality."""

    name: str
    faces: tuple
    values: tuple
    weight: int
    is_die: bool
    shown: object = attrs.field(default=None, eq=False)
    title: str | None = attrs.field(default=None, eq=False)
    # What a roll draws from: each face with its value, in order (Piece.outcomes).
    outcomes: tuple = attrs.field(init=False, eq=False, repr=False,
                                  default=attrs.Factory(lambda kind: tuple(zip(kind.faces, kind.values)), takes_self=True))


class Piece:
    """One die or card: its kind, owner, what it shows and the zone it lies in."""

    __slots__ = ("kind", "owner", "face", "value", "weight", "zone", "outcomes", "sides", "id")

    def __init__(self, kind: Kind, owner, index: int, ident: int):
        self.kind = kind
        self.owner = owner
        # A roll: `piece.face, piece.value = piece.outcomes[int(draw * piece.sides)]`, one draw
        # of the game's stream in [0, 1) picking a face (the kind's, kept here to be read fast;
        # its faces and values otherwise are the kind's).
        self.outcomes = kind.outcomes
        self.sides = len(kind.outcomes)
        self.face = kind.faces[index]
        self.value = kind.values[index]
        self.weight = kind.weight
        self.zone = None
        self.id = ident

    def __repr__(self) -> str:
        owner = "" if self.owner is None else f"@{self.owner}"
        return f"{self.kind.name}:{self.face}{owner}"


class Zone(list):
    """An ordered place holding pieces; the last item is the top (of a deck).

    Two zones are equal only if they are the same place, whatever they hold: rules compare
    zones (`if target == home`) and an empty zone must not equal every other empty zone.

    `stamp` names what the zone holds: in a game that keeps books (interpreter/lookahead/bookkeeping.py),
    every change to its pile or to a piece in it gives it a stamp never used before (or the one
    a look-ahead taken back gave this zone holding the very same, `restamp`), and putting a
    state back puts back its stamp. Equal stamps mean an equal pile of pieces showing the
    same, which is what lets remembered results (interpreter/lookahead/remember.py) and
    checkpoints (interpreter/lookahead/checkpoint.py) skip unchanged zones.
    """

    __slots__ = ("name", "stamp", "kept", "scored", "undone")
    __hash__ = object.__hash__

    def __init__(self, name: str, scored: int = 0):
        super().__init__()
        self.name = name
        # The seats whose score this zone's pieces may change, a bit each (-1: every seat; 0:
        # the score does not read it): a change to it adds them to `Game.score_changed`
        # (interpreter/compiling/scored.py).
        self.scored = scored
        self.stamp = next_stamp()
        # When every checkpoint open then last kept this zone (interpreter/lookahead/checkpoint.py).
        self.kept = 0
        # (stamp, pile, looks version) of what a look-ahead left here before it was taken back
        # (interpreter/lookahead/bookkeeping.py, `restamp`).
        self.undone = None

    def __eq__(self, other):
        return self is other

    def __ne__(self, other):
        return self is not other

    def __repr__(self) -> str:
        return self.name

    def _changed_by_a_rule(self, *args):
        # Reached through a name that holds the zone (`let z = pile`, `z[0] = d`): the checker
        # refuses this where the zone is named, and the game must not find a piece in two
        # zones. The operations change zones through list's own methods.
        raise ZoneChanged()

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _changed_by_a_rule


class ZoneChanged(Exception):
    """A rule tried to change a zone by assignment rather than by an operation (put, deal...)."""


class ParamChanged(Exception):
    """A rule tried to change a param's list in place."""


class Fixed(list):
    """A param's list. Params are fixed for a game, also through a local or a var that holds
    one, so a checkpoint never needs to keep one: changing it in place is a mistake in the
    rules, reported where it happens. `+`, slices and `sorted` give ordinary lists."""

    __slots__ = ()

    def _fixed(self, *args):
        raise ParamChanged()

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _fixed
    append = extend = insert = pop = remove = clear = sort = reverse = _fixed


class Record(tuple):
    """A value with named fields, `{kind: "coins", n: 2}`, read as `r.kind`. Like a tuple it
    cannot change, and lists in its fields are fixed as a param's are, so no checkpoint ever
    needs to keep one. Two records are equal when their fields and values are; `"kind" in r`
    asks whether it has a field of that name, so records of different fields can share a list."""

    __slots__ = ()
    fields: tuple = ()

    def __new__(cls, *values):
        return tuple.__new__(cls, map(fixed, values))

    def __eq__(self, other):
        return isinstance(other, Record) and self.fields == other.fields and tuple.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = tuple.__hash__

    def __contains__(self, name) -> bool:
        return name in self.fields

    def __repr__(self) -> str:
        return format_value(self)


def record_type(fields: tuple, attributes: tuple) -> type:
    """The class of records with these field names (as the rules write them, for people and
    equality), each read by its position through its attribute (as the compiled rules name
    it: interpreter/compiling/names.py, `attribute`)."""
    members = {"__slots__": (), "fields": fields}
    members.update((name, property(itemgetter(i))) for i, name in enumerate(attributes))
    return type("Record", (Record,), members)


class Part:
    """A part of a kind (`board bonus`): known by its name, equal only to itself; `title` is
    its name in words (`board bonus "BONUS"`), for people (running/words.py)."""

    __slots__ = ("kind", "name", "title")

    def __init__(self, kind: str, name: str, title: str | None = None):
        self.kind = kind
        self.name = name
        self.title = title

    def __repr__(self) -> str:
        return self.name


def fixed(value):
    """A param's value with every list in it (inside tuples too) made `Fixed`."""
    if isinstance(value, Record):
        return value
    if isinstance(value, list):
        return Fixed(fixed(item) for item in value)
    if isinstance(value, tuple):
        return tuple(fixed(item) for item in value)
    return value


def zones_of(declared) -> list:
    """The zones of a declared zone: itself, or every member of a family or per-owner zone."""
    if isinstance(declared, Zone):
        return [declared]
    if isinstance(declared, dict):
        return list(declared.values())
    return declared


def format_value(value) -> str:
    """A value as the rules language writes it: true, none, 1..6, [a, b], a kind by its name."""
    if value is True or value is False:
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, range):
        return f"{value.start}..{value.stop - 1}"
    if isinstance(value, Kind):
        return value.name
    if isinstance(value, dict):
        return "[" + ", ".join(f"{k}: {format_value(v)}" for k, v in value.items()) + "]"
    if isinstance(value, Record):
        return "{" + ", ".join(f"{k}: {format_value(v)}" for k, v in zip(value.fields, value)) + "}"
    if isinstance(value, (list, tuple)) and not isinstance(value, Zone):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    if callable(value):
        # A function made with `=>` or a built-in: Python would write where it lies in memory,
        # which differs from run to run.
        return "a function"
    return str(value)
