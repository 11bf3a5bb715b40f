"""The red team's attack corpus, one case per attack and surface (issue #38, item 7;
docs/security.md): hostile rules files (tests/redteam/rules/), tampered logs and snapshot sets
(made here from a real game), requests to the web table. Each case runs as a stranger's file
would, through the command a person types, in a process of its own bounded in time, and must
end in its expected exit status and words, with no traceback, and without creating the marker
file that any executed payload would create.

The quick run tries one hostile rules file and every request to the web table (tampered logs,
three processes a case, stay quick in process in tests/test_bad_inputs.py and
tests/test_data_names_no_code.py); CI runs them all (`slow`).
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT

CORPUS = ROOT / "tests" / "redteam"
CLASSIC = ROOT / "rulesets" / "classic.rules"
SECONDS = 60
MARKER = "PWNED"

# file -> (command, expected exit status, words the output must contain)
RULES = {
    "lambda_globals": ("check", 2, "names that begin with two underscores are reserved"),
    "lambda_globals_in_assert": ("check", 2, "a function has no field `.globals_`"),
    "text_format": ("play", 3, "text has no field `.format`"),
    "keyword_into_lambda": ("check", 2, "names that begin with two underscores are reserved"),
    "include_passwd": ("check", 2, "is not a .rules file"),
    "include_nul": ("check", 2, "holds a NUL byte"),
    "while_forever": ("play", 3, "steps"),
    "memory_doubling": ("play", 3, "--budget steps=N"),
    "shared_halves": ("play", 3, "--budget steps=N"),
    "call_tree": ("check", 0, "probe: ok (1 file)"),
    "infinite_score": ("simulate", 3, "the score of seat 0 is inf"),
    "recursion": ("play", 3, "error"),
}

BOT = f"open({MARKER!r}, 'w').close()\nclass Bot:\n    def __init__(self, seed=0): pass\n    def choose(self, d): return 0\n"


def _setup_edits():
    """Tampered setups of a real log: (name, edit of the setup line, replay's status, words)."""
    return {
        "seats naming a bot's code": (lambda s: s.update(agents=["bot.py:Bot", "bot.py:Bot"]), 0, "identical"),
        "seats naming a module": (lambda s: s.update(agents=["bot:Bot", "os.path:join"]), 0, "identical"),
        "players as a huge number": (lambda s: s.update(players=10**400), 2, "not a log"),
        "a seed that is text": (lambda s: s.update(seed="1; rm -rf /"), 2, "not a log"),
        "params of the wrong kind": (lambda s: s.update(params={"rounds": [1] * 100000}), 2, ""),
    }


def _run(tmp_path: Path, *args) -> subprocess.CompletedProcess:
    result = subprocess.run([sys.executable, "-m", "rulesrun", *map(str, args)], cwd=tmp_path, capture_output=True,
                            text=True, timeout=SECONDS, stdin=subprocess.DEVNULL)
    assert "Traceback" not in result.stdout + result.stderr, result.stdout + result.stderr
    assert not (tmp_path / MARKER).exists(), f"the payload ran: {args}"
    return result


def _rules_case(tmp_path, name):
    command, status, words = RULES[name]
    path = tmp_path / f"{name}.rules"
    path.write_text((CORPUS / "rules" / f"{name}.rules").read_text().replace("{MARKER}", str(tmp_path / MARKER)))
    args = {"check": ["check", path], "play": [path, "--seed", 1], "simulate": ["simulate", path, "--games", 3]}[command]
    result = _run(tmp_path, *args)
    assert result.returncode == status, result.stdout + result.stderr
    assert words in result.stdout + result.stderr, result.stdout + result.stderr
    if status:
        assert f"{name}.rules:" in result.stdout + result.stderr or name == "include_nul"


def _logged(tmp_path: Path) -> Path:
    log = tmp_path / "game.jsonl"
    made = _run(tmp_path, CLASSIC, "--players", 2, "--seed", 1, "--set", "rounds=1", "--log", log)
    assert made.returncode == 0, made.stderr
    (tmp_path / "bot.py").write_text(BOT)
    return log


def _log_case(tmp_path, name):
    edit, status, words = _setup_edits()[name]
    log = _logged(tmp_path)
    lines = log.read_text().splitlines()
    setup = json.loads(lines[0])
    edit(setup)
    log.write_text("\n".join([json.dumps(setup)] + lines[1:]) + "\n")
    result = _run(tmp_path, "replay", log)
    assert result.returncode == status and words in result.stdout + result.stderr, result.stdout + result.stderr
    shown = _run(tmp_path, "replay", log, "--show")
    assert shown.returncode == status, shown.stdout + shown.stderr


@pytest.mark.parametrize("name", [pytest.param(n, marks=() if n == "lambda_globals" else pytest.mark.slow) for n in RULES])
def test_a_hostile_rules_file_ends_as_expected_and_runs_nothing(tmp_path, name):
    _rules_case(tmp_path, name)


@pytest.mark.slow  # three processes a case: tests/test_bad_inputs.py keeps tampered logs quick, in process
@pytest.mark.parametrize("name", list(_setup_edits()))
def test_a_tampered_log_ends_as_expected_and_runs_nothing(tmp_path, name):
    _log_case(tmp_path, name)


SMALL = """\
game "small"
players 2..2
die d faces 1..6
zone cup per player
phase game:
    for p in players:
        create d x 1 owned by p into cup[p]
        roll cup[p]
score by p: facesum(cup[p])
"""


@pytest.mark.slow
def test_a_snapshot_set_naming_a_bots_code_is_refused_and_runs_nothing(tmp_path):
    (tmp_path / "small.rules").write_text(SMALL)
    made = _run(tmp_path, "snapshot", "small.rules", "--seeds", "1..1", "--players", 2)
    assert made.returncode == 0, made.stdout + made.stderr
    manifest = next(tmp_path.glob("snapshots/*/snapshot.json"))
    data = json.loads(manifest.read_text())
    data["agents"] = ["bot.py:Bot"]
    manifest.write_text(json.dumps(data))
    (tmp_path / "bot.py").write_text(BOT)
    result = _run(tmp_path, "snapshot", "--check", tmp_path)
    assert result.returncode == 2 and "names a bot's code" in result.stdout + result.stderr, result.stdout + result.stderr


def test_the_corpus_has_a_case_for_every_rules_file():
    assert sorted(p.stem for p in (CORPUS / "rules").glob("*.rules")) == sorted(RULES)


# --- requests to the web table: (method, path, headers, body) -> status ------------------------
# tests/test_web_trust.py tries each refusal in depth; here the table is the corpus.
FOREIGN = {"host": "evil.example:8000"}
CROSS = {"origin": "http://evil.example"}
REQUESTS = {
    "a foreign Host (DNS rebinding)": ("GET", "/api/setup", FOREIGN, None, 421),
    "another site's page posting": ("POST", "/api/games", CROSS, {"seed": 1}, 403),
    "a browser saying the request is cross-site": ("POST", "/api/games", {"sec-fetch-site": "cross-site"}, {"seed": 1},
                                                     403),
    "a form post without a preflight": ("POST", "/api/games", {"content-type": "text/plain"}, b'{"seed": 1}', 415),
    "a body over the limit": ("POST", "/api/games", {}, b"[" + b"1," * 40_000 + b"1]", 413),
    "a body nested past the recursion limit": ("POST", "/api/games", {}, b"[" * 30_000 + b"]" * 30_000, 400),
    "a seed of 5,000 digits": ("POST", "/api/games", {}, b'{"seed": ' + b"9" * 5000 + b"}", 400),
    "a game without its token": ("GET", "/api/games/AAAAAAAAAAAA", {}, None, 404),
    "a replay step of 30 digits": ("GET", "/api/replays/log/steps/" + "9" * 30, {}, None, 404),
    "a path out of the static folder": ("GET", "/static/../../../etc/passwd", {}, None, 404),
}


@pytest.mark.parametrize("name", REQUESTS)
def test_a_hostile_request_to_the_web_table_gets_its_status_and_nothing_more(name):
    pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
    pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2 (the test extra)")
    from web_client import client
    from rulesrun.interpreter.running.rules import load_rules

    method, path, headers, body, status = REQUESTS[name]
    page = client(load_rules(str(CLASSIC)), CLASSIC, ["human", "greedy"])
    if isinstance(body, bytes):
        sent = page.request(method, path, headers={"content-type": "application/json", **headers}, content=body)
    else:
        sent = page.request(method, path, headers=headers, json=body)
    assert sent.status_code == status, sent.text[:300]
    assert "root:" not in sent.text and "Traceback" not in sent.text


# --- the OpenSpiel bridge's parameters: a game string may come from someone's config ----------
BRIDGE = {
    "a param named like Python's own": ({"params": "__class__:1"}, "unknown parameter `__class__`"),
    "a number too large for a float": ({"params": "rounds:1e999"}, "`rounds` is a whole number"),
    "a thousand million seats": ({"players": 10**9}, "is for 2-6 players, not 1000000000"),
    "a fragment that is a device": ({"with": "/dev/zero"}, "is not a regular file"),
    "rules that are a device": ({"rules": "/dev/zero"}, "is not a regular file"),
    "a fragment that is no rules file": ({"with": "/etc/hostname"}, ""),
}


@pytest.mark.parametrize("name", BRIDGE)
def test_hostile_bridge_parameters_are_a_rules_error_naming_them(name):
    pyspiel = pytest.importorskip("pyspiel")
    import rulesrun.openspiel  # noqa: F401 - registers the game
    from rulesrun.dsl.errors import RulesError

    params, words = BRIDGE[name]
    game_name = next(n for n in pyspiel.registered_names() if "rulesrun" in n)
    with pytest.raises(RulesError) as raised:
        pyspiel.load_game(game_name, {"rules": str(CLASSIC), **params}).new_initial_state()
    assert words in str(raised.value)
