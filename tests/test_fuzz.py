"""Fuzzing: programs generated from the grammar, then damaged, must each end in a verdict (rules
valid and a game played, or located errors), never a traceback, a hang or a gigabyte of memory.

The generator writes rules the way a designer does (declarations, a phase with blocks and
loops, expressions of every kind); the damage is what a download, an editor or a hostile
hand does to them: tokens dropped, duplicated or swapped, numbers and strings blown up,
brackets nested past any sense. The default run tries a few hundred inputs; the slow run
(CI) 10,000.

The shipped rulesets, boards, variants and examples are damaged the same way, one file of a
composed ruleset at a time, with names swapped for other names of the file and numbers for
other numbers too: rules that still parse and check but mean something else reach parts of
the language the generator does not write (moves and their options, events, boards, views).
"""

import re
import resource
import shutil
import signal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import ROOT, random_agents
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.running.budget import Budget
from rulesrun.interpreter.lookahead.agents import make_agent
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


def _judged(seconds: int, what, play) -> str:
    """'valid' if `play()` ends, 'located' if it raises a located RulesError, within `seconds`
    (else Hung, with `what()` saying which input); anything else raised is a failure of the tool."""

    def stop(signum, frame):
        raise Hung(what())

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        play()
        return "valid"
    except RulesError as error:
        assert error.diagnostics and all(d.message for d in error.diagnostics)
        return "located"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _verdict(path, text: str) -> str:
    """The verdict on `text` as a ruleset, loaded and played within 20 seconds."""
    path.write_text(text, encoding="utf-8", errors="surrogatepass")

    def play():
        load_rules(str(path), budget=Budget(steps=20_000)).play(2, 1, random_agents(1, 2))

    return _judged(20, lambda: text[:300], play)


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


# Composed rulesets, each as (ruleset, fragments), paths relative to the project.
SHIPPED = [("rulesets/classic.rules", ()), ("rulesets/pot.rules", ()), ("rulesets/grosser_wurf.rules", ()),
           ("examples/liars_dice.rules", ()), ("rulesets/lasvegas2012.rules", ("rulesets/variants/bandit.rules",)),
           ("rulesets/royale.rules", ()), ("rulesets/royale.rules", ("examples/lottery.rules",)),
           ("rulesets/royale.rules", ("examples/loan_shark.rules",))]
SWAPS = ["0", "1", "2", "7", "60", "1000000000", "-1", "none", "true", "[]", "players", "p", "1..0", "0.5", "(", "\n", "    "]


@pytest.fixture(scope="module")
def shipped_copy(tmp_path_factory):
    """The rulesets and examples in a folder of their own, damaged one file at a time."""
    root = tmp_path_factory.mktemp("shipped")
    for folder in ("rulesets", "examples"):
        shutil.copytree(ROOT / folder, root / folder, ignore=shutil.ignore_patterns("snapshots", "*.py", "__pycache__"))
    return root


@st.composite
def damage_to_a_shipped_file(draw, shipped=SHIPPED):
    """(ruleset, fragments, a random stream that picks the file and its damages)."""
    ruleset, fragments = draw(st.sampled_from(shipped))
    return ruleset, fragments, draw(st.randoms(use_true_random=False))


def _damage(text: str, rnd) -> str:
    tokens = TOKEN.findall(text)
    names = [k for k, t in enumerate(tokens) if re.fullmatch(r"[A-Za-z_]\w*", t)]
    numbers = [k for k, t in enumerate(tokens) if t.isdigit()]
    for _ in range(rnd.randint(1, 3)):
        at = rnd.randrange(len(tokens))
        how = rnd.choice(["drop", "duplicate", "swap", "replace", "name", "name", "number", "number"])
        if how == "drop":
            tokens[at] = ""
        elif how == "duplicate":
            tokens[at] = tokens[at] * 2
        elif how == "swap" and at + 1 < len(tokens):
            tokens[at], tokens[at + 1] = tokens[at + 1], tokens[at]
        elif how == "replace":
            tokens[at] = rnd.choice(SWAPS + BLOWN)
        elif how == "name":
            tokens[rnd.choice(names)] = tokens[rnd.choice(names)]
        elif how == "number" and numbers:
            tokens[rnd.choice(numbers)] = rnd.choice(SWAPS[:7])
    return "".join(tokens)


def _shipped_verdict(root, ruleset, fragments, rnd) -> str:
    """Damage one source of the composed ruleset, then load it and play a game (greedy and
    random seats): 'valid' or 'located' within 30 seconds, the file put back after."""
    rules = load_rules(str(root / ruleset), [str(root / f) for f in fragments])
    victim = root / rnd.choice([source.path for source in rules.program.sources])
    original = victim.read_text()
    victim.write_text(_damage(original, rnd))

    def play():
        damaged = load_rules(str(root / ruleset), [str(root / f) for f in fragments], budget=Budget(steps=200_000))
        players = max(2, damaged.min_players)
        damaged.play(players, 1, [make_agent(rnd.choice(["random", "greedy"]), 1, p) for p in range(players)])

    try:
        return _judged(30, lambda: f"{victim}: {victim.read_text()[:300]}", play)
    finally:
        victim.write_text(original)


def _fuzz_shipped(count: int, shipped=SHIPPED):
    @settings(max_examples=count, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(damage_to_a_shipped_file(shipped))
    def run(root, case):
        _shipped_verdict(root, *case)

    def bounded(root):
        """`run`, in at most 6 GB of address space: a damage that found a way to fill the memory
        fails the test (over a gigabyte used) instead of the machine the tests run on."""
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (6 << 30 if hard == resource.RLIM_INFINITY else min(6 << 30, hard), hard))
        try:
            run(root)
        finally:
            resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        _memory_is_under_a_gigabyte()
    return bounded


@pytest.mark.slow  # every shipped ruleset damaged; the generated programs stay quick
@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")
def test_damaged_shipped_rulesets_end_in_a_verdict(shipped_copy):
    """A few damaged copies of the smaller shipped rulesets, each run (CI runs many more of all)."""
    _fuzz_shipped(6, SHIPPED[:4])(shipped_copy)


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")
def test_hundreds_of_damaged_shipped_rulesets_end_in_a_verdict(shipped_copy):
    _fuzz_shipped(200)(shipped_copy)
