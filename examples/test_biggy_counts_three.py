"""The example variant's scenario: the same position scores differently under the edit.

Two seats on casino 4: seat 0 has a Biggy and one small die, seat 1 has three small dice.
Classic (Biggy = 2): 3 against 3, a tie, both cancel and nobody is paid.
Biggy counts three: 4 against 3, seat 0 takes the higher bill and seat 1 the other.
"""

from pathlib import Path

import pytest

from rulesrun import Scenario
from rulesrun.interpreter.lookahead.agents import RandomAgent
from rulesrun.interpreter.running.rules import load_rules

HERE = Path(__file__).resolve().parent
CLASSIC = HERE.parent / "rulesets" / "classic.rules"
EDIT = HERE / "biggy_counts_three.rules"


def _score_position(fragments):
    s = Scenario(load_rules(CLASSIC, fragments), players=2)
    s.call("setup")
    s.place(0, "biggy", [4], "casino", 4)
    s.place(0, "small", [4], "casino", 4)
    s.place(1, "small", [4, 4, 4], "casino", 4)
    s.cards("bills_at", 4, [90000, 20000])
    s.call("score_casinos")
    return s.total("won", 0), s.total("won", 1)


def test_classic_biggy_counts_two_so_the_seats_tie_and_cancel():
    assert _score_position([]) == (0, 0)


def test_with_the_edit_the_biggy_counts_three_and_wins_the_casino():
    assert _score_position([EDIT]) == (90000, 20000)


@pytest.mark.parametrize("seed", [0, *(pytest.param(seed, marks=pytest.mark.slow) for seed in range(1, 20))])
def test_the_edited_ruleset_plays_whole_games(seed):
    """Whole games still run to an end with a winner under the edit."""
    rules = load_rules(CLASSIC, [EDIT])
    result = rules.play(4, seed, [RandomAgent(f"{seed}:{p}") for p in range(4)])
    assert result.winners
