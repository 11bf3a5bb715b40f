"""Every mistake a designer can make gives exit 2 (3 when it shows only in play) and a located
message with a hint, never a traceback: the corpus in tests/bad_inputs/, one mistake per file."""

import json
import os
import re
import signal
import stat
import subprocess
import sys
import time

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
    "index_of_none": (5, 13, "none cannot be indexed"),
    "players_backwards": (2, 1, "players 6..2 is no range of player counts"),
    "loop_over_number": (7, 14, "`for` needs a list, a zone or a range, not a number"),
    "repeat_text": (5, 12, "needs a number, not text"),
    "family_without_index": (7, 18, "family of zones"),
    "assign_param": (6, 5, "cannot assign to param `rounds`"),
    "assign_into_zone": (6, 5, "the pieces of zone `row` cannot be assigned"),
    "private_without_owners": (4, 1, "only a `per player` zone can be private"),
    "return_outside_proc": (5, 5, "`return` outside a procedure"),
    "break_outside_loop": (5, 5, "`break` outside a loop"),
    "undeclared_point": (5, 5, "no move is declared for `after_roll`"),
    "hook_unknown_phase": (6, 1, "no phase or decision point is named `scoring`"),
    "forbid_unknown_move": (6, 1, "no move is named `place`"),
    "duplicate_declaration": (5, 1, "`rounds` is declared twice"),
    "override_missing": (4, 10, "nothing named `roundz` to override"),
    "extends_missing": (1, 1, "no file"),
    "cycle_a": (1, 1, "includes itself"),  # reported at the include that closes the cycle, in cycle_b
    "reserved_word": (5, 5, "reserved word"),
    "empty": (1, 1, "no `phase game`"),
    "binary_garbage": (1, 10, "not UTF-8 text"),
    "include_environ": (3, 1, "is not a .rules file"),
    "include_passwd": (3, 1, "is not a .rules file"),
    "include_device": (3, 1, "is not a .rules file"),
    "include_outside": (3, 1, "lies outside the folders rules may include from"),
    "decimal_overflow": (5, 13, "decimal number is too large"),
    "bad_escape": (5, 11, "`\\x` is not an escape"),
    "unknown_character_name": (5, 10, "names no character"),
    "raw_carriage_return": (5, 11, "a control character (0x0d) inside a text"),
    "surrogate": (5, 10, "half of a character"),
}
HINTS = {"unknown_name": "did you mean `casino`?", "unknown_procedure": "did you mean `setup`?",
         "include_outside": "--allow-path DIR"}


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
    if name not in ("empty", "binary_garbage"):  # a file that is no text is never quoted
        assert re.search(r"^\s+\d+ \| ", output, re.M), "the source line is shown"
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


INCLUDING = 'game "bad"\nplayers 2..4\ninclude "{}"\nscore by p: 0\nphase game:\n    pass\n'


def test_an_include_never_shows_a_byte_of_what_it_names():
    for name in ("include_environ", "include_passwd"):
        output = invoke("check", BAD / f"{name}.rules").output
        assert "PATH=" not in output and "root:" not in output, output


def _link_to_environ(path):
    path.symlink_to("/proc/self/environ")


def _big(path):
    path.write_text("# " + "x" * (1 << 20) + "\n")


@pytest.mark.parametrize("make, words", [
    (os.mkfifo, "is not a regular file"),
    (_link_to_environ, "`target.rules` lies outside the folders"),
    (_big, "is larger than 1 MiB"),
])
def test_a_fifo_a_link_out_or_a_huge_file_is_refused_before_it_is_read(tmp_path, no_hang, make, words):
    make(tmp_path / "target.rules")
    (tmp_path / "top.rules").write_text(INCLUDING.format("target.rules"))
    result = invoke("check", tmp_path / "top.rules")
    assert result.exit_code == 2 and words in result.output
    assert re.search(r"top\.rules:3:1: error", result.output)
    if make is not _link_to_environ:
        assert invoke("check", tmp_path / "target.rules").exit_code == 2, "named on the command line too"


