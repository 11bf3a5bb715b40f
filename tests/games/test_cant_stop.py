"""Can't Stop (rulesets/games/cant_stop.rules): the rule text's examples as scenarios, and the
chance that a roll cannot be used with all three runners out, counted over every roll of four
dice by the rules' own choices, equal to icepool's exact figure (1192/1296 of rolls can use 6,
7 or 8: the "92%" players quote)."""

from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial, prod

import icepool
import pytest

from game_checks import game, random_games
from rulesrun.interpreter.testing.scenario import Scenario


@pytest.fixture(scope="module")
def rules():
    return game("cant_stop")


def rolled(rules, faces, runners=None, markers=None, claimed=None, answers=None, players=2):
    """Seat 0 in its turn, the four dice showing `faces`, its runners and markers by column."""
    s = Scenario(rules, players=players, answers=answers or {})
    s.create("d6", faces, None, "dice")
    for c, space in (runners or {}).items():
        s.set("runner", space, c)
    for p, columns in (markers or {}).items():
        s.set("marker", [columns.get(c, 0) for c in range(13)], p)
    for c, p in (claimed or {}).items():
        s.set("claimed", p, c)
    s.set("roller", 0)
    s.set("going", True)
    return s


def test_a_roll_is_split_into_two_pairs_in_three_ways(rules):
    """yucata's example: 1-5-4-6 makes 6 and 10, 5 and 11, or 9 and 7."""
    s = rolled(rules, [1, 5, 4, 6], answers={0: ["advance((6, 10))"]})
    s.play("advance", 0)
    assert s.options("advance") == ["advance((6, 10))", "advance((5, 11))", "advance((7, 9))"]
    assert [s.var("runner", c) for c in (6, 10)] == [1, 1] and s.call("free_runners") == 1


def test_a_runner_starts_above_the_players_marker_and_two_equal_sums_move_it_twice(rules):
    """2-2-5-5 as two 7s, the marker on space 4 of column 7: the runner goes to 6."""
    s = rolled(rules, [2, 5, 2, 5], markers={0: {7: 4}}, answers={0: ["advance((7, 7))"]})
    s.play("advance", 0)
    assert s.var("runner", 7) == 6


def test_with_one_runner_free_the_player_chooses_which_sum_to_use(rules):
    """Runners in 4 and 9; 1-5-2-6 makes 6 and 8, 3 and 11 (one of each pair) or two 7s (one runner)."""
    s = rolled(rules, [1, 5, 2, 6], runners={4: 1, 9: 2}, answers={0: ["advance((8,))"]})
    s.play("advance", 0)
    assert s.options("advance") == ["advance((6,))", "advance((8,))", "advance((3,))", "advance((11,))",
                                    "advance((7, 7))"]
    assert s.var("runner", 8) == 1 and s.var("runner", 6) == 0


def test_both_sums_must_be_used_when_they_can(rules):
    """Runners in 2, 6 and 8: 3-3-4-4 as a 6 and an 8 moves both, and there is no option to move
    one; two 7s would need a fourth runner."""
    s = rolled(rules, [3, 3, 4, 4], runners={6: 1, 8: 1, 2: 1})
    assert s.call("choices", 0) == [(6, 8)]


def test_a_claimed_column_and_a_runner_on_top_cannot_be_used(rules):
    """1-1-6-6: 2 is claimed, the runner in 12 is on its top space; two 7s are left."""
    s = rolled(rules, [1, 1, 6, 6], runners={12: 3}, claimed={2: 1})
    assert s.call("choices", 0) == [(7, 7)]


def test_a_roll_that_cannot_be_used_ends_the_turn_and_loses_the_runners(rules):
    """4 and 5 (1-3-2-3), then 6 of 2 and 6 (1-5-1-1: one runner was free), then 1-1-6-6 (2
    and 12, or 7 twice): no runner can move, and the turn is lost."""
    s = rolled(rules, [1, 1, 1, 1], markers={0: {5: 2}}, answers={0: ["advance((4, 5))", "roll_again()",
                                                                       "advance((6,))", "roll_again()"]})
    s.load_dice(1, 3, 2, 3, 1, 5, 1, 1, 1, 1, 6, 6)
    s.call("take_turn", 0)
    assert s.var("marker", 0)[4:7] == [0, 2, 0] and all(s.var("runner", c) == 0 for c in range(2, 13))
    assert s.said()[-1] == "seat 0 cannot use the roll: the runners fall back" and not s.left_over()


def test_stopping_moves_the_markers_up_and_the_top_space_claims_the_column(rules):
    s = rolled(rules, [1, 1, 1, 1], runners={2: 3, 7: 5}, markers={1: {2: 2}})
    s.move(0, "stop")
    assert s.var("marker", 0)[2] == 3 and s.var("marker", 0)[7] == 5 and s.var("claimed", 2) == 0
    assert s.var("claimed", 7) is None and not s.var("going")


def test_a_seat_is_worth_what_it_would_keep_if_it_stopped_now(rules):
    """`value`, what greedy weighs: the roller's runners count where stopping would put its
    markers, so rolling on is worth as much as stopping; but for a column stopping claims (ten
    for a claim against one for a column climbed to its top), which is left to the rollouts of
    the turn (docs/agents.md). The other seat counts its markers."""
    s = rolled(rules, [1, 1, 1, 1], runners={7: 5}, markers={0: {7: 2}, 1: {5: 2}})
    worth = [5 / 13, 2 / 9]
    assert s.rules.values_of(s.game) == worth
    s.move(0, "roll_again")
    assert s.rules.values_of(s.game) == worth
    s.move(0, "stop")
    assert s.rules.values_of(s.game) == worth
    s = rolled(rules, [1, 1, 1, 1], runners={2: 3})
    assert s.rules.values_of(s.game) == [1, 0]
    s.move(0, "stop")
    assert s.rules.values_of(s.game) == [10, 0]


def test_the_first_to_claim_three_columns_wins(rules):
    for result in random_games(rules, 3, 10):
        assert len(result.winners) == 1 and result.keys[result.winners[0]][0] >= 3
        assert sorted(k[0] for k in result.keys)[-2] < 3


# ---------------------------------------------------------------- the chance of using a roll


def can_use(roll, columns) -> bool:
    """The rule text read apart from the rules: all three runners out in `columns` (none on its
    top space), a roll can be used when some pair of its dice sums to one of them."""
    return any(roll[i] + roll[j] in columns for i in range(4) for j in range(i + 1, 4))


@pytest.mark.parametrize("columns", [(6, 7, 8), (2, 3, 12), (4, 7, 10)])
def test_the_chance_of_using_a_roll_with_every_runner_out_is_icepools(rules, columns):
    exact = icepool.d6.pool(4).expand().map(lambda roll: can_use(roll, columns)).probability(True)
    s = rolled(rules, [1, 1, 1, 1], runners={c: 1 for c in columns})
    dice = s.zone("dice")
    counted = Fraction(0)
    for roll in combinations_with_replacement(range(1, 7), 4):
        for die, face in zip(list(dice), roll):
            s.turn(die, face)
        if s.call("choices", 0):
            counted += Fraction(factorial(4), prod(factorial(roll.count(f)) for f in set(roll))) / 6 ** 4
    assert counted == exact
    if columns == (6, 7, 8):
        assert exact == Fraction(1192, 1296)
