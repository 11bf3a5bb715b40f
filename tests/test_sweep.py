"""`rulesrun sweep`: every combination of settings on the same seeds, the same results on
every backend, one line per cell as cells finish, and mistakes in a grid as located errors."""

import importlib.util
import json
import os
import pickle
import shlex
import shutil

import pytest
from click.testing import CliRunner

from helpers import BANDIT, CLASSIC, ROOT, RULESETS, readme_example
from rulesrun.cli import exit_codes
from rulesrun.cli.main import main
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.studies import backends, report, simulate, sweep
from rulesrun.interpreter.studies.simulate import Plan, Workshop

JACKPOT = RULESETS / "tafeln" / "jackpot.rules"
SPINNING = 'game "spinning"\nplayers 2..4\nparam spins = 0\nscore by p: 0\nphase game:\n    let n = 0\n    while n < spins:\n        pass\n'


def invoke(*args):
    return CliRunner().invoke(main, ["sweep", *map(str, args)], prog_name="rulesrun")


def small(*args):
    return invoke(CLASSIC, "--games", 3, "--players", 2, "--set", "rounds=1", *args)


def test_the_cells_are_the_cartesian_product_fragments_first_last_axis_fastest():
    axes = [sweep.fragment_axis(f"-,{BANDIT}")]
    axes += sweep.param_axes(str(CLASSIC), (), {}, ["rounds=1..2", "biggy_weight=2,3"], axes)
    cells = sweep.cells(str(CLASSIC), (), {}, axes, 2, ("random",), 7, 5)
    assert [c.settings for c in cells[:3]] == [{"with": [], "rounds": 1, "biggy_weight": 2},
                                               {"with": [], "rounds": 1, "biggy_weight": 3},
                                               {"with": [], "rounds": 2, "biggy_weight": 2}]
    assert len(cells) == 8 and cells[7].labels == ("bandit", "2", "3")
    assert cells[5].plan.fragments == (str(BANDIT),) and cells[5].plan.params == {"rounds": "1", "biggy_weight": "3"}
    assert {(c.plan.seed, c.plan.games) for c in cells} == {(7, 5)}


def test_a_list_parameter_takes_lists_separated_by_semicolons():
    (axis,) = sweep.param_axes(str(RULESETS / "royale.rules"), (), {},
                               ["jackpot_track=30000,40000;50000,60000,70000"], [])
    assert axis.shown == ([30000, 40000], [50000, 60000, 70000]) and axis.values[0] == "30000,40000"


@pytest.mark.slow
def test_each_cell_reports_what_simulate_reports_for_its_settings_on_the_same_seeds(tmp_path):
    out = tmp_path / "sweep.jsonl"
    result = small("--grid", "biggy_weight=1,3", "--seed", 5, "--jobs", 1, "--out", out)
    assert result.exit_code == exit_codes.OK, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["settings"] for line in lines] == [{"biggy_weight": 1}, {"biggy_weight": 3}]
    for line in lines:
        plan = simulate.Plan(str(CLASSIC), (), {"rounds": "1", "biggy_weight": str(line["settings"]["biggy_weight"])},
                             2, ("random",), 5, 3)
        sites = load_rules(plan.ruleset, plan.fragments, plan.params).rule_sites
        expected = report.build(list(simulate.run(plan)), sites=sites).to_json()
        assert {key: line[key] for key in expected} == expected
        assert line["setup"]["params"] == plan.params and line["setup"]["seed"] == 5


def _sweep_files(tmp_path, runs):
    """The --out file and the table of one small sweep per (backend, jobs)."""
    texts = []
    for backend, jobs in runs:
        out = tmp_path / f"{backend}{jobs}.jsonl"
        result = small("--grid", "biggy_weight=1,3", "--with-grid", f"-,{BANDIT}", "--jobs", jobs,
                       "--backend", backend, "--out", out)
        assert result.exit_code == exit_codes.OK, (backend, result.output)
        texts.append((out.read_text(), result.stdout))
    return texts


@pytest.mark.slow
def test_results_are_identical_on_one_process_and_two(tmp_path):
    one, two = _sweep_files(tmp_path, [("local", 1), ("local", 2)])
    assert len(one[0].splitlines()) == 4 and one == two


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed: pip install 'rulesrun[ray]'")
def test_ray_gives_the_results_of_the_local_backend(tmp_path):
    local, ray = _sweep_files(tmp_path, [("local", 1), ("ray", 2)])
    assert local == ray


