"""The syntax tree of a .rules file: small immutable nodes, one class per grammar rule.

Each class is named after its grammar rule (`create_deck` -> `CreateDeck`) and declares its
children in the order the rule produces them, so one generic builder (dsl/builder.py) makes
every node. The source span rides on every node but stays out of equality and repr, so two
trees compare by structure and a snapshot shows what a rule says, not where it stands.
"""

from __future__ import annotations

from typing import Any

import attrs

from .errors import Span


@attrs.frozen(slots=True)
class Node:
    span: Span | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)


def node(cls):
    return attrs.frozen(slots=True)(cls)


# ---------------------------------------------------------------- declarations


@node
class File(Node):
    items: tuple


@node
class GameTitle(Node):
    title: str


@node
class Fragment(Node):
    """`fragment "T" for "base.rules" with rounds = 2`: `base` (None: it says not) is the file it
    plugs into, `settings` the params it is played with when it is the file named (FragmentSetting)."""

    title: str
    base: str | None = None
    settings: tuple = ()


@node
class FragmentSetting(Node):
    name: str
    value: Any


@node
class PlayerRange(Node):
    low: int
    high: int


@node
class Include(Node):
    path: str


@node
class Extends(Node):
    path: str


@node
class Override(Node):
    decl: Any


@node
class Param(Node):
    name: str
    default: Any
    doc: str | None


@node
class Die(Node):
    name: str
    faces: Any
    weight: Any
    values: Any
    shown: Any = None


@node
class Card(Node):
    name: str
    entries: tuple
    shown: Any = None


@node
class Shown(Node):
    """How a piece or an option reads to people, not to the machine: `shown "{face}*" "big die"`.
    `text` is evaluated for each piece (with `face`, `value` and `owner` bound) or option (with
    the move's parameters bound); `title` is a kind's name in words (None: its name)."""

    text: Any
    title: str | None = None


@node
class Point(Node):
    """`point after_roll "Which face do you place?"`: the question a decision point asks, in
    words, evaluated with `player` bound. Its name stays the key that logs and bridges use."""

    name: str
    prompt: Any


@node
class CardEntry(Node):
    value: Any
    count: Any


@node
class Zone(Node):
    """`visibility`: None (every seat sees the pieces), "hidden" (no seat does: a count only) or
    "private" (a `per player` zone whose pieces only their owner sees)."""

    name: str
    shape: Any
    visibility: Any


@node
class Var(Node):
    name: str
    shape: Any
    init: Any


@node
class PerPlayer(Node):
    pass


@node
class Indexed(Node):
    """`[1..6]`: one zone or variable for each number of a range."""

    range: Any


@node
class Imaginary(Node):
    name: str
    label: str | None


@node
class Event(Node):
    name: str
    params: tuple


@node
class Proc(Node):
    name: str
    params: tuple
    body: tuple


@node
class Phase(Node):
    name: str
    body: tuple


@node
class Hook(Node):
    time: str
    target: str
    when: Any
    body: tuple


@node
class Move(Node):
    name: str
    params: tuple
    point: str
    shown: Any
    when: Any
    body: tuple


@node
class MoveParam(Node):
    name: str
    domain: Any


@node
class Forbid(Node):
    move: str
    when: Any


@node
class Handler(Node):
    event: str
    params: tuple
    when: Any
    body: tuple


@node
class Score(Node):
    """`score by p: KEY, ...`: each seat's score keys, the first deciding, the next breaking ties."""

    player: str
    lowest: Any
    keys: tuple


@node
class ScoreKey(Node):
    """One key of `score`: `money(p) as "money"`; the name (None if not given) labels it in the standing."""

    expr: Any
    name: Any


@node
class Value(Node):
    """`value by p: EXPR`: how well seat p stands, for agents that look ahead; without `by p`,
    EXPR is every seat's value at once, as a list in seat order."""

    player: str | None
    expr: Any


@node
class View(Node):
    """`view: [LINE, ...]`: how the table is shown to people, as lines of text: what the
    built-in `view()` gives (for `say`) and what the human seat shows on `t`. Without one,
    both show the generic view of every zone by owner."""

    expr: Any


@node
class Assertion(Node):
    """`assert COND, "message"` among the declarations: checked once the parameters are known,
    for every player count the rules allow, so bad settings (`--set rounds=-1`) are refused
    before play."""

    cond: Any
    message: Any


