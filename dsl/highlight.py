"""A Pygments lexer for .rules files: `pygmentize -l rules game.rules`, Sphinx, mkdocs, rich.

Registered by the entry point `pygments.lexers` (pyproject.toml), so it works wherever
Pygments is installed next to rulesrun (`pip install 'rulesrun[editors]'`). Its words are those
of dsl/keywords.py, the built-in names those of dsl/builtins.py: a word added to the language is
highlighted without editing this file.

A lexer sees words, not the parse, so it tells a word's part by where it stands, as the parser
does. A reserved word is a keyword everywhere. A declaration's word is one at the start of a
top-level line (`total money(p): ...`), a clause's word in the line its declaration or statement
opened (`faces` in a `die` line); elsewhere both are names (`let total = 0`). A name before `(`
is a call, after `.` a field, and the name after a declaring word is the name declared. A line
`KIND NAME "TITLE"` declares a part of a kind the rules declared (`role banker "BANKER"`).
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, include, words
from pygments.token import (Comment, Keyword, Name, Number, Operator, Punctuation, String, Text,
                            Whitespace)

from .builtins import BUILTINS, GLOBAL_VALUES
from .keywords import (CONSTANTS, DECLARATIONS, RESERVED, STATEMENTS, WORD_OPERATORS, NAME_PATTERN,
                    Opener, clause_pattern, head_pattern, part_pattern)

_TOKENS = {"modifier": Keyword.Declaration, "opener": Keyword.Declaration, "kind": Keyword.Declaration,
           "keyword": Keyword, "reserved": Keyword, "declared": Name.Function, "name": Name, "space": Whitespace}
"""The token of each role keywords.py gives a group of a head, clause or part line."""


def _rule(found: tuple[str, tuple[str, ...]], *state):
    pattern, roles = found
    return (pattern, bygroups(*(_TOKENS[role] for role in roles)), *state)


def _line(opener: Opener) -> str:
    return "line " + " ".join(opener.head)


def _line_state(opener: Opener | None) -> list:
    """The rest of a line an opener began: its clauses, or a statement (a one-line body), until the line ends."""
    clauses = [_rule(clause_pattern(phrase)) for phrase in (opener.clauses if opener else ())]
    statements = [_rule(head_pattern(s, declaration=False), ("#pop", _line(s))) for s in STATEMENTS]
    return [(r"\n", Whitespace, "#pop"), include("layout"), *clauses, *statements, include("expression")]


class RulesLexer(RegexLexer):
    """The rules language of rulesrun: dice games as .rules files."""

    name = "Rules"
    aliases = ["rules", "rulesrun"]
    filenames = ["*.rules"]
    mimetypes = ["text/x-rules"]

    tokens = {
        "root": [
            include("layout"),
            (r"\s+", Whitespace),
            *(_rule(head_pattern(d, declaration=True), _line(d)) for d in DECLARATIONS),
            _rule(part_pattern(), "line"),
            *(_rule(head_pattern(s, declaration=False), _line(s)) for s in STATEMENTS),
            include("expression"),
        ],
        "layout": [
            (r"#.*?$", Comment.Single),
            (r"\\[ \t\f]*\n", Text),
        ],
        "line": _line_state(None),
        **{_line(o): _line_state(o) for o in DECLARATIONS + STATEMENTS},
        "bracket": [
            (r"[)\]}]", Punctuation, "#pop"),
            include("layout"),
            (r"\s+", Whitespace),
            include("expression"),
        ],
        "expression": [
            (r'"', String.Double, "string"),
            (r"'(?:[^'\\\n]|\\.)*'", String.Single),
            (r"[0-9]+\.[0-9]+", Number.Float),
            (r"[0-9]+", Number.Integer),
            (r"(\.)(" + NAME_PATTERN + r")", bygroups(Punctuation, Name.Attribute)),
            (words(CONSTANTS, suffix=r"\b"), Keyword.Constant),
            (words(WORD_OPERATORS, suffix=r"\b"), Operator.Word),
            (words(tuple(BUILTINS), suffix=r"(?=\()"), Name.Builtin),
            (NAME_PATTERN + r"(?=\()", Name.Function),
            (words(tuple(sorted(RESERVED.difference(CONSTANTS, WORD_OPERATORS))), suffix=r"\b"), Keyword),
            (words(tuple(GLOBAL_VALUES), suffix=r"\b"), Name.Builtin.Pseudo),
            (NAME_PATTERN, Name),
            (r"=>|\.\.|==|!=|<=|>=|\+=|-=|//|\*\*|[-+*/%<>=]", Operator),
            (r"[(\[{]", Punctuation, "bracket"),
            (r"[)\]},:]", Punctuation),
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
