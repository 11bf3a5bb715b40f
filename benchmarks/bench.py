"""Games per second: rulesrun against a plain hand-written simulator, measured in one run.

    python benchmarks/bench.py [--seconds 3]

Both play random 4-player games of classic Las Vegas on one core; the ratio is
rulesrun / reference (>= 1 means the interpreter is faster than the hand-written code).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import reference_classic  # noqa: E402

from rulesrun.interpreter.agents import RandomAgent  # noqa: E402
from rulesrun.interpreter.rules import load_rules  # noqa: E402

RULESETS = HERE.parent / "rulesets"


def rulesrun_games_per_second(ruleset, fragments=(), players=4, seconds=3.0) -> float:
    rules = load_rules(ruleset, fragments)
    start = time.perf_counter()
    games = 0
    while time.perf_counter() - start < seconds:
        rules.play(players, games, [RandomAgent(f"{games}:{p}") for p in range(players)])
        games += 1
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    reference = reference_classic.games_per_second(4, args.seconds)
    classic = rulesrun_games_per_second(RULESETS / "classic.rules", seconds=args.seconds)
    bandit = rulesrun_games_per_second(RULESETS / "classic.rules", [RULESETS / "variants" / "bandit.rules"],
                                       players=4, seconds=args.seconds)
    print(f"reference (hand-written classic, 4 players):  {reference:8.0f} games/s")
    print(f"rulesrun classic.rules, 4 players:            {classic:8.0f} games/s")
    print(f"rulesrun classic + bandit, 4 players:         {bandit:8.0f} games/s")
    print(f"ratio rulesrun / reference (classic):         {classic / reference:8.2f}")


if __name__ == "__main__":
    main()
