"""The TextMate grammar of .rules files (VS Code and other editors), made from dsl/keywords.py.

editors/vscode/syntaxes/rules.tmLanguage.json is what `grammar()` returns, written out by
`python -m rulesrun.dsl.textmate`; tests/test_editors.py fails when the file is not current. It
tells words apart as the Pygments lexer (highlight.py) does, with the scopes editors' themes know:
a declaration's line and a statement's line are regions that end with the line (unless it ends
in `\\`), holding their clauses; brackets are regions that may span lines.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .builtins import BUILTINS, GLOBAL_VALUES
from .keywords import (CONSTANTS, DECLARATIONS, RESERVED, STATEMENTS, WORD_OPERATORS, NAME_PATTERN,
                    clause_pattern, head_pattern, part_pattern)

PATH = Path(__file__).resolve().parent.parent / "editors" / "vscode" / "syntaxes" / "rules.tmLanguage.json"
"""Where the grammar lies in a checkout (not in an installed package)."""

_SCOPES = {"modifier": "storage.modifier.rules", "opener": "storage.type.rules", "kind": "storage.type.rules",
           "keyword": "keyword.other.rules", "reserved": "keyword.control.rules",
           "declared": "entity.name.function.rules", "name": "variable.other.rules"}
"""The scope of each role keywords.py gives a group of a head, clause or part line (spaces have none)."""

_LINE_END = r"(?<!\\)$"


def _captures(roles: tuple[str, ...]) -> dict:
    return {str(group): {"name": _SCOPES[role]} for group, role in enumerate(roles, start=1) if role != "space"}


def _clauses(phrases: tuple[str, ...]) -> list[dict]:
    return [{"match": pattern, "captures": _captures(roles)}
            for pattern, roles in map(clause_pattern, phrases)]


def _line(name: str, found: tuple[str, tuple[str, ...]], clauses: tuple[str, ...]) -> dict:
    pattern, roles = found
    return {"name": name, "begin": pattern, "beginCaptures": _captures(roles), "end": _LINE_END,
            "patterns": [*_clauses(clauses), {"include": "#comment"}, {"include": "#statement"},
                         {"include": "#expression"}]}


def _alternation(names) -> str:
    return "|".join(sorted(names))


def grammar() -> dict:
    """The TextMate grammar, as JSON data."""
    part, part_roles = part_pattern()
    control = RESERVED.difference(CONSTANTS, WORD_OPERATORS)
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "Rules",
        "scopeName": "source.rules",
        "fileTypes": ["rules"],
        "comment": "Made by `python -m rulesrun.dsl.textmate` from dsl/keywords.py and dsl/builtins.py: "
                   "edit those, not this file; tests/test_editors.py fails when it is not current.",
        "patterns": [{"include": f"#{name}"} for name in ("comment", "declaration", "part", "statement", "expression")],
        "repository": {
            "comment": {"name": "comment.line.number-sign.rules", "match": "#.*$"},
            "declaration": {
                "comment": "A top-level line a declaring word opens (after `override`), to its end: the name "
                           "declared, then the words of its clauses.",
                "patterns": [_line("meta.declaration.rules", head_pattern(d, declaration=True), d.clauses)
                             for d in DECLARATIONS]},
            "part": {
                "comment": "A part of a kind the rules declared: `role banker \"BANKER\"`.",
                "match": part, "captures": _captures(part_roles)},
            "statement": {
                "comment": "A statement whose line holds words that are names elsewhere (`create deck`, `to`).",
                "patterns": [_line("meta.statement.rules", head_pattern(s, declaration=False), s.clauses)
                             for s in STATEMENTS]},
            "expression": {"patterns": [
                {"include": "#comment"},
                {"include": "#string"},
                {"include": "#single_quoted"},
                {"name": "constant.numeric.decimal.rules", "match": r"\b[0-9]+\.[0-9]+\b"},
                {"name": "constant.numeric.integer.rules", "match": r"\b[0-9]+\b"},
                {"match": rf"(\.)({NAME_PATTERN})",
                 "captures": {"1": {"name": "punctuation.accessor.rules"}, "2": {"name": "variable.other.member.rules"}}},
                {"name": "constant.language.rules", "match": rf"\b({_alternation(CONSTANTS)})\b"},
                {"name": "keyword.operator.logical.rules", "match": rf"\b({_alternation(WORD_OPERATORS)})\b"},
                {"name": "support.function.builtin.rules", "match": rf"\b({_alternation(BUILTINS)})(?=\()"},
                {"name": "entity.name.function.call.rules", "match": rf"\b{NAME_PATTERN}(?=\()"},
                {"name": "keyword.control.rules", "match": rf"\b({_alternation(control)})\b"},
                {"name": "support.variable.rules", "match": rf"\b({_alternation(GLOBAL_VALUES)})\b"},
                {"name": "variable.other.rules", "match": rf"\b{NAME_PATTERN}\b"},
                {"name": "keyword.operator.rules", "match": r"=>|\.\.|==|!=|<=|>=|\+=|-=|//|\*\*|[-+*/%<>=]"},
                {"include": "#brackets"},
                {"name": "punctuation.separator.rules", "match": "[,:]"},
            ]},
            "brackets": {
                "comment": "Inside brackets a line goes on: a declaration's line ends after its brackets close.",
                "name": "meta.brackets.rules",
                "begin": r"[(\[{]",
                "end": r"[)\]}]",
                "beginCaptures": {"0": {"name": "punctuation.section.brackets.begin.rules"}},
                "endCaptures": {"0": {"name": "punctuation.section.brackets.end.rules"}},
                "patterns": [{"include": "#expression"}]},
            "string": {
                "name": "string.quoted.double.rules",
                "begin": '"',
                "end": '"|$',
                "beginCaptures": {"0": {"name": "punctuation.definition.string.begin.rules"}},
                "endCaptures": {"0": {"name": "punctuation.definition.string.end.rules"}},
                "patterns": [
                    {"name": "constant.character.escape.rules", "match": r"\\.|\{\{|\}\}"},
                    {"name": "meta.interpolation.rules",
                     "begin": r"\{",
                     "end": r"\}",
                     "beginCaptures": {"0": {"name": "punctuation.section.interpolation.begin.rules"}},
                     "endCaptures": {"0": {"name": "punctuation.section.interpolation.end.rules"}},
                     "contentName": "source.rules.embedded",
                     "patterns": [{"include": "#expression"}]},
                ]},
            "single_quoted": {
                "comment": "A text in single quotes, to write one inside a text's {...}.",
                "name": "string.quoted.single.rules",
                "match": r"'(?:[^'\\]|\\.)*'"},
        },
    }


def text() -> str:
    """The grammar as the file holds it."""
    return json.dumps(grammar(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    PATH.write_text(text(), encoding="utf-8")
    sys.stdout.write(f"wrote {PATH}\n")