@pytest.mark.parametrize("shape, words", [
    ("chain", "files include one another 40 deep: the most a ruleset may is 40 deep and 1000 files"),
    pytest.param("flat", "the rules read 1000 files", marks=pytest.mark.slow),
])
def test_includes_too_deep_or_too_many_are_one_located_error_not_a_recursion(tmp_path, no_hang, shape, words):
    """3,000 files each including the next hit Python's recursion limit in a traceback; past the
    bound, how long the chain goes on does not matter."""
    count = 100 if shape == "chain" else 1100
    for i in range(count):
        text = f'include "f{i + 1}.rules"\n' if shape == "chain" and i + 1 < count else f"proc p{i}():\n    return 1\n"
        (tmp_path / f"f{i}.rules").write_text(text)
    includes = "f0.rules" if shape == "chain" else None
    top = INCLUDING.format(includes) if includes else INCLUDING.replace('include "{}"\n', "".join(
        f'include "f{i}.rules"\n' for i in range(count)))
    (tmp_path / "top.rules").write_text(top)
    result = invoke("check", tmp_path / "top.rules")
    assert result.exit_code == 2 and words in result.output and result.output.count("error:") == 1
    assert "Traceback" not in result.output


def test_players_with_one_count_is_exactly_that_many(tmp_path):
    """`players 2` read as `players 2..2`: it was an "unexpected end of line" at the `2`."""
    path = tmp_path / "two.rules"
    path.write_text('game "Two"\nplayers 2\nscore by p: 0\nphase game:\n    pass\n')
    assert invoke("check", path).exit_code == 0
    refused = invoke("simulate", path, "--players", "3", "--games", "1").output
    assert "Two is for 2 players, not 3" in refused and "hint: choose --players 2" in refused
    assert invoke("simulate", path, "--games", "1").exit_code == 0


def test_allow_path_widens_what_rules_may_include(tmp_path):
    (tmp_path / "library").mkdir()
    (tmp_path / "library" / "lib.rules").write_text("proc helper():\n    pass\n")
    (tmp_path / "project").mkdir()
    top = tmp_path / "project" / "top.rules"
    top.write_text(INCLUDING.format("../library/lib.rules"))
    assert "lies outside" in invoke("check", top).output
    result = invoke("check", top, "--allow-path", tmp_path / "library")
    assert result.exit_code == 0, result.output


GAME = 'game "deep"\nplayers 2..2\nvar v = 0\nscore by p: v\nphase game:\n'


def _nested_blocks(opener: str, count: int) -> str:
    return "".join("    " * (i + 1) + opener.format(i=i) + "\n" for i in range(count)) + "    " * (count + 1) + "v = 1\n"


DEEP = {
    "a sum of 200 terms": ("    v = " + " + ".join(["1"] * 200) + "\n", "expression nests deeper than 60"),
    "300 nested lists": ("    let a = " + "[" * 300 + "]" * 300 + "\n", "expression nests deeper than 60"),
    "600 minus signs": ("    v = " + "-" * 600 + "1\n", "expression nests deeper than 60"),
    "3000 nots": ("    let b = " + "not " * 3000 + "true\n", "expression nests deeper than 60"),
    "21 nested fors": (_nested_blocks("for i{i} in 1..1:", 21), "loops nest deeper than 12"),
    "110 nested ifs": (_nested_blocks("if true:", 110), "blocks nest deeper than 40"),
    "a number of 5000 digits": ("    v = " + "9" * 5000 + "\n", "a number of 5000 digits"),
    "deep braces in a text": ('    say "{' + "-" * 100 + '1}"\n', "expression nests deeper than 60"),
}


@pytest.mark.parametrize("case", sorted(DEEP))
def test_deep_nesting_and_long_numbers_are_located_in_check_and_play_alike(tmp_path, case):
    body, words = DEEP[case]
    path = tmp_path / "deep.rules"
    path.write_text(GAME + body)
    for command in (["check"], []):
        result = invoke(*command, path, "--seed", 1) if not command else invoke(*command, path)
        assert result.exit_code == 2, result.output
        assert words in result.output and re.search(r"deep\.rules:\d+:\d+: error", result.output), result.output


