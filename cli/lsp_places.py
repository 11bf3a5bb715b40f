"""The language server's documents, places and mistakes in the protocol's terms: an open
document and its file, a `Span` as a range or a location, a `Diagnostic` as the editor shows it,
a located refusal as an error answer.

A document's URI is the editor's to say, so it is taken as hostile: one that names no file
(`untitled:1`, `http://...`), or a file no system could have (a NUL byte, a name too long), is a
document without a file, whose text is read but whose includes and base are not looked for.
"""

from __future__ import annotations

from pathlib import Path

import attrs
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.uris import from_fs_path, to_fs_path

from ..dsl.errors import Diagnostic, RulesError, Span
from ..dsl.files import path_mistake, real


@attrs.frozen(slots=True)
class Opened:
    """A document the editor opened: its URI, its file (None: it names none) and its text now."""

    uri: str
    path: Path | None
    text: str
    version: int | None = None

    @property
    def name(self) -> str:
        """What errors in it are said to be in: its file, or its URI."""
        return str(self.path) if self.path is not None else self.uri


def path_of(uri: str) -> Path | None:
    """The file a `file:` URI names, or None for any other URI or a path no file may have."""
    if not uri.startswith("file:"):
        return None
    path = to_fs_path(uri)
    if not path or path_mistake(path) is not None:
        return None
    return Path(path)


def uri_of(file: str, own: Opened | None = None) -> str:
    """The URI of the file a span names: `own`'s, the document's, if it is that document's file
    (as the editor spells its URI)."""
    if own is not None and (file == own.name or own.path is not None and real(file) == real(own.path)):
        return own.uri
    return from_fs_path(str(Path(file).resolve()))


def lsp_range(span: Span | None) -> types.Range:
    if span is None:
        return types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0))
    start = types.Position(line=span.line - 1, character=span.column - 1)
    if (span.end_line, span.end_column) > (span.line, span.column):
        return types.Range(start=start, end=types.Position(line=span.end_line - 1, character=span.end_column - 1))
    return types.Range(start=start, end=types.Position(line=span.line - 1, character=span.column))


def location(span: Span, own: Opened | None = None) -> types.Location:
    return types.Location(uri=uri_of(span.file, own), range=lsp_range(span))


def lsp_diagnostic(diagnostic: Diagnostic, own: Opened | None = None) -> types.Diagnostic:
    related = [types.DiagnosticRelatedInformation(location=location(span, own), message=note)
               for span, note in diagnostic.related if span is not None]
    return types.Diagnostic(
        range=lsp_range(diagnostic.span),
        message=diagnostic.message + (f"\nhint: {diagnostic.hint}" if diagnostic.hint else ""),
        severity=types.DiagnosticSeverity.Error,
        source="rulesrun",
        related_information=related or None,
    )


def refusal(error: RulesError) -> JsonRpcException:
    """A located refusal (a rename that cannot be made, say) as the error answer of a request:
    the editor shows its message."""
    first = error.diagnostics[0]
    where = f"{first.span}: " if first.span else ""
    return JsonRpcException(message=where + first.message + (f" ({first.hint})" if first.hint else ""),
                            code=types.LSPErrorCodes.RequestFailed)
