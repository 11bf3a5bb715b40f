"""The skill ladder (`rulesrun ladder`): the Bradley-Terry fit finds strengths it is given,
its intervals cover them as often as they say, the pairings share and rotate the seats, and
the command rates agents on a small game and refuses a ladder it cannot play."""

import json
import math
import random

import pytest
from click.testing import CliRunner

from helpers import ROOT
from rulesrun.cli import exit_codes
from rulesrun.cli.main import main
from rulesrun.interpreter.studies import ladder, ratings
from rulesrun.interpreter.studies.simulate import Plan

PIG = ROOT / "rulesets" / "games" / "pig.rules"
QUICK = (PIG, "--set", "goal=20", "--players", "2", "--jobs", "1")


def invoke(*args):
    return CliRunner().invoke(main, ["ladder", *(str(a) for a in args)], prog_name="rulesrun")


def expected_wins(elos, games):
    """Each pairing's wins exactly as the model expects them: the fit must give `elos` back."""
    return [[0.0 if i == j else games * ratings.expected(a, b) for j, b in enumerate(elos)]
            for i, a in enumerate(elos)]


def sampled_wins(elos, games, rng):
    wins = [[0.0] * len(elos) for _ in elos]
    for i, j in ladder.pairings(len(elos)):
        won = sum(rng.random() < ratings.expected(elos[i], elos[j]) for _ in range(games))
        wins[i][j], wins[j][i] = won, games - won
    return wins


def test_the_fit_gives_back_the_strengths_the_wins_were_made_from():
    elos = [0.0, 250.0, -120.0, 400.0]
    fitted = ratings.ratings(expected_wins(elos, 1000), prior=0)
    assert [r.elo for r in fitted] == pytest.approx(elos, abs=1e-6)


def test_a_76_percent_favourite_leads_by_200_points():
    assert ratings.ratings([[0, 76], [24, 0]], prior=0)[1].elo == pytest.approx(-200.2, abs=0.1)


def test_the_interval_of_an_even_pairing_is_the_binomial_one():
    """Two agents even over n games: the log-strength's information is n/4, so the interval's
    half width is 1.96 * 2 / sqrt(n) on the natural scale."""
    games = 400
    rating = ratings.ratings([[0, games / 2], [games / 2, 0]], prior=0)[1]
    half = 1.959964 * 2 / math.sqrt(games) * 400 / math.log(10)
    assert rating.elo == pytest.approx(0, abs=1e-9)
    assert (rating.low, rating.high) == pytest.approx((-half, half), rel=1e-5)


def test_the_intervals_cover_the_true_ratings_about_as_often_as_they_say():
    elos = [0.0, 150.0, 300.0]
    rng = random.Random(43)
    covered = tried = 0
    for _ in range(300):
        fitted = ratings.ratings(sampled_wins(elos, 60, rng))
        for rating, true in zip(fitted[1:], elos[1:]):
            covered += rating.low <= true <= rating.high
            tried += 1
    assert 0.90 <= covered / tried <= 0.99


def test_an_agent_that_won_every_game_still_has_a_finite_rating():
    fitted = ratings.ratings([[0, 0], [10, 0]])
    assert math.isfinite(fitted[1].elo) and fitted[1].elo > 300
    assert fitted[1].low > 0 and math.isfinite(fitted[1].high)


def test_a_pairing_shares_the_seats_and_every_seat_holds_each_agent_as_often():
    base = Plan("r.rules", (), {}, 3, (), 7, 10)
    plans = ladder.plans_of(base, ["random", "greedy", "mcts"], 10)
    assert [plan.agents for plan in plans[:2]] == [("random", "greedy", "random"), ("greedy", "random", "greedy")]
    assert len(plans) == 6 and {(plan.seed, plan.games) for plan in plans} == {(7, 5)}
    for first, second in zip(plans[::2], plans[1::2]):
        for seat in range(3):
            assert {first.agents[seat], second.agents[seat]} == set(first.agents)


