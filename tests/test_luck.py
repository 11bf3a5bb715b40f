"""Shared luck: every reader of one draw sees the same chance, shuffles included, whichever
reader drew first and however far the others have read."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from rulesrun.interpreter.lookahead.luck import Luck

# What a reader is asked, in order: a draw, a shuffle of n items, or 64 random bits.
ASKS = st.lists(st.one_of(st.just("random"), st.just("bits"), st.integers(0, 12)), max_size=20)


def read(reader, asks) -> list:
    seen = []
    for ask in asks:
        if ask == "random":
            seen.append(reader.random())
        elif ask == "bits":
            seen.append(reader.getrandbits(64))
        else:
            items = list(range(ask))
            reader.shuffle(items)
            seen.append(items)
    return seen


@given(st.integers(0, 2**64 - 1), ASKS, st.integers(0, 20))
def test_every_reader_meets_the_same_chance(draw, asks, head_start):
    luck = Luck(random.Random(draw).random)
    read(luck.again(), ["random"] * head_start)
    first, second = luck.again(), luck.again()
    assert read(first, asks) == read(second, asks) == read(Luck(random.Random(draw).random).again(), asks)


@given(st.integers(0, 2**64 - 1), st.integers(2, 30))
def test_a_shuffle_is_fisher_yates_on_the_next_draws(draw, count):
    items = list(range(count))
    Luck(random.Random(draw).random).again().shuffle(items)
    draws = Luck(random.Random(draw).random).again()
    expected = list(range(count))
    for i in range(count - 1, 0, -1):
        j = int(draws.random() * (i + 1))
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    assert sorted(items) == list(range(count))


def test_getrandbits_gives_that_many_bits():
    reader = Luck(random.Random(5).random).again()
    values = [reader.getrandbits(64) for _ in range(200)]
    assert all(0 <= v < 2**64 for v in values) and max(values) >= 2**63 and len(set(values)) == 200
