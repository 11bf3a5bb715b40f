"""Every ruleset as a PettingZoo AEC environment (rulesrun/pettingzoo.py): PettingZoo's own
API and seed tests, the observation and mask, rewards, and mistakes made by its caller."""

import json
import warnings

import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")
np = pytest.importorskip("numpy")

import rulesrun  # noqa: E402
from rulesrun.bridge import TooManyOptions  # noqa: E402
from rulesrun.observation import encode, view_of  # noqa: E402
from rulesrun.pettingzoo import env, raw_env  # noqa: E402

from helpers import ROOT, RULESETS, quick_first, readme_example  # noqa: E402

CASES = [(f"rulesets/{path.name}", None) for path in sorted(RULESETS.glob("*.rules"))] + [
    ("rulesets/royale.rules", 2), ("rulesets/royale.rules", 5), ("examples/liars_dice.rules", None)]
_loaded: dict = {}


def rules(path: str):
    if path not in _loaded:
        _loaded[path] = rulesrun.load(ROOT / path)
    return _loaded[path]


def play_out(table, pick=lambda mask: int(np.flatnonzero(mask)[0])) -> dict:
    """Play to the end, each seat answering `pick(mask)`; the final reward of each agent."""
    final = {}
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        if termination or truncation:
            final[agent] = reward
        table.step(None if termination or truncation else pick(observation["action_mask"]))
    return final


@pytest.mark.parametrize("path, players", quick_first(CASES), ids=[f"{path}-{players or 'default'}" for path, players in CASES])
def test_pettingzoo_api_test_and_seed_test_pass_on_every_shipped_ruleset(path, players):
    with warnings.catch_warnings():
        # PettingZoo warns about every observation that is a dict (those with an action mask).
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably should be")
        pettingzoo_test.api_test(env(rules(path), players=players), num_cycles=1000)
        pettingzoo_test.seed_test(lambda: env(rules(path), players=players))


@pytest.mark.slow
def test_the_observation_is_the_seats_view_and_the_mask_the_deciding_seats_options():
    table = raw_env(rules("rulesets/royale.rules"), players=3)
    table.reset(seed=5)
    decision = table.game.decision
    for seat, agent in enumerate(table.possible_agents):
        observed = table.observe(agent)
        expected = [0.0] * table.layout.size
        encode(table.layout, view_of(table.game, seat), decision, expected)
        assert observed["observation"].dtype == np.float32 and list(observed["observation"]) == expected
        assert list(np.flatnonzero(observed["action_mask"])) == (list(range(len(decision.options)))
                                                                 if seat == decision.seat else [])
    assert table.agent_selection == f"seat_{decision.seat}"
    assert table.infos[table.agent_selection] == {"point": decision.point, "prompt": decision.prompt,
                                                  "labels": decision.labels(), "words": decision.words()}


@pytest.mark.parametrize("reward, expected", [
    ("win_share", lambda game: [1.0 if seat in game.winners else 0.0 for seat in range(game.players)]),
    ("score", lambda game: [float(score) for score in game.scores]),
    (lambda game: [float(len(game.answers))] * game.players, lambda game: [float(len(game.answers))] * game.players),
], ids=["win_share", "score", "function"])
def test_the_rewards_come_at_the_end_from_the_final_scores_as_chosen(reward, expected):
    table = env(rules("rulesets/classic.rules"), players=2, reward=reward)
    table.reset(seed=3)
    final = play_out(table)
    game = table.unwrapped.game
    assert game.over and [final[agent] for agent in table.possible_agents] == expected(game)


def test_a_reset_without_a_seed_goes_on_from_the_last_seed_given():
    first, second = raw_env(rules("rulesets/pot.rules")), raw_env(rules("rulesets/pot.rules"))
    for table in (first, second):
        table.reset(seed=11)
    assert first.game.seed == 11
    first.reset()
    second.reset()
    assert first.game.seed == second.game.seed != 11


def test_an_answer_that_is_no_option_is_an_error_that_says_which_are():
    table = env(rules("rulesets/classic.rules"), players=2)
    table.reset(seed=1)
    options = len(table.unwrapped.game.decision.options)
    for wrong in (options, -1, 1.5, "x", float("nan"), None, 10**30):
        with pytest.raises(ValueError, match=f"has options 0 to {options - 1}: an action is a whole number the action "
                                             "mask allows"):
            table.step(wrong)
    table.step(np.int64(0))
    assert table.unwrapped.game.answers == [0]


def test_a_decision_beyond_max_actions_is_an_error_and_a_wrong_reward_too():
    with pytest.raises(TooManyOptions, match="more than max_actions=2"):
        env(rules("rulesets/classic.rules"), max_actions=2).reset(seed=1)
    with pytest.raises(ValueError, match="reward='money' is not one of"):
        env(rules("rulesets/classic.rules"), reward="money")


def test_the_ansi_render_is_the_deciding_seats_view():
    table = env(rules("rulesets/classic.rules"), players=2, render_mode="ansi")
    table.reset(seed=2)
    seat = table.unwrapped.game.decision.seat
    assert table.render().startswith(f"seat {seat} of 2\nyou decide ")


@pytest.mark.slow
def test_the_pettingzoo_example_in_the_readme_runs(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    exec(compile(readme_example("PettingZoo"), "README.md", "exec"), {})
    rewards, shape = capsys.readouterr().out.splitlines()
    assert sum(json.loads(rewards)) == 1.0 and shape.startswith("(")
