"""Farkle (rulesets/games/farkle.rules): the rule text's scoring and turn as scenarios, and the
chance of a farkle with one to six dice, counted over every throw by the rules' own choices of
dice to set aside, equal to the chance icepool works out from the rule text alone."""

from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import factorial, prod

import icepool
import pytest

from game_checks import game
from rulesrun.interpreter.lookahead.agents import RandomAgent
from rulesrun.interpreter.testing.scenario import Scenario


@pytest.fixture(scope="module")
def rules():
    return game("farkle")


def on_the_table(rules, faces, turn_total=0, answers=None, scores=(0, 0)):
    """Seat 0 in its turn with `faces` thrown and `turn_total` already set aside."""
    s = Scenario(rules, players=len(scores), answers=answers or {})
    s.create("d6", faces, None, "table")
    s.create("d6", [1] * (6 - len(faces)), None, "aside")
    for p, points in enumerate(scores):
        s.set("score", points, p)
    s.set("turn_total", turn_total)
    s.set("roller", 0)
    s.set("throwing", True)
    return s


@pytest.mark.parametrize("faces, points", [
    ([1], 100), ([5], 50), ([1, 5], 150), ([2, 2, 2], 200), ([6, 6, 6], 600), ([1, 1, 1], 1000),
    ([5, 5, 5, 5], 550), ([1, 1, 1, 1], 1100), ([2, 2, 4, 4, 6, 6], 1000), ([1, 2, 3, 4, 5, 6], 1000),
    ([1, 1, 5, 5, 3, 3], 1000), ([3, 3, 3, 3, 3, 3], 600), ([2, 2], 0), ([1, 3], 0), ([2, 2, 2, 2, 4, 4], 0)])
def test_what_dice_score_together(rules, faces, points):
    """Four of a kind is three of a kind and one more die; four and a pair are not three pairs."""
    s = Scenario(rules, players=2)
    assert s.call("points", sorted(faces)) == points


def test_the_player_sets_aside_any_scoring_dice_of_the_throw(rules):
    s = on_the_table(rules, [1, 2, 3, 3, 5, 6], answers={0: ["set_aside([1, 5])"]})
    s.play("set_aside", 0)
    assert s.options("set_aside") == ["set_aside([5])", "set_aside([1])", "set_aside([1, 5])"]
    assert s.var("turn_total") == 150 and sorted(s.faces("table")) == [2, 3, 3, 6]


def test_a_throw_without_scoring_dice_is_a_farkle_and_the_turn_points_are_lost(rules):
    """450 set aside, two dice thrown again: 3 and 4. The turn ends with nothing."""
    s = on_the_table(rules, [1, 5], answers={0: ["set_aside([1, 5])"]})
    s.load_dice(1, 5, 3, 4)
    s.call("take_turn", 0, False)
    assert s.var("score", 0) == 0 and s.var("turn_total") == 0


def test_quitting_keeps_the_points_only_above_500(rules):
    """At 450 the player may only throw on; at 550 they may quit and keep it."""
    s = on_the_table(rules, [2, 3], turn_total=450)
    s.set("throwing", True)
    s.play("go_on", 0)
    assert s.decided("go_on")[-1].options == ["throw_again()"] and s.var("throwing")
    s.set("turn_total", 550)
    s.script(0, "quit()")
    s.play("go_on", 0)
    assert not s.var("throwing") and not s.left_over()


def test_a_whole_turn_throw_set_aside_and_quit(rules):
    """Three 1s and a 5 (1050) from the first throw, then quit: 1050 kept."""
    s = on_the_table(rules, [], answers={0: ["set_aside([1, 1, 1, 5])", "quit()"]})
    s.load_dice(1, 1, 1, 5, 3, 4)
    s.call("take_turn", 0, False)
    assert s.var("score", 0) == 1050 and not s.left_over()


