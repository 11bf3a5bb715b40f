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
