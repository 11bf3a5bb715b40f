"""Paths and small builders shared by the tests."""

from pathlib import Path

from rulesrun.interpreter.agents import RandomAgent

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"
CLASSIC = RULESETS / "classic.rules"
NEUTRAL = RULESETS / "variants" / "neutral_dice.rules"
BANDIT = RULESETS / "variants" / "bandit.rules"


def random_agents(seed, players):
    return [RandomAgent(f"{seed}:{p}:random") for p in range(players)]
