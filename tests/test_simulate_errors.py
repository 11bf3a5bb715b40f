"""A mistake in the rules that shows in only some games of a run names the game, its seed and the
command that plays that one game again (issue #39): `simulate`, `compare` and `sweep`, in this
process or in worker processes, and the library's runs alike."""

import shlex

import pytest
from click.testing import CliRunner

from helpers import random_agents, rules_from_text
from rulesrun.cli import exit_codes
from rulesrun.cli.main import main
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.studies import simulate

# A prize for each face but the 6: a game whose die shows 6 indexes past the list.
SIXES = """\
game "sixes"
players 2..4
param first_prize = 10 "What a 1 pays."
param others = [20, 30, 40, 50] "What a 2, 3, 4 and 5 pay."
die d6 faces 1..6
zone cup
var prize = 0
score by p: prize
phase game:
    create d6 x 1 into cup
    roll cup
    let prizes = [first_prize] + others
    prize = prizes[first(cup).face - 1]
"""
WHERE = "sixes.rules:13:5: error: an index outside the list or zone"


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], prog_name="rulesrun")


@pytest.fixture
def sixes(tmp_path):
    """The ruleset's path, and the seeds from 0 to 9 whose game fails."""
    rules = rules_from_text(tmp_path, SIXES, "sixes")
    failing = []
    for seed in range(10):
        try:
            rules.play(2, seed, random_agents(seed, 2))
        except RulesError:
            failing.append(seed)
    assert failing and failing != list(range(10)), "some games fail, not all"
    return tmp_path / "sixes.rules", failing


def replayed(output: str):
    """The `replay:` line of a failed run, run."""
    line = next(line for line in output.splitlines() if line.startswith("replay: "))
    words = shlex.split(line.removeprefix("replay: "))
    assert words[0] == "rulesrun"
    return invoke(*words[1:])


@pytest.mark.parametrize("jobs", [1, 2])
def test_simulate_names_the_failed_game_and_the_command_that_plays_it_again(sixes, jobs):
    path, failing = sixes
    first = next(seed for seed in failing if seed > 0)
    result = invoke("simulate", path, "--games", 10, "--seed", 1, "--players", 2, "--agent", "greedy",
                    "--agent", "random", "--set", "first_prize=5", "--jobs", jobs)
    assert result.exit_code == exit_codes.PLAY_ERROR, result.output
    assert WHERE in result.output
    assert f"in game {first - 1} of the run, seed {first}" in result.output
    assert (f"replay: rulesrun {path} --set first_prize=5 --players 2 --seed {first} --agent greedy --agent random"
            in result.output)
    again = replayed(result.output)
    assert again.exit_code == exit_codes.PLAY_ERROR and WHERE in again.output
    assert f"sixes: 2 players, seed {first}" in again.output


def test_the_replay_keeps_a_raised_budget(sixes):
    path, failing = sixes
    result = invoke("simulate", path, "--games", 10, "--players", 2, "--jobs", 1, "--budget", "steps=5000")
    assert f"--budget steps=5000 --players 2 --seed {failing[0]} --agent random" in result.output


def test_compare_replays_the_side_that_failed_with_its_own_settings(sixes):
    path, failing = sixes
    result = invoke("compare", path, path, "--set", "others=2,3,4,5,6", "--set-b", "others=2,3,4,5",
                    "--games", 10, "--players", 2, "--jobs", 2)
    assert result.exit_code == exit_codes.PLAY_ERROR, result.output
    assert f"in game {failing[0]} of the run, seed {failing[0]}" in result.output
    assert f"replay: rulesrun {path} --set others=2,3,4,5 --players 2 --seed {failing[0]}" in result.output
    assert replayed(result.output).exit_code == exit_codes.PLAY_ERROR


def test_sweep_names_the_cell_and_the_game_and_replays_with_the_cells_settings(sixes):
    path, failing = sixes
    result = invoke("sweep", path, "--grid", "first_prize=1,2", "--games", 10, "--players", 2, "--jobs", 1)
    assert result.exit_code == exit_codes.PLAY_ERROR, result.output
    assert "in cell #0 first_prize=1" in result.output
    assert f"in game {failing[0]} of the run, seed {failing[0]}" in result.output
    assert f"replay: rulesrun {path} --set first_prize=1 --players 2 --seed {failing[0]}" in result.output
    assert replayed(result.output).exit_code == exit_codes.PLAY_ERROR


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_run_of_the_library_raises_the_error_with_its_game_and_plan(sixes, jobs):
    path, failing = sixes
    plan = simulate.Plan(str(path), (), {}, 2, ("random",), 0, 10)
    with pytest.raises(simulate.GameFailed) as raised:
        list(simulate.run(plan, jobs))
    error = raised.value
    assert (error.game, error.seed, error.plan) == (failing[0], failing[0], plan)
    assert WHERE in str(error) and f"seed {failing[0]}" in str(error)


def test_a_terminal_sees_games_done_their_rate_and_the_time_left():
    import io
    import time

    from rich.console import Console

    from rulesrun.cli.progress import with_progress as _with_progress

    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=120)

    def play(progress):
        for _ in range(4):
            progress(25)
            time.sleep(0.15)

    _with_progress(200, play, console)
    text = screen.getvalue()
    assert "75/200" in text and "games" in text and "/s" in text and "left" in text