@node
class NobodyWins(Node):
    """`nobody wins when COND`: at the end of a game, if COND holds, no seat wins (the
    scores stand). Several add up: any one that holds is enough."""

    cond: Any


@node
class PartKind(Node):
    """`kind board [reset on board_attached]`: parts of this kind are declared by name, each in
    a file of its own (`board bonus`), and the kind's name is the list of them all. An event
    whose first value is named after the kind (`event activated(board, p)`) is dispatched: a
    part's file handles it as `on activated(p)`, for that part only. `reset`: when that event
    comes for a part, the vars its file declares start again from their initial values."""

    name: str
    reset: str | None


@node
class Part(Node):
    """`board bonus "BONUS"`: the rest of this file is part `bonus` of kind `board`; the title
    (None: its name) is how people read it."""

    kind: str
    name: str
    title: str | None = None


@node
class Total(Node):
    """`total money(p): EXPR`: a procedure returning EXPR plus every `term money(...)`."""

    name: str
    params: tuple
    expr: Any


@node
class Term(Node):
    """`term money(p): EXPR`: one more term of the total `money`, from any file."""

    name: str
    params: tuple
    expr: Any


# ---------------------------------------------------------------- statements


@node
class Let(Node):
    name: str
    value: Any


@node
class Assign(Node):
    target: Any
    value: Any


@node
class Augmented(Node):
    target: Any
    op: str
    value: Any


@node
class Append(Augmented):
    """`append X to L` is `L += [X]`; `add N to T` is `T += N` (`Add`). Subclasses of
    `Augmented`, so every analysis that knows what `+=` changes knows these too."""

    @classmethod
    def of(cls, item, target, span=None):
        return cls(target, "+=", List((item,), span=span), span=span)


@node
class Add(Augmented):
    @classmethod
    def of(cls, amount, target, span=None):
        return cls(target, "+=", amount, span=span)


@node
class Assert(Node):
    """`assert COND, "message"` as a statement: a play-time error at this line if COND fails."""

    cond: Any
    message: Any


@node
class Put(Node):
    """`put X into Z` adds on top; `put X under Z` slides beneath (a deck's bottom)."""

    pieces: Any
    placement: str
    zone: Any


@node
class Roll(Node):
    pieces: Any


@node
class Shuffle(Node):
    zone: Any


@node
class Deal(Node):
    count: Any
    source: Any
    dest: Any


@node
class Create(Node):
    kind: str
    count: Any
    owner: Any
    zone: Any


@node
class CreateDeck(Node):
    kind: str
    zone: Any


@node
class Emit(Node):
    event: str
    args: tuple


@node
class Say(Node):
    text: Any


@node
class Return(Node):
    value: Any


@node
class Break(Node):
    pass


@node
class Pass(Node):
    pass


@node
class ExprStmt(Node):
    expr: Any


@node
class If(Node):
    cond: Any
    body: tuple
    elifs: tuple
    orelse: tuple | None


@node
class Elif(Node):
    cond: Any
    body: tuple


@node
class For(Node):
    names: tuple
    iterable: Any
    body: tuple


@node
class While(Node):
    cond: Any
    body: tuple


@node
class Repeat(Node):
    count: Any
    name: str | None
    body: tuple


@node
class Turn(Node):
    player: Any
    body: tuple


# ---------------------------------------------------------------- expressions


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


DECLARATIONS = (Param, Die, Card, Zone, Var, Imaginary, Event, Proc, Phase, Move, Score, Value, View)


def children(n):
    """The child nodes of `n`, flattened out of tuples: enough to walk any tree."""
    for _, child in named_children(n):
        yield child


def named_children(n):
    """(field name, child node) for every child of `n`, flattened out of tuples: where in its
    parent a node stands (interpreter/compiling/reach.py asks whether a zone is only read there)."""
    for field in attrs.fields(type(n)):
        if field.name == "span":
            continue
        value = getattr(n, field.name)
        if isinstance(value, Node):
            yield field.name, value
        elif isinstance(value, tuple):
            for item in value:
                if isinstance(item, Node):
                    yield field.name, item


def walk(n):
    """Every node below and including `n`, depth first."""
    stack = [n]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(list(children(current))))


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
