"""The power operator `a ** b` (issue #40, item 2): a stake that doubles every round was
`stake * 2` in a loop, or a list of the powers written out. It binds as in Python, counts the
digits of a whole number it makes against the game's budget before working it out, and is of
numbers only: the checker refuses text or a list where it can see one, play the rest, with the
same words."""

import pytest

from helpers import random_agents, rules_from_text
from rulesrun.dsl.errors import RulesError
from rulesrun.dsl.format import format_text
from rulesrun.interpreter.running.budget import Budget
from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.testing.scenario import Scenario

DOUBLING = """
game "Doubling"
players 2..2
param base = 2 "What the stake grows by each round."
param rounds = 4
var stake = 0
var won per player = 0
die d6 faces 1..6
zone cup per player

phase game:
    for p in players:
        create d6 x 1 owned by p into cup[p]
    repeat rounds as r:
        stake = base ** r
        for p in players:
            roll cup[p]
        let best = max([highest(cup[p]) for p in players])
        for p in players:
            if highest(cup[p]) == best:
                won[p] += stake

proc signs():
    return [-2 ** 2, (-2) ** 2, 2 ** 3 ** 2, 2 ** -1, 9 ** 0.5]

score by p: won[p]
"""


def test_the_stake_of_the_fourth_round_is_base_to_the_power_4(tmp_path):
    s = Scenario(rules_from_text(tmp_path, DOUBLING), players=2)
    assert s.call("signs") == [-4, 4, 512, 0.5, 3.0]
    s.call("game")
    assert s.var("stake") == 16


@pytest.mark.parametrize("pausing", [True, False])
def test_a_game_of_doubling_stakes_pays_every_round_in_both_forms(tmp_path, pausing):
    rules = rules_from_text(tmp_path, DOUBLING)
    if pausing:
        game = rules.start(players=2, seed=3)
        assert game.over
        scores = game.scores
    else:
        scores = rules.play(2, 3, random_agents(3, 2)).scores
    # Every round pays 2, 4, 8, 16 to one seat at least: each seat's sum is some of them.
    assert max(scores) >= 16 and all(0 <= s <= 30 for s in scores)


def test_text_to_a_power_is_refused_where_it_is_written(tmp_path):
    with pytest.raises(RulesError) as error:
        rules_from_text(tmp_path, DOUBLING.replace("stake = base ** r", 'stake = "2" ** r'))
    message = str(error.value)
    assert "written.rules:15:17: error: `**` between text and a number" in message
    assert "hint: text cannot be used in arithmetic" in message


def test_a_list_to_a_power_stops_the_game_with_the_checkers_words(tmp_path):
    rules = rules_from_text(tmp_path, DOUBLING.replace("stake = base ** r", "stake = square([r])")
                            + "proc square(x):\n    let y = x\n    return y ** 2\n")
    with pytest.raises(RulesError, match=r"written\.rules:29:5: error: `\*\*` between a list and a number"):
        rules.play(2, 1, random_agents(1, 2))


def test_a_power_past_the_digits_of_the_budget_stops_before_it_is_worked_out(tmp_path):
    path = tmp_path / "big.rules"
    path.write_text(DOUBLING.replace('param base = 2 "What', 'param base = 10 "What').replace("param rounds = 4",
                                                                                           "param rounds = 5000"))
    rules = load_rules(str(path), budget=Budget(digits=100))
    with pytest.raises(RulesError, match="went over its budget of 100 digits of a number"):
        rules.play(2, 1, random_agents(1, 2))


def test_a_negative_number_to_a_fractional_power_is_refused_by_name(tmp_path):
    rules = rules_from_text(tmp_path, DOUBLING.replace("stake = base ** r", "stake = (0 - base) ** 0.5"))
    with pytest.raises(RulesError, match=r"\(-2\) \*\* 0\.5: a negative number to a fractional power is no number"):
        rules.play(2, 1, random_agents(1, 2))


def test_the_formatter_spaces_a_power_as_it_spaces_other_operators():
    text = 'game "x"\nplayers 1..1\nphase game:\n    let y = 2**-3 ** (1+1)\nscore by p: 0\n'
    assert "    let y = 2 ** -3 ** (1 + 1)\n" in format_text(text)
