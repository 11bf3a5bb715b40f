"""Greedy's rollouts (interpreter/lookahead/rollout.py): where one step of look-ahead ties, the
tied options are played on to the end of the turn, and the seat's lead there decides. They
play on the game itself from the kept start of the turn, leave the game as the chosen option
leaves it, play what a what-if game plays, keep a seed's game the same, and make greedy beat
random play at the push-your-luck games, Farkle and Can't Stop, from either seat."""

from __future__ import annotations

import multiprocessing
import os
import random
from math import sqrt
from pathlib import Path

import pytest

from rulesrun.interpreter.lookahead import rollout
from rulesrun.interpreter.lookahead.agents import AgentSpecError, make_agent, parse_agent
from rulesrun.interpreter.lookahead.luck import Luck
from rulesrun.interpreter.running.rules import load_rules

from helpers import quick_first

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "rulesets" / "games"
PROBES = Path(__file__).resolve().parent / "agent_games"
_compiled: dict = {}


def rules_of(path: Path):
    if path not in _compiled:
        _compiled[path] = load_rules(str(path))
    return _compiled[path]


def game_rules(name: str):
    return rules_of(GAMES / f"{name}.rules")


def at_random(decision, rng) -> int:
    return int(rng.random() * len(decision.options))


def what_if_to_the_turns_end(explorer, option: int, rng, policy) -> list:
    """What a what-if game at the decision gives, `option` answered and then `policy`'s answers,
    at the first decision after the count of turns changed (or the end)."""
    twin = explorer.copy(rng)
    turns = twin.turns
    twin.play(option)
    while not twin.over and twin.turns == turns:
        twin.play(policy(twin.decision, rng))
    values = twin.values
    twin.release()
    return values


@pytest.mark.parametrize("seed", [1, 2])
def test_a_rollout_on_the_game_plays_what_a_what_if_game_plays(seed):
    """Pig keeps its turns (`turn p: take_turn(p)`): a rollout runs take_turn again on the game
    itself from the turn's start, the turn's answers replayed, then the option and the policy
    with the rollout's luck. A what-if game at the same decision, replayed from the seed and
    driven with the same luck and answers, ends the turn with every seat's value the same (a
    Pig turn ends where the next seat's first decision is asked)."""
    rules = game_rules("pig")
    game = rules.start(players=2, seed=seed)
    rng = random.Random(seed)
    compared = []
    while not game.over and len(compared) < 60:
        decision = game.decision
        for option in range(len(decision.options)):
            luck = Luck(random.Random(f"{seed}:{len(compared)}:{option}").random)
            reader = luck.again()
            on_game = decision.explorer.rollout(option, reader, lambda d: at_random(d, reader))
            if on_game is not None:
                assert on_game == what_if_to_the_turns_end(decision.explorer, option, luck.again(), at_random)
            compared.append(on_game is not None)
        game.play(at_random(decision, rng))
    # The game keeps its turns from its start: the first decision's turn is rolled out on the game too.
    assert compared[0] and sum(compared) >= 50


@pytest.mark.parametrize("path, players", quick_first([(GAMES / "cant_stop.rules", 2), (GAMES / "liars_dice.rules", 2),
                                                       (GAMES / "zombie_dice.rules", 2), (ROOT / "rulesets" / "royale.rules", 3)],
                                                      keep=3))
def test_rollouts_leave_the_game_as_the_chosen_option_leaves_it(path, players):
    """Greedy (its rollouts run on the game itself) decides every decision of a game driven from
    outside (its first forty); after each answer the game's log and table are those of the same
    answers given to a fresh game of the seed: no rollout left a trace."""
    rules = rules_of(path)
    game = rules.start(players=players, seed=3)
    agents = [make_agent("greedy", 3, p) for p in range(players)]
    decisions = 0
    while not game.over and decisions < 40:
        decision = game.decision
        game.play(agents[decision.player].choose(decision))
        twin = rules.start(players=players, seed=3, answers=game.answers)
        assert twin.log == game.log and twin.view() == game.view()
        decisions += 1
    assert decisions > 1


@pytest.mark.slow  # tests/test_agents.py keeps greedy's same game from the same seed quick
def test_greedy_plays_the_same_game_from_the_same_seed():
    rules = game_rules("cant_stop")
    logs = [rules.play(2, 5, [make_agent("greedy", 5, p) for p in range(2)], []).log for _ in range(2)]
    assert logs[0] == logs[1]


def test_rollouts_in_rules_without_turns_look_a_number_of_decisions_ahead(monkeypatch):
    """push_without_turns.rules has no `turn` block: the rollouts of its ties (roll on or stop)
    are what-if games played a number of decisions on, and its greedy games replay exactly."""
    import json

    from rulesrun.interpreter.studies.log import Setup, replay

    played = []
    what_if = rollout._in_what_if

    def counted(*args):
        played.append(args[1])
        return what_if(*args)

    monkeypatch.setattr(rollout, "_in_what_if", counted)
    path = str(PROBES / "push_without_turns.rules")
    log: list = []
    load_rules(path).play(2, 4, [make_agent("greedy", 4, p) for p in range(2)], log)
    assert played
    setup = Setup(path, (), {}, 2, 4, ("greedy", "greedy"))
    assert replay(setup, json.loads(json.dumps(log))).first_difference is None


class _Explorer:
    """An explorer whose rollouts give fixed values, drawing `draws` times from their luck."""

    def __init__(self, values: dict, draws: int = 0, between_turns: bool = False):
        self.values = values
        self.draws = draws
        self.between_turns = between_turns
        self.played: list[int] = []

    def rollout(self, option, rng, policy):
        self.played.append(option)
        for _ in range(self.draws):
            rng.random()
        return list(self.values[option])


