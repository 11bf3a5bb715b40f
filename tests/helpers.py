"""Paths and small builders shared by the tests."""

from pathlib import Path

from rulesrun.interpreter.agents import RandomAgent
from rulesrun.interpreter.rules import load_rules

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"
CLASSIC = RULESETS / "classic.rules"
NEUTRAL = RULESETS / "variants" / "neutral_dice.rules"
BANDIT = RULESETS / "variants" / "bandit.rules"


def rules_from_text(folder, text: str, name: str = "written"):
    """A ruleset written in a test, loaded from a file in `folder` as a designer's would be."""
    path = Path(folder) / f"{name}.rules"
    path.write_text(text)
    return load_rules(str(path))


def random_agents(seed, players):
    return [RandomAgent(f"{seed}:{p}:random") for p in range(players)]
