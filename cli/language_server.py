"""The language server behind `rulesrun lsp`, on pygls: what an editor asks about a .rules file.

- diagnostics: syntax errors as the designer types; on opening and saving a ruleset (a file
  with `game "..."`), also what composition and the checker find, in every file they point at
  (an error in an included file is shown in that file). Composition reads the saved files, so
  those wait for a save. Libraries and fragments get their syntax checked.
- hover: a declaration's line and its doc (a param's doc string, a proc's first string), or
  what a built-in does;
- go to definition: where a name is declared, in the file or the files it includes or extends
  (every place, when an `override` replaces a declaration);
- completion: declared names, built-ins and keywords;
- formatting: the document in the canonical layout of `rulesrun fmt` (nothing while it does not parse).

Every message is taken as hostile, and the server keeps answering whatever it is sent (see
`Frames`): a message framed wrong is skipped, one that is no JSON or no JSON-RPC is
refused by pygls, a request for an unknown method answered as such. It answers only about
documents the editor opened (never reading a file a request names, which may be a device
that never ends), and a document larger than a rules file may be (dsl/files.py, 1 MiB) gets
one diagnostic instead of being parsed at every keystroke.

    rulesrun lsp          # started by the editor, speaks LSP on stdin and stdout
"""

from __future__ import annotations

import re
import sys
from collections import deque
from importlib.metadata import version
from pathlib import Path
from urllib.parse import unquote

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from ..dsl import ast
from ..dsl.builtins import BUILTINS, GLOBAL_VALUES
from ..dsl.check import check
from ..dsl.compose import compose
from ..dsl.errors import Diagnostic, RulesError, Span
from ..dsl.files import MAX_BYTES
from ..dsl.format import format_text
from ..dsl.parser import keywords, parse_text
from ..dsl.symbols import declarations, word_at

_KINDS = {
    "param": types.CompletionItemKind.Constant,
    "die": types.CompletionItemKind.Class,
    "card": types.CompletionItemKind.Class,
    "zone": types.CompletionItemKind.Field,
    "var": types.CompletionItemKind.Variable,
    "imaginary": types.CompletionItemKind.Variable,
    "event": types.CompletionItemKind.Event,
    "proc": types.CompletionItemKind.Function,
    "phase": types.CompletionItemKind.Module,
    "move": types.CompletionItemKind.Method,
}


MAX_MESSAGE = 64 << 20
"""The longest message read, in bytes: a document opened larger than a rules file may be is
read (and answered with a diagnostic); one longer than this is skipped unread."""
MAX_HEADER = 4096
"""The longest header line read, in bytes: a longer one is skipped."""
_LENGTH = re.compile(rb"Content-Length:[ \t]*([^\r\n]*?)[ \t]*\r?\n$", re.IGNORECASE)


class Frames:
    """The editor's stream as pygls reads it (`readline`, then `read` of the length it was told),
    each message's frame checked first, so that whatever arrives the next good message is read:

    - a header block without a `Content-Length`, or with one that is no whole number, negative,
      naught or past MAX_MESSAGE, is skipped with whatever follows it, up to the next line that
      ends in a `Content-Length` header (a skipped message's body, which has no newline of its own,
      runs into the next message's first header on one line);
    - a header line longer than MAX_HEADER is skipped;
    - a body cut short by the end of the stream ends the stream.

    pygls gets each good message as `Content-Length: N`, an empty line, and its N bytes.
    """

    def __init__(self, stream):
        self.stream = stream
        self.lines: deque = deque()
        self.body = b""

    def readline(self) -> bytes:
        if not self.lines:
            self._next()
        return self.lines.popleft()

    def read(self, count: int) -> bytes:
        body, self.body = self.body[:count], self.body[count:]
        return body

    def _next(self) -> None:
        """The next good message into `lines` and `body`; at the end of the stream, an empty line."""
        length, carried = None, b""
        while True:
            line = self.stream.readline(MAX_HEADER)
            if not line:
                self.lines.append(b"")
                return
            if not line.endswith(b"\n"):
                # Part of a line too long for a header: its end may still be one, split here.
                length, carried = None, line[-64:]
                continue
            line, carried = carried + line, b""
            found = _LENGTH.search(line)
            if found:
                text = found.group(1)
                length = int(text) if text.isdigit() and len(text) < 12 and 0 < int(text) <= MAX_MESSAGE else None
            elif not line.strip() and length is not None:
                body = self.stream.read(length)
                if len(body) < length:
                    self.lines.append(b"")
                    return
                self.lines.extend((b"Content-Length: %d\r\n" % length, b"\r\n"))
                self.body = body
                return
            elif not line.strip():
                # The end of a header block that said no length: what follows is unknown.
                length = None


