"""pytest runs the snapshot sets of `rulesrun snapshot` (cli/snapshot.py), and gives Python tests a fixture.

Installed as a pytest plugin (entry point `pytest11`): every `snapshots/NAME/snapshot.json`
under pytest's paths becomes a test per kept file (`seed-1.txt`, ..., `summary.json`) that
plays the games again and fails with the unified diff when an edit changed one (the files a
set keeps only, read as `SnapshotSet.kept` reads them: never through a link). Run
`rulesrun snapshot --update`, or `pytest --snapshot-update` (syrupy's flag, which then keeps
these sets' games as `--update` does and says which files it wrote), to accept the changes.
A set whose `snapshot.json` seats a bot of one's own (`bots/mine.py:Mine`) is a collection
error, the bot never imported: a file names no code that runs here; `rulesrun snapshot --check
--agent bots/mine.py:Mine` plays it.

For tests of one's own, the fixture `rules_snapshot` plays seeded games (random bots unless
`agents` says otherwise) and compares their transcripts with syrupy's `snapshot` (update with
`pytest --snapshot-update`); a change fails with the unified diff of each changed transcript:

    def test_my_board(rules_snapshot):
        rules_snapshot("rulesets/royale.rules", with_=["my_board.rules"], seeds=range(1, 4))
"""

from __future__ import annotations

import ast
import difflib
from pathlib import Path

import pytest


def pytest_collect_file(file_path: Path, parent):
    if file_path.name == "snapshot.json" and file_path.parent.parent.name == "snapshots":
        return SnapshotFile.from_parent(parent, path=file_path)
    return None


class SnapshotFile(pytest.File):
    """One snapshot set: a test per file it keeps."""

    def collect(self):
        from .cli.snapshot import NotASnapshot, SnapshotSet, UnvouchedBot

        try:
            kept = SnapshotSet.read(self.path.parent)
        except NotASnapshot as error:
            # Shown as the message alone, not as a traceback of the plugin.
            raise self.CollectError(f"not a snapshot set: {error}") from None
        except UnvouchedBot as error:
            raise self.CollectError(f"{error} (pytest seats only the built-in agents)") from None
        for name in kept.kept():
            yield SnapshotItem.from_parent(self, name=name, kept=kept)


class SnapshotItem(pytest.Item):
    def __init__(self, *, kept, **kwargs):
        super().__init__(**kwargs)
        self.kept = kept

    def runtest(self):
        played = _played(self.session, self.kept)
        if self.config.getoption("update_snapshots", False):
            _accept(self.config, self.kept, played)
            return
        old = self.kept.kept().get(self.name, "")
        if played.get(self.name) != old:
            raise SnapshotChanged(self.kept, self.name, old, played.get(self.name, ""))

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, SnapshotChanged):
            return excinfo.value.diff()
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, None, f"snapshot {self.kept.folder.name}/{self.name}"


def _played(session, kept) -> dict:
    """The set's games as they play now, played once per set and session."""
    cache = session.config.stash.setdefault(_PLAYED, {})
    if kept.folder not in cache:
        cache[kept.folder] = kept.files()
    return cache[kept.folder]


_PLAYED = pytest.StashKey[dict]()
_KEPT = pytest.StashKey[dict]()


def _accept(config, kept, played) -> None:
    """`pytest --snapshot-update`: keep the set's games as they play now, once per set."""
    done = config.stash.setdefault(_KEPT, {})
    if kept.folder not in done:
        done[kept.folder] = kept.keep(played)


def pytest_terminal_summary(terminalreporter, config):
    """After `--snapshot-update`, what it did to each set whose files it wrote or removed."""
    changed = {folder: done for folder, done in config.stash.get(_KEPT, {}).items() if done.written or done.removed}
    if changed:
        terminalreporter.section("rulesrun snapshot sets")
        for folder, done in changed.items():
            terminalreporter.write_line(f"{folder}: {done.said()}")


