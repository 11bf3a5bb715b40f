"""A composed program: what the composer makes and every later stage reads.

Its own module so that the checker and the compiler read a program without importing the
composer that makes one (files, parsing, `extends` and `include`).
"""

from __future__ import annotations

import attrs

from . import ast

_KIND_WORDS = {
    ast.Param: "param",
    ast.Die: "die",
    ast.Card: "card",
    ast.Zone: "zone",
    ast.Var: "var",
    ast.Imaginary: "imaginary",
    ast.Event: "event",
    ast.Proc: "proc",
    ast.Phase: "phase",
    ast.Move: "move",
    ast.Score: "score",
    ast.Value: "value",
    ast.View: "view",
    ast.PartKind: "kind",
    ast.Part: "part",
    ast.Total: "total",
    ast.Point: "point",
}


def kind_word(decl) -> str:
    return _KIND_WORDS[type(decl)]


SCORE = "score by"
VALUE = "value by"
VIEW = "view:"
TURN = "turn"
"""What `before turn:` hooks: every `turn` block's start. `turn` is a reserved word, so no phase or
decision point, the other things a hook attaches to, can be named so."""


def part_name(decl) -> str:
    """The name a declaration is known by; `score` and `value` have names no designer name can clash with."""
    if isinstance(decl, ast.Score):
        return SCORE
    if isinstance(decl, ast.Value):
        return VALUE
    if isinstance(decl, ast.View):
        return VIEW
    if isinstance(decl, ast.Point):
        return f"point {decl.name}"
    return decl.name


@attrs.frozen(slots=True)
class Source:
    """One file of a composed program and what it contributed."""

    path: str
    role: str  # "ruleset", "base", "include" or "fragment"
    title: str | None
    declares: tuple[str, ...]
    overrides: tuple[str, ...]
    adds: tuple[str, ...]


@attrs.frozen(slots=True)
class Program:
    """A composed ruleset: every named part once, plus the additive rules in order."""

    title: str
    players: ast.PlayerRange | None
    parts: dict  # name -> declaration node (param, die, card, zone, var, ...)
    moves: tuple
    forbids: tuple
    handlers: tuple
    hooks: tuple
    sources: tuple[Source, ...]
    origin: dict  # name -> the unit (file or fragment) that last defined it
    # Like moves and hooks, these add up: every file's `assert`s, every `nobody wins when`.
    asserts: tuple = ()
    nobody_wins: tuple = ()
    # The question of each decision point that words one (`point NAME "..."`), by the point's name.
    points: dict = attrs.field(factory=dict)
    # The `--set` settings applied (name -> the text given), for errors that blame one.
    settings: dict = attrs.field(factory=dict)
    # The part whose own file declares a zone or var (`bonus_field` -> `bonus`), by
    # the zone's or var's name: the table shows them with their part (interpreter/running/shown.py).
    part_of: dict = attrs.field(factory=dict)
    # The text of every file read, by real path: what a worker elsewhere composes the very same
    # program from (interpreter/studies/simulate.py, Workshop), without the files.
    texts: dict = attrs.field(factory=dict, eq=False, repr=False)

    def of_kind(self, kind) -> list:
        return [d for d in self.parts.values() if isinstance(d, kind)]

    def hooks_on(self, target: str, time: str | None = None) -> list:
        """The hooks attached to `target` (a phase, a decision point, or TURN), `before` or
        `after` ones only if `time` says, in composition order."""
        return [h for h in self.hooks if h.target == target and time in (None, h.time)]

    @property
    def is_library(self) -> bool:
        """Whether this is a library, a file of procedures (and parameters) that rulesets
        include (`rulesets/lib/majority.rules`): checked on its own, it needs no `phase game`,
        `score` or `players`, and it is never played."""
        return len(self.sources) == 1 and self.title is not None and self.players is None and bool(self.parts) \
            and not (self.moves or self.forbids or self.handlers or self.hooks or self.asserts or self.nobody_wins) \
            and all(isinstance(d, (ast.Proc, ast.Param)) for d in self.parts.values())
