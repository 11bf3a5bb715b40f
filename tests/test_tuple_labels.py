"""Tuples print as the rules write them (issue #40, item 2): Can't Stop offers one or two column
numbers as tuples, `(a, b)` and `(c,)`, and its labels read `advance([6, 8])`, as if they were
lists (which the rules tell apart: a tuple is never equal to a list)."""

from helpers import rules_from_text
from rulesrun.interpreter.running.values import format_value
from rulesrun.interpreter.testing.scenario import Scenario

COLUMNS = """
game "Columns"
players 2..2
var used per player = []

phase game:
    for p in players:
        turn p:
            play advance by p
            say "{name(p)} used {used[p]}, a pair {(1, 2)}, one {(3,)}, a list {[4, 5]}"

move advance(sums in [(6, 8), (7,), [6, 8]]) for advance:
    used[player] = sums

score by p: len(used[p])
"""


def test_a_tuple_option_reads_as_a_tuple_in_its_label_and_a_list_as_a_list(tmp_path):
    s = Scenario(rules_from_text(tmp_path, COLUMNS), players=2, answers={0: ["advance((7,))"], 1: ["advance([6, 8])"]})
    s.call("game")
    assert s.options("advance") == ["advance((6, 8))", "advance((7,))", "advance([6, 8])"]
    assert s.var("used", 0) == (7,) and s.var("used", 1) == [6, 8]
    assert s.said() == ["seat 0 used (7,), a pair (1, 2), one (3,), a list [4, 5]",
                        "seat 1 used [6, 8], a pair (1, 2), one (3,), a list [4, 5]"]


def test_a_value_holding_tuples_is_written_as_the_rules_write_it():
    assert [format_value(v) for v in ((1,), (1, 2), [(1, [2]), (3,)], {1: (2,)})] == [
        "(1,)", "(1, 2)", "[(1, [2]), (3,)]", "[1: (2,)]"]
