"""pytest runs the snapshot sets of `rulesrun snapshot` (cli/snapshot.py), and gives Python tests a fixture.

Installed as a pytest plugin (entry point `pytest11`): every `snapshots/NAME/snapshot.json`
under pytest's paths becomes a test per kept file (`seed-1.txt`, ..., `summary.json`) that
plays the games again and fails with the unified diff when an edit changed one (the files a
set keeps only, read as `SnapshotSet.kept` reads them: never through a link). Run
`rulesrun snapshot --update` to accept the changes. A set whose `snapshot.json` seats a bot of
one's own (`bots/mine.py:Mine`) is a collection error, the bot never imported: a file names
no code that runs here; `rulesrun snapshot --check --agent bots/mine.py:Mine` plays it.

For tests of one's own, the fixture `rules_snapshot` plays seeded games and compares their
transcripts with syrupy's `snapshot` (update with `pytest --snapshot-update`):

    def test_my_board(rules_snapshot):
        rules_snapshot("rulesets/royale.rules", with_=["my_board.rules"], seeds=range(1, 4))
"""

from __future__ import annotations

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
        assert games.files() == snapshot

    return check
