"""A fragment reacts at the start of a turn and at a decision point (issue #40, item 2): hooks
attached only to phases, so a variant that counts a seat's turns, or pays a bonus whenever a
move is played at a point, had to edit its base. Now `before turn`, `before POINT` and
`after POINT` attach there, `player` the seat."""

import random

import pytest

from helpers import random_agents
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.lookahead.agents import make_agent
from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.testing.scenario import Scenario

BASE = """\
game "High die"
players 2..3
die d6 faces 1..6
zone cup per player
var score per player = 0

phase game:
    for p in players:
        create d6 x 1 owned by p into cup[p]
    repeat 2:
        for p in players:
            turn p:
                roll cup[p]
                play keep by p

move keep() for keep:
    score[player] += highest(cup[player])

move reroll() for keep when highest(cup[player]) < 4:
    roll cup[player]
    score[player] += highest(cup[player])

value by p: score[p]

score by p: score[p]
"""

BONUS = """\
fragment "Bonus" for "base.rules"
var turns per player = 0
var seen = []

before turn:
    turns[player] += 1

before keep when turns[player] == 2:
    append player to seen

after keep:
    score[player] += 100
"""


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "base.rules").write_text(BASE)
    return tmp_path


def rules_with(folder, text, name="bonus.rules"):
    path = folder / name
    path.write_text(text)
    return load_rules(str(path))


def test_every_turn_is_counted_and_every_move_at_the_point_pays_the_bonus(folder):
    game = rules_with(folder, BONUS).start(players=3, seed=2, agents=random_agents(2, 3))
    vars_ = game.view().vars
    assert vars_["turns"] == [2, 2, 2] and vars_["seen"] == [0, 1, 2]
    assert all(score >= 200 for score in game.scores)


def test_a_scenario_runs_the_points_hooks_and_a_move_its_after_hook(folder):
    s = Scenario(rules_with(folder, BONUS), players=2, answers={0: ["keep()"]})
    s.create("d6", [2], 0, "cup", 0)
    s.set("turns", 2, 0)
    s.play("keep", 0)
    assert s.var("seen") == [0] and s.var("score", 0) == 102
    s.move(1, "keep")
    assert s.var("score", 1) == 100 and s.var("seen") == [0]


def test_a_look_ahead_that_tries_a_move_runs_the_points_after_hook(folder):
    """`after keep` pays 100: each option tried on the game itself is worth 100 more to the seat
    than the move's own points, as the real move will be."""
    game = rules_with(folder, BONUS).start(players=2, seed=1)
    decision = game.decision
    values = [decision.explorer.lookahead(option, random.Random(0))[decision.seat]
              for option in range(len(decision.options))]
    assert all(value >= 101 for value in values)


ASKING = """\
fragment "Bets" for "base.rules"
var bets = []

before turn when player == 0:
    append choose(player, "bet", [1, 2, 3]) to bets

after keep:
    if choose(player, "double", ["yes", "no"]) == "yes":
        score[player] += score[player]
"""


@pytest.mark.parametrize("seed", range(3))
def test_hooks_that_ask_pause_the_driven_game_and_every_form_plays_alike(folder, seed):
    rules = rules_with(folder, ASKING)
    closed = rules.play(2, seed, random_agents(seed, 2), log=[])
    driven = rules.start(players=2, seed=seed)
    points = []
    agents = random_agents(seed, 2)
    while not driven.over:
        decision = driven.decision
        points.append(decision.point)
        driven.play(agents[decision.seat].choose(decision))
    assert driven.keys == closed.keys and "bet" in points and "double" in points


def test_the_meter_names_each_hook_by_its_file_and_what_it_attaches_to(folder):
    result = rules_with(folder, BONUS).play(2, 1, random_agents(1, 2), meter=True)
    assert {"bonus: before turn", "bonus: before keep", "bonus: after keep"} <= set(result.rules)
    assert result.rules["bonus: before turn"]["fired"] == 4


@pytest.mark.parametrize("hook, message, hint", [
    ("after turn:\n    pass\n", "`after turn`: a hook runs at the start of a turn, not at its end",
     "write `before turn:` for each turn's start"),
    ("before kep:\n    pass\n", "`before kep`: no phase or decision point is named `kep`", "did you mean `keep`?"),
    ("phase keep:\n    pass\nafter keep:\n    pass\n", "`after keep`: `keep` is a phase and a decision point",
     "rename one of them")])
def test_a_hook_on_nothing_it_can_attach_to_is_refused_where_it_is_written(folder, hook, message, hint):
    text = 'fragment "Wrong" for "base.rules"\n' + hook
    line = text.count("\n", 0, text.index(hook.splitlines()[-2])) + 1
    with pytest.raises(RulesError) as error:
        rules_with(folder, text, "wrong.rules")
    assert f"wrong.rules:{line}:1: error: {message}" in str(error.value)
    assert f"hint: {hint}" in str(error.value)


def test_a_hook_that_plays_its_own_point_is_a_located_play_error(folder):
    rules = rules_with(folder, 'fragment "Loop" for "base.rules"\nbefore keep:\n    play keep by player\n', "loop.rules")
    with pytest.raises(RulesError, match=r"loop\.rules:3:5: error: procedures call each other without end"):
        rules.play(2, 1, random_agents(1, 2))
