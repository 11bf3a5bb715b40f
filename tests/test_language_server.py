"""`rulesrun lsp` answers an editor through the protocol: the test starts it as an editor would,
speaks JSON-RPC on its stdin and stdout, and reads diagnostics, hovers, definitions, completions."""

import json
import queue
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from helpers import ROOT

pytest.importorskip("pygls")
pytestmark = pytest.mark.slow  # one server for the module, but it takes seconds to start

GAME = '''game "Probe"
players 2..4
include "lib.rules"

param rounds = 3 "How many rounds."

phase game:
    repeat rounds:
        tally()

score by p: twice(p)
'''

LIB = '''proc tally():
    "Counts nothing, for the test."
    pass

proc twice(x):
    return x * 2
'''


class Client:
    """An editor's side of the protocol: requests with ids, notifications collected as they come."""

    def __init__(self, folder: Path):
        self.process = subprocess.Popen([sys.executable, "-m", "rulesrun", "lsp"], cwd=folder,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages: queue.Queue = queue.Queue()
        self.notifications: list[dict] = []
        self.ids = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        stream = self.process.stdout
        while True:
            headers = {}
            while (line := stream.readline().decode("ascii").strip()):
                name, _, value = line.partition(":")
                headers[name.lower()] = value.strip()
            if "content-length" not in headers:
                return
            self.messages.put(json.loads(stream.read(int(headers["content-length"]))))

    def send(self, message: dict):
        self.send_raw(framed(json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")))

    def send_raw(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def notify(self, method: str, params: dict):
        self.send({"method": method, "params": params})

    def request(self, method: str, params: dict, timeout: float = 60):
        self.ids += 1
        self.send({"id": self.ids, "method": method, "params": params})
        while True:
            message = self.messages.get(timeout=timeout)
            if message.get("id") == self.ids and "method" not in message:
                assert "error" not in message, message
                return message["result"]
            self.notifications.append(message)

    def diagnostics(self, uri: str, timeout: float = 60) -> list[dict]:
        """The next diagnostics published for `uri`."""
        while True:
            for index, message in enumerate(self.notifications):
                if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                    del self.notifications[index]
                    return message["params"]["diagnostics"]
            self.notifications.append(self.messages.get(timeout=timeout))

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.process.wait(timeout=30)


def framed(body: bytes) -> bytes:
    return f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("workspace")
    client = Client(folder)
    client.request("initialize", {"processId": None, "rootUri": folder.resolve().as_uri(), "capabilities": {}})
    client.notify("initialized", {})
    yield client
    client.close()


@pytest.fixture
def editor(server, tmp_path):
    """The server, and a folder of its own for each test with game.rules and lib.rules."""
    (tmp_path / "game.rules").write_text(GAME)
    (tmp_path / "lib.rules").write_text(LIB)
    return server


def uri(path: Path) -> str:
    return path.resolve().as_uri()


def open_document(editor, path: Path, text: str | None = None):
    editor.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri(path), "languageId": "rules", "version": 1, "text": path.read_text() if text is None else text}})


def at(path: Path, line: int, character: int) -> dict:
    return {"textDocument": {"uri": uri(path)}, "position": {"line": line, "character": character}}


def test_a_valid_ruleset_gets_no_diagnostics_and_a_mistake_typed_gets_located_ones(editor, tmp_path):
    """The checker reads the editor's text, saved or not."""
    game = tmp_path / "game.rules"
    open_document(editor, game)
    assert editor.diagnostics(uri(game)) == []
    editor.notify("textDocument/didChange", {"textDocument": {"uri": uri(game), "version": 2}, "contentChanges": [
        {"text": GAME.replace("tally()", "tallly()")}]})
    (found,) = editor.diagnostics(uri(game))
    assert found["range"]["start"] == {"line": 8, "character": 8}
    assert "unknown procedure `tallly`" in found["message"] and "did you mean `tally`" in found["message"]
    assert found["severity"] == 1 and found["source"] == "rulesrun"


def test_syntax_errors_show_while_typing(editor, tmp_path):
    game = tmp_path / "game.rules"
    open_document(editor, game)
    assert editor.diagnostics(uri(game)) == []
    editor.notify("textDocument/didChange", {"textDocument": {"uri": uri(game), "version": 2}, "contentChanges": [
        {"range": {"start": {"line": 6, "character": 10}, "end": {"line": 6, "character": 11}}, "text": ""}]})
    (found,) = editor.diagnostics(uri(game))
    assert found["range"]["start"]["line"] == 6 and "hint: a block opener" in found["message"]


def test_an_error_in_an_included_file_is_shown_in_that_file(editor, tmp_path):
    lib = tmp_path / "lib.rules"
    lib.write_text(LIB.replace("return x * 2", "return y * 2"))
    game = tmp_path / "game.rules"
    open_document(editor, game)
    assert editor.diagnostics(uri(game)) == []
    (found,) = editor.diagnostics(uri(lib))
    assert found["range"]["start"]["line"] == 5 and "unknown name `y`" in found["message"]


def test_hover_shows_a_params_and_a_procs_doc_and_a_builtins(editor, tmp_path):
    game = tmp_path / "game.rules"
    open_document(editor, game)
    hover = editor.request("textDocument/hover", at(game, 7, 12))
    assert 'param rounds = 3 "How many rounds."' in hover["contents"]["value"]
    assert "How many rounds." in hover["contents"]["value"]
    hover = editor.request("textDocument/hover", at(game, 8, 9))
    assert "proc tally():" in hover["contents"]["value"] and "Counts nothing, for the test." in hover["contents"]["value"]
    lib = tmp_path / "lib.rules"
    open_document(editor, lib, LIB + "\nproc size(z):\n    return len(z)\n")
    hover = editor.request("textDocument/hover", at(lib, 8, 12))
    assert "built-in `len`" in hover["contents"]["value"]
    assert editor.request("textDocument/hover", at(game, 3, 0)) is None


def test_go_to_definition_crosses_includes(editor, tmp_path):
    game = tmp_path / "game.rules"
    open_document(editor, game)
    (location,) = editor.request("textDocument/definition", at(game, 10, 14))
    assert location["uri"] == uri(tmp_path / "lib.rules")
    assert location["range"]["start"] == {"line": 4, "character": 5}
    (location,) = editor.request("textDocument/definition", at(game, 7, 13))
    assert location["uri"] == uri(game) and location["range"]["start"] == {"line": 4, "character": 6}


def test_completion_offers_declared_names_builtins_and_keywords(editor, tmp_path):
    game = tmp_path / "game.rules"
    open_document(editor, game)
    items = {item["label"]: item for item in editor.request("textDocument/completion", at(game, 8, 8))["items"]}
    assert {"tally", "twice", "rounds", "len", "players", "phase", "when"} <= set(items)
    assert items["twice"]["detail"] == "proc twice(x):"


def test_the_server_knows_the_shipped_rulesets(editor, tmp_path):
    shutil.copytree(ROOT / "rulesets", tmp_path / "rulesets")
    royale = tmp_path / "rulesets" / "royale.rules"
    open_document(editor, royale)
    assert editor.diagnostics(uri(royale)) == []
    lasvegas = tmp_path / "rulesets" / "lasvegas.rules"
    open_document(editor, lasvegas)
    line = lasvegas.read_text().splitlines().index("override proc next_start_player():")
    overriding, overridden = editor.request("textDocument/definition", at(lasvegas, line, 15))
    assert overriding["uri"] == uri(lasvegas) and overriding["range"]["start"] == {"line": line, "character": 14}
    assert overridden["uri"] == uri(tmp_path / "rulesets" / "classic.rules")


def test_formatting_gives_the_layout_of_fmt(editor, tmp_path):
    game = tmp_path / "game.rules"
    open_document(editor, game, GAME.replace("param rounds = 3", "param   rounds=3"))
    (edit,) = editor.request("textDocument/formatting", {"textDocument": {"uri": uri(game)}, "options": {
        "tabSize": 4, "insertSpaces": True}})
    assert edit["newText"] == GAME and edit["range"]["start"] == {"line": 0, "character": 0}
    open_document(editor, game, GAME)
    assert editor.request("textDocument/formatting", {"textDocument": {"uri": uri(game)}, "options": {
        "tabSize": 4, "insertSpaces": True}}) == []


# Messages an editor (or anything writing to the server's stdin) may send that are no good
# message: framed wrong, no JSON, no JSON-RPC, asking what nobody answers. Each is followed by a
# good request, which the server must still answer within seconds.
HOSTILE = {
    "a negative length": b"Content-Length: -5\r\n\r\n{}",
    "a length past any message": b"Content-Length: 99999999999999\r\n\r\n{}",
    "a length that is no number": b"Content-Length: twelve\r\n\r\n{}",
    "a length of naught": b"Content-Length: 0\r\n\r\n",
    "no length": b"Content-Type: application/json\r\n\r\n" + b'{"jsonrpc": "2.0", "method": "exit"}',
    "no length and a long body": b"Content-Type: x\r\n\r\n" + b"z" * 1_000_003,
    "a header line of megabytes": b"X-Junk: " + b"y" * 3_000_000 + b"\r\n\r\n",
    "no JSON": framed(b"{not json"),
    "no UTF-8": framed(b"\xff\xfe{}"),
    "JSON nested past Python's recursion": framed(b"[" * 100_000 + b"]" * 100_000),
    "JSON that is a list": framed(b"[1, 2, 3]"),
    "JSON that is a number": framed(b"42"),
    "no jsonrpc field": framed(b'{"id": 990, "method": "textDocument/hover"}'),
    "an unknown method": framed(b'{"jsonrpc": "2.0", "id": 991, "method": "rules/nothing", "params": {}}'),
    "params of the wrong shape": framed(b'{"jsonrpc": "2.0", "id": 992, "method": "textDocument/hover", "params": 7}'),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_the_server_answers_the_next_request_after_a_hostile_message(editor, tmp_path, case):
    game = tmp_path / "game.rules"
    open_document(editor, game)
    editor.send_raw(HOSTILE[case])
    items = editor.request("textDocument/completion", at(game, 8, 8), timeout=10)["items"]
    assert "tally" in {item["label"] for item in items}


def test_a_document_larger_than_a_rules_file_gets_one_diagnostic_and_is_not_parsed(editor, tmp_path):
    """A 10 MB document opened: the server says so at once, and answers the next request."""
    huge = tmp_path / "huge.rules"
    huge.write_text("")
    open_document(editor, huge, "phase game:\n    pass\n" * 500_000)
    (found,) = editor.diagnostics(uri(huge), timeout=10)
    assert "larger than 1 MiB" in found["message"] and found["range"]["start"] == {"line": 0, "character": 0}
    assert editor.request("textDocument/hover", at(huge, 0, 2), timeout=5) is None
    assert editor.request("textDocument/formatting", {"textDocument": {"uri": uri(huge)}, "options": {
        "tabSize": 4, "insertSpaces": True}}, timeout=5) == []


def test_a_request_about_a_document_not_opened_reads_no_file(editor):
    """pygls reads a document it is asked about from disk: `/dev/zero` never ends."""
    request = {"textDocument": {"uri": "file:///dev/zero"}, "position": {"line": 0, "character": 0}}
    assert editor.request("textDocument/hover", request, timeout=5) is None
    assert editor.request("textDocument/definition", request, timeout=5) == []
