"""One rule for the files a command reads on the strength of another file (issue #38 item 4,
docs/security.md "Files"): a log's rules, an include, a fragment's base, a snapshot set's rules
and transcripts are read only from the folders in reach, only as regular files, and a file
that may not be read is refused by name (exit 2) and never quoted; writers (`fmt`,
`snapshot --update`) never write through a link and delete only what they wrote.

The red team's payloads: a log or a file naming `/etc/passwd` or `/proc/self/environ`, a link
inside the project to a file outside holding a secret marker, a FIFO, `/dev/zero`. Whatever
could hang or fill the memory runs in a subprocess with a timeout and a memory cap."""

import json
import os
import resource
import subprocess
import sys

import pytest
from click.testing import CliRunner

from rulesrun.cli.main import main
from rulesrun.interpreter.running.budget import Budget

SECRET = "SECRET-MARKER-7f3a"
GAME = """\
game "Tiny"
players 2..2
param rounds = 1 "Rounds."
var points per player = 0

phase game:
    repeat rounds:
        for p in players:
            points[p] += 1

score by p: points[p]
"""


def invoke(*args, input=None):
    result = CliRunner().invoke(main, [str(a) for a in args], input=input)
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result


def _capped():
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def run_apart(*args, cwd=None):
    """`rulesrun ARGS` in a process of its own, stopped after 30 seconds and at 2 GiB: a read
    that hangs on a FIFO or fills the memory from /dev/zero fails the test, not the machine."""
    try:
        return subprocess.run([sys.executable, "-m", "rulesrun", *map(str, args)], capture_output=True, text=True,
                              timeout=30, cwd=cwd, stdin=subprocess.DEVNULL, preexec_fn=_capped)
    except subprocess.TimeoutExpired:
        pytest.fail(f"rulesrun {' '.join(map(str, args))} hung")


@pytest.fixture
def project(tmp_path):
    """A designer's folder `project/` holding a game, beside a folder `outside/` holding a
    secret .rules file and a secret text; `project/link.rules` points at the secret."""
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.rules").write_text(f"{SECRET} = 1\n")
    (tmp_path / "outside" / "secret.txt").write_text(f"{SECRET}\n")
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / "game.rules").write_text(GAME)
    (folder / "link.rules").symlink_to(tmp_path / "outside" / "secret.rules")
    return folder


def log_naming(folder, ruleset: str, name: str = "game.jsonl", sources: dict | None = None):
    """A log in `folder` whose game is of `ruleset` (recorded sources: `sources`, none by default)."""
    head = {"t": "setup", "ruleset": ruleset, "fragments": [], "params": {}, "players": 2, "seed": 1,
            "agents": ["random", "random"], "sources": sources or {}}
    path = folder / name
    path.write_text(json.dumps(head) + "\n" + json.dumps({"t": "game", "title": "Tiny"}) + "\n")
    return path


def assert_refused(result, named: str, words: str):
    """Exit 2, a message naming the file (as written, or its path ending so) and why, and no byte of a secret."""
    assert_said(result.exit_code, result.output, named, words)


def assert_said(status: int, output: str, named: str, words: str):
    assert status == 2, output
    assert f"{named}`" in output and words in output, output
    assert SECRET not in output and "root:" not in output and "PATH=" not in output, output


# --- logs: replay, replay --show, replay --step, serve LOG -----------------------------------

REPLAYS = [("replay",), ("replay", "--show"), ("replay", "--step")]
NAMED = [("/etc/passwd", "is not a .rules file"), ("/proc/self/environ", "is not a .rules file"),
         ("link.rules", "lies outside the folders the log may name files in")]


@pytest.mark.parametrize("command", REPLAYS, ids=" ".join)
@pytest.mark.parametrize("ruleset, words", NAMED, ids=lambda v: v if v.startswith(("/", "link")) else "")
def test_a_log_naming_a_file_outside_its_folders_is_refused_by_name_and_never_shown(project, command, ruleset,
                                                                                   words):
    log = log_naming(project, ruleset)
    assert_refused(invoke(*command, log, input="q\n"), ruleset, words)


