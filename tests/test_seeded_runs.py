"""Long seeded runs with random bots: every ruleset plays its player counts without an error,
and over a few hundred Royale games every one of the sixteen boards comes up and does something."""

from __future__ import annotations

import pytest

from helpers import RULESETS, random_agents
from rulesrun.interpreter.running.rules import load_rules

BOARDS = sorted(path.stem for path in (RULESETS / "tafeln").glob("*.rules"))

# Hundreds of seeded games, where the quick run plays a few (tests/test_pot.py's twenty seeds)
# and sets up each board's cases (tests/test_tafeln_*.py): CI runs them.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def royale():
    return load_rules(str(RULESETS / "royale.rules"))


@pytest.mark.parametrize("players", [4, 2])
def test_200_seeded_royale_games_play_and_every_board_is_activated(royale, players):
    activated: dict[str, int] = {}
    for seed in range(200):
        result = royale.play(players, seed, random_agents(seed, players), meter=True)
        assert len(result.winners) >= 1 and len(result.scores) == players
        for rule, counts in result.rules.items():
            board, _, what = rule.partition(": ")
            if what == "on activated":
                activated[board] = activated.get(board, 0) + counts["fired"]
    assert len(BOARDS) == 16
    boards_with_activation = [b for b in BOARDS if b not in ("bad_luck", "black_box", "prime_time")]
    assert all(activated.get(board, 0) > 0 for board in boards_with_activation), activated


def test_royale_boards_that_act_at_scoring_act_in_seeded_games(royale):
    """BAD LUCK, BLACK BOX and PRIME TIME have no activation: they act around the scoring."""
    acted: dict[str, int] = {}
    for seed in range(100):
        result = royale.play(4, seed, random_agents(seed, 4), meter=True)
        for rule, counts in result.rules.items():
            if "scor" in rule:
                acted[rule] = acted.get(rule, 0) + counts["fired"]
    for rule in ("bad_luck: after scoring", "black_box: after score_casinos", "prime_time: before score_casinos"):
        assert acted.get(rule, 0) > 0, (rule, acted)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_200_seeded_pot_games_play_and_keep_the_55_coins(players):
    pot = load_rules(str(RULESETS / "pot.rules"))
    for seed in range(200):
        result = pot.play(players, seed, random_agents(seed, players))
        assert max(result.scores) >= 24 and 0 <= sum(result.scores) <= 55
