"""Every mistake a designer can make gives exit 2 (3 when it shows only in play) and a located
message with a hint, never a traceback: the corpus in tests/bad_inputs/, one mistake per file."""

import re

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import ROOT
from rulesrun.cli import exit_codes
from rulesrun.cli.main import main

BAD = ROOT / "tests" / "bad_inputs"

# file -> (line, column, words the message must contain)
CHECK_ERRORS = {
    "missing_colon": (4, 11, "unexpected end of line"),
    "bad_dedent": (6, 1, "indentation"),
    "unexpected_token": (5, 9, "unexpected"),
    "unterminated_string": (5, 9, "unexpected character"),
    "stray_character": (5, 15, "unexpected character '$'"),
    "unknown_name": (6, 24, "unknown name `casinoo`"),
    "unknown_procedure": (7, 5, "unknown procedure `setpu`"),
    "proc_arity": (7, 13, "`twice` takes 1 argument, given 2"),
    "builtin_arity": (5, 13, "`len` takes 1 argument, given 0"),
    "text_arithmetic": (5, 13, "between text and a number"),
    "text_local_arithmetic": (6, 13, "`-` between text and a number"),
    "zone_plus_number": (6, 16, "`+` between a zone and a number"),
    "attribute_of_number": (6, 5, "a number has no `.face`"),
    "loop_over_number": (7, 14, "`for` needs a list, a zone or a range, not a number"),
    "repeat_text": (5, 12, "needs a number, not text"),
    "family_without_index": (7, 18, "family of zones"),
    "assign_param": (6, 5, "cannot assign to param `rounds`"),
    "assign_into_zone": (6, 5, "the pieces of zone `row` cannot be assigned"),
    "private_without_owners": (4, 1, "only a `per player` zone can be private"),
    "return_outside_proc": (5, 5, "`return` outside a procedure"),
    "break_outside_loop": (5, 5, "`break` outside a loop"),
    "undeclared_point": (5, 5, "no move is declared for `after_roll`"),
    "hook_unknown_phase": (6, 1, "no phase is named `scoring`"),
    "forbid_unknown_move": (6, 1, "no move is named `place`"),
    "duplicate_declaration": (5, 1, "`rounds` is declared twice"),
    "override_missing": (4, 10, "nothing named `roundz` to override"),
    "extends_missing": (1, 1, "no file"),
    "cycle_a": (1, 1, "includes itself"),  # reported at the include that closes the cycle, in cycle_b
    "reserved_word": (5, 5, "reserved word"),
    "empty": (1, 1, "no `phase game`"),
    "binary_garbage": (1, 1, "not UTF-8 text"),
}
HINTS = {"unknown_name": "did you mean `casino`?", "unknown_procedure": "did you mean `setup`?"}


def invoke(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result


WHERE = {"cycle_a": "cycle_b"}


def assert_located(output, name, line, column):
    where = WHERE.get(name, name)
    path = re.escape(str(BAD / f"{where}.rules")) + "|" + re.escape(f"{where}.rules")
    assert re.search(rf"(?:{path}):{line}:{column}: error", output), output
    if name != "empty":
        assert re.search(r"^\s+\d+ \| ", output, re.M), "the source line is shown"
    if name != "empty":
        assert re.search(r"^\s+\| +\^", output, re.M), "a caret points at the spot"
    assert "hint: " in output


@pytest.mark.parametrize("name", sorted(CHECK_ERRORS))
def test_check_reports_each_mistake_located_with_a_hint(name):
    line, column, words = CHECK_ERRORS[name]
    result = invoke("check", BAD / f"{name}.rules")
    assert result.exit_code == 2
    assert words in result.output
    assert_located(result.output, name, line, column)
    if name in HINTS:
        assert HINTS[name] in result.output


def test_two_fragments_overriding_one_part_are_refused_naming_both():
    result = invoke("check", BAD / "conflict_base.rules", "--with", BAD / "conflict_one.rules",
                    "--with", BAD / "conflict_two.rules")
    assert result.exit_code == 2
    assert "two fragments override `rounds`" in result.output
    assert re.search(r"conflict_two\.rules:2:\d+", result.output)
    assert re.search(r"conflict_one\.rules:2:\d+", result.output)


@pytest.mark.parametrize("name, line, words", [
    ("looping_rule", 6, "never ends"),
    ("index_outside", 6, "index 7 is outside"),
    ("changed_param", 6, "a param's list cannot change"),
    ("zone_changed_through_a_local", 10, "a zone changes only by put, deal"),
    ("param_plus_number", 7, "`+` between a list and a number"),
    ("param_attribute_of_number", 6, "a number has no `.face`"),
])
def test_mistakes_that_show_only_in_play_are_located_too(name, line, words):
    assert invoke("check", BAD / f"{name}.rules").exit_code == 0
    result = invoke(BAD / f"{name}.rules", "--players", 2, "--seed", 1)
    assert result.exit_code == exit_codes.PLAY_ERROR
    assert words in result.output
    assert_located(result.output, name, line, 5)
    assert "object" not in result.output and "'int'" not in result.output, "the designer's words, not Python's"


def test_a_missing_file_is_a_message_not_a_traceback():
    result = invoke("check", BAD / "no_such_file.rules")
    assert result.exit_code == 2
    assert "cannot read" in result.output and "hint:" in result.output


def test_bad_cli_options_are_usage_errors():
    assert invoke(ROOT / "rulesets" / "classic.rules", "--players", "many").exit_code == 2
    result = invoke(ROOT / "rulesets" / "classic.rules", "--agent", "genius")
    assert result.exit_code == 2 and "unknown agent" in result.output


@settings(max_examples=100, deadline=None)
@given(st.one_of(st.text(max_size=300), st.binary(max_size=300)))
def test_any_input_gives_a_verdict_never_a_traceback(tmp_path_factory, content):
    path = tmp_path_factory.mktemp("fuzz") / "input.rules"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    result = invoke("check", path)
    assert result.exit_code in (0, 2)
