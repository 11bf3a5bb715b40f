"""Every built-in, comparison, `in`, `+` and text counts what it goes through against the game's
budget (issue #38, item 5; interpreter/running/budget.py).

A red team found hangs: `sum(1..1000000000000)` and its kin went through a range of a million
million in C, uncounted; and a value built by sharing (`s = [s, s]`, sixty times: sixty steps
to make, 2**60 numbers written out) was compared, written or copied item by item. Each case
here runs with a small budget and a small value, so that before the fix it finished without a
word (quickly: the suite never hangs), and now stops with the located over-budget error.
"""

import re
import time

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesrun.cli import exit_codes
from rulesrun.cli.main import main
from rulesrun.dsl.builtins import BUILTINS
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.compiling.compiler import generate
from rulesrun.interpreter.lookahead.agents import make_agent
from rulesrun.interpreter.running.budget import Budget
from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.running.values import SHOWN

HEAD = ('game "budget"\nplayers 2..2\nvar v = 0\nvar w = 0\ndie d6 faces 1..6\nzone pool\n'
        "score by p: 0\nphase game:\n")
SMALL = Budget(steps=20_000, size=100_000)
# A list that holds one list twice, twenty times over: twenty steps to make, a million numbers
# written out (2**20), which a comparison or a text goes through one by one.
SHARED = "    let s = [1]\n    let t = [1]\n    repeat 20:\n        s = [s, s]\n        t = [t, t]\n"


def rules_of(tmp_path, body, budget=SMALL):
    path = tmp_path / "budget.rules"
    path.write_text(HEAD + body)
    return load_rules(str(path), budget=budget)


def play(tmp_path, body, budget=SMALL, log=False, agent="random"):
    rules = rules_of(tmp_path, body, budget)
    return rules.play(2, 1, [make_agent(agent, 1, p) for p in range(2)], log=[] if log else None)


def stopped(tmp_path, body, limit="steps", **options) -> str:
    """The located error a game of `body` stops with, which names `limit` and how to raise it."""
    with pytest.raises(RulesError) as error:
        play(tmp_path, body, **options)
    text = str(error.value)
    assert "went over its budget" in text and f"--budget {limit}=N" in text, text
    assert re.search(r"budget\.rules:\d+:\d+: error", text), text
    return text


LONG = "1..100000"
WALKS = {
    "sum": f"v = sum({LONG})", "max": f"v = max({LONG})", "min": f"v = min({LONG})", "all": f"v = all({LONG})",
    "any": f"v = any({LONG})", "count": f"v = count({LONG}, 0)", "join": f"let x = join({LONG})",
    "without": f"let x = without({LONG}, [1])", "sorted": f"let x = sorted({LONG})",
    "distinct": f"let x = distinct({LONG})", "zip": f"let x = zip({LONG}, {LONG})", "list": f"let x = list({LONG})",
    "tuple": f"let x = tuple({LONG})",
    "faces": f"let x = faces({LONG})", "weight": f"v = weight({LONG})", "facesum": f"v = facesum({LONG})",
    "highest": f"v = highest({LONG})", "owned": f"let x = owned({LONG}, 0)", "showing": f"let x = showing({LONG}, 1)",
    "owners_of": f"let x = owners_of({LONG})", "by_owner": f"let x = by_owner({LONG})",
    "of_kind": f"let x = of_kind({LONG}, d6)", "combinations": f"let x = combinations({LONG}, 1)",
    "shuffled": f"let x = shuffled({LONG})", "choose": f'let x = choose(0, "which", {LONG})',
    "in": f"v = [1] in {LONG}",
}


@pytest.mark.parametrize("case", sorted(WALKS))
def test_a_builtin_going_through_a_range_longer_than_the_budget_stops_before_its_first_item(tmp_path, case):
    stopped(tmp_path, f"    {WALKS[case]}\n")


def test_every_builtin_that_goes_through_a_list_has_a_case_here():
    assert {name for name, builtin in BUILTINS.items() if builtin.walks} <= set(WALKS)


def test_a_list_gone_through_in_a_loop_is_counted_at_every_pass(tmp_path):
    """`sum(big)` of 5,000 numbers is 5,000 steps, a hundred times over."""
    stopped(tmp_path, "    let big = [0] * 5000\n    repeat 100:\n        v = sum(big)\n")


def test_sum_of_a_million_million_stops_at_once_at_the_command_line(tmp_path):
    path = tmp_path / "budget.rules"
    path.write_text(HEAD + "    v = sum(1..1000000000000)\n")
    result = CliRunner().invoke(main, [str(path), "--seed", "1", "--agent", "random"])
    assert result.exit_code == exit_codes.PLAY_ERROR, result.output
    assert "went over its budget of 1,000,000 loop passes and calls" in result.output
    assert "--budget steps=N" in result.output and re.search(r"budget\.rules:9:5: error", result.output)


def test_a_for_loop_over_a_name_holding_a_long_range_is_counted_before_it_is_copied(tmp_path):
    stopped(tmp_path, "    let r = 1..1000000000000\n    for x in r:\n        pass\n", budget=Budget())


