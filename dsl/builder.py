"""Parse tree -> AST, by one generic rule: grammar rule `snake_name` builds class `SnakeName`.

Children arrive in the order the grammar rule lists them, which is the order the AST class
declares its fields. Only tokens need converting (a NAME to `str`, an INT to `int`, a STRING
to its text or to an `Interpolated` string), and rules that stand for a list become tuples.
"""

from __future__ import annotations

import ast as python_ast
import math
import re

from lark import Transformer, v_args

from . import ast
from .builtins import BUILTINS
from .errors import Diagnostic, RulesError, Span
from .files import path_mistake
from .limits import check_digits

_LIST_RULES = {"names", "exprs", "score_keys", "args", "move_params", "card_entries", "elifs", "body", "kind_alone"}
_UNWRAPPED = {"else_", "when_", "weight_", "values_"}
_ALIASES = {
    "per_player": "PerPlayer",
    "indexed": "Indexed",
    "conditional": "Conditional",
    "or_op": "OrOp",
    "and_op": "AndOp",
    "not_op": "NotOp",
    "compare": "Compare",
    "not_in": "NotIn",
    "in_op": "InOp",
    "range_": "Range",
    "binary": "Binary",
    "negate": "Negate",
    "call": "Call",
    "index": "Index",
    "attribute": "Attribute",
    "keyword": "Keyword",
    "tuple_": "Tuple",
    "list_": "List",
    "comprehension": "Comprehension",
    "comp_for": "CompFor",
    "play": "Play",
    "lambda_": "Lambda",
    "return_": "Return",
    "break_": "Break",
    "pass_": "Pass",
    "if_": "If",
    "elif_": "Elif",
    "for_": "For",
    "while_": "While",
    "assert_": "Assert",
}
# `{expr}` in a text, `{{` and `}}` its braces: where the builder parses expressions, and where an
# editor looks for the names a text uses (dsl/references.py).
INTERPOLATION = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")


def _class_for(rule: str):
    name = _ALIASES.get(rule) or "".join(part.title() for part in rule.split("_"))
    return getattr(ast, name)


