"""A Pygments lexer for .rules files: `pygmentize -l rules game.rules`, Sphinx, mkdocs, rich.

Registered by the entry point `pygments.lexers` (pyproject.toml), so it works wherever
Pygments is installed next to rulesrun (`pip install 'rulesrun[editors]'`). The keywords are
the grammar's own (`parser.keywords()`, read from grammar.lark when this module is imported),
the built-in names those of dsl/builtins.py: a word added to the language is highlighted
without editing this file.

A lexer sees words, not the parse: a keyword that is also a name (`weight(dice)`, `b.value`)
is told apart by what stands next to it: a name before `(` is a call, after `.` an attribute,
and the word after a declaring keyword at the start of a line is the name declared.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, include, words
from pygments.token import (Comment, Keyword, Name, Number, Operator, Punctuation, String, Text,
                            Whitespace)

from .builtins import BUILTINS, GLOBAL_VALUES
from .parser import keywords

KEYWORDS = keywords()
CONSTANTS = ("true", "false", "none")
WORD_OPERATORS = ("and", "or", "not", "in")
DECLARING = ("phase", "proc", "move", "event", "on", "before", "after", "forbid", "param", "var",
             "zone", "die", "card", "imaginary", "kind", "total", "term", "point")
"""Keywords that open a line and name what they declare (a hook or handler: what it hooks)."""

_NAME = r"[A-Za-z_][A-Za-z0-9_]*"


class RulesLexer(RegexLexer):
    """The rules language of rulesrun: dice games as .rules files."""

    name = "Rules"
    aliases = ["rules", "rulesrun"]
    filenames = ["*.rules"]
    mimetypes = ["text/x-rules"]

    tokens = {
        "root": [
            (r"#.*?$", Comment.Single),
            (r"\\\n", Text),
            (r"\s+", Whitespace),
            (r"^(?:(override)([ \t]+))?(" + "|".join(DECLARING) + r")([ \t]+)(" + _NAME + r")",
             bygroups(Keyword.Declaration, Whitespace, Keyword.Declaration, Whitespace, Name.Function)),
            include("expression"),
        ],
        "expression": [
            (r'"', String.Double, "string"),
            (r"'(?:[^'\\\n]|\\.)*'", String.Single),
            (r"[0-9]+\.[0-9]+", Number.Float),
            (r"[0-9]+", Number.Integer),
            (r"(\.)(" + _NAME + r")", bygroups(Punctuation, Name.Attribute)),
            (words(CONSTANTS, suffix=r"\b"), Keyword.Constant),
            (words(WORD_OPERATORS, suffix=r"\b"), Operator.Word),
            (words(tuple(BUILTINS), suffix=r"(?=\()"), Name.Builtin),
            (_NAME + r"(?=\()", Name.Function),
            (words(tuple(k for k in KEYWORDS if k not in CONSTANTS + WORD_OPERATORS), suffix=r"\b"), Keyword),
            (words(tuple(GLOBAL_VALUES), suffix=r"\b"), Name.Builtin.Pseudo),
            (_NAME, Name),
            (r"=>|\.\.|==|!=|<=|>=|\+=|-=|//|[-+*/%<>=]", Operator),
            (r"[()\[\]{},:]", Punctuation),
            (r"[ \t\f]+", Whitespace),
        ],
        "string": [
            (r"\{\{|\}\}", String.Escape),
            (r"\\.", String.Escape),
            (r"\{", String.Interpol, "interpolation"),
            (r'"', String.Double, "#pop"),
            (r'[^"\\{}\n]+', String.Double),
            (r"\}", String.Double),
        ],
        "interpolation": [
            (r"\}", String.Interpol, "#pop"),
            include("expression"),
        ],
    }