@pytest.mark.slow
def test_a_cell_is_yielded_as_soon_as_it_and_those_before_it_are_played():
    axes = sweep.param_axes(str(CLASSIC), (), {"rounds": "1"}, ["biggy_weight=1,2,3"], [])
    cells = sweep.cells(str(CLASSIC), (), {"rounds": "1"}, axes, 2, ("random",), 0, 2)
    sweep.load(cells, 2)
    taken = []

    def mapper(function, items):
        for item in items:
            taken.append(item)
            yield function(item)

    first, tally = next(sweep.run(cells, mapper, 1))
    assert first is cells[0] and tally.games == 2
    assert all(item[0] is cells[0].plan for item in taken)


def test_the_table_shows_each_cell_its_settings_win_shares_and_intervals():
    result = small("--grid", "biggy_weight=1,3", "--jobs", 1)
    assert result.exit_code == exit_codes.OK, result.output
    assert "2 cells, 2 players, 3 games each; game i of every cell on seed 0 + i" in result.output
    row = next(line for line in result.output.splitlines() if line.startswith(" #1"))
    assert "3" in row and "-" in row and "0." in row


@pytest.mark.slow
def test_json_has_the_axes_and_every_cell(tmp_path):
    result = small("--with-grid", f"-,{BANDIT}", "--jobs", 1, "--json")
    data = json.loads(result.stdout)
    assert data["axes"] == ["with"] and [c["labels"] for c in data["cells"]] == [["-"], ["bandit"]]
    assert any(r["rule"].startswith("bandit") for r in data["cells"][1]["rules"])


@pytest.mark.slow  # matplotlib
def test_the_plot_draws_every_cell_for_every_seat(tmp_path):
    plot = tmp_path / "sweep.html"
    result = small("--grid", "biggy_weight=1,3", "--jobs", 1, "--plot", plot)
    assert result.exit_code == exit_codes.OK, result.output
    page = plot.read_text()
    assert page.count("<svg") >= 2 and page.count("<circle") >= 4 and "#1 biggy_weight=3" in page


@pytest.mark.parametrize("grid, words", [
    (["--grid", "roundz=1,2"], ["unknown parameter `roundz`", "did you mean `rounds`"]),
    (["--grid", "biggy_weight=2,many"], ["`many` is not a number", "classic.rules:14", "hint:"]),
    (["--grid", "biggy_weight="], ["no values", "hint: e.g. --grid biggy_weight=2,3,4"]),
    (["--grid", "biggy_weight=2,,3"], ["an empty value"]),
    (["--grid", "biggy_weight=2,2"], ["`2` given twice"]),
    (["--grid", "biggy_weight=4..2"], ["the range `4..2` is empty"]),
    (["--grid", "biggy_weight=1..1000000000"], ["has 1,000,000,000 values", "at most 10,000"]),
    (["--grid", "biggy_weight=1..200", "--grid", "bills_per_casino=1..60"], ["the grid makes 12,000 cells"]),
    (["--grid", "rounds=1,2"], ["`rounds` is already set by --set"]),
    (["--grid", "biggy_weight"], ["not NAME=V1,V2,..."]),
    (["--grid", "bandit_sum_by_weight=true,false", "--with-grid", f"-,{BANDIT}"], ["only in some of the --with-grid"]),
    (["--with-grid", "nowhere.rules"], ["cannot read `nowhere.rules`"]),
    (["--with-grid", f"{BANDIT},,"], ["an empty choice"]),
    ([], ["nothing to sweep"]),
    (["--grid", "biggy_weight=1", "--address", "auto"], ["--address names a Ray cluster", "--backend ray"]),
    (["--grid", "biggy_weight=1", "--plot", "sweep.png"], ["written as .html"]),
])
def test_a_bad_grid_is_status_2_with_a_hint_and_no_traceback(grid, words):
    result = small(*grid)
    assert result.exit_code == exit_codes.INVALID, result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    for word in words:
        assert word in result.output, (word, result.output)


def test_a_wrong_item_in_a_list_value_names_the_list_form():
    result = invoke(RULESETS / "royale.rules", "--grid", "jackpot_track=1,x;2,3", "--games", 1)
    assert result.exit_code == exit_codes.INVALID
    declared = 1 + next(i for i, line in enumerate((RULESETS / "tafeln" / "jackpot.rules").read_text().splitlines())
                        if line.startswith("param track"))
    assert "`x` is not a number" in result.output and f"jackpot.rules:{declared}" in result.output
    assert "`;`" in result.output


