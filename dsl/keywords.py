"""The keywords of the rules language and where each counts: the one table highlighters and the checker read.

A keyword is *reserved* (`if`, `let`, `true`: it never names anything), or it is a *soft
keyword* (as Python calls `match`) that counts only where it stands, as docs/language.md 3.1
says: it opens a line (`die`, `total`, `kind` at the start of a top-level line; `create deck` in
a block) or begins a clause of the line an opener opened (`faces` in a `die` line, `per player`
in a `var` line, `to` in an `append`). Anywhere else it is a name:

    total money(p): sum(cash)     # `total` opens a declaration, `money` is what it declares
    let total = 0                 # `total` is a name, as `x` in `let x = 1`

The Pygments lexer (highlight.py), the TextMate grammar (textmate.py writes
editors/vscode/syntaxes/rules.tmLanguage.json) and the checker (a reserved word cannot name
anything) read these tables; tests/test_highlight.py checks them against grammar.lark and the docs.
"""

from __future__ import annotations

import attrs

RESERVED = frozenset({
    "if", "elif", "else", "for", "in", "while", "not", "and", "or", "let", "return", "break", "pass",
    "true", "false", "none", "play", "put", "roll", "shuffle", "deal", "create", "emit", "say",
    "repeat", "turn", "as", "into", "under", "from", "when", "by", "append", "add", "assert",
})
"""The statement and expression keywords: keywords wherever they stand, never a name."""

CONSTANTS = ("true", "false", "none")
WORD_OPERATORS = ("and", "or", "not", "in")
MODIFIER = "override"
"""Stands before a declaration's opener: `override phase game:`."""

NAME = "NAME"
"""In an opener's `head`, the place of a name: `die NAME faces`."""


@attrs.frozen(slots=True)
class Opener:
    """How a line of one construct begins, and the words that count in the rest of that line.

    `head`: the words and names the line starts with, as the grammar fixes them; a `NAME` right
    after the first word is the name a declaration declares (`proc pay`) or hooks (`before
    scoring`). `clauses`: phrases of one or more words that are keywords in the rest of the line
    (outside brackets and texts), when not called (`weight(dice)`) or read as a field (`b.values`).

        >>> Opener(("die", NAME, "faces"), ("weight", "values", "shown")).word
        'die'
    """

    head: tuple[str, ...]
    clauses: tuple[str, ...] = ()

    @property
    def word(self) -> str:
        return self.head[0]


def _openers(*entries: tuple[str, tuple[str, ...]]) -> tuple[Opener, ...]:
    return tuple(Opener(tuple(head.split()), clauses) for head, clauses in entries)


DECLARATIONS = _openers(
    ("game", ()), ("players", ()), ("include", ()), ("extends", ()), ("fragment", ("with",)),
    ("param NAME", ()), ("die NAME faces", ("weight", "values", "shown")),
    ("card NAME values", ("x", "shown")), ("zone NAME", ("per player", "hidden", "private")),
    ("var NAME", ("per player", "internal", "reset on", "reset")), ("imaginary NAME", ()), ("event NAME", ()), ("proc NAME", ()),
    ("phase NAME", ()), ("before NAME", ()), ("after NAME", ()), ("move NAME", ("shown",)),
    ("point NAME", ()), ("forbid NAME", ()), ("on NAME", ()), ("score by NAME", ("lowest",)),
    ("value", ()), ("view", ()), ("nobody wins when", ()), ("kind NAME", ("reset on", "with")),
    ("total NAME", ()), ("term NAME", ()),
)
"""What opens a top-level line: unindented, after `override` if any."""

STATEMENTS = _openers(
    ("create deck NAME into", ()), ("create NAME x", ("owned by",)), ("append", ("to",)), ("add", ("to",)),
)
"""The statements whose line holds words that are not reserved; they open it wherever they stand."""

NAME_PATTERN = r"[A-Za-z_][A-Za-z0-9_]*"
_SPACE = r"([ \t]+)"


def head_pattern(opener: Opener, declaration: bool) -> tuple[str, tuple[str, ...]]:
    """The regular expression of `opener`'s head, and the role of each of its groups.

    Every character it matches is in a group (Pygments' `bygroups` drops the rest). The roles:
    `modifier` (`override`), `opener` (a declaration's first word), `keyword` (another word;
    `reserved` if it is one, as `by` in `score by p` and `create`), `declared` (the name right
    after the first word of a declaration), `name` (another name) and `space`.
    A declaration's head stands at the start of a line, a statement's wherever it is not a field.

        >>> head_pattern(Opener(("kind", NAME)), declaration=True)[1]
        ('modifier', 'space', 'opener', 'space', 'declared')
    """
    groups, roles = [], []
    for at, element in enumerate(opener.head):
        if at:
            groups.append(_SPACE)
            roles.append("space")
        if element == NAME:
            groups.append(f"({NAME_PATTERN})")
            roles.append("declared" if declaration and at == 1 else "name")
        else:
            groups.append(f"({element})")
            roles.append("opener" if declaration and not at else "reserved" if element in RESERVED else "keyword")
    pattern = "".join(groups) + r"\b"
    if declaration:
        return rf"^(?:({MODIFIER}){_SPACE})?" + pattern, ("modifier", "space", *roles)
    return r"(?<![\w.])" + pattern, tuple(roles)


def clause_pattern(phrase: str) -> tuple[str, tuple[str, ...]]:
    """The regular expression of a clause (`per player`), its words `keyword`s, the space between `space`.

    A clause word that is called (`weight(dice)`) or read as a field (`b.values`) is a name.
    """
    words = phrase.split()
    return (r"(?<![\w.])" + _SPACE.join(f"({w})" for w in words) + r"\b(?!\()",
            tuple(role for w in words for role in ("space", "keyword"))[1:])


def part_pattern() -> tuple[str, tuple[str, ...]]:
    """A part's line, `role banker "BANKER"`: the kind the rules declared (`kind role`) and the
    part's name, at the start of a line, before its title, a comment or the end of the line.

    The kind is any name but a word of this table: a lexer knows no file's kinds.
    """
    known = sorted(RESERVED | {MODIFIER} | {o.word for o in DECLARATIONS})
    return (rf"^(?!(?:{'|'.join(known)})\b)({NAME_PATTERN}){_SPACE}({NAME_PATTERN})(?=[ \t]*(?:[\"'#]|$))",
            ("kind", "space", "declared"))
