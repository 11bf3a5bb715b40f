"""What the tests of rulesets/games/ share: the games' paths, random play of a game of the rules
and of a reference that no rules file produced, and the z statistics that compare them.

A reference is OpenSpiel's own game, an exact probability worked out apart (icepool, or a
count over every roll), or a small simulator in Python written from the rule text. Two
samples agree when |z| <= 4.5: with the handful of figures the games compare, a false alarm
is about one in 10^5 runs, and a real difference of a few standard errors still shows at the
slow runs' 20,000 games.
"""

from __future__ import annotations

import functools
import random
from math import sqrt
from pathlib import Path

from rulesrun.interpreter.lookahead.agents import RandomAgent
from rulesrun.interpreter.running.rules import load_rules

ROOT = Path(__file__).resolve().parent.parent.parent
GAMES = ROOT / "rulesets" / "games"
Z_LIMIT = 4.5


@functools.cache
def game(name: str, **params):
    """The rules of rulesets/games/NAME.rules, compiled once per test process."""
    return load_rules(str(GAMES / f"{name}.rules"), [], {k: str(v) for k, v in params.items()})


def random_games(rules, players: int, games: int, seed: int = 0) -> list:
    """`games` games of uniform random play, seeds seed, seed + 1, ...: their results."""
    return [rules.play(players, s, [RandomAgent(f"{s}:{p}:random") for p in range(players)])
            for s in range(seed, seed + games)]


def seat0_share(results) -> list[float]:
    """Seat 0's share of each game's win (1/k of a win shared by k seats)."""
    return [1 / len(r.winners) if 0 in r.winners else 0.0 for r in results]


def openspiel_random(name: str, games: int, seed: int = 0, **params) -> tuple[list[float], list[int]]:
    """OpenSpiel's game `name` under uniform random play (chance as its outcomes weigh it):
    seat 0's return read as a win share (1 win, 0 loss, 0.5 a draw), and each game's number of
    players' actions."""
    import pyspiel

    g = pyspiel.load_game(name, params)
    rng = random.Random(seed)
    shares, lengths = [], []
    for _ in range(games):
        state = g.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
        returns = state.returns()
        shares.append(1.0 if returns[0] > max(returns[1:]) else 0.5 if returns[0] == max(returns[1:]) else 0.0)
        lengths.append(moves)
    return shares, lengths


def mean(xs) -> float:
    return sum(xs) / len(xs)


def z_two_samples(a, b) -> float:
    """How many standard errors the means of samples `a` and `b` lie apart (Welch)."""
    va = sum((x - mean(a)) ** 2 for x in a) / (len(a) - 1)
    vb = sum((x - mean(b)) ** 2 for x in b) / (len(b) - 1)
    spread = sqrt(va / len(a) + vb / len(b))
    return 0.0 if spread == 0 else (mean(a) - mean(b)) / spread


def z_proportion(hits: int, trials: int, p: float) -> float:
    """How many standard errors `hits` of `trials` lie from the exact chance `p`."""
    return (hits - trials * p) / sqrt(trials * p * (1 - p))
