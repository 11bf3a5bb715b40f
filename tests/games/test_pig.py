"""Pig (rulesets/games/pig.rules): the rule text as scenarios, and the game against OpenSpiel's
`pig` under uniform random play (seat 0's win share and the number of roll-or-hold decisions)."""

import pytest

from game_checks import Z_LIMIT, game, mean, openspiel_random, random_games, seat0_share, z_two_samples
from rulesrun.interpreter.testing.scenario import Scenario


@pytest.fixture(scope="module")
def rules():
    return game("pig")


def at_turn(rules, scores, turn_total=0, roller=0, answers=None):
    """Seat `roller` in the middle of its turn, the seats' scores at `scores`."""
    s = Scenario(rules, players=len(scores), answers=answers or {})
    s.create("d6", [1], None, "cup")
    for p, points in enumerate(scores):
        s.set("score", points, p)
    s.set("turn_total", turn_total)
    s.set("roller", roller)
    return s


def test_a_roll_of_two_to_six_adds_to_the_turn_total(rules):
    s = at_turn(rules, [10, 20], turn_total=7)
    s.load_dice(5)
    s.move(0, "roll_again")
    assert s.var("turn_total") == 12 and not s.var("turn_over") and s.var("score", 0) == 10


def test_a_one_wipes_out_the_turn_total_and_ends_the_turn(rules):
    s = at_turn(rules, [10, 20], turn_total=17)
    s.load_dice(1)
    s.move(0, "roll_again")
    assert s.var("turn_total") == 0 and s.var("turn_over") and s.var("score", 0) == 10


def test_holding_banks_the_turn_total(rules):
    s = at_turn(rules, [10, 20], turn_total=17)
    s.move(0, "hold")
    assert s.var("score", 0) == 27 and s.var("turn_total") == 0 and s.var("turn_over")


def test_a_turn_rolls_until_the_player_holds(rules):
    """Roll 4, roll 6, hold: 10 points banked."""
    s = at_turn(rules, [0, 0], answers={0: ["roll_again()", "roll_again()", "hold()"]})
    s.load_dice(4, 6)
    s.call("take_turn", 0)
    assert s.var("score", 0) == 10 and s.var("roller") is None
    assert not s.left_over()


def test_holding_at_a_turn_total_of_nothing_is_allowed(rules):
    s = at_turn(rules, [0, 0], answers={0: ["hold()"]})
    s.call("take_turn", 0)
    assert s.var("score", 0) == 0 and s.options("roll_or_hold") == ["roll_again()", "hold()"]


def test_at_the_goal_a_player_may_only_hold(rules):
    """95 banked and 5 in the turn: rolling is not offered, and holding is taken without asking."""
    s = at_turn(rules, [95, 0], turn_total=5)
    s.play("roll_or_hold", 0)
    assert s.var("score", 0) == 100 and s.asked() == [] and s.decided("roll_or_hold")[0].options == ["hold()"]


def test_the_first_to_reach_the_goal_wins_at_once(rules):
    """Seat 0 reaches 100 first; seat 1, at 99, gets no further turn."""
    for result in random_games(rules, 2, 40):
        assert len(result.winners) == 1
        (w,) = result.winners
        assert result.keys[w][1] >= 100 and result.keys[1 - w][1] < 100


# ---------------------------------------------------------------- against OpenSpiel


def compare_with_openspiel(games):
    ours = random_games(game("pig"), 2, games, seed=0)
    shares, lengths = openspiel_random("pig", games, seed=1)
    return (z_two_samples(seat0_share(ours), shares),
            z_two_samples([r.decisions for r in ours], lengths),
            mean(seat0_share(ours)), mean(shares), mean([r.decisions for r in ours]), mean(lengths))


@pytest.mark.slow
@pytest.mark.parametrize("games", [2000, 20000])
def test_random_play_agrees_with_openspiels_pig(games):
    """Measured over 20,000 games each: seat 0 wins 0.5119 here against 0.5122 in OpenSpiel
    (z = -0.06), and a game takes 120.8 decisions against 120.9 (z = -0.46)."""
    z_share, z_length, *figures = compare_with_openspiel(games)
    assert abs(z_share) <= Z_LIMIT and abs(z_length) <= Z_LIMIT, figures
