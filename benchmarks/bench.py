"""Games per second of `rulesrun simulate` against a plain hand-written simulator, in one run.

    python benchmarks/bench.py [--seconds 1] [--rounds 7] [--memory 1000,50000] [--no-mcts] [--only SECTION]

1. simulate's own path (`simulate.play_into`, what `rulesrun simulate --jobs 1 --out F`
   runs: the per-rule meter on, every record written to a JSON-lines file in a temporary
   folder and added to the running report) on classic, Royale, POT and Der große Wurf, random
   agents, 4 players, and each rate as a ratio to the hand-written classic simulator
   (`reference_classic.py`; >= 1 means rulesrun is faster). Rates are CPU time of this
   process, each contender measured in alternating rounds on the same seeds: games/s is a
   contender's best round, and a ratio the median over the rounds of the two rates of one
   round, so that a slow spell of a shared machine falls on both alike.
2. Two dice games against plain simulators of the same play, the same way: Yahtzee with every
   seat playing the keep-the-most-common-face policy written as forbids
   (examples/yahtzee_most_common.rules, against `yahtzee_most_common.py`) and Farkle with
   random seats (against `farkle_random.py`); rulesrun is meant to stay within 10x.
3. What the per-rule meter costs: the same games played by `Rules.play` with and without it,
   each seed both ways in turn (`meter_cost`).
4. The agents: games per second with every seat played by random, greedy and MCTS on classic
   and Royale, and each as a share of random play (greedy is meant to stay at 0.15 or above).
5. How long MCTS with its default settings takes a decision (CPU time): one MCTS seat against
   three greedy ones on classic, a few games (docs/agents.md promises under half a second).
6. Peak memory (maximum resident set) of `rulesrun simulate classic --out F` at each number of
   games of `--memory`, each in a fresh process: a simulation streams, so it should not grow
   with the games.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import farkle_random  # noqa: E402
import reference_classic  # noqa: E402
import yahtzee_most_common  # noqa: E402

from rulesrun.cli.jsonlines import JsonLines  # noqa: E402
from rulesrun.interpreter.lookahead.agents import AgentSpec, RandomAgent  # noqa: E402
from rulesrun.interpreter.running.rules import load_rules  # noqa: E402
from rulesrun.interpreter.studies import report, simulate  # noqa: E402

RULESETS = HERE.parent / "rulesets"
SIMULATED = {"classic": "classic.rules", "royale": "royale.rules", "pot": "pot.rules",
             "grosser_wurf": "grosser_wurf.rules"}
PLAYERS = 4
# Dice games against a plain simulator of the same play: (ruleset, fragments, simulator).
POLICIES = {"yahtzee, most common face": ("games/yahtzee.rules", ("../examples/yahtzee_most_common.rules",),
                                          yahtzee_most_common),
            "farkle, random": ("games/farkle.rules", (), farkle_random)}
MCTS = "mcts:playouts=20,horizon=8,rollout=greedy"


def cpu_rate(play, games: int) -> float:
    """Games per CPU second of `play()`, which plays `games` games."""
    start = time.process_time()
    play()
    return games / max(time.process_time() - start, 1e-9)


def simulate_player(ruleset: str, folder: Path, seconds: float, fragments: tuple = ()):
    """(games, play) for simulate's own path on `ruleset` with `fragments`: a warm-up compiles
    the rules and sizes the run to about `seconds` of CPU time."""
    def plan(games: int) -> simulate.Plan:
        return simulate.Plan(str(RULESETS / ruleset), tuple(str(RULESETS / f) for f in fragments), {}, PLAYERS,
                             ("random",), 0, games)

    workshop = simulate.Workshop()

    def play(games: int) -> None:
        out = JsonLines(folder / f"{Path(ruleset).stem}.jsonl")
        tally = report.Tally()
        simulate.play_into(plan(games), tally, out.write, workshop=workshop)
        out.close()
        tally.report(sites=workshop.rules_for(plan(games)).rule_sites)

    warm = 20
    games = max(1, round(cpu_rate(lambda: play(warm), warm) * seconds))
    return games, lambda: play(games)


def reference_player(seconds: float, simulator=reference_classic):
    def play(games: int) -> None:
        for seed in range(games):
            simulator.play_game(PLAYERS, seed)

    games = max(1, round(cpu_rate(lambda: play(200), 200) * seconds))
    return games, lambda: play(games)


def play_player(rules, seconds: float, spec):
    """(games, play) for `Rules.play` with one AgentSpec for every seat."""
    def play(games: int) -> None:
        for seed in range(games):
            rules.play(PLAYERS, seed, [spec.make(seed, p) for p in range(PLAYERS)])

    start = time.process_time()
    warm = 0
    while warm == 0 or time.process_time() - start < min(seconds, 0.2):
        play(1)
        warm += 1
    games = max(1, round(warm / max(time.process_time() - start, 1e-9) * seconds))
    return games, lambda: play(games)


def round_rates(contenders: dict, rounds: int) -> dict:
    """Each contender's rate in each of `rounds` rounds, the contenders taking turns in each, in
    the reverse order every other round, each after a full garbage collection: whoever ran
    first in every round measured some 5-10% faster than the same code second."""
    rates = {name: [] for name in contenders}
    order = list(contenders.items())
    for _ in range(rounds):
        for name, (games, play) in order:
            gc.collect()
            rates[name].append(cpu_rate(play, games))
        order.reverse()
    return rates


def best(rates: dict) -> dict:
    """Each contender's best round: a slow spell of a shared machine only ever slows."""
    return {name: max(rounds) for name, rounds in rates.items()}


