"""The designer's day (issue #39), as an editor lives it: pygls's own client starts `rulesrun lsp`
over stdio in a copy of the shipped rulesets and goes through a board of Royale (`tafeln/`),
which plugs into `../royale.rules`.

A mistake typed and not saved is located by the checker, with its "did you mean" as a quick
fix; a name of the base goes to its line there; a param of Las Vegas renamed from a board is
renamed in the base, in Royale and in the board; the outline lists the board's declarations;
and what cannot be answered is an error answer, never a traceback or a hang."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from helpers import ROOT

pytest.importorskip("pygls")

from lsprotocol import types  # noqa: E402
from pygls.exceptions import JsonRpcException  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402

WAIT = 60


class Editor:
    """pygls's client, with the diagnostics the server published, by URI, in the order they came."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.client = LanguageClient("designer", "1")
        self.published: dict[str, asyncio.Queue] = defaultdict(asyncio.Queue)
        self.versions: dict[str, int] = {}

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams):
            self.published[params.uri].put_nowait(params.diagnostics)

    async def start(self) -> types.InitializeResult:
        await self.client.start_io(sys.executable, "-m", "rulesrun", "lsp", cwd=self.folder)
        result = await asyncio.wait_for(self.client.initialize_async(types.InitializeParams(
            capabilities=types.ClientCapabilities(), root_uri=self.folder.as_uri())), WAIT)
        self.client.initialized(types.InitializedParams())
        return result

    async def stop(self):
        await asyncio.wait_for(self.client.shutdown_async(None), WAIT)
        self.client.exit(None)
        await asyncio.wait_for(self.client.stop(), WAIT)

    def uri(self, name: str) -> str:
        return (self.folder / name).resolve().as_uri()

    def open(self, name: str, text: str | None = None):
        self.versions[name] = 1
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
            uri=self.uri(name), language_id="rules", version=1,
            text=(self.folder / name).read_text() if text is None else text)))

    def type(self, name: str, text: str):
        """The whole text replaced, unsaved."""
        self.versions[name] += 1
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=self.uri(name), version=self.versions[name]),
            [types.TextDocumentContentChangeWholeDocument(text=text)]))

    async def diagnostics(self, name: str) -> list[types.Diagnostic]:
        return await asyncio.wait_for(self.published[self.uri(name)].get(), WAIT)

    def at(self, name: str, line: int, character: int) -> dict:
        return {"text_document": types.TextDocumentIdentifier(uri=self.uri(name)),
                "position": types.Position(line=line, character=character)}


@pytest.fixture
def folder(tmp_path) -> Path:
    shutil.copytree(ROOT / "rulesets", tmp_path / "rulesets")
    return tmp_path


def run(folder: Path, day) -> None:
    """The coroutine `day(editor)` with a server started for it, and stopped after."""
    async def session():
        editor = Editor(folder)
        await editor.start()
        try:
            await day(editor)
        finally:
            await editor.stop()
    asyncio.run(session())


def line_of(text: str, start: str) -> int:
    return next(number for number, line in enumerate(text.splitlines()) if line.lstrip().startswith(start))


