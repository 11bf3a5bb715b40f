"""`rulesrun fmt`: one canonical layout, comments kept, idempotent, and the same tree after.

The properties hold for every shipped .rules file and every parseable file of the bad-input
corpus; hypothesis lays the shipped files out in other ways and fmt brings them back.
"""

import re
import textwrap

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import ROOT, quick_every
from rulesrun.cli import exit_codes
from rulesrun.cli.main import main
from rulesrun.dsl.errors import RulesError
from rulesrun.dsl.format import format_text
from rulesrun.dsl.files import read_rules
from rulesrun.dsl.parser import parse_text, token_stream

LINE_STRUCTURE = {"_NL", "_INDENT", "_DEDENT"}
SHIPPED_FOLDERS = ("rulesets", "examples", "tests/agent_games")
SHIPPED = sorted(p for folder in SHIPPED_FOLDERS for p in (ROOT / folder).rglob("*.rules"))


def _parses(path) -> bool:
    try:
        parse_text(read_rules(path), str(path))
    except RulesError:
        return False
    return True


BAD_PARSEABLE = [p for p in sorted((ROOT / "tests" / "bad_inputs").glob("*.rules")) if _parses(p)]


def fmt(text: str) -> str:
    return format_text(textwrap.dedent(text).lstrip("\n"))


def test_the_corpus_is_what_the_properties_run_over():
    assert len(SHIPPED) > 40 and len(BAD_PARSEABLE) > 20


@pytest.mark.slow
@pytest.mark.parametrize("path", SHIPPED + BAD_PARSEABLE, ids=lambda p: str(p.relative_to(ROOT)))
def test_formatting_is_idempotent_and_keeps_the_tree_and_the_comments(path):
    text = read_rules(path)
    formatted = format_text(text, str(path))
    assert format_text(formatted, str(path)) == formatted
    assert parse_text(formatted, "formatted") == parse_text(text, "original")
    assert _comments(formatted) == _comments(text)


def _comments(text: str) -> list[str]:
    """The comments of `text` in order, each without trailing spaces: what lies between tokens after `#`."""
    ends = [0] + [t.end_pos for t in token_stream(text) if t.type not in LINE_STRUCTURE]
    starts = [t.start_pos for t in token_stream(text) if t.type not in LINE_STRUCTURE] + [len(text)]
    return [c.rstrip() for end, start in zip(ends, starts) for c in re.findall(r"#[^\n]*", text[end:start])]


