"""Every ruleset as an OpenSpiel game (rulesrun/openspiel.py): OpenSpiel's own checks, its
MCTS bot, chance nodes, game parameters, seeds, clones and what each seat is told."""

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
# with private zones; the quick run plays the first (classic), CI every one and the eleven games.
CASES = [(f"rulesets/{path.relative_to(RULESETS)}", 0)
         for path in sorted([*RULESETS.glob("*.rules"), *RULESETS.glob("games/*.rules")])] + [
    ("rulesets/royale.rules", 2), ("rulesets/royale.rules", 5), ("examples/liars_dice.rules", 0)]


def load(rules: str, **params):
    return pyspiel.load_game("rulesrun", {"rules": str(ROOT / rules), **params})


@pytest.mark.parametrize("path, players", quick_first(CASES), ids=[f"{path}-{players or 'default'}" for path, players in CASES])
def test_openspiel_random_sim_test_passes_on_every_shipped_ruleset(path, players):
    game = load(path, players=players)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    imperfect = game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert imperfect == hides_information(game.rules)


@pytest.mark.slow
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
    assert [index for _, index in state.driven().steps] == state.history()


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


def to_decision(state, outcome=None):
    """Resolve chance nodes (with `outcome`, or the seed's) up to the next decision."""
    while state.is_chance_node():
        state.apply_action(state.seeded_outcome() if outcome is None else outcome)
    return state


def test_every_state_has_the_games_seed_and_a_clone_goes_on_alone():
    game = load("rulesets/games/pig.rules", seed=10, players=2)
    first = game.new_initial_state()
    twin = first.clone()
    second = game.new_initial_state()
    assert second.current_player() >= 0
    assert str(first).startswith("seed 10,") and str(twin) == str(first) and str(second) == str(first)
    first.apply_action(0)               # roll
    assert first.is_chance_node() and first.chance_outcomes() == [(i, 1 / 6) for i in range(6)]
    first.apply_action(3)               # a 4
    fork = first.clone()
    first.apply_action(0)
    fork.apply_action(1)
    assert fork.history() == [0, 3, 1] and first.history() == [0, 3, 0]
    assert str(fork).startswith("seed 10, steps [0, 3, 1]")
    assert first.is_chance_node() and not fork.is_chance_node()


def test_the_dice_are_chance_nodes_so_a_clone_does_not_know_them():
    """OpenSpiel's MCTS clones a state and samples chance itself: two clones given the same
    action reach different next states, as the dice say, not as the seed would."""
    game = load("rulesets/classic.rules", players=2, seed=3)
    state = to_decision(game.new_initial_state())
    action = state.legal_actions()[0]
    left, right = state.clone(), state.clone()
    left.apply_action(action)
    right.apply_action(action)
    assert left.is_chance_node() and right.is_chance_node()
    outcomes = [outcome for outcome, _ in left.chance_outcomes()]
    assert len(outcomes) > 1
    to_decision(left, outcomes[0])
    to_decision(right, outcomes[-1])
    assert left.observation_string(0) != right.observation_string(0)


@pytest.mark.parametrize("path", ["rulesets/classic.rules", "rulesets/grosser_wurf.rules", "rulesets/games/pig.rules"])
def test_resolving_every_chance_node_with_the_seed_plays_the_seeded_game(path):
    game = load(path, players=2, seed=8)
    state = game.new_initial_state()
    answers = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.seeded_outcome())
        else:
            answers.append(state.legal_actions()[0])
            state.apply_action(answers[-1])
    seeded = game.rules.start(2, 8, answers=answers)
    assert seeded.over and seeded.scores == state.driven().scores and seeded.winners == state.driven().winners


def test_a_serialized_state_is_restored_and_goes_on_alike():
    game = load("rulesets/royale.rules", players=3, seed=4)
    state = game.new_initial_state()
    for _ in range(40):
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
            state.apply_action(to_decision(state).legal_actions()[0])
    assert len(state.driven().answers) == 5


def test_the_tensors_are_the_seats_view_and_the_decisions_it_knows():
    game = load("examples/liars_dice.rules", players=2, memory=4)
    size = game.observation_tensor_size()
    assert game.information_state_tensor_size() == size + 4 * (2 + 2)
    state = to_decision(game.new_initial_state())
    mine, theirs = np.array(state.observation_tensor(0)), np.array(state.observation_tensor(1))
    assert mine.shape == (size,) and not np.array_equal(mine, theirs)
    assert mine[0] == 1 and theirs[1] == 1                     # the seat looking, one-hot
    seat = state.current_player()
    state.apply_action(state.legal_actions()[1])
    history = np.array(state.information_state_tensor(1 - seat))[size:].reshape(4, 4)
    assert history[:3].sum() == 0 and list(history[3]) == [seat == 0, seat == 1, 1, 1]


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