def test_ray_missing_is_status_2_with_how_to_install_it(monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "ray", None)
    result = small("--grid", "biggy_weight=1,2", "--backend", "ray")
    assert result.exit_code == exit_codes.INVALID
    assert "pip install 'rulesrun[ray]'" in result.output


def test_an_error_while_playing_a_cell_is_status_3_located(tmp_path):
    rules = tmp_path / "spinning.rules"
    rules.write_text(SPINNING)
    result = invoke(rules, "--grid", "spins=0,1", "--games", 1, "--jobs", 1)
    assert result.exit_code == exit_codes.PLAY_ERROR, result.output
    assert "spinning.rules:7:5: error: the game went over its budget" in result.output
    assert "in cell #1 spins=1" in result.output


def test_the_local_backend_maps_in_order_on_processes():
    assert list(backends.Local(2).map(abs, range(-5, 0))) == [5, 4, 3, 2, 1]


def test_the_local_backend_hands_workers_the_function_itself_and_raises_their_errors():
    """Forked with the very function (a lambda, which pickling would refuse); an error in a
    worker is raised in the parent; a worker that dies is an error, not a hang."""
    offset = 10
    assert list(backends.Local(2).map(lambda item: item + offset, range(3))) == [10, 11, 12]
    with pytest.raises(ZeroDivisionError):
        list(backends.Local(2).map(lambda item: 1 // item, [1, 0, 2]))
    with pytest.raises(backends.BackendError, match="died"):
        list(backends.Local(2).map(lambda item: os._exit(1), range(3)))


def test_two_workshops_share_no_compiled_rules():
    plan = simulate.Plan(str(CLASSIC), (), {"rounds": "1"}, 2, ("random",), 0, 1)
    first, second = simulate.Workshop(), simulate.Workshop()
    assert first.rules_for(plan) is first.rules_for(plan)
    assert second.rules_for(plan) is not first.rules_for(plan)


def test_the_python_example_of_docs_sweeps_runs(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    text = (ROOT / "docs" / "sweeps.md").read_text()
    exec(compile(text.split("```python\n")[1].split("```")[0], "docs/sweeps.md", "exec"), {})
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" [")[0] for line in lines] == ["#0 rounds=1", "#1 rounds=2"]


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed: pip install 'rulesrun[ray]'")
def test_the_readme_ray_example_prints_the_numbers_of_the_local_backend(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    words = shlex.split(readme_example("Ray", "sh").replace("\\\n", " "))
    assert words[:2] == ["rulesrun", "sweep"] and words[words.index("--backend") + 1] == "ray"
    words[words.index("--out") + 1] = str(tmp_path / "ray.jsonl")
    ray = CliRunner().invoke(main, words[1:], prog_name="rulesrun")
    words[words.index("--backend") + 1] = "local"
    words[words.index("--out") + 1] = str(tmp_path / "local.jsonl")
    local = CliRunner().invoke(main, words[1:], prog_name="rulesrun")
    assert ray.exit_code == local.exit_code == exit_codes.OK, ray.output
    assert ray.stdout == local.stdout and "jackpot: on activated" in local.stdout
    assert (tmp_path / "ray.jsonl").read_text() == (tmp_path / "local.jsonl").read_text()


@pytest.mark.slow  # the shipped rulesets copied and a workshop sent elsewhere: some 1.3 s
def test_a_workshop_sent_elsewhere_plays_the_same_games_without_the_files(tmp_path, monkeypatch):
    """What a Ray worker gets (the workshop pickled): the rules' sources, once by digest, so it
    plays the very games in another folder, with the files gone, as it does with a cell's params
    (the same texts for both cells)."""
    shutil.copytree(ROOT / "rulesets", tmp_path / "project" / "rulesets")
    monkeypatch.chdir(tmp_path / "project")
    plans = [Plan("rulesets/classic.rules", ("rulesets/variants/bandit.rules",), params, 2, ("random",), 1, 3)
             for params in ({"rounds": "1"}, {"rounds": "2"})]
    here = Workshop()
    games = [here.play_games((plan, 0, 3)) for plan in plans]
    sent = pickle.dumps(here)
    shutil.rmtree(tmp_path / "project")
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    there = pickle.loads(sent)
    assert [there.play_games((plan, 0, 3)) for plan in plans] == games
    assert len(there._texts) == 1
    with pytest.raises(RulesError, match="classic.rules"):
        Workshop().play_games((plans[0], 0, 1))
    assert "bandit" in " ".join(path for path, _ in next(iter(there._texts.values())))
