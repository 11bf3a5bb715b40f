"""An item of a list a var holds is assigned by indexing on (issue #40, item 2): `marker[p][c] = 3`
worked, undocumented, and `grid[r] = row` of a plain var was refused, so Can't Stop and Qwixx
changed a player's row through a `let` that held it (`let right = rightmost[p]` then
`right[r] = i`). Both are the language's now, documented (docs/language.md 3.6), and a look-ahead
takes such a change back as any change of the var."""

import pytest

from helpers import random_agents, rules_from_text
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.lookahead.agents import make_agent
from rulesrun.interpreter.testing.scenario import Scenario

GRID = """
game "Grid"
players 2..2
param rows = [0, 1]
var grid = [[none, none, none], [none, none, none]]
var marked per player = [0, 0]

phase game:
    repeat 3:
        for p in players:
            turn p:
                play claim by p

move claim(r in rows, c in 0..2) for claim when grid[r][c] == none:
    grid[r][c] = player
    marked[player][r] += 1
    append player to grid[r]

value by p: sum(marked[p]) * 10 + len([c for c in 0..2 if grid[0][c] == p])

score by p: sum(marked[p])
"""


def test_a_claim_marks_the_cell_the_row_count_and_the_row_grows(tmp_path):
    s = Scenario(rules_from_text(tmp_path, GRID), players=2)
    s.move(1, "claim", 1, 2)
    assert s.var("grid") == [[None, None, None], [None, None, 1, 1]]
    assert s.var("marked", 1) == [0, 1] and s.var("marked", 0) == [0, 0]


@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_a_look_ahead_takes_an_item_assigned_back(tmp_path, agent):
    """Greedy tries every claim on the game itself: after each, the grid is as it was, so the
    game ends with six cells claimed, one a turn, and the rows grown by six."""
    rules = rules_from_text(tmp_path, GRID)
    game = rules.start(players=2, seed=2, agents=[make_agent(agent, 2, p) for p in range(2)])
    grid = game.view().vars["grid"]
    assert sum(cell is not None for row in grid for cell in row[:3]) == 6 and len(grid[0]) + len(grid[1]) == 12
    assert sorted(game.scores) == [3, 3]


def test_the_forms_agree_on_a_game_of_claims(tmp_path):
    rules = rules_from_text(tmp_path, GRID)
    closed = rules.play(2, 5, random_agents(5, 2))
    driven = rules.start(players=2, seed=5, agents=random_agents(5, 2))
    assert closed.keys == driven.keys


@pytest.mark.parametrize("line, message", [
    ("    rows[0] = 1\n", "written.rules:9:5: error: cannot assign into param `rows`"),
    ("    claim[0] = 1\n", "written.rules:9:5: error: unknown name `claim`"),
    ("    score_of[0][1] = 1\n", "written.rules:9:5: error: cannot assign into proc `score_of`")])
def test_what_holds_no_list_of_the_game_is_refused_where_it_is_assigned(tmp_path, line, message):
    text = GRID.replace("phase game:\n", "phase game:\n" + line) + "proc score_of(p):\n    return 0\n"
    with pytest.raises(RulesError) as error:
        rules_from_text(tmp_path, text)
    assert message in str(error.value) and "hint: " in str(error.value)


def test_an_item_of_a_var_holding_a_number_is_a_located_play_error(tmp_path):
    rules = rules_from_text(tmp_path, GRID.replace("var grid = [[none", "var count = 0\nvar grid = [[none")
                            .replace("phase game:\n", "phase game:\n    count[0] = 1\n"))
    with pytest.raises(RulesError, match=r"written\.rules:10:5: error: a number has no items to assign"):
        rules.play(2, 1, random_agents(1, 2))
