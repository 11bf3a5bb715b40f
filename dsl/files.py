"""Reading rules files someone else wrote: regular files of at most 1 MiB; included, only `.rules` files inside the project.

A downloaded ruleset names the files it includes, and the tool reads them: so what it may
name is bounded. Any file is read only if it is a regular file (not a device, a FIFO or a
socket: those could hang the tool or never end) of at most `MAX_BYTES`. An `include` or
`extends` reads only a file whose real path (links followed) ends in `.rules` and lies in
the folders of the files named on the command line (the top ruleset, its fragments) or the
shipped rulesets, unless more are allowed (`--allow-path DIR`). A refused file is never
opened, so no error message can show a byte of it.

    include "/proc/self/environ"   ->  error: `include` takes a .rules file ...
    include "../../secret.rules"   ->  error: `../../secret.rules` is outside the project ...
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import attrs

from .errors import Diagnostic, RulesError, Span

MAX_BYTES = 1 << 20
"""The largest .rules file read (1 MiB; the longest shipped ruleset is under 20 KiB)."""

SUFFIX = ".rules"
SHIPPED = Path(__file__).resolve().parent.parent / "rulesets"
"""The rulesets that come with the tool, always in reach (a fragment may extend classic.rules)."""


@attrs.frozen(slots=True)
class Reach:
    """The folders an `include`/`extends` may read from (real paths)."""

    folders: tuple[Path, ...]

    @classmethod
    def of(cls, named, allowed=()) -> "Reach":
        """The folders of the files `named` on the command line, the shipped rulesets, and `allowed`."""
        folders = [Path(p).resolve().parent for p in named] + [SHIPPED] + [Path(a).resolve() for a in allowed]
        return cls(tuple(dict.fromkeys(folders)))

    def holds(self, path: Path) -> bool:
        return any(path == folder or folder in path.parents for folder in self.folders)


MAX_PATH = 4096
"""The longest path (in bytes, as the system writes it) an `include` or a log may name: Linux's own limit."""
MAX_NAME = 255
"""The longest name of one file or folder in a path: the limit of every common file system."""


def path_mistake(written: str) -> str | None:
    """Why the text `written` cannot name a file on any system, or None: a NUL byte (the system
    would stop reading the name there), a name too long to exist, a character the file system
    cannot write. Said before the path is used, where Python would raise its own error.

        path_mistake("a\x00b.rules")   -> "`a\x00b.rules` holds a NUL byte, which no file name may"
    """
    shown = repr(written[:60])[1:-1] + ("..." if len(written) > 60 else "")
    if "\x00" in written:
        return f"`{shown}` holds a NUL byte, which no file name may"
    try:
        encoded = os.fsencode(written)
    except UnicodeError:
        return f"`{shown}` holds a character no file name may"
    if len(encoded) > MAX_PATH or any(len(part) > MAX_NAME for part in encoded.split(b"/")):
        return f"`{shown}` is too long to name a file (at most {MAX_NAME} bytes a name, {MAX_PATH} in all)"
    return None


def refusal(path: Path, written: str, reach: Reach | None) -> str | None:
    """Why the file an `include "written"` names (at `path`) is not read, or None to read it.
    `reach` None: a file named on the command line, which may lie anywhere."""
    real = path.resolve()
    if real.suffix != SUFFIX:
        return f"`{written}` is not a {SUFFIX} file: only {SUFFIX} files are read"
    if reach is not None and not reach.holds(real):
        return f"`{written}` lies outside the folders rules may include from"
    return None


def read_rules(path: str | Path, at: Span | None = None) -> str:
    """The text of the .rules file at `path`; a file that is not one (see the module) is a located error at `at`."""
    name = str(path)
    real = Path(path).resolve()
    try:
        info = os.stat(real)
    except OSError as error:
        raise RulesError(Diagnostic(at, f"cannot read `{name}`: {error.strerror}",
                                    "check the path; rulesets live under rulesets/")) from None
    if not stat.S_ISREG(info.st_mode):
        raise RulesError(Diagnostic(at, f"`{name}` is not a regular file", "a ruleset is a plain .rules text file"))
    data = _read_at_most(real, MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise RulesError(Diagnostic(at, f"`{name}` is larger than {MAX_BYTES // (1 << 20)} MiB",
                                    "a .rules file this large is not a ruleset; split it with `include`"))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RulesError(Diagnostic(Span(name, 1, 1), f"`{name}` is not UTF-8 text (byte {error.start})",
                                    "a .rules file is plain text")) from None


def _read_at_most(path: Path, size: int) -> bytes:
    """Up to `size` bytes; opened without blocking and checked again once open, so a file
    swapped for a FIFO after the check cannot hang the read."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise RulesError(Diagnostic(None, f"cannot read `{path}`: {error.strerror}", "check the path")) from None
    with os.fdopen(descriptor, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise RulesError(Diagnostic(None, f"`{path}` is not a regular file", "a ruleset is a plain .rules text file"))
        return file.read(size)