@pytest.mark.parametrize("ruleset, words", NAMED, ids=lambda v: v if v.startswith(("/", "link")) else "")
def test_serve_loads_no_log_naming_a_file_outside_its_folders(project, ruleset, words, capsys):
    from rulesrun.cli.serve import _replaying

    log = log_naming(project, ruleset)
    with pytest.raises((SystemExit, Exception)) as stopped:
        _replaying(str(log), (), Budget())
    said = capsys.readouterr()
    output = said.out + said.err + str(stopped.value)
    assert_said(getattr(stopped.value, "exit_code", getattr(stopped.value, "code", None)), output, ruleset, words)


@pytest.mark.parametrize("command", [REPLAYS[0], *(pytest.param(c, marks=pytest.mark.slow) for c in REPLAYS[1:]),
                                     pytest.param(("serve", "--port", "0"), marks=pytest.mark.slow)], ids=" ".join)
@pytest.mark.parametrize("target", ["fifo", pytest.param("/dev/zero", marks=pytest.mark.slow)])
def test_a_log_whose_sources_name_a_fifo_or_dev_zero_is_refused_at_once(project, command, target):
    """The recorded sources are checked by their sha256: reading a FIFO hung, /dev/zero filled the memory."""
    if target == "fifo":
        os.mkfifo(project / "fifo.rules")
        target = "fifo.rules"
    log = log_naming(project, target, sources={target: "0" * 64})
    result = run_apart(*command, log)
    assert result.returncode == 2, result.stdout + result.stderr
    assert target in result.stderr


@pytest.mark.slow
def test_a_log_that_is_no_regular_file_is_refused_at_once_by_replay_and_serve(tmp_path):
    """`serve fifo` looked into the file to tell a log from rules, and hung there."""
    os.mkfifo(tmp_path / "fifo")
    os.mkfifo(tmp_path / "fifo.jsonl")
    for command in (("replay",), ("serve", "--port", "0")):
        for log in ("fifo", "fifo.jsonl", "/dev/zero", "/dev/stdin"):
            result = run_apart(*command, log, cwd=tmp_path)
            assert result.returncode == 2 and "not a regular file" in result.stderr, (command, log, result.stderr)


@pytest.mark.parametrize("written, words", [
    ("a\x00b.rules", "holds a NUL byte"),
    ("x" * 300 + ".rules", "too long to name a file"),
    ("\udc80.rules", "holds half a character"),
    ("\ud800.rules", "holds half a character"),
])
def test_a_log_path_no_file_can_have_is_refused_by_name(project, written, words):
    log = project / "odd.jsonl"
    head = {"t": "setup", "ruleset": written, "fragments": [], "params": {}, "players": 2, "seed": 1,
            "agents": ["random", "random"], "sources": {}}
    log.write_text(json.dumps(head) + "\n")
    result = invoke("replay", log)
    assert result.exit_code == 2 and "not a log" in result.output and words in result.output, result.output


def test_a_log_beside_its_rules_replays_and_one_elsewhere_needs_allow_path(project, tmp_path):
    logged = invoke(project / "game.rules", "--seed", 3, "--agent", "random", "--log", project / "game.jsonl")
    assert logged.exit_code == 0, logged.output
    assert "identical" in invoke("replay", project / "game.jsonl").output
    (tmp_path / "logs").mkdir()
    away = invoke(project / "game.rules", "--seed", 3, "--agent", "random", "--log", tmp_path / "logs" / "g.jsonl")
    assert f"replay it with --allow-path {project}" in away.output
    assert invoke("replay", tmp_path / "logs" / "g.jsonl").exit_code == 2
    assert "identical" in invoke("replay", tmp_path / "logs" / "g.jsonl", "--allow-path", project).output


def test_a_logged_fragment_reaches_no_base_outside_the_log_folder(project, tmp_path):
    """A fragment named on the command line may plug into `../base.rules`; named by a log, it may not."""
    (tmp_path / "base.rules").write_text(f"{SECRET}\n")
    (project / "frag.rules").write_text('fragment "F" for "../base.rules"\n')
    result = invoke("replay", log_naming(project, "frag.rules"))
    assert_refused(result, "../base.rules", "lies outside the folders the log may name files in")