@pytest.mark.parametrize("body", [pytest.param("var v = [" + "1, " * 300_000 + "1]", marks=pytest.mark.slow),
                                  'var v = "' + "{v} " * 60_000 + '"'])
def test_a_file_past_the_tokens_the_parser_reads_fast_is_refused_at_once_located(tmp_path, no_hang, body):
    """A 600 KB list of numbers took 36 s to check (the parser spends some 30 µs a token): a
    located error now, before the parser reads any; a text's words and `{...}` count too."""
    path = tmp_path / "long.rules"
    path.write_text(f'game "x"\nplayers 2..2\n{body}\nscore by p: 0\nphase game:\n    pass\n')
    started = time.process_time()
    result = invoke("check", path)
    assert result.exit_code == exit_codes.INVALID and "longer than 50,000 words, numbers, texts and signs" in result.output
    assert re.search(r"long\.rules:3:\d+: error", result.output) and time.process_time() - started < 5


def test_files_that_together_pass_the_tokens_of_a_ruleset_are_refused_at_the_include(tmp_path, no_hang, monkeypatch):
    """Each file under its own limit, together over the ruleset's: one located error at the
    `include` that went over, and no file after it parsed."""
    from rulesrun.dsl import compose as composing

    monkeypatch.setattr(composing, "MAX_RULESET_TOKENS", 3_000)
    for k in range(5):
        (tmp_path / f"part{k}.rules").write_text(f"var v{k} = [" + "1, " * 400 + "1]\n")
    includes = "".join(f'include "part{k}.rules"\n' for k in range(5))
    path = tmp_path / "many.rules"
    path.write_text(f'game "x"\nplayers 2..2\n{includes}score by p: 0\nphase game:\n    pass\n')
    result = invoke("check", path)
    assert result.exit_code == exit_codes.INVALID, result.output
    assert "many.rules:6:1: error: the rules' files hold more than 3,000 words, numbers, texts and signs together, " \
           "`part3.rules` among them" in result.output


def test_nesting_up_to_the_limits_compiles_and_plays(tmp_path):
    """The limits leave room: every kind of nesting right at its limit runs (dsl/limits.py)."""
    body = ("    v = " + "-" * 59 + "1\n" + "    v = " + "f(" * 30 + "1" + ")" * 30 + "\n"
            + "    let a = " + "[" * 60 + "]" * 60 + "\n" + "    let q = " + "".join(f"x{i} => " for i in range(59)) + "1\n"
            + "".join("    " * (i + 1) + f"for i{i} in 1..1:\n" for i in range(12))
            + "".join("    " * (13 + i) + "if true:\n" for i in range(28)) + "    " * 41 + "v = 1\n"
            + "proc f(x):\n    let y = x\n    return y\n")
    path = tmp_path / "limits.rules"
    path.write_text(GAME + body)
    result = invoke(path, "--seed", 1, "--agent", "random")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("ruleset, setting, words", [
    ("classic", "rounds=abc", "`rounds` is a whole number"),
    ("classic", "rounds=2.5", "`rounds` is a whole number"),
    ("classic", "rounds=true", "`rounds` is a whole number"),
    ("classic", "rounds=inf", "`rounds` is a whole number"),
    ("classic", "rounds=" + "9" * 5000, "at most 4000 digits"),
    ("grosser_wurf", "hit_if_clustered=inf", "`inf` is not a number a rule can compute with"),
    ("grosser_wurf", "hit_if_clustered=nan", "`nan` is not a number a rule can compute with"),
    ("grosser_wurf", "hit_if_clustered=1e999", "`1e999` is not a number a rule can compute with"),
    ("grosser_wurf", "dice_by_players=0,0,9,x", "a list, each item a whole number"),
])
def test_a_set_value_must_be_of_the_kind_of_the_params_default(ruleset, setting, words):
    path = ROOT / "rulesets" / f"{ruleset}.rules"
    for command in (["check"], ["simulate", "--games", 1]):
        result = invoke(command[0], path, "--set", setting, *command[1:])
        assert result.exit_code == 2 and words in result.output, result.output
        assert re.search(rf"{ruleset}\.rules:\d+:1: error: --set", result.output) and "hint: " in result.output


