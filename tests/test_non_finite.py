"""A number that is not finite (inf, nan) never leaves a game: a score is a located play error,
and a record JSON cannot hold is refused by name, the file left as it was (`Infinity` is
Python's word, which no other JSON reader takes)."""

import math

import pytest
from click.testing import CliRunner

from rulesrun.cli.jsonlines import JsonLines, NotFinite
from rulesrun.cli.main import main

GROWS = """\
game "grows"
players 2..2
var got per player = 1.0
phase game:
    repeat 60:
        got[0] = got[0] * 1000000.0
score by p: got[p]
"""

# After the var has grown: a decision for the page to show, then the score.
ASKS_THEN_SCORE = """\
    got[1] = choose(0, "pick", [1, 2])
score by p"""


def _invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], prog_name="rulesrun")


@pytest.fixture
def grows(tmp_path):
    path = tmp_path / "grows.rules"
    path.write_text(GROWS)
    return path


def test_an_infinite_score_is_a_located_play_error(grows):
    result = _invoke(grows)
    assert result.exit_code == 3
    assert "grows.rules:7:1: error: the score of seat 0 is inf, not a number" in result.output
    assert "Traceback" not in result.output


def test_simulate_with_an_infinite_score_keeps_the_out_file_as_it_was(grows, tmp_path):
    out = tmp_path / "games.jsonl"
    out.write_text("earlier\n")
    result = _invoke("simulate", grows, "--games", 3, "--out", out)
    assert result.exit_code == 3, result.output
    assert "the score of seat 0 is inf" in result.output
    assert out.read_text() == "earlier\n"
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".part"] == []


@pytest.mark.parametrize("number", [math.inf, -math.inf, math.nan])
def test_a_record_json_cannot_hold_is_refused_by_name(tmp_path, number):
    out = JsonLines(tmp_path / "records.jsonl")
    with pytest.raises(NotFinite, match="record 1 holds a number that is not finite"):
        out.write({"rules": {"bonus": {"paid": number}}})
    out.discard()


def test_the_web_page_shows_a_var_grown_infinite_as_the_rules_write_it(tmp_path, grows):
    """The page's JSON has no `Infinity`: the var reads `inf`, and the game's end says why it has no score."""
    pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
    pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2 (the test extra)")
    from web_client import client
    from rulesrun.interpreter.running.rules import load_rules

    asks = tmp_path / "asks.rules"
    asks.write_text(GROWS.replace("score by p", ASKS_THEN_SCORE))
    page = client(load_rules(str(asks)), asks, ["human", "greedy"], seed=1)
    dealt = page.post("/api/games", json={"seed": 1})
    assert dealt.status_code == 200, dealt.text
    assert dealt.json()["view"]["vars"]["got"][0] == "inf"
    ended = page.post(f"/api/games/{dealt.json()['game']}/answer", json={"option": 0, "answered": 0})
    assert ended.status_code == 200 and ended.json()["scores"] is None
    assert "the score of seat 0 is inf" in ended.text
