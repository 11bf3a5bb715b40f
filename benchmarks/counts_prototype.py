"""What a change of representation would buy (#15 item 5): classic Las Vegas written as the
code generator could write it, once with one object per die (as rulesrun keeps them) and once
with dice kept as counts, each measured against the hand-written reference in one run.

    python benchmarks/counts_prototype.py [--seconds 1] [--rounds 5]

Both versions are written the way generated code is: a state object with one attribute per
zone, one function per rule, a decision point that gathers options and asks the seat's agent
(a `pick(n)` from a stream of its own, as `RandomAgent`), the step budget counted per loop.
They differ only in what a zone of dice is:

- objects: a list of die objects, each with its kind, owner, face, value and zone, as
  `values.Piece` (a put moves objects and sets each one's zone);
- counts: a dict {(kind, owner, face): how many}, as a checker could allow where no rule reads
  a die's identity (only its kind, owner, face and how many), which classic's rules never do.

Neither plays the same games as rulesrun for a seed (the dice draw in another order), so this
is a measurement of the representation, not an implementation; docs/performance.md (A route
past the hand-written simulator) has the design and the figures.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference_classic  # noqa: E402

BILLS = reference_classic.BILLS
SMALL, BIGGY = 0, 1
WEIGHT = (1, 2)
FACES = (1, 2, 3, 4, 5, 6)


class Agent:
    def __init__(self, seed):
        self.pick = lambda n, r=random.Random(seed).random: int(r() * n)


class Die:
    __slots__ = ("kind", "owner", "face", "value", "weight", "zone")

    def __init__(self, kind, owner):
        self.kind, self.owner, self.face, self.value, self.weight, self.zone = kind, owner, 1, 1, WEIGHT[kind], None


class State:
    """The zones of classic, as generated code reaches them: one attribute each."""

    def __init__(self, players, seed, agents, pile):
        self.n = players
        self.rng = random.Random(seed)
        self.random = self.rng.random
        self.agents = agents
        self.steps = 0
        self.turns = 0
        self.deck = BILLS[:]
        self.rng.shuffle(self.deck)
        self.bills_at = [[] for _ in range(6)]
        self.won = [[] for _ in range(players)]
        self.supply = [pile() for _ in range(players)]
        self.rolled = [pile() for _ in range(players)]
        self.casino = [pile() for _ in range(6)]


# ---------------------------------------------------------------- one object per die

def o_put_pile(src, dst):
    moved = src[:]
    src.clear()
    dst.extend(moved)
    for d in moved:
        d.zone = dst


def o_roll(g, pile):
    r = g.random
    for d in pile:
        d.face = d.value = FACES[int(r() * 6)]


def o_turn(g, p):
    o_put_pile(g.supply[p], g.rolled[p])
    o_roll(g, g.rolled[p])
    options = sorted({d.face for d in g.rolled[p]})
    f = options[g.agents[p].pick(len(options))] if len(options) > 1 else options[0]
    dst = g.casino[f - 1]
    for d in [d for d in g.rolled[p] if d.face == f]:
        d.zone.remove(d)
        dst.append(d)
        d.zone = dst
    o_put_pile(g.rolled[p], g.supply[p])


def o_weights(pile):
    weights = {}
    for d in pile:
        weights[d.owner] = weights.get(d.owner, 0) + d.weight
    return weights


def o_return(g, pile):
    for d in pile[:]:
        pile.remove(d)
        g.supply[d.owner].append(d)
        d.zone = g.supply[d.owner]


def o_setup(g):
    for p in range(g.n):
        for kind, count in ((SMALL, 6), (BIGGY, 1)):
            for _ in range(count):
                d = Die(kind, p)
                d.zone = g.supply[p]
                g.supply[p].append(d)


def o_left(g, p, seat=None):
    return sum(len(g.supply[q]) for q in (range(g.n) if seat is None else (seat,)))


# ---------------------------------------------------------------- dice as counts

def c_put_pile(src, dst):
    for key, count in src.items():
        dst[key] = dst.get(key, 0) + count
    src.clear()


def c_roll(g, pile):
    r = g.random
    rolled = {}
    for (kind, owner, _), count in pile.items():
        for _ in range(count):
            key = (kind, owner, FACES[int(r() * 6)])
            rolled[key] = rolled.get(key, 0) + 1
    pile.clear()
    pile.update(rolled)


def c_turn(g, p):
    c_put_pile(g.supply[p], g.rolled[p])
    c_roll(g, g.rolled[p])
    rolled = g.rolled[p]
    options = sorted({key[2] for key in rolled})
    f = options[g.agents[p].pick(len(options))] if len(options) > 1 else options[0]
    dst = g.casino[f - 1]
    for key in [key for key in rolled if key[2] == f]:
        dst[key] = dst.get(key, 0) + rolled.pop(key)
    c_put_pile(rolled, g.supply[p])


def c_weights(pile):
    weights = {}
    for (kind, owner, _), count in pile.items():
        weights[owner] = weights.get(owner, 0) + count * WEIGHT[kind]
    return weights


def c_return(g, pile):
    for key, count in pile.items():
        supply = g.supply[key[1]]
        supply[key] = supply.get(key, 0) + count
    pile.clear()


def c_setup(g):
    for p in range(g.n):
        g.supply[p][(SMALL, p, 1)] = 6
        g.supply[p][(BIGGY, p, 1)] = 1


def c_left(g, p, seat=None):
    return sum(sum(g.supply[q].values()) for q in (range(g.n) if seat is None else (seat,)))


# ---------------------------------------------------------------- counts by face

# A zone of dice: {(kind, owner): [how many show 1, ..., how many show 6]}; a roll draws as
# many faces as the group holds into a fresh row of counts.

def f_put_pile(src, dst):
    for key, row in src.items():
        mine = dst.get(key)
        if mine is None:
            dst[key] = row[:]
        else:
            for i in range(6):
                mine[i] += row[i]
    src.clear()


def f_roll(g, pile):
    r = g.random
    for row in pile.values():
        count = sum(row)
        row[:] = (0, 0, 0, 0, 0, 0)
        for _ in range(count):
            row[int(r() * 6)] += 1


def f_turn(g, p):
    f_put_pile(g.supply[p], g.rolled[p])
    f_roll(g, g.rolled[p])
    rolled = g.rolled[p]
    options = sorted({i + 1 for row in rolled.values() for i in range(6) if row[i]})
    f = options[g.agents[p].pick(len(options))] if len(options) > 1 else options[0]
    dst = g.casino[f - 1]
    for key, row in rolled.items():
        if row[f - 1]:
            mine = dst.setdefault(key, [0, 0, 0, 0, 0, 0])
            mine[f - 1] += row[f - 1]
            row[f - 1] = 0
    f_put_pile(rolled, g.supply[p])


def f_weights(pile):
    weights = {}
    for (kind, owner), row in pile.items():
        weights[owner] = weights.get(owner, 0) + sum(row) * WEIGHT[kind]
    return weights


def f_setup(g):
    for p in range(g.n):
        g.supply[p][(SMALL, p)] = [6, 0, 0, 0, 0, 0]
        g.supply[p][(BIGGY, p)] = [1, 0, 0, 0, 0, 0]


def f_return(g, pile):
    for (kind, owner), row in pile.items():
        f_put_pile({(kind, owner): row}, g.supply[owner])
    pile.clear()


def f_left(g, p, seat=None):
    return sum(sum(row) for q in (range(g.n) if seat is None else (seat,)) for row in g.supply[q].values())


# ---------------------------------------------------------------- the rules, shared

def play(players, seed, pile, setup, turn, weights, give_back, dice_left):
    g = State(players, seed, [Agent(f"{seed}:{p}") for p in range(players)], pile)
    setup(g)
    start = 0
    for _ in range(3):
        for c in range(6):
            g.bills_at[c] = sorted((g.deck.pop(), g.deck.pop()), reverse=True)
        p = start
        while dice_left(g, p):
            g.steps += 1
            if dice_left(g, p, p):
                g.turns += 1
                turn(g, p)
            p = (p + 1) % players
        for c in range(6):
            w = weights(g.casino[c])
            keys = list(w.values())
            ranked = sorted(((k, o) for o, k in w.items() if keys.count(k) == 1), reverse=True)
            for (_, o), bill in zip(ranked, g.bills_at[c]):
                g.won[o].append(bill)
            give_back(g, g.casino[c])
        start = (start + 1) % players
    return [sum(w) for w in g.won], g.turns


OBJECTS = (list, o_setup, o_turn, o_weights, o_return, o_left)
COUNTS = (dict, c_setup, c_turn, c_weights, c_return, c_left)
BY_FACE = (dict, f_setup, f_turn, f_weights, f_return, f_left)


def rate(version, seconds) -> float:
    begin = time.process_time()
    games = 0
    while time.process_time() - begin < seconds:
        play(4, games, *version)
        games += 1
    return games / (time.process_time() - begin)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    contenders = {"reference": lambda: reference_classic.games_per_second(4, args.seconds),
                  "objects": lambda: rate(OBJECTS, args.seconds), "counts": lambda: rate(COUNTS, args.seconds),
                  "by face": lambda: rate(BY_FACE, args.seconds)}
    best = {name: 0.0 for name in contenders}
    for _ in range(args.rounds):
        for name, measure in contenders.items():
            best[name] = max(best[name], measure())
    for name, games in best.items():
        print(f"{name:10} {games:8.0f} games/s  {games / best['reference']:5.2f} x reference")


if __name__ == "__main__":
    main()