def test_a_set_value_of_the_right_kind_is_taken():
    assert invoke("check", ROOT / "rulesets" / "grosser_wurf.rules", "--set", "hit_if_clustered=1").exit_code == 0


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


def test_a_move_with_more_options_than_the_budget_is_stopped_located_not_gathered_forever(no_hang):
    """A move's options are gathered by loops over its parameters' values, which spend the
    game's budget like any loop (found by damaging examples/liars_dice.rules: a bid up to 10**9)."""
    name = "huge_move_domain"
    assert invoke("check", BAD / f"{name}.rules").exit_code == 0
    result = invoke(BAD / f"{name}.rules", "--players", 2, "--seed", 1, "--agent", "random")
    assert result.exit_code == exit_codes.PLAY_ERROR
    assert "went over its budget" in result.output
    assert_located(result.output, name, 5, 11)


@pytest.mark.parametrize("name, line, column, words", [
    ("huge_family", 4, 1, "this makes 1,000,000,000 members of a family: the most the language allows is 10,000"),
    ("huge_die", 4, 1, "this makes 1,000,000,000 faces of a die"),
    ("huge_deck", 7, 5, "went over its budget of 100,000 pieces created"),
])
def test_a_declaration_that_would_fill_the_memory_is_stopped_located(no_hang, name, line, column, words):
    """Found by damaging the shipped rulesets: `zone casino[1..1000000000]` hung making a
    billion zones, `faces 1..1000000000` took 8 GB, a card `x 1000000000` made pieces past the
    budget that `create` keeps."""
    result = invoke(BAD / f"{name}.rules", "--players", 2, "--seed", 1, "--agent", "random")
    assert result.exit_code == exit_codes.PLAY_ERROR
    assert words in result.output
    assert_located(result.output, name, line, column)


def test_pythons_own_warnings_about_generated_code_never_reach_the_designer():
    """Python's compiler warns about some code (`None[0]`: "perhaps you missed a comma?"); the
    rules' own messages are located and worded for a designer, so the generated code compiles
    without Python's."""
    import warnings

    from rulesrun.interpreter.compiling.compiler import load_code
    from rulesrun.interpreter.compiling.source import Source

    source = Source()
    source.emit("def f():")
    source.emit("    return None[0]")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        load_code(source, "warned")
    assert not [w for w in caught if issubclass(w.category, SyntaxWarning)]


def test_a_missing_file_is_a_message_not_a_traceback():
    result = invoke("check", BAD / "no_such_file.rules")
    assert result.exit_code == 2
    assert "cannot read" in result.output and "hint:" in result.output


def test_bad_cli_options_are_usage_errors():
    assert invoke(ROOT / "rulesets" / "classic.rules", "--players", "many").exit_code == 2
    result = invoke(ROOT / "rulesets" / "classic.rules", "--agent", "genius")
    assert result.exit_code == 2 and "unknown agent" in result.output
    classic = ROOT / "rulesets" / "classic.rules"
    for level, words in (("nan", "nan is no number"), ("0", "not in the range 0<x<1"), ("x", "not a valid share")):
        result = invoke("compare", classic, classic, "--games", 2, "--level", level)
        assert result.exit_code == 2 and words in result.output, result.output


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


@pytest.fixture(scope="module")
def logged(tmp_path_factory):
    """The lines of a logged game of classic, and where its first decision with a choice stands."""
    path = tmp_path_factory.mktemp("log") / "game.jsonl"
    result = invoke(ROOT / "rulesets" / "classic.rules", "--players", 3, "--seed", 5, "--agent", "random", "--log", path)
    assert result.exit_code == 0, result.output
    lines = path.read_text().splitlines()
    first = next(i for i, line in enumerate(lines) if '"decide"' in line and len(json.loads(line)["options"]) > 1)
    return lines, first


