"""The TextMate grammar under editors/ (VS Code and others): made from the language's tables, it
reads each word of a file as the parser does.

The grammar is written by dsl/textmate.py from dsl/keywords.py and dsl/builtins.py; a small
TextMate matcher (first match by position, then by order; begin/end regions that stay open
across lines; includes) runs it over the shipped files, as an editor would.
"""

import json
import re

import pytest

from helpers import ROOT, quick_every
from rulesrun.dsl import highlight, keywords, textmate
from rulesrun.dsl.builtins import BUILTINS, GLOBAL_VALUES
from rulesrun.dsl.parser import token_stream

VSCODE = ROOT / "editors" / "vscode"
PACKAGE = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
GRAMMAR = json.loads((VSCODE / "syntaxes" / "rules.tmLanguage.json").read_text(encoding="utf-8"))
SHIPPED = sorted(p for folder in ("rulesets", "examples", "tests/agent_games") for p in (ROOT / folder).rglob("*.rules"))
KEYWORD_SCOPES = ("keyword.control", "keyword.other", "keyword.operator.logical", "storage", "constant.language")
NAME_SCOPES = ("entity.name", "variable", "support")


def _rules(node=GRAMMAR):
    """Every pattern object of the grammar, nested ones included."""
    for pattern in node.get("patterns", []):
        yield pattern
        yield from _rules(pattern)
    for pattern in node.get("repository", {}).values():
        yield pattern
        yield from _rules(pattern)


def _words(scope: str) -> set[str]:
    """The words of the `\\b(a|b|c)` alternation of the pattern named `scope`."""
    (pattern,) = [p for p in _rules() if p.get("name") == scope]
    return set(re.search(r"\(([a-z_|]+)\)", pattern["match"]).group(1).split("|"))


def test_the_extension_names_the_grammar_and_the_files():
    (language,) = PACKAGE["contributes"]["languages"]
    (grammar,) = PACKAGE["contributes"]["grammars"]
    assert language["extensions"] == [".rules"] and grammar["language"] == language["id"]
    assert (VSCODE / grammar["path"]).is_file() and (VSCODE / language["configuration"]).is_file()
    assert grammar["scopeName"] == GRAMMAR["scopeName"] == "source.rules"
    json.loads((VSCODE / language["configuration"]).read_text(encoding="utf-8"))


def test_the_grammar_file_is_the_one_the_tables_make():
    """Edit dsl/keywords.py or dsl/builtins.py, then `python -m rulesrun.dsl.textmate`."""
    assert (VSCODE / "syntaxes" / "rules.tmLanguage.json").read_text(encoding="utf-8") == textmate.text()
    assert textmate.PATH == VSCODE / "syntaxes" / "rules.tmLanguage.json"


def test_the_keywords_everywhere_are_the_reserved_words_in_the_lexers_classes():
    control = _words("keyword.control.rules")
    constants = _words("constant.language.rules")
    operators = _words("keyword.operator.logical.rules")
    assert control | constants | operators == keywords.RESERVED
    assert constants == set(highlight.CONSTANTS) and operators == set(highlight.WORD_OPERATORS)
    assert not control & (constants | operators)


def test_the_built_ins_are_the_languages():
    assert _words("support.function.builtin.rules") == set(BUILTINS)
    assert _words("support.variable.rules") == set(GLOBAL_VALUES)


def tokenize(text: str):
    """(scope, text, line, column) of each scope the grammar gives in `text`, as an editor runs it."""
    regions = []
    for number, line in enumerate(text.split("\n"), start=1):
        at = 0
        while True:
            region = regions[-1] if regions else None
            candidates = []
            if region and (m := re.compile(region["end"]).search(line, at)):
                candidates.append((m.start(), -1, m, region))
            if at < len(line):
                for order, pattern in enumerate(_flat(region["patterns"] if region else GRAMMAR["patterns"])):
                    if (m := re.compile(pattern.get("match") or pattern["begin"]).search(line, at)):
                        candidates.append((m.start(), order, m, pattern))
            if not candidates:
                break
            _, order, m, pattern = min(candidates, key=lambda c: c[:2])
            if order == -1:
                yield from _captured(pattern.get("endCaptures", {}), m, number)
                regions.pop()
                at = m.end()
                continue
            if "name" in pattern:
                yield pattern["name"], m.group(), number, m.start()
            if "begin" in pattern:
                yield from _captured(pattern.get("beginCaptures", {}), m, number)
                regions.append(pattern)
                at = m.end()
            else:
                yield from _captured(pattern.get("captures", {}), m, number)
                at = max(m.end(), at + 1)


