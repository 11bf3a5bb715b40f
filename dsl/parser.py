"""Text -> AST for one file: the LALR parser, built once per process, and its errors.

Syntax errors become located diagnostics that say what was found, what would have been
accepted there, and which block is still open.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput
from lark.exceptions import VisitError
from lark.indenter import DedentError, Indenter

from . import ast
from .builder import Builder
from .errors import Diagnostic, RulesError, SourceCache, Span
from .files import read_rules
from .limits import check_length, check_nesting

GRAMMAR = Path(__file__).with_name("grammar.lark")
TAB_WIDTH = 4
"""How many columns of indentation a tab counts as."""

_READABLE = {
    "_NL": "end of line",
    "_INDENT": "an indented block",
    "_DEDENT": "end of the block",
    "NAME": "a name",
    "INT": "a whole number",
    "DECIMAL": "a decimal number",
    "STRING": 'a "string"',
    "$END": "end of file",
}


class _RulesIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB", "LBRACE"]
    CLOSE_PAREN_types = ["RPAR", "RSQB", "RBRACE"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = TAB_WIDTH


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(
        GRAMMAR.read_text(encoding="utf-8"),
        parser="lalr",
        postlex=_RulesIndenter(),
        start=["start", "expr"],
        propagate_positions=True,
        maybe_placeholders=True,
        cache=True,
    )


def parse_file(path: str | Path, at: Span | None = None) -> ast.File:
    """Parse the file at `path`; a file that cannot be read as rules (dsl/files.py) is a located error at `at`."""
    return parse_text(read_rules(path, at), str(path))


def parse_text(text: str, file: str = "<text>") -> ast.File:
    """Parse rules text; `file` names it in error messages."""
    SourceCache.remember(file, text)
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise RulesError(Diagnostic(Span(file, line, 1), "the file contains a NUL byte: it is not rules text",
                                    "a .rules file is plain UTF-8 text", quote=False))
    if not text.endswith("\n"):
        text += "\n"
    return _parsed(text, file)


@lru_cache(maxsize=512)
def _parsed(text: str, file: str) -> ast.File:
    """The tree of `text`, memoized: a ruleset loaded under other params, each cell of a sweep and
    each scenario of a test parse the same files again, and parsing is half of loading a ruleset.
    The same text gives the same tree, and a tree is immutable (frozen nodes, tuples), so every
    caller may share it; a text with a mistake raises again each time (errors are not kept)."""
    check_length(text, file)
    try:
        tree = _parser().parse(text, start="start")
    except (UnexpectedInput, DedentError) as error:
        raise RulesError(_syntax_diagnostic(error, file, text)) from None
    check_nesting(tree, file)
    return _build(tree, file)


def keywords() -> tuple[str, ...]:
    """The words of the grammar (`phase`, `when`, `true`...), read from grammar.lark, sorted.

    The language server completes them; which of them are reserved and where the others count
    is dsl/keywords.py's table, which tests/test_highlight.py checks against this grammar.
    """
    word = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
    return tuple(sorted({t.pattern.value for t in _parser().terminals
                         if t.pattern.type == "str" and word.fullmatch(t.pattern.value)}))


def token_stream(text: str, start: str = "start") -> list[Token]:
    """The tokens the parser reads in `text` (which must parse from `start`: "expr" for the
    expression of a text's `{...}`), typed as the parser types them.

    `player` after `per` is the keyword PLAYER, in `for p in player` a NAME. The line structure
    comes as `_NL` (its text holds the comments it ran over), `_INDENT` and `_DEDENT`; newlines
    inside brackets are not tokens. Whitespace and comments are not tokens: they lie between.
    """
    return list(_parser().parse_interactive(text, start=start).iter_parse())


def _build(tree, file: str):
    """Run the builder; a located error raised inside it (a bad `{...}`) comes out unwrapped."""
    try:
        return Builder(file, parse_expression).transform(tree)
    except VisitError as error:
        if isinstance(error.orig_exc, RulesError):
            raise error.orig_exc from None
        raise


def parse_expression(text: str, file: str, line: int, column: int):
    """Parse the expression inside `{...}` of a string; its text starts at `line:column`.

    Positions inside the expression are moved to where it stands in the file, so an error
    in `say "{nme(p)}"` points at `nme`, not at column 1.
    """
    try:
        tree = _parser().parse(text, start="expr")
    except UnexpectedInput as error:
        offset = max(getattr(error, "column", 1) or 1, 1) - 1
        span = Span(file, line, column + offset, line, column + len(text))
        raise RulesError(Diagnostic(span, f"cannot read `{{{text}}}` as an expression",
                                    "write a name or expression inside the braces, e.g. {name(p)}; {{ and }} print braces")) from None
    check_nesting(tree, file)
    for node in tree.iter_subtrees():
        meta = node.meta
        if not getattr(meta, "empty", True):
            meta.end_column = meta.end_column + column - 1 if meta.end_line == 1 else meta.end_column
            meta.column = meta.column + column - 1 if meta.line == 1 else meta.column
            meta.line = meta.line + line - 1
            meta.end_line = meta.end_line + line - 1
    return _build(tree, file)


def _syntax_diagnostic(error, file: str, text: str) -> Diagnostic:
    if isinstance(error, DedentError):
        line = _line_of_bad_dedent(text)
        return Diagnostic(Span(file, line, 1), "this line's indentation matches no enclosing block",
                          "indent it exactly as far as the block it belongs to")
    line, column = getattr(error, "line", 1), getattr(error, "column", 1)
    if line is None or line < 1:
        line, column = text.count("\n") or 1, 1
    if isinstance(error, UnexpectedCharacters):
        char = text[error.pos_in_stream] if error.pos_in_stream < len(text) else "?"
        return Diagnostic(Span(file, line, column), f"unexpected character {char!r}",
                          _expected_hint(error.allowed))
    if isinstance(error, UnexpectedEOF):
        return Diagnostic(Span(file, line, column), "the file ends in the middle of a rule",
                          _expected_hint(error.expected) + _open_block(text))
    token: Token = error.token
    found = _READABLE.get(token.type, f"`{token}`")
    if token.type == "_NL":
        found = "end of line"
    width = len(str(token)) if token.type not in ("_NL", "_INDENT", "_DEDENT", "$END") else 1
    span = Span(file, line, column, line, column + width)
    hint = _expected_hint(error.expected)
    if token.type == "_INDENT":
        hint = "this line is indented but no block is open here: remove the indentation or end the line above with `:`"
    elif token.type == "_NL" and "COLON" in error.expected:
        hint = "a block opener (if, for, phase, proc, ...) ends with `:`"
    return Diagnostic(span, f"unexpected {found}", hint)


def _expected_hint(expected) -> str:
    names = sorted({_READABLE.get(e, _terminal_text(e)) for e in expected if not e.startswith("__")})
    if not names:
        return ""
    if len(names) > 8:
        names = names[:8] + ["..."]
    return "expected " + ", ".join(names)


def _terminal_text(name: str) -> str:
    try:
        pattern = _parser().get_terminal(name).pattern
    except KeyError:
        return name
    if pattern.type == "str":
        return f"`{pattern.value}`"
    return name.lower()


def _open_block(text: str) -> str:
    for line in reversed(text.rstrip().splitlines()):
        if line.rstrip().endswith(":"):
            return f"; the block `{line.strip()}` is still open"
    return ""


def _line_of_bad_dedent(text: str) -> int:
    levels = [0]
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip())
        if indent > levels[-1]:
            levels.append(indent)
        else:
            while indent < levels[-1]:
                levels.pop()
            if indent != levels[-1]:
                return number
    return 1
