"""The conventions every `rulesrun` command keeps: version, `python -m`, mistyped commands,
shell completion and one exit status per outcome (cli/exit_codes.py, documented in README.md)."""

import json
import pickle
import re
import subprocess
import sys
from importlib.metadata import version

import pytest
from click.testing import CliRunner

from helpers import CLASSIC, ROOT
from rulesrun.cli import exit_codes
from rulesrun.cli.main import main
from rulesrun.dsl.errors import Diagnostic, RulesError, Span

BAD = ROOT / "tests" / "bad_inputs"
TINY = 'game "tiny"\nplayers 1..2\nscore by p: 0\nphase game:\n    pass\n'


def invoke(*args, **kwargs):
    return CliRunner().invoke(main, [str(a) for a in args], prog_name="rulesrun", **kwargs)


def test_version_names_the_installed_version():
    result = invoke("--version")
    assert result.exit_code == exit_codes.OK
    assert result.output.strip() == f"rulesrun, version {version('rulesrun')}"


@pytest.mark.slow
def test_python_dash_m_runs_the_same_command():
    done = subprocess.run([sys.executable, "-m", "rulesrun", "check", str(CLASSIC)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == exit_codes.OK, done.stderr
    assert "ok" in done.stdout


def test_a_mistyped_command_is_named_with_the_nearest_one():
    result = invoke("simulat", CLASSIC)
    assert result.exit_code == exit_codes.INVALID
    assert "No such command 'simulat'. Did you mean 'simulate'?" in result.output


def test_an_unknown_word_that_is_no_file_and_no_command_is_not_played():
    result = invoke("xyzzy")
    assert result.exit_code == exit_codes.INVALID
    assert "No such command 'xyzzy'." in result.output and "cannot read" not in result.output


def test_a_rules_file_is_played_by_its_path_whatever_its_suffix(tmp_path):
    path = tmp_path / "tiny.txt"
    path.write_text(TINY)
    result = invoke(path, "--seed", 1)
    assert result.exit_code == exit_codes.OK, result.output
    assert "tiny: 1 players" in result.output or "tiny: 2 players" in result.output


def test_a_missing_rules_file_is_played_and_reported_located():
    result = invoke("no_such_game.rules")
    assert result.exit_code == exit_codes.INVALID
    assert "cannot read `no_such_game.rules`" in result.output


def test_completion_offers_commands_and_rules_files():
    env = {"_RULESRUN_COMPLETE": "bash_complete", "COMP_WORDS": "rulesrun sim", "COMP_CWORD": "1"}
    assert "plain,simulate" in invoke(env=env).output.splitlines()
    env = {"_RULESRUN_COMPLETE": "bash_complete", "COMP_WORDS": "rulesrun check ru", "COMP_CWORD": "2"}
    assert invoke(env=env).output.splitlines() == ["file,ru"]


def test_invalid_rules_are_status_2_in_every_command():
    bad = BAD / "unknown_name.rules"
    for args in (["check", bad], ["list", BAD / "missing_colon.rules"], [bad], ["play", bad],
                 ["simulate", bad, "--games", 1, "--jobs", 1], ["compare", bad, bad, "--games", 1, "--jobs", 1]):
        result = invoke(*args)
        assert result.exit_code == exit_codes.INVALID, (args, result.output)
        assert "unknown name" in result.output or "unexpected" in result.output


@pytest.mark.slow
def test_an_error_while_playing_is_status_3_in_every_command(tmp_path):
    looping = BAD / "looping_rule.rules"
    for args in ([looping, "--players", 2, "--seed", 1], ["simulate", looping, "--games", 2, "--jobs", 1],
                 ["simulate", looping, "--games", 2, "--jobs", 2], ["compare", looping, looping, "--games", 1, "--jobs", 1]):
        result = invoke(*args)
        assert result.exit_code == exit_codes.PLAY_ERROR, (args, result.output)
        assert "never ends" in result.output and "looping_rule.rules:6:5" in result.output


def test_a_located_error_crosses_process_boundaries_intact():
    error = RulesError(Diagnostic(Span("game.rules", 6, 5), "this loop never ends", "count down"))
    copy = pickle.loads(pickle.dumps(error))
    assert copy.diagnostics == error.diagnostics and str(copy) == str(error)


def test_a_log_that_is_not_a_log_is_status_2(tmp_path):
    log = tmp_path / "game.jsonl"
    log.write_text(json.dumps({"t": "roll"}) + "\n")
    result = invoke("replay", log)
    assert result.exit_code == exit_codes.INVALID
    assert "not a log" in result.output


def test_a_log_of_rules_that_no_longer_load_is_status_2_and_of_rules_that_fail_in_play_3(tmp_path):
    rules = tmp_path / "game.rules"
    rules.write_text(TINY)
    log = tmp_path / "game.jsonl"
    assert invoke(rules, "--players", 2, "--seed", 1, "--log", log).exit_code == exit_codes.OK
    # A log written before logs recorded their sources' sha256: the rules are loaded and played to tell.
    setup, *events = log.read_text().splitlines()
    old = {**json.loads(setup), "ruleset": str(rules)}
    del old["sources"]
    log.write_text("\n".join([json.dumps(old), *events]) + "\n")
    rules.write_text(TINY.replace("pass", "let n = nosuchname"))
    assert invoke("replay", log).exit_code == exit_codes.INVALID
    rules.write_text(TINY.replace("pass", "while true:\n        pass"))
    result = invoke("replay", log)
    assert result.exit_code == exit_codes.PLAY_ERROR and "never ends" in result.output


def test_readme_documents_every_exit_status():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    documented = {int(code) for code in re.findall(r"^\| (\d) \| ", readme, re.M)}
    assert documented == {exit_codes.OK, exit_codes.DIFFERENCE, exit_codes.INVALID, exit_codes.PLAY_ERROR}


def test_the_language_server_without_pygls_says_how_to_install_it(monkeypatch):
    monkeypatch.delitem(sys.modules, "rulesrun.cli.language_server", raising=False)
    monkeypatch.setitem(sys.modules, "pygls.lsp.server", None)
    result = invoke("lsp")
    assert result.exit_code == exit_codes.INVALID
    assert "needs pygls" in result.output and "pip install 'rulesrun[lsp]'" in result.output


@pytest.mark.parametrize("command", [
    ["play", CLASSIC, "--agent", "random", "--log"],
    ["simulate", CLASSIC, "--games", 2, "--jobs", 1, "--out"],
    ["sweep", CLASSIC, "--grid", "rounds=1,2", "--games", 1, "--out"],
])
def test_records_are_never_written_over_a_rules_file(tmp_path, command):
    """`--log rulesets/variants/bandit.rules` (a slip found by fuzzing the command line) wrote a
    game log over the variant: a .rules file is refused before anything is played or written."""
    rules = tmp_path / "bonus.rules"
    rules.write_text(TINY)
    result = invoke(*command, rules)
    assert result.exit_code == exit_codes.INVALID
    assert "is a rules file: records are JSON lines" in result.output
    assert rules.read_text() == TINY