# --- check and play: an include, a fragment's base ------------------------------------------

def test_an_include_of_a_link_out_a_fifo_or_dev_zero_is_refused_by_name_before_it_is_opened(project, no_hang):
    """A link out is "outside the folders", whatever it points at (a link to /etc/passwd was
    "not a .rules file", which said nothing of where it leads)."""
    (project / "passwd.rules").symlink_to("/etc/passwd")
    os.mkfifo(project / "fifo.rules")
    for included, words in [("passwd.rules", "lies outside the folders"), ("link.rules", "lies outside the folders"),
                            ("fifo.rules", "is not a regular file"), ("/dev/zero", "is not a .rules file")]:
        (project / "top.rules").write_text(GAME + f'include "{included}"\n')
        assert_refused(invoke("check", project / "top.rules"), included, words)


@pytest.mark.parametrize("command", [("check",), ()], ids=["check", "play"])
def test_a_fragment_base_through_a_link_or_in_another_folder_is_refused(project, tmp_path, command):
    """`boards/x.rules for "../game.rules"` is in reach; a link to the folder above, or a folder
    beside the project, is not."""
    (tmp_path / "secret.rules").write_text(f"{SECRET}\n")
    (project / "up.rules").symlink_to(tmp_path / "secret.rules")
    (project / "linked.rules").write_text('fragment "F" for "up.rules"\n')
    assert_refused(invoke(*command, project / "linked.rules"), "up.rules", "lies outside the folders")
    (project / "beside.rules").write_text('fragment "F" for "../outside/secret.rules"\n')
    assert_refused(invoke(*command, project / "beside.rules"), "../outside/secret.rules", "lies outside the folders")
    (project / "boards").mkdir()
    (project / "boards" / "bonus.rules").write_text('fragment "Bonus" for "../game.rules"\n')
    assert invoke("check", project / "boards" / "bonus.rules").exit_code == 0


@pytest.mark.parametrize("junk", [b"\x00", b"\xff\xfe"], ids=["NUL byte", "not UTF-8"])
def test_an_included_file_that_is_no_text_is_located_but_never_quoted(project, junk):
    (project / "blob.rules").write_bytes(f"{SECRET} ".encode() + junk + b" more\n")
    (project / "top.rules").write_text(GAME + 'include "blob.rules"\n')
    result = invoke("check", project / "top.rules")
    assert result.exit_code == 2 and "blob.rules:1:" in result.output and SECRET not in result.output, result.output


# --- fmt ---------------------------------------------------------------------------------

UNFORMATTED = 'game   "Outside"\nplayers 2..2\n'


def test_fmt_of_a_folder_never_writes_or_shows_a_file_a_link_points_at(project, tmp_path):
    outside = tmp_path / "outside" / "mine.rules"
    outside.write_text(UNFORMATTED + f"# {SECRET}\n")
    (project / "out.rules").symlink_to(outside)
    checked = invoke("fmt", "--check", project)
    assert SECRET not in checked.output and "skipped" in checked.output, checked.output
    assert invoke("fmt", project).exit_code == 0
    assert outside.read_text() == UNFORMATTED + f"# {SECRET}\n" and (project / "out.rules").is_symlink()


def test_fmt_refuses_a_link_named_and_keeps_a_files_permissions(project, tmp_path):
    outside = tmp_path / "outside" / "mine.rules"
    outside.write_text(UNFORMATTED)
    (project / "out.rules").symlink_to(outside)
    result = invoke("fmt", project / "out.rules")
    assert result.exit_code == 2 and "is a symbolic link" in result.output and outside.read_text() == UNFORMATTED
    (project / "own.rules").write_text(UNFORMATTED)
    (project / "own.rules").chmod(0o640)
    assert invoke("fmt", project / "own.rules").exit_code == 0
    assert (project / "own.rules").read_text() == 'game "Outside"\nplayers 2..2\n'
    assert (project / "own.rules").stat().st_mode & 0o777 == 0o640


