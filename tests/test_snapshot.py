"""Snapshot tests of rule edits without Python (`rulesrun snapshot`), and the pytest plugin."""

import json
import os
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner

from rulesrun.cli.main import main

from helpers import RULESETS

pytest_plugins = ["pytester"]


def a_designers_folder(tmp_path):
    """A copy of classic and the library it includes, as a designer's own ruleset."""
    shutil.copy(RULESETS / "classic.rules", tmp_path / "mine.rules")
    shutil.copytree(RULESETS / "lib", tmp_path / "lib")
    return tmp_path / "mine.rules"


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


TINY = """\
game "Tiny"
players 2..2
param points_per_round = 1 "Points a seat scores a round."
var points per player = 0

phase game:
    repeat 2:
        for p in players:
            points[p] += points_per_round
            say "{name(p)} has {points[p]}"

score by p: points[p]
"""


def a_tiny_game(folder):
    """A game of four turns that says each seat's points: quick to play, and an edit shows."""
    (folder / "tiny.rules").write_text(TINY)
    return folder / "tiny.rules"


@pytest.mark.slow
def test_snapshot_an_edit_shows_as_a_diff_and_update_accepts_it(tmp_path, monkeypatch):
    rules = a_designers_folder(tmp_path)
    monkeypatch.chdir(tmp_path)
    made = invoke("snapshot", "mine.rules", "--seeds", "1..3", "--set", "rounds=1")
    assert made.exit_code == 0, made.output
    kept = tmp_path / "snapshots" / "mine"
    assert sorted(p.name for p in kept.iterdir()) == ["seed-1.txt", "seed-2.txt", "seed-3.txt", "snapshot.json",
                                                       "summary.json"]
    assert "Final standing:" in (kept / "seed-2.txt").read_text()
    assert invoke("snapshot", "--check").exit_code == 0

    rules.write_text(rules.read_text().replace("param bills_per_casino = 2", "param bills_per_casino = 3"))
    checked = invoke("snapshot", "--check")
    assert checked.exit_code == 1
    assert "snapshots/mine: CHANGED" in checked.output
    assert "--- snapshots/mine/seed-1.txt (kept)" in checked.output and "+++ snapshots/mine/seed-1.txt (played now)" in checked.output
    assert any(line.startswith("-casino 1: ") for line in checked.output.splitlines())
    assert any(line.startswith("+casino 1: ") and line.count(",") == 2 for line in checked.output.splitlines())

    assert invoke("snapshot", "--update").exit_code == 0
    assert invoke("snapshot", "--check", tmp_path).exit_code == 0


def test_snapshot_without_a_set_to_check_is_a_usage_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke("snapshot", "--check")
    assert result.exit_code == 2 and "no snapshot sets" in result.output


@pytest.mark.slow
def test_pytest_runs_snapshot_sets_and_shows_the_diff(tmp_path, pytester):
    rules = a_designers_folder(pytester.path)
    assert invoke("snapshot", rules, "--seeds", "1..2", "--set", "rounds=1").exit_code == 0
    passed = pytester.runpytest("-q")
    passed.assert_outcomes(passed=3)
    rules.write_text(rules.read_text().replace("param bills_per_casino = 2", "param bills_per_casino = 3"))
    failed = pytester.runpytest("-q")
    failed.assert_outcomes(failed=3)
    failed.stdout.fnmatch_lines(["*seed-1.txt (played now)*", "-casino 1: *", "*rulesrun snapshot --update*"])


def test_the_fixture_compares_transcripts_with_syrupy(rules_snapshot):
    rules_snapshot(RULESETS / "classic.rules", settings=["rounds=1"], seeds=[7], players=2)


@pytest.mark.parametrize("seeds, words", [
    ("1..1000000000", "is 1,000,000,000 seeds: a snapshot set keeps at most 1000 games"),
    ("5..1", "the range `5..1` is empty"),
    ("1,1", "each once"),
    ("one", "give a range 1..5 or a list 1,4,9"),
])
def test_seeds_that_make_no_snapshot_set_are_a_usage_error_at_once(tmp_path, seeds, words):
    """`--seeds 1..1000000000` would have played a billion games before writing one: refused."""
    result = invoke("snapshot", a_designers_folder(tmp_path), "--seeds", seeds)
    assert result.exit_code == 2 and words in result.output and not (tmp_path / "snapshots").exists()


@pytest.fixture(scope="module")
def kept_set(tmp_path_factory):
    """A snapshot set of one short game, written once for the tests that damage copies of it."""
    folder = tmp_path_factory.mktemp("designer")
    rules = a_designers_folder(folder)
    made = invoke("snapshot", rules, "--seeds", "1", "--set", "rounds=1", "--agent", "random")
    assert made.exit_code == 0, made.output
    return folder


