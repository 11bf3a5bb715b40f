"""The Pygments lexer: found by name and file name through its entry point, every shipped file
lexed without an error token and each of its words read as the parser reads it; the table of
keywords it reads (dsl/keywords.py) is the grammar's and the docs'."""

import re
import subprocess
import sys

import pytest
from lark import Lark
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Error, Keyword, Name, Number, Operator, Punctuation, String

from helpers import CLASSIC, ROOT, quick_every
from rulesrun.dsl import check, keywords
from rulesrun.dsl.highlight import RulesLexer
from rulesrun.dsl.parser import GRAMMAR, token_stream

SHIPPED = sorted(p for folder in ("rulesets", "examples", "tests/agent_games") for p in (ROOT / folder).rglob("*.rules"))
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def tokens(text: str) -> list[tuple]:
    return [(kind, value) for kind, value in RulesLexer().get_tokens(text) if value.strip()]


def is_keyword(kind) -> bool:
    return kind in Keyword or kind in Operator.Word


def test_the_entry_point_finds_the_lexer_by_name_and_file_name():
    assert isinstance(get_lexer_by_name("rules"), RulesLexer)
    assert isinstance(get_lexer_for_filename("my_variant.rules"), RulesLexer)


def test_pygmentize_highlights_a_rules_file():
    done = subprocess.run([sys.executable, "-m", "pygments", "-l", "rules", "-f", "html", str(CLASSIC)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert '<span class="kd">phase</span>' in done.stdout


@pytest.mark.parametrize("path", quick_every(SHIPPED, 4), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_file_lexes_without_an_error_token(path):
    errors = [value for kind, value in RulesLexer().get_tokens(path.read_text(encoding="utf-8")) if kind in Error]
    assert errors == []


def words_as_the_parser_reads(text: str) -> list[tuple[int, str, bool]]:
    """(offset, word, is it a keyword) for each word the parser reads in `text` (texts are one token).

    A part's line (`board jackpot`) is the one declaration that begins with a name: a lexer
    cannot know the kinds, and shows the kind as the word that declares the part.
    """
    return [(t.start_pos, t.value, t.type != "NAME" or t.column == 1)
            for t in token_stream(text) if WORD.fullmatch(t.value)]


@pytest.mark.parametrize("path", quick_every(SHIPPED, 4), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_lexer_reads_every_word_of_a_shipped_file_as_the_parser_does(path):
    text = path.read_text(encoding="utf-8")
    lexed = {at: (kind, value) for at, kind, value in RulesLexer().get_tokens_unprocessed(text)}
    wrong = [(word, kind, text.count("\n", 0, at) + 1) for at, word, keyword in words_as_the_parser_reads(text)
             if (kind := lexed.get(at, (None,))[0]) is None or is_keyword(kind) != keyword or lexed[at][1] != word]
    assert wrong == []


DOCS_BLOCKS = [block for doc in sorted((ROOT / "docs").glob("*.md"))
               for block in re.findall(r"^```rules\n(.*?)^```", doc.read_text(encoding="utf-8"), re.M | re.S)]


def test_the_rules_blocks_of_the_docs_lex_without_an_error_token():
    assert len(DOCS_BLOCKS) > 10
    for block in DOCS_BLOCKS:
        assert [value for kind, value in RulesLexer().get_tokens(block) if kind in Error] == [], block


def test_a_word_that_opens_a_declaration_is_a_name_elsewhere():
    """Issue #39: `x` and `total` were coloured as keywords wherever they stood."""
    assert tokens("total money(p): 0\n") == [(Keyword.Declaration, "total"), (Name.Function, "money"),
                                             (Punctuation, "("), (Name, "p"), (Punctuation, ")"),
                                             (Punctuation, ":"), (Number.Integer, "0")]
    assert tokens("let x = 1\n") == [(Keyword, "let"), (Name, "x"), (Operator, "="), (Number.Integer, "1")]
    assert tokens("let total = 0\n") == [(Keyword, "let"), (Name, "total"), (Operator, "="), (Number.Integer, "0")]
    assert tokens("    value = deck + b.value\n") == [(Name, "value"), (Operator, "="), (Name, "deck"),
                                                      (Operator, "+"), (Name, "b"), (Punctuation, "."),
                                                      (Name.Attribute, "value")]
    assert (Name.Function, "game") in tokens("phase game:\n") and (Name, "faces") in tokens("    let faces = 2\n")


def test_a_part_line_declares_a_part_of_a_kind_the_rules_declared():
    """Issue #39: `board jackpot "JACKPOT"` was left plain."""
    assert tokens('board jackpot "JACKPOT"\n') == [(Keyword.Declaration, "board"), (Name.Function, "jackpot"),
                                                   (String.Double, '"'), (String.Double, "JACKPOT"),
                                                   (String.Double, '"')]
    assert tokens("board jackpot  # no title\n")[:2] == [(Keyword.Declaration, "board"), (Name.Function, "jackpot")]
    assert (Keyword.Declaration, "kind") in tokens("kind board reset on board_attached\n")


def test_a_clause_word_is_a_keyword_in_the_line_its_declaration_or_statement_opened():
    die = tokens('die biggy faces 1..6 weight biggy_weight shown "{face}B" "Biggy"\n')
    assert [value for kind, value in die if kind in Keyword] == ["die", "faces", "weight", "shown"]
    assert [value for kind, value in tokens("var cash per player = 0\n") if kind in Keyword] == ["var", "per", "player"]
    assert [value for kind, value in tokens("kind board reset on board_attached\n") if kind in Keyword] == \
        ["kind", "reset", "on"]
    create = tokens("    create small x n owned by p into supply[p]\n")
    assert [value for kind, value in create if kind in Keyword] == ["create", "x", "owned", "by", "into"]
    deck = tokens("    create deck bill into deck\n")
    assert deck == [(Keyword, "create"), (Keyword, "deck"), (Name, "bill"), (Keyword, "into"), (Name, "deck")]
    assert tokens("after scoring: append d to seen\n")[3:] == [(Keyword, "append"), (Name, "d"), (Keyword, "to"),
                                                               (Name, "seen")]
    assert [kind for kind, value in tokens("    let to = weight(x) + per\n") if value in ("to", "weight", "per")] == \
        [Name, Name.Builtin, Name]
    lexed = tokens("die d faces [1,\n    2] weight w\nmove m(f in xs) for after_roll \\\n    shown \"{f}\":\n")
    assert (Keyword, "weight") in lexed and (Keyword, "shown") in lexed


@pytest.mark.parametrize("word", sorted(keywords.RESERVED))
def test_every_reserved_word_is_highlighted_as_one(word):
    ((kind, value),) = tokens(f"{word}\n")
    assert value == word and is_keyword(kind)


def test_a_keyword_used_as_a_name_is_shown_as_the_name_it_is():
    assert (Name.Builtin, "weight") in tokens("let w = weight(dice)\n")
    assert (Name.Attribute, "value") in tokens("return b.value\n")
    assert (Name.Function, "pay") in tokens("proc pay(o, bill):\n")
    assert (Name.Builtin.Pseudo, "players") in tokens("    for p in players:\n")


def test_interpolations_in_strings_are_lexed_as_expressions():
    lexed = tokens('say "{name(p)} takes {{this}}"\n')
    assert (String.Interpol, "{") in lexed and (Name.Builtin, "name") in lexed
    assert (String.Escape, "{{") in lexed


# The table of keywords against grammar.lark and docs/language.md 3.1.

LARK = Lark(GRAMMAR.read_text(encoding="utf-8"))
RULES = LARK.rules
LITERALS = {t.name: t.pattern.value for t in LARK.terminals if t.pattern.type == "str" and WORD.fullmatch(t.pattern.value)}
"""The grammar's words (`"phase"`), by the name of their terminal (`PHASE`)."""
GRAMMAR_WORDS = set(LITERALS.values())


def _expansions(name: str) -> list[list[str]]:
    return [[s.name for s in rule.expansion] for rule in RULES if rule.origin.name == name]


def _word(symbol: str) -> str | None:
    return LITERALS.get(symbol)


ITEMS = {e[0] for e in _expansions("_item")}


def _reachable_words(expansions, skip=frozenset()) -> set[str]:
    """The grammar's words in `expansions` and the rules they use, not entering a body or a declaration."""
    seen, found, todo = set(), set(), [s for e in expansions for s in e]
    while todo:
        symbol = todo.pop()
        if _word(symbol):
            found.add(_word(symbol))
        elif not symbol.isupper() and symbol not in seen and symbol not in skip:
            seen.add(symbol)
            todo += [s for e in _expansions(symbol) for s in e]
    return found


def grammar_openers(rules: set[str]) -> dict[tuple[str, ...], set[str]]:
    """The head of each construct among `rules` (its words and names before anything else, the
    same in every form) and the words of the rest of it that are not reserved."""
    openers = {}
    for rule in rules:
        by_first = {}
        for expansion in _expansions(rule):
            if _word(expansion[0]):
                by_first.setdefault(expansion[0], []).append(expansion)
        for forms in by_first.values():
            head = []
            for symbols in zip(*forms):
                if len(set(symbols)) > 1 or not (_word(symbols[0]) or symbols[0] == "NAME"):
                    break
                head.append(_word(symbols[0]) or keywords.NAME)
            rest = _reachable_words([f[len(head):] for f in forms], skip={"body"} | ITEMS) - keywords.RESERVED
            if rest or set(head) - keywords.RESERVED - {keywords.NAME}:
                openers[tuple(head)] = rest
    return openers


def test_every_word_of_the_grammar_is_reserved_or_has_its_place():
    table = keywords.RESERVED | {keywords.MODIFIER} | {
        w for o in keywords.DECLARATIONS + keywords.STATEMENTS for w in o.head + tuple(" ".join(o.clauses).split())}
    assert GRAMMAR_WORDS == table - {keywords.NAME}
    assert _reachable_words([["expr"]]) <= keywords.RESERVED, "a word in an expression must be reserved"


def clause_words(openers) -> dict[tuple[str, ...], set[str]]:
    return {o.head: set(" ".join(o.clauses).split()) - keywords.RESERVED for o in openers}


def test_the_declarations_are_the_grammars():
    assert grammar_openers(ITEMS - {"override"}) == clause_words(keywords.DECLARATIONS)
    assert all(e[0] == keywords.MODIFIER.upper() and len(e) == 2 and e[1] in ITEMS for e in _expansions("override"))
    assert _expansions("part") == [["NAME", "NAME", "STRING", "_NL"], ["NAME", "NAME", "_NL"]]


def test_the_statements_with_words_that_are_not_reserved_are_the_grammars():
    statements = {e[0] for e in _expansions("_simple_stmt") + _expansions("_compound_stmt")}
    assert grammar_openers(statements) == clause_words(keywords.STATEMENTS)


def test_the_reserved_words_are_the_docs_and_the_checkers():
    section = (ROOT / "docs" / "language.md").read_text(encoding="utf-8").split("### 3.1")[1].split("### 3.2")[0]
    listed = re.search(r"keywords are reserved: `([a-z\s]+)`", section).group(1).split()
    assert set(listed) == keywords.RESERVED and len(listed) == len(keywords.RESERVED)
    assert check.RESERVED is keywords.RESERVED
    assert keywords.RESERVED <= GRAMMAR_WORDS
