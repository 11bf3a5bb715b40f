"""The TextMate grammar under editors/ (VS Code and others): its words are the language's.

Keywords come from dsl/grammar.lark, built-ins from dsl/builtins.py, their classes from the
Pygments lexer; a small TextMate matcher (first match by position, then by order; begin/end
regions; includes) runs the grammar over the shipped files, as an editor would.
"""

import json
import re

import pytest

from helpers import ROOT
from rulesrun.dsl import highlight
from rulesrun.dsl.builtins import BUILTINS, GLOBAL_VALUES
from rulesrun.dsl.parser import keywords

VSCODE = ROOT / "editors" / "vscode"
PACKAGE = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
GRAMMAR = json.loads((VSCODE / "syntaxes" / "rules.tmLanguage.json").read_text(encoding="utf-8"))
SHIPPED = sorted(p for folder in ("rulesets", "examples", "tests/agent_games") for p in (ROOT / folder).rglob("*.rules"))


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


def test_the_keywords_are_the_grammars_in_the_lexers_classes():
    control = _words("keyword.control.rules")
    constants = _words("constant.language.rules")
    operators = _words("keyword.operator.logical.rules")
    assert control | constants | operators == set(keywords())
    assert constants == set(highlight.CONSTANTS) and operators == set(highlight.WORD_OPERATORS)
    assert not control & (constants | operators)
    declaration = GRAMMAR["repository"]["declaration"]["match"]
    assert set(re.search(r"\)\?\(([a-z_|]+)\)", declaration).group(1).split("|")) == set(highlight.DECLARING)


def test_the_built_ins_are_the_languages():
    assert _words("support.function.builtin.rules") == set(BUILTINS)
    assert _words("support.variable.rules") == set(GLOBAL_VALUES)


def scopes(line: str, patterns=None, end=None, at=0) -> tuple[list[tuple[str, str]], int]:
    """(scope, text) for `line` from `at`, stopping at `end` (a region's end pattern)."""
    patterns = GRAMMAR["patterns"] if patterns is None else patterns
    out = []
    while at < len(line):
        candidates = []
        if end is not None and (m := re.compile(end).search(line, at)):
            candidates.append((m.start(), -1, m, None))
        for order, pattern in enumerate(_flat(patterns)):
            if (m := re.compile(pattern.get("match") or pattern["begin"]).search(line, at)):
                candidates.append((m.start(), order, m, pattern))
        if not candidates:
            break
        start, _, m, pattern = min(candidates, key=lambda c: c[:2])
        if pattern is None:
            return out, m.end()
        if "begin" in pattern:
            inner, at = scopes(line, pattern["patterns"], pattern["end"], m.end())
            out += [(pattern["name"], m.group())] + inner
            continue
        for group, capture in pattern.get("captures", {}).items():
            if m.group(int(group)):
                out.append((capture["name"], m.group(int(group))))
        if "name" in pattern:
            out.append((pattern["name"], m.group()))
        at = max(m.end(), at + 1)
    return out, len(line)


def _flat(patterns):
    for pattern in patterns:
        if "include" in pattern:
            yield from _flat([GRAMMAR["repository"][pattern["include"][1:]]])
        elif "match" in pattern or "begin" in pattern:
            yield pattern
        else:
            yield from _flat(pattern["patterns"])


def test_an_editor_sees_declarations_calls_keywords_and_strings():
    found, _ = scopes('proc pay(o, bill):')
    assert ("storage.type.rules", "proc") in found and ("entity.name.function.rules", "pay") in found
    found, _ = scopes('    let w = weight(dice) if not b.value else none  # why')
    assert ("support.function.builtin.rules", "weight") in found
    assert ("variable.other.member.rules", "value") in found
    assert ("keyword.control.rules", "let") in found and ("keyword.operator.logical.rules", "not") in found
    assert ("constant.language.rules", "none") in found and ("comment.line.number-sign.rules", "# why") in found
    found, _ = scopes('    say "{name(p)} takes {{x}}"')
    assert ("support.function.builtin.rules", "name") in found
    assert ("constant.character.escape.rules", "{{") in found


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_keyword_of_a_shipped_file_is_seen_as_one(path):
    for line in path.read_text(encoding="utf-8").splitlines():
        found, _ = scopes(line)
        seen = {text for scope, text in found if scope.startswith(("keyword", "storage", "constant.language"))}
        first = re.match(r"\s*([a-z_]+)\b(?!\()", line)
        if first and first.group(1) in keywords() and not line.lstrip().startswith("#"):
            assert first.group(1) in seen, line