@pytest.mark.slow  # a server of its own and Royale's files: some 5 s; the server's start stays quick below
def test_a_board_with_a_mistake_typed_a_name_of_its_base_a_param_renamed_and_its_outline(folder):
    jackpot = "rulesets/tafeln/jackpot.rules"
    text = (folder / jackpot).read_text()
    paying = line_of(text, "pay_from_bank(")

    async def day(editor: Editor):
        editor.open(jackpot, text.replace("pay_from_bank(", "pay_from_bnk("))
        (found,) = await editor.diagnostics(jackpot)
        assert found.range.start == types.Position(line=paying, character=8)
        assert "unknown procedure `pay_from_bnk`" in found.message and "`pay_from_bank`" in found.message

        fixes = await editor.client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=editor.uri(jackpot)), range=found.range,
            context=types.CodeActionContext(diagnostics=[found])))
        assert fixes[0].title == "Change to `pay_from_bank`" and fixes[0].kind == types.CodeActionKind.QuickFix
        (edit,) = fixes[0].edit.changes[editor.uri(jackpot)]
        assert edit.new_text == "pay_from_bank"
        assert (edit.range.start.character, edit.range.end.character) == (8, 8 + len("pay_from_bnk"))

        editor.type(jackpot, text)
        assert list(await editor.diagnostics(jackpot)) == []

        (declared,) = await editor.client.text_document_definition_async(
            types.DefinitionParams(**editor.at(jackpot, paying, 12)))
        royale = (folder / "rulesets/royale.rules").read_text()
        assert declared.uri == editor.uri("rulesets/royale.rules")
        assert declared.range.start == types.Position(line=line_of(royale, "proc pay_from_bank("), character=5)

        pay_day = "rulesets/tafeln/pay_day.rules"
        editor.open(pay_day)
        await editor.diagnostics(pay_day)
        board = (folder / pay_day).read_text()
        using = next(n for n, line in enumerate(board.splitlines()) if "jeton_value" in line)
        renamed = await editor.client.text_document_rename_async(types.RenameParams(
            **editor.at(pay_day, using, board.splitlines()[using].index("jeton_value") + 2), new_name="chip_value"))
        counts = {uri: len(edits) for uri, edits in renamed.changes.items()}
        assert counts == {editor.uri("rulesets/lasvegas.rules"): 2, editor.uri("rulesets/royale.rules"): 2,
                          editor.uri(pay_day): 2}
        for uri, edits in renamed.changes.items():
            lines = Path(uri.removeprefix("file://")).read_text().splitlines()
            for edit in edits:
                line = lines[edit.range.start.line]
                assert line[edit.range.start.character:edit.range.end.character] == "jeton_value"
                assert edit.new_text == "chip_value"

        outline = await editor.client.text_document_document_symbol_async(types.DocumentSymbolParams(
            text_document=types.TextDocumentIdentifier(uri=editor.uri(jackpot))))
        named = {symbol.name: symbol for symbol in outline}
        assert list(named) == ["jackpot", "track", "field", "on activated"]
        assert named["track"].kind == types.SymbolKind.Constant and named["field"].kind == types.SymbolKind.Variable
        assert named["track"].selection_range.start == types.Position(line=line_of(text, "param track"), character=6)
        assert named["on activated"].range.end.line == len(text.splitlines()) - 1

    run(folder, day)


@pytest.mark.slow  # a server of its own: some 5 s, and tests/test_language_server.py keeps the hostile messages
def test_what_cannot_be_answered_is_an_error_answer(folder):
    """A rename of a document not opened, of a local and to a taken name; a document nested past
    any ruleset and one at a URI that is no file are answered with a located diagnostic."""
    jackpot = "rulesets/tafeln/jackpot.rules"
    text = (folder / jackpot).read_text()

    async def day(editor: Editor):
        with pytest.raises(JsonRpcException, match="not open"):
            await editor.client.text_document_rename_async(types.RenameParams(
                **editor.at("rulesets/royale.rules", 0, 0), new_name="x"))
        editor.open(jackpot)
        await editor.diagnostics(jackpot)
        activated = line_of(text, "say ")
        with pytest.raises(JsonRpcException, match="names nothing the rules declare") as refused:
            await editor.client.text_document_rename_async(types.RenameParams(
                **editor.at(jackpot, activated, text.splitlines()[activated].index("(p)") + 1), new_name="x"))
        assert "Traceback" not in str(refused.value)
        with pytest.raises(JsonRpcException, match="`jackpot_field` is already the var"):
            await editor.client.text_document_rename_async(types.RenameParams(
                **editor.at(jackpot, line_of(text, "param track"), 8), new_name="field"))

        nested = "rulesets/nested.rules"
        editor.open(nested, 'game "Deep"\nplayers 2..2\nparam x = ' + "[" * 5000 + "]" * 5000 + "\n")
        (deep,) = await editor.diagnostics(nested)
        assert deep.range.start.line == 2
        editor.client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
            uri="untitled:Untitled-1", language_id="rules", version=1, text="phase game:\n    roll(\n")))
        (broken,) = await asyncio.wait_for(editor.published["untitled:Untitled-1"].get(), WAIT)
        assert broken.range.start.line >= 1
        assert await editor.client.text_document_document_symbol_async(types.DocumentSymbolParams(
            text_document=types.TextDocumentIdentifier(uri="untitled:Untitled-1"))) == []

    run(folder, day)


def test_the_server_starts_without_the_rules_language_or_the_other_commands():
    """`initialize` took 13.5 s under load: the server module brings pygls and nothing of the
    parser, composer, checker or interpreter (its answers import them at the first question),
    and `rulesrun lsp` loads none of the other commands (cli/entry.py)."""
    heavy = ("lark", "rulesrun.dsl.parser", "rulesrun.dsl.compose", "rulesrun.dsl.check", "rulesrun.interpreter",
             "rulesrun.cli.main", "rulesrun.cli.lsp_answers", "rulesrun.cli.lsp_editing")
    code = ("import sys; import rulesrun.cli.entry, rulesrun.cli.lsp, rulesrun.cli.language_server as s; s.server(); "
            f"print(sorted(m for m in sys.modules if m.startswith({heavy!r})))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert loaded.stdout.strip() == "[]", loaded.stdout + loaded.stderr
