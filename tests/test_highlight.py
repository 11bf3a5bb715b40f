"""The Pygments lexer: found by name and file name through its entry point, every shipped file
lexed without an error token, keywords taken from the grammar."""

import re
import subprocess
import sys

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Error, Keyword, Name, Operator, String

from helpers import CLASSIC, ROOT
from rulesrun.dsl import highlight
from rulesrun.dsl.highlight import RulesLexer
from rulesrun.dsl.parser import keywords

SHIPPED = sorted(p for folder in ("rulesets", "examples", "tests/agent_games") for p in (ROOT / folder).rglob("*.rules"))


def tokens(text: str) -> list[tuple]:
    return [(kind, value) for kind, value in RulesLexer().get_tokens(text) if value.strip()]


def test_the_entry_point_finds_the_lexer_by_name_and_file_name():
    assert isinstance(get_lexer_by_name("rules"), RulesLexer)
    assert isinstance(get_lexer_for_filename("my_variant.rules"), RulesLexer)


def test_pygmentize_highlights_a_rules_file():
    done = subprocess.run([sys.executable, "-m", "pygments", "-l", "rules", "-f", "html", str(CLASSIC)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert '<span class="kd">phase</span>' in done.stdout


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_file_lexes_without_an_error_token(path):
    errors = [value for kind, value in RulesLexer().get_tokens(path.read_text(encoding="utf-8")) if kind in Error]
    assert errors == []


DOCS_BLOCKS = [block for doc in sorted((ROOT / "docs").glob("*.md"))
               for block in re.findall(r"^```rules\n(.*?)^```", doc.read_text(encoding="utf-8"), re.M | re.S)]


def test_the_rules_blocks_of_the_docs_lex_without_an_error_token():
    assert len(DOCS_BLOCKS) > 10
    for block in DOCS_BLOCKS:
        assert [value for kind, value in RulesLexer().get_tokens(block) if kind in Error] == [], block


def test_the_keywords_are_the_grammars():
    assert highlight.KEYWORDS == keywords()
    assert {"phase", "when", "true", "override", "shuffle"} <= set(keywords())
    for table in (highlight.CONSTANTS, highlight.WORD_OPERATORS, highlight.DECLARING):
        assert set(table) <= set(keywords()), "a styled word that the grammar does not reserve"


@pytest.mark.parametrize("word", keywords())
def test_every_keyword_is_highlighted_as_one(word):
    ((kind, value),) = tokens(f"{word}\n")
    assert value == word and (kind in Keyword or kind in Operator.Word)


def test_a_keyword_used_as_a_name_is_shown_as_the_name_it_is():
    assert (Name.Builtin, "weight") in tokens("let w = weight(dice)\n")
    assert (Name.Attribute, "value") in tokens("return b.value\n")
    assert (Name.Function, "pay") in tokens("proc pay(o, bill):\n")


def test_interpolations_in_strings_are_lexed_as_expressions():
    lexed = tokens('say "{name(p)} takes {{this}}"\n')
    assert (String.Interpol, "{") in lexed and (Name.Builtin, "name") in lexed
    assert (String.Escape, "{{") in lexed
