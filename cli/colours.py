"""Colours for a person's eyes: each seat's name in its own colour, headings bold.

Only on a terminal: a pipe or a file gets plain text, and so does a terminal whose user set
NO_COLOR (https://no-color.org). The text is the same either way; colours are added to it
line by line, so the transcript and its snapshots never depend on them.

    paint("turn 3 - seat 1")      # bold, with "seat 1" in seat 1's colour
"""

from __future__ import annotations

import io
import re

from rich.console import Console
from rich.text import Text

# One colour per seat, repeating from the seventh.
PALETTE = ("cyan", "magenta", "yellow", "green", "blue", "red")

# How the transcript and the table name a seat (cli/transcript.py, the game's `names`).
SEAT = re.compile(r"(?<!\w)seat (\d+)(?!\w)")

HEADING = re.compile(r"(===|---|turn \d+ - |Final standing:|Winners?: |Nobody wins|The table as )")


def wanted(on_terminal: bool, environ) -> bool:
    """Colours are for a terminal, unless NO_COLOR is set to anything but the empty text."""
    return on_terminal and not environ.get("NO_COLOR")


def paint(text: str) -> str:
    """`text` with ANSI colours: each line's seats in their colours, headings bold."""
    painted = Text("\n").join(_line(line) for line in text.split("\n"))
    out = io.StringIO()
    Console(file=out, force_terminal=True, color_system="standard", highlight=False, soft_wrap=True,
            width=10_000).print(painted, end="")
    return out.getvalue()


def _line(line: str) -> Text:
    text = Text(line, style="bold" if HEADING.match(line.lstrip()) else "")
    for seat in SEAT.finditer(line):
        text.stylize(PALETTE[int(seat.group(1)) % len(PALETTE)], seat.start(), seat.end())
    return text
