"""The compiled rules a process keeps (rulesrun/compiled.py), so that OpenSpiel's restoring of
a serialized state (which makes the game anew from its string) does not compile again."""

import pytest

from rulesrun.compiled import CompiledRules

from helpers import ROOT
from test_bridge import COUNTING

pyspiel = pytest.importorskip("pyspiel")

import rulesrun.openspiel  # noqa: E402,F401  (registers "rulesrun")
from rulesrun.openspiel import RulesGame  # noqa: E402


def test_the_same_texts_and_params_give_the_same_rules_and_an_edited_file_compiles_again(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "counting.rules").write_text(COUNTING)
    kept = CompiledRules()
    first = kept.load("counting.rules")
    assert kept.load("counting.rules") is first and kept.compiled == 1
    (tmp_path / "counted.rules").write_text(COUNTING + '\nparam rounds = 1 "Rounds."\n')
    one = kept.load("counted.rules")
    assert kept.load("counted.rules", params={"rounds": "2"}) is not one and kept.load("counted.rules") is one
    (tmp_path / "counting.rules").write_text(COUNTING.replace('var note = "x"', 'var note = "y"'))
    again = kept.load("counting.rules")
    assert again is not first and again.start(2, 1).view().vars["note"] == "y"
    assert kept.load("counting.rules") is again


def test_the_memo_keeps_at_most_its_limit_and_lets_the_least_recently_used_go(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in "abc":
        (tmp_path / f"{name}.rules").write_text(COUNTING)
    kept = CompiledRules(limit=2)
    a = kept.load("a.rules")
    kept.load("b.rules")
    assert kept.load("a.rules") is a                     # a used last: b is the oldest
    kept.load("c.rules")
    assert len(kept) == 2 and kept.load("a.rules") is a and kept.compiled == 3
    kept.load("b.rules")
    assert kept.compiled == 4


def test_a_restored_state_takes_the_rules_compiled_before():
    game = pyspiel.load_game("rulesrun", {"rules": str(ROOT / "rulesets/games/pig.rules"), "players": 2, "seed": 3})
    state = game.new_initial_state()
    for _ in range(6):
        state.apply_action(state.seeded_outcome() if state.is_chance_node() else state.legal_actions()[0])
    compiled = RulesGame.compiled.compiled
    again, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert again.rules is game.rules and RulesGame.compiled.compiled == compiled
    assert str(restored) == str(state) and restored.history() == state.history()
