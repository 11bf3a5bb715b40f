"""The statements of a rule's body."""

from __future__ import annotations

from typing import Any

from .expressions import List
from .node import Node, node


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