@pytest.mark.parametrize("manifest, words", [
    ('{\n<<<<<<< HEAD\n  "rules": "../../mine.rules",\n', "snapshot.json:2:1: not JSON"),
    ("[]", "must be an object with rules, with, set, players, agents and seeds"),
    ('{"rules": "../../mine.rules", "with": [], "set": ["rounds=1"], "players": null, "agents": ["random"], '
     '"seeds": ["x"]}', "`seeds` must be a list of 1 to 1000 different whole numbers"),
    ('{"rules": "../../mine.rules", "with": [], "set": ["rounds=1"], "players": 1000000000, "agents": ["random"], '
     '"seeds": [1]}', "`players` must be null or a number of seats, 1 to 99"),
    ('{"rules": "../../mine.rules", "with": [], "set": ["rounds"], "players": null, "agents": ["random"], '
     '"seeds": [1]}', "`set` must be a list of NAME=VALUE texts"),
    ('{"rules": "../../mine.rules", "with": [], "set": [], "players": null, "agents": ["mcts:c=nan"], '
     '"seeds": [1]}', "`c` must be a number above 0, not nan"),
    ('{"with": [], "set": [], "players": null, "agents": ["random"], "seeds": [1]}', "`rules` must be the path"),
])
def test_a_damaged_snapshot_set_is_named_with_what_is_wrong_never_a_traceback(kept_set, tmp_path, monkeypatch,
                                                                               manifest, words):
    """A merge that left conflict markers in snapshot.json, or a hand edit: a message where the
    file is and what is wrong in it (exit 2), in `--check` and in `--update`."""
    shutil.copytree(kept_set, tmp_path, dirs_exist_ok=True)
    (tmp_path / "snapshots" / "mine" / "snapshot.json").write_text(manifest)
    monkeypatch.chdir(tmp_path)
    for command in ("--check", "--update"):
        result = invoke("snapshot", command)
        assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output, result.output
        assert "hint: restore the file from version control" in result.output


@pytest.mark.slow
def test_pytest_names_a_damaged_snapshot_set_without_a_traceback(kept_set, tmp_path):
    shutil.copytree(kept_set, tmp_path, dirs_exist_ok=True)
    (tmp_path / "snapshots" / "mine" / "snapshot.json").write_text('{\n<<<<<<< HEAD\n')
    collected = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "snapshots"],
                               capture_output=True, text=True, cwd=tmp_path)
    assert collected.returncode != 0 and "not a snapshot set:" in collected.stdout, collected.stdout
    assert "snapshot.json:2:1: not JSON" in collected.stdout and "Traceback" not in collected.stdout


@pytest.mark.slow
def test_a_kept_transcript_that_is_no_text_is_a_change_not_a_traceback(kept_set, tmp_path, monkeypatch):
    shutil.copytree(kept_set, tmp_path, dirs_exist_ok=True)
    kept = tmp_path / "snapshots" / "mine"
    (kept / "seed-1.txt").write_bytes(bytes(range(256)) * 4)
    (kept / "notes").mkdir()
    monkeypatch.chdir(tmp_path)
    checked = invoke("snapshot", "--check")
    assert checked.exit_code == 1 and "snapshots/mine: CHANGED" in checked.output, checked.output
    assert invoke("snapshot", "--update").exit_code == 0
    assert invoke("snapshot", "--check").exit_code == 0 and (kept / "notes").is_dir()


def test_a_damaged_set_in_a_folder_whose_name_holds_an_escape_is_named_escaped(tmp_path, monkeypatch):
    kept = tmp_path / "set\x1b[2J" / "snapshots" / "mine"
    kept.mkdir(parents=True)
    (kept / "snapshot.json").write_text("{")
    monkeypatch.chdir(tmp_path)
    result = invoke("snapshot", "--check")
    assert result.exit_code == 2 and "set\\x1b[2J" in result.output and "\x1b" not in result.output, result.output