def _edited(lines, index, **changes):
    event = json.loads(lines[index])
    event.update(changes)
    for key in [k for k, v in changes.items() if v is DROP]:
        del event[key]
    return lines[:index] + [json.dumps(event)] + lines[index + 1:]


DROP = object()
TAMPERED = {
    # name: (how the lines are changed, exit status, words of the message)
    "cut at a line boundary": (lambda lines, first: lines[:first + 20], 1, "differs at event"),
    "an edited choice": (lambda lines, first: _edited(lines, first, choice=0 if json.loads(lines[first])["choice"] else 1),
                         1, "differs at event"),
    "an edited seed": (lambda lines, first: _edited(lines, 0, seed=6), 1, "differs at event 0"),
    "players as text": (lambda lines, first: _edited(lines, 0, players="4"), 2, "not a log"),
    "params as a number": (lambda lines, first: _edited(lines, 0, params=3), 2, "not a log"),
    "an event without t": (lambda lines, first: _edited(lines, 3, t=DROP), 2, "not a log"),
    "choice -1": (lambda lines, first: _edited(lines, first, choice=-1), 2, "not a log"),
    "choice true": (lambda lines, first: _edited(lines, first, choice=True), 2, "not a log"),
    "choice past the options": (lambda lines, first: _edited(lines, first, choice=99), 2, "not a log"),
    "not JSON": (lambda lines, first: lines[:3] + ["{oops"] + lines[4:], 2, "not a log"),
    "no setup": (lambda lines, first: lines[1:], 2, "not a log"),
    "another ruleset": (lambda lines, first: _edited(lines, 0, ruleset=str(ROOT / "rulesets" / "lasvegas.rules")),
                        2, "another ruleset or changed source"),
    "a ruleset that is gone": (lambda lines, first: _edited(lines, 0, ruleset="gone.rules"), 2,
                               "another ruleset or changed source"),
}


@pytest.mark.parametrize("case", sorted(TAMPERED))
def test_a_tampered_log_is_not_a_log_another_game_or_a_difference_never_a_traceback(tmp_path, logged, case):
    lines, first = logged
    change, status, words = TAMPERED[case]
    path = tmp_path / "tampered.jsonl"
    path.write_text("\n".join(change(lines, first)) + "\n")
    result = invoke("replay", path)
    assert result.exit_code == status and words in result.output, result.output


def test_a_file_larger_than_any_log_is_refused_unread(tmp_path, no_hang):
    path = tmp_path / "huge.jsonl"
    with path.open("wb") as sparse:
        sparse.truncate(300 << 20)
    result = invoke("replay", path)
    assert result.exit_code == 2 and "larger than 256 MiB, more than any game logs" in result.output, result.output


def test_an_untouched_log_replays_identical(tmp_path, logged):
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(logged[0]) + "\n")
    result = invoke("replay", path)
    assert result.exit_code == 0 and "identical" in result.output


BUDGET_GAME = ('game "budget"\nplayers 2..2\nvar v = 0\ndie d6 faces [1, 2, 3, 4, 5, 6]\nzone pool\n'
               "score by p: v\nphase game:\n")
