"""One budget for a game: how much work and memory rules someone else wrote may take.

A game counts its steps in one counter, `Game.steps`, across every loop and call: each pass
of a loop or of a comprehension's clause, each call of a rule that can call itself, and each
item a built-in, a comparison, `in`, `+` or a text goes through; and the pieces it has
created. A list or text made by `*`, `+` or a text's `{...}` must stay within a size, a
number made by multiplication or a power within its digits. Going over any of them stops the
game with a located error (exit 3) that names the limit and how to raise it:

    rulesrun RULES --budget steps=50000000

The checks are where the work is decided, before it is done, not on every expression: a
`for`, `repeat` or comprehension counts all its passes when it starts (`spend`, or its lines
written out in a `for` over a list; a comprehension's first clause over the seats or over one
zone is bounded already, as a built-in's pass over a zone is, and is not counted), a `while`
each pass, a recursive rule each call, a built-in the items of the arguments it goes through
(`Builtin.walks`, dsl/builtins.py: `sum(1..1000000000000)` stops before its first item), `*`
and `+` the size of what they make.

A value can hold one list many times over (`s = [s, s]`, sixty times, is a list of sixty
levels that holds 2**60 numbers): making it takes sixty steps, but going through it, to
compare, hash or write it, would take 2**60. So whatever goes through a value to its last
item (a comparison, `in`, `sorted`, `count`, a text's `{...}`, `join`) counts every item it
may meet, at every depth, and every character of a text (`deep`, `items_in`), unless the
compiler proves one side small (a number, a piece, a zone, what the rules write: `_cheap` in
interpreter/compiling/costs.py). Counting stops as soon as the count passes what is left of
the budget, so the count itself is bounded too. Writing a value in words outside
the rules' own texts (a log's option labels, an error message, a seat's view) stops at
`values.SHOWN` characters.
"""

from __future__ import annotations

import math
from operator import eq, ne
from itertools import chain, compress, repeat

import attrs

from ...dsl.limits import MAX_MEMBERS
from .values import Fixed, Piece, Zone


@attrs.frozen(slots=True)
class Budget:
    """The limits of one game; `--budget NAME=N` sets one (NAME a field)."""

    steps: int = 1_000_000
    """Loop passes, calls of recursive rules and the items built-ins, comparisons and texts go
    through, all together (the longest shipped game, with greedy agents trying moves on the
    game itself, takes about 21,000)."""
    pieces: int = 100_000
    """Pieces created (dice, cards), all kinds together."""
    size: int = 10_000_000
    """Items of a list or characters of a text made by `*`, `+`, `{...}` or `join`."""
    digits: int = 4_000
    """Decimal digits of a whole number made by `*` or `**`."""

    @classmethod
    def parse(cls, settings) -> "Budget":
        """A budget from `NAME=N` texts; ValueError names what is wrong."""
        values = {}
        names = [field.name for field in attrs.fields(cls)]
        for setting in settings:
            name, _, text = setting.partition("=")
            if name.strip() not in names:
                raise ValueError(f"`{setting}`: the budget's limits are {', '.join(names)} (e.g. steps=50000000)")
            if not text.strip().isdigit() or len(text.strip()) > 18 or int(text) < 1:
                raise ValueError(f"`{setting}`: a limit is a whole number from 1 to {10 ** 18 - 1:,}")
            values[name.strip()] = int(text)
        return cls(**values)


class TooMany(Exception):
    """A declaration makes more than the language allows (dsl/limits.py): args (what, how many
    it makes, the limit). Not a budget: no game needs more."""


def at_most_members(items, what: str):
    """`items` (a family's indexes, a die's faces), if there are at most MAX_MEMBERS of them."""
    if len(items) > MAX_MEMBERS:
        raise TooMany(what, len(items), MAX_MEMBERS)
    return items


def members(low: int, high: int) -> range:
    """The indexes `low..high` of a family of zones or vars."""
    return at_most_members(range(low, high + 1), "members of a family")


