"""Ship, Captain and Crew (rulesets/games/ship_captain_crew.rules): setting aside ship, captain
and crew in order, the cargo and its rolls again as scenarios, and, for a player who keeps the
first cargo, the chance of getting all three in three rolls (icepool) and the cargo to expect
(counted over every roll), against turns played by the rules."""

from fractions import Fraction
from functools import cache
from itertools import product
from math import sqrt

import icepool
import pytest

from game_checks import Z_LIMIT, game, z_proportion
from rulesrun.interpreter.lookahead.agents import ScriptedAgent
from rulesrun.interpreter.testing.scenario import Scenario

NEEDED = (6, 5, 4)


@pytest.fixture(scope="module")
def rules():
    return game("ship_captain_crew")


def turn(rules, dice, answers=()):
    s = Scenario(rules, players=2, answers={0: list(answers)})
    s.create("d6", [1] * 5, None, "cup")
    s.load_dice(*dice)
    s.call("take_turn", 0)
    return s


def test_ship_captain_and_crew_in_one_roll_leave_two_dice_of_cargo(rules):
    s = turn(rules, [4, 6, 2, 5, 3], answers=["keep()"])
    assert sorted(s.faces("aside")) == [4, 5, 6] and s.var("cargo", 0) == 5
    assert s.options("cargo_choice") == ["keep()", "roll_cargo()"] and not s.left_over()


def test_a_captain_before_the_ship_does_not_count(rules):
    """5 and 4 without a 6 count for nothing; then the ship (6, 3, 3, 3, 5: and the captain
    with it); then the crew, 4, and 2 + 2 of cargo, in the last roll, which nobody is asked about."""
    s = turn(rules, [5, 4, 1, 1, 2, 6, 3, 3, 3, 5, 4, 2, 2])
    assert s.var("cargo", 0) == 4 and s.var("rolls_left") == 0 and s.asked() == []


def test_a_player_without_all_three_in_three_rolls_sinks(rules):
    s = turn(rules, [6, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2])
    assert s.var("cargo", 0) == 0 and s.said()[-1] == "seat 0 sinks: no cargo"


def test_the_cargo_may_be_rolled_again_while_rolls_are_left_and_the_last_roll_stands(rules):
    """11 after the first roll, rolled again to 3, and again to 2: the 2 stands."""
    s = turn(rules, [6, 5, 4, 5, 6, 1, 2, 1, 1], answers=["roll_cargo()", "roll_cargo()"])
    assert s.var("cargo", 0) == 2 and s.var("rolls_left") == 0 and not s.left_over()


def test_the_highest_cargo_wins_and_ties_share(rules):
    s = Scenario(rules, players=3)
    for p, c in enumerate([8, 11, 11]):
        s.set("cargo", c, p)
    assert s.score_keys() == [(8,), (11,), (11,)]


# ---------------------------------------------------------------- the chance of a cargo


def progress(have: int, roll) -> int:
    """How many of ship, captain and crew are in after `roll`, `have` of them in before."""
    while have < 3 and NEEDED[have] in roll:
        have += 1
    return have


def qualifying() -> Fraction:
    state = icepool.Die([0])
    for _ in range(3):
        state = state.map(lambda k: 3 if k == 3 else icepool.d6.pool(5 - k).expand().map(lambda t: progress(k, t)))
    return state.probability(3)


@cache
def expected_cargo(have: int, rolls: int) -> Fraction:
    """The cargo to expect keeping the first one, `have` of the three in and `rolls` left: every
    ordered roll of the dice left counted."""
    if rolls == 0:
        return Fraction(0)
    total = Fraction(0)
    outcomes = list(product(range(1, 7), repeat=5 - have))
    for roll in outcomes:
        now = progress(have, roll)
        if now == 3:
            rest = list(roll)
            for f in NEEDED[have:]:
                rest.remove(f)
            total += sum(rest)
        else:
            total += expected_cargo(now, rolls - 1)
    return total / len(outcomes)


class Keeper:
    blind = True

    def pick(self, count):
        return 0


@pytest.mark.parametrize("turns", [3000, pytest.param(30000, marks=pytest.mark.slow)])
def test_the_chance_of_a_cargo_and_the_cargo_to_expect_agree_with_counting(rules, turns):
    """All three in three rolls: 42314697971/78364164096 = 0.5400 (icepool); the cargo to expect
    keeping the first, 3.4837.
    Measured over 30,000 turns: 16,171 cargos, 0.5390 (z = -0.33); the mean cargo 3.4872
    (z = 0.16)."""
    chance, expected = qualifying(), expected_cargo(0, 3)
    assert float(chance) == pytest.approx(0.5400, abs=5e-5)
    cargos = []
    for start in range(0, turns, 500):
        s = Scenario(rules, players=1, seed=start, agents=[Keeper()])
        s.create("d6", [1] * 5, None, "cup")
        for _ in range(500):
            s.call("take_turn", 0)
            cargos.append(s.var("cargo", 0))
            s.set("cargo", 0, 0)
    m = sum(cargos) / turns
    sd = sqrt(sum((c - m) ** 2 for c in cargos) / (turns - 1))
    assert abs(z_proportion(sum(c > 0 for c in cargos), turns, float(chance))) <= Z_LIMIT
    assert abs((m - float(expected)) / (sd / sqrt(turns))) <= Z_LIMIT, (m, float(expected))