# --- snapshot --update and --check ---------------------------------------------------------

@pytest.fixture
def kept(project, monkeypatch):
    """A snapshot set of two tiny games, `project/snapshots/game/`."""
    monkeypatch.chdir(project)
    made = invoke("snapshot", "game.rules", "--seeds", "1..2", "--agent", "random")
    assert made.exit_code == 0, made.output
    return project / "snapshots" / "game"


def test_snapshot_update_replaces_a_link_and_never_writes_through_it(kept, tmp_path):
    outside = tmp_path / "outside" / "secret.txt"
    (kept / "seed-1.txt").unlink()
    (kept / "seed-1.txt").symlink_to(outside)
    checked = invoke("snapshot", "--check")
    assert checked.exit_code == 1 and SECRET not in checked.output, checked.output
    assert invoke("snapshot", "--update").exit_code == 0
    assert outside.read_text() == f"{SECRET}\n"
    assert not (kept / "seed-1.txt").is_symlink() and "Final standing" in (kept / "seed-1.txt").read_text()
    assert invoke("snapshot", "--check").exit_code == 0


def test_snapshot_update_deletes_only_the_transcripts_it_wrote(kept):
    (kept / "notes.md").write_text("my notes\n")
    (kept / "seed-x.txt").write_text("not a seed\n")
    manifest = json.loads((kept / "snapshot.json").read_text())
    (kept / "snapshot.json").write_text(json.dumps({**manifest, "seeds": [1]}))
    updated = invoke("snapshot", "--update")
    assert updated.exit_code == 0 and "seed-2.txt" in updated.output, updated.output
    assert sorted(p.name for p in kept.iterdir()) == ["notes.md", "seed-1.txt", "seed-x.txt", "snapshot.json",
                                                      "summary.json"]
    assert invoke("snapshot", "--check").exit_code == 0


def test_snapshot_force_replaces_a_manifest_link_and_never_writes_through_it(kept, tmp_path):
    """Writing a set anew writes snapshot.json as --update writes a transcript: beside it, then renamed."""
    outside = tmp_path / "outside" / "secret.txt"
    (kept / "snapshot.json").unlink()
    (kept / "snapshot.json").symlink_to(outside)
    refused = invoke("snapshot", "game.rules", "--seeds", "1")
    assert refused.exit_code == 2 and "a set exists at" in refused.output and (kept / "snapshot.json").is_symlink()
    forced = invoke("snapshot", "game.rules", "--seeds", "1", "--force")
    assert forced.exit_code == 0, forced.output
    assert outside.read_text() == f"{SECRET}\n" and not (kept / "snapshot.json").is_symlink()
    assert "removed seed-2.txt (no longer among the seeds)" in forced.output
    assert invoke("snapshot", "--check").exit_code == 0


@pytest.mark.parametrize("rules, words", [
    ("/etc/passwd", "is not a .rules file"),
    ("../../link.rules", "lies outside the folders the snapshot set may name files in"),
    ("../../../outside/secret.rules", "lies outside the folders the snapshot set may name files in"),
])
def test_a_snapshot_set_naming_rules_outside_its_project_is_refused_by_name(kept, rules, words):
    manifest = json.loads((kept / "snapshot.json").read_text())
    (kept / "snapshot.json").write_text(json.dumps({**manifest, "rules": rules}))
    for command in ("--check", "--update"):
        result = invoke("snapshot", command)
        assert result.exit_code == 2 and words in result.output and SECRET not in result.output, result.output
        assert "root:" not in result.output


def test_a_snapshot_manifest_that_is_a_link_or_a_fifo_is_refused(kept, tmp_path, no_hang):
    (kept / "snapshot.json").unlink()
    (kept / "snapshot.json").symlink_to(tmp_path / "outside" / "secret.txt")
    result = invoke("snapshot", "--check")
    assert result.exit_code == 2 and "not a regular file" in result.output and SECRET not in result.output
    (kept / "snapshot.json").unlink()
    os.mkfifo(kept / "snapshot.json")
    result = invoke("snapshot", "--check")
    assert result.exit_code == 2 and "not a regular file" in result.output, result.output
