"""`--out` and `--log` files: checked before the first game, written as games finish, put in
place at once when done.

The lines go to a temporary file beside the target as each game finishes (each line
flushed, so the file is a valid JSON-lines prefix at any moment); `close` then replaces the
target with it in one step (`os.replace`), so an earlier file stays whole until the new one
is complete, and a full disk or a crash never leaves half a file under the target's name.
A target that cannot be written is found when the file is opened, before any game is played.

Only a plain regular file (or a new one) is replaced so. Anything else the path names, a
device (`--out /dev/stdout`, to pipe the records on), a FIFO or a symbolic link, is written
through as the games finish and never replaced: replacing `/dev/stdout` would put a file
where the link was, and a link's target is the user's choice of place. A path that names the
very file the standard output goes to (`/dev/stdout`, redirected or piped) is written through
the standard output itself: two ways into one file would overwrite each other's lines.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import tempfile
from pathlib import Path


class NotFinite(ValueError):
    """A record holds a number JSON has no word for (inf, nan): Python would write `Infinity`,
    which no other JSON reader takes."""


class JsonLines:
    """Records written one JSON line each to `path`, in place once `close`d (see the module)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.written = 0
        # The folder the lines name other files relative to (a log's rules): the target's own;
        # for a device or the standard output, the current folder, where a shell's redirection
        # (`--log /dev/stdout | grep ... > game.jsonl`) most likely puts the lines.
        self.folder = self.path.absolute().parent
        if self.path.is_symlink() or self.path.exists() and not self.path.is_file():
            self.temporary = None
            self.file = _standard_output_at(self.path) or open(self.path, "w", encoding="utf-8")
            if self.file is sys.stdout or not self.path.is_file():
                self.folder = Path.cwd()
            return
        descriptor, temporary = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".part",
                                                 dir=self.path.parent if str(self.path.parent) else ".")
        self.temporary = Path(temporary)
        self.file = os.fdopen(descriptor, "w", encoding="utf-8")

    def write(self, record: dict) -> None:
        try:
            line = json.dumps(record, allow_nan=False)
        except ValueError:
            raise NotFinite(f"record {self.written + 1} holds a number that is not finite (inf or nan), which JSON "
                            "cannot hold: a decimal of the rules grew past about 1.8e308") from None
        self.file.write(line + "\n")
        self.file.flush()
        self.written += 1

    def close(self) -> None:
        """Put the lines written so far in place of the target."""
        if self.file is sys.stdout:
            self.file.flush()
            return
        self.file.close()
        if self.temporary is not None:
            os.replace(self.temporary, self.path)

    def discard(self) -> None:
        """Leave the target as it was (one written through keeps what it was given)."""
        if self.file is sys.stdout:
            return
        with contextlib.suppress(OSError):
            # Closing flushes what is left, which fails again where the writing failed.
            self.file.close()
        if self.temporary is not None:
            self.temporary.unlink(missing_ok=True)


def _standard_output_at(path: Path):
    """`sys.stdout`, if `path` names the very file it writes to; else None."""
    try:
        named, ours = os.stat(path), os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return None
    return sys.stdout if (named.st_dev, named.st_ino) == (ours.st_dev, ours.st_ino) else None
