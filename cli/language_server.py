"""The language server behind `rulesrun lsp`, on pygls: what an editor asks about a .rules file.

- diagnostics: the syntax of the text as it stands and, for a ruleset or a fragment that names
  its base (a board of `tafeln/`), what composition and the checker find, on the editor's
  unsaved texts of every open document, a moment after the last keystroke (QUIET), in every
  file they point at (an error in an included file is shown in that file). Libraries and
  fragments without a base get their syntax checked;
- hover, go to definition, completion: the names of the file and of every file its program
  reads (what it includes or extends, and the base a fragment plugs into), so a board knows
  its ruleset's names;
- document symbols: the file's declarations and rules, for an outline;
- references and rename: a declared name everywhere it is known, across a base and the boards
  and variants that build on it (dsl/renaming.py); prepareRename says what a rename would rename;
- code actions: the checker's "did you mean `tally`?" as quick fixes;
- formatting: the document in the canonical layout of `rulesrun fmt` (nothing while it does not parse).

The answers are cli/lsp_answers.py's and cli/lsp_editing.py's, which bring the rules language
(parser, composer, checker): they are imported at the first question, so that `initialize` is
answered at once (and `rulesrun lsp` loads none of the other commands, cli/entry.py).

Every message is taken as hostile, and the server keeps answering whatever it is sent (see
cli/lsp_frames.py): a message framed wrong is skipped, one that is no JSON or no JSON-RPC is
refused by pygls, a request for an unknown method answered as such, and an error answer never
carries the server's traceback (RulesProtocol). It answers only about documents the editor
opened (never reading a file a request names, which may be a device that never ends), reads
other files only as rules files are read (dsl/files.py), and a document larger than a rules
file may be (1 MiB) gets one diagnostic instead of being parsed at every keystroke.

    rulesrun lsp          # started by the editor, speaks LSP on stdin and stdout
"""

from __future__ import annotations

import asyncio
import sys
from importlib.metadata import version
from pathlib import Path
from urllib.parse import unquote

import attrs
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol

from ..dsl.errors import Diagnostic, RulesError
from ..dsl.files import MAX_BYTES, real
from .lsp_frames import Frames
from .lsp_places import Opened, lsp_diagnostic, path_of, refusal, uri_of

QUIET = 0.25
"""Seconds after a change before the text is checked, unless another change came meanwhile."""


class RulesProtocol(LanguageServerProtocol):
    """pygls's protocol, but every request is answered, and an error answer says what went wrong,
    never where in the server."""

    def structure_message(self, data):
        """A request whose params are not of the shape its method takes (a position at line -1)
        is answered with an error, where pygls would leave it unanswered and the editor waiting."""
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            request = data.get("id")
            if "method" in data and isinstance(request, (int, str)) and not isinstance(request, bool):
                self._send_response(request, error=types.ResponseError(
                    code=error.code, message="the request's params are not of the shape its method takes"))
            raise

    def _send_response(self, msg_id, result=None, error=None):
        """The traceback pygls puts in an internal error's data goes to the server's stderr (the
        editor's log of the server), not into the editor."""
        if error is not None and error.data is not None:
            error = attrs.evolve(error, data=None)
        super()._send_response(msg_id, result, error)


class RulesServer(LanguageServer):
    """A pygls server that knows the open documents as the rules language reads them, and
    remembers, per open document, the files it published diagnostics for, so that a fixed error
    in an included file is cleared there too."""

    def __init__(self):
        super().__init__("rulesrun", version("rulesrun"), protocol_cls=RulesProtocol)
        self.published: dict[str, set[str]] = {}

    def opened(self, uri: str, whole: bool = False) -> Opened | None:
        """The document the editor opened at `uri`, else None: a request never makes the server
        read a file it names (pygls would, and `/dev/zero` never ends). Unless `whole`, also
        None for a document larger than a rules file may be, which is not parsed."""
        document = self.workspace.text_documents.get(unquote(uri))
        if document is None or not whole and len(document.source) > MAX_BYTES:
            return None
        return Opened(document.uri, path_of(document.uri), document.source, document.version)

    def texts(self) -> dict[Path, str]:
        """The open documents' texts by the real paths of their files: read instead of the saved files."""
        found = {}
        for document in list(self.workspace.text_documents.values()):
            path = path_of(document.uri)
            if path is not None and len(document.source) <= MAX_BYTES:
                found[real(path)] = document.source
        return found


