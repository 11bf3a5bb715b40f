"""The built-in functions of the language (declared in dsl/builtins.py), as Python.

Compiled rules call these directly, by the name the table gives (`Builtin.python_name`):
`b_weight`; `g_left` for one that needs the game, which takes it as first argument (the
compiler passes it, so the names a designer writes stay short: `left(p)`). A built-in that
Python has (`len`, `sum`...) has no function here: compiled rules call Python's.
"""

from __future__ import annotations

import builtins as python_builtins
import itertools
import math
import operator
from operator import attrgetter

from ...dsl.builtins import BUILTINS
from .budget import SHORT, OverBudget, count_walk
from .runtime import NoOptions
from .values import Record, TooLong, written
from .words import in_words, table_words


_WEIGHT = attrgetter("weight")
_VALUE = attrgetter("value")


def b_sorted(x, key=None, desc=False):
    return sorted(x, key=key, reverse=bool(desc))


def b_zip(a, b):
    return list(zip(a, b))


# How often `value` occurs, in C: an item that is `value` counts, or one equal to it, as
# `list.count` has it (rankings count keys once per owner, in every look-ahead).
b_count = operator.countOf


def b_distinct(items):
    """The items without repeats, the first of equal items kept. Equal is as `==` has it, so
    lists are equal by value: `distinct(combinations([1, 1, 5], 2))` is `[[1, 1], [1, 5]]`."""
    try:
        return list(dict.fromkeys(items))
    except TypeError:
        pass
    keys = list(map(by_value, items))
    # Each key's first item (a dict keeps the last value given for a key: so, given backwards),
    # in the order the keys first come: two dicts made in C, not one item at a time.
    first = dict(zip(reversed(keys), reversed(items)))
    return [first[key] for key in dict.fromkeys(keys)]


class _Holder:
    """What holds the items of a key made by `by_value`: a list's are never a tuple's, nor a record's."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


_LIST, _RECORD, _MAPPING = _Holder("list"), _Holder("record"), _Holder("mapping")


def by_value(item):
    """A key that can be hashed, equal for two items exactly when they are equal (`==`): the
    item itself where it hashes (a number, text, piece, zone, part, a tuple of these), else
    made of its items' keys. Where a built-in finds equal items by hashing (`distinct`,
    `without`), a list is so found by value, as a comparison finds it. What making a key goes
    through, at every depth, the compiled call has counted (`budget.deep`).

        >>> by_value([1, (2, [3])]) == by_value([1, (2, [3])]) != by_value((1, (2, [3])))
        True
    """
    if type(item) is list:
        # The common case first (lists of numbers, `combinations`' lists), raising nothing.
        return _list_key(item)
    try:
        hash(item)
        return item
    except TypeError:
        pass
    if isinstance(item, Record):
        return (_RECORD, item.fields) + tuple(map(by_value, item))
    if isinstance(item, list):
        return _list_key(item)
    if isinstance(item, dict):
        return (_MAPPING, frozenset((index, by_value(value)) for index, value in item.items()))
    return tuple(map(by_value, item))


def _list_key(items: list) -> tuple:
    """`by_value` of a list: items that hash are their own keys, so a list of numbers is keyed at once."""
    key = (_LIST, *items)
    try:
        hash(key)
        return key
    except TypeError:
        return (_LIST,) + tuple(map(by_value, items))


def b_first(items):
    return items[0]


def b_last(items):
    return items[-1]


MAX_COMBINATIONS = 1_000_000
"""The most lists `combinations` makes, whatever the game's budget: each takes memory."""


def g_combinations(g, items, k):
    """Every way to pick `k` of `items`; the items of the lists it makes count a step each, before
    they are made."""
    items = list(items)
    made = math.comb(len(items), k) if 0 <= k else 0
    if made > MAX_COMBINATIONS:
        raise ValueError(f"combinations of {len(items)} items, {k} at a time, would make {made:,} lists: "
                         f"at most {MAX_COMBINATIONS:,} can be made")
    if made * k > SHORT:
        count_walk(g, made * k)
    return [list(c) for c in itertools.combinations(items, k)]


def b_without(items, removed):
    """The items of `items` not in `removed`. An item is removed if it is one of them or equal
    to one: found by hashing, lists by their value (`by_value`), as equal values hash alike."""
    items, removed = list(items), list(removed)
    try:
        gone = set(removed)
        return [item for item in items if item not in gone]
    except TypeError:
        pass
    gone = set(map(by_value, removed))
    return [item for item in items if by_value(item) not in gone]