@pytest.mark.parametrize("path", quick_every(SHIPPED, 4), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_file_is_formatted(path):
    text = read_rules(path)
    assert format_text(text, str(path)) == text


def _relaid(text: str, rng) -> str:
    """`text` (canonical) laid out otherwise: another indent unit, other spacing, more blank lines."""
    unit = rng.choice(["  ", "\t", "        ", "   "])
    tokens = [t for t in token_stream(text) if t.type not in LINE_STRUCTURE]
    pieces, at = [], 0
    for before, token in zip(tokens, tokens[1:]):
        gap = text[before.end_pos: token.start_pos]
        if "\n" not in gap and "#" not in gap:
            pieces.append(text[at: before.end_pos])
            pieces.append(rng.choice(["", " ", "   "]) if gap == "" else rng.choice([" ", "  ", "\t"]))
            at = token.start_pos
    pieces.append(text[at:])
    lines = []
    for line in "".join(pieces).split("\n"):
        stripped = line.lstrip(" ")
        depth = (len(line) - len(stripped)) // 4
        if not stripped:
            lines.extend([""] * rng.randint(1, 3))
            continue
        trailing = " " * rng.randint(0, 2)
        lines.append(unit * depth + re.sub(r"  #", " " * rng.randint(1, 5) + "#", stripped, count=1) + trailing)
    return "\n" * rng.randint(0, 2) + "\n".join(lines) + "\n" * rng.randint(0, 3)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(path=st.sampled_from(SHIPPED), rng=st.randoms(use_true_random=False))
def test_any_layout_of_a_shipped_file_formats_back_to_it(path, rng):
    canonical = format_text(read_rules(path), str(path))
    assert format_text(_relaid(canonical, rng), str(path)) == canonical


def test_spacing_follows_the_shipped_files():
    assert fmt("""
        game  "x"
        players 2..4
        param  n=-3   "Doc."
        zone casino [1..6]
        var seen per player=[ ]
        score by p : seen[p] , -n
        value : [len( seen [p] )*2 for p in players if not(p in [1 , 2])]
    """) == textwrap.dedent("""\
        game "x"
        players 2..4
        param n = -3 "Doc."
        zone casino[1..6]
        var seen per player = []
        score by p: seen[p], -n
        value: [len(seen[p]) * 2 for p in players if not (p in [1, 2])]
    """)


def test_a_keyword_used_as_a_name_is_spaced_as_a_name():
    formatted = fmt("""
        game "x"
        score by p : weight (p) - player . value
    """)
    assert "score by p: weight(p) - player.value\n" in formatted


def test_blocks_get_four_spaces_and_a_blank_line_around_them():
    assert fmt("""
        game "x"
        proc f(a,b):
          if a>b :


              return a
          else:
              return b
        score by p: f(p, 1)
    """) == textwrap.dedent("""\
        game "x"

        proc f(a, b):
            if a > b:
                return a
            else:
                return b

        score by p: f(p, 1)
    """)


def test_comments_stay_in_the_block_they_stand_in():
    assert fmt("""
        # about the game


        game "x"   # the title
        # about f, above it
        proc f():
        \t# inside f
        \tif true:
        \t\tpass
        \t# still in f, after the if
        # after f, before the score
        score by p: 0
        # the end
    """) == textwrap.dedent("""\
        # about the game

        game "x"  # the title

        # about f, above it
        proc f():
            # inside f
            if true:
                pass
            # still in f, after the if

        # after f, before the score
        score by p: 0
        # the end
    """)


def test_trailing_comments_of_neighbouring_lines_stand_in_one_column():
    assert fmt("""
        zone deck hidden # face down
        zone supply per player    # one per seat
        zone box

        zone casino[1..6] # a family
    """) == textwrap.dedent("""\
        zone deck hidden        # face down
        zone supply per player  # one per seat
        zone box

        zone casino[1..6]  # a family
    """)


def test_line_breaks_inside_brackets_stay_one_level_per_open_bracket():
    assert fmt("""
        game "x"

        proc f():
            let z = [1,
                  2,  # two
               # three
                  3
              ]
            return z + \\
              [4]
    """) == textwrap.dedent("""\
        game "x"

        proc f():
            let z = [1,
                2,  # two
                # three
                3
            ]
            return z + \\
                [4]
    """)


def test_empty_files_comment_only_files_and_windows_line_ends():
    assert format_text("") == ""
    assert format_text("\n\n# just a note\n\n\n# and another\n\n") == "# just a note\n\n# and another\n"
    assert format_text('game "x"\r\nplayers 1..2\r\n') == 'game "x"\nplayers 1..2\n'


def test_a_file_that_does_not_parse_is_a_located_error():
    with pytest.raises(RulesError, match=r"broken.rules:2:\d+"):
        format_text('game "x"\nphase game\n    pass\n', "broken.rules")


def invoke(*args, input=None):
    return CliRunner().invoke(main, ["fmt", *map(str, args)], prog_name="rulesrun", input=input)


MESSY = 'game  "x"\nphase game :\n  pass\n'
TIDY = 'game "x"\n\nphase game:\n    pass\n'


def test_fmt_check_says_which_files_would_change_and_changes_nothing(tmp_path):
    """As black: `--check` names the files and counts them, the diff is `--diff`'s."""
    (tmp_path / "messy.rules").write_text(MESSY)
    (tmp_path / "tidy.rules").write_text(TIDY)
    result = invoke("--check", tmp_path)
    assert result.exit_code == exit_codes.DIFFERENCE
    assert result.stdout == ""
    assert result.stderr == (f"would reformat {tmp_path / 'messy.rules'}\n"
                             "1 file would be reformatted, 1 file would be left unchanged.\n")
    assert (tmp_path / "messy.rules").read_text() == MESSY


def test_fmt_diff_prints_the_diff_and_changes_nothing_and_with_check_exits_1(tmp_path):
    (tmp_path / "messy.rules").write_text(MESSY)
    (tmp_path / "other.rules").write_text(MESSY)
    shown = invoke("--diff", tmp_path)
    assert shown.exit_code == exit_codes.OK, shown.output
    assert '\n-game  "x"\n' in shown.stdout and '\n+game "x"\n' in shown.stdout and "\n+++ " in shown.stdout
    assert shown.stderr.endswith("\n2 files would be reformatted.\n")
    assert (tmp_path / "messy.rules").read_text() == MESSY
    checked = invoke("--check", "--diff", tmp_path / "messy.rules")
    assert checked.exit_code == exit_codes.DIFFERENCE and '\n+game "x"\n' in checked.stdout


def test_fmt_counts_files_in_the_singular_and_the_plural(tmp_path):
    for name in ("a", "b"):
        (tmp_path / f"{name}.rules").write_text(MESSY)
    (tmp_path / "c.rules").write_text(TIDY)
    result = invoke(tmp_path)
    assert result.exit_code == exit_codes.OK
    assert result.stderr.endswith("\n2 files reformatted, 1 file left unchanged.\n"), result.stderr
    assert invoke(tmp_path / "c.rules").stderr == "1 file left unchanged.\n"


def test_fmt_quiet_prints_nothing_but_errors(tmp_path):
    (tmp_path / "messy.rules").write_text(MESSY)
    quiet = invoke("--quiet", tmp_path)
    assert quiet.exit_code == exit_codes.OK and quiet.output == "" and (tmp_path / "messy.rules").read_text() == TIDY
    (tmp_path / "broken.rules").write_text('game "x"\nphase game\n    pass\n')
    broken = invoke("-q", "--check", tmp_path)
    assert broken.exit_code == exit_codes.INVALID and broken.stdout == ""
    assert "broken.rules:2:" in broken.stderr and "would" not in broken.stderr


def test_fmt_dash_lays_out_standard_input_on_standard_output_for_an_editor():
    """An editor's hook: the text in, the laid-out text out and nothing else on either stream."""
    result = invoke("-", input=MESSY)
    assert result.exit_code == exit_codes.OK and result.stdout == TIDY and result.stderr == ""
    unchanged = invoke("-", input=TIDY)
    assert unchanged.exit_code == exit_codes.OK and unchanged.stdout == TIDY


def test_fmt_dash_of_text_that_does_not_parse_writes_nothing_and_locates_the_error_in_stdin():
    result = invoke("-", input='game "x"\nphase game\n    pass\n')
    assert result.exit_code == exit_codes.INVALID and result.stdout == ""
    assert "<stdin>:2:" in result.stderr and "phase game" in result.stderr
    undecodable = invoke("-", input=b'game "x"\n# \xff\n')
    assert undecodable.exit_code == exit_codes.INVALID and "<stdin>:2:3: error:" in undecodable.stderr


def test_fmt_check_dash_exits_1_when_standard_input_would_change():
    changed = invoke("--check", "-", input=MESSY)
    assert changed.exit_code == exit_codes.DIFFERENCE and changed.stdout == ""
    assert "would reformat <stdin>" in changed.stderr
    assert invoke("--check", "-", input=TIDY).exit_code == exit_codes.OK
    diffed = invoke("--diff", "-", input=MESSY)
    assert diffed.exit_code == exit_codes.OK and "--- <stdin>\n" in diffed.stdout and '+game "x"' in diffed.stdout


def test_fmt_dash_is_formatted_alone(tmp_path):
    (tmp_path / "a.rules").write_text(MESSY)
    result = invoke("-", tmp_path / "a.rules", input=MESSY)
    assert result.exit_code == exit_codes.INVALID and "alone" in result.output
    assert (tmp_path / "a.rules").read_text() == MESSY


def test_fmt_rewrites_files_and_then_check_passes(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "messy.rules").write_text(MESSY)
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "skipped.rules").write_text(MESSY)
    result = invoke(tmp_path)
    assert result.exit_code == exit_codes.OK
    assert (tmp_path / "sub" / "messy.rules").read_text() == TIDY
    assert (tmp_path / ".hidden" / "skipped.rules").read_text() == MESSY
    assert invoke("--check", tmp_path / "sub").exit_code == exit_codes.OK


def test_fmt_leaves_a_file_that_does_not_parse_and_says_where(tmp_path):
    broken = tmp_path / "broken.rules"
    broken.write_text('game "x"\nphase game\n    pass\n')
    (tmp_path / "messy.rules").write_text(MESSY)
    result = invoke(tmp_path)
    assert result.exit_code == exit_codes.INVALID
    assert "broken.rules:2:" in result.output and "hint:" in result.output
    assert broken.read_text() == 'game "x"\nphase game\n    pass\n'
    assert (tmp_path / "messy.rules").read_text() == TIDY


@pytest.mark.slow
def test_fmt_check_passes_on_the_shipped_rules():
    result = invoke("--check", *(ROOT / folder for folder in SHIPPED_FOLDERS))
    assert result.exit_code == exit_codes.OK, result.output