def test_a_win_shared_by_the_two_agents_counts_half_to_each():
    tally = ladder.Tally(("random", "greedy"))
    seats = ["random", "greedy", "random", "greedy"]
    tally.add((0, 1), {"agents": seats, "winners": [0, 1]})
    tally.add((0, 1), {"agents": seats, "winners": [3]})
    assert tally.wins == [[0.0, 0.5], [1.5, 0.0]]
    assert tally.games == [[0, 2], [2, 0]]


def test_greedy_climbs_above_random_at_pig():
    result = invoke(*QUICK, "--agent", "random", "--agent", "greedy", "--games", 40, "--json")
    assert result.exit_code == exit_codes.OK, result.output
    data = json.loads(result.output)
    assert [rung["agent"] for rung in data["ladder"]] == ["greedy", "random"]
    greedy, random_ = data["ladder"]
    assert greedy["elo"] > 0 and random_["elo"] == 0
    assert greedy["win_share"]["random"]["share"] + random_["win_share"]["greedy"]["share"] == pytest.approx(1)
    assert greedy["games"] == 40


def test_one_seed_gives_one_ladder_and_the_table_names_every_agent():
    args = (*QUICK, "--agent", "random", "--agent", "greedy", "--agent", "mcts:playouts=4", "--games", 4)
    first, again = invoke(*args), invoke(*args)
    assert first.exit_code == exit_codes.OK, first.output
    assert first.output == again.output
    assert "vs mcts:playouts=4" in first.output and "anchor" in first.output


@pytest.mark.parametrize("args, words", [
    (("--games", 5), "hint: --games 6"),
    (("--agent", "greedy"), "has no one to play"),
    (("--agent", "greedy", "--agent", "greedy"), "greedy given twice"),
    (("--agent", "greedy", "--agent", "wizard"), "wizard"),
])
def test_a_ladder_that_cannot_be_played_is_refused_before_any_game(args, words):
    result = invoke(*QUICK, *args)
    assert result.exit_code == exit_codes.INVALID
    assert words in result.output


def test_rules_with_a_mistake_are_refused_with_its_place(tmp_path):
    bad = tmp_path / "bad.rules"
    bad.write_text('game "bad"\nplayers 2..2\nscore by p: nothing_here\nphase game:\n    pass\n')
    result = invoke(bad, "--agent", "random", "--agent", "greedy", "--games", 2)
    assert result.exit_code == exit_codes.INVALID
    assert "bad.rules:3:" in result.output and "Traceback" not in result.output


def test_a_game_for_one_seat_has_no_ladder(tmp_path):
    alone = tmp_path / "alone.rules"
    alone.write_text('game "alone"\nplayers 1..1\nscore by p: 0\nphase game:\n    pass\n')
    result = invoke(alone, "--agent", "random", "--agent", "greedy", "--games", 2)
    assert result.exit_code == exit_codes.INVALID
    assert "a ladder pairs two agents" in result.output


def test_a_ladder_stopped_by_ctrl_c_shows_the_games_so_far(monkeypatch):
    from rulesrun.cli import ladder as command

    def one_seed_then_stop(plans, tally, *args):
        for pairing, plan in zip([pair for pair in ladder.pairings(2) for _ in (0, 1)], plans):
            tally.add(pairing, {"agents": list(plan.agents), "winners": [0]})
        raise KeyboardInterrupt

    monkeypatch.setattr(command.laddering, "play_into", one_seed_then_stop)
    result = invoke(*QUICK, "--agent", "random", "--agent", "greedy", "--games", 40)
    assert result.exit_code == exit_codes.INTERRUPTED
    assert "interrupted after 2 games a pairing" in result.output
    assert "2 games a pairing (seed 0, each in both seatings)" in result.output


def test_two_worker_processes_give_the_ladder_one_gives():
    args = (PIG, "--set", "goal=20", "--players", "3", "--agent", "random", "--agent", "greedy", "--games", 6, "--json")
    alone, shared = invoke(*args, "--jobs", 1), invoke(*args, "--jobs", 2)
    assert alone.exit_code == shared.exit_code == exit_codes.OK, shared.output
    assert json.loads(alone.output) == json.loads(shared.output)
