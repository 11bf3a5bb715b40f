"""The Scenario API for rule tests (docs/testing.md): what it does beyond running a named part."""

import pytest

from helpers import rules_from_text
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.testing.scenario import Scenario, ScenarioError

TOKENS = '''
game "Tokens"
players 2..3

param sides = [["a", "b"], ["c", "d"]] "Pairs, nested."
param bonus = 1
die d6 faces 1..6
imaginary bank "the bank"
zone supply per player
zone spare
zone table
var marks = 0
var settled_times = 0

event dropped(p, dice)
event settled()

phase setup:
    for p in players:
        create d6 x 3 owned by p into supply[p]
    create d6 x 2 owned by bank into spare

move drop(f in faces(supply[player])) for turn:
    let dice = showing(supply[player], f)
    put dice into table
    emit dropped(player, dice)

on dropped(p, dice):
    marks += len(dice) + bonus
    emit settled()

on settled():
    settled_times += 1

proc take_turn(p):
    play turn by p
    let d = choose(p, "keep", [x for x in table])
    put d into supply[p]

proc broken(z):
    let one = 1
    return z + one

phase game:
    setup()

score by p: marks
'''


@pytest.fixture(scope="module")
def rules(tmp_path_factory):
    return rules_from_text(tmp_path_factory.mktemp("tokens"), TOKENS)


def scenario(rules):
    s = Scenario(rules, players=2)
    s.call("setup")
    return s


def test_place_moves_the_owners_own_dice_and_makes_none_up(rules):
    s = scenario(rules)
    placed = s.place(0, "d6", [4, 4], "table")
    assert [d.owner for d in placed] == [0, 0] and len(s.zone("supply", 0)) == 1
    with pytest.raises(ScenarioError, match="seat 0 has no d6 left to place .*supply"):
        s.place(0, "d6", [1, 1], "table")
    with pytest.raises(ScenarioError, match="no face 7"):
        s.place(1, "d6", [7], "table")


def test_an_imaginary_players_dice_are_found_where_the_rules_keep_them(rules):
    s = scenario(rules)
    s.place("bank", "d6", [6, 6], "table")
    assert s.faces("table", owner="bank") == [6, 6] and len(s.zone("spare")) == 0


def test_a_move_and_an_event_set_off_everything_a_game_would(rules):
    s = scenario(rules)
    s.place(0, "d6", [5, 5, 5], "supply", 0)
    s.move(0, "drop", 5)
    assert len(s.zone("table")) == 3 and s.var("marks") == 4 and s.var("settled_times") == 1
    s.emit("dropped", 1, [])
    assert s.var("marks") == 5 and s.var("settled_times") == 2
    with pytest.raises(ScenarioError, match="carries 2 values"):
        s.emit("dropped", 1)
    with pytest.raises(ScenarioError, match="did you mean `drop`"):
        s.move(0, "dorp", 5)


def test_params_are_read_and_set_nested_lists_too(rules, tmp_path):
    s = scenario(rules)
    assert s.param("sides") == [["a", "b"], ["c", "d"]]
    s.set_param("sides", [["x", "y"]])
    assert s.param("sides") == [["x", "y"]]
    (tmp_path / "tokens.rules").write_text(TOKENS)
    nested = load_rules(str(tmp_path / "tokens.rules"), params={"sides": [["e", "f"], ["g", "h"]], "bonus": 2})
    assert Scenario(nested, 2).param("sides") == [["e", "f"], ["g", "h"]] and Scenario(nested, 2).param("bonus") == 2


def test_repeated_labels_are_numbered_so_a_script_can_name_each(rules):
    s = scenario(rules)
    s.place(0, "d6", [2, 2, 2], "supply", 0)
    s.script(0, "d6:2@0 #3")
    s.call("take_turn", 0)
    assert s.decided("turn")[0].options == ["drop(2)"]
    assert s.asked("turn") == [], "one option: taken without asking"
    (keep,) = s.asked("keep")
    assert keep.options == ["d6:2@0", "d6:2@0 #2", "d6:2@0 #3"] and keep.chosen == "d6:2@0 #3"
    assert not s.left_over()


def test_a_part_runs_step_by_step(rules):
    s = scenario(rules)
    s.place(0, "d6", [1, 2, 3], "supply", 0)
    s.start("take_turn", 0)
    assert s.decision.point == "turn" and s.decision.labels() == ["drop(1)", "drop(2)", "drop(3)"]
    s.answer("drop(2)")
    assert s.decision is None, "one die on the table: kept without asking"
    assert s.var("marks") == 2 and s.faces("supply", 0) == [1, 2, 3]


def test_a_mistake_in_the_rules_met_by_a_scenario_is_located(rules):
    s = scenario(rules)
    with pytest.raises(RulesError) as error:
        s.call("broken", s.zone("table"))
    assert "`+` between a list and a number" in error.value.render() and ":42:5:" in error.value.render()


def test_a_mistake_in_the_test_is_said_in_words(rules):
    s = scenario(rules)
    with pytest.raises(ScenarioError, match="no zone is named `tabel`; did you mean `table`"):
        s.zone("tabel")
    with pytest.raises(ScenarioError, match="no phase or procedure is named `setpu`"):
        s.call("setpu")


def test_a_rule_test_imports_what_it_needs_from_rulesrun_alone(tmp_path):
    """`from rulesrun import Scenario, load` (docs/testing.md), and the errors a test may expect;
    `import rulesrun` alone still loads no interpreter (the CLI and the pytest plugin import it)."""
    import subprocess
    import sys

    import rulesrun
    from rulesrun import Asked, PlayError, RulesError as Exported, Scenario as Front, ScenarioError as Refused, load
    from rulesrun.interpreter.running.driven import PlayError as Played
    from rulesrun.interpreter.testing import scenario

    assert (Front, Refused, Asked, PlayError, Exported) == (Scenario, ScenarioError, scenario.Asked, Played, RulesError)
    assert set(rulesrun.__all__) <= set(dir(rulesrun))
    (tmp_path / "tokens.rules").write_text(TOKENS)
    s = Front(load(tmp_path / "tokens.rules", params={"bonus": 3}), players=2)
    assert s.param("bonus") == 3
    with pytest.raises(AttributeError, match="no attribute 'Scenarios'"):
        rulesrun.Scenarios
    loaded = subprocess.run([sys.executable, "-c", "import sys, rulesrun; print(sorted(m for m in sys.modules "
                             "if m.startswith('rulesrun.')))"], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "[]"
