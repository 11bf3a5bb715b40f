"""Properties that hold for every seed: nothing is created or lost unless a rule says so,
and a game is a function of its seed and decisions."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import BANDIT, CLASSIC, NEUTRAL, random_agents
from rulesrun.interpreter.lookahead.agents import ScriptedAgent
from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.testing.scenario import Scenario

RULES = {
    "classic": load_rules(CLASSIC),
    "classic+bandit": load_rules(CLASSIC, [BANDIT]),
    "classic+neutral": load_rules(CLASSIC, [NEUTRAL]),
    "classic+neutral+bandit": load_rules(CLASSIC, [NEUTRAL, BANDIT]),
}
games = st.tuples(st.sampled_from(sorted(RULES)), st.integers(2, 6), st.integers(0, 2**32))


def _fit(name, players):
    rules = RULES[name]
    return rules, min(max(players, rules.min_players), rules.max_players)


def _dice(s):
    return [d for kind in ("small", "biggy") for d in s.game.pieces_by_kind.get(kind, [])]


def _bills(s):
    return s.game.pieces_by_kind["bill"]


@settings(max_examples=40, deadline=None)
@given(games)
def test_dice_are_conserved_and_every_die_lies_in_exactly_one_zone(game):
    rules, players = _fit(*game[:2])
    s = Scenario(rules, players, seed=game[2], agents=random_agents(game[2], players), log=False)
    s.call("setup")
    dice = _dice(s)
    expected = len(dice)
    for _ in range(3):
        s.call("deal_bills")
        s.call("placement")
        in_zones = [d for d in dice if d in d.zone]
        assert len(in_zones) == expected
        supplies = s.zone("supply")
        assert all(len(supplies[p]) == 0 for p in s.game.players), "placement ends when nobody has dice"
        s.call("scoring")
        assert sum(len(z) for z in supplies) == expected, "after scoring every die is back in a supply"


@settings(max_examples=40, deadline=None)
@given(games)
def test_money_paid_equals_money_dealt_minus_money_discarded(game):
    rules, players = _fit(*game[:2])
    s = Scenario(rules, players, seed=game[2], agents=random_agents(game[2], players), log=False)
    s.call("setup")
    total = sum(b.value for b in _bills(s))
    for _ in range(3):
        deck_before = s.total("deck")
        s.call("round")
        dealt = deck_before - s.total("deck")
        assert dealt > 0
        assert sum(b.value for b in _bills(s)) == total
    paid = sum(s.total("won", p) for p in s.game.players)
    dealt_in_all = total - s.total("deck")
    assert paid == dealt_in_all - s.total("box")
    assert len(_bills(s)) == 48 and all(b in b.zone for b in _bills(s))


@settings(max_examples=25, deadline=None)
@given(games)
def test_same_seed_same_log(game):
    rules, players = _fit(*game[:2])
    logs = []
    for _ in range(2):
        log = []
        rules.play(players, game[2], random_agents(game[2], players), log)
        logs.append(log)
    assert logs[0] == logs[1]


@pytest.mark.slow  # tests/test_bad_inputs.py keeps an untouched log replaying quick
@settings(max_examples=25, deadline=None)
@given(games)
def test_a_replayed_log_gives_the_same_game(game):
    rules, players = _fit(*game[:2])
    log = []
    original = rules.play(players, game[2], random_agents(game[2], players), log)
    answers = {p: [] for p in range(players)}
    for event in log:
        if event["t"] == "decide" and len(event["options"]) > 1:
            answers[event["player"]].append(event["choice"])
    replayed_log = []
    replayed = rules.play(players, game[2], [ScriptedAgent(answers[p]) for p in range(players)], replayed_log)
    assert replayed_log == log
    assert (replayed.scores, replayed.winners, replayed.turns) == (original.scores, original.winners, original.turns)
