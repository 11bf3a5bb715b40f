"""The editor's stream as the language server reads it (cli/language_server.py): every message
is taken as hostile, and whatever arrives, the next good message is read.

A message framed wrong is skipped here; one that is no JSON or no JSON-RPC is refused by pygls.
"""

from __future__ import annotations

import re
from collections import deque

MAX_MESSAGE = 64 << 20
"""The longest message read, in bytes: a document opened larger than a rules file may be is
read (and answered with a diagnostic); one longer than this is skipped unread."""
MAX_HEADER = 4096
"""The longest header line read, in bytes: a longer one is skipped."""
_LENGTH = re.compile(rb"Content-Length:[ \t]*([^\r\n]*?)[ \t]*\r?\n$", re.IGNORECASE)


class Frames:
    """The editor's stream as pygls reads it (`readline`, then `read` of the length it was told),
    each message's frame checked first, so that whatever arrives the next good message is read:

    - a header block without a `Content-Length`, or with one that is no whole number, negative,
      naught or past MAX_MESSAGE, is skipped with whatever follows it, up to the next line that
      ends in a `Content-Length` header (a skipped message's body, which has no newline of its own,
      runs into the next message's first header on one line);
    - a header line longer than MAX_HEADER is skipped;
    - a body cut short by the end of the stream ends the stream.

    pygls gets each good message as `Content-Length: N`, an empty line, and its N bytes.
    """

    def __init__(self, stream):
        self.stream = stream
        self.lines: deque = deque()
        self.body = b""

    def readline(self) -> bytes:
        if not self.lines:
            self._next()
        return self.lines.popleft()

    def read(self, count: int) -> bytes:
        body, self.body = self.body[:count], self.body[count:]
        return body

    def _next(self) -> None:
        """The next good message into `lines` and `body`; at the end of the stream, an empty line."""
        length, carried = None, b""
        while True:
            line = self.stream.readline(MAX_HEADER)
            if not line:
                self.lines.append(b"")
                return
            if not line.endswith(b"\n"):
                # Part of a line too long for a header: its end may still be one, split here.
                length, carried = None, line[-64:]
                continue
            line, carried = carried + line, b""
            found = _LENGTH.search(line)
            if found:
                text = found.group(1)
                length = int(text) if text.isdigit() and len(text) < 12 and 0 < int(text) <= MAX_MESSAGE else None
            elif not line.strip() and length is not None:
                body = self.stream.read(length)
                if len(body) < length:
                    self.lines.append(b"")
                    return
                self.lines.extend((b"Content-Length: %d\r\n" % length, b"\r\n"))
                self.body = body
                return
            elif not line.strip():
                # The end of a header block that said no length: what follows is unknown.
                length = None