class OverBudget(Exception):
    """The game went over one of its limits: args (the limit's name, its value, what went over)."""


SHORT = 64
"""A walk of at most this many items, none of which runs a rule (a built-in's, a comparison's,
`in`'s, `+`'s), goes uncounted, as a pass over the seats does: it costs no more than a few of
the rules' operations, which the steps bound. A loop's passes are counted however few: each
runs rules, and short loops inside short loops multiply."""

class LongZone(Zone):
    """A zone that has held more than `SHORT` pieces: every pass over it, by a rule, a built-in
    or an operation, counts its pieces against its game's steps, and so does taking a piece out
    of it from anywhere but its top (`remove` searches it).

    The compiler leaves a pass over a zone uncounted (a zone is bounded by the pieces budget,
    `Expressions._bounded`), which is right for the few pieces a zone of a game holds, but a
    rule that goes through 90,000 pieces at each of 900,000 passes of a loop would run for an
    hour within its budget. A zone becomes one as it grows past `SHORT` (`grown`), and stays
    one: what it costs is a Python call per pass, paid only by long zones (a deck of cards)."""

    __slots__ = ()

    def __iter__(self):
        count_walk(self.game, len(self))
        return list.__iter__(self)

    def __contains__(self, item) -> bool:
        count_walk(self.game, len(self))
        return list.__contains__(self, item)

    def remove(self, piece) -> None:
        """A piece taken out from anywhere but the top: finding it goes through the zone."""
        count_walk(self.game, len(self))
        list.remove(self, piece)


ZONES = frozenset({Zone, LongZone})
"""The types of a zone: `type(value) in ZONES` where `type(value) is Zone` would miss a long one."""


LISTS = frozenset({list, tuple, Zone, LongZone, Fixed})
"""The types of lists a name holding at most SHORT items of is gone through at once (the code
generator tests for one where the name is read: expressions.py, `_walk_counted`)."""

ATOMS = frozenset({int, float, bool, type(None)})
"""The types of values a comparison with takes no time, whatever the other side: a name holding
one is compared at once (expressions.py, `e_Compare`), anything else through `compare`."""


def spend(g, items):
    """`items`, after counting a pass for each against the game's steps (a loop about to run).
    Something without a length (a number) counts nothing."""
    try:
        count = len(items)
    except TypeError:
        return items
    except OverflowError:
        over_steps(g)
    g.steps += count
    if g.steps > g.step_budget:
        over_steps(g)
    return items


def walk(g, items):
    """`items`, after counting an item each against the game's steps (a built-in about to go
    through them), but for a short walk (`SHORT`). Something without a length counts nothing."""
    try:
        count = len(items)
    except TypeError:
        return items
    except OverflowError:
        over_steps(g)
    if count > SHORT:
        g.steps += count
        if g.steps > g.step_budget:
            over_steps(g)
    return items


def count_walk(g, count: int) -> None:
    """Count a walk of `count` items (but a short one: `SHORT`)."""
    if count > SHORT:
        g.steps += count
        if g.steps > g.step_budget:
            over_steps(g)


def grown(g, zone) -> None:
    """`zone` of `g` has just grown: past `SHORT` pieces, a LongZone from now on."""
    if len(zone) > SHORT and type(zone) is Zone:
        zone.game = g
        zone.__class__ = LongZone


# What may hold items to go through at every depth: lists (zones, params' lists), tuples
# (records), mappings (families), and texts (their characters).
_NESTING = (list, tuple, dict, str)
# `map(isinstance, items, _HOLDERS)`: isinstance(item, (list, tuple, dict)) for each item, in C
# (map stops with the items, so one endless repeat serves every call); and texts, mappings.
_HOLDERS, _TEXTS, _MAPPINGS = repeat((list, tuple, dict)), repeat(str), repeat(dict)
# Lists and tuples as they are, and what is one item to count with nothing inside (`deep`).
_SEQUENCES = frozenset({list, tuple})
_ATOMIC = frozenset({int, float, bool, type(None), Piece})
# What makes an item more than one to count: a holder or a text.
_FLAT = repeat((list, tuple, dict, str))