OVER_BUDGET = {
    "repeat 10**12": ("    repeat 1000000000000:\n        v += 1\n", "loop passes and calls", "steps"),
    "for i in 1..10**12": ("    for i in 1..1000000000000:\n        v += 1\n", "loop passes and calls", "steps"),
    "a comprehension of 10**12": ("    let l = [i for i in 1..1000000000000]\n", "loop passes and calls", "steps"),
    "two nested whiles": ("    let n = 0\n    while n < 100000:\n        let m = 0\n        while m < 100000:\n"
                          "            m += 1\n        n += 1\n", "loop passes and calls", "steps"),
    # `f` reads a var: a pure procedure's answers are remembered, which makes this recursion linear.
    "recursion of 2**40 calls": ("    v = f(40)\nproc f(n):\n    if n == 0:\n        return v\n"
                                 "    return f(n - 1) + f(n - 1)\n", "loop passes and calls", "steps"),
    "an event that emits itself twice": ("    emit e(40)\nevent e(n)\non e(n) when n > 0:\n    emit e(n - 1)\n"
                                         "    emit e(n - 1)\n", "loop passes and calls", "steps"),
    "create d6 x 10**9": ("    create d6 x 1000000000 into pool\n", "pieces created", "pieces"),
    "repeated squaring": ("    let x = 3\n    repeat 100:\n        x = x * x\n", "digits of a number", "digits"),
    "[1] * 10**10": ("    let l = [1] * 10000000000\n", "items of a list", "size"),
}


@pytest.mark.parametrize("case", sorted(OVER_BUDGET))
def test_a_game_over_its_budget_stops_quickly_located_naming_the_limit(tmp_path, no_hang, case):
    body, words, limit = OVER_BUDGET[case]
    path = tmp_path / "budget.rules"
    path.write_text(BUDGET_GAME + body)
    result = invoke(path, "--seed", 1, "--agent", "random")
    assert result.exit_code == exit_codes.PLAY_ERROR, result.output
    assert words in result.output and f"--budget {limit}=N" in result.output, result.output
    assert re.search(r"budget\.rules:\d+:\d+: error", result.output)


def test_combinations_beyond_a_million_lists_are_refused(tmp_path, no_hang):
    path = tmp_path / "many.rules"
    path.write_text(BUDGET_GAME + "    let c = combinations([i for i in 1..60], 30)\n")
    result = invoke(path, "--seed", 1)
    assert result.exit_code == exit_codes.PLAY_ERROR and "at most 1,000,000 can be made" in result.output


def test_a_param_set_beyond_reason_ends_in_the_step_budget(no_hang):
    result = invoke(ROOT / "rulesets" / "classic.rules", "--set", "rounds=1000000000", "--seed", 1, "--agent", "random")
    assert result.exit_code == exit_codes.PLAY_ERROR and "--budget steps=N" in result.output


def test_budget_raises_a_limit(tmp_path):
    path = tmp_path / "long.rules"
    path.write_text(BUDGET_GAME + "    repeat 1500000:\n        pass\n")
    assert invoke(path, "--seed", 1).exit_code == exit_codes.PLAY_ERROR
    assert invoke(path, "--seed", 1, "--budget", "steps=2000000").exit_code == exit_codes.OK
    assert invoke(path, "--seed", 1, "--budget", "stepz=2").exit_code == exit_codes.INVALID
    for limit in ("0", "-5", "many", "1" * 19):
        refused = invoke(path, "--seed", 1, "--budget", f"steps={limit}")
        assert refused.exit_code == exit_codes.INVALID
        assert "a limit is a whole number from 1 to 999,999,999,999,999,999" in refused.output


def test_an_out_file_that_cannot_be_written_is_refused_before_the_first_game(tmp_path, no_hang):
    result = invoke("simulate", ROOT / "rulesets" / "classic.rules", "--games", 10**6, "--out", tmp_path / "no" / "o.jsonl")
    assert result.exit_code == 2 and "cannot write" in result.output
    result = invoke(ROOT / "rulesets" / "classic.rules", "--seed", 1, "--log", tmp_path / "no" / "g.jsonl")
    assert result.exit_code == 2 and "cannot write" in result.output and "Final standing" not in result.output