def ratio(rates: dict, name: str, base: str) -> float:
    """`name`'s rate as a share of `base`'s: the median, over the rounds, of the two rates of one
    round, which met the same spell of a shared machine (the best rounds of the two may have
    met different ones, and moved a ratio by a fifth on the 2-core machine)."""
    return statistics.median(mine / theirs for mine, theirs in zip(rates[name], rates[base]))


def peak_memory_mb(games: int, folder: Path) -> float:
    """Maximum resident set of `rulesrun simulate classic --jobs 1 --out F` in a fresh process."""
    command = [sys.executable, "-m", "rulesrun", "simulate", str(RULESETS / "classic.rules"), "--games", str(games),
               "--jobs", "1", "--players", str(PLAYERS), "--out", str(folder / f"memory{games}.jsonl")]
    probe = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    kilobytes = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True, text=True, check=True).stdout
    return int(kilobytes) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU time per measurement")
    parser.add_argument("--rounds", type=int, default=7,
                        help="measurements per contender (games/s: the best; a ratio: the median of its rounds)")
    parser.add_argument("--memory", default="1000,50000", help="games of each peak-memory run ('' for none)")
    parser.add_argument("--no-mcts", action="store_true", help="leave out the MCTS agent")
    parser.add_argument("--only", choices=["simulate", "policies", "meter", "agents", "mcts", "memory"],
                        help="run one section alone")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rulesrun-bench-") as folder:
        folder = Path(folder)
        sections = {"simulate": lambda: _simulate_section(args, folder), "policies": lambda: _policies_section(args, folder),
                    "meter": lambda: _meter_section(args), "agents": lambda: _agents_section(args),
                    "mcts": lambda: None if args.no_mcts else _decision_time_section(args),
                    "memory": lambda: _memory_section(args, folder)}
        for name, section in sections.items():
            if args.only in (None, name):
                section()


def _simulate_section(args, folder: Path) -> None:
    print(f"rulesrun simulate --jobs 1 --out F ({PLAYERS} random players, meter on), CPU time:")
    contenders = {"reference": reference_player(args.seconds)}
    contenders.update({name: simulate_player(ruleset, folder, args.seconds) for name, ruleset in SIMULATED.items()})
    rates = round_rates(contenders, args.rounds)
    fastest = best(rates)
    print(f"  {'reference (hand-written classic):':38} {fastest.pop('reference'):9.0f} games/s")
    for name, rate in fastest.items():
        print(f"  {name + ':':38} {rate:9.0f} games/s   {ratio(rates, name, 'reference'):6.3f} x reference")


def _policies_section(args, folder: Path) -> None:
    print(f"\ndice games against plain simulators of the same play ({PLAYERS} players, simulate's path), CPU time:")
    for name, (ruleset, fragments, simulator) in POLICIES.items():
        contenders = {"plain": reference_player(args.seconds, simulator),
                      "rules": simulate_player(ruleset, folder, args.seconds, fragments)}
        rates = round_rates(contenders, args.rounds)
        fastest = best(rates)
        print(f"  {name + ':':38} {fastest['rules']:9.0f} games/s   plain {fastest['plain']:7.0f} games/s   "
              f"{1 / ratio(rates, 'rules', 'plain'):6.1f} x slower")