class SnapshotChanged(Exception):
    def __init__(self, kept, name: str, old: str, new: str):
        super().__init__(name)
        self.kept, self.name, self.old, self.new = kept, name, old, new

    def diff(self) -> str:
        import difflib

        where = str(self.kept.folder / self.name)
        lines = difflib.unified_diff(self.old.splitlines(True), self.new.splitlines(True), f"{where} (kept)",
                                     f"{where} (played now)")
        return "".join(lines) + "\nan edit changed this game: `rulesrun snapshot --update` accepts it"


@pytest.fixture
def rules_snapshot(snapshot):
    """Play seeded games and compare their transcripts and summary with syrupy's snapshot. The
    agents are the test's own words, so they may name a bot's code (`bots/mine.py:Mine`)."""
    from .cli.snapshot import SnapshotSet
    from .interpreter.lookahead.agents import TrustedSpec

    def check(rules, with_=(), settings=(), seeds=range(1, 4), agents=("random",), players=None):
        games = SnapshotSet(Path("."), str(rules), tuple(map(str, with_)), tuple(settings), players, tuple(map(TrustedSpec, agents)),
                            tuple(seeds))
        played = games.files()
        if not snapshot == played:
            pytest.fail(_changed(snapshot, played, games), pytrace=False)

    return check


def _changed(snapshot, played: dict, games) -> str:
    """Why the games do not match their snapshot: the unified diff of each changed file,
    named by the games' rules, fragments, settings and seed."""
    what = " + ".join((games.rules,) + games.fragments) + "".join(f" --set {item}" for item in games.settings) + (
        f" ({games.players} players)" if games.players else "")
    result = snapshot.executions[snapshot.num_executions - 1]
    if result.exception is not None:
        return "\n".join(snapshot.get_assert_diff())
    if result.recalled_data is None:
        return f"no snapshot of {what} yet: `pytest --snapshot-update` writes it"
    kept = _amber_texts(result.recalled_data)
    if kept is None or snapshot.extension.serialize(kept) != result.recalled_data:
        diffs = [_diff(result.recalled_data, result.asserted_data or "", f"{what} (snapshot)", f"{what} (played now)")]
        names = ["the games"]
    else:
        names = [name for name in sorted(set(kept) | set(played)) if kept.get(name) != played.get(name)]
        diffs = [_diff(kept.get(name, ""), played.get(name, ""), f"{what} {name} (snapshot)", f"{what} {name} (played now)")
                 for name in names]
    return (f"{what}: {', '.join(names)} changed\n" + "".join(diffs)
            + "\nan edit changed these games: `pytest --snapshot-update` accepts them")


def _diff(old: str, new: str, old_name: str, new_name: str) -> str:
    text = "".join(difflib.unified_diff(old.splitlines(True), new.splitlines(True), old_name, new_name))
    return text if text.endswith("\n") else text + "\n"


def _amber_texts(serialized: str) -> dict[str, str] | None:
    """The dict of texts whose syrupy (amber) serialization is `serialized`, or None if it is
    none: each entry `'name': 'text',` or `'name': '''` with the text's lines below, indented
    by four, and an extra line break before the closing quotes. The caller checks the result
    by serializing it again."""
    lines = serialized.splitlines(keepends=True)
    if len(lines) < 2 or lines[0] != "dict({\n" or lines[-1] != "})":
        return None
    texts: dict[str, str] = {}
    name, body = None, []
    try:
        for line in lines[1:-1]:
            if name is not None:
                if line == "  ''',\n":
                    texts[name] = "".join(body)[:-1]
                    name, body = None, []
                else:
                    body.append(line[4:] if line.startswith("    ") else line)
                continue
            key, _, value = line.strip().partition(": ")
            if value == "'''":
                name = ast.literal_eval(key)
            else:
                texts[ast.literal_eval(key)] = ast.literal_eval(value.rstrip(","))
    except (ValueError, SyntaxError):
        return None
    return texts if name is None else None
