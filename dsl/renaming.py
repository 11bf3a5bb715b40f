"""A declared name's uses in every file it is known in, and a new name for it there: what an
editor's references and rename answer.

The name under the cursor is looked up as go-to-definition looks it up (dsl/symbols.py: in the
file and the files its program reads); its uses are searched in every file of every program
that reads its declaration (dsl/workspace.py), with the editor's unsaved texts read instead of
the saved files. A rename that cannot be made whole is refused with the reason, located, and
changes nothing: a name a rule binds itself, a built-in, a part (whose own names carry its
name), a new name that is no name, is taken, would be hidden by a rule's local, or leaves a
file that no longer parses.

    named = named_at(Path("rulesets/base.rules"), text, 12, 8, {})   # on `param coin_value`
    renamed(named, "chip_value", {})  -> {base.rules: [(Span(..., 13, 7, ...), "chip_value"), ...],
                                          deluxe.rules: [...], boards/bonus.rules: [...]}
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

import attrs

from . import ast
from .builtins import BUILTINS, GLOBAL_VALUES
from .errors import Diagnostic, RulesError, Span
from .files import real
from .keywords import RESERVED
from .parser import parse_text
from .references import binders, uses
from .symbols import Symbol, declarations, file_symbols, word_at
from .workspace import MAX_LISTED, MAX_READ_TOKENS, MAX_SCANNED, Workspace

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_UNNAMEABLE = {"partkind": "a kind of part", "part": "a part, whose own names begin with its name,"}


@attrs.frozen(slots=True)
class Named:
    """The declared name an editor asked about: the word written where it asked, the file the
    word stands in, its declarations (an override is one too), the files they stand in."""

    word: str
    file: Path
    symbols: tuple[Symbol, ...]

    @property
    def full(self) -> str:
        return self.symbols[0].full

    def declaring(self) -> set[Path]:
        """The files of its first declarations (the files of its overrides, if no other is found)."""
        first = [s for s in self.symbols if not s.kind.startswith("override ")] or self.symbols
        return {real(s.span.file) for s in first}


def named_at(path: Path, text: str, line: int, column: int, texts: Mapping[Path, str]) -> Named:
    """The declared name at 0-based `line` and `column` of `text` (the file at `path`); a located
    RulesError if none stands there: no name, a local or a field, a built-in, nothing declared."""
    here = Span(str(path), line + 1, column + 1)
    word = word_at(text, line, column)
    if word is None:
        raise RulesError(Diagnostic(here, "no name here", "put the cursor on a declared name"))
    workspace = Workspace({**texts, real(path): text})
    events = _events(workspace, workspace.program(path))
    if not any(span.line == line + 1 and span.column <= column + 1 <= span.end_column
               for span in uses(text, str(path), {word}, events)):
        raise RulesError(Diagnostic(here, f"`{word}` here names nothing the rules declare: a local of the rule, "
                                    "a field, or words of a text or a comment",
                                    "the declared names (params, procs, vars, zones, events ...) can be looked for and renamed"))
    symbols = tuple(s for s in declarations(path, text, texts) if s.named_by(word, str(path)))
    if not symbols:
        what = "a built-in" if word in BUILTINS or word in GLOBAL_VALUES else "declared nowhere the rules of this file read"
        raise RulesError(Diagnostic(here, f"`{word}` is {what}", "only a name the rules declare can be looked for and renamed"))
    return Named(word, real(path), symbols)


def places(named: Named, texts: Mapping[Path, str]) -> dict[Path, list[Span]]:
    """Every place the name is written for its declarations, declarations included, by file
    (those found within the search's bounds, dsl/workspace.py)."""
    workspace = Workspace(texts)
    files = workspace.programs_reading(named.declaring(), [named.file])
    events = _events(workspace, files)
    found = {}
    for path in sorted(files):
        text = workspace.text(path)
        if text is not None and workspace.parsed(path) is not None:
            spans = uses(text, str(path), _spellings(named, path), events)
            if spans:
                found[path] = spans
    return found


def renamed(named: Named, new: str, texts: Mapping[Path, str]) -> dict[Path, list[tuple[Span, str]]]:
    """The edits, by file, that rename the name to `new` everywhere it is known; a located
    RulesError if the rename cannot be made whole (and then no edit)."""
    first = named.symbols[0]
    at = first.span
    refused = _UNNAMEABLE.get(first.kind)
    if refused:
        raise RulesError(Diagnostic(at, f"`{named.word}` is {refused} and is not renamed here", "rename it by hand"))
    full, short = _new_names(named, new, at)
    if full == named.full:
        return {}
    workspace = Workspace(texts)
    files = workspace.programs_reading(named.declaring(), [named.file])
    if workspace.cut:
        raise RulesError(Diagnostic(at, f"the files near `{named.file.name}` are too many to search whole for "
                                    f"`{named.word}` (at most {MAX_SCANNED} files, {MAX_LISTED:,} folder entries, "
                                    f"{MAX_READ_TOKENS:,} words)", "rename it by hand, or open the folder of its rules alone"))
    events = _events(workspace, files)
    declared = [s for path in files if workspace.parsed(path) is not None
                for s in file_symbols(workspace.parsed(path), workspace.text(path))]
    taken = {s.full: s for s in declared} | {s.name: s for s in declared if s.part}
    if full in taken or full in BUILTINS or full in GLOBAL_VALUES:
        what = f"the {taken[full].kind} at {taken[full].span}" if full in taken else "a built-in"
        raise RulesError(Diagnostic(at, f"`{full}` is already {what}", "pick a name nothing in these rules has"))
    edits = {}
    for path in sorted(files):
        text = workspace.text(path)
        if text is None or workspace.parsed(path) is None:
            if text is not None and any(spelling in text for spelling in _spellings(named, path)):
                raise RulesError(Diagnostic(at, f"`{path}` does not parse, so its uses of `{named.word}` are not known",
                                            "mend it first, then rename"))
            continue
        spans = uses(text, str(path), _spellings(named, path), events)
        hidden = binders(text, str(path), [span.line for span in spans], {full, short}, events)
        if hidden:
            raise RulesError(Diagnostic(Span(str(path), hidden, 1), f"a rule here has a local named `{new}`, which would hide "
                                        f"`{named.word}` in it", "pick another name, or rename the local first"))
        if spans:
            edits[path] = [(span, full if _written(text, span) == named.full else short) for span in spans]
            _still_parses(path, text, edits[path])
    return edits


def _new_names(named: Named, new: str, at: Span) -> tuple[str, str]:
    """The new name in full, and as its own file may write it short (a part's own name)."""
    if not _NAME.fullmatch(new) or new in RESERVED:
        raise RulesError(Diagnostic(at, f"`{new}` cannot name anything", "a name is a letter or _, then letters, digits and _, "
                                    "and no reserved word (`if`, `let`, ...)"))
    first = named.symbols[0]
    if first.full == first.name:
        return new, new
    prefix = first.part + "_"
    if named.word == first.full:
        if not new.startswith(prefix) or new == prefix:
            raise RulesError(Diagnostic(at, f"`{named.word}` is {first.part}'s own name, and `{new}` does not begin with `{prefix}`",
                                        f"write the new name as `{prefix}...`, or rename it in its own file as it is written there"))
        return new, new[len(prefix):]
    return prefix + new, new


def _spellings(named: Named, path: Path) -> set[str]:
    """How the name may be written in the file at `path`: in full, and short in the file that declares it."""
    return {named.full} | {s.name for s in named.symbols if real(s.span.file) == path}


def _written(text: str, span: Span) -> str:
    return text.splitlines()[span.line - 1][span.column - 1:span.end_column - 1]


def _still_parses(path: Path, text: str, edits: list[tuple[Span, str]]) -> None:
    """Refuse a rename that leaves the file at `path` unparsed (a soft keyword in a place it counts)."""
    lines = text.splitlines(keepends=True)
    for span, new in sorted(edits, key=lambda edit: (edit[0].line, edit[0].column), reverse=True):
        line = lines[span.line - 1]
        lines[span.line - 1] = line[:span.column - 1] + new + line[span.end_column - 1:]
    try:
        parse_text("".join(lines), str(path))
    except RulesError as error:
        raise RulesError(Diagnostic(error.diagnostics[0].span, "the new name would leave this file unreadable: "
                                    + error.diagnostics[0].message, "pick another name")) from None


def _events(workspace: Workspace, files) -> dict[str, ast.Event]:
    """The events declared in `files`, by name: the values a handler naming none binds."""
    return {item.name: item for path in files if (parsed := workspace.parsed(path)) is not None
            for item in parsed.items if isinstance(item, ast.Event)}
