"""Remembered results of pure procedures: asked again with the same arguments, answered at once.

A search bot asks the ruleset's `value` after every option it weighs, and most of what
`value` computes (how each scoring field would pay, say) is the same after every option,
since a move changes one or two zones. A call of a pure procedure (interpreter/compiling/purity.py) is remembered
under its arguments, a zone recognised by its stamp (interpreter/running/values.py: equal stamps,
equal pile), numbers, text, kinds and tuples of these by value. A call with any other
argument (a list, a piece, a function) runs as usual, and so does a call whose answer
holds something that could be changed in place (a list inside a list, a mapping); after
such an answer the procedure is not remembered again in that game (the memory holds the
procedure itself as a mark), which spares the work of trying. That is a game that keeps
books; a game without books remembers otherwise (below).

In a game that keeps books the memory belongs to the game, and a remembered answer is the
very answer the procedure gave. A game without books recognises a call by its arguments'
values and shares its memory with every game of its rules and number of seats
(`remembered_values`): an answer comes back as a copy where it holds lists, and spends the
steps the call spent. Either way remembering changes no game, only how fast it runs.
"""

from __future__ import annotations

from itertools import islice
from operator import attrgetter

from ..running.budget import ZONES
from ..running.values import Kind, Piece, Zone

_VALUES = frozenset({int, str, bool, float, type(None)})
"""What an answer or a key remembered across games may hold, with lists and tuples of these."""
_PLAIN = _VALUES | {Kind}
_SHARED = _PLAIN | {Piece} | ZONES
_LIMIT = 1 << 16
_ITEMS = 4096
"""The most items (at every depth) of an argument or answer that is remembered."""
_PILE = 64
"""The most pieces of a zone recognised by what it holds (`remembered_values`)."""
_TRIAL = 4096
"""Answers a procedure works out in the shared memory of games without books before
remembering it is judged: the memory starts empty, so early calls are new however often the
rules ask them again later (the Yahtzee policy of examples/: a quarter of the first 3,000
calls of `keeps` answered from memory, half of them after 100 games)."""


def remembered(g, procedure, *args):
    """`procedure(g, *args)`, from memory where the same call was answered before."""
    answer, is_list = _recall(g, procedure, args)
    return list(answer) if is_list else answer


def recalled(g, procedure, *args):
    """`remembered`, for a caller that goes through the answer once (a `for` loop, which must
    not see what its body changes): a remembered list comes back as the tuple the memory
    holds, which nobody can change, and is not copied; any other list, a zone's pile
    included, as a tuple of what it holds now."""
    answer, is_list = _recall(g, procedure, args)
    return answer if is_list or not isinstance(answer, list) else tuple(answer)


def recalled_piles(g, procedure, key, *piles):
    """`recalled` for a call whose arguments are all zones, known when the rules are compiled,
    once the compiled rule has found no answer under `key`, which it makes and looks up itself:
    the zones' stamps around the procedure (no two zones ever have the same stamp)."""
    answer, is_list = _answer(g, procedure, piles, key)
    return answer if is_list or not isinstance(answer, list) else tuple(answer)


def remembered_values(g, procedure, *args):
    """`remembered` in a game that keeps no books, for a procedure that only reads its
    parameters. Such a game never renews a zone's stamp, so a call is recognised by the values
    of its arguments alone: a zone by its name and what it holds, each piece's kind, face,
    value and owner in order (a pile of at most `_PILE` pieces; a larger one makes the call
    run; the kind named once where the game has made pieces of one kind only), a list by its
    items (the procedure cannot change it). The key holds no object of a game, and neither
    may the answer (numbers, texts, truths and lists or tuples of these): a procedure that
    answers a piece, a zone, a kind or an argument list itself (the same list must come back)
    is not remembered again in games of its form.

    So the memory is shared by every game of one `Rules` with one number of seats
    (`Rules.shared_memory`): what a pure procedure answered in one game answers it in the next
    (the thousands of games of a `simulate` ask the same few hundred calls). A remembered
    answer comes back as a new list where it was one, nested lists too (`_thawed`), and a
    call answered from memory spends the steps the call spent when it ran, so a game spends
    the same steps, and meets its budget at the same place, whatever ran before it; a call
    that would go over the game's steps runs, to stop where it goes over.

    A procedure that has worked out `_TRIAL` answers and found fewer than a quarter as many
    remembered runs from then on, in every game of the memory."""
    answer, shape, _, _ = _recall_values(g, procedure, args)
    if shape <= _AS_IS:
        return answer
    if shape == _FLAT:
        return list(answer)
    return list(map(list, answer)) if shape == _ROWS else _thawed(answer)