@pytest.mark.slow
def test_out_is_put_in_place_whole_and_an_earlier_file_survives_a_failed_run(tmp_path):
    out = tmp_path / "games.jsonl"
    out.write_text("earlier\n")
    looping = BAD / "looping_rule.rules"
    assert invoke("simulate", looping, "--games", 3, "--jobs", 1, "--out", out).exit_code == exit_codes.PLAY_ERROR
    assert out.read_text() == "earlier\n"
    assert invoke("simulate", ROOT / "rulesets" / "classic.rules", "--games", 3, "--jobs", 1, "--out", out).exit_code == 0
    assert [json.loads(line)["game"] for line in out.read_text().splitlines()] == [0, 1, 2]
    assert [p.name for p in tmp_path.iterdir()] == ["games.jsonl"], "no temporary file is left"


def test_an_out_that_is_a_link_is_written_through_and_stays_a_link(tmp_path):
    """Only a plain file is replaced whole; a symbolic link keeps pointing where it did."""
    real = tmp_path / "kept" / "games.jsonl"
    real.parent.mkdir()
    real.write_text("earlier\n")
    link = tmp_path / "games.jsonl"
    link.symlink_to(real)
    assert invoke("simulate", ROOT / "rulesets" / "classic.rules", "--games", 3, "--jobs", 1, "--out", link).exit_code == 0
    assert link.is_symlink() and [json.loads(line)["game"] for line in real.read_text().splitlines()] == [0, 1, 2]


@pytest.mark.slow
def test_out_to_standard_output_pipes_the_records_and_leaves_dev_stdout_alone():
    """`--out /dev/stdout` was written beside /dev and renamed over it: as root that put a
    plain file where the link to the standard output was."""
    before = os.lstat("/dev/stdout")
    piped = subprocess.run([sys.executable, "-m", "rulesrun", "simulate", str(ROOT / "rulesets" / "classic.rules"),
                            "--games", "2", "--jobs", "1", "--out", "/dev/stdout"], capture_output=True, text=True,
                           timeout=120)
    assert piped.returncode == 0, piped.stderr
    assert [json.loads(line)["game"] for line in piped.stdout.splitlines() if line.startswith("{")] == [0, 1]
    after = os.lstat("/dev/stdout")
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)


