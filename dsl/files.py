"""Which files a command may read on the strength of another file, and how any file is read.

The one rule (docs/security.md, "Files"). A file named on the command line by the person
running the tool may lie anywhere. A file that another file names (an `include`, a
fragment's base, a log's rules, fragments and sources, a snapshot set's rules) is read only
if its real path (links followed) lies in the folders in reach (`Reach`): for rules named on
the command line, their folders and the shipped rulesets; for a log or a snapshot set, its own
folder and the shipped rulesets; either way more with `--allow-path DIR`. A link that points
out of them is refused as "outside the folders ...", and the file it points at is never
opened. Rules must be `.rules` files.

Every file is read as `read_file` reads it: a regular file (no device, FIFO or socket,
checked before it is opened, and opened without blocking), of at most a size said before a
byte is read. Writers (`replace_text`) never write through a link. A refused file is never
opened, so no message can show a byte of it.

    include "/proc/self/environ"   ->  error: `/proc/self/environ` is not a .rules file ...
    include "../../secret.rules"   ->  error: `../../secret.rules` lies outside the folders ...
    {"ruleset": "/etc/passwd"}     ->  error: `/etc/passwd` lies outside the folders the log ...
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
    """The folders (real paths) that files named by other files may be read from.

    `owner` None: the reach of rules named on the command line, which may lie anywhere
    themselves; else the file that names them all ("the log"), whose reach bounds the files
    it names at the top too (its ruleset, fragments and sources) and is passed on as it is
    (`Reach.of`), so an `include` or a fragment's base from a log's rules stays in it."""

    folders: tuple[Path, ...]
    owner: str | None = None

    @classmethod
    def of(cls, named, allowed=()) -> "Reach":
        """The folders of the files `named` on the command line, the shipped rulesets, and
        `allowed` (`--allow-path`); `allowed` a Reach with an owner (a log's) is that reach."""
        if isinstance(allowed, Reach):
            return allowed if allowed.owner is not None else cls.of(named, allowed.folders)
        folders = [real(p).parent for p in named] + [SHIPPED] + [real(a) for a in allowed]
        return cls(tuple(dict.fromkeys(folders)))

    @classmethod
    def around(cls, folder, allowed=(), owner: str = "the log") -> "Reach":
        """The reach of a file (a log, a snapshot set) that names the files to read: `folder`
        (its own, or its project's) and below, the shipped rulesets, and `allowed`."""
        folders = [real(folder), SHIPPED] + [real(a) for a in allowed]
        return cls(tuple(dict.fromkeys(folders)), owner)

    def holds(self, path: Path) -> bool:
        return any(path == folder or folder in path.parents for folder in self.folders)

    def outside(self, written: str) -> str:
        """Why the file `written` is not read: it lies outside these folders."""
        if self.owner is None:
            return f"`{written}` lies outside the folders rules may include from"
        return (f"`{written}` lies outside the folders {self.owner} may name files in: "
                + ", ".join(_shown(folder) for folder in self.folders))


def real(path) -> Path:
    """The path with every link followed (a loop of links is left as it is, for the read to refuse)."""
    return Path(os.path.realpath(path))


def _shown(folder: Path) -> str:
    return "the shipped rulesets" if folder == SHIPPED else f"{folder}{os.sep}"


MAX_PATH = 4096
"""The longest path (in bytes, as the system writes it) an `include` or a log may name: Linux's own limit."""
MAX_NAME = 255
"""The longest name of one file or folder in a path: the limit of every common file system."""


def path_mistake(written: str) -> str | None:
    """Why the text `written` cannot name a file on any system, or None: a NUL byte (the system
    would stop reading the name there), half a character (a lone surrogate, which a log's JSON
    can write), a name too long to exist. Said before the path is used, where Python would
    raise its own error.

        path_mistake("a\x00b.rules")   -> "`a\x00b.rules` holds a NUL byte, which no file name may"
    """
    shown = repr(written[:60])[1:-1] + ("..." if len(written) > 60 else "")
    if "\x00" in written:
        return f"`{shown}` holds a NUL byte, which no file name may"
    if any("\ud800" <= character <= "\udfff" for character in written):
        return f"`{shown}` holds half a character (a lone surrogate), which no file name written as text may"
    encoded = os.fsencode(written)
    if len(encoded) > MAX_PATH or any(len(part) > MAX_NAME for part in encoded.split(b"/")):
        return f"`{shown}` is too long to name a file (at most {MAX_NAME} bytes a name, {MAX_PATH} in all)"
    return None


def refusal(path: Path, written: str, reach: Reach | None, suffix: str = SUFFIX) -> str | None:
    """Why the file `written` names (at `path`) is not read, or None to read it; no byte of it is
    read to say so. `reach` None: a file named on the command line, which may lie anywhere.

        refusal(Path("p/link.rules"), "link.rules", reach)  -> "`link.rules` lies outside the folders ..."
                                                             (p/link.rules -> /home/me/secret.rules)
    """
    if Path(written).suffix != suffix:
        return f"`{written}` is not a {suffix} file: only {suffix} files are read"
    target = real(path)
    if reach is not None and not reach.holds(target):
        return reach.outside(written)
    if target.suffix != suffix:
        return f"`{written}` is not a {suffix} file: only {suffix} files are read"
    return None


# What marks the top folder of a project: a fragment's base may lie anywhere below it.
PROJECT_MARKERS = (".git", "pyproject.toml", "rulesrun.toml")
# How many folders up a project's top is looked for.
PROJECT_DEPTH = 32


def is_project_top(folder: Path) -> bool:
    """Whether `folder` is the top of a project: it holds one of PROJECT_MARKERS (a git
    checkout, a Python project, or a `rulesrun.toml` put there to say so)."""
    return any((folder / marker).exists() for marker in PROJECT_MARKERS)


def project_of(folder: Path) -> Path | None:
    """The top folder of the project `folder` lies in: the nearest folder at or above it that
    `is_project_top`, or None."""
    for place in [folder, *folder.parents][:PROJECT_DEPTH]:
        if is_project_top(place):
            return place
    return None


def base_refusal(fragment: Path, written: str, reach: Reach) -> tuple[Path, str | None]:
    """The real path of the base a fragment file names (`fragment "T" for "../base.rules"`),
    and why it is not read (None: it may be), by `reach`, the reach of the files named with it.

    A fragment plugs into a ruleset of its own project: a base anywhere below the project's top
    folder (`project_of`), as `variants/game/ending.rules` names `../../game.rules`, is in reach
    as the fragment's own folder is; outside a project, a board in a folder of its own
    (`boards/bonus.rules`) still plugs into `../game.rules`, directly in the folder above. A log's
    reach has neither exception."""
    folder = real(fragment).parent
    base = real(folder / written)
    if reach.owner is None:
        project = project_of(folder)
        if project is not None and base.is_relative_to(project):
            return base, refusal(base, written, None)
        if Path(written).parent == Path("..") and base.parent == folder.parent:
            return base, refusal(base, written, None)
    return base, refusal(base, written, reach)


class Refused(Exception):
    """A file not read, and why: its name as written, never a byte of it. `kind`: "missing"
    (no such file, or it cannot be opened), "kind" (not a regular file), "size" (too large)."""

    def __init__(self, message: str, kind: str):
        super().__init__(message)
        self.kind = kind


def read_file(path, cap: int, whole: bool = True) -> bytes:
    """The bytes of the regular file at `path` (links followed: whether they may be is
    `refusal`'s to say), at most `cap` of them; a larger file is Refused (`whole`) or cut
    there. Its kind and size are checked before it is opened, and again once it is open:
    opened without blocking and without following a link put at its place meanwhile, so a
    device, FIFO or socket never hangs the read and a file too large is never read."""
    target = real(path)
    try:
        info = os.stat(target)
    except OSError as error:
        raise Refused(f"cannot read `{path}`: {error.strerror}", "missing") from None
    _check(info, path, cap, whole)
    try:
        descriptor = os.open(target, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError as error:
        raise Refused(f"cannot read `{path}`: {error.strerror}", "missing") from None
    with os.fdopen(descriptor, "rb") as file:
        _check(os.fstat(file.fileno()), path, cap, whole)
        data = file.read(cap + 1)
    if len(data) > cap:
        if whole:
            raise Refused(f"`{path}` is larger than {_size(cap)}", "size")
        data = data[:cap]
    return data


def _check(info: os.stat_result, path, cap: int, whole: bool) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise Refused(f"`{path}` is not a regular file", "kind")
    if whole and info.st_size > cap:
        raise Refused(f"`{path}` is larger than {_size(cap)}", "size")


def _size(count: int) -> str:
    return f"{count >> 20} MiB" if count % (1 << 20) == 0 else f"{count:,} bytes"


def plain(path) -> bool:
    """Whether `path` itself (not what a link there points at) is a regular file."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


_READ_HINTS = {"missing": "check the path; rulesets live under rulesets/", "kind": "a ruleset is a plain .rules text file",
               "size": "a .rules file this large is not a ruleset; split it with `include`"}


def read_rules(path: str | Path, at: Span | None = None) -> str:
    """The text of the .rules file at `path` (read as `read_file` reads, of at most MAX_BYTES);
    a file that is not one is a located error at `at`. A file that is no UTF-8 text is said to
    be so at its first wrong byte, never quoted."""
    try:
        data = read_file(path, MAX_BYTES)
    except Refused as refused:
        raise RulesError(Diagnostic(at, str(refused), _READ_HINTS[refused.kind])) from None
    return _rules_text(data, str(path))


def read_rules_stream(stream, name: str) -> str:
    """The rules text of a stream of bytes (standard input, `rulesrun fmt -`), named `name` in
    errors and bounded as a file is: more than MAX_BYTES, or no UTF-8 text, is a located error."""
    data = stream.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise RulesError(Diagnostic(None, f"`{name}` is larger than {_size(MAX_BYTES)}", _READ_HINTS["size"]))
    return _rules_text(data, name)


def _rules_text(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = data[:error.start]
        line_start = before.rfind(b"\n") + 1
        column = len(before[line_start:].decode("utf-8")) + 1
        raise RulesError(Diagnostic(Span(name, before.count(b"\n") + 1, column),
                                    f"`{name}` is not UTF-8 text (byte {error.start})", "a .rules file is plain text",
                                    quote=False)) from None


def replace_text(path: Path, text: str) -> None:
    """Write `text` as the regular file `path`, never through a link: it is written beside it
    under a name of its own, then renamed to `path`, which replaces what stands there (a
    file, or a link itself, never what a link points at). A file's permissions are kept."""
    path = Path(path)
    mode = stat.S_IMODE(os.lstat(path).st_mode) if plain(path) else None
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
