"""The declarations of a .rules file: the game, its pieces, zones, vars, rules and score, and
the parts and fragments that add to them."""

from __future__ import annotations

from typing import Any

from .node import Node, node


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
    """`players 2..4`, or `players 2` for exactly that many (`high` then is `low`)."""

    low: int
    high: int | None

    def __attrs_post_init__(self):
        if self.high is None:
            object.__setattr__(self, "high", self.low)


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
    """`var NAME [shape] [internal] = INIT [reset [on EVENT]]`: `reset`, the event at which it
    starts again from INIT (True: the one at which its part comes up, as the part's kind says;
    None: never); `internal`, True for the rules' own bookkeeping, which the table people read
    leaves out (agents and transcripts still see it), else None."""

    name: str
    shape: Any
    init: Any
    reset: str | bool | None = None
    internal: bool | None = None


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
    """`before NAME [while in play] [when COND]: body`; `in_play` (True or None): it runs only
    while the part of its file is in play."""

    time: str
    target: str
    in_play: Any
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
    """`on EVENT(a, b) [when COND]: body`; `params` None where it says no values (`on EVENT:`):
    composing gives it the event's own names."""

    event: str
    params: tuple | None
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
    """`kind board [reset on EVENT] [in play when COND] [with NAME = VALUE, ...]`: parts of this
    kind are declared by name, each in a file of its own (`board bonus`), and the kind's name is
    the list of them all. An event whose
    first value is named after the kind (`event activated(board, p)`) is dispatched: a part's
    file handles it as `on activated(p)`, for that part only. `in_play`: when a part is in play,
    COND with the kind's name standing for the part (a hook `while in play` asks it). `alone`:
    the settings (FragmentSetting) a part's file is played with on its own, the kind's name
    standing for the part. `reset`: the event (dispatched to the kind) at which a part comes
    up, when the vars of its file that say `reset` start again."""

    name: str
    reset: str | None
    in_play: Any = None
    alone: tuple = ()


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


# The declarations that give a name to something: what an editor lists as the file's symbols
# and jumps to from a use (dsl/symbols.py).
NAMING = (Param, Die, Card, Zone, Var, Imaginary, Event, Proc, Phase, Move, PartKind, Part, Total)
