"""Zombie Dice (rulesets/games/zombie_dice.rules): the turn as scenarios (footprints rolled
again, the draw back to three dice, three shotguns, the brains put back when the cup runs
short, the end of the round and the tie-break), and the brains and shotguns of a turn's first
roll against their exact distribution, worked out from the rule text by counting the draws."""

from fractions import Fraction
from itertools import product
from math import comb

import pytest

from game_checks import Z_LIMIT, game, random_games, z_proportion
from rulesrun.interpreter.testing.scenario import Scenario

COLOURS = {"green": (6, {"brain": 3, "steps": 2, "shot": 1}), "yellow": (4, {"brain": 2, "steps": 2, "shot": 2}),
           "red": (3, {"brain": 1, "steps": 2, "shot": 3})}


@pytest.fixture(scope="module")
def rules():
    return game("zombie_dice")


def table(rules, cup=None, hand=(), brains=(), shots=(), answers=None, seed=0):
    """Seat 0's turn: the cup holds `cup` dice by colour (all 13 but those elsewhere by default),
    the hand, the brains and the shotguns the given (colour, face) dice."""
    s = Scenario(rules, players=2, answers=answers or {}, seed=seed)
    elsewhere = {c: 0 for c in COLOURS}
    for zone, dice in (("hand", hand), ("brains", brains), ("shots", shots)):
        for colour, face in dice:
            s.create(colour, [face], None, zone)
            elsewhere[colour] += 1
    for colour, (count, _) in COLOURS.items():
        n = (cup or {}).get(colour, count - elsewhere[colour])
        s.create(colour, ["steps"] * n, None, "cup")
    s.set("roller", 0)
    s.set("going", True)
    return s


# A random draw of 0.05 turns a die of any colour to a brain, 0.95 to a shotgun (each colour's
# first face is a brain, its last a shotgun); footprints lie elsewhere on each.
BRAIN, SHOT = 0.05, 0.95


def test_footprints_stay_in_hand_and_the_hand_is_filled_to_three(rules):
    """Two red footprints in hand, one green die in the cup: it is drawn, and all three are rolled."""
    s = table(rules, hand=[("red", "steps"), ("red", "steps")], cup={"green": 1, "yellow": 0, "red": 0})
    s.load_random(BRAIN, s.face_draw("steps", "red"), SHOT)
    s.call("draw_and_roll")
    assert len(s.zone("cup")) == 0 and [len(s.zone(z)) for z in ("hand", "brains", "shots")] == [1, 1, 1]


def test_three_shotguns_end_the_turn_and_lose_its_brains(rules):
    """Brain, brain, shotgun; on; shotgun, shotgun, brain: three shotguns, nothing scored."""
    s = table(rules, answers={0: ["go_on()"]})
    s.set("score", 5, 0)
    s.load_random(BRAIN, BRAIN, SHOT, SHOT, SHOT, BRAIN)
    s.call("take_turn", 0)
    assert s.var("score", 0) == 5 and s.said()[-1] == "seat 0 is shot: the brains are lost" and not s.left_over()


def test_stopping_eats_the_brains_set_aside(rules):
    s = table(rules, answers={0: ["stop()"]})
    s.load_random(BRAIN, BRAIN, SHOT)
    s.call("take_turn", 0)
    assert s.var("score", 0) == 2 and not s.left_over()


def test_a_cup_run_short_takes_the_brains_back_and_they_still_count(rules):
    """Cup of one die, two to draw: the 8 brains set aside go back into the cup and are noted."""
    s = table(rules, cup={"green": 1, "yellow": 0, "red": 0}, hand=[("red", "steps")],
              brains=[("green", "brain")] * 5 + [("yellow", "brain")] * 3, shots=[("red", "shot")])
    s.load_random(SHOT, SHOT, SHOT)
    s.call("draw_and_roll")
    assert s.var("noted") == 8 and s.call("turn_brains") == 8 and len(s.zone("cup")) == 7


def test_the_round_is_played_out_and_players_tied_for_the_most_play_on_alone(rules):
    """From 12, 9 and 12: seats 0 and 2 roll three brains each (15), seat 1 is shot; the round is
    over, 0 and 2 are tied, and only they play the next round: 0 is shot, 2 eats one brain and wins."""
    s = Scenario(rules, players=3, answers={0: ["stop()"], 2: ["stop()", "stop()"]})
    for p, n in enumerate([12, 9, 12]):
        s.set("score", n, p)
    s.load_random(BRAIN, BRAIN, BRAIN, SHOT, SHOT, SHOT, BRAIN, BRAIN, BRAIN, SHOT, SHOT, SHOT, BRAIN, SHOT, SHOT)
    s.call("game")
    assert [e["player"] for e in s.log if e["t"] == "turn"] == [0, 1, 2, 0, 2]
    assert [s.var("score", p) for p in range(3)] == [15, 9, 16] and not s.left_over()


def test_whole_games_end_with_one_winner_of_13_brains_or_more(rules):
    for result in random_games(rules, 3, 30):
        assert len(result.winners) == 1 and result.scores[result.winners[0]] >= 13


# ---------------------------------------------------------------- the first roll


def first_roll() -> dict:
    """(brains, shotguns) of a turn's first roll -> its chance: three dice drawn from the 13
    without regard to order, each colour's faces as printed."""
    bag = [colour for colour, (n, _) in COLOURS.items() for _ in range(n)]
    chances: dict = {}
    for i in range(13):
        for j in range(i + 1, 13):
            for k in range(j + 1, 13):
                draw = [bag[i], bag[j], bag[k]]
                for faces in product(("brain", "steps", "shot"), repeat=3):
                    p = Fraction(1, comb(13, 3))
                    for colour, face in zip(draw, faces):
                        p *= Fraction(COLOURS[colour][1][face], 6)
                    key = (faces.count("brain"), faces.count("shot"))
                    chances[key] = chances.get(key, 0) + p
    return chances


@pytest.mark.parametrize("rolls", [2000, pytest.param(20000, marks=pytest.mark.slow)])
def test_the_first_roll_is_distributed_as_counting_the_draws_says(rules, rolls):
    """Three shotguns on the first roll: 94/3861 = 0.0243. Measured over 20,000 first rolls: 489
    of three shotguns, and every (brains, shotguns) within 1.17 standard errors of its chance."""
    exact = first_roll()
    assert sum(exact.values()) == 1 and exact[(0, 3)] == Fraction(94, 3861)
    seen: dict = {}
    for start in range(0, rolls, 1000):
        s = table(rules, seed=start)
        for _ in range(1000):
            for zone in ("hand", "brains", "shots"):
                s.put(list(s.zone(zone)), "cup")
            s.call("draw_and_roll")
            key = (len(s.zone("brains")), len(s.zone("shots")))
            seen[key] = seen.get(key, 0) + 1
    assert set(seen) <= set(exact)
    worst = max(abs(z_proportion(seen.get(key, 0), rolls, float(p))) for key, p in exact.items())
    assert worst <= Z_LIMIT, seen
