"""Lists are equal by value wherever the language asks for equal values (issue #40, item 2).

Farkle and Yahtzee offer "which dice to keep" as the sub-collections of a throw's faces. The
lists `combinations` makes could not go through `distinct` (the game stopped: "a list cannot
be compared by identity here", found in play, not by `check`), so both games built each
sub-collection once by hand, six comprehension clauses deep. Now `distinct`, `without`, `in`
and `count` find lists equal by value, `tuple(xs)` makes a tuple of a list, and what can only
fail in play (a built-in that goes through a number) is refused by the checker, located.
"""

import pytest

from helpers import random_agents, rules_from_text
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.testing.scenario import Scenario

KEEPS = """
game "Keep"
players 2..2
die d6 faces 1..6
zone table
var kept per player = []

phase game:
    create d6 x 3 into table
    for p in players:
        turn p:
            roll table
            play keep by p

proc keeps(fs):
    return distinct([c for k in 1..len(fs) for c in combinations(fs, k)])

move keep(c in keeps(sorted([d.face for d in table]))) for keep:
    kept[player] = c

score by p: len(kept[p])
"""


def test_a_throw_of_1_1_5_offers_each_sub_collection_once(tmp_path):
    """Three dice showing 1, 1 and 5: [1] and [1, 5] are offered once each, not twice."""
    s = Scenario(rules_from_text(tmp_path, KEEPS), players=2, answers={0: ["keep([1, 5])"]})
    s.create("d6", [1, 5, 1], None, "table")
    assert s.call("keeps", [1, 1, 5]) == [[1], [5], [1, 1], [1, 5], [1, 1, 5]]
    s.play("keep", 0)
    assert s.options("keep") == ["keep([1])", "keep([5])", "keep([1, 1])", "keep([1, 5])", "keep([1, 1, 5])"]
    assert s.var("kept", 0) == [1, 5]


@pytest.mark.parametrize("pausing", [True, False])
def test_distinct_of_combinations_plays_in_both_forms(tmp_path, pausing):
    rules = rules_from_text(tmp_path, KEEPS)
    for seed in range(5):
        if pausing:
            game = rules.start(players=2, seed=seed)
            while not game.over:
                labels = game.decision.labels()
                assert len(set(labels)) == len(labels) and not any("#" in label for label in labels)
                game.play(seed % len(labels))
        else:
            rules.play(2, seed, random_agents(seed, 2))


EQUAL = """
game "Equal"
players 1..1
var seen = []

phase game:
    let pairs = [[1, 2], [2, 1], [1, 2], (1, 2), {a: [1]}, {a: [1]}]
    seen = [distinct(pairs), without(pairs, [[1, 2], {a: [1]}]), [2, 1] in pairs, count(pairs, [1, 2]),
            (1, 2) == [1, 2], tuple([1, 2]) == (1, 2), tuple(combinations([3, 4, 5], 2)[0])]

score by p: 0
"""


def test_lists_tuples_and_records_are_equal_by_value_and_a_tuple_never_equals_a_list(tmp_path):
    game = rules_from_text(tmp_path, EQUAL).start(players=1, seed=1)
    distinct, without, found, counted, mixed, made, first = game.view().vars["seen"]
    assert distinct[:3] == [[1, 2], [2, 1], (1, 2)] and repr(distinct[3]) == "{a: [1]}" and len(distinct) == 4
    assert [type(item) for item in distinct[:3]] == [list, list, tuple]
    assert without == [[2, 1], (1, 2)]
    assert (found, counted, mixed, made, first) == (True, 2, False, True, (3, 4))


@pytest.mark.parametrize("call, column, shape", [
    ("distinct(5)", 22, "a number"), ("tuple(x + 1)", 19, "a number"), ("sum(d)", 17, "a piece"),
    ("max(casino)", 17, "a family of zones")])
def test_a_built_in_that_goes_through_no_list_is_refused_where_it_is_written(tmp_path, call, column, shape):
    text = KEEPS.replace("    for p in players:\n", f"    let d = table[0]\n    let x = 1\n    let y = {call}\n"
                         "    for p in players:\n", 1).replace("zone table\n", "zone table\nzone casino[1..6]\n")
    with pytest.raises(RulesError) as error:
        rules_from_text(tmp_path, text)
    message = str(error.value)
    name = call.split("(")[0]
    assert f"written.rules:13:{column}: error: `{name}` needs a list, a zone or a range, not {shape}" in message
    assert "hint: " in message


def test_a_list_asked_to_be_in_a_text_is_refused_where_it_is_written(tmp_path):
    text = KEEPS.replace("            roll table\n", '            roll table\n            let t = [1] in "a1"\n')
    with pytest.raises(RulesError) as error:
        rules_from_text(tmp_path, text)
    assert "written.rules:13:21: error: a list cannot be in a text" in str(error.value)
    assert '`in` of a text asks whether a text is part of it: `"ab" in t`' in str(error.value)
