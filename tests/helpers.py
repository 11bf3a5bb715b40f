"""Paths and small builders shared by the tests."""

import re
from pathlib import Path

from rulesrun.interpreter.lookahead.agents import RandomAgent
from rulesrun.interpreter.running.rules import load_rules

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


def readme_example(heading: str, language: str = "python") -> str:
    """The `language` block under `### HEADING` of the README's section on the bridges."""
    text = (ROOT / "README.md").read_text()
    section = re.search(r"## Use it from OpenSpiel / PettingZoo[^\n]*\n(.*?)(?=\n## )", text, re.S).group(1)
    return re.search(rf"### {heading}\n.*?```{language}\n(.*?)```", section, re.S).group(1)
