"""One canonical layout for .rules text, the layout the shipped files are written in: `rulesrun fmt`.

The formatter moves whitespace only. It reads the tokens the parser reads (so `player` the
keyword and `player` the name are told apart as the parser tells them) and writes them back:

- four spaces per block level, whatever the file used (tabs, two spaces);
- one space between words and around operators; none after `(` `[` and a unary `-`, none
  before `,` `:` `)` `]`, none around `.` and `..`, none between a name and its `(` or `[`;
- comments where they were, their text as written: a comment on a line of its own at the level
  of the block it stands in, a trailing comment two spaces after its line, or after the longest
  of the lines next to it that have one, so that their comments stand in one column;
- at most one blank line in a row, none at the start of a block or the file, none at its end,
  and one blank line before and after every top-level declaration with a block (phase, proc,
  move, handler, hook), above the comments that introduce it;
- line breaks inside brackets and after a `\\` where they were, each continuation line one
  level deeper per open bracket; long lines are not wrapped.

    phase  game :                  phase game:
      let x=f( 1,2 )     ->            let x = f(1, 2)

Formatting twice gives the same text, and the formatted text parses to the same tree:
`format_text` checks the second before it returns.
"""

from __future__ import annotations

import re

import attrs
from lark import Token

from .errors import Diagnostic, RulesError
from .parser import TAB_WIDTH, parse_text, token_stream

INDENT = "    "
_GAP = re.compile(r"(?P<comment>#[^\n]*)|(?P<continuation>\\[\t \f]*\r?\n)|(?P<newline>\r?\n)|(?P<space>[\t \f]+)")
_OPENERS = {"(", "[", "{"}
_CLOSERS = {")", "]", "}"}
_NO_SPACE_AFTER = {"(", "[", "{", ".", ".."}
_NO_SPACE_BEFORE = {")", "]", "}", ",", ":", ".", ".."}
_OPERAND_TYPES = {"NAME", "INT", "DECIMAL", "STRING"}
_OPERAND_ENDS = {")", "]", "}", "true", "false", "none"}
_BLANK = None


def format_text(text: str, file: str = "<text>") -> str:
    """`text` in the canonical layout; a located `RulesError` if it does not parse."""
    tree = parse_text(text, file)
    if not text.endswith("\n"):
        text += "\n"
    formatted = _Layout(text).run()
    if parse_text(formatted, f"{file} (formatted)") != tree:
        raise RulesError(Diagnostic(None, f"fmt cannot lay out `{file}` without changing what it says",
                                    "this is a bug in rulesrun fmt; the file is left as it was"))
    return formatted


@attrs.frozen(slots=True)
class _Line:
    """A logical line: its tokens (brackets may carry it over several lines) and its block level."""

    tokens: tuple[Token, ...]
    depth: int

    @property
    def declares_block(self) -> bool:
        """A top-level declaration with a block: `phase game:`, `override proc f():`, `on paid(o, b):`."""
        return self.depth == 0 and self.tokens[-1].value == ":"


@attrs.frozen(slots=True)
class _Gap:
    """The text between two tokens: a comment trailing the first, whole lines, line breaks.

    `lines` are the whole lines in between, each `(indent width, comment)`, `_BLANK` for a
    blank one; `breaks` says how each line ended, "newline" or "continuation" (a `\\`).
    """

    trailing: str | None
    lines: tuple[tuple[int, str | None], ...]
    breaks: tuple[str, ...]

    @classmethod
    def read(cls, text: str, after_token: bool = True) -> "_Gap":
        trailing = None
        lines: list[tuple[int, str | None]] = []
        breaks: list[str] = []
        started, width, comment = not after_token, 0, _BLANK
        for match in _GAP.finditer(text):
            kind, value = match.lastgroup, match.group()
            if kind == "space":
                width += value.count(" ") + value.count("\t") * TAB_WIDTH
            elif kind == "comment" and started:
                comment = value.rstrip()
            elif kind == "comment":
                trailing = value.rstrip()
            else:
                if started:
                    lines.append((width, comment))
                breaks.append(kind)
                started, width, comment = True, 0, _BLANK
        return cls(trailing, tuple(lines), tuple(breaks))