def meter_cost(rules, seconds: float) -> tuple[float, int]:
    """The share of a metered game's CPU time that goes to the meter, and over how many
    games: each seed played with and without it, one right after the other (which goes first
    alternating), each game timed alone, until both have had `seconds`. Rounds of many games
    each, as for the other sections, swung from 7% to 17% for the same code on a shared
    2-core machine; games paired this closely meet the same spell of it (four runs on one
    afternoon, Royale: 10.4% to 11.8%)."""
    clock = time.process_time
    spent = {False: 0.0, True: 0.0}
    seed = 0
    while min(spent.values()) < seconds:
        for meter in ((True, False) if seed % 2 else (False, True)):
            agents = [RandomAgent(f"{seed}:{p}") for p in range(PLAYERS)]
            start = clock()
            rules.play(PLAYERS, seed, agents, meter=meter)
            spent[meter] += clock() - start
        seed += 1
    return 1 - spent[False] / spent[True], seed


def _meter_section(args) -> None:
    print("\ncost of the per-rule meter (Rules.play, random agents, each seed with and without it):")
    for ruleset in ("classic.rules", "royale.rules"):
        rules = load_rules(RULESETS / ruleset)
        cost, games = meter_cost(rules, args.seconds * args.rounds)
        print(f"  {ruleset + ':':38} {cost:9.1%}   ({games} games each)")


def _agents_section(args) -> None:
    print("\nagents (Rules.play, every seat the same agent):")
    for ruleset in ("classic.rules", "royale.rules"):
        rules = load_rules(RULESETS / ruleset)
        specs = ["random", "greedy"] + ([] if args.no_mcts else [MCTS])
        contenders = {spec: play_player(rules, args.seconds, AgentSpec.parse(spec)) for spec in specs}
        mcts = contenders.pop(MCTS, None)
        rates = round_rates(contenders, args.rounds)
        shares = {spec: ratio(rates, spec, "random") for spec in rates}
        fastest = best(rates)
        if mcts is not None:
            # One round: an MCTS game takes long; its share is of random's best round.
            fastest[MCTS] = round_rates({MCTS: mcts}, 1)[MCTS][0]
            shares[MCTS] = fastest[MCTS] / fastest["random"]
        for spec, rate in fastest.items():
            print(f"  {f'{ruleset}, {PLAYERS} x {spec}:':68} {rate:9.2f} games/s   {shares[spec]:7.4f} x random")


class _Timed:
    """An agent whose decisions are timed (CPU time of this process)."""

    def __init__(self, agent):
        self.agent, self.blind, self.looks_ahead, self.times = agent, False, getattr(agent, "looks_ahead", False), []

    def choose(self, decision) -> int:
        start = time.process_time()
        index = self.agent.choose(decision)
        self.times.append(time.process_time() - start)
        return index


def _decision_time_section(args) -> None:
    rules = load_rules(RULESETS / "classic.rules")
    times = []
    for seed in range(max(2, args.rounds)):
        seat = seed % PLAYERS
        agents = [AgentSpec.parse("greedy").make(seed, p) for p in range(PLAYERS)]
        timed = agents[seat] = _Timed(AgentSpec.parse("mcts").make(seed, seat))
        rules.play(PLAYERS, seed, agents)
        times += timed.times
    print(f"\nMCTS with its defaults against three greedy seats, classic.rules, {len(times)} decisions:")
    print(f"  {'seconds a decision:':38} {sum(times) / len(times):9.3f} mean   {max(times):6.3f} max")


def _memory_section(args, folder: Path) -> None:
    counts = [int(games) for games in args.memory.split(",") if games.strip()]
    if not counts:
        return
    print("\npeak memory of rulesrun simulate classic.rules --jobs 1 --out F:")
    peaks = {games: peak_memory_mb(games, folder) for games in counts}
    for games, peak in peaks.items():
        print(f"  {f'{games} games:':38} {peak:9.1f} MB   {peak / peaks[counts[0]]:6.2f} x {counts[0]} games")


if __name__ == "__main__":
    main()