@v_args(meta=True)
class Builder(Transformer):
    """Turns a lark tree of one file into `ast.File`; `parse_expr` parses `{...}` parts."""

    def __init__(self, file: str, parse_expr):
        super().__init__(visit_tokens=True)
        self.file = file
        self.parse_expr = parse_expr

    def _span(self, meta) -> Span | None:
        if getattr(meta, "empty", True):
            return None
        return Span(self.file, meta.line, meta.column, meta.end_line, meta.end_column)

    def __default__(self, data, children, meta):
        if data in _UNWRAPPED:
            return children[0]
        if data in _LIST_RULES:
            return tuple(c for c in children if c is not None)
        if data in ("list_", "tuple_"):
            children = [tuple(c for c in children if c is not None)]
        if data == "comprehension":
            children = [children[0], tuple(children[1:])]
        return _class_for(data)(*children, span=self._span(meta))

    def call(self, meta, children):
        """A call; a built-in's options given in order after its arguments get their names
        (dsl/builtins.py, `in_order`): `choose(p, l, xs, "Which?")` -> `choose(p, l, xs, prompt = "Which?")`."""
        func, args = children
        builtin = BUILTINS.get(func.id) if isinstance(func, ast.Name) else None
        if builtin is not None and builtin.in_order:
            positional = [a for a in args if not isinstance(a, ast.Keyword)]
            extra = positional[builtin.high:builtin.high + len(builtin.in_order)]
            named = {id(a): ast.Keyword(name, a, span=a.span) for name, a in zip(builtin.in_order, extra)}
            args = tuple(named.get(id(a), a) for a in args)
        return ast.Call(func, args, span=self._span(meta))

    def start(self, meta, children):
        return ast.File(tuple(children))

    def name(self, meta, children):
        return ast.Name(children[0], span=self._span(meta))

    def integer(self, meta, children):
        return ast.Literal(int(children[0]), span=self._span(meta))

    def decimal(self, meta, children):
        value = float(children[0])
        if not math.isfinite(value):
            raise RulesError(Diagnostic(self._span(meta), "this decimal number is too large to hold",
                                        "decimals go up to about 1.8e308; write a smaller number"))
        return ast.Literal(value, span=self._span(meta))

    def true(self, meta, _):
        return ast.Literal(True, span=self._span(meta))

    def false(self, meta, _):
        return ast.Literal(False, span=self._span(meta))

    def none(self, meta, _):
        return ast.Literal(None, span=self._span(meta))

    def string(self, meta, children):
        """A string; `{expr}` parts are parsed in place, `{{` and `}}` stand for braces."""
        token = children[0]
        raw = str(token)
        span = self._span(meta)
        if "{" not in raw and "}" not in raw:
            return ast.Literal(_unquote(token, self.file), span=span)
        _check_text(raw, self.file, token)
        parts: list = []
        quote = raw[0]
        position = 1
        body_end = len(raw) - 1
        for match in INTERPOLATION.finditer(raw, 1, body_end):
            parts.append(_unquote(token, self.file, quote + raw[position : match.start()] + quote))
            if match.group(1) is None:
                parts.append(match.group(0)[0])
            else:
                column = token.column + match.start(1)
                parts.append(self.parse_expr(match.group(1), self.file, token.line, column))
            position = match.end()
        parts.append(_unquote(token, self.file, quote + raw[position:body_end] + quote))
        merged: list = []
        for part in parts:
            if isinstance(part, str) and merged and isinstance(merged[-1], str):
                merged[-1] += part
            elif part != "":
                merged.append(part)
        if all(isinstance(p, str) for p in merged):
            return ast.Literal("".join(merged), span=span)
        return ast.Interpolated(tuple(merged), span=span)

    def param(self, meta, children):
        name, default, doc = children
        return ast.Param(name, default, _text(doc, self.file), span=self._span(meta))

    def shown(self, meta, children):
        text, title = children
        return ast.Shown(text, _text(title, self.file), span=self._span(meta))

    def part(self, meta, children):
        kind, name, title = children
        return ast.Part(kind, name, _text(title, self.file), span=self._span(meta))

    def part_kind(self, meta, children):
        name, reset, in_play, alone = children
        return ast.PartKind(name, reset, in_play, alone or (), span=self._span(meta))

    def score_key(self, meta, children):
        expr, name = children
        return ast.ScoreKey(expr, _text(name, self.file), span=self._span(meta))

    def imaginary(self, meta, children):
        name, label = children
        return ast.Imaginary(name, _text(label, self.file), span=self._span(meta))

    def game_title(self, meta, children):
        return ast.GameTitle(_unquote(children[0], self.file), span=self._span(meta))

    def fragment(self, meta, children):
        title, base = children
        if base is None:
            return ast.Fragment(_unquote(title, self.file), span=self._span(meta))
        path, settings = base
        return ast.Fragment(_unquote(title, self.file), path, settings, span=self._span(meta))

    def fragment_base(self, meta, children):
        return self._path(children[0]), tuple(c for c in children[1:] if c is not None)

    def fragment_setting(self, meta, children):
        name, value = children
        return ast.FragmentSetting(str(name), value, span=self._span(meta))

    def include(self, meta, children):
        return ast.Include(self._path(children[0]), span=self._span(meta))

    def extends(self, meta, children):
        return ast.Extends(self._path(children[0]), span=self._span(meta))

    def _path(self, token) -> str:
        """The text of a string that names a file, refused where it can name none (files.path_mistake)."""
        written = _unquote(token, self.file)
        mistake = path_mistake(written)
        if mistake is not None:
            span = Span(self.file, token.line, token.column, token.end_line, token.end_column)
            raise RulesError(Diagnostic(span, mistake, "name a .rules file by its path relative to this file"))
        return written

    def NAME(self, token):
        """A name; one that begins with two underscores is refused: Python's own names look so,
        and though no name of the rules reaches them (docs/security.md), a file that writes one
        is more likely probing than playing."""
        if token.startswith("__"):
            span = Span(self.file, token.line, token.column, token.end_line, token.end_column)
            raise RulesError(Diagnostic(span, f"`{token}`: names that begin with two underscores are reserved",
                                        "rename it: a letter or one underscore first"))
        return str(token)

    def INT(self, token):
        check_digits(token, self.file)
        return int(token)

    def put_into(self, meta, children):
        return ast.Put(children[0], "into", children[1], span=self._span(meta))

    def put_under(self, meta, children):
        return ast.Put(children[0], "under", children[1], span=self._span(meta))

    def append(self, meta, children):
        return ast.Append.of(children[0], children[1], span=self._span(meta))

    def add(self, meta, children):
        return ast.Add.of(children[0], children[1], span=self._span(meta))

    def record(self, meta, children):
        return ast.Record(tuple(c for c in children if c is not None), span=self._span(meta))

    def lowest(self, meta, children):
        return True

    def visibility(self, meta, children):
        return str(children[0])

    def var(self, meta, children):
        """`var NAME [shape] [internal] = INIT [reset ...]`: `internal` stands before the value, as
        a zone's `private` does, and is the node's last field."""
        name, shape, internal, init, reset = children
        return ast.Var(name, shape, init, reset, internal, span=self._span(meta))

    def internal(self, meta, children):
        return True

    def reset_on(self, meta, children):
        """`reset on EVENT` -> the event's name; `reset` alone -> True (the event of the part's kind)."""
        return children[0] if children[0] is not None else True

    def in_play(self, meta, children):
        return True

    def before_hook(self, meta, children):
        return ast.Hook("before", *children, span=self._span(meta))

    def after_hook(self, meta, children):
        return ast.Hook("after", *children, span=self._span(meta))

    AUG_OP = COMP_OP = ADD_OP = MUL_OP = POW_OP = NAME


