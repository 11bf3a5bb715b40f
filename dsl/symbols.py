"""What a .rules file declares and where: the names an editor shows on hover, jumps to, completes.

Unlike composition, this reads what it can and never fails: a file with a syntax error, an
include that is missing or a cycle of includes leave out what cannot be read, so the editor
still knows every other name while the designer types.

    declarations("rulesets/classic.rules")
    -> [Symbol("rounds", "param", 'param rounds = 3 "Rounds ..."', "Rounds ...", Span(...)), ...,
        Symbol("pay_ranking", "proc", "proc pay_ranking(ranking, bills, place, label):", ...), ...]
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from . import ast
from .errors import RulesError, Span
from .files import Reach, read_rules, refusal
from .limits import MAX_FILES, MAX_INCLUDE_DEPTH
from .parser import parse_text

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@attrs.frozen(slots=True)
class Symbol:
    """One declared name: what kind of thing it is, its declaring line, its doc and its place."""

    name: str
    kind: str
    signature: str
    doc: str
    span: Span


def declarations(path: str | Path, text: str | None = None) -> list[Symbol]:
    """The names declared in the file at `path` (or in `text`, an editor's unsaved copy of it),
    then in the files it includes or extends, each file once, nearest first."""
    symbols: list[Symbol] = []
    _collect(Path(path), text, symbols, set())
    return symbols


def word_at(text: str, line: int, column: int) -> str | None:
    """The name at 0-based `line` and `column` of `text`, or None off a name."""
    lines = text.splitlines()
    if not 0 <= line < len(lines):
        return None
    for match in _WORD.finditer(lines[line]):
        if match.start() <= column <= match.end():
            return match.group()
    return None


def _collect(path: Path, text: str | None, symbols: list[Symbol], seen: set[Path]) -> None:
    """The symbols of `path` (whose text is `text`, or read) and of the files it includes, in
    the order a reader meets them: a file's own, then each include's, depth first. A worklist,
    not recursion, within the composer's bounds (dsl/limits.py): a chain of includes thousands
    long ends at the bound, never in Python's recursion limit."""
    pending = [(path, text, 0)]
    while pending and len(seen) < MAX_FILES:
        path, text, depth = pending.pop()
        resolved = path.resolve()
        if resolved in seen or depth >= MAX_INCLUDE_DEPTH:
            continue
        seen.add(resolved)
        try:
            text = read_rules(path) if text is None else text
            file = parse_text(text, str(path))
        except RulesError:
            continue
        lines = text.splitlines()
        later = []
        for item in file.items:
            override = isinstance(item, ast.Override)
            decl = item.decl if override else item
            if isinstance(decl, ast.NAMING) and decl.span is not None:
                kind = ("override " if override else "") + type(decl).__name__.lower()
                line = lines[decl.span.line - 1] if decl.span.line <= len(lines) else decl.name
                symbols.append(Symbol(decl.name, kind, line.strip(), _doc(decl), _name_span(decl, line)))
            elif isinstance(item, (ast.Include, ast.Extends)) and refusal(path.parent / item.path, item.path, Reach.of([path])) is None:
                later.append((path.parent / item.path, None, depth + 1))
        pending.extend(reversed(later))


def _name_span(decl, line: str) -> Span:
    """Where the declared name stands on its line: `pay` in `proc pay(o, bill):`."""
    span = decl.span
    name = re.search(rf"(?<=\s){re.escape(decl.name)}\b", line)
    if name is None:
        return span
    return Span(span.file, span.line, name.start() + 1, span.line, name.end() + 1)


def _doc(decl) -> str:
    """A param's doc string, an imaginary player's label, or a block's first statement if it is a string."""
    if isinstance(decl, ast.Param):
        return decl.doc or ""
    if isinstance(decl, ast.Imaginary):
        return decl.label or ""
    body = getattr(decl, "body", ())
    first = body[0] if body else None
    if isinstance(first, ast.ExprStmt) and isinstance(first.expr, ast.Literal) and isinstance(first.expr.value, str):
        return first.expr.value
    return ""
