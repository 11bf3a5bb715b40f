"""The language server's answers that reach past the open document: a declared name's
references and its rename across every file it is known in (dsl/renaming.py), and the
checker's "did you mean" as quick fixes. Imported at the first question (cli/language_server.py).

A rename that cannot be made whole (a local, a built-in, a name taken, a file that does not
parse) is an error answer that says why, never a partial edit.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from lsprotocol import types

from ..dsl.errors import Diagnostic, RulesError, suggested
from ..dsl.files import real
from ..dsl.renaming import Named, named_at, places, renamed
from .lsp_places import Opened, location, lsp_range, refusal, uri_of

_QUOTED = re.compile(r"`([A-Za-z_][A-Za-z0-9_]*)`")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def references(document: Opened, params: types.ReferenceParams, texts: Mapping[Path, str]) -> list[types.Location]:
    """Every place the declared name under the cursor is written for it, in every file it is
    known in; its declarations too if the editor asks for them."""
    if document.path is None:
        return []
    try:
        named = named_at(document.path, document.text, params.position.line, params.position.character, texts)
    except RulesError:
        return []
    declared = {(s.span.line, s.span.column, real(s.span.file)) for s in named.symbols}
    return [location(span, document) for path, spans in places(named, texts).items() for span in spans
            if params.context.include_declaration or (span.line, span.column, path) not in declared]


def prepare_rename(document: Opened, position: types.Position, texts: Mapping[Path, str]) -> types.Range:
    """Where the name a rename at `position` would rename is written, or an error answer saying
    why there is none."""
    _named(document, position, texts)
    line = document.text.splitlines()[position.line]
    word = next(match for match in _WORD.finditer(line) if match.start() <= position.character <= match.end())
    return types.Range(start=types.Position(line=position.line, character=word.start()),
                       end=types.Position(line=position.line, character=word.end()))


def rename(document: Opened, params: types.RenameParams, texts: Mapping[Path, str]) -> types.WorkspaceEdit:
    """The edits of every file the name under the cursor is known in, or an error answer."""
    named = _named(document, params.position, texts)
    try:
        edits = renamed(named, params.new_name, texts)
    except RulesError as error:
        raise refusal(error) from None
    return types.WorkspaceEdit(changes={
        uri_of(str(path), document): [types.TextEdit(range=lsp_range(span), new_text=text) for span, text in found]
        for path, found in edits.items()})


def code_actions(document: Opened, params: types.CodeActionParams) -> list[types.CodeAction]:
    """A quick fix for each name a diagnostic of the range suggests ("did you mean `tally`?"):
    the unknown name it is about, on the diagnostic's line, replaced by the suggestion."""
    lines = document.text.splitlines()
    actions = []
    for diagnostic in params.context.diagnostics:
        message, _, hint = diagnostic.message.partition("\nhint: ")
        names = suggested(hint)
        start = diagnostic.range.start
        if diagnostic.source != "rulesrun" or not names or not 0 <= start.line < len(lines):
            continue
        wrong = _written(lines, start, _QUOTED.findall(message))
        if wrong is None:
            continue
        for name in names:
            edit = types.TextEdit(range=wrong, new_text=name)
            actions.append(types.CodeAction(
                title=f"Change to `{name}`", kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic],
                edit=types.WorkspaceEdit(changes={document.uri: [edit]}), is_preferred=len(names) == 1))
    return actions


def _written(lines: list[str], start: types.Position, quoted: list[str]) -> types.Range | None:
    """Where, on the line of `start` and from there on, the first of the names a message quotes
    is written (a diagnostic of `emit scord(p)` starts at `emit`)."""
    for name in quoted:
        match = re.compile(rf"\b{re.escape(name)}\b").search(lines[start.line], start.character)
        if match:
            return types.Range(start=types.Position(line=start.line, character=match.start()),
                               end=types.Position(line=start.line, character=match.end()))
    return None


def _named(document: Opened, position: types.Position, texts: Mapping[Path, str]) -> Named:
    """The declared name at `position`, or the error answer that says why there is none."""
    if document.path is None:
        raise refusal(RulesError(Diagnostic(None, f"`{document.uri}` is no file, so the files its names are known in are not known",
                                            "save it as a .rules file")))
    try:
        return named_at(document.path, document.text, position.line, position.character, texts)
    except RulesError as error:
        raise refusal(error) from None
