"""Located errors: every mistake a designer can make ends here, never in a traceback.

An error is a value (`Diagnostic`) with the place it points at, what went wrong and a hint.
Passes collect diagnostics instead of stopping at the first, and raise one `RulesError`
holding all of them; the CLI renders them and picks the exit code.

    classic.rules:12:9: error: unknown name `fieldz`
       12 |     put d into fieldz[f]
          |                ^^^^^^^
    hint: did you mean `field`?
"""

from __future__ import annotations

import difflib
import re

import attrs


@attrs.frozen(slots=True)
class Span:
    """Where a node stands in its source file (1-based line and column)."""

    file: str
    line: int
    column: int
    end_line: int = 0
    end_column: int = 0

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@attrs.frozen(slots=True)
class Diagnostic:
    """One mistake: where, what, and what to do about it."""

    span: Span | None
    message: str
    hint: str = ""
    related: tuple[tuple[Span, str], ...] = ()
    # Whether the rendering may show the line the span points at: not in a file that is no
    # rules text (a NUL byte, not UTF-8), whose bytes are no one's to echo.
    quote: bool = True

    def render(self, sources: "SourceCache | None" = None) -> str:
        sources = sources or SourceCache()
        where = f"{self.span}: " if self.span else ""
        lines = [f"{where}error: {self.message}"]
        if self.span and self.quote:
            lines.extend(_excerpt(self.span, sources))
        for span, note in self.related:
            lines.append(f"{span}: note: {note}")
            lines.extend(_excerpt(span, sources))
        if self.hint:
            lines.append(f"hint: {self.hint}")
        return "\n".join(lines)

    def to_json(self) -> dict:
        out = {"message": self.message, "hint": self.hint}
        if self.span:
            out.update(file=self.span.file, line=self.span.line, column=self.span.column)
        out["related"] = [
            {"file": s.file, "line": s.line, "column": s.column, "note": n} for s, n in self.related
        ]
        return out


class RulesError(Exception):
    """One or more diagnostics; raised by any stage a designer's mistake can reach."""

    def __init__(self, diagnostics: list[Diagnostic] | Diagnostic):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics = list(diagnostics)
        super().__init__(self.render())

    def render(self, sources: "SourceCache | None" = None) -> str:
        return "\n\n".join(d.render(sources) for d in self.diagnostics)

    def __reduce__(self):
        """Pickled with its diagnostics, so an error in a worker process reaches the parent intact."""
        return (type(self), (self.diagnostics,))


class SourceCache:
    """Source texts by file name, so excerpts can be shown for any span."""

    _texts: dict[str, list[str]] = {}

    @classmethod
    def remember(cls, file: str, text: str) -> None:
        cls._texts[file] = text.splitlines()

    def line(self, file: str, number: int) -> str | None:
        """Line `number` of `file`: of its text as parsed, or of the file read as rules are
        (dsl/files.py: a regular .rules file of UTF-8 text), never of any other file."""
        lines = self._texts.get(file)
        if lines is None:
            from .files import read_rules  # files.py reports its refusals as errors of this module

            try:
                lines = read_rules(file).splitlines() if file.endswith(".rules") else []
            except RulesError:
                lines = []
            self._texts[file] = lines
        if 1 <= number <= len(lines):
            return lines[number - 1]
        return None


def _excerpt(span: Span, sources: SourceCache) -> list[str]:
    text = sources.line(span.file, span.line)
    if text is None:
        return []
    text = text.expandtabs(4)
    width = 1
    if span.end_line == span.line and span.end_column > span.column:
        width = span.end_column - span.column
    gutter = " " * len(str(span.line))
    return [
        f"  {span.line} | {text}",
        f"  {gutter} | {' ' * (span.column - 1)}{'^' * width}",
    ]


def did_you_mean(name: str, known) -> str:
    """A hint naming the closest known names, or an empty string."""
    close = difflib.get_close_matches(name, sorted(set(known)), n=3, cutoff=0.6)
    if not close:
        return ""
    return "did you mean " + " or ".join(f"`{c}`" for c in close) + "?"


_SUGGESTED = re.compile(r"`([A-Za-z_][A-Za-z0-9_]*)`")


def suggested(hint: str) -> list[str]:
    """The names a `did_you_mean` hint suggests, for an editor's quick fix; none for any other hint.

        suggested("did you mean `tally` or `total`?")  -> ["tally", "total"]
    """
    if not hint.startswith("did you mean "):
        return []
    return _SUGGESTED.findall(hint)
