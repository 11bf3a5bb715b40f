"""What every node of the syntax tree is, and the generic walks over a tree."""

from __future__ import annotations

import functools

import attrs

from ..errors import Span


@attrs.frozen(slots=True)
class Node:
    span: Span | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)


def node(cls):
    return attrs.frozen(slots=True)(cls)


@functools.cache
def _fields(cls) -> tuple[str, ...]:
    """The names of the fields of a node class that may hold nodes: all but `span` (memoized:
    the analyses walk the tree many times, and a class's fields never change)."""
    return tuple(field.name for field in attrs.fields(cls) if field.name != "span")


def children(n) -> list:
    """The child nodes of `n`, flattened out of tuples, in order: enough to walk any tree."""
    found = []
    for name in _fields(type(n)):
        value = getattr(n, name)
        if isinstance(value, Node):
            found.append(value)
        elif isinstance(value, tuple):
            found.extend(item for item in value if isinstance(item, Node))
    return found


def named_children(n):
    """(field name, child node) for every child of `n`, flattened out of tuples: where in its
    parent a node stands (interpreter/compiling/reach.py asks whether a zone is only read there)."""
    for name in _fields(type(n)):
        value = getattr(n, name)
        if isinstance(value, Node):
            yield name, value
        elif isinstance(value, tuple):
            for item in value:
                if isinstance(item, Node):
                    yield name, item


def walk(n):
    """Every node below and including `n`, depth first."""
    stack = [n]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(children(current)))


def dump(n, indent: str = "") -> str:
    """An indented outline of a tree: what a snapshot of a parsed file shows, one node a line.

        Move place
          params:
            MoveParam f
    """
    if isinstance(n, tuple):
        return "\n".join(dump(item, indent) for item in n)
    if not isinstance(n, Node):
        return f"{indent}{n!r}"
    scalars, nested = [], []
    for field in attrs.fields(type(n)):
        if field.name == "span":
            continue
        value = getattr(n, field.name)
        if isinstance(value, Node) or (isinstance(value, tuple) and any(isinstance(v, Node) for v in value)):
            nested.append((field.name, value))
        elif value is not None and value != ():
            scalars.append(f"{field.name}={value!r}")
    lines = [f"{indent}{type(n).__name__}" + (" " + " ".join(scalars) if scalars else "")]
    for name, value in nested:
        lines.append(f"{indent}  {name}:")
        lines.append(dump(value, indent + "    "))
    return "\n".join(lines)
