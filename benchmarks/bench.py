"""Games per second: rulesrun against a plain hand-written simulator, measured in one run.

    python benchmarks/bench.py [--seconds 1] [--rounds 5]

Both play random 4-player games of classic Las Vegas on one core, measured in turns so that
machine noise hits all alike; the best rate of each counts. The ratio is rulesrun /
reference (>= 1 means the interpreter is faster than the hand-written code). Royale games
per second are reported beside.

Then the agents: games per second with every seat played by random, greedy and MCTS on
classic and Royale, and each agent's speed as a share of random play on the same ruleset
(greedy is meant to stay at 0.1 or above). Random and greedy are measured in alternating
rounds, the best of each counting, so that a slow spell of the machine hits both.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import reference_classic  # noqa: E402

from rulesrun.interpreter.lookahead.agents import RandomAgent, make_agent  # noqa: E402
from rulesrun.interpreter.running.rules import load_rules  # noqa: E402

RULESETS = HERE.parent / "rulesets"


def rulesrun_games_per_second(rules, players=4, seconds=1.0, meter=False) -> float:
    start = time.perf_counter()
    games = 0
    while time.perf_counter() - start < seconds:
        rules.play(players, games, [RandomAgent(f"{games}:{p}") for p in range(players)], meter=meter)
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
        # What `simulate` plays: the per-rule meter on.
        "rulesrun classic.rules, metered": _rules_measure(load_rules(RULESETS / "classic.rules"), args.seconds, True),
        "rulesrun royale.rules, metered": _rules_measure(load_rules(RULESETS / "royale.rules"), args.seconds, True),
    }
    best = {name: 0.0 for name in contenders}
    for _ in range(args.rounds):
        for name, measure in contenders.items():
            best[name] = max(best[name], measure())
    for name, rate in best.items():
        print(f"{name + ', 4 players:':45} {rate:8.0f} games/s")
    reference = best["reference (hand-written classic)"]
    print(f"{'ratio rulesrun / reference (classic):':45} {best['rulesrun classic.rules'] / reference:8.2f}")
    for ruleset in ("classic", "royale"):
        cost = 1 - best[f"rulesrun {ruleset}.rules, metered"] / best[f"rulesrun {ruleset}.rules"]
        print(f"{f'cost of the meter ({ruleset}):':45} {cost:8.1%}")
    print()
    for ruleset in ("classic.rules", "royale.rules"):
        rules = load_rules(RULESETS / ruleset)
        # Random and greedy take turns, round by round, so that a slower spell of a shared
        # machine falls on both and not on one side of their ratio.
        rates = {"random": 0.0, "greedy": 0.0}
        for _ in range(args.rounds):
            for spec in rates:
                rates[spec] = max(rates[spec], agent_games_per_second(rules, spec, args.seconds))
        rates[MCTS] = agent_games_per_second(rules, MCTS, args.seconds)
        for spec, rate in rates.items():
            print(f"{f'{ruleset}, 4 x {spec}:':45} {rate:8.2f} games/s   {rate / rates['random']:7.4f} x random")


MCTS = "mcts:playouts=20,horizon=8,rollout=greedy"


def agent_games_per_second(rules, spec: str, seconds: float, players: int = 4) -> float:
    """At least one whole game, then as many as fit in `seconds`."""
    start = time.perf_counter()
    games = 0
    while games == 0 or time.perf_counter() - start < seconds:
        rules.play(players, games, [make_agent(spec, games, p) for p in range(players)])
        games += 1
    return games / (time.perf_counter() - start)


def _rules_measure(rules, seconds, meter=False):
    return lambda: rulesrun_games_per_second(rules, 4, seconds, meter)


if __name__ == "__main__":
    main()