def recalled_values(g, procedure, *args):
    """`recalled` in a game that keeps no books (`remembered_values`)."""
    answer, shape, _, _ = _recall_values(g, procedure, args)
    if shape == _RAN:
        return tuple(answer) if isinstance(answer, list) else answer
    if shape == _ROWS:
        return tuple(map(list, answer))
    if shape == _NESTED:
        answer = _thawed(answer)
        return tuple(answer) if type(answer) is list else answer
    return answer


# How a remembered answer comes back (`remembered_values`): it ran and was not remembered
# (as it is), as it is (no list in it), a list of plain values (a tuple in memory), a list of
# such lists (`combinations`'), or lists in it at any depth (`_Listed` in memory).
_RAN, _AS_IS, _FLAT, _ROWS, _NESTED = -1, 0, 1, 2, 3
_DEPTH = 32
_KEPT_ITEMS = 1 << 20
"""The most items the answers (and keys) of one shared memory hold together (`_make_room`)."""
_NEW = object()
"""A procedure a shared memory has not met yet."""
_looks = attrgetter("kind.name", "face", "value", "owner")
"""What a procedure can read of a piece in a zone it is given, and so its part of a call's key."""
_shows = attrgetter("face", "value", "owner")
"""`_looks` where every piece is of one kind."""
_SHARED_ENTRIES = 1 << 16
"""The most answers a shared memory holds, all procedures together."""


class _Calls:
    """What a shared memory knows of one procedure: its answers by key, each (the answer as
    kept, its shape, the steps it cost, the items it and its key hold), and how many calls
    asked and how many ran."""

    __slots__ = ("answers", "asked", "ran")

    def __init__(self):
        self.answers: dict = {}
        self.asked = 0
        self.ran = 0


class _Room:
    """How many answers, and items in them, a shared memory holds (under the key `_ROOM`)."""

    __slots__ = ("answers", "items")

    def __init__(self):
        self.answers = 0
        self.items = 0


_ROOM = object()
_SAME = object()
"""A shared memory's key of its interned tuples (`_same`)."""
_SAME_MOST = 1 << 16


class _Listed(tuple):
    """A list inside a remembered answer, kept as a tuple that remembers it was a list."""

    __slots__ = ()


class _Unshared(Exception):
    """An answer that may not be remembered across games (`_frozen`)."""


def _recall_values(g, procedure, args) -> tuple:
    memory = g.remembered
    calls = memory.get(procedure, _NEW)
    if calls is None:
        return procedure(g, *args), _RAN, 0, 0
    key = []
    for arg in args:
        kind = type(arg)
        if kind in _VALUES or kind is tuple and _made_of(arg, _VALUES):
            key.append(arg)
        elif kind is list and _made_of(arg, _VALUES):
            key.append(list)
            key.append(tuple(arg))
        elif kind is Zone and len(arg) <= _PILE:
            # What a procedure can read of a zone: its pieces, in order, and what each shows;
            # their kind once, where the game has made pieces of one kind only.
            key.append(arg.name)
            made = g.pieces_by_kind
            if len(made) == 1:
                key.append(next(iter(made)))
                key.append(tuple(map(_shows, arg)))
            else:
                key.append(tuple(map(_looks, arg)))
        elif kind is Kind:
            key.append(Kind)
            key.append(arg.name)
        else:
            return procedure(g, *args), _RAN, 0, 0
    if calls is _NEW:
        calls = memory[procedure] = _Calls()
    calls.asked += 1
    key = tuple(key)
    known = calls.answers.get(key)
    if known is not None and g.steps + known[2] <= g.step_budget:
        g.steps += known[2]
        return known
    calls.ran += 1
    if calls.ran == _TRIAL and calls.asked < _TRIAL + _TRIAL // 4:
        memory[procedure] = None
    spent = g.steps
    answer = procedure(g, *args)
    spent = g.steps - spent
    if memory.get(procedure) is not calls:
        return answer, _RAN, 0, 0
    same = _same(memory)
    try:
        frozen, shape, items = _frozen(answer, args, same)
    except _Unshared:
        memory[procedure] = None
        return answer, _RAN, 0, 0
    if known is None:
        _make_room(memory, items + len(key))
        if key and type(key[-1]) is tuple:
            # A zone's pieces (the last argument's), each a tuple met in many keys: kept once.
            key = key[:-1] + (tuple(map(same, key[-1])),)
    known = calls.answers[key] = (frozen, shape, spent, items + len(key))
    return known


def _make_room(memory: dict, items: int) -> None:
    """Room in a shared memory for one more answer of `items` items: past `_SHARED_ENTRIES`
    answers or `_KEPT_ITEMS` items, the procedure with the most answers forgets its older
    half, again until there is room."""
    room = memory.get(_ROOM)
    if room is None:
        room = memory[_ROOM] = _Room()
    if room.answers >= _SHARED_ENTRIES or room.items + items > _KEPT_ITEMS:
        # A copy, made at once: another thread's game may add to the memory meanwhile.
        every = [calls for calls in memory.copy().values() if type(calls) is _Calls]
        while every and (room.answers >= _SHARED_ENTRIES or room.items + items > _KEPT_ITEMS):
            largest = max(every, key=lambda calls: len(calls.answers))
            if not largest.answers:
                break
            _forget_older_half(largest, room)
    room.answers += 1
    room.items += items


