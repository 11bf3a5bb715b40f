"""Python's words for a failed operation, said in the designer's: the play-time half of dsl/shapes.py.

The checker refuses what it can see before play (`hand[0] + 1` where `hand` is a family of
zones); what it cannot see (a procedure's parameter holding a zone) fails while the compiled
rules run, with a message about Python's types. This turns that message into the checker's:

    >>> designer_words(TypeError('can only concatenate list (not "int") to list'))
    ('`+` between a list and a number', '`+` joins two lists (`xs + [x]` adds an item); ...')

The shapes of values are read from the type names in Python's message; a message this module
does not know still gets words of the language, never Python's.
"""

from __future__ import annotations

import re

from ..compiling.names import field_of
from ...dsl.shapes import (LIST, NUMBER, PIECE, RANGE, TEXT, ZONE, attribute_mistake, binary_mistake,
                                 iteration_mistake, negate_mistake, order_mistake, words)

# Python's type names (as its messages spell them) -> the language's shapes.
_SHAPES = {
    "int": NUMBER, "float": NUMBER, "bool": "truth", "str": TEXT, "list": LIST, "Fixed": LIST, "Zone": ZONE,
    "Piece": PIECE, "range": RANGE, "NoneType": "none", "tuple": "tuple", "Kind": "kind", "function": "function",
    "dict": "family",
}
_PIECE_NAMES = {"faces": "face", "values": "face", "zone": "face"}


def _shape(python_name: str) -> str:
    return _SHAPES.get(python_name, "unknown")


def _operand(match, group: int) -> str:
    return _shape(match.group(group))


def designer_words(error: Exception) -> tuple[str, str]:
    """(message, hint) for an exception raised by an operation of the compiled rules."""
    text = str(error)
    if isinstance(error, ZeroDivisionError):
        return "division by zero", "check the divisor first: `x // n if n != 0 else 0`"
    if isinstance(error, OverflowError):
        return "a number too large to hold", \
            "decimals go up to about 1.8e308; a whole number has the digits its budget allows (--budget digits=N)"
    if isinstance(error, IndexError):
        return "an index outside the list or zone", "items are numbered from 0 to len(xs) - 1 (-1 is the last)"
    match = re.match(r"can only concatenate (\w+) \(not \"(\w+)\"\) to \w+", text)
    if match:
        return binary_mistake("+", _operand(match, 1), _operand(match, 2)) or _generic()
    match = re.match(r"unsupported operand type\(s\) for ([^:]+): '(\w+)' and '(\w+)'", text)
    if match:
        op = match.group(1).rstrip("=") or match.group(1)
        return binary_mistake(op, _operand(match, 2), _operand(match, 3)) or _generic()
    match = re.match(r"'(\S+)' not supported between instances of '(\w+)' and '(\w+)'", text)
    if match:
        return order_mistake(match.group(1), _operand(match, 2), _operand(match, 3)) or _generic()
    match = re.match(r"bad operand type for unary -: '(\w+)'", text)
    if match:
        return negate_mistake(_operand(match, 1)) or _generic()
    match = re.match(r"'(\w+)' object has no attribute '(\w+)'", text)
    if match:
        field = field_of(match.group(2))
        if field is not None:
            return f"{words(_operand(match, 1))} has no field `.{field}`", \
                "a record has the fields it is made with, {name: value, ...}; check what this name holds"
        name = _PIECE_NAMES.get(match.group(2), match.group(2))
        return attribute_mistake(_operand(match, 1), name) or _generic()
    # The second is what `in` and `count` say.
    match = re.match(r"'(\w+)' object is not iterable", text) or re.match(r"argument of type '(\w+)' is not iterable", text)
    if match:
        return iteration_mistake(_operand(match, 1), "this") or (
            f"{words(_operand(match, 1))} is used where a list, a zone or a range is needed", "")
    match = re.match(r"'in <string>' requires string as left operand, not (\w+)", text)
    if match:
        return f"{words(_operand(match, 1))} cannot be in a text", "`in` of a text asks whether a text is part of it: `\"ab\" in t`"
    match = re.match(r"'(\w+)' object does not support item assignment", text)
    if match:
        return f"{words(_operand(match, 1))} has no items to assign", \
            "only a list's items are assigned, `v[i] = x`: check what this name holds"
    match = re.match(r"'(\w+)' object is not subscriptable", text)
    if match:
        return f"{words(_operand(match, 1))} cannot be indexed with `[...]`", "only zones, lists, texts and families have items"
    match = re.match(r"object of type '(\w+)' has no len\(\)", text)
    if match:
        return f"`len` of {words(_operand(match, 1))}", "`len` counts the items of a list or the pieces of a zone"
    match = re.match(r"'(\w+)' object is not callable", text)
    if match:
        return f"{words(_operand(match, 1))} is called like a procedure", "only procedures, built-ins and `x => ...` functions can be called"
    if re.match(r"(max|min)\(\) (arg|iterable argument) is an empty sequence", text):
        return f"`{text[:3]}` of an empty list", "check `len(xs) > 0` first"
    match = re.match(r"unhashable type: '(\w+)'", text)
    if match:
        return (f"{words(_operand(match, 1))} cannot be told apart from others here",
                "a face, an owner or a key here is a number, a text, a piece or a tuple of these, not a list")
    if re.search(r"\.index\(x\): x not in tuple", text):
        return "a die is turned to a face it does not have", "the face must be one of those its `die` declares"
    if re.match(r"(too many|not enough) values to unpack", text):
        return "the items do not split into as many names as given", "`for a, b in xs` needs pairs: `by_owner`, `zip` make them"
    if type(error) is ValueError:
        return text, "this value does not fit what the rule does with it"  # raised by the engine, in its words
    return _generic()


def _generic() -> tuple[str, str]:
    return "a value here is not of the kind this operation needs", "check what each name on this line holds"