def test_writing_a_snapshot_set_where_one_exists_refuses_unless_forced_and_says_what_it_removed(tmp_path, monkeypatch):
    """`--seeds 1..2` over a set of 1..3 deleted seed-3.txt while it printed "wrote seed-3.txt"."""
    monkeypatch.chdir(tmp_path)
    a_tiny_game(tmp_path)
    kept = tmp_path / "snapshots" / "tiny"
    made = invoke("snapshot", "tiny.rules", "--seeds", "1..3")
    assert made.exit_code == 0, made.output
    assert "wrote snapshot.json, seed-1.txt, seed-2.txt, seed-3.txt, summary.json" in made.output
    manifest = (kept / "snapshot.json").read_text()

    again = invoke("snapshot", "tiny.rules", "--seeds", "1..2")
    assert again.exit_code == 2, again.output
    assert f"a set exists at {os.path.join('snapshots', 'tiny')}" in again.output
    assert "`rulesrun snapshot --update` to play it again, or --force to write it anew" in again.output
    assert (kept / "seed-3.txt").exists() and (kept / "snapshot.json").read_text() == manifest

    forced = invoke("snapshot", "tiny.rules", "--seeds", "1..2", "--force")
    assert forced.exit_code == 0, forced.output
    assert "removed seed-3.txt (no longer among the seeds)" in forced.output
    assert "wrote seed-3.txt" not in forced.output and "seed-1.txt" not in forced.output.split("removed")[0]
    assert sorted(p.name for p in kept.iterdir()) == ["seed-1.txt", "seed-2.txt", "snapshot.json", "summary.json"]
    assert json.loads((kept / "snapshot.json").read_text())["seeds"] == [1, 2]


def test_a_set_that_cannot_be_played_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    a_tiny_game(tmp_path)
    result = invoke("snapshot", "tiny.rules", "--set", "nosuch=1")
    assert result.exit_code == 2 and not (tmp_path / "snapshots").exists(), result.output


def test_snapshot_sets_play_random_agents_and_say_so(tmp_path, monkeypatch):
    """Random, not play's greedy: a set then changes when the rules do, not when the bots get
    better, and plays fast. The help says it, the manifest records it, --update keeps it."""
    help_text = " ".join(invoke("snapshot", "--help").output.split())
    assert "[default: random" in help_text and "play's default is greedy" in help_text
    monkeypatch.chdir(tmp_path)
    a_tiny_game(tmp_path)
    assert invoke("snapshot", "tiny.rules", "--seeds", "1").exit_code == 0
    manifest = tmp_path / "snapshots" / "tiny" / "snapshot.json"
    assert json.loads(manifest.read_text())["agents"] == ["random"]
    manifest.write_text(manifest.read_text().replace('"random"', '"greedy"'))
    assert invoke("snapshot", "--update").exit_code == 0
    assert json.loads(manifest.read_text())["agents"] == ["greedy"]
    assert "agents greedy, greedy" in (manifest.parent / "seed-1.txt").read_text()


FIXTURE_TEST = """
def test_tiny(rules_snapshot):
    rules_snapshot("tiny.rules", seeds=[1, 2])
"""


@pytest.mark.slow  # three pytest runs, one in a process of its own: some 4 s
def test_the_fixture_fails_with_a_unified_diff_naming_the_set_and_the_seed(pytester):
    """It failed with a bare AssertionError."""
    rules = a_tiny_game(pytester.path)
    pytester.makepyfile(test_mine=FIXTURE_TEST)
    pytester.runpytest("-q", "-p", "no:cacheprovider", "--snapshot-update").assert_outcomes(passed=1)
    pytester.runpytest("-q", "-p", "no:cacheprovider").assert_outcomes(passed=1)
    rules.write_text(TINY.replace("param points_per_round = 1", "param points_per_round = 2"))
    # In a process of its own, as a person runs it: there the plugin's assert is not rewritten.
    failed = pytester.runpytest_subprocess("-q", "-p", "no:cacheprovider")
    failed.assert_outcomes(failed=1)
    failed.stdout.fnmatch_lines(["*tiny.rules: seed-1.txt, seed-2.txt, summary.json changed*", "--- tiny.rules seed-2.txt (snapshot)",
                                 "+++ tiny.rules seed-2.txt (played now)", "-seat 0 has 1", "+seat 0 has 4",
                                 "*pytest --snapshot-update*"])
    assert "AssertionError" not in failed.stdout.str()


@pytest.mark.slow
def test_pytest_snapshot_update_also_updates_the_rules_snapshot_sets(pytester):
    """syrupy's --snapshot-update accepts the changed games of `rulesrun snapshot` sets too, as
    `rulesrun snapshot --update` does."""
    rules = a_tiny_game(pytester.path)
    assert invoke("snapshot", rules, "--seeds", "1..2").exit_code == 0
    rules.write_text(TINY.replace("param points_per_round = 1", "param points_per_round = 2"))
    pytester.runpytest("-q", "-p", "no:cacheprovider").assert_outcomes(failed=3)
    updated = pytester.runpytest("-q", "-p", "no:cacheprovider", "--snapshot-update")
    updated.assert_outcomes(passed=3)
    updated.stdout.fnmatch_lines(["*snapshots/tiny: updated seed-1.txt, seed-2.txt, summary.json*"])
    assert invoke("snapshot", "--check", pytester.path).exit_code == 0
    pytester.runpytest("-q", "-p", "no:cacheprovider").assert_outcomes(passed=3)
