"""Options that are equal are offered once, and options that read alike in words are told apart
(issue #40, item 2). Can't Stop's pairings can give one sum twice; without `distinct` its seat
was offered `advance((6, 8))` twice, and a random seat took it twice as often. And two of a
seat's dice showing a 1, one placed in a casino and one still in hand, read "your 1 onto field
1" both (NICE DICE), though the two lead to different tables."""

import time

import pytest

from helpers import random_agents, rules_from_text
from rulesrun.interpreter.compiling.compiler import generate
from rulesrun.interpreter.testing.scenario import Scenario

PAIRS = """
game "Pairs"
players 2..2
die d6 faces 1..6 shown "{face}" "die"
zone cup per player
zone hand per player
var used per player = []
var picked per player = none

phase game:
    for p in players:
        create d6 x 2 owned by p into cup[p]
        create d6 x 1 owned by p into hand[p]
        turn p:
            play advance by p
            picked[p] = choose(p, "pick", list(cup[p]) + list(hand[p]), shown = d => "your {d}")
            let again = choose(p, "again", [1, 1, 2])
            play take by p

proc sums():
    return [(6, 8), (7,), (6, 8), (7,)]

move advance(s in sums()) for advance:
    append s to used[player]

move take(l in [[1], [1]]) for take:
    append l to used[player]

score by p: len(used[p])
"""


def test_equal_options_are_offered_once_and_lists_are_not_merged(tmp_path):
    s = Scenario(rules_from_text(tmp_path, PAIRS), players=2,
                 answers={0: ["advance((7,))", 0, 1, "take([1]) #2"], 1: ["advance((6, 8))", 0, 0, "take([1])"]})
    s.call("game")
    assert s.options("advance") == ["advance((6, 8))", "advance((7,))"]
    assert [a.options for a in s.decided("again")] == [["1", "2"], ["1", "2"]]
    # Two equal lists might be two vars' lists, which a move could change in place: both stay.
    assert s.options("take") == ["take([1])", "take([1]) #2"]
    assert s.var("used", 0) == [(7,), [1]] and s.var("used", 1) == [(6, 8), [1]]


def test_a_person_reads_each_of_two_dice_that_look_alike_with_where_it_lies(tmp_path):
    """Seed 1: seat 0's die in its cup shows a 1, as does the one in its hand."""
    rules = rules_from_text(tmp_path, PAIRS.replace("create d6 x 2 owned by p into cup[p]\n        create d6 x 1 owned"
                                                    " by p into hand[p]", "create d6 x 1 owned by p into cup[p]\n"
                                                    "        create d6 x 1 owned by p into hand[p]"))
    game = rules.start(players=2, seed=1)
    game.play(0)
    assert game.decision.labels() == ["d6:1@0", "d6:1@0 #2"]
    assert game.decision.words() == ["your 1 (d6:1@0 in cup seat 0)", "your 1 (d6:1@0 #2 in hand seat 0)"]


@pytest.mark.parametrize("seed", range(4))
def test_the_closed_and_the_driven_game_merge_alike(tmp_path, seed):
    rules = rules_from_text(tmp_path, PAIRS)
    closed = rules.play(2, seed, random_agents(seed, 2), log=[])
    driven = rules.start(players=2, seed=seed, agents=random_agents(seed, 2))
    assert closed.keys == driven.keys


def test_a_point_whose_values_never_repeat_looks_for_no_equal_options(tmp_path):
    """`place(f in faces(...))` (classic's) gathers each face once: the compiled point merges
    nothing; a procedure's answer may repeat, and is merged."""
    rules = rules_from_text(tmp_path, PAIRS.replace("move take(l in [[1], [1]])", "move take(l in faces(cup[player]))"))
    for pausing in (True, False):
        source = generate(rules.program, pausing=pausing, books=False).text()
        advance = source[source.index("def pt_advance"):source.index("def pt_take")]
        take = source[source.index("def pt_take"):]
        take = take[:take.index("\ndef ")]
        assert "opts = once(opts, True)" in advance and "once(" not in take


def test_options_that_hold_one_tuple_many_times_over_are_offered_unmerged_at_once(tmp_path):
    """A tuple is hashed anew each time, through every tuple it holds: `u = (u, u)` sixty times
    over would take 2**60 steps to hash, so such options are not looked at for equal ones."""
    text = PAIRS.replace("            let again = choose(p, \"again\", [1, 1, 2])\n",
                         "            let u = (1,)\n            repeat 60:\n                u = (u, u)\n"
                         "            let again = choose(p, \"again\", [u, u, (u, 2)])\n")
    rules = rules_from_text(tmp_path, text)
    start = time.process_time()
    result = rules.play(2, 1, random_agents(1, 2))
    assert time.process_time() - start < 5 and len(result.scores) == 2
