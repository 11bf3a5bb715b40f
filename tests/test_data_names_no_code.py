"""A file names no code that runs here: a log, a snapshot set or the seats a server deals may
name only the built-in agents, and a bot's code (`bots/mine.py:Mine`) is loaded only when the
person running the tool types it after `--agent` (interpreter/lookahead/agents.py, `TrustedSpec`).

Each test seats a bot whose import leaves a marker file behind, and looks for the marker.
"""

import json
import os
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from rulesrun.cli.main import main
from rulesrun.interpreter.lookahead.agents import AgentSpec, NamesCode, TrustedSpec, make_agent, parse_agent
from rulesrun.interpreter.running.budget import Budget

from helpers import CLASSIC

REFUSED = "names a bot's code: a log, a snapshot set or a web request may name only the built-in agents"


class Bot:
    """A bot of one's own in `folder/mine.py`, whose import creates `folder/imported`."""

    def __init__(self, folder):
        self.path = folder / "mine.py"
        self.marker = folder / "imported"
        self.spec = f"{self.path}:Mine"
        self.path.write_text(f"open({str(self.marker)!r}, 'w').close()\n\n\n"
                             "class Mine:\n    def __init__(self, seed):\n        pass\n\n"
                             "    def choose(self, decision):\n        return len(decision.options) - 1\n")

    def imported(self) -> bool:
        found = self.marker.exists()
        self.marker.unlink(missing_ok=True)
        return found


@pytest.fixture
def bot(tmp_path):
    return Bot(tmp_path)


