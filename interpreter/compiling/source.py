"""What the code generator writes into: the generated lines with the spans they came from, and
the scope of the code being written (a Frame per function, after jinja2's code generator)."""

from __future__ import annotations

from contextlib import contextmanager

import attrs

from ...dsl.errors import Span
from .ownership import OwnLocals


class Source:
    """Generated Python lines, each remembering the .rules span it came from."""

    def __init__(self):
        self.lines: list[str] = []
        self.spans: list[Span | None] = []
        self.depth = 0

    def emit(self, text: str, span: Span | None = None) -> None:
        self.lines.append("    " * self.depth + text)
        self.spans.append(span)

    @contextmanager
    def indented(self):
        """The lines written inside are one level deeper: `with o.indented(): o.emit(...)`."""
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1

    def insert(self, index: int, text: str, span: Span | None = None) -> None:
        """A line written before line `index`, at the present depth."""
        self.lines.insert(index, "    " * self.depth + text)
        self.spans.insert(index, span)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


_NOBODY_OWNS = OwnLocals(frozenset(), frozenset())


@attrs.define(slots=True)
class Frame:
    """The scope of the code being written, as jinja2's code generator keeps one per function:
    the locals by block, which of them hold lists of their own (ownership.py), whether the code
    may pause at a decision (`yield`), whether it has, and which of its lets are never read.
    A lambda or comprehension gets an inner frame that sees the locals around it and never
    pauses."""

    scopes: list
    own: OwnLocals = _NOBODY_OWNS
    yielding: bool = False
    yielded: bool = False
    # The names the function's `let`s bind that nothing in it reads (dead stores): a `let` of
    # one whose value cannot change the game need not be computed (Statements.s_Let).
    unread: frozenset = frozenset()
    # The names the rule binds as its parameters, `let`s and loop variables, anywhere in it;
    # None where not worked out (Statements._folded then leaves conditions as they are).
    rule_locals: frozenset | None = None
    # The locals that hold something bounded here, a pass over which needs no count: parameters
    # that are always a zone, and steady locals given something bounded (bounded.py). A name
    # bound again, here or in a comprehension inside, is no longer one of them.
    bounded: set = attrs.field(factory=set)
    # The locals whose value is cheap to compare (a number, a piece, a zone, a value the rules
    # write: Expressions._cheap), and those whose items are (Expressions._cheap_items): a
    # comparison with one, or going through one's items, needs no count of what it meets. A
    # name bound again is no longer one of them.
    cheap: set = attrs.field(factory=set)
    cheap_items: set = attrs.field(factory=set)
    # The parameters that always hold a function whose answer is cheap (bounded.cheap_functions).
    cheap_results: set = attrs.field(factory=set)
    # The locals that hold something cheap that cannot change in place (Costs._fixed).
    fixed: set = attrs.field(factory=set)
    # The rule's parameters and statements, and which of its locals are bound by one `let`
    # and then only read (bounded.steady_locals): worked out when a `let` first asks.
    rule: tuple = ((), ())
    steady: frozenset | None = None

    def knows(self, name: str) -> bool:
        return any(name in scope for scope in self.scopes)

    def names(self) -> set[str]:
        return {name for scope in self.scopes for name in scope}

    def declare(self, *names: str) -> None:
        self.scopes[-1].update(names)
        self.bounded.difference_update(names)
        self.cheap.difference_update(names)
        self.cheap_items.difference_update(names)
        self.cheap_results.difference_update(names)
        self.fixed.difference_update(names)

    def inner(self, *names: str) -> Frame:
        return Frame(self.scopes + [set(names)], self.own, bounded=self.bounded - set(names),
                     cheap=self.cheap - set(names), cheap_items=self.cheap_items - set(names),
                     cheap_results=self.cheap_results - set(names), fixed=self.fixed - set(names))
