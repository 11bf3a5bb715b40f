"""The simulation report, the comparison of two runs, and how `rulesrun simulate` and
`rulesrun compare` show them.

Statistics are checked on small hand-made records with answers known from the textbook
(Wilson intervals, type-7 quantiles, Student's t). The snapshots of a real run change
whenever the engine plays differently (or starts metering rules, which adds the per-rule
section): review the diff, then `pytest tests/test_report.py --snapshot-update`.
"""

import json
import math
import re
import sys

import pytest
from click.testing import CliRunner

from helpers import CLASSIC
from rulesrun.cli import plot
from rulesrun.cli.main import main
from rulesrun.cli.report_view import comparison_text, report_text
from rulesrun.interpreter.studies import compare, report, stats


def game(seed, scores, winners, turns=10, agents=None, rules=None):
    record = {"game": seed, "seed": seed, "scores": scores, "winners": winners, "turns": turns,
              "decisions": 0, "agents": agents or ["random"] * len(scores)}
    if rules is not None:
        record["rules"] = rules
    return record


TWO_SEATS = [game(0, [1, 0], [0], turns=8), game(1, [2, 30], [1], turns=9),
             game(2, [3, 3], [0, 1], turns=10), game(3, [4, 1], [0], turns=13)]


# --- statistics ----------------------------------------------------------------------------

@pytest.mark.parametrize("successes, trials, low, high", [
    (5, 10, 0.2366, 0.7634), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (1, 3, 0.0615, 0.7923)])
def test_wilson_interval_matches_published_values(successes, trials, low, high):
    got = stats.wilson(successes, trials)
    assert got == (pytest.approx(low, abs=1e-4), pytest.approx(high, abs=1e-4))


def test_quantiles_interpolate_like_numpy():
    assert [stats.quantile([1, 2, 3, 4], q / 100) for q in report.QUANTILES] == pytest.approx([1.3, 1.75, 2.5, 3.25, 3.7])
    assert stats.quantile([7], 0.9) == 7


def test_paired_t_matches_student_t():
    assert stats.t_two_sided(2.0, 10) == pytest.approx(0.073388, abs=1e-6)
    assert stats.paired_t([1, 2, 3, 4, 5]) == pytest.approx(0.013236, abs=1e-6)
    assert stats.paired_t([0, 0, 0]) == 1.0 and stats.paired_t([2, 2, 2]) == 0.0 and stats.paired_t([1]) is None


# --- report ---------------------------------------------------------------------------------

def test_report_win_shares_count_a_shared_win_as_half():
    built = report.build(TWO_SEATS)
    seat0, seat1 = built.seats
    assert (seat0.wins, seat1.wins) == (2.5, 1.5)
    assert seat0.win_share.value == 0.625
    assert (seat0.win_share.low, seat0.win_share.high) == (pytest.approx(0.219427, abs=1e-6), pytest.approx(0.908101, abs=1e-6))
    assert seat0.win_share.low < 0.625 < seat0.win_share.high


def test_report_score_and_length_spread():
    built = report.build(TWO_SEATS)
    score = built.seats[0].score
    assert score.mean == 2.5 and score.sd == pytest.approx(math.sqrt(5 / 3))
    assert score.quantiles == pytest.approx((1.3, 1.75, 2.5, 3.25, 3.7))
    assert built.turns.mean == 10 and built.turns.quantiles[2] == 9.5


def test_report_per_agent_shares_pool_the_agents_seats():
    records = [game(0, [5, 1, 1], [0], agents=["x", "y", "y"]), game(1, [1, 5, 1], [1], agents=["x", "y", "y"]),
               game(2, [1, 1, 5], [2], agents=["x", "y", "y"]), game(3, [5, 5, 1], [0, 1], agents=["x", "y", "y"])]
    x, y = report.build(records).agents
    assert (x.agent, x.seats, x.even_share, x.wins) == ("x", (0,), pytest.approx(1 / 3), 1.5)
    assert (y.agent, y.seats, y.even_share, y.wins) == ("y", (1, 2), pytest.approx(2 / 3), 2.5)
    assert y.win_share.value == 0.625 and x.win_share.value + y.win_share.value == 1


def test_report_per_rule_counts_missing_rules_as_not_fired():
    records = [game(0, [1, 2], [1], rules={"bonus": {"fired": 2, "paid": 10}, "idle": {"fired": 0, "paid": 0}}),
               game(1, [2, 1], [0], rules={})]
    bonus, idle = report.build(records).rules
    assert (bonus.rule, bonus.fired_games, bonus.fired_share, bonus.mean_fired) == ("bonus", 1, 0.5, 1.0)
    assert (bonus.paid_per_firing, bonus.paid_per_game) == (5.0, 5.0)
    assert idle.paid_per_firing is None and idle.to_json()["paid_per_firing"] is None


