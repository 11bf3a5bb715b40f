"""The expressions of the language."""

from __future__ import annotations

from typing import Any

from .node import Node, node


@node
class Lambda(Node):
    param: str
    body: Any


@node
class Conditional(Node):
    then: Any
    cond: Any
    orelse: Any


@node
class OrOp(Node):
    left: Any
    right: Any


@node
class AndOp(Node):
    left: Any
    right: Any


@node
class NotOp(Node):
    operand: Any


@node
class Compare(Node):
    left: Any
    op: str
    right: Any


@node
class InOp(Node):
    left: Any
    right: Any


@node
class NotIn(Node):
    left: Any
    right: Any


@node
class Range(Node):
    low: Any
    high: Any


@node
class Binary(Node):
    left: Any
    op: str
    right: Any


@node
class Negate(Node):
    operand: Any


@node
class Call(Node):
    func: Any
    args: tuple


@node
class Keyword(Node):
    name: str
    value: Any


@node
class Index(Node):
    target: Any
    index: Any


@node
class Attribute(Node):
    target: Any
    name: str


@node
class Name(Node):
    id: str


@node
class Literal(Node):
    value: Any


@node
class Interpolated(Node):
    """A string with `{expr}` parts: literal text and expressions, in order."""

    parts: tuple


@node
class Tuple(Node):
    items: tuple


@node
class List(Node):
    items: tuple


@node
class Comprehension(Node):
    """`[e for a in xs if c for b in ys]`: one or more `for` clauses, each with an optional filter."""

    element: Any
    clauses: tuple


@node
class CompFor(Node):
    names: tuple
    iterable: Any
    cond: Any


@node
class Record(Node):
    """`{kind: "coins", n: 2}`: a value with named fields, read as `r.kind`."""

    fields: tuple


@node
class Field(Node):
    name: str
    value: Any


@node
class Play(Node):
    point: str
    player: Any
