"""A newcomer's first steps, as the README gives them (issue #39, "Setting up"): the first command
installs the base package only, the examples say how to reach `rulesrun`, every bot file they
name is shipped, and a bot of one's own is found as `--help` says (`module:Class`)."""

import re

from click.testing import CliRunner

from helpers import CLASSIC, ROOT
from rulesrun.cli.main import main
from rulesrun.interpreter.lookahead.agents import AgentSpecError, TrustedSpec, parse_agent

README = (ROOT / "README.md").read_text()


def _shell_blocks() -> list[str]:
    return re.findall(r"```sh\n(.*?)```", README, re.S)


def test_the_first_command_installs_the_base_package_and_plays_royale():
    first = _shell_blocks()[0].strip()
    assert "pip install -e . " in first and "[" not in first, first
    assert first.endswith("rulesrun rulesets/royale.rules")
    assert "source\n.venv/bin/activate" in README or "source .venv/bin/activate" in README


def test_the_second_command_installs_the_tests_and_runs_them_all():
    second = _shell_blocks()[1].strip()
    assert "pip install -e '.[test]'" in second and second.endswith('pytest -n auto -m "slow or not slow"')
    ci = (ROOT / ".ci" / "run").read_text()
    assert "pip install -e '.[test]'" in ci and 'python -m pytest -n auto -m "slow or not slow"' in ci


def test_every_bot_file_the_docs_name_is_shipped():
    named = set()
    for text in [README] + [p.read_text() for p in (ROOT / "docs").glob("*.md")]:
        named |= set(re.findall(r"--agent (examples/[\w/]+\.py):\w+", text))
    assert named, "the README names a bot of its own"
    assert all((ROOT / path).is_file() for path in named), named


def test_a_bot_in_a_module_without_a_dot_is_found(tmp_path, monkeypatch):
    (tmp_path / "mine.py").write_text((ROOT / "examples" / "bots" / "mine.py").read_text())
    monkeypatch.syspath_prepend(str(tmp_path))
    assert parse_agent(TrustedSpec("mine:Mine")) == ("mine:Mine", {})
    result = CliRunner().invoke(main, [str(CLASSIC), "--agent", "mine:Mine", "--seed", "3"])
    assert result.exit_code == 0 and "(mine:Mine)" in result.output, result.output


def test_an_unknown_agent_lists_every_known_one_and_says_how_to_name_ones_own():
    result = CliRunner().invoke(main, [str(CLASSIC), "--agent", "nosuch"])
    assert result.exit_code == 2
    assert "unknown agent `nosuch`; known: random, greedy, mcts, human, or a bot of your own: PATH.py:Class or " \
           "module:Class" in result.output
    try:
        parse_agent("greedy:samples=4")
    except AgentSpecError:
        raise AssertionError("a built-in agent with options is no module") from None