def b_faces(pieces):
    return sorted({p.face for p in pieces})


def b_weight(pieces):
    return sum(map(_WEIGHT, pieces))


def b_facesum(pieces):
    return sum(map(_VALUE, pieces))


def b_highest(pieces):
    return max([p.value for p in pieces], default=0)


def b_owned(pieces, owner):
    return [p for p in pieces if p.owner == owner]


def b_showing(pieces, face):
    return [p for p in pieces if p.face == face]


def _owner_order(owner):
    return (owner is None, owner if owner is not None else 0)


def b_owners_of(pieces):
    return sorted({p.owner for p in pieces}, key=_owner_order)


def b_by_owner(pieces):
    groups: dict = {}
    for piece in pieces:
        owner = piece.owner
        group = groups.get(owner)
        if group is None:
            groups[owner] = [piece]
        else:
            group.append(piece)
    unowned = groups.pop(None, None)
    # Owners are seats (numbers), each once: the pairs sort by owner without a key.
    pairs = sorted(groups.items())
    if unowned is not None:
        pairs.append((None, unowned))
    return pairs


def b_of_kind(pieces, kind):
    return [p for p in pieces if p.kind is kind]


def g_pieces(g, kind):
    return list(g.pieces_by_kind.get(kind.name, ()))


def g_left(g, seat):
    return (seat + 1) % g.n


def g_right(g, seat):
    return (seat - 1) % g.n


def g_name(g, owner):
    return g.names[owner]


def g_is_player(g, owner):
    return 0 <= owner < g.n


def g_choose(g, player, label, options, secret=False, resume=None, prompt=None, shown=None):
    """The option chosen, or runtime.PAUSE when the game's driver must answer (the compiled
    call then takes it from `g.paused()`); options equal to an earlier one are left out by the
    compiled call, where they may be there (runtime.once). `resume`, from the compiler: the rest of the asking
    rule, for look-aheads (runtime.Decision). `prompt` (deferred: a function of nothing) and
    `shown`: the question and the options in words (running/words.py)."""
    options = list(options)
    if not options:
        raise NoOptions(label)
    asked = None if prompt is None and shown is None else (prompt, shown)
    return g.decide(player, label, options, bool(secret), resume=resume, asked=asked)


def g_join(g, items, sep=", ", last=None):
    """`join(xs, ", ", last = " and ")`: items in words (running/words.py), so a list reads
    without brackets: `1, 2B and 3`. Refused past the game's size before it is written whole."""
    if type(sep) is not str or not (last is None or type(last) is str):
        raise ValueError('`join` puts texts between the items: its second argument and `last` are texts, '
                         'as in join(xs, ", ", last = " and ")')
    size = g.budget.size
    room, words = size, []
    try:
        for item in items:
            word = written(item, room, True)
            room -= len(word) + len(sep)
            words.append(word)
    except TooLong:
        raise OverBudget("size", size, "items of a list or characters of a text") from None
    if last is None or len(words) < 2:
        made = sum(map(len, words)) + max(len(words) - 1, 0) * len(sep)
    else:
        made = sum(map(len, words)) + (len(words) - 2) * len(sep) + len(last)
    if made > size:
        raise OverBudget("size", size, "items of a list or characters of a text")
    if last is None or len(words) < 2:
        return sep.join(words)
    return sep.join(words[:-1]) + last + words[-1]


def b_plural(count, one, many=None):
    """`plural(n, "die", "dice")`: the count and the noun that goes with it."""
    if type(one) is not str or not (many is None or type(many) is str):
        raise ValueError('`plural` names what is counted in texts, as in plural(n, "die", "dice")')
    return f"{in_words(count)} {one if count == 1 else many if many is not None else one + 's'}"


def g_view(g):
    return table_words(g)


def g_chance(g, probability):
    if g.explicit is not None:
        return g.explicit.chance(g, probability)
    return g.random() < probability


def g_random_int(g, low, high):
    if g.explicit is not None:
        return g.explicit.random_int(g, low, high)
    return low + int(g.random() * (high - low + 1))


def g_shuffled(g, items):
    items = list(items)
    if g.explicit is None:
        g.rng.shuffle(items)
    else:
        g.explicit.shuffle(g, items)
    return items


def implementation(name: str):
    """The Python function behind built-in `name`: Python's own, or ours above."""
    builtin = BUILTINS[name]
    if builtin.python:
        return getattr(python_builtins, builtin.python_name)
    return globals()[builtin.python_name]
