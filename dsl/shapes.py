"""What kind of value an expression is, in the designer's words, and which operations fit it.

The checker (dsl/check.py) knows the shape of many expressions before play (a zone, a family
of zones, a number, a text, a list, a piece, a range) and refuses an operation that cannot work
on it; what slips through (a procedure's parameter holds a zone) fails in play, and the
interpreter (interpreter/running/play_words.py) names the same mistake with the same words:

    >>> binary_mistake("+", ZONE, NUMBER)[0]
    '`+` between a zone and a number'
    >>> binary_mistake("+", LIST, LIST) is None
    True
"""

from __future__ import annotations

ZONE, FAMILY, NUMBER, TEXT, LIST, PIECE, RANGE, FUNCTION, UNKNOWN = (
    "zone", "family", "number", "text", "list", "piece", "range", "function", "unknown")

# How a message names a value of each shape.
WORDS = {
    ZONE: "a zone", FAMILY: "a family of zones", NUMBER: "a number", TEXT: "text", LIST: "a list",
    PIECE: "a piece", RANGE: "a range", "none": "none", "truth": "true or false", "tuple": "a tuple",
    "kind": "a kind", FUNCTION: "a function", UNKNOWN: "a value",
}

# What `+` joins: a zone's pile is a list of pieces, so zones and lists join into a list.
_JOINS = {NUMBER: NUMBER, TEXT: TEXT, LIST: LIST, ZONE: LIST}

# What each shape is, said in a hint: how to get from it to what the operation wanted.
_FROM = {
    ZONE: "a zone holds pieces: `len(z)` counts them, `facesum(z)` adds their values, `first(z)` is one of them",
    FAMILY: "pick one zone of the family first: `name[i]`",
    LIST: "`+` joins two lists (`xs + [x]` adds an item); `len(xs)` counts, `sum(xs)` adds numbers",
    PIECE: "a piece is not a number: use its `.value` (or `.face`)",
    FUNCTION: "a function made with `=>` is called, `f(x)`, or given to a built-in (`sorted(xs, key = f)`)",
    TEXT: "text cannot be used in arithmetic; put a number into text with \"...{n}...\"",
    RANGE: "a range `a..b` can be iterated, tested with `in` or measured with `len`",
}


# A part of a kind (3.8a) is a shape of its own, named after its kind: `part:board`.
_PART = "part:"


def part_of(kind: str) -> str:
    """The shape of a part of `kind`: `part_of("board")` is `part:board`, "a board" in words."""
    return _PART + kind


def kind_of(shape: str) -> str | None:
    """The kind of a part's shape (`board`), None for any other shape."""
    return shape[len(_PART):] if shape.startswith(_PART) else None


def words(shape: str) -> str:
    kind = kind_of(shape)
    if kind is not None:
        return f"a {kind}"
    return WORDS.get(shape, WORDS[UNKNOWN])


def binary_mistake(op: str, left: str, right: str) -> tuple[str, str] | None:
    """(message, hint) if `left op right` cannot work for these shapes, None if it can (or may)."""
    if op == "+":
        if left == UNKNOWN or right == UNKNOWN:
            bad = {left, right} & {PIECE, FAMILY, RANGE}
        elif left in _JOINS and right in _JOINS:
            bad = set() if _JOINS[left] == _JOINS[right] else {left, right}
        else:
            bad = {left, right}
    elif op == "*" and NUMBER in (left, right) and {left, right} & {LIST, TEXT}:
        bad = set()  # repetition: [0] * n
    else:
        bad = {left, right} - {NUMBER, UNKNOWN}
    if not bad:
        return None
    culprit = next((s for s in (left, right) if s in bad and s in _FROM), None)
    if culprit == LIST and op != "+":
        return f"`{op}` between {words(left)} and {words(right)}", \
            f"`{op}` works on numbers: `len(xs)` counts a list's items, `sum(xs)` adds its numbers"
    hint = _FROM[culprit] if culprit else f"`{op}` works on numbers" + (", texts and lists of one kind" if op == "+" else "")
    return f"`{op}` between {words(left)} and {words(right)}", hint


def negate_mistake(shape: str) -> tuple[str, str] | None:
    if shape in (NUMBER, UNKNOWN):
        return None
    return f"`-` of {words(shape)}", _FROM.get(shape, "`-` negates a number")


def attribute_mistake(shape: str, name: str) -> tuple[str, str] | None:
    """`x.name` where x is no piece."""
    if shape in (PIECE, UNKNOWN):
        return None
    hint = _FROM.get(shape, "only pieces (dice and cards) have attributes")
    if shape == NUMBER:
        hint = "only pieces (dice and cards) have attributes; this name holds a number (a seat, a face, a count)"
    return f"{words(shape)} has no `.{name}`: only a piece has", hint


def iteration_mistake(shape: str, where: str) -> tuple[str, str] | None:
    """`for x in e` (or `x in e`, `put e`) where e holds no items."""
    if shape in (NUMBER, PIECE, FAMILY):
        hint = {NUMBER: "to count, iterate a range: `for i in 1..n`",
                PIECE: "a single piece: write `[d]` for a list of one",
                FAMILY: "pick one zone of the family: `name[i]`, or iterate the indexes"}[shape]
        return f"{where} needs a list, a zone or a range, not {words(shape)}", hint
    return None


def element(shape: str) -> str:
    """The shape of an item of a value of `shape` (what `for x in it` binds)."""
    return {ZONE: PIECE, RANGE: NUMBER}.get(shape, UNKNOWN)


def order_mistake(op: str, left: str, right: str) -> tuple[str, str] | None:
    """`a < b` (and `<=`, `>`, `>=`) where the two cannot be ordered: a piece, or two kinds of value."""
    kinds = {_JOINS.get(s, s) for s in (left, right)}
    if PIECE in kinds or FAMILY in kinds or (UNKNOWN not in kinds and len(kinds) > 1):
        culprit = next((s for s in (left, right) if s in _FROM), None)
        return (f"`{op}` between {words(left)} and {words(right)}",
                _FROM[culprit] if culprit else "compare numbers with numbers and texts with texts")
    return None
