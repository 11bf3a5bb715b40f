"""Chance as a node (interpreter/running/chance.py): a game started with `chance="explicit"`
stops at every draw, one die at a time, and its driver answers with `game.resolve(i)`."""

import json
import random
from fractions import Fraction

import pytest

from helpers import SHIPPED, rules_from_text, shipped
from rulesrun.interpreter.running.driven import NotAnOption, NothingToUndo
from rulesrun.interpreter.studies.log import Setup, replay
from rulesrun.interpreter.lookahead.agents import make_agent

QUICK = ["classic", "grosser_wurf", "games/pig", "games/liars_dice"]

COIN = """game "Coin"
players 2..2
die coin faces [1, 1, 2] shown "{face}" "coin"
zone cup
var heads = 0
phase game:
    create coin x 2 into cup
    roll cup
    let again = choose(0, "again?", [true, false])
    if again:
        roll cup
    heads = len([d for d in cup if d.face == 2]) + (1 if chance(0.25) else 0) + random_int(1, 3)
    let order = shuffled([1, 2, 3])
    heads += first(order)
score by p: heads
"""


def seeded_game(name: str, seed: int, players: int) -> tuple:
    """A game of random answers on the seed's chance: (its answers, log, scores)."""
    rules = shipped(name)
    game = rules.start(players, seed)
    pick = random.Random(seed)
    while not game.over:
        game.play(pick.randrange(len(game.decision.options)))
    return game.answers, game.log, game.scores


def explicit_game(name: str, seed: int, players: int, answers: list):
    """The same game with explicit chance, every node resolved with the seed's outcome."""
    game = shipped(name).start(players, seed, chance="explicit")
    given = iter(answers)
    while not game.over:
        if game.chance is not None:
            game.resolve(game.chance.seeded)
        else:
            game.play(next(given))
    return game


def without_chance(log: list) -> list:
    return [event for event in log if event["t"] != "chance"]


@pytest.mark.parametrize("name", [pytest.param(name, marks=[] if name in QUICK else [pytest.mark.slow])
                                  for name in SHIPPED])
def test_resolving_each_node_with_the_seeds_outcome_plays_the_seeded_game(name):
    rules = shipped(name)
    players = rules.min_players
    answers, log, scores = seeded_game(name, 4, players)
    game = explicit_game(name, 4, players, answers)
    assert without_chance(game.log) == log and game.scores == scores
    assert game.outcomes == [event["outcome"] for event in game.log if event["t"] == "chance"]
    assert len(game.outcomes) > 0


def test_a_node_lists_its_outcomes_with_exact_probabilities_one_die_at_a_time(tmp_path):
    rules = rules_from_text(tmp_path, COIN)
    game = rules.start(2, 1, chance="explicit")
    assert game.decision is None and not game.over
    node = game.chance
    assert (node.what, node.outcomes, node.probabilities) == ("roll", (1, 2), (Fraction(2, 3), Fraction(1, 3)))
    game.resolve(1)
    assert game.chance.what == "roll"                       # the second die of the cup, on its own
    game.resolve(0)
    assert game.decision is not None and game.chance is None
    game.play(1)                                            # no second roll
    assert (game.chance.what, game.chance.outcomes) == ("chance", (False, True))
    assert game.chance.probabilities == (0.75, 0.25)
    game.resolve(1)
    assert (game.chance.what, game.chance.outcomes) == ("random_int", (1, 2, 3))
    game.resolve(2)
    assert (game.chance.what, game.chance.outcomes, game.chance.of) == ("shuffle", (0, 1, 2), 3)
    game.resolve(0)                                         # place 2 trades with place 0: [3, 2, 1]
    assert game.chance.outcomes == (0, 1)
    game.resolve(1)                                         # place 1 keeps its item
    assert game.over and game.scores == [1 + 1 + 3 + 3, 1 + 1 + 3 + 3]
    assert game.steps == [("resolve", 1), ("resolve", 0), ("play", 1), ("resolve", 1), ("resolve", 2),
                          ("resolve", 0), ("resolve", 1)]


