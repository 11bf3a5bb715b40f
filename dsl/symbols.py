"""What a .rules file declares and where: the names an editor shows on hover, jumps to, completes.

Unlike composition, this reads what it can and never fails: a file with a syntax error, an
include that is missing or a cycle of includes leave out what cannot be read, so the editor
still knows every other name while the designer types. The files are those composition reads
(dsl/compose.py): the file's own, the files it includes or extends, and the base a fragment
plugs into (`fragment "BONUS" for "../base.rules"`), so a board knows its ruleset's names.
`texts` holds the editor's unsaved documents by real path, read instead of the saved files.

    declarations("rulesets/classic.rules")
    -> [Symbol("rounds", "param", 'param rounds = 3 "Rounds ..."', "Rounds ...", Span(...)), ...,
        Symbol("pay_ranking", "proc", "proc pay_ranking(ranking, bills, place, label):", ...), ...]
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

import attrs

from . import ast
from .errors import RulesError, Span
from .files import Reach, base_refusal, read_rules, real, refusal
from .limits import MAX_FILES, MAX_INCLUDE_DEPTH
from .parser import parse_text
from .parts import OWNED

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@attrs.frozen(slots=True)
class Symbol:
    """One declared name: what kind of thing it is, its declaring line, its doc and its place
    (`span`: the name on its line); `part`: the part whose own name it is (dsl/parts.py: `param
    track` below `board bonus` is the rules' `bonus_track`), else empty; `last_line`: the
    last line of its declaration, body and all."""

    name: str
    kind: str
    signature: str
    doc: str
    span: Span
    part: str = ""
    last_line: int = 0

    @property
    def full(self) -> str:
        """The name the rules know it by: `bonus_track` for bonus's `param track`."""
        if not self.part or self.name.startswith(self.part + "_"):
            return self.name
        return f"{self.part}_{self.name}"

    def named_by(self, word: str, file: str) -> bool:
        """Whether `word`, written in `file` (named as `declarations` names it), names this: by
        its full name anywhere, and as declared in its own file too."""
        return word == self.full or word == self.name and self.span.file == file


def declarations(path: str | Path, text: str | None = None, texts: Mapping[Path, str] | None = None) -> list[Symbol]:
    """The names declared in the file at `path` (or in `text`, an editor's unsaved copy of it),
    then in the files it reads, each file once, nearest first. Each file's symbols are named
    (`Symbol.span.file`) by its path as the file that read it wrote it: the first by `path`."""
    symbols: list[Symbol] = []
    _collect(Path(path), text, texts or {}, symbols)
    return symbols


def reads(path: Path, file: ast.File) -> list[Path]:
    """The files the parsed `file` at `path` reads, in order, those out of reach (dsl/files.py)
    left out: what it includes or extends, and the base a fragment plugs into."""
    found = []
    for item in file.items:
        if isinstance(item, (ast.Include, ast.Extends)) and refusal(path.parent / item.path, item.path, Reach.of([path])) is None:
            found.append(path.parent / item.path)
        elif isinstance(item, ast.Fragment) and item.base is not None:
            base, refused = base_refusal(path, item.base, Reach.of([path]))
            if refused is None:
                found.append(base)
    return found


def file_symbols(file: ast.File, text: str) -> list[Symbol]:
    """The names the parsed `file` (whose text is `text`) declares itself, in order."""
    lines = text.splitlines()
    # A part's own names are those below its line, in a file that is no ruleset (dsl/compose.py).
    ruleset = any(isinstance(item, ast.GameTitle) for item in file.items)
    part = None
    found = []
    for item in file.items:
        if isinstance(item, ast.Part) and not ruleset:
            part = item
        symbol = _symbol(item, lines, part)
        if symbol is not None:
            found.append(symbol)
    return found


def outline(text: str, file: str) -> list[Symbol]:
    """What `text` itself declares, in order, the rules without a name of their own too (`on
    activated`, `before game`, `score by p`): an editor's outline. Nothing if it does not parse."""
    try:
        parsed = parse_text(text, file)
    except RulesError:
        return []
    lines = text.splitlines()
    items = [item for item in parsed.items if item.span is not None]
    found = []
    for index, item in enumerate(items):
        following = items[index + 1].span.line if index + 1 < len(items) else len(lines) + 1
        symbol = _symbol(item, lines, None) or _unnamed(item, lines)
        if symbol is not None:
            found.append(attrs.evolve(symbol, last_line=_last_line(lines, item.span.line, following)))
    return found


def word_at(text: str, line: int, column: int) -> str | None:
    """The name at 0-based `line` and `column` of `text`, or None off a name."""
    lines = text.splitlines()
    if not 0 <= line < len(lines):
        return None
    for match in _WORD.finditer(lines[line]):
        if match.start() <= column <= match.end():
            return match.group()
    return None


def _collect(path: Path, text: str | None, texts: Mapping[Path, str], symbols: list[Symbol]) -> None:
    """The symbols of `path` (whose text is `text`, or read) and of the files it reads, in the
    order a reader meets them: a file's own, then each file it reads, depth first. A worklist,
    not recursion, within the composer's bounds (dsl/limits.py): a chain of includes thousands
    long ends at the bound, never in Python's recursion limit."""
    pending = [(path, text, 0)]
    seen: set[Path] = set()
    while pending and len(seen) < MAX_FILES:
        path, text, depth = pending.pop()
        resolved = real(path)
        if resolved in seen or depth >= MAX_INCLUDE_DEPTH:
            continue
        seen.add(resolved)
        try:
            if text is None:
                text = texts[resolved] if resolved in texts else read_rules(path)
            file = parse_text(text, str(path))
        except RulesError:
            continue
        symbols.extend(file_symbols(file, text))
        pending.extend(reversed([(later, None, depth + 1) for later in reads(path, file)]))


def _symbol(item, lines: list[str], part: ast.Part | None) -> Symbol | None:
    """The symbol an item declares, or None: `part` is the part whose file it stands in, below its line."""
    override = isinstance(item, ast.Override)
    decl = item.decl if override else item
    if not isinstance(decl, ast.NAMING) or decl.span is None:
        return None
    kind = ("override " if override else "") + type(decl).__name__.lower()
    line = lines[decl.span.line - 1] if decl.span.line <= len(lines) else decl.name
    own = part.name if part is not None and isinstance(decl, OWNED) else ""
    return Symbol(decl.name, kind, _signature(lines, decl.span.line, line), _doc(decl), _name_span(decl, line), own)


def _signature(lines: list[str], number: int, line: str) -> str:
    """The declaring line, with the lines it continues on (`\\` at its end) joined to it."""
    signature = line.strip()
    while signature.endswith("\\") and number < len(lines):
        signature = signature[:-1].rstrip() + " " + lines[number].strip()
        number += 1
    return signature


def _unnamed(item, lines: list[str]) -> Symbol | None:
    """A rule with no name of its own, named for an outline by what it is for: `on activated`."""
    if isinstance(item, ast.Handler):
        name, kind = f"on {item.event}", "handler"
    elif isinstance(item, ast.Hook):
        name, kind = f"{item.time} {item.target}", "hook"
    elif isinstance(item, ast.Forbid):
        name, kind = f"forbid {item.move}", "forbid"
    elif isinstance(item, ast.Point):
        name, kind = f"point {item.name}", "point"
    elif isinstance(item, ast.Term):
        name, kind = f"term {item.name}", "term"
    elif isinstance(item, (ast.Score, ast.Value, ast.View)):
        kind = type(item).__name__.lower()
        name = f"{kind} by {item.player}" if getattr(item, "player", None) else kind
    else:
        return None
    line = lines[item.span.line - 1] if item.span.line <= len(lines) else name
    return Symbol(name, kind, line.strip(), "", Span(item.span.file, item.span.line, 1, item.span.line, len(line) + 1))


def _last_line(lines: list[str], first: int, following: int) -> int:
    """The last line of a declaration at line `first` whose next declaration stands at line
    `following`: blank lines and comments between them belong to the next one."""
    last = following - 1
    while last > first and (not lines[last - 1].strip() or lines[last - 1].lstrip().startswith("#")):
        last -= 1
    return last


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
