"""Fragments that know their base (#17 item 1): `fragment "T" for "BASE" with NAME = VALUE`.
Named as the ruleset, such a fragment is checked and played composed on its base; a board's
file plays Royale with that board in every round."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from helpers import RULESETS
from rulesrun.cli.main import main
from rulesrun.dsl.check import check
from rulesrun.dsl.compose import compose
from rulesrun.dsl.errors import RulesError

BOARDS = sorted((RULESETS / "tafeln").glob("*.rules"))
VARIANTS = sorted((RULESETS / "variants").glob("*.rules"))


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


# The board compiles Royale (tests/test_every_file_checks.py checks a board alone quick).
@pytest.mark.parametrize("path", [pytest.param(RULESETS / "tafeln" / "no_entry.rules", marks=pytest.mark.slow),
                                  RULESETS / "variants" / "kicker.rules"], ids=lambda p: p.stem)
def test_a_board_and_a_variant_check_on_their_own(path):
    result = run("check", path)
    assert result.exit_code == 0, result.output


@pytest.mark.slow
@pytest.mark.parametrize("path", BOARDS + VARIANTS, ids=lambda p: p.stem)
def test_every_shipped_board_and_variant_says_its_base_and_checks_on_its_own(path):
    assert re.search(r'^fragment "[^"]+" for "\.\./\w+\.rules"', path.read_text(), re.M), path
    result = run("check", path)
    assert result.exit_code == 0, result.output


@pytest.mark.slow
def test_a_board_file_plays_royale_with_that_board_in_every_round():
    result = run(RULESETS / "tafeln" / "jackpot.rules", "--seed", 4, "--players", 3, "--agent", "random")
    assert result.exit_code == 0, result.output
    attached = re.findall(r"board (.+) lies at casino 1", result.output)
    assert len(attached) >= 3 and set(attached) == {"JACKPOT"}  # every round, by its title
    assert result.output.startswith("Las Vegas Royale")


@pytest.mark.slow
def test_a_set_on_the_command_line_wins_over_the_fragments_with():
    result = run(RULESETS / "tafeln" / "jackpot.rules", "--seed", 4, "--players", 3, "--agent", "random",
                 "--set", "forced_boards=pay_day")
    attached = re.findall(r"board (.+) lies at casino 1", result.output)
    assert len(attached) >= 3 and set(attached) == {"PAY DAY"}


BASE = """\
game "Base"
players 2..2
param rounds = 1 "Rounds."
var points per player = 0

phase game:
    repeat rounds:
        for p in players:
            points[p] += 1

score by p: points[p]
"""


def test_errors_of_a_fragment_point_into_it_and_its_settings_are_checked(tmp_path):
    (tmp_path / "base.rules").write_text(BASE)
    fragment = tmp_path / "bonus.rules"
    fragment.write_text('fragment "Bonus" for "base.rules" with rounds = 3, roundz = 2\n\n'
                        "after game:\n    points[0] += bonus_points\n")
    with pytest.raises(RulesError) as error:
        compose(fragment)
    (unknown,) = error.value.diagnostics
    assert unknown.span.file.endswith("bonus.rules") and unknown.span.line == 1
    assert "`roundz` is no parameter" in unknown.message and "rounds" in unknown.hint
    fragment.write_text('fragment "Bonus" for "base.rules" with rounds = 3\n\n'
                        "after game:\n    points[0] += bonus_points\n")
    result = run("check", fragment)
    assert result.exit_code == 2 and "bonus.rules:4:18" in result.output and "bonus_points" in result.output
    fragment.write_text('fragment "Bonus" for "base.rules" with rounds = 3\n\nafter game:\n    points[0] += 10\n')
    played = run(fragment, "--seed", 1, "--agent", "random")
    assert played.exit_code == 0 and "13" in played.output  # three rounds, then the bonus


def test_a_base_in_the_folder_above_is_in_reach_one_further_away_is_refused(tmp_path):
    """A board in `boards/` plugs into `../game.rules`; `../../` is outside the project."""
    boards = tmp_path / "game" / "boards"
    boards.mkdir(parents=True)
    (tmp_path / "game" / "base.rules").write_text(BASE)
    (boards / "bonus.rules").write_text('fragment "Bonus" for "../base.rules"\n')
    assert run("check", boards / "bonus.rules").exit_code == 0
    (tmp_path / "base.rules").write_text(BASE)
    (boards / "far.rules").write_text('fragment "Far" for "../../base.rules"\n')
    result = run("check", boards / "far.rules")
    assert result.exit_code == 2 and "far.rules:1:1" in result.output and "--allow-path" in result.output
    assert run("check", boards / "far.rules", "--allow-path", tmp_path).exit_code == 0


def test_a_base_anywhere_in_the_fragments_project_is_in_reach_and_none_beyond_it(tmp_path):
    """The project is the folder holding .git, pyproject.toml or rulesrun.toml: a variant deep
    below names `../../../base.rules`; a base above the project's top stays refused."""
    project = tmp_path / "project"
    deep = project / "variants" / "game" / "endings"
    deep.mkdir(parents=True)
    (project / "base.rules").write_text(BASE)
    (tmp_path / "outside.rules").write_text(BASE)
    (deep / "short.rules").write_text('fragment "Short" for "../../../base.rules"\n')
    (deep / "escape.rules").write_text('fragment "Escape" for "../../../../outside.rules"\n')
    assert run("check", deep / "short.rules").exit_code == 2
    for marker in ("rulesrun.toml", "pyproject.toml", ".git"):
        made = project / marker
        made.mkdir() if marker == ".git" else made.write_text("")
        assert run("check", deep / "short.rules").exit_code == 0, marker
        result = run("check", deep / "escape.rules")
        assert result.exit_code == 2 and "escape.rules:1:1" in result.output and "rulesrun.toml" in result.output
        made.rmdir() if marker == ".git" else made.unlink()


def test_an_editors_unsaved_text_is_composed_instead_of_the_saved_file(tmp_path):
    """What the language server checks as the designer types (`texts`, by real path): the saved
    fragment is sound, the text in the editor names a param its base lacks."""
    (tmp_path / "base.rules").write_text(BASE)
    fragment = tmp_path / "bonus.rules"
    fragment.write_text('fragment "Bonus" for "base.rules"\n\nafter game:\n    points[0] += rounds\n')
    compose(fragment)
    typed = {fragment.resolve(): 'fragment "Bonus" for "base.rules"\n\nafter game:\n    points[0] += roundz\n'}
    with pytest.raises(RulesError) as error:
        check(compose(fragment, texts=typed))
    (unknown,) = error.value.diagnostics
    assert unknown.span.file.endswith("bonus.rules") and (unknown.span.line, unknown.span.column) == (4, 18)


@pytest.mark.parametrize("files", [{"self.rules": "self.rules"}, {"a.rules": "b.rules", "b.rules": "a.rules"}],
                         ids=["itself", "through another"])
def test_a_fragment_plugging_into_itself_is_a_located_error(tmp_path, files):
    """It recursed without end (a RecursionError traceback), and an editor meets it while the base's name is typed."""
    for name, base in files.items():
        (tmp_path / name).write_text(f'fragment "F" for "{base}"\n')
    first = tmp_path / next(iter(files))
    with pytest.raises(RulesError, match="in a circle") as error:
        compose(first)
    assert error.value.diagnostics[0].span.line == 1