def invoke(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


# --- the agents' own entry points -----------------------------------------------------------

def test_a_spec_that_names_a_bot_file_is_refused_by_default_and_nothing_is_imported(bot):
    for load in (lambda spec: make_agent(spec, 1, 0), parse_agent, AgentSpec.parse):
        with pytest.raises(NamesCode, match=REFUSED):
            load(bot.spec)
    assert not bot.imported()


def test_a_refused_spec_is_not_even_looked_for_on_disk(tmp_path):
    """The refusal comes before the file is looked for: a missing file is refused the same way,
    not reported as missing (which would tell a request what files the host has)."""
    with pytest.raises(NamesCode, match=REFUSED):
        make_agent(f"{tmp_path / 'nowhere.py'}:Mine", 1, 0)


def test_a_spec_that_names_a_module_is_refused_before_the_import(tmp_path, monkeypatch):
    package = tmp_path / "theirbots"
    package.mkdir()
    marker = tmp_path / "imported"
    (package / "__init__.py").write_text(f"open({str(marker)!r}, 'w').close()\n")
    (package / "bots.py").write_text("class Mine:\n    def choose(self, decision):\n        return 0\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(NamesCode, match="`theirbots.bots:Mine` names a bot's code"):
        make_agent("theirbots.bots:Mine", 1, 0)
    assert not marker.exists() and "theirbots" not in sys.modules


def test_a_trusted_spec_loads_the_bot(bot):
    assert make_agent(TrustedSpec(bot.spec), 1, 0).name == "Mine"
    assert bot.imported()


def test_the_built_in_agents_need_no_trust():
    assert parse_agent("mcts:playouts=7") == ("mcts", {"playouts": 7})
    assert make_agent("greedy", 1, 0).name == "greedy"


# --- the command line: what the person types may seat a bot -------------------------------

def test_play_seats_the_bot_typed_after_agent(bot):
    played = invoke(CLASSIC, "--seed", 1, "--set", "rounds=1", "--players", 2, "--agent", bot.spec)
    assert played.exit_code == 0, played.output
    assert bot.imported()


@pytest.fixture
def logged(bot, tmp_path):
    """The log of a game played with the bot, as someone else may have sent it."""
    log = tmp_path / "game.jsonl"
    played = invoke(CLASSIC, "--seed", 1, "--set", "rounds=1", "--players", 2, "--agent", bot.spec, "--log", log)
    assert played.exit_code == 0, played.output
    assert bot.imported()
    return log


# --- a log: its answers replay the game, its seats are names --------------------------------

@pytest.mark.parametrize("how", [(), *(pytest.param(how, marks=pytest.mark.slow) for how in [("--show",), ("--step",)])])
def test_a_log_that_seats_a_bot_file_replays_from_its_answers_and_imports_nothing(logged, bot, how):
    """A replay plays the logged answers and asks no agent, so it makes none: the bot's seat is
    only a name, in the transcript and the printed `replay:` line."""
    replayed = invoke("replay", logged, *how, input="q\n")
    assert replayed.exit_code == 0, replayed.output
    assert not bot.imported()
    if how:
        assert f"--agent {bot.spec}" in replayed.output


@pytest.mark.slow
def test_serve_log_shows_a_bot_seat_by_name_and_never_makes_it(logged, bot):
    """`rulesrun serve LOG`: the replay needs no agent; a new game on the log's seats is refused."""
    pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
    pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2 (the test extra)")
    from starlette.testclient import TestClient

    from rulesrun.cli.serve import _replaying
    from rulesrun.web.server import make_app

    from web_client import ADDRESS, PORT
    from rulesrun.web.reach import Reach

    serving = _replaying(str(logged), (), Budget())
    assert serving.seats == (bot.spec, bot.spec) and serving.replay.steps
    web = TestClient(make_app(serving, Reach(PORT)), base_url=ADDRESS)
    assert web.get("/api/replays/log").json()["seats"] == [bot.spec, bot.spec]
    refused = web.post("/api/games", json={"seed": 1})
    assert refused.status_code == 422 and re.search(REFUSED, refused.json()["error"]), refused.text
    assert not bot.imported()


def test_serve_rules_seats_the_bot_typed_after_agent(bot):
    pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
    pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2 (the test extra)")
    from starlette.testclient import TestClient

    from rulesrun.cli.serve import _playing
    from rulesrun.web.server import make_app

    from web_client import ADDRESS, PORT
    from rulesrun.web.reach import Reach

    serving = _playing(str(CLASSIC), (), ("rounds=1",), ("human", bot.spec), 2, 1, (), Budget())
    assert bot.imported()
    moment = TestClient(make_app(serving, Reach(PORT)), base_url=ADDRESS).post("/api/games", json={"seed": 1}).json()
    assert moment["seats"] == ["human", bot.spec] and moment["error"] is None
    assert bot.imported()


def test_a_bot_typed_after_agent_that_cannot_be_made_for_a_game_is_a_422_naming_it(tmp_path):
    """The web table makes the bots of each game it deals: one whose `__init__` raises for that
    game's seed is the bot's own mistake, said at its line, not a 500."""
    pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
    pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2 (the test extra)")
    from starlette.testclient import TestClient

    from rulesrun.cli.serve import _playing
    from rulesrun.web.reach import Reach
    from rulesrun.web.server import make_app
    from web_client import ADDRESS, PORT

    moody = tmp_path / "moody.py"
    moody.write_text("class Moody:\n    def __init__(self, seed):\n        if not str(seed).startswith('0:'):\n"
                     "            raise RuntimeError('not today')\n\n    def choose(self, decision):\n        return 0\n")
    serving = _playing(str(CLASSIC), (), ("rounds=1",), ("human", f"{moody}:Moody"), 2, 1, (), Budget())
    dealt = TestClient(make_app(serving, Reach(PORT)), base_url=ADDRESS).post("/api/games", json={"seed": 1})
    assert dealt.status_code == 422, dealt.text
    assert "moody.py:4: RuntimeError: not today" in dealt.json()["error"]


# --- a snapshot set: its manifest is data ---------------------------------------------------

@pytest.fixture
def their_set(bot, tmp_path):
    """A snapshot set someone else wrote, whose snapshot.json seats the bot."""
    folder = tmp_path / "snapshots" / "theirs"
    folder.mkdir(parents=True)
    manifest = {"rules": os.path.relpath(CLASSIC, folder), "with": [], "set": ["rounds=1"], "players": 2,
                "agents": [bot.spec], "seeds": [1]}
    (folder / "snapshot.json").write_text(json.dumps(manifest))
    return folder


@pytest.mark.parametrize("command", ["--check", "--update"])
def test_a_snapshot_set_that_seats_a_bot_file_is_refused_unplayed(their_set, bot, tmp_path, command):
    refused = invoke("snapshot", command, tmp_path)
    assert refused.exit_code == 2, refused.output
    assert f"snapshot.json: `{bot.spec}` {REFUSED}" in refused.output
    assert f"rulesrun snapshot --check --agent {bot.spec}" in refused.output and "Traceback" not in refused.output
    assert not bot.imported() and sorted(p.name for p in their_set.iterdir()) == ["snapshot.json"]


@pytest.mark.slow
def test_a_bot_named_after_agent_may_play_the_sets_that_seat_it(their_set, bot, tmp_path):
    assert invoke("snapshot", "--update", tmp_path, "--agent", bot.spec).exit_code == 0
    assert bot.imported() and (their_set / "seed-1.txt").exists()
    checked = invoke("snapshot", "--check", tmp_path, "--agent", bot.spec)
    assert checked.exit_code == 0 and "theirs: ok" in checked.output, checked.output
    assert invoke("snapshot", "--check", tmp_path, "--agent", "greedy").exit_code == 2


@pytest.mark.slow
def test_pytest_refuses_a_snapshot_set_that_seats_a_bot_file(their_set, bot, tmp_path):
    collected = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "snapshots"],
                               capture_output=True, text=True, cwd=tmp_path)
    assert collected.returncode != 0 and f"`{bot.spec}` {REFUSED}" in collected.stdout, collected.stdout
    assert "Traceback" not in collected.stdout
    assert not bot.imported()
