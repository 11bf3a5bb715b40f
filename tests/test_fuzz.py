"""Fuzzing: programs generated from the grammar, then damaged, must each end in a verdict (rules
valid and a game played, or located errors), never a traceback, a hang or a gigabyte of memory.

The generator writes rules the way a designer does (declarations, a phase with blocks and
loops, expressions of every kind); the damage is what a download, an editor or a hostile
hand does to them: tokens dropped, duplicated or swapped, numbers and strings blown up,
brackets nested past any sense. The default run tries a few hundred inputs; the slow run
(CI) 10,000.
"""

import re
import resource
import signal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import random_agents
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.running.budget import Budget
from rulesrun.interpreter.running.rules import load_rules

SMALL = st.integers(0, 4).map(str)
NUMBER = st.one_of(SMALL, st.integers(-50, 10**6).map(str), st.sampled_from(["0.5", "2.25", "1e3"]))
NAME = st.sampled_from(["a", "b", "total", "rounds", "len(pool)", "i"])


def _expressions():
    leaf = st.one_of(NUMBER, NAME, st.sampled_from(['"text"', '"a {a} b"', "true", "none", "[]", "1..3"]))

    def grow(inner):
        return st.one_of(
            st.tuples(inner, st.sampled_from(["+", "-", "*", "//", "%", "/", "==", "<", "and", "or", " in "]), inner)
            .map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
            inner.map(lambda e: f"-{e}"),
            inner.map(lambda e: f"not {e}"),
            st.tuples(inner, inner).map(lambda t: f"[{t[0]}, {t[1]}]"),
            st.tuples(st.sampled_from(["max", "min", "sum", "len", "sorted", "abs", "count"]), inner)
            .map(lambda t: f"{t[0]}({t[1]})"),
            inner.map(lambda e: f"[x * 2 for x in {e}]"),
            st.tuples(inner, inner, inner).map(lambda t: f"{t[0]} if {t[1]} else {t[2]}"),
            inner.map(lambda e: f"helper({e})"),
        )

    return st.recursive(leaf, grow, max_leaves=8)


EXPR = _expressions()


def _statements(depth: int):
    simple = st.one_of(
        EXPR.map(lambda e: f"let a = {e}"),
        EXPR.map(lambda e: f"let b = {e}"),
        EXPR.map(lambda e: f"total += {e}"),
        EXPR.map(lambda e: f"score[0] = {e}"),
        EXPR.map(lambda e: f'say "now {{{e}}}"'),
        SMALL.map(lambda n: f"create d6 x {n} into pool"),
        st.just("roll pool"),
        st.just("put pool into cup[0]"),
        st.just("pass"),
    )
    if depth == 0:
        return simple.map(lambda s: [s])
    inner = st.lists(_statements(depth - 1), min_size=1, max_size=3).map(lambda blocks: [s for b in blocks for s in b])

    def block(head):
        return inner.map(lambda body: [head] + ["    " + line for line in body])

    return st.one_of(
        simple.map(lambda s: [s]),
        EXPR.flatmap(lambda e: block(f"if {e}:")),
        SMALL.flatmap(lambda n: block(f"for i in 1..{n}:")),
        SMALL.flatmap(lambda n: block(f"repeat {n}:")),
        st.just(["let n = 0", "while n < 3:", "    n += 1"]),
    )


def _program(body: list[str], helper: list[str]) -> str:
    return "\n".join([
        'game "fuzz"', "players 2..3", "param rounds = 2", "var score per player = 0", "var total = 0",
        "die d6 faces [1, 2, 3, 4, 5, 6]", "zone pool", "zone cup per player",
        "proc helper(x):", *("    " + line for line in helper), "    return x",
        "phase game:", "    let a = 1", "    let b = 2", *("    " + line for line in body),
        "score by p: score[p]",
    ]) + "\n"


PROGRAM = st.builds(_program, _statements(3), _statements(1))
TOKEN = re.compile(r"\s+|\w+|\"(?:[^\"\\\n]|\\.)*\"|.", re.S)
BLOWN = ["9" * 5000, "1" + "0" * 400 + ".5", "(" * 300, "[" * 300, "- " * 700, "not " * 3000, '"\\x"',
         '"\\uD800"', '"\\N{NOPE}"', '"a\rb"', '"{"', '"\\x1b[2J"', "\t", "\x00", "\n    ", "\n", "include \"/dev/zero\"\n"]


@st.composite
def damaged(draw):
    """A generated program with up to four of the damages a file meets."""
    tokens = TOKEN.findall(draw(PROGRAM))
    for _ in range(draw(st.integers(0, 4))):
        if not tokens:
            break
        at = draw(st.integers(0, len(tokens) - 1))
        how = draw(st.sampled_from(["drop", "duplicate", "swap", "blow up", "insert"]))
        if how == "drop":
            del tokens[at]
        elif how == "duplicate":
            tokens.insert(at, tokens[at])
        elif how == "swap" and at + 1 < len(tokens):
            tokens[at], tokens[at + 1] = tokens[at + 1], tokens[at]
        elif how == "blow up" and (tokens[at].isdigit() or tokens[at].startswith('"')):
            tokens[at] = draw(st.sampled_from(BLOWN))
        elif how == "insert":
            tokens.insert(at, draw(st.sampled_from(BLOWN)))
    return "".join(tokens)


class Hung(Exception):
    pass


def _verdict(path, text: str) -> str:
    """'valid' or 'located', within 20 seconds; anything else raised is a failure of the tool."""
    path.write_text(text, encoding="utf-8", errors="surrogatepass")

    def stop(signum, frame):
        raise Hung(text[:300])

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(20)
    try:
        rules = load_rules(str(path), budget=Budget(steps=20_000))
        rules.play(2, 1, random_agents(1, 2))
        return "valid"
    except RulesError as error:
        assert error.diagnostics and all(d.message for d in error.diagnostics)
        return "located"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _memory_is_under_a_gigabyte():
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss < 1024 * 1024, "over 1 GB of memory"


def _fuzz(count: int):
    @settings(max_examples=count, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(st.one_of(PROGRAM, damaged()))
    def run(tmp_path_factory, text):
        _verdict(tmp_path_factory.mktemp("fuzz") / "fuzz.rules", text)
    return run


@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")
def test_generated_programs_are_valid_often_enough_to_reach_play(tmp_path):
    """The generator is worth its name: most of its undamaged programs pass the checker and play."""
    verdicts = []

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None,
              derandomize=True)
    @given(PROGRAM)
    def collect(text):
        verdicts.append(_verdict(tmp_path / "program.rules", text))

    collect()
    assert verdicts.count("valid") >= len(verdicts) // 4, verdicts


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")
def test_damaged_programs_end_in_a_verdict(tmp_path_factory):
    _fuzz(150)(tmp_path_factory)
    _memory_is_under_a_gigabyte()


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")
def test_ten_thousand_damaged_programs_end_in_a_verdict(tmp_path_factory):
    _fuzz(10_000)(tmp_path_factory)
    _memory_is_under_a_gigabyte()