_ESCAPE = re.compile(r"\\(?:N\{[A-Za-z0-9 \-]+\}|x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|[0-7]{1,3}|[\\'\"abfnrtv])")
_BAD_ESCAPE = re.compile(r"\\.", re.S)


def _check_text(raw: str, file: str, token) -> None:
    r"""A string's escapes are Python's, whole and meaning a character: else a located error.

    `"\x"`, `"\N{NO SUCH NAME}"`, `"\uD800"` (half a character) and a raw carriage return
    would otherwise stop Python's own reading of the string with a traceback.
    """
    def refuse(offset: int, message: str, hint: str):
        column = token.column + offset
        raise RulesError(Diagnostic(Span(file, token.line, column, token.line, column + 2), message, hint))

    for index, char in enumerate(raw):
        if char != "\t" and (ord(char) < 32 or ord(char) == 127):
            refuse(index, f"a control character ({ord(char):#04x}) inside a text", "write it as an escape, e.g. \\r")
    position = 1
    while (match := _BAD_ESCAPE.search(raw, position, len(raw) - 1)) is not None:
        good = _ESCAPE.match(raw, match.start())
        if good is None:
            refuse(match.start(), f"`{match.group()}` is not an escape", "write \\\\ for a backslash; escapes are as in Python")
        try:
            value = python_ast.literal_eval('"' + good.group() + '"')
        except (SyntaxError, ValueError):
            refuse(match.start(), f"`{good.group()}` names no character", "check the escape; escapes are as in Python")
        if any(0xD800 <= ord(c) <= 0xDFFF for c in value):
            refuse(match.start(), f"`{good.group()}` is half of a character (a surrogate)", "write the character itself")
        position = good.end()


def _text(token, file: str) -> str | None:
    return None if token is None else _unquote(token, file)


def _unquote(token, file: str, piece: str | None = None) -> str:
    """The text of a string token (or of `piece`, a part of it between `{...}`), its escapes read as Python reads them."""
    if piece is None:
        _check_text(str(token), file, token)
    try:
        return python_ast.literal_eval(str(token) if piece is None else piece)
    except (SyntaxError, ValueError):
        raise RulesError(Diagnostic(Span(file, token.line, token.column), "cannot read this text",
                                    "check its backslashes: escapes are as in Python, {{ and }} write braces")) from None
