"""A plain hand-written simulator of classic Las Vegas (seed 000) with random players.

It exists to be measured against: the speed bar the interpreter is compared to in
bench.py, and an independent implementation whose statistics the interpreter's must match
(tests/test_agreement.py). It shares no code with rulesrun.
"""

from __future__ import annotations

import random
import time

BILLS = [10000] * 4 + [20000] * 4 + [30000] * 5 + [40000] * 5 + [50000] * 6 + [60000] * 6 \
    + [70000] * 6 + [80000] * 4 + [90000] * 4 + [100000] * 4
SMALL_DICE = 6


def play_game(num_players: int, seed: int) -> dict:
    """One random game; the same fields as `rulesrun simulate --out` (plus bills per seat)."""
    rng = random.Random(seed)
    rand = rng.random
    deck = BILLS[:]
    rng.shuffle(deck)
    money = [0] * num_players
    bills = [0] * num_players
    turns = 0
    start = 0
    for _ in range(3):
        casino_bills = [sorted((deck.pop(), deck.pop()), reverse=True) for _ in range(6)]
        # counts[c][p]: weighted dice of seat p on casino c (0-based casino index)
        counts = [[0] * num_players for _ in range(6)]
        small = [SMALL_DICE] * num_players
        big = [1] * num_players
        player = start
        left = 7 * num_players
        while left:
            if small[player] or big[player]:
                turns += 1
                rolled_small = [int(rand() * 6) for _ in range(small[player])]
                rolled_big = int(rand() * 6) if big[player] else -1
                faces = set(rolled_small)
                if rolled_big >= 0:
                    faces.add(rolled_big)
                options = sorted(faces)
                face = options[int(rand() * len(options))]
                placed = rolled_small.count(face)
                weight = placed
                small[player] -= placed
                if rolled_big == face:
                    big[player] = 0
                    weight += 2
                    placed += 1
                counts[face][player] += weight
                left -= placed
            player = (player + 1) % num_players
        for c in range(6):
            row = counts[c]
            present = [(w, p) for p, w in enumerate(row) if w]
            weights = [w for w, _ in present]
            ranked = sorted(((w, p) for w, p in present if weights.count(w) == 1), reverse=True)
            for (_, p), bill in zip(ranked, casino_bills[c]):
                money[p] += bill
                bills[p] += 1
        start = (start + 1) % num_players
    best = max(zip(money, bills))
    winners = [p for p in range(num_players) if (money[p], bills[p]) == best]
    return {"scores": money, "winners": winners, "turns": turns, "bills": bills}


def games_per_second(num_players: int = 4, seconds: float = 2.0) -> float:
    begin = time.perf_counter()
    games = 0
    while time.perf_counter() - begin < seconds:
        play_game(num_players, games)
        games += 1
    return games / (time.perf_counter() - begin)


if __name__ == "__main__":
    print(f"{games_per_second(4):.0f} games/s (4 players)")
    results = [play_game(4, seed) for seed in range(20000)]
    share = [sum(1 / len(r["winners"]) for r in results if p in r["winners"]) / len(results) for p in range(4)]
    mean = [sum(r["scores"][p] for r in results) / len(results) for p in range(4)]
    print("win share", [round(s, 3) for s in share])
    print("mean score", [round(m) for m in mean])
    print("mean turns", sum(r["turns"] for r in results) / len(results))