SHARED_CASES = {
    "s == t": "    v = s == t\n",
    "s < t": "    v = s < t\n",
    "s in [t]": "    v = s in [t]\n",
    "count([t], s)": "    v = count([t], s)\n",
    "sorted([s, t])": "    let x = sorted([s, t])\n",
    "max(s, t)": "    let x = max(s, t)\n",
    "distinct of tuples": "    let u = (1,)\n    repeat 20:\n        u = (u, u)\n    let x = distinct([u, (u, 1)])\n",
    "a record of s": "    let r = {a: s}\n",
    "a text of s": '    let x = "{s}"\n',
    "join(s)": "    let x = join(s)\n",
    "without([s], [t])": "    let x = without([s], [t])\n",
    "distinct([s, t])": "    let x = distinct([s, t])\n",
}


@pytest.mark.parametrize("case", sorted(SHARED_CASES))
def test_a_list_holding_one_list_many_times_over_is_counted_as_it_is_gone_through(tmp_path, case):
    stopped(tmp_path, SHARED + SHARED_CASES[case])


def test_say_of_a_list_holding_one_list_many_times_over_stops_instead_of_writing_it(tmp_path):
    stopped(tmp_path, SHARED + '    say "{s}"\n', log=True)


def test_the_table_in_words_writes_a_var_holding_such_a_list_cut_short(tmp_path):
    """`view()` writes the vars for people, with `format_value`: cut after values.SHOWN characters."""
    rules = rules_of(tmp_path, "    w = [1]\n    repeat 20:\n        w = [w, w]\n    say view()\n", Budget())
    log = []
    rules.play(2, 1, [make_agent("random", 1, p) for p in range(2)], log=log)
    (table,) = [event["text"] for event in log if event["t"] == "say"]
    assert len(table) < 2 * SHOWN and "..." in table


def test_a_logged_turn_is_a_seat(tmp_path):
    """The log is written out as JSON: `turn s:` of a list holding one list many times over would
    take longer to write than any game."""
    with pytest.raises(RulesError, match=r"`turn` takes a seat \(0 to 1\), not \[\[\["):
        play(tmp_path, SHARED + "    turn s:\n        pass\n", log=True)


SIZES = {
    "a list doubled by +": "    let l = [1]\n    repeat 20:\n        l = l + l\n",
    "a list doubled by +=": "    let l = [1]\n    repeat 20:\n        l += l\n",
    "a text doubled by +": '    let x = "ab"\n    repeat 20:\n        x = x + x\n',
    "a var's text doubled by +=": '    w = "ab"\n    repeat 20:\n        w += w\n',
    "a text doubled by {...}": '    let x = "ab"\n    repeat 20:\n        x = "{x}{x}"\n',
}


@pytest.mark.parametrize("case", sorted(SIZES))
def test_a_list_or_text_doubled_in_a_loop_stops_at_its_size_or_at_the_steps_its_copies_take(tmp_path, case):
    with pytest.raises(RulesError, match="went over its budget of (20,000 loop passes|100,000 items)"):
        play(tmp_path, SIZES[case])


def test_a_list_grown_a_copy_at_a_time_counts_every_copy(tmp_path):
    """`l = l + [1]` copies the list at every pass: 1 + 2 + ... + 300 items."""
    stopped(tmp_path, "    let l = []\n    repeat 300:\n        l = l + [1]\n")


def test_percent_of_a_text_is_no_formatting(tmp_path):
    """Python's `%` of a text formats it: `"%9999999d" % 1` would be ten million characters."""
    with pytest.raises(RulesError, match="`%` between text and a number"):
        play(tmp_path, "    let t = pattern() % 1\nproc pattern():\n    return \"%9999999d\"\n")


def test_without_of_lists_finds_them_by_value_in_one_pass_over_each(tmp_path):
    """Lists are found equal by value through keys (builtins.by_value), not by comparing each
    item of the first with each of the second: 400 by 400 lists is no longer 160,000 steps."""
    rules = rules_of(tmp_path, "    let x = without([[i] for i in 1..400], [[i] for i in 2..400])\n    v = x\n"
                     "    w = len(distinct([[i // 2] for i in 1..400]))\n")
    game = rules.start(players=2, seed=1)
    assert game.over and game.view().vars["v"] == [[1]] and game.view().vars["w"] == 201


def test_combinations_count_the_lists_they_make(tmp_path):
    stopped(tmp_path, "    let x = combinations([i for i in 1..400], 2)\n")


def _look_ahead_takes(tmp_path, body) -> float:
    """CPU seconds of a game of greedy seats, who try every option on the game itself. Before,
    going through a million paths of the tuple below took some twenty seconds; now a few tenths."""
    rules = rules_of(tmp_path, body, Budget())
    start = time.process_time()
    rules.play(2, 1, [make_agent("greedy", 1, p) for p in range(2)])
    return time.process_time() - start


TUPLES = "    let u = (1, [1])\n    repeat 20:\n        u = (u, u)\n"


