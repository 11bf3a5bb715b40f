"""How deep rules may nest and how long a number may be written: checked on the parse tree,
before anything walks it, so no stage (builder, checker, compiler, Python's own compiler)
meets a limit of its own and stops with a traceback.

Python compiles the generated code with limits of its own: 200 nested brackets, 20 nested
loops, 100 levels of indentation; and every pass over the tree recurses. The limits here
stay well inside those, and are far beyond what a ruleset needs (the shipped ones nest
expressions 9 deep and blocks 7).

    let x = - - - ... - 1      (600 minus signs)  ->  error: this expression nests 601 deep ...
"""

from __future__ import annotations

import re
from functools import lru_cache

from lark import Token, Tree

from .errors import Diagnostic, RulesError, Span

MAX_EXPRESSION_DEPTH = 60
"""Operators, calls, brackets inside one another in one expression (`-(-(-x))` is 4 deep)."""
MAX_BLOCK_DEPTH = 40
"""Blocks (if, for, while, repeat) inside one another in one rule."""
MAX_LOOP_DEPTH = 12
"""Loops (for, while, repeat) inside one another in one rule, and the options of one move."""
MAX_DIGITS = 4000
"""Digits of a whole number written in the rules (Python reads at most 4,300)."""
MAX_PLAYERS = 99
"""Seats at one game: what `players low..high` may say and `--players` may ask for."""
MAX_INCLUDE_DEPTH = 40
"""Files including one another in a chain (a ruleset, its base, a board, its library...)."""
MAX_FILES = 1000
"""Files one composed ruleset reads (the largest shipped one reads 22)."""
MAX_TOKENS = 50_000
"""Words, numbers, texts and signs of one file (the longest shipped one has about 1,800): the
parser spends some 30 µs on each, so a 1 MiB list of numbers would take a minute to check,
and the language server parses the file at every keystroke."""
MAX_RULESET_TOKENS = 200_000
"""The same, of all the files one composed ruleset reads (the largest shipped one, with its
boards, holds about 10,500): a thousand files each just under MAX_TOKENS would take an hour
to parse."""
MAX_MEMBERS = 10_000
"""Members of one family of zones or vars (`zone row[1..6]`) and faces of one die: each is
made when a game starts, so `zone row[1..1000000000]` would take the machine's memory."""

_EXPRESSIONS = frozenset({
    "conditional", "or_op", "and_op", "not_op", "compare", "not_in", "in_op", "range_", "binary", "negate",
    "call", "index", "attribute", "keyword", "tuple_", "list_", "comprehension", "comp_for", "play", "lambda_",
    "args", "exprs",
})
_LOOPS = frozenset({"for_", "while_", "repeat"})
_BLOCKS = _LOOPS | {"if_", "elif_", "else_"}


# What counts for MAX_TOKENS: a word or number, or any other sign, in the rules and inside
# their texts (whose `{...}` the parser reads too); a comment counts for nothing. `==` counts
# twice: the count errs on the side of the limit.
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|\w+|[^\w\s]')
_WORD = re.compile(r"\w+|[^\w\s]")


def _tokens(text: str):
    """(offset, how many tokens so far) after each token of `text`."""
    count = 0
    for token in _TOKEN.finditer(text):
        first = token.group()[0]
        if first != "#":
            count += len(_WORD.findall(token.group())) if first == '"' else 1
            yield token.start(), count


@lru_cache(maxsize=512)
def token_count(text: str) -> int:
    """The tokens of `text` as MAX_TOKENS counts them (memoized, as the parse of a text is)."""
    return max((count for _, count in _tokens(text)), default=0)


def check_length(text: str, file: str) -> None:
    """Raise a located error at the first token past MAX_TOKENS, before the parser reads any."""
    if token_count(text) <= MAX_TOKENS:
        return
    offset = next(offset for offset, count in _tokens(text) if count > MAX_TOKENS)
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    raise RulesError(Diagnostic(Span(file, line, column),
                                f"the file is longer than {MAX_TOKENS:,} words, numbers, texts and signs",
                                "split it into files that include one another, or make a long list with a "
                                "comprehension (`[i * 2 for i in 1..1000]`)"))


def check_nesting(tree: Tree, file: str) -> None:
    """Raise a located error at the first expression, block or loop nested deeper than allowed.

    The walk keeps its own stack: a tree too deep for Python's recursion is what it looks for.
    """
    stack = [(tree, 0, 0, 0)]
    while stack:
        node, expressions, blocks, loops = stack.pop()
        if node.data in _EXPRESSIONS:
            expressions += 1
            if expressions > MAX_EXPRESSION_DEPTH:
                _refuse(node, file, f"this expression nests deeper than {MAX_EXPRESSION_DEPTH} levels",
                        "name a part of it with `let` (or a procedure) and use the name")
        else:
            expressions = 0
        if node.data in _BLOCKS:
            blocks += 1
            if blocks > MAX_BLOCK_DEPTH:
                _refuse(node, file, f"blocks nest deeper than {MAX_BLOCK_DEPTH} levels",
                        "move the inner blocks into a procedure and call it")
        if node.data in _LOOPS:
            loops += 1
            if loops > MAX_LOOP_DEPTH:
                _refuse(node, file, f"loops nest deeper than {MAX_LOOP_DEPTH} levels",
                        "move the inner loops into a procedure and call it")
        if node.data == "move_params" and len(node.children) > MAX_LOOP_DEPTH:
            _refuse(node, file, f"a move takes at most {MAX_LOOP_DEPTH} options",
                    "choose some of them in the move's body with `choose`")
        for child in node.children:
            if isinstance(child, Tree):
                stack.append((child, expressions, blocks, loops))


def check_digits(token: Token, file: str) -> None:
    """A whole number longer than `MAX_DIGITS` is a located error (Python refuses to read one)."""
    if len(token) > MAX_DIGITS:
        raise RulesError(Diagnostic(Span(file, token.line, token.column, token.line, token.column + 1),
                                    f"a number of {len(token)} digits: at most {MAX_DIGITS} can be written",
                                    "no rule needs a number this long: write a smaller one"))


def _refuse(node: Tree, file: str, message: str, hint: str) -> None:
    meta = node.meta
    span = None if getattr(meta, "empty", True) else Span(file, meta.line, meta.column)
    raise RulesError(Diagnostic(span, message, hint))