@pytest.mark.parametrize("rules", [None, {}])
def test_report_without_metered_rules_has_no_rule_section(rules):
    built = report.build([game(i, [i, 1], [0], rules=rules) for i in range(3)])
    assert built.rules == () and built.to_json()["rules"] == []
    assert "Rules" not in report_text(built, "T")


def test_report_json_has_a_stable_documented_shape():
    data = report.build(TWO_SEATS).to_json()
    assert list(data) == ["games", "players", "confidence", "interval", "quantiles", "seats", "agents", "turns", "rules",
                          "never_fired"]
    assert list(data["seats"][0]) == ["seat", "agent", "wins", "win_share", "win_interval", "score"]
    assert list(data["seats"][0]["score"]) == ["mean", "sd", "p10", "p25", "p50", "p75", "p90"]
    assert list(data["agents"][0]) == ["agent", "seats", "even_share", "wins", "win_share", "win_interval"]
    assert json.loads(json.dumps(data)) == data


def test_rendered_report_with_agents_and_rules_snapshot(snapshot):
    records = [game(i, [i * 1000, 500, 7], [i % 3], turns=20 + i, agents=["x", "y", "y"],
                    rules={"move place": {"fired": 5, "paid": 0}, "bonus [top]": {"fired": i % 2, "paid": (i % 2) * 300}})
               for i in range(10)]
    assert report_text(report.build(records), "Hand-made") == snapshot


# --- comparison -----------------------------------------------------------------------------

def test_comparison_of_identical_runs_flags_nothing():
    result = compare.build(TWO_SEATS, TWO_SEATS)
    assert all(c.difference == 0 and c.p == 1.0 and c.significant is False for c in result.changes())


def test_comparison_pairs_by_seed_and_tests_the_differences():
    shifted = [dict(r, turns=r["turns"] + 5 + i % 2) for i, r in enumerate(TWO_SEATS)]
    turns = compare.build(TWO_SEATS, shifted).turns
    assert (turns.a, turns.b, turns.difference) == (10, 15.5, 5.5)
    assert turns.p == pytest.approx(stats.paired_t([5, 6, 5, 6])) and turns.significant
    with pytest.raises(ValueError):
        compare.build(TWO_SEATS, TWO_SEATS[::-1])


def test_comparison_of_rules_tests_per_game_values_not_the_ratio():
    a = [game(i, [1, 2], [1], rules={"bonus": {"fired": 1, "paid": 10}}) for i in range(6)]
    b = [game(i, [1, 2], [1], rules={"bonus": {"fired": 2, "paid": 30}}) for i in range(6)]
    (bonus,) = compare.build(a, b).rules
    assert (bonus.mean_fired.difference, bonus.paid_per_game.difference) == (1, 20)
    assert bonus.mean_fired.significant and bonus.paid_per_game.significant
    assert (bonus.paid_per_firing.a, bonus.paid_per_firing.b, bonus.paid_per_firing.p) == (10, 15, None)
    assert "paid / firing" in comparison_text(compare.build(a, b), "A vs B")


# --- command line ---------------------------------------------------------------------------

def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


SIMULATE = ("simulate", CLASSIC, "--players", 3, "--games", 20, "--seed", 5)