def items_in(value, most: int) -> int:
    """How many items going through `value` to its last item may meet: its items, theirs, and so
    on, and the characters of texts, each time a list is met again counted again (`s = [s, s]`
    holds two lists, four, ...). Counting stops past `most`, so it takes no longer than that;
    it goes through a level of the value at a time, in C.

        >>> s = [1]
        >>> for _ in range(60): s = [s, s]
        >>> items_in([1, (2, "abc")], 100), items_in(s, 1000) > 1000
        (7, True)
    """
    if type(value) is str:
        return len(value)
    count = 0
    level = [value]
    while level:
        count += sum(map(len, level))
        if count > most:
            return count
        if any(map(isinstance, level, _MAPPINGS)):
            level = [holder.values() if type(holder) is dict else holder for holder in level]
        items = list(chain.from_iterable(level))
        texts = list(compress(items, map(isinstance, items, _TEXTS)))
        if texts:
            count += sum(map(len, texts))
        level = list(compress(items, map(isinstance, items, _HOLDERS)))
    return count


def deep(g, value):
    """`value`, after counting every item going through it to its last item may meet
    (`items_in`): what a comparison, a hash or writing it in words may take. A list or tuple
    that holds no list, tuple or mapping (the common case: numbers, pieces) is its length and the
    characters of its texts."""
    kind = type(value)
    if (kind is list or kind is tuple) and not any(map(isinstance, value, _HOLDERS)):
        count = len(value) + sum(map(len, compress(value, map(isinstance, value, _TEXTS))))
    elif (kind is list or kind is tuple) and set(map(type, value)) <= _SEQUENCES \
            and set(map(type, inner := list(chain.from_iterable(value)))) <= _ATOMIC:
        # Lists of numbers or pieces (`combinations`' lists): the lists and their items.
        count = len(value) + len(inner)
    elif isinstance(value, _NESTING):
        count = items_in(value, g.step_budget - g.steps)
    else:
        return value
    if count > SHORT:
        g.steps += count
        if g.steps > g.step_budget:
            over_steps(g)
    return value


def compare(g, op, left, right):
    """`op(left, right)` (`operator.eq`, `lt`...), its work counted first when both sides may hold
    items: a comparison stops at the end of the smaller side, so that side's items are counted.
    Two lists of different lengths are unequal at once, as Python finds them, going through neither."""
    kind = type(left)
    if kind is str:
        if type(right) is str and len(left) <= SHORT:
            return op(left, right)
    elif kind is list or kind is tuple:
        if kind is list and type(right) is list and len(left) != len(right) and (op is eq or op is ne):
            return op is ne
        if len(left) <= SHORT and len(left) <= g.step_budget - g.steps and not any(map(isinstance, left, _FLAT)):
            # A short list of numbers or pieces, within the budget left: the comparison stops at
            # its end, and `items_in` would count its length, which `count_walk` leaves uncounted.
            return op(left, right)
    if isinstance(left, _NESTING) and isinstance(right, _NESTING):
        room = g.step_budget - g.steps
        count = items_in(left, room)
        if count > room:
            count = items_in(right, room)
        count_walk(g, count)
    return op(left, right)


def keyed(g, key):
    """`sorted`'s `key`, each key it gives counted as `deep` counts it (sorting compares them),
    but a number, at once."""
    return lambda item: found if type(found := key(item)) in ATOMS else deep(g, found)