def _captured(captures: dict, m: re.Match, number: int):
    for group, capture in captures.items():
        if m.group(int(group)):
            yield capture["name"], m.group(int(group)), number, m.start(int(group))


def _flat(patterns):
    for pattern in patterns:
        if "include" in pattern:
            yield from _flat([GRAMMAR["repository"][pattern["include"][1:]]])
        elif "match" in pattern or "begin" in pattern:
            yield pattern
        else:
            yield from _flat(pattern["patterns"])


def scopes(text: str) -> list[tuple[str, str]]:
    return [(scope, found) for scope, found, _, _ in tokenize(text)]


def test_an_editor_sees_declarations_calls_keywords_and_strings():
    found = scopes('proc pay(o, bill):')
    assert ("storage.type.rules", "proc") in found and ("entity.name.function.rules", "pay") in found
    found = scopes('    let w = weight(dice) if not b.value else none  # why')
    assert ("support.function.builtin.rules", "weight") in found
    assert ("variable.other.member.rules", "value") in found
    assert ("keyword.control.rules", "let") in found and ("keyword.operator.logical.rules", "not") in found
    assert ("constant.language.rules", "none") in found and ("comment.line.number-sign.rules", "# why") in found
    found = scopes('    say "{name(p)} takes {{x}}"')
    assert ("support.function.builtin.rules", "name") in found
    assert ("constant.character.escape.rules", "{{") in found


def test_a_word_that_opens_a_declaration_is_a_name_elsewhere():
    """Issue #39: `x` and `total` were coloured as keywords wherever they stood."""
    assert scopes("let x = 1")[:2] == [("keyword.control.rules", "let"), ("variable.other.rules", "x")]
    assert scopes("let total = 0")[:2] == [("keyword.control.rules", "let"), ("variable.other.rules", "total")]
    assert scopes("    create deck bill into deck")[-1] == ("variable.other.rules", "deck")
    assert ("variable.other.rules", "value") in scopes("    value = 1")


def test_a_total_and_a_part_line_declare_their_names():
    """Issue #39: `board jackpot "JACKPOT"` was left plain."""
    found = scopes("total money(p): 0")
    assert ("storage.type.rules", "total") in found and ("entity.name.function.rules", "money") in found
    found = scopes('board jackpot "JACKPOT"')
    assert found[:2] == [("storage.type.rules", "board"), ("entity.name.function.rules", "jackpot")]
    assert found[2][0] == "string.quoted.double.rules"


def test_a_clause_word_is_a_keyword_in_the_line_its_declaration_or_statement_opened():
    def keywords_in(text):
        return [found for scope, found in scopes(text) if scope.startswith(KEYWORD_SCOPES)]
    assert keywords_in('die biggy faces 1..6 weight w shown "{face}B"') == ["die", "faces", "weight", "shown"]
    assert keywords_in("var cash per player = 0") == ["var", "per", "player"]
    assert keywords_in("kind board reset on board_attached") == ["kind", "reset", "on"]
    assert keywords_in("    create small x n owned by p into supply[p]") == ["create", "x", "owned", "by", "into"]
    assert keywords_in("after scoring: append d to seen") == ["after", "append", "to"]
    assert keywords_in("    let to = weight(x) + per") == ["let"]
    assert "shown" in keywords_in("move m(f in xs) for after_roll \\\n    shown \"{f}\":")
    assert "weight" in keywords_in("die d faces [1,\n    2] weight w")


@pytest.mark.parametrize("path", quick_every(SHIPPED, 4), ids=lambda p: str(p.relative_to(ROOT)))
def test_an_editor_reads_every_word_of_a_shipped_file_as_the_parser_does(path):
    """A part's kind (`board jackpot`, a name to the parser) is seen as the word declaring the part."""
    text = path.read_text(encoding="utf-8")
    seen = {(number, column): (scope, found) for scope, found, number, column in tokenize(text)
            if scope.startswith(KEYWORD_SCOPES + NAME_SCOPES)}
    wrong = []
    for token in token_stream(text):
        if re.fullmatch(keywords.NAME_PATTERN, token.value):
            keyword = token.type != "NAME" or token.column == 1
            scope, found = seen.get((token.line, token.column - 1), ("", ""))
            if found != token.value or scope.startswith(KEYWORD_SCOPES) != keyword:
                wrong.append((token.line, token.value, scope))
    assert wrong == []
