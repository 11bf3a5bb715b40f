"""`--out` and `--log` files: checked before the first game, written as games finish, put in
place at once when done.

The lines go to a temporary file beside the target as each game finishes (each line
flushed, so the file is a valid JSON-lines prefix at any moment); `close` then replaces the
target with it in one step (`os.replace`), so an earlier file stays whole until the new one
is complete, and a full disk or a crash never leaves half a file under the target's name.
A target that cannot be written is found when the file is opened, before any game is played.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


class JsonLines:
    """Records written one JSON line each to `path`, in place once `close`d (see the module)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        descriptor, temporary = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".part",
                                                 dir=self.path.parent if str(self.path.parent) else ".")
        self.temporary = Path(temporary)
        self.file = os.fdopen(descriptor, "w", encoding="utf-8")
        self.written = 0

    def write(self, record: dict) -> None:
        self.file.write(json.dumps(record) + "\n")
        self.file.flush()
        self.written += 1

    def close(self) -> None:
        """Put the lines written so far in place of the target."""
        self.file.close()
        os.replace(self.temporary, self.path)

    def discard(self) -> None:
        """Leave the target as it was."""
        self.file.close()
        self.temporary.unlink(missing_ok=True)
