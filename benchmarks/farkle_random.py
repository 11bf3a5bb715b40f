"""Farkle played by uniformly random seats, in plain Python.

The speed bar for rulesets/games/farkle.rules under random play, measured against it in
bench.py: after each throw a seat sets aside one of the distinct scoring choices of dice at
random, then throws again or (above 500 this turn) quits, at random. Written from the rule text
(Everything2's typical scoring), sharing no code with rulesrun.
"""

from __future__ import annotations

import random
from itertools import combinations

GOAL = 10000
KEEP_ABOVE = 500


def points(faces: tuple[int, ...]) -> int:
    """What dice showing `faces` score together when every one counts; 0 if one does not."""
    counts = [faces.count(f) for f in range(1, 7)]
    if len(faces) == 6 and (counts == [1] * 6 or counts.count(2) == 3):
        return 1000
    total = 0
    for f, n in enumerate(counts, start=1):
        triples, singles = divmod(n, 3)
        total += triples * (1000 if f == 1 else 100 * f)
        if f == 1:
            total += 100 * singles
        elif f == 5:
            total += 50 * singles
        elif singles:
            return 0
    return total


def scoring_sets(faces: list[int]) -> list[tuple[int, ...]]:
    """Every distinct choice of dice of a throw (sorted faces) in which each die scores."""
    chosen = dict.fromkeys(c for k in range(1, len(faces) + 1) for c in combinations(faces, k))
    return [c for c in chosen if points(c) > 0]


def take_turn(rng: random.Random, last_throw: bool) -> int:
    """One turn; the points it keeps."""
    left, total = 6, 0
    while True:
        sets = scoring_sets(sorted(rng.randint(1, 6) for _ in range(left)))
        if not sets:
            return 0
        chosen = rng.choice(sets)
        total += points(chosen)
        left = left - len(chosen) or 6
        if last_throw:
            break
        if left < 6 and total > KEEP_ABOVE and rng.random() < 0.5:
            break
    return total if total > KEEP_ABOVE else 0


def play_game(num_players: int, seed: int) -> dict:
    """One game of random seats."""
    rng = random.Random(seed)
    scores = [0] * num_players
    p = 0
    while True:
        scores[p] += take_turn(rng, False)
        if scores[p] >= GOAL:
            break
        p = (p + 1) % num_players
    for q in [(p + i) % num_players for i in range(1, num_players)]:
        scores[q] += take_turn(rng, True)
    return {"scores": scores, "winners": [q for q, s in enumerate(scores) if s == max(scores)]}