def within(g, item, items) -> bool:
    """`item in items`, its work counted first: nothing for a whole number in a range (Python
    answers from the ends), the items of `items` (or characters of a text) for a plain item,
    and every item at every depth for one that is itself a list, a tuple or a text."""
    if type(items) is range and (type(item) is int or type(item) is bool):
        return item in items
    if isinstance(item, _NESTING) and isinstance(items, (list, tuple, dict)):
        deep(g, items)
    else:
        walk(g, items)
    return item in items


_SIZED = (list, tuple, str)


def plus(g, left, right):
    """`left + right`: two lists or texts joined are refused past the game's size, and each item
    copied counts a step (`l = l + [x]` in a loop copies the list each pass)."""
    if isinstance(left, _SIZED) and isinstance(right, _SIZED):
        made = len(left) + len(right)
        if made > g.budget.size:
            raise OverBudget("size", g.budget.size, "items of a list or characters of a text")
        count_walk(g, made)
    return left + right


def added(g, target, value):
    """`value`, to be added with `target += value`: refused if `target` would grow past the
    game's size, and its work counted: a list extended in place copies `value`'s items, a text
    or tuple (which cannot change) is made anew, all of it. `target` is None where the rule's
    target cannot be read twice: then `value` alone is counted."""
    if isinstance(value, (list, tuple, str, range)):
        count = _length(g, value)
        if isinstance(target, _SIZED):
            if len(target) + count > g.budget.size:
                raise OverBudget("size", g.budget.size, "items of a list or characters of a text")
            if type(target) is not list:
                count += len(target)
        elif count > g.budget.size:
            raise OverBudget("size", g.budget.size, "items of a list or characters of a text")
        count_walk(g, count)
    return value


def _length(g, items) -> int:
    try:
        return len(items)
    except OverflowError:
        over_steps(g)


def text(g, parts: tuple) -> str:
    """A text of the rules with `{...}` in it, made of `parts` (texts): refused past the game's
    size before it is made (`"{t}{t}"` doubles `t`)."""
    if sum(map(len, parts)) > g.budget.size:
        raise OverBudget("size", g.budget.size, "items of a list or characters of a text")
    return "".join(parts)


def times(g, left, right):
    """`left * right`, refused if it would make a list or text longer than the game's size or
    a whole number longer than its digits; the items of a list or text it makes count a step
    each."""
    budget = g.budget
    if type(left) is int and type(right) is int:
        if (left.bit_length() + right.bit_length()) * 0.30103 > budget.digits + 1:
            raise OverBudget("digits", budget.digits, "digits of a number")
        return left * right
    if type(right) is int and hasattr(left, "__len__"):
        length, count = len(left), right
    elif type(left) is int and hasattr(right, "__len__"):
        length, count = len(right), left
    else:
        return left * right
    if length * count > budget.size:
        raise OverBudget("size", budget.size, "items of a list or characters of a text")
    if count > 0:
        # Making it copies each item: a step each, as a loop making it would take.
        count_walk(g, length * count)
    return left * right


_NUMBERS = (int, float, bool)


def power(g, base, exponent):
    """`base ** exponent` of numbers, a whole number it would make refused past the game's digits
    before it is made (`2 ** 100000`); a negative number to a fractional power, which Python
    answers with a complex number, is no number of the language and is refused by name."""
    if type(base) not in _NUMBERS or type(exponent) not in _NUMBERS:
        raise TypeError(f"unsupported operand type(s) for **: '{type(base).__name__}' and '{type(exponent).__name__}'")
    if type(base) is not float and type(exponent) is not float and exponent > 1 and abs(base) > 1 \
            and exponent * math.log10(abs(base)) > g.budget.digits + 1:
        raise OverBudget("digits", g.budget.digits, "digits of a number")
    if base < 0 and type(exponent) is float and not exponent.is_integer():
        raise ValueError(f"({base}) ** {exponent}: a negative number to a fractional power is no number")
    return base ** exponent


def over_steps(g):
    """The game went over its steps: stopped, located where the compiled rule stands."""
    raise OverBudget("steps", g.step_budget, "loop passes and calls")