class RulesServer(LanguageServer):
    """A pygls server that remembers, per open document, the files it published diagnostics for,
    so that a fixed error in an included file is cleared there too."""

    def __init__(self):
        super().__init__("rulesrun", version("rulesrun"))
        self.published: dict[str, set[str]] = {}


def serve() -> None:
    """Answer an editor on stdin and stdout until it stops."""
    server().start_io(Frames(sys.stdin.buffer), sys.stdout.buffer)


def server() -> RulesServer:
    """A new server with every feature registered."""
    ls = RulesServer()

    @ls.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: RulesServer, params: types.DidOpenTextDocumentParams):
        _publish(ls, params.text_document.uri, full=True)

    @ls.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: RulesServer, params: types.DidSaveTextDocumentParams):
        _publish(ls, params.text_document.uri, full=True)

    @ls.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: RulesServer, params: types.DidChangeTextDocumentParams):
        _publish(ls, params.text_document.uri, full=False)

    @ls.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: RulesServer, params: types.DidCloseTextDocumentParams):
        for uri in ls.published.pop(params.text_document.uri, set()):
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @ls.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: RulesServer, params: types.HoverParams) -> types.Hover | None:
        path, text, word = _word(ls, params)
        if word is None:
            return None
        found = [s for s in declarations(path, text) if s.name == word]
        if found:
            symbol = found[0]
            value = f"```rules\n{symbol.signature}\n```" + (f"\n\n{symbol.doc}" if symbol.doc else "")
        elif word in BUILTINS:
            builtin = BUILTINS[word]
            value = f"built-in `{word}`: {builtin.doc}"
        elif word in GLOBAL_VALUES:
            value = f"`{word}`: {GLOBAL_VALUES[word]}"
        else:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=value))

    @ls.feature(types.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: RulesServer, params: types.DefinitionParams) -> list[types.Location]:
        path, text, word = _word(ls, params)
        if word is None:
            return []
        return [_location(symbol.span) for symbol in declarations(path, text) if symbol.name == word]

    @ls.feature(types.TEXT_DOCUMENT_COMPLETION)
    def completion(ls: RulesServer, params: types.CompletionParams) -> types.CompletionList:
        document = _document(ls, params.text_document.uri)
        items: dict[str, types.CompletionItem] = {}
        for symbol in declarations(to_fs_path(document.uri), document.source) if document else ():
            items.setdefault(symbol.name, types.CompletionItem(
                label=symbol.name, kind=_KINDS.get(symbol.kind.split()[-1]), detail=symbol.signature,
                documentation=symbol.doc or None))
        for name, builtin in BUILTINS.items():
            items.setdefault(name, types.CompletionItem(label=name, kind=types.CompletionItemKind.Function,
                                                        detail="built-in", documentation=builtin.doc))
        for name, doc in GLOBAL_VALUES.items():
            items.setdefault(name, types.CompletionItem(label=name, kind=types.CompletionItemKind.Variable,
                                                        detail="built-in", documentation=doc))
        for word in keywords():
            items.setdefault(word, types.CompletionItem(label=word, kind=types.CompletionItemKind.Keyword))
        return types.CompletionList(is_incomplete=False, items=list(items.values()))

    @ls.feature(types.TEXT_DOCUMENT_FORMATTING)
    def formatting(ls: RulesServer, params: types.DocumentFormattingParams) -> list[types.TextEdit]:
        document = _document(ls, params.text_document.uri)
        if document is None:
            return []
        try:
            formatted = format_text(document.source, to_fs_path(document.uri))
        except RulesError:
            return []
        if formatted == document.source:
            return []
        lines = document.source.split("\n")
        whole = types.Range(start=types.Position(line=0, character=0),
                            end=types.Position(line=len(lines) - 1, character=len(lines[-1])))
        return [types.TextEdit(range=whole, new_text=formatted)]

    return ls


