"""Remembered results of pure procedures: asked again with the same arguments, answered at once.

A search bot asks the ruleset's `value` after every option it weighs, and most of what
`value` computes (how each scoring field would pay, say) is the same after every option,
since a move changes one or two zones. A call of a pure procedure (interpreter/compiling/purity.py) is remembered
under its arguments, a zone recognised by its stamp (interpreter/running/values.py: equal stamps,
equal pile), numbers, text, kinds and tuples of these by value. A call with any other
argument (a list, a piece, a function) runs as usual, and so does a call whose answer
holds something that could be changed in place (a list inside a list, a mapping); after
such an answer the procedure is not remembered again in that game (the memory holds the
procedure itself as a mark), which spares the work of trying.

The memory belongs to one game; a remembered answer is the very answer the procedure gave,
so remembering changes no game, only how fast it runs.
"""

from __future__ import annotations

from ..running.budget import ZONES
from ..running.values import Kind, Piece, Zone

_PLAIN = frozenset({int, str, bool, float, type(None), Kind})
_SHARED = _PLAIN | {Piece} | ZONES
_LIMIT = 1 << 16
_ITEMS = 4096
"""The most items (at every depth) of an argument or answer that is remembered."""
_PILE = 64
"""The most pieces of a zone recognised by what it holds (`remembered_values`)."""
_TRIAL = 128
"""Answers a procedure works out in a game without books before remembering is judged."""
_TALLY = object()
"""A memory's key of (calls, answers worked out) of a procedure: `(_TALLY, procedure)`."""


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
    parameters. Such a game never renews a zone's stamp, so a zone is recognised by what it
    holds, its pieces in order and each one's face, value and owner (a pile of at most `_PILE`
    pieces; a larger one makes the call run), and a list by its items (the procedure cannot
    change it, and its answer depends on what it holds); an answer that is an argument itself
    is never remembered, since the same list must come back.

    Nothing in such a game is asked twice on purpose (no look-ahead), so remembering pays only
    where the rules happen to ask again: a procedure that has worked out `_TRIAL` answers and
    found fewer than a quarter as many remembered runs from then on in that game."""
    answer, is_list = _recall_values(g, procedure, args)
    return list(answer) if is_list else answer


def recalled_values(g, procedure, *args):
    """`recalled` in a game that keeps no books (`remembered_values`)."""
    answer, is_list = _recall_values(g, procedure, args)
    return answer if is_list or not isinstance(answer, list) else tuple(answer)


def _recall_values(g, procedure, args) -> tuple:
    if procedure in g.remembered:
        return procedure(g, *args), False
    key = [procedure]
    for arg in args:
        kind = type(arg)
        if kind in _PLAIN or kind is tuple and _made_of(arg, _PLAIN):
            key.append(arg)
        elif kind is list and _made_of(arg, _PLAIN):
            key.append(list)
            key.append(tuple(arg))
        elif kind is Zone and len(arg) <= _PILE:
            # What a procedure can read of a zone: its pieces, in order, and what each shows.
            key.append(arg)
            key.append(tuple([(piece, piece.face, piece.value, piece.owner) for piece in arg]))
        else:
            return procedure(g, *args), False
    key = tuple(key)
    memory = g.remembered
    tally = memory.get((_TALLY, procedure))
    if tally is None:
        tally = memory[_TALLY, procedure] = [0, 0]
    tally[0] += 1
    known = memory.get(key)
    if known is not None:
        return known
    tally[1] += 1
    if tally[1] == _TRIAL and tally[0] < _TRIAL + _TRIAL // 4:
        memory[procedure] = None
    return _answer(g, procedure, args, key, True)


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


def _answer(g, procedure, args, key, lists: bool = False) -> tuple:
    """The call made, its answer kept under `key` if it cannot be changed in place (nor, where
    lists are arguments, `lists`, is one of them)."""
    memory = g.remembered
    answer = procedure(g, *args)
    if procedure in memory:
        return answer, False
    kind = type(answer)
    if not (_made_of(answer, _SHARED) if kind is list or kind is tuple else kind in _SHARED) \
            or lists and kind is list and any(answer is arg for arg in args):
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
