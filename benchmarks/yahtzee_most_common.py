"""Yahtzee played by the keep-the-most-common-face policy, in plain Python.

The speed bar for the same policy written as rules (examples/yahtzee_most_common.rules on
rulesets/games/yahtzee.rules), measured against it in bench.py: each seat keeps the dice of its
most common face (the highest such face on a tie) and rolls the rest again, until five show it
or no roll is left, then fills the first empty box of its card, under Hasbro's Joker rules.
Written from the rule text, sharing no code with rulesrun; its mean score agrees with the rules'
(tests/test_policy_bench.py).
"""

from __future__ import annotations

import random

BOXES = ("aces", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind", "four_of_a_kind",
         "full_house", "small_straight", "large_straight", "yahtzee", "chance")
UPPER = BOXES[:6]
JOKER_POINTS = {"full_house": 25, "small_straight": 30, "large_straight": 40}


def points(box: str, faces: list[int]) -> int:
    """What `faces` score in `box`, Jokers aside."""
    counts = [faces.count(f) for f in range(1, 7)]
    if box in UPPER:
        face = UPPER.index(box) + 1
        return face * counts[face - 1]
    if box == "three_of_a_kind":
        return sum(faces) if max(counts) >= 3 else 0
    if box == "four_of_a_kind":
        return sum(faces) if max(counts) >= 4 else 0
    if box == "full_house":
        return 25 if sorted(counts)[4:] == [2, 3] else 0
    if box == "small_straight":
        return 30 if any(all(f in faces for f in range(s, s + 4)) for s in (1, 2, 3)) else 0
    if box == "large_straight":
        return 40 if any(all(f in faces for f in range(s, s + 5)) for s in (1, 2)) else 0
    if box == "yahtzee":
        return 50 if max(counts) == 5 else 0
    return sum(faces)


def fill(card: dict, faces: list[int]) -> tuple[str, int]:
    """The first box the card offers for `faces`, with its points (the Joker rules for a
    Yahtzee when the Yahtzee box is filled)."""
    empty = [box for box in BOXES if box not in card]
    if len(set(faces)) > 1 or "yahtzee" not in card:
        return empty[0], points(empty[0], faces)
    face_box = UPPER[faces[0] - 1]
    if face_box in card:
        lower = [box for box in empty if box not in UPPER]
        if lower:
            return lower[0], JOKER_POINTS.get(lower[0]) or points(lower[0], faces)
        return empty[0], 0
    return face_box, points(face_box, faces)


def take_turn(rng: random.Random, card: dict, sums: list[int]) -> None:
    """One turn of one seat; `sums`: its upper, lower and bonus points."""
    faces = [rng.randint(1, 6) for _ in range(5)]
    for _ in range(2):
        most = max(faces.count(f) for f in faces)
        if most == 5:
            break
        top = max(f for f in faces if faces.count(f) == most)
        faces = [top] * most + [rng.randint(1, 6) for _ in range(5 - most)]
    box, got = fill(card, faces)
    if len(set(faces)) == 1 and card.get("yahtzee") == 50:
        sums[2] += 100
    card[box] = got
    sums[0 if box in UPPER else 1] += got


def play_game(num_players: int, seed: int) -> dict:
    """One game; every seat plays the policy."""
    rng = random.Random(seed)
    cards = [{} for _ in range(num_players)]
    sums = [[0, 0, 0] for _ in range(num_players)]
    for _ in BOXES:
        for p in range(num_players):
            take_turn(rng, cards[p], sums[p])
    scores = [upper + (35 if upper >= 63 else 0) + lower + bonus for upper, lower, bonus in sums]
    return {"scores": scores, "winners": [p for p, s in enumerate(scores) if s == max(scores)]}
