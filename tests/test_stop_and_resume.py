"""Stopping and going on (issue #41, item 4): a game stopped at the table keeps its log, `play
--resume` goes on with it, `replay --step` plays on from a decision, and a pipe that answers
nothing is told once and stops."""

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from rulesrun.cli import exit_codes, sitting
from rulesrun.cli.main import main
from rulesrun.cli.output import read_line

from helpers import RULESETS

CLASSIC = str(RULESETS / "classic.rules")
# A short game: two seats, one round.
SHORT = (CLASSIC, "--seed", 3, "--players", 2, "--set", "rounds=1")


@pytest.fixture(autouse=True)
def elsewhere(tmp_path, monkeypatch):
    """Each test in a folder of its own: a game stopped at the table keeps its log in the current folder."""
    monkeypatch.chdir(tmp_path)


def invoke(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def records(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def answers_of(path):
    return [e["choice"] for e in records(path)[1:] if e["t"] == "decide" and len(e["options"]) > 1]


def test_q_then_resume_plays_the_game_to_its_end_and_its_log_replays_as_one_game(tmp_path):
    stopped = invoke(*SHORT, "--agent", "human", "--agent", "random", input="2\n3\nq\n")
    assert stopped.exit_code == 0, stopped.output
    kept = tmp_path / "classic-3.jsonl"
    assert "is in classic-3.jsonl: go on with `rulesrun play --resume classic-3.jsonl`" in stopped.output
    assert records(kept)[0]["unfinished"] is True and records(kept)[0]["agents"] == ["human", "random"]
    before = answers_of(kept)
    # A stopped game replays as far as it went.
    replayed = invoke("replay", kept)
    assert replayed.exit_code == 0 and "identical, up to where the game was stopped" in replayed.output
    shown = invoke("replay", kept, "--show")
    assert shown.exit_code == 0 and "The game was stopped here, at seat 0's decision" in shown.output
    resumed = invoke("play", "--resume", kept, input="1\n" * 200)
    assert resumed.exit_code == 0, resumed.output
    assert f"going on with the game of {kept}, {len(before)} answers given" in resumed.output
    assert "Final standing:" in resumed.output and "  2. seat " in resumed.output
    # The game went on in the log it was kept in: the answers given before, then the rest.
    assert "unfinished" not in records(kept)[0] and answers_of(kept)[:len(before)] == before
    whole = invoke("replay", kept)
    assert whole.exit_code == 0 and whole.output.startswith("replayed ") and "stopped" not in whole.output


@pytest.mark.slow
def test_resume_seats_the_logs_seats_or_those_of_agent_and_writes_to_log(tmp_path):
    kept = tmp_path / "stopped.jsonl"
    assert invoke(*SHORT, "--agent", "human", "--log", kept, input="1\nq\n").exit_code == 0
    assert records(kept)[0]["agents"] == ["human", "human"]
    finished = tmp_path / "finished.jsonl"
    bots = invoke("play", "--resume", kept, "--agent", "random", "--log", finished)
    assert bots.exit_code == 0, bots.output
    assert "seat 0 (random)" in bots.output and records(finished)[0]["agents"] == ["random", "random"]
    # --log took the game: the stopped log is as it was.
    assert records(kept)[0]["unfinished"] is True
    assert invoke("replay", finished).exit_code == 0


@pytest.mark.slow
def test_resume_refuses_what_is_no_stopped_game(tmp_path):
    finished = tmp_path / "finished.jsonl"
    assert invoke(*SHORT, "--agent", "random", "--log", finished).exit_code == 0
    over = invoke("play", "--resume", finished)
    assert over.exit_code == exit_codes.INVALID and "is over: there is nothing to go on with" in over.output
    both = invoke(*SHORT, "--resume", finished)
    assert both.exit_code == exit_codes.INVALID and "a log fixes its game" in both.output
    nothing = invoke("play")
    assert nothing.exit_code == exit_codes.INVALID and "Missing argument 'RULES' (or --resume LOG)" in nothing.output


@pytest.mark.slow
def test_a_seat_of_a_stopped_log_that_names_code_is_not_loaded_but_refused(tmp_path):
    kept = tmp_path / "stopped.jsonl"
    assert invoke(*SHORT, "--agent", "human", "--log", kept, input="q\n").exit_code == 0
    lines = records(kept)
    bot = tmp_path / "mine.py"
    bot.write_text(f"open({str(tmp_path / 'imported')!r}, 'w').close()\nclass Mine:\n    pass\n")
    lines[0]["agents"] = ["human", f"{bot}:Mine"]
    kept.write_text("".join(json.dumps(line) + "\n" for line in lines))
    refused = invoke("play", "--resume", kept, input="1\n")
    assert refused.exit_code == exit_codes.INVALID and "names a bot's code" in refused.output
    assert not (tmp_path / "imported").exists()


def test_a_pipe_that_sends_no_option_is_told_once_and_stops_with_exit_2(tmp_path):
    result = invoke(*SHORT, "--agent", "human", input="1\n0\n" + "0\n" * 1000)
    assert result.exit_code == exit_codes.INVALID
    assert result.output.count("no option 0") == 1 and "(a line from a pipe is read once)" in result.output
    # The game so far is kept: the answer before the mistake.
    assert "the game so far (1 answer) is in classic-3.jsonl" in result.output
    assert len(answers_of(tmp_path / "classic-3.jsonl")) == 1


@pytest.mark.slow  # a process of its own
def test_yes_0_through_a_real_pipe_gets_one_message_and_exit_2(tmp_path):
    """`yes 0 | rulesrun ... --agent human` printed "no option 0" 515,500 times in a minute."""
    process = subprocess.run([sys.executable, "-m", "rulesrun", *map(str, SHORT), "--agent", "human"],
                             input="0\n" * 100_000, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert process.returncode == exit_codes.INVALID, process.stderr
    assert (process.stdout + process.stderr).count("no option 0") == 1 and len(process.stdout) < 5_000


def test_a_terminal_is_asked_again_after_an_answer_that_is_no_option(monkeypatch):
    monkeypatch.setattr(sitting, "_stdin_on_terminal", lambda: True)
    result = invoke(*SHORT, "--agent", "human", "--agent", "random", input="0\n9\nu\n" + "1\n" * 200)
    assert result.exit_code == 0, result.output
    assert "no option 0" in result.output and "no option 9" in result.output
    assert "nothing to undo: this is your first decision" in result.output and "Final standing:" in result.output


def test_the_prompt_marker_and_a_piped_answer_said_back_after_it():
    result = invoke(*SHORT, "--agent", "human", "--agent", "random", input="2\nq\n")
    lines = result.output.split("\n")
    assert "seat 0> 2" in lines and "seat 0> q" in lines
    assert lines[lines.index("seat 0> 2") - 1].startswith("   5. ")


def test_the_options_are_shown_again_after_t_and_help():
    result = invoke(*SHORT, "--agent", "human", "--agent", "random", input="t\n?\nq\n")
    lines = result.output.split("\n")
    asked = [k for k, line in enumerate(lines) if line == "seat 0: Which dice do you place?"]
    assert len(asked) == 3
    # After the table (t) and after the help (?), the question and its options again, then the marker.
    assert lines[asked[1] - 2].startswith("seat 1:") and lines[asked[2] - 2].startswith("  q          stop")
    for at in asked:
        assert [line[:6] for line in lines[at + 1:at + 6]] == ["   1. ", "   2. ", "   3. ", "   4. ", "   5. "]
        assert lines[at + 6].startswith("seat 0> ")


def test_ctrl_c_at_the_table_keeps_the_game_and_exits_130(tmp_path, monkeypatch):
    typed = iter(["2\n", "3\n"])

    def keyboard():
        line = next(typed, None)
        if line is None:
            raise KeyboardInterrupt
        return line

    monkeypatch.setattr(sitting, "read_line", keyboard)
    log = tmp_path / "game.jsonl"
    result = invoke(*SHORT, "--agent", "human", "--agent", "random", "--log", log)
    assert result.exit_code == exit_codes.INTERRUPTED
    assert "stopped at the table (Ctrl-C)" in result.output and f"is in {log}" in result.output
    assert answers_of(log)[0] == 1 and records(log)[0]["unfinished"] is True
    monkeypatch.setattr(sitting, "read_line", read_line)
    assert invoke("play", "--resume", log, input="1\n" * 200).exit_code == 0
    assert invoke("replay", log).exit_code == 0


@pytest.mark.slow
def test_replay_step_plays_on_from_a_decision_with_people_and_bots_seated_anew(tmp_path):
    logged = tmp_path / "bots.jsonl"
    assert invoke(*SHORT, "--agent", "random", "--log", logged).exit_code == 0
    on = tmp_path / "on.jsonl"
    result = invoke("replay", logged, "--step", "--agent", "human", "--agent", "greedy", "--log", on,
                    input="n\nn\np\n" + "1\n" * 200)
    assert result.exit_code == 0, result.output
    assert "playing on from decision 3 of the game of" in result.output and "seat 0> 1" in result.output
    assert records(on)[0]["agents"] == ["human", "greedy"]
    # The first two answers are the log's; the third was asked anew.
    assert answers_of(on)[:2] == answers_of(logged)[:2]
    assert invoke("replay", on).exit_code == 0


@pytest.mark.slow
def test_replay_step_cannot_play_on_from_the_end_of_a_finished_game(tmp_path):
    logged = tmp_path / "bots.jsonl"
    assert invoke(*SHORT, "--agent", "random", "--log", logged).exit_code == 0
    result = invoke("replay", logged, "--step", input="n\n" * 40 + "p\nq\n")
    assert result.exit_code == 0 and "the game is over here: b goes back to a decision" in result.output
    assert invoke("replay", logged, "--agent", "random").exit_code == exit_codes.INVALID


@pytest.mark.slow
def test_the_page_steps_through_finished_games_and_says_how_to_go_on_with_a_stopped_one(tmp_path):
    pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
    kept = tmp_path / "stopped.jsonl"
    assert invoke(*SHORT, "--agent", "human", "--log", kept, input="1\nq\n").exit_code == 0
    served = invoke("serve", kept)
    assert served.exit_code == exit_codes.INVALID and "the game was stopped before its end" in served.output
    assert f"rulesrun play --resume {kept}" in served.output
