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

    __slots__ = ("name", "stamp", "kept", "scored", "undone", "game")
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
        # The game whose steps a pass over this zone counts, once it holds more than a few
        # pieces (budget.LongZone).
        self.game = None

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


def fixed(value, copies: dict | None = None):
    """A param's value with every list in it (inside tuples too) made `Fixed`. Each list or
    tuple is made once (`copies`, by identity): a value holding one list many times over
    (`s = [s, s]`, repeated) holds one `Fixed` as many times."""
    if isinstance(value, Record) or not isinstance(value, (list, tuple)):
        return value
    copies = {} if copies is None else copies
    made = copies.get(id(value))
    if made is None:
        items = (fixed(item, copies) for item in value)
        made = copies[id(value)] = Fixed(items) if isinstance(value, list) else tuple(items)
    return made


def zones_of(declared) -> list:
    """The zones of a declared zone: itself, or every member of a family or per-owner zone."""
    if isinstance(declared, Zone):
        return [declared]
    if isinstance(declared, dict):
        return list(declared.values())
    return declared


SHOWN = 100_000
"""The most characters a value is written in where the rules do not ask for it (a log's option
labels, an error message, a seat's view, the table): a longer one is cut there, ending in
`...`. A value can hold one list many times over (`s = [s, s]`, repeated), so that writing
it whole could take longer than any game; the rules' own texts (`say "{s}"`, `join`) are
made within the game's budget instead (interpreter/running/budget.py)."""


class TooLong(Exception):
    """A value written in words would pass the characters it may take."""


def format_value(value, limit: int = SHOWN) -> str:
    """A value as the rules language writes it: true, none, 1..6, [a, b], a kind by its name;
    cut after `limit` characters (`SHOWN`)."""
    return written_at_most(value, limit, False)


def written_at_most(value, limit: int, words: bool) -> str:
    """`written`, cut after `limit` characters, ending in `...`, where it would be longer."""
    parts: list = []
    try:
        _write(value, limit, words, parts)
    except TooLong:
        return "".join(parts)[:limit] + "..."
    return "".join(parts)


def written(value, limit: int, words: bool) -> str:
    """`value` written as the rules language writes it, or in words (`words`: pieces as their
    kind shows them, kinds and parts by their titles, zones by their names in words); TooLong
    if it would pass `limit` characters, found before it is written whole."""
    parts: list = []
    _write(value, limit, words, parts)
    return "".join(parts)


class _Mark(str):
    """A piece of the text being written (a bracket, a comma), told apart from a value that is a text."""


_OPEN, _CLOSE, _BRACE, _UNBRACE, _COMMA = _Mark("["), _Mark("]"), _Mark("{"), _Mark("}"), _Mark(", ")
_PAREN, _UNPAREN, _ONE = _Mark("("), _Mark(")"), _Mark(",)")


def _write(value, room: int, words: bool, parts: list) -> None:
    """Append `value`, written, to `parts`, raising TooLong once more than `room` characters are
    written. What is still to write waits on a stack of its own, so that a value nested deeper
    than Python's recursion is written like any other."""
    pending = [(value, words)]
    while pending:
        value, words = pending.pop()
        if type(value) is _Mark:
            text = value
        elif isinstance(value, (list, tuple, dict)) and not isinstance(value, Zone):
            pending.extend(_inside(value, words))
            continue
        else:
            text = _atom(value, words)
        room -= len(text)
        if room < 0:
            raise TooLong()
        parts.append(text)


def _inside(value, words: bool) -> list:
    """What writing a list, tuple, mapping or record puts on the stack, the last to write first:
    `[a, b]`, `(a, b)` and `(a,)` as the rules write tuples, `{name: a}`, `[index: a]`; a
    record's and a mapping's values as the language writes them, also among words."""
    named = isinstance(value, (Record, dict))
    entries = zip(value.fields, value) if isinstance(value, Record) else value.items() if named else value
    if type(value) is tuple:
        opening, closing = _PAREN, _ONE if len(value) == 1 else _UNPAREN
    else:
        opening, closing = (_BRACE, _UNBRACE) if isinstance(value, Record) else (_OPEN, _CLOSE)
    out = [(opening, False)]
    for k, entry in enumerate(entries):
        if k:
            out.append((_COMMA, False))
        if named:
            out.append((_Mark(f"{entry[0]}: "), False))
            out.append((entry[1], False))
        else:
            out.append((entry, words))
    out.append((closing, False))
    out.reverse()
    return out


def _atom(value, words: bool) -> str:
    if value is True or value is False:
        return "true" if value else "false"
    if value is None:
        return "none"
    if words:
        if isinstance(value, Piece):
            shown = value.kind.shown
            return repr(value) if shown is None else shown(value.face, value.value, value.owner)
        if isinstance(value, (Kind, Part)):
            return value.title or value.name
        if isinstance(value, Zone):
            return zone_words(value.name)
    if isinstance(value, range):
        return f"{value.start}..{value.stop - 1}"
    if isinstance(value, Kind):
        return value.name
    if callable(value):
        # A function made with `=>` or a built-in: Python would write where it lies in memory,
        # which differs from run to run.
        return "a function"
    return str(value)


def zone_words(name: str) -> str:
    """A zone's name as people read it: `field[3]` is `field 3`, `cards_in_hand` `cards in hand`."""
    return name.replace("_", " ").replace("[", " ").replace("]", "")
