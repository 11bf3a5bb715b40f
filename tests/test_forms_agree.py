"""The forms a ruleset is compiled into (pausing or not, books kept or not: `Rules.form`) play
the same games and read the same scores: `rulesrun simulate` (never pausing, no books,
metered), `rules.play` (never pausing, no books), a game driven from outside (pausing, with or
without books) and one whose seated agents may look ahead (never pausing, books kept).

Issue #37: every game read its score and values through the form that keeps books, whose
memory of pure procedures knows a zone by its stamp, and a game without books never renews a
stamp. A metered `simulate` measures the score as the game starts, so a score that calls a
procedure of a zone was remembered as 0 and stayed 0 to the end; `game.values` of a driven game
without books stayed what it was first read as."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from helpers import RULESETS, quick_first, random_agents, rules_from_text
from rulesrun.cli.main import main
from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.studies import simulate

# Each turn a seat rolls its cup and keeps one die: its face is added to the seat's var, the die
# goes to the seat's kept dice, and the score counts their pips through a procedure of three
# statements (one of a single `return` would be written in place, never called).
SUMS = """\
game "Running sums"
players 2..2

die d6 faces 1..6
zone cup per player
zone kept per player
var banked per player = 0

phase game:
    for p in players:
        create d6 x 5 owned by p into cup[p]
    repeat 5:
        for p in players:
            turn p:
                roll cup[p]
                play keep by p

move keep_one(d in cup[player]) for keep:
    banked[player] += d.face
    put d into kept[player]

proc pips(dice):
    let total = 0
    for d in dice:
        total += d.face
    return total

score by p: pips(kept[p])
"""

SHIPPED = sorted(path.name for path in RULESETS.glob("*.rules"))
_loaded: dict = {}


def shipped(name: str):
    """A shipped ruleset as its tests load it (Royale includes its boards itself)."""
    if name not in _loaded:
        _loaded[name] = load_rules(RULESETS / name)
    return _loaded[name]


def driven(rules, players: int, seed: int, lookahead: bool):
    """Game `seed` driven from outside to its end, each decision answered by the random agent
    `rules.play` would seat there."""
    agents = random_agents(seed, players)
    game = rules.start(players, seed, lookahead=lookahead)
    while not game.over:
        decision = game.decision
        game.play(rules.answer(agents[decision.seat], decision))
    return game


def outcomes(rules, players: int, seed: int) -> dict:
    """(scores, winners) of game `seed` with random agents, in each way of playing it."""
    ways = {}
    for meter in (False, True):
        result = rules.play(players, seed, random_agents(seed, players), meter=meter)
        ways[f"rules.play, meter {meter}"] = (result.scores, result.winners)
    for lookahead in (False, True):
        game = driven(rules, players, seed, lookahead)
        ways[f"driven, books {lookahead}"] = (game.scores, game.winners)
    seated = rules.start(players, seed, lookahead=True, agents=random_agents(seed, players))
    ways["seated agents, books"] = (seated.scores, seated.winners)
    return ways


def simulated(rules, path, players: int, seeds: range) -> list[dict]:
    """The records `rulesrun simulate` makes of games `seeds` with random agents, through its API."""
    plan = simulate.Plan(str(path), (), {}, players, ("random",), seeds.start, len(seeds))
    workshop = simulate.Workshop()
    workshop.prepare(plan, rules)
    return list(simulate.run(plan, workshop=workshop))


def assert_every_way_agrees(rules, players: int, records: list[dict]) -> None:
    for record in records:
        simulated_outcome = (record["scores"], record["winners"])
        ways = outcomes(rules, players, record["seed"])
        assert ways == dict.fromkeys(ways, simulated_outcome), record["seed"]


def test_a_metered_simulate_reports_the_scores_every_other_way_of_playing_gives(tmp_path):
    rules = rules_from_text(tmp_path, SUMS)
    out = tmp_path / "games.jsonl"
    result = CliRunner().invoke(main, ["simulate", str(tmp_path / "written.rules"), "--players", "2", "--games", "50",
                                       "--jobs", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [record["seed"] for record in records] == list(range(50))
    # Five dice kept of at least one pip each: no seat can score 0.
    assert all(min(record["scores"]) >= 5 for record in records)
    assert_every_way_agrees(rules, 2, records)


@pytest.mark.parametrize("seed", range(3))
def test_the_values_of_a_game_without_books_are_those_of_the_game_now(tmp_path, seed):
    rules = rules_from_text(tmp_path, SUMS)
    agents = random_agents(seed, 2)
    game = rules.start(2, seed, lookahead=False)
    while not game.over:
        decision = game.decision
        game.play(rules.answer(agents[decision.seat], decision))
        banked = game.view().vars["banked"]
        assert game.values == game.copy().values == banked
        assert game.keys == [(points,) for points in banked]


@pytest.mark.parametrize("ruleset", quick_first(SHIPPED))
def test_every_shipped_ruleset_scores_alike_in_every_form(ruleset):
    rules = shipped(ruleset)
    records = simulated(rules, RULESETS / ruleset, 3, range(3))
    assert_every_way_agrees(rules, 3, records)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("ruleset", SHIPPED)
def test_every_shipped_ruleset_scores_alike_in_every_form_over_many_seeds(ruleset, players):
    rules = shipped(ruleset)
    records = simulated(rules, RULESETS / ruleset, players, range(100, 130))
    assert_every_way_agrees(rules, players, records)


@pytest.mark.parametrize("ruleset", quick_first(SHIPPED))
def test_the_values_of_a_shipped_game_without_books_are_those_of_the_game_now(ruleset):
    rules = shipped(ruleset)
    agents = random_agents(1, 3)
    game = rules.start(3, 1, log=False, lookahead=False)
    while not game.over:
        decision = game.decision
        game.play(rules.answer(agents[decision.seat], decision))
        assert game.values == game.copy().values