def problems(path: str, text: str, full: bool) -> list[Diagnostic]:
    """The syntax errors of `text`; with `full`, for a ruleset, also composition's and the checker's
    (of the saved files). A text larger than a rules file may be is one problem, not parsed."""
    if len(text) > MAX_BYTES:
        return [Diagnostic(Span(path, 1, 1), f"this file is larger than {MAX_BYTES // (1 << 20)} MiB",
                           "a .rules file this large is not a ruleset; split it with `include`")]
    try:
        file = parse_text(text, path)
    except RulesError as error:
        return error.diagnostics
    is_ruleset = any(isinstance(item, ast.GameTitle) for item in file.items)
    fragments = [item for item in file.items if isinstance(item, ast.Fragment)]
    if fragments:
        # A fragment that names its base is checked composed on it; any other only for syntax.
        is_ruleset = fragments[0].base is not None
    if not full or not is_ruleset:
        return []
    try:
        check(compose(path))
    except RulesError as error:
        return error.diagnostics
    return []


def _publish(ls: RulesServer, uri: str, full: bool) -> None:
    document = _document(ls, uri, whole=True)
    if document is None:
        return
    by_uri: dict[str, list[types.Diagnostic]] = {uri: []}
    for diagnostic in problems(to_fs_path(uri), document.source, full):
        where = _uri(diagnostic.span.file) if diagnostic.span else uri
        by_uri.setdefault(where, []).append(_lsp_diagnostic(diagnostic))
    for stale in ls.published.get(uri, set()) - set(by_uri):
        by_uri[stale] = []
    ls.published[uri] = {u for u, found in by_uri.items() if found} | {uri}
    for target, found in by_uri.items():
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=target, diagnostics=found))


def _document(ls: RulesServer, uri: str, whole: bool = False):
    """The document the editor opened at `uri`, else None: a request never makes the server read
    a file it names (pygls would, and `/dev/zero` never ends). Unless `whole`, also None for a
    document larger than a rules file may be, which is not parsed (`problems` says so)."""
    document = ls.workspace.text_documents.get(unquote(uri))
    if document is None or not whole and len(document.source) > MAX_BYTES:
        return None
    return document


def _word(ls: RulesServer, params) -> tuple[str, str, str | None]:
    document = _document(ls, params.text_document.uri)
    if document is None:
        return "", "", None
    word = word_at(document.source, params.position.line, params.position.character)
    return to_fs_path(document.uri), document.source, word


def _uri(file: str) -> str:
    return from_fs_path(str(Path(file).resolve()))


def _range(span: Span | None) -> types.Range:
    if span is None:
        return types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0))
    start = types.Position(line=span.line - 1, character=span.column - 1)
    if (span.end_line, span.end_column) > (span.line, span.column):
        return types.Range(start=start, end=types.Position(line=span.end_line - 1, character=span.end_column - 1))
    return types.Range(start=start, end=types.Position(line=span.line - 1, character=span.column))


def _location(span: Span) -> types.Location:
    return types.Location(uri=_uri(span.file), range=_range(span))


def _lsp_diagnostic(diagnostic: Diagnostic) -> types.Diagnostic:
    related = [types.DiagnosticRelatedInformation(location=_location(span), message=note)
               for span, note in diagnostic.related if span is not None]
    return types.Diagnostic(
        range=_range(diagnostic.span),
        message=diagnostic.message + (f"\nhint: {diagnostic.hint}" if diagnostic.hint else ""),
        severity=types.DiagnosticSeverity.Error,
        source="rulesrun",
        related_information=related or None,
    )