class _Decision:
    def __init__(self, explorer):
        self.explorer = explorer
        self.player = 0


def test_the_tied_option_whose_rollouts_leave_the_seat_furthest_ahead_is_kept():
    explorer = _Explorer({0: [5, 3], 1: [6, 1], 2: [6, 4]}, draws=1)
    assert rollout.settle(_Decision(explorer), [0, 1, 2], 3, random.Random(1), at_random) == [1]
    assert explorer.played == [0, 1, 2] * 3


def test_a_rollout_that_drew_no_chance_and_met_no_decision_is_played_once():
    """Another sample of it would be the same game: classic's placements end the turn."""
    explorer = _Explorer({0: [5, 3], 1: [5, 3]})
    assert rollout.settle(_Decision(explorer), [0, 1], 4, random.Random(1), at_random) == [0, 1]
    assert explorer.played == [0, 1]


def test_between_turns_nothing_is_rolled_out():
    """Rules whose turns are all kept: a decision outside them (a scoring phase's question) has
    no turn to play on; its ties stand."""
    explorer = _Explorer({0: [5, 3], 1: [6, 1]}, between_turns=True)
    assert rollout.settle(_Decision(explorer), [0, 1], 4, random.Random(1), at_random) == [0, 1]
    assert explorer.played == []


class _Asked:
    def __init__(self, turns: int, point: str):
        self.explorer = type("Explorer", (), {"turns": turns})()
        self.point = point


def test_only_a_question_asked_twice_in_one_turn_is_rolled_out():
    """Can't Stop's roll-again comes back in a turn, and is rolled out from its second asking on,
    in every later turn too; a question each turn asks once is not."""
    recurring = rollout.Recurring()
    asked = [(1, "advance"), (1, "go_on"), (1, "advance"), (1, "go_on"), (3, "go_on"), (3, "place")]
    assert [recurring.met(_Asked(*question)) for question in asked] == [False, False, True, True, True, False]


def test_greedy_rolls_nothing_out_in_classic_whose_placements_end_the_turn(monkeypatch):
    from rulesrun.interpreter.lookahead import agents

    settled = []
    monkeypatch.setattr(agents, "settle", lambda *args: settled.append(args) or args[1])
    rules_of(ROOT / "rulesets" / "classic.rules").play(4, 2, [make_agent("greedy", 2, p) for p in range(4)])
    assert settled == []


def test_values_a_rounding_apart_tie():
    assert rollout.tied([0.1 + 0.2, 0.3, 0.29]) == [0, 1]


@pytest.mark.parametrize("spec, message", [
    ("greedy:rollouts=-1", "`rollouts` must be a number 0 or above, not -1"),
    ("greedy:rollouts=1001", "`rollouts` is at most 1,000, not 1,001"),
    ("greedy:rollouts=many", "`rollouts` takes a whole number, not `many`"),
])
def test_the_number_of_rollouts_is_checked(spec, message):
    with pytest.raises(AgentSpecError, match=message):
        parse_agent(spec)


def test_the_number_of_rollouts_reaches_greedy():
    assert make_agent("greedy", 1, 0).rollouts == 4 and make_agent("greedy:rollouts=0", 1, 0).rollouts == 0
    assert parse_agent("greedy:rollouts=2,samples=3") == ("greedy", {"rollouts": 2, "samples": 3})


def wilson(share: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win share of `games` games (what simulate reports)."""
    z = 1.96
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z / (1 + z * z / games) * sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    return centre - half, centre + half


def seat_share(job: tuple) -> float:
    """The share of game `seed` of the game `name` that seat `seat` wins, greedy (or `spec`) there
    and random at the other seat."""
    name, seed, seat, spec = job
    specs = ["random", "random"]
    specs[seat] = spec
    result = game_rules(name).play(2, seed, [make_agent(specs[p], seed, p) for p in range(2)])
    return 1 / len(result.winners) if seat in result.winners else 0.0


def shares(name: str, seat: int, spec: str, games: int, pool=None) -> float:
    jobs = [(name, seed, seat, spec) for seed in range(games)]
    won = pool.map(seat_share, jobs) if pool is not None else list(map(seat_share, jobs))
    return sum(won) / games


@pytest.mark.slow  # 60 games a seat, some 4 s: tests/test_agents.py keeps greedy's strength at classic quick
@pytest.mark.parametrize("seat", [0, 1])
def test_greedy_beats_random_at_cant_stop_from_either_seat(seat):
    """Thirty games a seat: the lower end of greedy's 95% interval is above the share random play
    wins from that seat on the same seeds."""
    greedy = shares("cant_stop", seat, "greedy", 30)
    assert wilson(greedy, 30)[0] > shares("cant_stop", seat, "random", 30), greedy


@pytest.mark.slow
@pytest.mark.parametrize("name", ["farkle", "cant_stop"])
@pytest.mark.parametrize("seat", [0, 1])
def test_greedy_beats_random_from_either_seat(name, seat):
    """The issue's measure (docs/agents.md, "Ties and luck"), on 400 games rather than 1,000:
    greedy (its defaults) at the seat and random at the other; the lower end of greedy's 95%
    interval lies above the share random play wins from that seat over the same 400 seeds. At
    1,000 games (`rulesrun simulate`, the table in docs/agents.md) greedy's lower ends lie 0.4
    or more above random's share, so 400 games leave room to spare."""
    games = 400
    with multiprocessing.get_context("fork").Pool(os.cpu_count() or 1) as pool:
        greedy = shares(name, seat, "greedy", games, pool)
        at_random_share = shares(name, seat, "random", games, pool)
    low, high = wilson(greedy, games)
    print(f"{name}, seat {seat}: greedy {greedy:.3f} ({low:.3f}-{high:.3f}), random {at_random_share:.3f}")
    assert low > at_random_share
