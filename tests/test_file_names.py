"""A path that can name no file (a NUL byte, a name past the system's limits) is a located
error where it is written, never Python's ValueError or OSError."""

import pytest

from rulesrun.dsl.compose import compose
from rulesrun.dsl.errors import RulesError
from rulesrun.dsl.files import path_mistake

HEAD = 'game "a"\nplayers 2..2\n'


@pytest.mark.parametrize("written, said", [
    ("a\\x00b.rules", "holds a NUL byte"),
    ("x" * 300 + ".rules", "too long to name a file"),
    ("/".join(["x" * 250] * 20) + ".rules", "too long to name a file"),
])
def test_an_include_that_can_name_no_file_is_located(tmp_path, written, said):
    path = tmp_path / "top.rules"
    path.write_text(HEAD + f'include "{written}"\nscore by p: 0\n')
    with pytest.raises(RulesError) as raised:
        compose(path)
    assert f"top.rules:3:9: error: `" in str(raised.value) and said in str(raised.value)


def test_an_include_whose_whole_path_grows_too_long_is_no_file(tmp_path):
    """Each name within the limits, the folder and the path together past them: not found."""
    path = tmp_path / "top.rules"
    path.write_text(HEAD + 'include "' + "/".join(["x" * 240] * 16) + '.rules"\nscore by p: 0\n')
    with pytest.raises(RulesError, match="top.rules:3:1: error: no file"):
        compose(path)


def test_a_ruleset_named_too_long_is_said_so(tmp_path):
    with pytest.raises(RulesError, match="too long to name a file"):
        compose(tmp_path / ("y" * 300 + ".rules"))


def test_ordinary_paths_are_fine():
    assert path_mistake("../tafeln/jackpot.rules") is None
    assert path_mistake("tafeln/é.rules") is None
