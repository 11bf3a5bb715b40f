"""Colours on a terminal only: seats in their colours and bold headings, plain text in a pipe,
none with NO_COLOR set (https://no-color.org)."""

import re

import pytest
from click.testing import CliRunner

from rulesrun.cli import output as cli_output
from rulesrun.cli.colours import paint
from rulesrun.cli.main import main

from helpers import CLASSIC

ANSI = re.compile(r"\x1b\[[0-9;]*m")
GAME = (str(CLASSIC), "--seed", 3, "--players", 2, "--set", "rounds=1", "--agent", "random")


def invoke(*args, env=None):
    return CliRunner().invoke(main, [str(a) for a in args], env=env)


@pytest.mark.slow
def test_a_terminal_gets_colours_and_the_same_text_under_them(monkeypatch):
    plain = invoke(*GAME)
    monkeypatch.setattr(cli_output, "stdout_on_terminal", lambda: True)
    coloured = invoke(*GAME, env={"NO_COLOR": ""})
    assert coloured.exit_code == 0, coloured.output
    assert "\x1b[" in coloured.output
    assert ANSI.sub("", coloured.output) == plain.output


def test_no_color_is_respected_on_a_terminal(monkeypatch):
    monkeypatch.setattr(cli_output, "stdout_on_terminal", lambda: True)
    result = invoke(*GAME, env={"NO_COLOR": "1"})
    assert result.exit_code == 0 and "\x1b[" not in result.output


def test_a_pipe_gets_plain_text():
    assert "\x1b[" not in invoke(*GAME).output


def test_each_seat_has_its_colour_and_headings_are_bold():
    painted = paint("turn 3 - seat 1\n  > seat 0 chooses place(2)")
    heading, choice = painted.split("\n")
    assert heading.startswith("\x1b[1m") and not choice.startswith("\x1b[1m")
    seat_1 = re.search(r"\x1b\[([0-9;]*)mseat 1", heading).group(1)
    seat_0 = re.search(r"\x1b\[([0-9;]*)mseat 0", choice).group(1)
    assert seat_0 != seat_1.replace("1;", "")
    assert ANSI.sub("", painted) == "turn 3 - seat 1\n  > seat 0 chooses place(2)"
