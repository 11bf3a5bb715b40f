"""Game text made safe to print: a downloaded ruleset's `say` texts, titles and labels must
not drive the terminal.

A control character in a text (ESC starting a terminal escape sequence, a carriage return
overwriting a line, a bell) is printed as its escape (`\\x1b`), so what a rule says is read,
never obeyed. Line breaks and tabs stay: rules lay out their texts with them.

    printable("\\x1b]0;pwned\\x07 wins")  ->  '\\\\x1b]0;pwned\\\\x07 wins'
"""

from __future__ import annotations

import re

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """`text` with every control character but line break and tab written as its escape."""
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)