@pytest.mark.slow
def test_a_log_to_standard_output_redirected_to_a_file_keeps_the_transcript_too(tmp_path):
    """`--log /dev/stdout > file`: the log is written through the standard output itself, so
    neither the transcript nor the log overwrites the other in the file."""
    kept = tmp_path / "both.txt"
    with kept.open("w") as out:
        played = subprocess.run([sys.executable, "-m", "rulesrun", str(ROOT / "rulesets" / "classic.rules"),
                                 "--seed", "1", "--log", "/dev/stdout"], stdout=out, stderr=subprocess.PIPE,
                                text=True, timeout=120, cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    lines = kept.read_text().splitlines()
    events = [json.loads(line) for line in lines if line.startswith("{")]
    assert events[0]["t"] == "setup" and events[-1]["t"] == "end"
    assert lines[0].startswith("Las Vegas (classic): 4 players, seed 1") and "Final standing:" in lines
    # Its files are named relative to the current folder, where the shell put it.
    log = tmp_path / "game.jsonl"
    log.write_text("".join(line + "\n" for line in lines if line.startswith("{")))
    replayed = subprocess.run([sys.executable, "-m", "rulesrun", "replay", "game.jsonl"], cwd=tmp_path,
                              capture_output=True, text=True, timeout=120)
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr


@pytest.mark.skipif(not (os.path.exists("/dev/full") and stat.S_ISCHR(os.stat("/dev/full").st_mode)),
                    reason="no /dev/full here")
def test_an_out_device_that_is_full_is_a_message_and_stays_a_device():
    result = invoke("simulate", ROOT / "rulesets" / "classic.rules", "--games", 2, "--jobs", 1, "--out", "/dev/full")
    assert result.exit_code == 2 and "cannot write `/dev/full`" in result.output, result.output
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_control_characters_in_game_text_reach_the_terminal_escaped(tmp_path):
    path = tmp_path / "loud.rules"
    path.write_text('game "Loud\\x1b[31m"\nplayers 2..2\nvar v = 0\nscore by p: v\nphase game:\n    say "a\\x1b]0;owned\\x07b"\n')
    for command in ([path, "--seed", 1], ["check", path]):
        result = invoke(*command)
        assert result.exit_code == 0 and "\x1b" not in result.output and "\x07" not in result.output
        assert "\\x1b" in result.output


def test_control_characters_in_a_file_fmt_shows_reach_the_terminal_escaped(tmp_path):
    """fmt shows a file's lines, in a diff or under an error, and its name: a raw escape
    sequence in a comment or a name must not drive the terminal."""
    laid_out = tmp_path / "spaced\x1b]0;owned\x07.rules"
    laid_out.write_text('game "x"  # \x1b[2J\x07\nplayers 2..2\nvar  v = 0\nscore by p: v\nphase game:\n    pass\n')
    broken = tmp_path / "broken.rules"
    broken.write_text('game "x"\nplayers 2..2 \x1b[2J\x07 bogus\n')
    for command, status in ((["fmt", "--check", laid_out], exit_codes.DIFFERENCE), (["fmt", broken], exit_codes.INVALID),
                            (["fmt", laid_out], exit_codes.OK)):
        result = invoke(*command)
        assert result.exit_code == status and "\x1b" not in result.output and "\x07" not in result.output, result.output
        assert "\\x1b" in result.output


def _signals_at_their_defaults():
    """In the child: Ctrl-C and SIGTERM as a terminal leaves them, whatever the tests inherited (a
    run started in the background of a script has SIGINT ignored, and so would the child)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


@pytest.mark.slow
@pytest.mark.parametrize("number, status, word", [(signal.SIGINT, exit_codes.INTERRUPTED, "interrupted"),
                                                  (signal.SIGTERM, exit_codes.TERMINATED, "terminated")])
def test_ctrl_c_or_sigterm_stops_a_simulation_cleanly_with_the_games_so_far_written_and_reported(
        tmp_path, number, status, word):
    """Sent to the whole group, as a terminal's Ctrl-C and `kill -- -PGID` are: the workers
    leave it to the parent, which writes and reports the games so far."""
    out = tmp_path / "games.jsonl"
    process = subprocess.Popen([sys.executable, "-m", "rulesrun", "simulate", str(ROOT / "rulesets" / "classic.rules"),
                                "--games", "1000000", "--jobs", "2", "--out", str(out)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                               preexec_fn=_signals_at_their_defaults)
    time.sleep(4)
    os.killpg(process.pid, number)
    report, errors = process.communicate(timeout=60)
    assert process.returncode == status, errors
    played = re.search(rf"{word} after (\d+) games, (\d+) written; the report of those games:", errors)
    assert played and played.group(1) == played.group(2), errors
    assert "Traceback" not in errors
    assert f"{played.group(1)} games" in report, report
    lines = out.read_text().splitlines()
    assert len(lines) == int(played.group(2)) and all(json.loads(line) for line in lines)
    assert [p.name for p in tmp_path.iterdir()] == ["games.jsonl"]


def test_a_score_that_is_not_a_number_is_located_at_score_in_play_and_simulate():
    path = BAD / "score_not_a_number.rules"
    assert invoke("check", path).exit_code == 0
    for command in ([path, "--seed", 1], ["simulate", path, "--games", 2, "--jobs", 1]):
        result = invoke(*command)
        assert result.exit_code == exit_codes.PLAY_ERROR, result.output
        assert "the score of seat 0 is [1, 2], not a number" in result.output
        assert_located(result.output, "score_not_a_number", 6, 1)


def test_a_score_of_more_digits_than_the_budget_is_located(tmp_path):
    path = tmp_path / "huge.rules"
    path.write_text('game "huge"\nplayers 2..2\nvar points per player = 1\nphase game:\n    repeat 15000:\n'
                    "        points[0] += points[0]\nscore by p: points[p]\n")
    result = invoke(path, "--seed", 1)
    assert result.exit_code == exit_codes.PLAY_ERROR and "more than 4,000 digits" in result.output, result.output
    assert re.search(r"huge\.rules:7:1: error", result.output)