def test_a_look_ahead_keeps_a_var_holding_one_tuple_many_times_over_in_one_pass(tmp_path):
    """A checkpoint goes through a var for the lists it holds, each tuple once (checkpoint.containers)."""
    body = TUPLES + "    w = u\n" + "".join(f'    let c{k} = choose(0, "c{k}", [1, 2])\n    w = (w, [{k}])\n'
                                           for k in range(8))
    assert _look_ahead_takes(tmp_path, body) < 5


def test_a_remembered_call_with_one_tuple_many_times_over_is_not_remembered(tmp_path):
    """A remembered call's key holds at most 4,096 items: a larger argument calls as usual."""
    body = TUPLES + "".join(f'    let c{k} = choose(0, "c{k}", [1, 2])\n' for k in range(8))
    body += "value: [f(deep_tuple()), 0]\nproc f(x):\n    return 1\nproc deep_tuple():\n"
    body += "    let u = (1,)\n    repeat 20:\n        u = (u, u)\n    return u\n"
    assert _look_ahead_takes(tmp_path, body) < 5


COMMON = """\
proc ranking(pieces, key):
    let scored = [(key(mine), o) for o, mine in by_owner(pieces)]
    let keys = [k for k, o in scored]
    return [o for k, o in sorted(scored, desc = true) if count(keys, k) == 1]

proc pay(dice):
    let ranks = ranking(dice, mine => weight(mine))
    let tied = [o for o in owners_of(dice) if o not in ranks]
    v = sum([d.value for d in dice]) + len(tied) + max([d.face for d in pool]) + highest(dice)
    return [(o, d) for o, d in zip(ranks, sorted(pool, key = d => d.value))]
"""


def test_the_common_idioms_over_zones_and_seats_write_no_count(tmp_path):
    """A built-in's pass over a zone, the seats or what a procedure makes of them is bounded
    anyway: the compiled rules count nothing there (the common case runs as fast as before)."""
    rules = rules_of(tmp_path, "    create d6 x 3 owned by 0 into pool\n    let x = pay(pool)\n" + COMMON, Budget())
    for books in (True, False):
        source = generate(rules.program, pausing=False, books=books).text()
        for counted in ("walk(g", "deep(g", "within(g", "compare(g", "plus(g", "added(g", "keyed(g"):
            assert counted not in source, counted
    rules.play(2, 1, [make_agent("random", 1, p) for p in range(2)])


# A sample call of each built-in, in the rules' words; `RANGE` stands where a range goes.
SAMPLE_ARGUMENTS = {
    "len": ["xs"], "sum": ["xs"], "max": ["xs"], "min": ["xs"], "list": ["xs"], "abs": ["3"], "sorted": ["xs"],
    "zip": ["xs", "[1, 2]"], "count": ["xs", "0"], "any": ["xs"], "all": ["xs"], "distinct": ["xs"], "first": ["xs"],
    "last": ["xs"], "faces": ["xs"], "weight": ["xs"], "facesum": ["xs"], "highest": ["xs"], "owned": ["xs", "0"],
    "showing": ["xs", "1"], "owners_of": ["xs"], "by_owner": ["xs"], "of_kind": ["xs", "d6"], "pieces": ["d6"],
    "left": ["0"], "right": ["0"], "name": ["0"], "is_player": ["0"], "choose": ["0", '"which"', "xs"],
    "join": ["xs", '", "'], "plural": ["2", '"die"'], "view": [], "chance": ["0.5"], "random_int": ["1", "6"],
    "combinations": ["xs", "2"], "without": ["xs", "[1]"], "shuffled": ["xs"],
    "tuple": ["xs"],
}


def test_every_builtin_has_sample_arguments():
    assert set(SAMPLE_ARGUMENTS) == set(BUILTINS)


CALLS = [(name, index) for name, arguments in SAMPLE_ARGUMENTS.items() for index in range(len(arguments))]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(call=st.sampled_from(CALLS), low=st.integers(-10, 10), length=st.integers(10 ** 12, 10 ** 15))
def test_any_builtin_given_a_range_of_a_million_million_is_refused_or_stops_quickly_located(tmp_path, call, low,
                                                                                           length):
    """Where a built-in goes through the argument (`walks`), the game stops over its budget at
    once; anywhere else the rules are refused when checked, fail located, or answer (`len`,
    `first`, `zip` with a short list): never a hang, never a traceback."""
    name, index = call
    arguments = list(SAMPLE_ARGUMENTS[name])
    arguments[index] = f"{low}..{low + length}"
    body = f"    let x = {name}({', '.join(arguments)})\n".replace("xs", "[1, 2, 3]")
    try:
        rules = rules_of(tmp_path, body, Budget())
    except RulesError:
        return
    start = time.process_time()
    try:
        rules.play(2, 1, [make_agent("random", 1, p) for p in range(2)])
        outcome = "answered"
    except RulesError as error:
        outcome = str(error)
    assert time.process_time() - start < 10, (body, outcome)
    builtin = BUILTINS[name]
    if index in builtin.walks and not builtin.together:
        assert "went over its budget of 1,000,000 loop passes and calls" in outcome, (body, outcome)
