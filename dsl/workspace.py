"""The files a declared name is known in: what an editor's references and rename go through.

A program is one namespace (dsl/compose.py), made of a file and the files it reads
(dsl/symbols.py's `reads`: includes, extends, a fragment's base). So a name declared in a file
is known in every file of every program that reads that file: the rulesets that include or
extend it, the boards and variants that build on those, and whatever those programs read.
Such programs are looked for near the files already found (each one's folder and two levels
below it, as a ruleset's `boards/` and `variants/NAME/`, and the files directly in the
folder above it, where a library's ruleset stands) and among the editor's open documents, and
every file is read as rules are (dsl/files.py), at most MAX_SCANNED of them, MAX_LISTED entries
of folders listed and MAX_READ_TOKENS words read: a document opened at `/`, or beside a
thousand large files, costs a bounded search (`Workspace.cut` says it was cut short).

    Workspace(texts).programs_reading({base.rules}, [deluxe.rules])
    -> {base, deluxe, lib/scoring, boards/bonus, ..., variants/fast, ...}
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from . import ast
from .errors import RulesError
from .files import SUFFIX, is_project_top, read_rules, real
from .limits import MAX_FILES, MAX_INCLUDE_DEPTH, token_count
from .parser import parse_text
from .symbols import reads

MAX_SCANNED = 400
"""The most files read to find the programs a name is known in."""
MAX_LISTED = 5000
"""The most folder entries looked at to find them."""
MAX_READ_TOKENS = 400_000
"""The most words, numbers and signs read to find them (dsl/limits.py counts them; parsing
takes some 30 µs each, so about 12 s), some sixteen times those of every shipped ruleset."""
_BELOW = 2


class Workspace:
    """The files on disk as an editor sees them: an open document's text (`texts`, by real
    path) instead of its saved file. Each file is read and parsed once per workspace, which
    lives for one request: no text is kept from one request to the next."""

    def __init__(self, texts: Mapping[Path, str]):
        self.texts = texts
        self._read: dict[Path, str | None] = {}
        self._parsed: dict[Path, ast.File | None] = {}
        self._reads: dict[Path, list[Path]] = {}
        self._listed = 0
        self._tokens = 0
        self.cut = False
        """Whether a bound cut the search short: some file may have been left unread."""

    def text(self, path: Path) -> str | None:
        """The text of the file at the real path `path`, or None if it cannot be read as rules."""
        if path not in self._read:
            try:
                text = self.texts[path] if path in self.texts else read_rules(path)
            except RulesError:
                text = None
            if text is not None:
                self._tokens += token_count(text)
                if self._tokens > MAX_READ_TOKENS:
                    self.cut, text = True, None
            self._read[path] = text
        return self._read[path]

    def parsed(self, path: Path) -> ast.File | None:
        """The syntax tree of the file at the real path `path`, or None if it does not parse."""
        if path not in self._parsed:
            text = self.text(path)
            try:
                self._parsed[path] = None if text is None else parse_text(text, str(path))
            except RulesError:
                self._parsed[path] = None
        return self._parsed[path]

    def program(self, path: Path) -> set[Path]:
        """The real paths of the files of the program of `path`: it and what it reads, and so on,
        within the composer's bounds (dsl/limits.py)."""
        found, pending = set(), [(real(path), 0)]
        while pending and len(found) < MAX_FILES:
            path, depth = pending.pop()
            if path in found or depth >= MAX_INCLUDE_DEPTH:
                continue
            found.add(path)
            pending.extend((later, depth + 1) for later in self.reads(path))
        return found

    def reads(self, path: Path) -> list[Path]:
        """The real paths of the files the file at the real path `path` reads (none if it does not parse)."""
        if path not in self._reads:
            parsed = self.parsed(path)
            self._reads[path] = [] if parsed is None else [real(later) for later in reads(path, parsed)]
        return self._reads[path]

    def programs_reading(self, declaring: set[Path], near: Iterable[Path]) -> set[Path]:
        """Every file of every program that reads one of `declaring` (real paths), the programs
        looked for near `near` and near each file found, and among the open documents."""
        known: set[Path] = set()
        looked: set[Path] = set()
        pending = list(near) + list(self.texts)
        while pending and len(looked) < MAX_SCANNED:
            path = real(pending.pop())
            if path in looked:
                continue
            looked.add(path)
            program = self.program(path)
            if program & declaring and not program <= known:
                fresh = program - known
                known |= program
                pending.extend(self._near(fresh))
        self.cut = self.cut or bool(pending)
        return known

    def _near(self, files: Iterable[Path]) -> list[Path]:
        """The .rules files in the folders of `files` and two levels below, and directly in the
        folders above, unless the folder is a project's top (`is_project_top`): what lies above a
        project is not its own, and a crowded folder there (a home, /tmp) would cut the search."""
        found = []
        for folder in sorted({path.parent for path in files}):
            found.extend(self._rules_files(folder, _BELOW))
            if not is_project_top(folder):
                found.extend(self._rules_files(folder.parent, 0))
        return found

    def _rules_files(self, folder: Path, below: int) -> list[Path]:
        """The .rules files in `folder` and `below` levels of folders under it (no hidden
        folders, and no links: what a link leads to is read only if a file names it, within its
        reach), within MAX_LISTED entries listed in all."""
        found, folders = [], []
        try:
            with os.scandir(folder) as listing:
                for entry in listing:
                    self._listed += 1
                    if self._listed > MAX_LISTED:
                        self.cut = True
                        break
                    if entry.name.endswith(SUFFIX) and entry.is_file(follow_symlinks=False):
                        found.append(Path(entry.path))
                    elif below and not entry.name.startswith(".") and entry.is_dir(follow_symlinks=False):
                        folders.append(Path(entry.path))
        except OSError:
            return []
        for inner in sorted(folders):
            found.extend(self._rules_files(inner, below - 1))
        return sorted(found)