def test_undo_and_copy_count_chance_nodes_as_steps(tmp_path):
    rules = rules_from_text(tmp_path, COIN)
    game = rules.start(2, 1, chance="explicit")
    for index in (1, 0):
        game.resolve(index)
    game.play(0)                                            # roll again
    twin = game.copy()
    assert twin.chance == game.chance and twin.steps == game.steps
    game.undo()
    assert game.decision is not None and game.steps == [("resolve", 1), ("resolve", 0)]
    game.undo(2)
    assert game.chance is not None and game.steps == [] and game.chance.what == "roll"
    with pytest.raises(NothingToUndo):
        game.undo()
    twin.resolve(0)
    assert twin.steps[-1] == ("resolve", 0) and game.steps == []


def test_wrong_outcomes_and_modes_are_refused_with_what_to_do(tmp_path):
    rules = rules_from_text(tmp_path, COIN)
    game = rules.start(2, 1, chance="explicit")
    with pytest.raises(NotAnOption, match="not an outcome of this roll: answer 0 to 1"):
        game.resolve(2)
    with pytest.raises(NotAnOption, match=r'chance=\\?"explicit\\?" shows them'):
        rules.start(2, 1).resolve(0)
    with pytest.raises(ValueError, match="chance is one of 'seeded', 'explicit', not 'dice'"):
        rules.start(2, 1, chance="dice")
    with pytest.raises(ValueError, match="no agents seated in it"):
        rules.start(2, 1, chance="explicit", agents=[make_agent("random", 1, 0), make_agent("random", 1, 1)])


def test_a_log_of_explicit_chance_replays_with_its_outcomes(tmp_path):
    rules = rules_from_text(tmp_path, COIN)
    game = rules.start(2, 1, chance="explicit")
    for step in (("resolve", 0), ("resolve", 0), ("play", 0), ("resolve", 1), ("resolve", 1), ("resolve", 0),
                 ("resolve", 1), ("resolve", 2), ("resolve", 1)):
        getattr(game, step[0])(step[1])
    assert game.over
    setup = Setup(str(tmp_path / "written.rules"), (), {}, 2, 1, ("human", "human"))
    events = json.loads(json.dumps(game.log))
    assert replay(setup, events).first_difference is None
    events[[e["t"] for e in events].index("chance")]["outcome"] = 1
    assert replay(setup, events).first_difference is not None


def test_a_search_agent_decides_in_a_game_of_explicit_chance():
    """A bot's look-ahead replays the outcomes given so far, then draws chance of its own."""
    game = shipped("classic").start(2, 6, chance="explicit")
    while game.decision is None:
        game.resolve(game.chance.seeded)
    for spec in ("greedy", "mcts:playouts=4"):
        choice = make_agent(spec, 6, game.decision.seat).choose(game.decision)
        assert 0 <= choice < len(game.decision.options)
    assert game.chance is None and game.decision is not None


def test_a_game_waiting_at_a_draw_is_released_or_dropped_cleanly():
    import gc
    rules = shipped("classic")
    game = rules.start(2, 3, chance="explicit")
    game.resolve(game.chance.seeded)
    assert game.chance is not None
    game.release()
    dropped = rules.start(2, 3, chance="explicit")
    assert dropped.chance is not None
    del dropped
    gc.collect()
    again = rules.start(2, 3, chance="explicit")
    for _ in range(3):
        again.resolve(again.chance.seeded)
    twin = again.copy()
    again.undo(2)
    assert twin.steps[:1] == again.steps and twin.chance is not None and again.chance is not None


def test_a_node_costs_one_step_not_the_game_so_far():
    """The rules wait in their greenlet at a draw: resolving the 300th node of a game takes no
    more replays than the first (none)."""
    rules = shipped("classic")
    game = rules.start(2, 3, chance="explicit")
    began = []
    original = type(game)._begin
    type(game)._begin = lambda self, *args: (began.append(1), original(self, *args))[1]
    try:
        while not game.over:
            game.resolve(game.chance.seeded) if game.chance is not None else game.play(0)
    finally:
        type(game)._begin = original
    assert began == []