def test_cli_simulate_json_is_the_report(snapshot):
    out = run(*SIMULATE, "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["games"] == 20 and data["players"] == 3
    assert sum(s["win_share"] for s in data["seats"]) == pytest.approx(1)
    assert data == snapshot


def test_cli_simulate_people_table_snapshot(snapshot):
    out = run(*SIMULATE)
    assert out.exit_code == 0, out.output
    assert "Win share per seat" in out.output and "Game length" in out.output
    assert out.output == snapshot


def test_cli_simulate_plots_html_without_dependencies(tmp_path):
    path = tmp_path / "scores.html"
    out = run(*SIMULATE, "--plot", path)
    assert out.exit_code == 0, out.output
    page = path.read_text()
    # win shares, game length, and one score histogram per seat (SIMULATE has no rule that pays)
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") == 2 + 3
    assert "Win share per seat" in page and "Game length" in page and page.count("Wilson interval") == 1
    assert "<script" not in page and "src=" not in page and "href=" not in page


@pytest.mark.slow
def test_cli_simulate_plots_png(tmp_path):
    pytest.importorskip("matplotlib", reason="the `plot` extra (in `test` too) is not installed")
    path = tmp_path / "scores.png"
    out = run(*SIMULATE, "--plot", path)
    assert out.exit_code == 0, out.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_plot_with_a_wrong_suffix_is_a_usage_error(tmp_path):
    out = run(*SIMULATE, "--plot", tmp_path / "scores.svg")
    assert out.exit_code == 2 and isinstance(out.exception, SystemExit)
    assert "--plot" in out.output and ".html or .png" in out.output
    assert not (tmp_path / "scores.svg").exists()


def test_cli_png_without_matplotlib_says_how_to_install_it(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    out = run(*SIMULATE, "--plot", tmp_path / "scores.png")
    assert out.exit_code == 2 and "rulesrun[plot]" in out.output and isinstance(out.exception, SystemExit)


def test_cli_plot_into_a_missing_folder_is_an_error_not_a_traceback(tmp_path):
    out = run(*SIMULATE, "--plot", tmp_path / "nowhere" / "scores.html")
    assert out.exit_code == 2 and "cannot write" in out.output and isinstance(out.exception, SystemExit)


def test_plot_bins_are_shared_and_round():
    tally = report.Tally()
    for record in TWO_SEATS:
        tally.add(record)
    edges, counts = plot.histograms(tally)
    assert edges[0] == 0 and all(e == round(e, 6) for e in edges)
    assert [sum(c) for c in counts] == [4, 4]


@pytest.mark.slow
def test_cli_compare_detects_fewer_rounds():
    out = run("compare", CLASSIC, CLASSIC, "--players", 3, "--games", 30, "--set-b", "rounds=1", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["b"]["params"] == {"rounds": "1"} and data["level"] == 0.05 and "paired t-test" in data["test"]
    assert data["turns"]["difference"] < 0 and data["turns"]["significant"] is True


@pytest.mark.slow
def test_cli_compare_of_a_ruleset_with_itself_changes_nothing():
    out = run("compare", CLASSIC, CLASSIC, "--players", 3, "--games", 30)
    assert out.exit_code == 0, out.output
    assert "paired t-test" in out.output and "level 0.05" in out.output
    assert re.search(r"\b0 of \d+ tested statistics changed significantly", out.output)
    data = json.loads(run("compare", CLASSIC, CLASSIC, "--players", 3, "--games", 30, "--json").output)
    assert data["significant"] == 0 and data["tested"] >= 7
    assert data["turns"] == {"a": data["turns"]["a"], "b": data["turns"]["a"], "difference": 0, "p": 1.0, "significant": False}


def test_cli_compare_reports_a_bad_b_parameter_without_traceback():
    out = run("compare", CLASSIC, CLASSIC, "--games", 5, "--set-b", "no_such_parameter=1")
    assert out.exit_code == 2 and isinstance(out.exception, SystemExit)
    out = run("compare", CLASSIC, CLASSIC, "--games", 5, "--set-b", "rounds")
    assert out.exit_code == 2 and "--set-b" in out.output


# --- the report a designer reads: by file, never-fired rules, what each rule did ------------

BASE = """\
game "Draw"
players 2..2
param bonus_kind = "gold"
zone bag
zone kept per player
var points per player = 0
die d6 faces 1..6
event took(p)

phase game:
    create d6 x 6 into bag
    repeat 3:
        for p in players:
            play take by p

move take(f in [1, 2]) for take:
    put first(bag) into kept[player]
    emit took(player)

score by p: points[p] + len(kept[p])
"""

BOARD = """\
fragment "Board"

on took(p) when bonus_kind == "gold":
    points[p] += 5

on took(p) when bonus_kind == "golld":
    points[p] += 100

after game:
    say "done"
"""


def test_the_report_names_rules_that_never_fired_and_groups_rules_by_file(tmp_path, monkeypatch):
    (tmp_path / "draw.rules").write_text(BASE)
    (tmp_path / "board.rules").write_text(BOARD)
    monkeypatch.chdir(tmp_path)
    out = run("simulate", "draw.rules", "--with", "board.rules", "--games", 6, "--jobs", 1)
    assert out.exit_code == 0, out.output
    text = out.output
    # The misspelled condition: flagged at the top, with where it is written.
    never = text.index("Never fired in 6 games (1)")
    assert "board.rules:6:1: board: on took #2" in text[never:]
    assert never < text.index("Win share per seat")
    # One table per file, base first; what each rule did.
    assert text.index("Rules of draw.rules") < text.index("Rules of board.rules")
    take = next(line for line in text.splitlines() if line.strip().startswith("move take"))
    assert take.split()[-2:] == ["6", "0"]  # a piece a firing, no decision of more than one option asked
    # `after game` fired but paid, moved and asked nothing: hidden, and said so.
    assert "board: after game" not in text and "1 rules fired but paid, moved and asked nothing; --all" in text
    shown = run("simulate", "draw.rules", "--with", "board.rules", "--games", 6, "--jobs", 1, "--all")
    assert "board: after game" in shown.output

    data = json.loads(run("simulate", "draw.rules", "--with", "board.rules", "--games", 6, "--jobs", 1,
                          "--json").output)
    (unfired,) = data["never_fired"]
    assert unfired["rule"] == "board: on took #2" and unfired["at"] == [6, 1] and unfired["fired_games"] == 0
    paying = {r["rule"]: r for r in data["rules"]}["board: on took #1"]
    assert paying["paid_per_game"] == 30 and paying["file"].endswith("board.rules")