class _Layout:
    """Writes the logical lines of one text, with the comments and blank lines around them."""

    def __init__(self, text: str):
        self.text = text
        self.out: list[str] = []
        self.trailing: dict[int, str] = {}  # line of `out` -> the comment that trails it
        self.blank = False
        self.widths = [0]  # the indent width, as written, of each block level open here

    def run(self) -> str:
        lines = _logical_lines(self.text)
        if not lines:
            self._items(_Gap.read(self.text, after_token=False).lines, [0], 0)
            return self._text()
        self._items(_Gap.read(self.text[: lines[0].tokens[0].start_pos], after_token=False).lines, [0], 0)
        for previous, line in zip([None] + lines, lines):
            if previous is not None:
                self._between(previous, line)
            self._line(line)
        tail = _Gap.read(self.text[lines[-1].tokens[-1].end_pos:])
        self._trail(tail.trailing)
        self._items(tail.lines, self.widths, 0)
        return self._text()

    def _text(self) -> str:
        """The lines written, trailing comments of neighbouring lines aligned in one column."""
        lines = list(self.out)
        run: list[int] = []
        for number in sorted(self.trailing) + [None]:
            if run and (number is None or number != run[-1] + 1):
                column = max(len(lines[n]) for n in run) + 2
                for n in run:
                    lines[n] = lines[n].ljust(column) + self.trailing[n]
                run = []
            run.append(number)
        return "".join(line + "\n" for line in lines)

    def _between(self, previous: _Line, line: _Line) -> None:
        """The comments and blank lines between two logical lines, each in the block it belongs to."""
        gap = _Gap.read(self.text[previous.tokens[-1].end_pos: line.tokens[0].start_pos])
        self._trail(gap.trailing)
        width = _indent_width(self.text, line.tokens[0])
        widths = self.widths + [width] if line.depth > previous.depth else self.widths
        self.widths = widths[: line.depth] + [width]
        items = list(gap.lines)
        if line.depth > previous.depth:
            while items and items[0][1] is _BLANK:
                items.pop(0)
        apart = line.depth == 0 and (previous.depth > 0 or line.declares_block)
        if apart and not any(comment is _BLANK for _, comment in items):
            above = len(items)
            while above and _level_of(items[above - 1][0], widths, line.depth) == 0:
                above -= 1
            items.insert(above, (0, _BLANK))
        self._items(items, widths, line.depth)

    def _line(self, line: _Line) -> None:
        """One logical line; its breaks inside brackets (or after `\\`) stay where they were."""
        parts: list[str] = []
        opened = 0
        level = line.depth
        for before, token in zip((None,) + line.tokens, line.tokens):
            if before is not None:
                gap = _Gap.read(self.text[before.end_pos: token.start_pos])
                if gap.breaks:
                    if gap.breaks[0] == "continuation":
                        parts.append(" \\")
                    self._emit(level, "".join(parts))
                    self._trail(gap.trailing)
                    parts = []
                    level = line.depth + (opened - (token.value in _CLOSERS) if opened else 1)
                    for _, comment in gap.lines:
                        if comment is not _BLANK:
                            self._emit(level, comment)
                elif _spaced(before, token):
                    parts.append(" ")
            parts.append(token.value)
            opened += (token.value in _OPENERS) - (token.value in _CLOSERS)
        self._emit(level, "".join(parts))

    def _items(self, items, widths: list[int], lowest: int) -> None:
        """Whole lines between tokens: a blank line is written only before what follows it."""
        for width, comment in items:
            if comment is _BLANK:
                self.blank = bool(self.out)
            else:
                self._emit(_level_of(width, widths, lowest), comment)

    def _emit(self, level: int, text: str) -> None:
        if self.blank:
            self.out.append("")
        self.blank = False
        self.out.append(INDENT * level + text)

    def _trail(self, comment: str | None) -> None:
        if comment:
            self.trailing[len(self.out) - 1] = comment


def _logical_lines(text: str) -> list[_Line]:
    lines: list[_Line] = []
    current: list[Token] = []
    depth = line_depth = 0
    for token in token_stream(text):
        if token.type == "_NL":
            if current:
                lines.append(_Line(tuple(current), line_depth))
            current = []
        elif token.type == "_INDENT":
            depth += 1
        elif token.type == "_DEDENT":
            depth -= 1
        else:
            if not current:
                line_depth = depth
            current.append(token)
    if current:
        lines.append(_Line(tuple(current), line_depth))
    return lines


def _indent_width(text: str, token: Token) -> int:
    indent = text[text.rfind("\n", 0, token.start_pos) + 1: token.start_pos]
    return indent.count(" ") + indent.count("\t") * TAB_WIDTH


def _level_of(width: int, widths: list[int], lowest: int) -> int:
    """The deepest open block a comment `width` columns in can stand in, at least `lowest`."""
    return max([lowest] + [level for level in range(lowest, len(widths)) if widths[level] <= width])


def _spaced(before: Token, token: Token) -> bool:
    """Whether one space stands between two tokens of a line."""
    if before.value in _NO_SPACE_AFTER or token.value in _NO_SPACE_BEFORE:
        return False
    if before.value == "-" and before.type != "ADD_OP":
        return False
    if token.value in _OPENERS:
        return not (before.type in _OPERAND_TYPES or before.value in _OPERAND_ENDS)
    return True
