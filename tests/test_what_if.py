"""What-if games (`decision.explorer.copy(rng)`, interpreter/lookahead/search.py): the game as the
deciding seat may know it, driven by a searcher; MCTS plays every playout on one."""

import random

import pytest

import rulesrun
from rulesrun.interpreter.running.driven import WhatIfOnce

from helpers import RULESETS, rules_from_text


@pytest.fixture(scope="module")
def classic():
    return rulesrun.load(RULESETS / "classic.rules")


def midgame(rules, seed=3, answers=7):
    game = rules.start(players=3, seed=seed)
    for k in range(answers):
        game.play(k % len(game.decision.options))
    return game


def test_a_what_if_game_starts_at_the_present_decision_as_the_seat_sees_it(classic):
    game = midgame(classic)
    decision = game.decision
    twin = decision.explorer.copy(random.Random(1))
    assert (twin.decision.seat, twin.decision.point, twin.decision.labels()) == \
        (decision.seat, decision.point, decision.labels())
    assert twin.view(decision.seat) == game.view(decision.seat)
    assert twin.history == game.history


def test_from_the_present_on_chance_is_the_searchers(classic):
    """The same answers lead to other rolls in what-if games with other streams, and to the same
    rolls in two with equal streams: a searcher never sees the real game's next roll."""
    game = midgame(classic)

    def rolls_after(game, answers):
        for k in answers:
            game.play(k % len(game.decision.options))
        return game.view(None)

    real = rolls_after(game.copy(), [0, 0, 0])
    twins = [rolls_after(game.decision.explorer.copy(random.Random(s)), [0, 0, 0]) for s in range(6)]
    assert any(twin != real for twin in twins)
    assert len({repr(twin) for twin in twins}) > 1
    again = rolls_after(game.decision.explorer.copy(random.Random(2)), [0, 0, 0])
    assert again == twins[2]


def test_a_what_if_game_is_driven_to_its_end_with_values_on_the_way(classic):
    twin = midgame(classic).decision.explorer.copy(random.Random(5))
    rng = random.Random(6)
    while not twin.over:
        assert len(twin.values) == 3
        twin.play(int(rng.random() * len(twin.decision.options)))
    assert twin.winners and len(twin.scores) == 3


def test_a_what_if_game_cannot_be_copied_or_undone(classic):
    game = midgame(classic)
    twin = game.decision.explorer.copy(random.Random(0))
    twin.play(0)
    with pytest.raises(WhatIfOnce, match="explorer.copy"):
        twin.undo()
    with pytest.raises(WhatIfOnce, match="explorer.copy"):
        twin.copy()


SECRET = """
game "Secret"
players 2..2
var picks per player = 0
phase game:
    turn 0:
        picks[0] = choose(0, "first", [1, 2, 3, 4, 5, 6, 7, 8], secret = true)
        picks[1] = choose(1, "second", [1, 2, 3])
        picks[1] += choose(1, "third", [1, 2])
score by p: picks[p]
"""


def test_another_seats_unseen_secret_is_drawn_anew(tmp_path):
    """Seat 1 never saw seat 0's secret pick: in seat 1's what-if games it is drawn at random."""
    rules = rules_from_text(tmp_path, SECRET)
    game = rules.start(players=2, seed=0)
    game.play(7)
    assert game.decision.seat == 1
    drawn = set()
    for s in range(30):
        twin = game.decision.explorer.copy(random.Random(s))
        twin.play(0)
        drawn.add(twin.scores[0])
    assert len(drawn) > 2 and drawn <= set(range(1, 9))
