"""Chō-han (rulesets/games/cho_han.rules): the bets and the lifting of the cup as scenarios;
chō on exactly half of the 36 rolls; random play against a simulator written apart from the
rules file (seat 0's coins and win share); and search agents that guess the hidden dice right
no more often than one time in two."""

import random

import pytest

from game_checks import Z_LIMIT, game, mean, random_games, seat0_share, z_proportion, z_two_samples
from rulesrun.interpreter.lookahead.agents import make_agent
from rulesrun.interpreter.testing.scenario import Scenario


@pytest.fixture(scope="module")
def rules():
    return game("cho_han")


def under_the_cup(rules, dice, players=2, answers=None, cash=None):
    s = Scenario(rules, players=players, answers=answers or {})
    s.create("d6", dice, None, "cup")
    for p, n in (cash or {}).items():
        s.set("cash", n, p)
    return s


def test_an_even_sum_is_cho_and_pays_the_cho_bets_even_money(rules):
    s = under_the_cup(rules, [2, 4], answers={0: ["bet(cho, 3)"], 1: ["bet(han, 2)"]})
    s.play("wager", 0)
    s.play("wager", 1)
    s.call("settle")
    assert [s.var("cash", p) for p in (0, 1)] == [13, 8]
    assert s.said()[-1] == "the cup is lifted: 2 and 4, cho"


def test_an_odd_sum_is_han(rules):
    s = under_the_cup(rules, [6, 1], answers={0: ["bet(cho, 1)"]})
    s.play("wager", 0)
    s.call("settle")
    assert s.var("cash", 0) == 9


def test_a_stake_is_one_to_three_coins_and_no_more_than_the_player_has(rules):
    s = under_the_cup(rules, [6, 1], cash={0: 2}, answers={0: ["bet(han, 2)"]})
    s.play("wager", 0)
    assert s.options("wager") == ["bet(cho, 1)", "bet(cho, 2)", "bet(han, 1)", "bet(han, 2)"]


def test_a_player_without_coins_sits_out(rules):
    for result in random_games(rules, 3, 20):
        assert min(result.scores) >= 0


def test_cho_is_half_of_the_rolls(rules):
    cho = 0
    for a in range(1, 7):
        for b in range(1, 7):
            s = under_the_cup(rules, [a, b], answers={0: ["bet(cho, 1)"]})
            s.play("wager", 0)
            s.call("settle")
            cho += s.var("cash", 0) == 11
    assert cho == 18


# ---------------------------------------------------------------- against a simulator


def simulated(rng: random.Random, players: int = 2) -> tuple[float, int]:
    """One game of uniform random play from the rule text: seat 0's share of the win, its coins."""
    cash = [10] * players
    for _ in range(10):
        even = (rng.randint(1, 6) + rng.randint(1, 6)) % 2 == 0
        for p in range(players):
            if cash[p] > 0:
                side, n = rng.choice([(s, n) for s in ("cho", "han") for n in range(1, min(cash[p], 3) + 1)])
                cash[p] += n if (side == "cho") == even else -n
    best = [p for p in range(players) if cash[p] == max(cash)]
    return (1 / len(best) if 0 in best else 0.0), cash[0]


@pytest.mark.slow
@pytest.mark.parametrize("games", [2000, 20000])
def test_random_play_agrees_with_a_simulator_of_the_rule_text(games):
    """Measured over 20,000 games each: seat 0's share 0.5016 here against 0.5027 in the
    simulator (z = -0.23), its coins at the end 10.07 against 9.98 (z = 1.35)."""
    ours = random_games(game("cho_han"), 2, games)
    rng = random.Random(1)
    shares, coins = zip(*(simulated(rng) for _ in range(games)))
    z_share = z_two_samples(seat0_share(ours), shares)
    z_coins = z_two_samples([r.scores[0] for r in ours], coins)
    figures = mean(seat0_share(ours)), mean(shares), mean([r.scores[0] for r in ours]), mean(coins)
    assert abs(z_share) <= Z_LIMIT and abs(z_coins) <= Z_LIMIT, (z_share, z_coins, figures)


# ---------------------------------------------------------------- the cup stays shut


@pytest.mark.slow
def test_a_search_agent_guesses_the_hidden_dice_one_time_in_two(rules):
    """MCTS plays on what-if games with the cup drawn anew: its bets are right half the time
    (measured: 917 of 1,871 over 100 games, z = -0.9), though a second seat wins more games
    than the first (60.5 of 100): it sees the first seat's bet and can copy it to keep a lead
    or bet against it to catch up."""
    right = bets = 0
    for seed in range(100):
        log: list = []
        rules.play(2, seed, [make_agent("mcts:playouts=20", seed, p) for p in range(2)], log=log)
        sides = {}
        for e in log:
            text = e.get("text", "")
            if " stakes " in text:
                sides[text.split()[1]] = text.split()[-1]
            elif text.startswith("the cup is lifted"):
                right += sum(side == text.split()[-1] for side in sides.values())
                bets += len(sides)
                sides = {}
    assert abs(z_proportion(right, bets, 0.5)) <= Z_LIMIT