def test_when_all_six_dice_score_the_player_throws_all_six_again(rules):
    """A straight sets all six aside: the next throw is of six dice, without asking to go on; its
    only scoring die, a 1, is set aside without asking."""
    s = on_the_table(rules, [], answers={0: ["set_aside([1, 2, 3, 4, 5, 6])", "quit()"]})
    s.load_dice(1, 2, 3, 4, 5, 6, 1, 2, 2, 3, 4, 6)
    s.call("take_turn", 0, False)
    assert s.asked("go_on")[0].options == ["throw_again()", "quit()"]
    assert len(s.asked("go_on")) == 1 and s.var("score", 0) == 1100 and not s.left_over()


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow), pytest.param(2, marks=pytest.mark.slow)])
def test_after_a_player_reaches_the_goal_every_other_player_throws_once(rules, seed):
    log: list = []
    rules.play(3, seed, [RandomAgent(f"{seed}:{p}") for p in range(3)], log=log)
    (reached,) = [i for i, e in enumerate(log) if "reaches" in e.get("text", "")]
    leader = int(log[reached]["text"].split()[1])
    after = log[reached + 1:]
    assert [e["player"] for e in after if e["t"] == "turn"] == [(leader + k) % 3 for k in (1, 2)]
    assert len([e for e in after if e["t"] == "roll"]) == 2


def test_a_last_throw_is_one_throw(rules):
    """Three 6s set aside on the last throw (not the 1 beside them): 600, kept, and no further throw."""
    s = on_the_table(rules, [], answers={0: ["set_aside([6, 6, 6])"]})
    s.load_dice(6, 6, 6, 1, 3, 4)
    s.call("take_turn", 0, True)
    assert s.var("score", 0) == 600 and s.asked("go_on") == [] and not s.left_over()


# ---------------------------------------------------------------- the chance of a farkle


def farkles(roll) -> bool:
    """The rule text's farkle, read apart from the rules: no 1, no 5, no three of a kind, not
    three pairs (a straight needs a 1)."""
    counts = [roll.count(f) for f in range(1, 7)]
    return counts[0] == 0 and counts[4] == 0 and max(counts) < 3 and counts.count(2) != 3


def test_the_chance_of_a_farkle_is_what_icepool_works_out(rules):
    """Every throw of n dice, weighted by how many ways it falls, farkles when the rules offer
    no dice to set aside: 2/3 with one die, 4/9, 5/18, 17/108, 25/324 and 5/216 with six."""
    for n in range(1, 7):
        exact = icepool.d6.pool(n).expand().map(farkles).probability(True)
        counted = sum(Fraction(factorial(n), prod(factorial(roll.count(f)) for f in range(1, 7))) / 6 ** n
                      for roll in combinations_with_replacement(range(1, 7), n) if not Scenario(rules, players=2).call("scoring_sets", list(roll)))
        assert counted == exact, n


def scores_apart(counts) -> bool:
    """Whether dice with `counts[f - 1]` of each face score together, every die counting, read
    apart from the rules: a straight or three pairs of six dice, else 1s, 5s and whole triples."""
    if sum(counts) == 6 and (all(n == 1 for n in counts) or counts.count(2) == 3):
        return True
    return sum(counts) > 0 and all(counts[f - 1] % 3 == 0 for f in (2, 3, 4, 6))


def test_the_dice_offered_to_set_aside_are_every_choice_in_which_each_die_scores(rules):
    """For every throw of one to six dice, the choices offered, in the order the rules list them
    (fewest 1s first, then 2s, ...), are those in which every die scores; a throw offers none
    exactly when it farkles."""
    for n in range(1, 7):
        for roll in combinations_with_replacement(range(1, 7), n):
            have = [roll.count(f) for f in range(1, 7)]
            expected = [[f for f in range(1, 7) for _ in range(k[f - 1])]
                        for k in product(*(range(h + 1) for h in have)) if scores_apart(k)]
            s = Scenario(rules, players=2)
            assert s.call("scoring_sets", list(roll)) == expected, roll
            assert Scenario(rules, players=2).call("scores_some", list(roll)) == (not farkles(roll)) == bool(expected)