def _forget_older_half(calls: _Calls, room: _Room) -> None:
    """`calls` forgets the older half of its answers (a dict keeps them in the order they came),
    keeping those its games asked for last, rather than all."""
    answers = calls.answers
    for key in list(islice(answers, (len(answers) + 1) // 2)):
        room.items -= answers.pop(key)[3]
        room.answers -= 1


def _same(memory: dict):
    """The function that gives the one copy a shared memory keeps of an inner tuple equal to
    the one it is given (interning: `keeps`' answers hold the same few hundred lists, 7,776
    times over), up to `_SAME` tuples."""
    known = memory.get(_SAME)
    if known is None:
        known = memory[_SAME] = {}

    def same(value):
        if type(value) is not tuple and type(value) is not _Listed:
            return value
        kept = known.get(value)
        if kept is not None and type(kept) is type(value):
            return kept
        if len(known) < _SAME_MOST:
            known[value] = value
        return value

    return same


def _frozen(answer, args, same) -> tuple:
    """(the answer as memory keeps it, its shape, how many items it holds), its inner tuples
    given by `same`; `_Unshared` where it holds anything but plain values, is an argument list
    itself, holds more than `_ITEMS` items or lists deeper than `_DEPTH`."""
    kind = type(answer)
    if kind in _VALUES:
        return answer, _AS_IS, 1
    if kind is not list and kind is not tuple:
        raise _Unshared
    room = [_ITEMS]
    nested = [False]
    frozen = _freeze(answer, args, room, nested, 0, same)
    items = _ITEMS - room[0]
    if nested[0]:
        rows = kind is list and all(type(item) is _Listed and not any(map(_is_tuple, item)) for item in frozen)
        return frozen, _ROWS if rows else _NESTED, items
    return (tuple(frozen), _FLAT, items) if kind is list else (frozen, _AS_IS, items)


def _freeze(value, args, room: list, nested: list, depth: int, same):
    kind = type(value)
    if kind is list and any(value is arg for arg in args) or depth > _DEPTH:
        raise _Unshared
    room[0] -= len(value)
    if room[0] < 0:
        raise _Unshared
    items = []
    for item in value:
        inner = type(item)
        if inner in _VALUES:
            items.append(item)
        elif inner is list or inner is tuple:
            if inner is list:
                nested[0] = True
            items.append(same(_freeze(item, args, room, nested, depth + 1, same)))
        else:
            raise _Unshared
    return _Listed(items) if kind is list else tuple(items)


def _is_tuple(item) -> bool:
    return isinstance(item, tuple)


def _thawed(value):
    """A remembered answer as the procedure gave it: every `_Listed` a new list."""
    items = [_thawed(item) if isinstance(item, tuple) else item for item in value]
    return items if type(value) is _Listed else tuple(items)


def _recall(g, procedure, args) -> tuple:
    """The answer, and whether it was a list (then handed out as a tuple)."""
    if procedure in g.remembered:
        return procedure(g, *args), False
    key = [procedure]
    for arg in args:
        kind = type(arg)
        if kind in ZONES:
            key.append(arg)
            key.append(arg.stamp)
        elif kind in _PLAIN or kind is tuple and _made_of(arg, _PLAIN):
            key.append(arg)
        else:
            return procedure(g, *args), False
    key = tuple(key)
    known = g.remembered.get(key)
    return _answer(g, procedure, args, key) if known is None else known


def _answer(g, procedure, args, key) -> tuple:
    """The call made, its answer kept under `key` if it cannot be changed in place."""
    memory = g.remembered
    answer = procedure(g, *args)
    if procedure in memory:
        return answer, False
    kind = type(answer)
    if not (_made_of(answer, _SHARED) if kind is list or kind is tuple else kind in _SHARED):
        memory[procedure] = None
        return answer, False
    if len(memory) >= _LIMIT:
        memory.clear()
    known = memory[key] = (tuple(answer), True) if kind is list else (answer, False)
    return known


def _made_of(items, allowed) -> bool:
    """Whether `items` holds only values of the `allowed` types, or tuples of them (pieces and
    zones are game objects: sharing them is what the procedure's own answer would do), within
    `_ITEMS` items at every depth: a tuple holding one tuple many times over (`s = (s, s)`,
    repeated) would take longer to hash as a key than any game."""
    seen = 0
    pending = [items]
    while pending:
        current = pending.pop()
        seen += len(current)
        if seen > _ITEMS:
            return False
        for item in current:
            kind = type(item)
            if kind not in allowed:
                if kind is not tuple:
                    return False
                pending.append(item)
    return True
