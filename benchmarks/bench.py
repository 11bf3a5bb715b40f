"""Games per second: rulesrun against a plain hand-written simulator, measured in one run.

    python benchmarks/bench.py [--seconds 1] [--rounds 5]

Both play random 4-player games of classic Las Vegas on one core, measured in turns so that
machine noise hits all alike; the best rate of each counts. The ratio is rulesrun /
reference (>= 1 means the interpreter is faster than the hand-written code). Royale games
per second are reported beside.
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


def rulesrun_games_per_second(rules, players=4, seconds=1.0) -> float:
    start = time.perf_counter()
    games = 0
    while time.perf_counter() - start < seconds:
        rules.play(players, games, [RandomAgent(f"{games}:{p}") for p in range(players)])
        games += 1
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="measurements per contender (best counts)")
    args = parser.parse_args()
    contenders = {
        "reference (hand-written classic)": lambda: reference_classic.games_per_second(4, args.seconds),
        "rulesrun classic.rules": _rules_measure(load_rules(RULESETS / "classic.rules"), args.seconds),
        "rulesrun classic + bandit": _rules_measure(
            load_rules(RULESETS / "classic.rules", [RULESETS / "variants" / "bandit.rules"]), args.seconds),
        "rulesrun royale.rules": _rules_measure(load_rules(RULESETS / "royale.rules"), args.seconds),
    }
    best = {name: 0.0 for name in contenders}
    for _ in range(args.rounds):
        for name, measure in contenders.items():
            best[name] = max(best[name], measure())
    for name, rate in best.items():
        print(f"{name + ', 4 players:':45} {rate:8.0f} games/s")
    reference = best["reference (hand-written classic)"]
    print(f"{'ratio rulesrun / reference (classic):':45} {best['rulesrun classic.rules'] / reference:8.2f}")


def _rules_measure(rules, seconds):
    return lambda: rulesrun_games_per_second(rules, 4, seconds)


if __name__ == "__main__":
    main()
