"""Paths and small builders shared by the tests."""

import re
from pathlib import Path

import pytest

from rulesrun.interpreter.lookahead.agents import RandomAgent
from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.running.runtime import Game as State

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"
CLASSIC = RULESETS / "classic.rules"
NEUTRAL = RULESETS / "variants" / "neutral_dice.rules"
BANDIT = RULESETS / "variants" / "bandit.rules"


# Royale draws three of its sixteen boards a round: each group here is forced to lie out in
# every round instead (`forced_boards`, as the board tests force theirs), so that every board
# is played. No group holds both sides of one board.
ROYALE_BOARDS = (("bad_luck", "handicap", "my_choice", "prime_time"), ("black_box", "high_five", "nice_dice"),
                 ("block_it", "jackpot", "no_entry"), ("double_down", "knockout", "pay_day"),
                 ("fifty_fifty", "lucky_punch", "power_play"))


def forced(*boards) -> dict:
    """The params of a Royale game with exactly `boards` at casinos 1, 2, ... every round."""
    return {"forced_boards": ",".join(boards), "boards_per_round": str(len(boards))}


# Every shipped ruleset, as the tests play it: name -> (ruleset, fragments, params as `--set`
# writes them), paths relative to rulesets/.
SHIPPED = {
    "classic": ("classic.rules", (), {}),
    "lasvegas": ("lasvegas.rules", (), {}),
    "lasvegas2012": ("lasvegas2012.rules", (), {}),
    "lasvegas2012+bandit+kicker": ("lasvegas2012.rules", ("variants/bandit.rules", "variants/kicker.rules"), {}),
    "royale": ("royale.rules", (), {}),
    **{f"royale+{'+'.join(group)}": ("royale.rules", (), forced(*group)) for group in ROYALE_BOARDS},
    "pot": ("pot.rules", (), {}),
    "grosser_wurf": ("grosser_wurf.rules", (), {}),
    **{f"games/{path.stem}": (f"games/{path.name}", (), {}) for path in sorted((RULESETS / "games").glob("*.rules"))},
}
_shipped: dict = {}


def shipped(name: str):
    """The rules of SHIPPED[name], compiled once per test process."""
    if name not in _shipped:
        _shipped[name] = compiled(*SHIPPED[name])
    return _shipped[name]


def compiled(ruleset: str, fragments=(), params=None):
    """The rules of `ruleset` with `fragments` (paths relative to rulesets/, as in SHIPPED),
    compiled anew: a Rules of its own, whose games share nothing with another's."""
    return load_rules(str(RULESETS / ruleset), [str(RULESETS / f) for f in fragments], params or {})


def quick_first(cases, keep: int = 1) -> list:
    """The cases of a test that checks one property over many rulesets, seeds or files, for
    `pytest.mark.parametrize`: the first `keep` in the quick run, the rest marked `slow`, so that
    CI (`-m "slow or not slow"`) checks them all. A case that is a tuple gives the values of
    several argument names (`"ruleset, fragments"`)."""
    cases = list(cases)
    return cases[:keep] + [_slow(case) for case in cases[keep:]]


def quick_every(cases, step: int) -> list:
    """As `quick_first`, but every `step`-th case in the quick run: files of many kinds, each
    kind among those kept."""
    return [case if index % step == 0 else _slow(case) for index, case in enumerate(cases)]


def _slow(case):
    return pytest.param(*case if isinstance(case, tuple) else (case,), marks=pytest.mark.slow)


def rules_from_text(folder, text: str, name: str = "written"):
    """A ruleset written in a test, loaded from a file in `folder` as a designer's would be."""
    path = Path(folder) / f"{name}.rules"
    path.write_text(text)
    return load_rules(str(path))


def random_agents(seed, players):
    return [RandomAgent(f"{seed}:{p}:random") for p in range(players)]


def finished_state(rules, players: int = 2, seed: int = 1, log: list | None = None, step_budget: int | None = None):
    """The runtime state (steps, zones as the rules hold them) of a game of `rules` with random
    seats and no books, played to its end: what a test reads that no driven game shows. `log`
    receives its events."""
    state = State(rules, players, seed, random_agents(seed, players), log, step_budget or rules.step_budget)
    rules.prepare(state, lookahead=False, meter=False)
    rules.run(state)
    return state


def readme_example(heading: str, language: str = "python") -> str:
    """The `language` block under `### HEADING` of the README's section on the bridges."""
    text = (ROOT / "README.md").read_text()
    section = re.search(r"## Use it from OpenSpiel / PettingZoo[^\n]*\n(.*?)(?=\n## )", text, re.S).group(1)
    return re.search(rf"### {heading}\n.*?```{language}\n(.*?)```", section, re.S).group(1)
