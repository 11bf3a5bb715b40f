"""The game metrics (docs/metrics.md), each on a ruleset written here whose value is known
exactly: a game whose leader never changes, one won by a comeback, one whose leaders tie after
the first round; through the library (`Rules.play(course=True)`, the records, the running
tally) and the command line (`simulate --metrics`, `compare --metrics`, `--json`, `--out`,
`--plot`). The running tally equals the metrics computed from the whole list of records."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from helpers import CLASSIC, random_agents, rules_from_text
from rulesrun.cli.main import main
from rulesrun.interpreter.lookahead.agents import make_agent
from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.studies import compare, metrics, report, simulate, stats, standings
from rulesrun.interpreter.studies.summaries import win_credit

# Two seats, three rounds; each turn the seat in turn chooses `a` or `b` (two options, the same
# gain) and gains GAINS[seat][round - 1] points: the game is the same whatever the seats choose.
RULES = """\
game "Gains"
players 2..2

var points per player = 0
var round_number = 0

phase game:
    repeat 3 as r:
        round_number = r
        for p in players:
            turn p:
                play go by p

point go "Your turn"

move a() for go shown "a":
    gain(player)

move b() for go shown "b":
    gain(player)

proc gain(p):
    points[p] += GAINS[p][round_number - 1]

score by p: points[p] as "points"
"""

# Seat 0 leads from its first turn and wins 6 to 3.
STEADY = [[2, 2, 2], [1, 1, 1]]
# Seat 0 leads 3 to 0 until seat 1's last turn; seat 1 wins 4 to 3.
COMEBACK = [[3, 0, 0], [0, 2, 2]]
# 1 to 1 after round 1; seat 1 wins 6 to 1.
TIED = [[1, 0, 0], [1, 0, 5]]


def written(folder, gains, name: str) -> str:
    path = folder / f"{name}.rules"
    path.write_text(RULES.replace("GAINS", str(gains)))
    return str(path)


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def simulated(path, *options, games: int = 3) -> dict:
    out = run("simulate", path, "--games", games, "--jobs", 1, "--metrics", "--json", *options)
    assert out.exit_code == 0, out.output
    return json.loads(out.output)["metrics"]


# --- one game's course -------------------------------------------------------------------------

def test_the_course_of_a_game_is_every_seats_score_at_each_turns_start(tmp_path):
    rules = load_rules(written(tmp_path, COMEBACK, "comeback"))
    result = rules.play(2, 1, random_agents(1, 2), course=True)
    assert result.course.seats == [0, 1, 0, 1, 0, 1]
    assert result.course.standings == [(0, 0), (3, 0), (3, 0), (3, 0), (3, 2), (3, 2)]
    assert (result.scores, result.course.options, result.course.choices) == ([3, 4], 12, 6)
    assert rules.play(2, 1, random_agents(1, 2)).course is None


def test_a_leader_who_never_changes_wins_every_game_from_round_one(tmp_path):
    record = standings.summary([0, 1] * 3, [(0, 0), (2, 0), (2, 1), (4, 1), (4, 2), (6, 2)], [6, 3], [0], False, 12, 6)
    assert record == {"first": 0, "lead_changes": 0, "leaders": [[0], [0]], "drama": 0, "margin": 3,
                      "options": 12, "choices": 6}


def test_a_comeback_is_one_lead_change_and_the_deficit_the_winner_made_up(tmp_path):
    record = standings.summary([0, 1] * 3, [(0, 0), (3, 0), (3, 0), (3, 0), (3, 2), (3, 2)], [3, 4], [1], False, 12, 6)
    assert (record["lead_changes"], record["leaders"], record["drama"], record["margin"]) == (1, [[0], [0]], 3, 1)


def test_a_tie_changes_no_lead_and_tied_leaders_share_the_credit():
    course = [(0, 0), (5, 0), (5, 5), (5, 8), (9, 8)]
    assert standings.lead_changes([*course, (9, 12)], False) == 3
    assert standings.lead_changes([(0, 0), (5, 0), (5, 5), (9, 5)], False) == 0
    assert metrics.leader_credit({"winners": [1]}, [0, 1]) == 0.5
    assert metrics.leader_credit({"winners": [0, 1]}, [1]) == 0.5


def test_when_lowest_wins_the_leader_is_the_lowest_and_drama_counts_down():
    record = standings.summary([0, 1], [(0, 0), (0, 4)], [6, 5], [1], True, 4, 2)
    assert (record["lead_changes"], record["drama"], record["margin"]) == (1, 4, 1)


def test_a_game_nobody_won_has_no_drama_and_no_margin():
    record = standings.summary([0, 1], [(0, 0), (1, 0)], [1, 1], [], False, 4, 2)
    assert (record["drama"], record["margin"]) == (None, None)


def test_keeping_the_course_changes_neither_the_game_nor_what_each_rule_paid():
    rules = load_rules(str(CLASSIC))
    for seed in range(3):
        plain = rules.play(4, seed, random_agents(seed, 4), meter=True)
        kept = rules.play(4, seed, random_agents(seed, 4), meter=True, course=True)
        assert (kept.scores, kept.winners, kept.turns, kept.decisions, kept.rules) == \
               (plain.scores, plain.winners, plain.turns, plain.decisions, plain.rules)
        assert len(kept.course.seats) == kept.turns and kept.course.choices <= kept.decisions


@pytest.mark.parametrize("agent", ["greedy", "mcts:playouts=8"])
def test_a_look_ahead_adds_nothing_to_the_course(tmp_path, agent):
    rules = load_rules(written(tmp_path, COMEBACK, "comeback"))
    result = rules.play(2, 3, [make_agent(agent, 3, p) for p in range(2)], course=True)
    assert result.course.standings == [(0, 0), (3, 0), (3, 0), (3, 0), (3, 2), (3, 2)]
    assert (result.course.options, result.course.choices) == (12, 6)


# --- through the command line ------------------------------------------------------------------

def test_simulate_metrics_of_a_game_whose_leader_never_changes(tmp_path):
    data = simulated(written(tmp_path, STEADY, "steady"), games=2)
    assert data["first_seat"]["win_share"] == 1 and data["first_seat"]["advantage"] == 0.5
    assert data["balance"] == 0 and data["lead_changes"]["mean"] == 0 and data["lead_changes_per_turn"] == 0
    assert [(r["round"], r["games"], r["share"]) for r in data["leader_wins"]] == [(1, 2, 1.0), (2, 2, 1.0)]
    assert data["comebacks"]["share"] == 0 and data["drama"]["mean"] == 0
    # margins 3 and 3; final scores 6, 3, 6, 3: sd sqrt(3)
    assert data["margin"]["mean"] == 3 and data["score_sd"] == math.sqrt(3) and data["decisiveness"] == 3 / math.sqrt(3)
    assert (data["branching"], data["decision_factor"], data["decisions"]["mean"], data["choices"]["mean"]) == (2, 2, 6, 6)
    assert data["luck"] is None


def test_simulate_metrics_of_a_comeback(tmp_path):
    data = simulated(written(tmp_path, COMEBACK, "comeback"))
    assert data["first_seat"]["win_share"] == 0 and data["lead_changes"]["mean"] == 1
    assert data["lead_changes_per_turn"] == 1 / 6
    assert [r["share"] for r in data["leader_wins"]] == [0, 0]
    assert data["comebacks"]["share"] == 1 and data["drama"]["mean"] == 3 and data["margin"]["mean"] == 1


def test_simulate_metrics_share_the_credit_of_tied_leaders(tmp_path):
    data = simulated(written(tmp_path, TIED, "tied"))
    assert [r["share"] for r in data["leader_wins"]] == [0.5, 0.5]
    assert data["lead_changes"]["mean"] == 1 and data["drama"]["mean"] == 1


def test_the_luck_share_is_what_random_seats_win_against_better_ones(tmp_path):
    steady = written(tmp_path, STEADY, "steady")
    luck = simulated(steady, "--agent", "random", "--agent", "greedy", games=2)["luck"]
    assert (luck["seats"], luck["share"], luck["even_share"], luck["relative"]) == ([0], 1, 0.5, 2)
    luck = simulated(steady, "--agent", "greedy", "--agent", "random", games=2)["luck"]
    assert (luck["seats"], luck["share"], luck["relative"]) == ([1], 0, 0)


def test_each_out_record_carries_its_games_metrics_only_when_asked(tmp_path):
    comeback, out = written(tmp_path, COMEBACK, "comeback"), tmp_path / "games.jsonl"
    assert run("simulate", comeback, "--games", 2, "--jobs", 1, "--metrics", "--out", out).exit_code == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["metrics"] for r in records] == [{"first": 0, "lead_changes": 1, "leaders": [[0], [0]], "drama": 3,
                                                "margin": 1, "options": 12, "choices": 6}] * 2
    assert list(records[0])[:-1] == ["game", "seed", "scores", "winners", "turns", "decisions", "agents", "rules"]
    plain = run("simulate", comeback, "--games", 2, "--jobs", 1, "--out", out, "--json")
    assert "metrics" not in json.loads(plain.output)
    assert all("metrics" not in json.loads(line) for line in out.read_text().splitlines())


def test_the_peoples_report_shows_the_metrics_and_the_leader_after_each_round(tmp_path):
    out = run("simulate", written(tmp_path, COMEBACK, "comeback"), "--games", 3, "--jobs", 1, "--metrics")
    assert out.exit_code == 0, out.output
    assert "Game metrics" in out.output and "lead changes per game" in out.output
    assert "The leader after each round goes on to win" in out.output
    assert "all seats play alike; to measure it: --agent random --agent greedy" in out.output
    assert "Game metrics" not in run("simulate", written(tmp_path, COMEBACK, "comeback"), "--games", 3, "--jobs", 1).output


def test_compare_metrics_tests_each_metric_on_the_same_seeds(tmp_path):
    steady, comeback = written(tmp_path, STEADY, "steady"), written(tmp_path, COMEBACK, "comeback")
    out = run("compare", steady, comeback, "--games", 3, "--jobs", 1, "--metrics", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)["metrics"]
    assert (data["lead_changes"]["a"], data["lead_changes"]["b"], data["lead_changes"]["significant"]) == (0, 1, True)
    assert [(r["round"], r["games"], r["a"], r["b"]) for r in data["leader_wins"]] == [(1, 3, 1, 0), (2, 3, 1, 0)]
    assert (data["drama"]["difference"], data["margin"]["difference"]) == (3, -2)
    assert data["decisiveness"]["p"] is None and data["luck"] is None
    text = run("compare", steady, comeback, "--games", 3, "--jobs", 1, "--metrics").output
    assert "lead changes / game" in text and "leader after round 1 won" in text
    same = json.loads(run("compare", steady, steady, "--games", 3, "--jobs", 1, "--metrics", "--json").output)
    assert same["significant"] == 0 and "metrics" in same
    assert "metrics" not in json.loads(run("compare", steady, steady, "--games", 3, "--jobs", 1, "--json").output)


def test_the_html_plot_draws_the_metrics(tmp_path):
    page = tmp_path / "games.html"
    out = run("simulate", written(tmp_path, COMEBACK, "comeback"), "--games", 3, "--jobs", 1, "--metrics", "--plot", page)
    assert out.exit_code == 0, out.output
    text = page.read_text()
    assert "<h2>Game metrics</h2>" in text and "goes on to win" in text
    assert "lead changes per game: mean 1" in text and "drama: how far behind the winner was at worst" in text
    # win shares, game length, two seats' scores, the rounds, lead changes, drama, the rules' pay
    assert text.count("<svg") == 2 + 2 + 3 + 1


@pytest.mark.slow
def test_the_png_plot_draws_the_metrics(tmp_path):
    pytest.importorskip("matplotlib", reason="the `plot` extra is not installed")
    path = tmp_path / "games.png"
    out = run("simulate", written(tmp_path, COMEBACK, "comeback"), "--games", 3, "--jobs", 1, "--metrics", "--plot", path)
    assert out.exit_code == 0, out.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# --- the running tally is the whole list's -----------------------------------------------------

def whole_list(records: list[dict], confidence: float = 0.95) -> dict:
    """The metrics of `records` computed from the list at once, as docs/metrics.md writes them."""
    n, players = len(records), len(records[0]["scores"])
    shares = [math.fsum(win_credit(r, seat) for r in records) / n for seat in range(players)]
    firsts = [win_credit(r, r["metrics"]["first"]) for r in records if r["metrics"]["first"] is not None]
    won = [r for r in records if r["winners"]]
    spread = lambda values: report.Spread.of(values).to_json()  # noqa: E731
    scores = [s for r in records for s in r["scores"]]
    rounds = max(len(r["metrics"]["leaders"]) for r in records)
    leader_wins = []
    for k in range(rounds):
        credits = [math.fsum(win_credit(r, s) for s in r["metrics"]["leaders"][k]) / len(r["metrics"]["leaders"][k])
                   for r in records if len(r["metrics"]["leaders"]) > k]
        leader_wins.append((k + 1, len(credits), math.fsum(credits) / len(credits)))
    decisions = sum(r["decisions"] for r in records)
    choices = sum(r["metrics"]["choices"] for r in records)
    options = sum(r["metrics"]["options"] for r in records)
    mixed = [r for r in records if 0 < sum(metrics.is_random(a) for a in r["agents"]) < len(r["agents"])]
    luck = [math.fsum(win_credit(r, s) for s, a in enumerate(r["agents"]) if metrics.is_random(a)) for r in mixed]
    return {"first_seat": math.fsum(firsts) / len(firsts), "balance": 1 - (max(shares) - min(shares)),
            "lead_changes": spread([r["metrics"]["lead_changes"] for r in records]),
            "per_turn": sum(r["metrics"]["lead_changes"] for r in records) / sum(r["turns"] for r in records),
            "leader_wins": leader_wins,
            "comebacks": sum(r["metrics"]["drama"] > 0 for r in won) / len(won),
            "drama": spread([r["metrics"]["drama"] for r in won]),
            "decisiveness": stats.mean([r["metrics"]["margin"] for r in won]) / stats.sd(scores),
            "branching": (options + decisions - choices) / decisions, "decision_factor": options / choices,
            "choices": spread([r["metrics"]["choices"] for r in records]),
            "luck": math.fsum(luck) / len(luck) if luck else None}


def streamed(records: list[dict]) -> dict:
    tally = report.Tally()
    for record in records:
        tally.add(record)
    m = tally.report().metrics
    return {"first_seat": m.first_seat.share.value, "balance": m.balance, "lead_changes": m.lead_changes.to_json(),
            "per_turn": m.lead_changes_per_turn,
            "leader_wins": [(r.round, r.games, r.share.value) for r in m.leader_wins],
            "comebacks": m.comebacks.value, "drama": m.drama.to_json(), "decisiveness": m.decisiveness,
            "branching": m.branching, "decision_factor": m.decision_factor, "choices": m.choices.to_json(),
            "luck": m.luck.share.value if m.luck else None}


def test_the_running_tally_equals_the_metrics_of_the_whole_list():
    plan = simulate.Plan(str(CLASSIC), (), {}, 3, ("random",), 11, 40, metrics=True)
    records = list(simulate.run(plan))
    assert streamed(records) == whole_list(records)
    # seat 2 played by a better agent in some games, a game nobody won, a shared win
    mixed = [dict(r, agents=["random", "random", "greedy" if r["game"] % 2 else "random"]) for r in records]
    mixed[3] = dict(mixed[3], winners=[], metrics=dict(mixed[3]["metrics"], drama=None, margin=None))
    mixed[4] = dict(mixed[4], winners=[0, 2])
    assert streamed(mixed) == whole_list(mixed)


def test_a_comparison_of_metrics_pairs_the_games_both_sides_have():
    plan = simulate.Plan(str(CLASSIC), (), {}, 3, ("random",), 5, 12, metrics=True)
    records = list(simulate.run(plan))
    shorter = [dict(r, metrics=dict(r["metrics"], leaders=r["metrics"]["leaders"][:2])) for r in records]
    result = compare.build(records, shorter).metrics
    assert [row.games for row in result.leader_wins[:3]] == [12, 12]
    assert all(row.change.difference == 0 for row in result.leader_wins)
    assert result.lead_changes.difference == 0 and result.lead_changes.p == 1.0
