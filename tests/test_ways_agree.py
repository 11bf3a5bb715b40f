"""A game is its rules, its seed and the answers given (issue #37, "The game as data"), so every
way of playing it to its end gives the same events and scores:

(a) the closed loop, `rules.play`: every seat's agent answers inside the game;
(b) driven from outside: `rules.start` without agents, each decision answered with the choice
    the same agents make from outside;
(c) as (b), but a copy taken at a decision drawn from the seed plays on instead;
(d) as (b), but at a decision drawn from the seed the answer is played, undone and played again;
(e) the log of (a) replayed, as `rulesrun replay` does.

Greedy seats try options on the game itself and take them back (interpreter/lookahead/), random
seats do not (and a game of random seats only keeps no books). The rulesets are every shipped
one (tests/helpers.py), Royale also with each of its boards forced to lie out.
"""

from __future__ import annotations

import json
import random

import pytest

from helpers import ROYALE_BOARDS, RULESETS, SHIPPED, quick_first, shipped
from rulesrun.interpreter.lookahead.agents import make_agent
from rulesrun.interpreter.studies.log import Setup, replay

# (seed, the seats' agents in turn): a greedy seat first, a random one first, random seats only.
# The quick run plays classic once (greedy against random); CI plays every ruleset at every table.
TABLES = [(1, ("greedy", "random")), (2, ("random", "greedy")), (3, ("random",))]
GAMES = [TABLES[0], *(pytest.param(*table, marks=pytest.mark.slow) for table in TABLES[1:])]


def seated(specs: tuple, players: int) -> list[str]:
    return [specs[seat % len(specs)] for seat in range(players)]


def players_of(rules) -> int:
    return max(rules.min_players, min(4, rules.max_players))


def chosen(log: list) -> list:
    """The logged answers of the decisions that had a choice: what `game.answers` must be."""
    return [event["choice"] for event in log if event["t"] == "decide" and len(event["options"]) > 1]


def closed_loop(rules, players: int, seed: int, seats: list) -> tuple:
    """(a)"""
    log: list = []
    result = rules.play(players, seed, [make_agent(spec, seed, p) for p, spec in enumerate(seats)], log)
    return log, result.scores


def from_outside(rules, players: int, seed: int, seats: list, at: int = -1, there=None) -> tuple:
    """(b); at decision number `at`, `there(game, agents)` gives the answered game to go on with
    ((c) and (d))."""
    agents = [make_agent(spec, seed, p) for p, spec in enumerate(seats)]
    game = rules.start(players, seed, lookahead=any(getattr(agent, "looks_ahead", False) for agent in agents))
    asked = 0
    while not game.over:
        if asked == at:
            game = there(game, agents)
        else:
            decision = game.decision
            game.play(rules.answer(agents[decision.seat], decision))
        asked += 1
    assert game.answers == chosen(game.log)
    return game.log, game.scores


def copied(rules, game, agents):
    """(c): a copy at this decision, then answered, in place of the game."""
    twin = game.copy()
    assert twin.log == game.log and twin.view() == game.view() and twin.answers == game.answers
    assert twin.decision.labels() == game.decision.labels()
    game.release()
    twin.play(rules.answer(agents[twin.decision.seat], twin.decision))
    return twin


def undone(rules, game, agents):
    """(d): the answer played, undone, and played again."""
    before = ([dict(event) for event in game.log], game.view(), game.decision.labels(), game.answers)
    index = rules.answer(agents[game.decision.seat], game.decision)
    game.play(index)
    game.undo()
    assert (game.log, game.view(), game.decision.labels(), game.answers) == before
    game.play(index)
    return game


def replayed(name: str, players: int, seed: int, seats: list, log: list) -> tuple:
    """(e)"""
    ruleset, fragments, params = SHIPPED[name]
    setup = Setup(str(RULESETS / ruleset), tuple(str(RULESETS / f) for f in fragments), params, players, seed,
                  tuple(seats))
    again = replay(setup, json.loads(json.dumps(log)))
    assert again.first_difference is None, f"the replay differs at event {again.first_difference} {again.stopped}"
    return again.game.log, again.game.scores


def every_way_agrees(name: str, players: int, seed: int, specs: tuple, replaying: bool = True) -> None:
    """(b) to (e) against (a); `replaying`: (e) too, which loads the rules anew each time (some
    0.4 s for Royale), so the quick run replays one game per ruleset."""
    rules = shipped(name)
    seats = seated(specs, players)
    closed = closed_loop(rules, players, seed, seats)
    decisions = len(chosen(closed[0]))
    assert from_outside(rules, players, seed, seats) == closed, "(b) driven from outside"
    if decisions:
        at = random.Random(f"{name}:{seed}:copy").randrange(decisions)
        assert from_outside(rules, players, seed, seats, at, lambda g, a: copied(rules, g, a)) == closed, \
            f"(c) a copy at decision {at}"
        at = random.Random(f"{name}:{seed}:undo").randrange(decisions)
        assert from_outside(rules, players, seed, seats, at, lambda g, a: undone(rules, g, a)) == closed, \
            f"(d) undo at decision {at}"
    if replaying:
        assert replayed(name, players, seed, seats, closed[0]) == (json.loads(json.dumps(closed[0])), closed[1]), \
            "(e) the log replayed"


@pytest.mark.parametrize("seed, specs", GAMES, ids=lambda value: ",".join(value) if isinstance(value, tuple) else None)
@pytest.mark.parametrize("name", quick_first(SHIPPED))
def test_every_way_of_playing_a_game_gives_the_same_game(name, seed, specs):
    every_way_agrees(name, players_of(shipped(name)), seed, specs, replaying=seed == TABLES[0][0])


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SHIPPED))
def test_every_way_of_playing_a_game_gives_the_same_game_over_many_seeds_and_tables(name):
    rules = shipped(name)
    for seed in range(10, 30):
        players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        every_way_agrees(name, players, seed, TABLES[seed % len(TABLES)][1])


def test_the_royale_groups_force_every_board_once():
    boards = [board for group in ROYALE_BOARDS for board in group]
    assert sorted(boards) == sorted(path.stem for path in (RULESETS / "tafeln").glob("*.rules"))


@pytest.mark.slow
def test_undo_after_a_greedy_seat_weighed_a_black_box_split_it_never_saw_shows_the_table_as_it_was():
    """A person at seat 0, greedy seats inside the game, as the web page seats them. BLACK BOX's
    winner weighs the split its left neighbour made in secret by running the scoring again
    with a split drawn anew; that re-run rewrote the answers given before the present, and
    putting the present back only cut the history to its length. So `game.answers` was
    another game, and going back to the person's last decision (the web page's undo) showed a
    table that never happened: here seat 3 with 130,000 cash, 210,000 after the undo."""
    rules = shipped("royale+black_box+high_five+nice_dice")
    seed = 0
    agents = [None] + [make_agent("greedy", seed, seat) for seat in (1, 2, 3)]
    person = make_agent("random", seed, 0)
    game = rules.start(4, seed, agents=agents)
    weighed = False
    while not game.over:
        if weighed:
            before = ([dict(event) for event in game.log], game.view(), game.decision.labels())
            game.play(person.choose(game.decision))
            history = game.history
            game.undo(len(history) - max(k for k, (seat, _) in enumerate(history) if seat == 0))
            assert game.view() == before[1]
            assert (game.log, game.decision.labels()) == (before[0], before[2])
            break
        game.play(person.choose(game.decision))
        weighed = any(event.get("point") == "black_box_pick" and event["player"] != 0 for event in game.log)
    assert weighed and game.answers == chosen(game.log)
