"""Every ruleset as an OpenSpiel game (rulesrun/openspiel.py): OpenSpiel's own checks, its
MCTS bot, game parameters, seeds, clones and what each seat is told."""

import re

import pytest

pyspiel = pytest.importorskip("pyspiel")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
np = pytest.importorskip("numpy")

import rulesrun.openspiel  # noqa: E402,F401  (registers "rulesrun")
from rulesrun.bridge import TooManyOptions, hides_information  # noqa: E402
from rulesrun.dsl.errors import RulesError  # noqa: E402
from rulesrun.openspiel import GameTooLong  # noqa: E402

from helpers import ROOT, RULESETS, quick_first, readme_example  # noqa: E402
from test_bridge import COUNTING  # noqa: E402

# Every shipped ruleset at its default seats, Royale at its fewest and most, and the example
# with private zones; the quick run plays the first (classic), CI every one.
CASES = [(f"rulesets/{path.name}", 0) for path in sorted(RULESETS.glob("*.rules"))] + [
    ("rulesets/royale.rules", 2), ("rulesets/royale.rules", 5), ("examples/liars_dice.rules", 0)]


def load(rules: str, **params):
    return pyspiel.load_game("rulesrun", {"rules": str(ROOT / rules), **params})


@pytest.mark.parametrize("path, players", quick_first(CASES), ids=[f"{path}-{players or 'default'}" for path, players in CASES])
def test_openspiel_random_sim_test_passes_on_every_shipped_ruleset(path, players):
    game = load(path, players=players)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    imperfect = game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert imperfect == hides_information(game.rules)


def test_openspiel_mcts_bot_plays_classic_through_the_bridge():
    game = load("rulesets/classic.rules", players=2, seed=5)
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=6, evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state) if state.current_player() == 0 else rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sorted(state.returns()) == [0.0, 1.0]
    assert state.driven().answers == state.history()


@pytest.mark.slow
def test_openspiel_mcts_bot_beats_random_play_on_classic():
    """Returns reach the right seats: a search on them wins far more than its even share."""
    game = load("rulesets/classic.rules", players=2, seed=100)
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=16, evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    wins = 0.0
    for number in range(8):
        state, seat = game.new_initial_state(), number % 2
        while not state.is_terminal():
            state.apply_action(bot.step(state) if state.current_player() == seat else rng.choice(state.legal_actions()))
        wins += state.returns()[seat]
    assert wins >= 6


@pytest.mark.slow
def test_fragments_and_params_are_game_parameters_and_the_game_string_loads_again():
    game = load("rulesets/royale.rules", players=2, params="rounds:1;forced_boards:jackpot|pay_day",
                **{"with": str(RULESETS / "variants" / "bandit.rules")})
    program = game.rules.program
    assert "bandit" in program.parts
    assert program.parts["rounds"].default.value == 1
    assert [item.value for item in program.parts["forced_boards"].default.items] == ["jackpot", "pay_day"]
    again = pyspiel.load_game(str(game))
    assert again.get_parameters() == game.get_parameters() and again.num_players() == 2


def test_players_default_to_four_or_the_nearest_the_rules_allow():
    assert load("rulesets/classic.rules").num_players() == 4
    assert "players=4" in str(load("rulesets/classic.rules"))


@pytest.mark.parametrize("params, error, message", [
    ({}, ValueError, "the game needs its ruleset"),
    ({"rules": "rulesets/classic.rules", "players": 9}, RulesError, "is for 2-6 players, not 9"),
    ({"rules": "rulesets/classic.rules", "params": "rounds"}, ValueError, "`rounds` in params is not name:value"),
    ({"rules": "rulesets/classic.rules", "params": "rounds=2"}, ValueError, "`rounds=2` in params is not name:value"),
    ({"rules": "rulesets/classic.rules", "params": "roundz:2"}, RulesError, "did you mean `rounds`"),
], ids=["no rules", "seats", "no colon", "equals", "unknown param"])
def test_a_wrong_game_parameter_is_an_error_that_says_what_to_write(monkeypatch, params, error, message):
    monkeypatch.chdir(ROOT)
    with pytest.raises(error, match=re.escape(message)):
        pyspiel.load_game("rulesrun", params)


def test_states_take_seeds_in_the_order_they_start_and_a_clone_keeps_its_own():
    game = load("rulesets/classic.rules", seed=10)
    first = game.new_initial_state()
    twin = first.clone()                # starts `first`: seed 10, shared by the twin
    second = game.new_initial_state()
    assert second.current_player() >= 0
    assert str(first).startswith("seed 10,") and str(twin) == str(first) and str(second).startswith("seed 11,")
    for action in (0, 0, 1):
        first.apply_action(action)
    fork = first.clone()
    first.apply_action(0)
    fork.apply_action(1)
    assert fork.history() == [0, 0, 1, 1] and first.history() == [0, 0, 1, 0]
    assert str(fork).startswith("seed 10, answers [0, 0, 1, 1]")


def test_a_serialized_state_is_restored_and_goes_on_alike():
    game = load("rulesets/royale.rules", players=3, seed=4)
    state = game.new_initial_state()
    for _ in range(7):
        state.apply_action(state.legal_actions()[-1])
    restored = game.deserialize_state(state.serialize())
    assert str(restored) == str(state) and restored.history() == state.history()
    while not state.is_terminal():
        action = state.legal_actions()[0]
        state.apply_action(action)
        restored.apply_action(action)
    assert restored.returns() == state.returns() and sum(state.returns()) == 1.0


def test_a_decision_beyond_max_actions_and_a_game_beyond_max_game_length_are_errors():
    with pytest.raises(TooManyOptions, match="more than max_actions=3"):
        load("rulesets/classic.rules", max_actions=3, seed=1).new_initial_state().legal_actions()
    state = load("rulesets/classic.rules", max_game_length=5).new_initial_state()
    with pytest.raises(GameTooLong, match="max_game_length=5"):
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 5


def test_actions_are_the_option_labels_and_each_seat_sees_its_own_view(tmp_path):
    path = tmp_path / "counting.rules"
    path.write_text(COUNTING)
    game = pyspiel.load_game("rulesrun", {"rules": str(path), "players": 2})
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_distinct_actions() == 256
    state = game.new_initial_state()
    assert state.current_player() == 0 and state.legal_actions() == [0, 1]
    assert [state.action_to_string(0, a) for a in (0, 1)] == ["1", "2"]
    assert state.action_to_string(1, 0) == "option 0"
    assert "you decide pick: 1 | 2" in state.observation_string(0)
    assert "seat 0 decides pick" in state.observation_string(1)
    state.apply_action(1)
    assert state.information_state_string(1).endswith("history: 0:?")
    assert state.information_state_string(0).endswith("history: 0:1")
    assert "history" not in state.observation_string(0)
    state.apply_action(0)
    assert state.is_terminal() and state.returns() == [1.0, 0.0]
    assert state.information_state_string(1).endswith("history: 0:1 1:0")


@pytest.mark.slow
def test_the_openspiel_example_in_the_readme_runs(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    exec(compile(readme_example("OpenSpiel"), "README.md", "exec"), {})
    assert capsys.readouterr().out.strip()