def serve() -> None:
    """Answer an editor on stdin and stdout until it stops."""
    server().start_io(Frames(sys.stdin.buffer), sys.stdout.buffer)


def server() -> RulesServer:
    """A new server with every feature registered."""
    ls = RulesServer()

    @ls.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: RulesServer, params: types.DidOpenTextDocumentParams):
        _publish(ls, params.text_document.uri)

    @ls.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: RulesServer, params: types.DidSaveTextDocumentParams):
        _publish(ls, params.text_document.uri)

    @ls.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: RulesServer, params: types.DidChangeTextDocumentParams):
        await asyncio.sleep(QUIET)
        document = ls.opened(params.text_document.uri, whole=True)
        if document is not None and document.version == params.text_document.version:
            _publish(ls, document.uri)

    @ls.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: RulesServer, params: types.DidCloseTextDocumentParams):
        for uri in ls.published.pop(params.text_document.uri, set()):
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @ls.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: RulesServer, params: types.HoverParams) -> types.Hover | None:
        document = ls.opened(params.text_document.uri)
        return None if document is None else _answers().hover(document, params.position, ls.texts())

    @ls.feature(types.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: RulesServer, params: types.DefinitionParams) -> list[types.Location]:
        document = ls.opened(params.text_document.uri)
        return [] if document is None else _answers().definition(document, params.position, ls.texts())

    @ls.feature(types.TEXT_DOCUMENT_COMPLETION)
    def completion(ls: RulesServer, params: types.CompletionParams) -> types.CompletionList:
        return _answers().completion(ls.opened(params.text_document.uri), ls.texts())

    @ls.feature(types.TEXT_DOCUMENT_FORMATTING)
    def formatting(ls: RulesServer, params: types.DocumentFormattingParams) -> list[types.TextEdit]:
        document = ls.opened(params.text_document.uri)
        return [] if document is None else _answers().formatting(document)

    @ls.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def document_symbol(ls: RulesServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
        document = ls.opened(params.text_document.uri)
        return [] if document is None else _answers().document_symbols(document)

    @ls.feature(types.TEXT_DOCUMENT_REFERENCES)
    def references(ls: RulesServer, params: types.ReferenceParams) -> list[types.Location]:
        document = ls.opened(params.text_document.uri)
        return [] if document is None else _editing().references(document, params, ls.texts())

    @ls.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)
    def prepare_rename(ls: RulesServer, params: types.PrepareRenameParams) -> types.Range:
        return _editing().prepare_rename(_required(ls, params.text_document.uri), params.position, ls.texts())

    @ls.feature(types.TEXT_DOCUMENT_RENAME)
    def rename(ls: RulesServer, params: types.RenameParams) -> types.WorkspaceEdit:
        return _editing().rename(_required(ls, params.text_document.uri), params, ls.texts())

    @ls.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    def code_action(ls: RulesServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        document = ls.opened(params.text_document.uri)
        return [] if document is None else _editing().code_actions(document, params)

    return ls


def _answers():
    """cli/lsp_answers.py, imported at the first question (it brings the rules language)."""
    from . import lsp_answers

    return lsp_answers


def _editing():
    """cli/lsp_editing.py, imported at the first question that needs it."""
    from . import lsp_editing

    return lsp_editing


def _required(ls: RulesServer, uri: str) -> Opened:
    """The open document at `uri`, or the error answer a rename of any other gets."""
    document = ls.opened(uri)
    if document is None:
        raise refusal(RulesError(Diagnostic(None, "the document is not open here (or is larger than a rules file may be)",
                                            "open it in the editor first")))
    return document


def _publish(ls: RulesServer, uri: str) -> None:
    """The document's mistakes to the editor, each in the file it is in, and an empty list to
    each file that had some from this document and has none now."""
    document = ls.opened(uri, whole=True)
    if document is None:
        return
    by_uri: dict[str, list[types.Diagnostic]] = {uri: []}
    for diagnostic in _answers().problems(document, ls.texts()):
        where = uri_of(diagnostic.span.file, document) if diagnostic.span else uri
        by_uri.setdefault(where, []).append(lsp_diagnostic(diagnostic, document))
    for stale in ls.published.get(uri, set()) - set(by_uri):
        by_uri[stale] = []
    ls.published[uri] = {u for u, found in by_uri.items() if found} | {uri}
    for target, found in by_uri.items():
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=target, diagnostics=found))
