"""Where a text uses a declared name: the words an editor's references and rename go to.

A name stands for a declaration wherever the rule it is written in does not bind it itself
(dsl/parts.py's `bound_names`: a parameter, a `let`, a loop's or a lambda's variable, the same
reading that makes a part's own names), and where it is no field (`tile.money`, `{money: 3}`)
and no keyword of a call (`sorted(xs, key=...)`). The words are those the parser reads, so
comments are left alone, and the expressions in a text's `{...}` are read too.

    uses('var cash per player = 0\\nproc pay(p, cash):\\n    say "{cash}"\\n', "x.rules", {"cash"}, {})
    -> [Span("x.rules", 1, 5, 1, 9)]          # the proc's own parameter `cash` is another name
"""

from __future__ import annotations

import bisect
from collections.abc import Collection, Mapping

from lark import Token

from . import ast
from .builder import INTERPOLATION
from .errors import Span
from .parser import parse_text, token_stream
from .parts import bound_names

_OPENING = {"LPAR": "RPAR", "LSQB": "RSQB", "LBRACE": "RBRACE"}


def uses(text: str, file: str, names: Collection[str], events: Mapping[str, ast.Event]) -> list[Span]:
    """Where `text` (the file `file`, which must parse) writes one of `names` for a declared
    name, its declaration included, in order. `events`: the events of its program by name, whose
    values a handler that names none binds (`on activated:`). RulesError if it does not parse."""
    if not any(name in text for name in names):
        return []
    parsed = parse_text(text, file)
    items = [item for item in parsed.items if item.span is not None]
    starts = [item.span.line for item in items]
    bound = {}
    found = []
    for token, line, column in _words(token_stream(text if text.endswith("\n") else text + "\n"), 0, names):
        if token.value not in names:
            continue
        at = bisect.bisect_right(starts, line) - 1
        if at >= 0 and at not in bound:
            bound[at] = _bound(items[at], events)
        if at < 0 or token.value not in bound[at]:
            found.append(Span(file, line, column, line, column + len(token.value)))
    return found


def binders(text: str, file: str, lines: Collection[int], names: Collection[str], events: Mapping[str, ast.Event]) -> int | None:
    """The first of `lines` (1-based) of `text` whose rule binds one of `names` itself, else None:
    where a declared name renamed to one of them would be hidden by a local."""
    items = [item for item in parse_text(text, file).items if item.span is not None]
    starts = [item.span.line for item in items]
    for line in sorted(lines):
        at = bisect.bisect_right(starts, line) - 1
        if at >= 0 and _bound(items[at], events) & set(names):
            return line
    return None


def _bound(item, events: Mapping[str, ast.Event]) -> set[str]:
    """The names `item` binds itself: its rules' locals, and the values an event, total or
    term declares (`event reward(p, amount)`)."""
    names = bound_names(item, events)
    decl = item.decl if isinstance(item, ast.Override) else item
    if isinstance(decl, (ast.Event, ast.Total, ast.Term)):
        names.update(decl.params)
    return names


def _words(tokens: list[Token], shift: int, names: Collection[str]):
    """(token, line, column) of each name among `tokens` that may stand for a declared name,
    the names in a text's `{...}` too (those where one of `names` is written, the only ones
    read); `shift`: how far right of its token's column the text they were read from stands
    (0 for a file)."""
    closing: list[str] = []
    for index, token in enumerate(tokens):
        if token.type in _OPENING:
            closing.append(_OPENING[token.type])
        elif closing and token.type == closing[-1]:
            closing.pop()
        elif token.type == "STRING":
            yield from _in_text(token, shift, names)
        elif token.type == "NAME" and not _no_name(tokens, index, closing[-1] if closing else None):
            yield token, token.line, token.column + shift


def _no_name(tokens: list[Token], index: int, closing: str | None) -> bool:
    """Whether the name at `index` is a field or a call's keyword: `x.NAME`, `{NAME: ...}`, `f(NAME=...)`."""
    before = tokens[index - 1].type if index > 0 else None
    after = tokens[index + 1].type if index + 1 < len(tokens) else None
    return before == "DOT" or (after == "COLON" and closing == "RBRACE") or (after == "EQUAL" and closing == "RPAR")


def _in_text(token: Token, shift: int, names: Collection[str]):
    """The names in the `{...}` of a text token (which parsed, so each expression does)."""
    raw = str(token)
    for match in INTERPOLATION.finditer(raw, 1, len(raw) - 1):
        expression = match.group(1)
        if expression is not None and any(name in expression for name in names):
            offset = shift + token.column - 1 + match.start(1)
            for inner, _, column in _words(token_stream(expression, start="expr"), offset, names):
                yield inner, token.line, column
