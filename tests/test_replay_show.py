"""Replays you can watch: `replay --show` prints a logged game as it was played, `--step`
walks it from stdin; a log names its files relative to itself and by their sha256."""

import json
import shutil

import pytest
from click.testing import CliRunner

from rulesrun.cli import exit_codes
from rulesrun.cli.main import main

from helpers import RULESETS

CLASSIC = str(RULESETS / "classic.rules")
ROYALE = str(RULESETS / "royale.rules")


def invoke(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


@pytest.mark.slow
def test_replay_show_prints_the_transcript_the_game_printed(tmp_path):
    log = tmp_path / "game.jsonl"
    played = invoke(ROYALE, "--seed", 5, "--players", 3, "--agent", "random", "--log", log)
    assert played.exit_code == 0, played.output
    shown = invoke("replay", log, "--show")
    assert shown.exit_code == 0, shown.output
    assert shown.output == played.output


@pytest.mark.slow
def test_a_log_replays_from_any_directory_and_names_its_files_relative_to_itself(tmp_path, monkeypatch):
    shutil.copytree(RULESETS, tmp_path / "rules")
    (tmp_path / "logs").mkdir()
    monkeypatch.chdir(tmp_path)
    assert invoke("rules/classic.rules", "--seed", 2, "--set", "rounds=1", "--log", "logs/game.jsonl").exit_code == 0
    setup = json.loads((tmp_path / "logs" / "game.jsonl").read_text().splitlines()[0])
    assert setup["ruleset"] == "../rules/classic.rules"
    assert set(setup["sources"]) == {"../rules/classic.rules", "../rules/lib/majority.rules", "../rules/lib/dealing.rules"}
    monkeypatch.chdir(tmp_path / "logs")
    # Rules beside the log's folder, not in it, are read only when the command line allows them.
    assert "lies outside the folders the log may name files in" in invoke("replay", "game.jsonl").output
    here = invoke("replay", "game.jsonl", "--allow-path", "../rules")
    assert here.exit_code == 0 and "identical" in here.output, here.output
    monkeypatch.chdir(RULESETS)
    assert invoke("replay", tmp_path / "logs" / "game.jsonl", "--allow-path", tmp_path / "rules").exit_code == 0


def test_a_changed_source_is_reported_as_such_not_as_a_differing_game(tmp_path):
    shutil.copytree(RULESETS, tmp_path / "rules")
    log = tmp_path / "game.jsonl"
    assert invoke(tmp_path / "rules" / "classic.rules", "--seed", 2, "--set", "rounds=1", "--log", log).exit_code == 0
    included = tmp_path / "rules" / "lib" / "dealing.rules"
    included.write_text(included.read_text() + "\n# an edit that changes no game\n")
    result = invoke("replay", log)
    assert result.exit_code == exit_codes.INVALID
    assert "changed source: rules/lib/dealing.rules" in result.output and "differs at event" not in result.output


def test_replay_step_walks_the_game_from_a_pipe(tmp_path):
    log = tmp_path / "game.jsonl"
    assert invoke(CLASSIC, "--seed", 3, "--players", 2, "--set", "rounds=1", "--log", log).exit_code == 0
    result = invoke("replay", log, "--step", input="\nn\nb\nt 5\nzz\nq\n")
    assert result.exit_code == 0, result.output
    headers = [line for line in result.output.splitlines() if line.startswith("[")]
    total = headers[0].split(" of ")[1].split(",")[0]
    assert headers == [f"[decision 1 of {total}, turn 1]", f"[decision 2 of {total}, turn 2]",
                       f"[decision 3 of {total}, turn 3]", f"[decision 2 of {total}, turn 2]",
                       f"[decision 5 of {total}, turn 5]"]
    assert "'zz' is no command here" in result.output and "Final standing:" not in result.output


@pytest.mark.slow
def test_replay_step_to_the_end_shows_the_standing_and_stops_when_the_input_ends(tmp_path):
    log = tmp_path / "game.jsonl"
    assert invoke(CLASSIC, "--seed", 3, "--players", 2, "--set", "rounds=1", "--log", log).exit_code == 0
    result = invoke("replay", log, "--step", input="n\n" * 200)
    assert result.exit_code == 0, result.output
    assert "[the end, turn" in result.output and "Final standing:" in result.output
    assert "this is the end of the game" in result.output
    shown = invoke("replay", log, "--show").output
    # Every line of the transcript is shown once on the way.
    body = [line for line in result.output.splitlines() if line and not line.startswith(("[", "  this is", "  enter"))]
    assert body == [line for line in shown.splitlines() if line]


@pytest.mark.slow
def test_replay_step_answers_a_strange_or_huge_turn_without_a_traceback(tmp_path):
    """`t ²` passed `isdigit()` and ended in int()'s ValueError (issue #38 item 6)."""
    log = tmp_path / "game.jsonl"
    assert invoke(CLASSIC, "--seed", 3, "--players", 2, "--set", "rounds=1", "--log", log).exit_code == 0
    asked = ["t 99999999999999999999", "t ²", "t ٣", "t " + "9" * 900, "t -1", "t 2"]
    result = invoke("replay", log, "--step", input="\n".join(asked) + "\nq\n")
    assert result.exit_code == 0 and not isinstance(result.exception, ValueError), result.output
    assert result.output.count("no turn ") == 5 and "no turn '99999999999999999999...'" in result.output
    assert "no turn '²'" in result.output and "turn 2]" in result.output
