"""Writing a board or a variant (issue #39): what a designer meets when adding a part to a game.

A hook of a part runs while the part is in play, if it says so; a var starts again when it
says; double-sided boards pair up from any number of files; a text where a part is meant is
a located check error naming the part; and the sixteen boards of Royale stay short and narrow.
"""

from __future__ import annotations

import re

import pytest

from helpers import RULESETS, forced
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.testing.scenario import Scenario

ROYALE = RULESETS / "royale.rules"

# A game of two lamps that come and go: one is out each round (the `out` list), and a lamp's
# hook `while in play` runs only in the rounds it is out.
BASE = """\
game "Lamps"
players 2..2
kind lamp reset on lit in play when lamp in out
event lit(lamp)
var out = []
var log = []
include "red.rules"
include "blue.rules"

phase game:
    for now in [[red], [blue], [red]]:
        out = now
        for l in out:
            emit lit(l)
        round()

phase round:
    append "round" to log

score by p: 0
"""
RED = """\
lamp red
var red_glow = 0 reset
var red_rounds = 0

before round while in play:
    add 1 to red_glow
    add 1 to red_rounds
    append "red {red_glow} {red_rounds}" to log

after round:
    append "after red" to log
"""
BLUE = """\
lamp blue

on lit:
    append "lit {lamp}" to log
"""


def _lamps(tmp_path, **texts):
    for name, text in {"base": BASE, "red": RED, "blue": BLUE, **texts}.items():
        (tmp_path / f"{name}.rules").write_text(text)
    return tmp_path / "base.rules"


# ------------------------------------------------------------------ a payment says what was paid


def _bad_luck(denny_cash, denny_jetons=0):
    """BAD LUCK out alone; Denny (seat 3) has no die in casino 1, the others one each."""
    s = Scenario(load_rules(ROYALE, params=forced("bad_luck")), players=4)
    s.call("setup")
    s.call("draw_boards")
    for seat in (0, 1, 2):
        s.place(seat, "small", [1], "casino", 1)
    s.set("cash", denny_cash, 3)
    s.set("jetons", denny_jetons, 3)
    s.call("scoring")
    return s


@pytest.mark.slow
def test_bad_luck_a_seat_short_of_the_fine_is_said_to_pay_what_it_had():
    """Denny owes 50,000 and holds 20,000: the transcript says he paid 20,000, not 50,000."""
    said = _bad_luck(20000).said()
    assert "seat 3 must pay 50000 to the bank: pays all it has, 20000" in said
    assert "seat 3 pays 50000 to the bank" not in said


@pytest.mark.slow  # Royale compiled with boards of its own: some 1.3 s
def test_bad_luck_paid_in_full_and_paid_over_with_jetons():
    assert "seat 3 pays 50000 to the bank" in _bad_luck(60000).said()
    # 45,000 in cash and a jeton for the rest: jetons give no change.
    assert "seat 3 pays 55000 to the bank for 50000 (jetons give no change)" in _bad_luck(45000, 1).said()


# ------------------------------------------------------------------ forced_boards takes names


@pytest.mark.slow  # tests/test_parts.py keeps a misspelled forced board quick
def test_a_wrong_forced_board_is_refused_with_the_names_the_setting_takes():
    from click.testing import CliRunner

    from rulesrun.cli.main import main

    out = CliRunner().invoke(main, ["check", str(ROYALE), "--set", "forced_boards=jackpot,hot_streak"])
    assert out.exit_code == 2
    assert "error: forced_boards names no board: [hot_streak]; the boards are jackpot, pay_day, high_five" in out.output
    assert "JACKPOT" not in out.output.split("error:")[1].splitlines()[0]


# ------------------------------------------------------------------ double-sided boards add up


def _pair(folder, front, back):
    """A fragment printing a new double-sided board: two board files and the pair, no override."""
    for side in (front, back):
        (folder / f"{side}.rules").write_text(f'board {side} "{side.upper()}"\n\non activated:\n    say "{side}"\n')
    path = folder / f"pair_{front}.rules"
    path.write_text(f'fragment "{front} / {back}"\ninclude "{front}.rules"\ninclude "{back}.rules"\n'
                    f"term board_sides(): [[{front}, {back}]]\n")
    return path


@pytest.mark.slow
def test_three_double_sided_boards_from_three_fragments_combine_without_override(tmp_path):
    pairs = [("ace", "deuce"), ("trey", "cater"), ("cinque", "sice")]
    fragments = [_pair(tmp_path, *pair) for pair in pairs]
    assert not any("override" in path.read_text() for path in fragments)
    rules = load_rules(ROYALE, fragments, params={"boards_per_round": "6"})
    s = Scenario(rules, players=4)
    box = [[side.name for side in sides] for sides in s.call("boards_in_the_box")]
    assert len(box) == 8 + 3 and box[8:] == [list(pair) for pair in pairs]
    seen = set()
    for seed in range(12):
        s = Scenario(rules, players=4, seed=seed)
        s.call("draw_boards")
        out = [getattr(s.var("board_at", c), "name", None) for c in range(1, 7)]
        assert all(not (front in out and back in out) for front, back in pairs), out
        seen.update(out)
    assert {side for pair in pairs for side in pair} & seen  # the new boards are in the draw


# ------------------------------------------------------------------ a part's hooks and resets


def test_a_hook_while_in_play_runs_only_in_the_rounds_its_part_is_out(tmp_path):
    game = load_rules(_lamps(tmp_path)).start(players=2, seed=1)
    assert game.view().vars["log"] == ["red 1 1", "round", "after red",       # red out
                                 "lit blue", "round", "after red",      # blue out: red's hook rests
                                 "red 1 2", "round", "after red"]       # red again: its glow reset
    # A hook that does not say `while in play` runs every round, wherever it stands.


def test_a_var_resets_where_it_says_so_and_nowhere_else(tmp_path):
    """red_rounds stands beside red_glow, below the part's line, and is never reset; a var of a
    file of no part says its event (`reset on lit`: at every lamp's)."""
    base = BASE.replace('var log = []', 'var log = []\nvar lit_now = 0 reset on lit')
    base = base.replace('append "round" to log', 'append "round" to log\n    add 1 to lit_now')
    game = load_rules(_lamps(tmp_path, base=base)).start(players=2, seed=1)
    assert (game.view().vars["red_glow"], game.view().vars["red_rounds"], game.view().vars["lit_now"]) == (1, 2, 1)


def test_a_var_that_resets_alone_needs_its_kind_to_say_when(tmp_path):
    base = BASE.replace("kind lamp reset on lit in play", "kind lamp in play")
    message = _check_error(tmp_path, base=base)
    assert "red.rules:2:1: error: `var red_glow` resets, and nothing says when" in message
    assert "`kind lamp reset on EVENT`" in message


def test_while_in_play_needs_a_part_and_a_kind_that_says_when(tmp_path):
    base = _lamps(tmp_path, base=BASE.replace("kind lamp reset on lit in play when lamp in out", "kind lamp reset on lit"))
    with pytest.raises(RulesError) as error:
        load_rules(base)
    message = error.value.render()
    assert "red.rules:5:1: error: `kind lamp` says not when a lamp is in play" in message
    assert "kind lamp in play when CONDITION" in message
    base = _lamps(tmp_path, base=BASE.replace("phase round:", "after game while in play:\n    pass\n\nphase round:"))
    with pytest.raises(RulesError, match="base.rules:17:1: error: `after game while in play`: this file declares no part"):
        load_rules(base)


# ------------------------------------------------------------------ a part is not a text


def _check_error(tmp_path, **texts) -> str:
    with pytest.raises(RulesError) as error:
        load_rules(_lamps(tmp_path, **texts))
    return error.value.render()


def test_a_part_given_as_text_to_a_procedure_is_a_located_error_naming_the_part(tmp_path):
    """`host("hot_streak")`: the procedure is given a part elsewhere, so the text never finds it."""
    base = BASE.replace("score by p: 0", "proc lit_now(l):\n    return l in out\n\nscore by p: 0")
    red = RED + "\nafter game when lit_now(red):\n    pass\n"
    blue = BLUE + "\nafter game when lit_now(\"blue\"):\n    pass\n"
    message = _check_error(tmp_path, base=base, red=red, blue=blue)
    assert "blue.rules:6:25: error: `lit_now` takes a lamp as `l`, not text" in message
    assert 'after game when lit_now("blue"):' in message and "^^^^^^" in message
    assert "red.rules:13:25: note: a lamp is given to `lit_now` here" in message
    assert "hint: a lamp is a value, not its name: write `blue`, without quotes" in message


def test_a_part_compared_with_text_is_a_located_error(tmp_path):
    blue = "lamp blue\n\non lit(l) when l == \"red\":\n    pass\n"
    message = _check_error(tmp_path, blue=blue)
    assert "blue.rules:3:16: error: `==` between a lamp and text is never true" in message
    assert "write `red`, without quotes" in message
    base = BASE.replace("        round()", "        if \"red\" in lamp:\n            round()")
    assert "error: text is never in a list of lamps" in _check_error(tmp_path, base=base)


def test_an_old_list_of_registered_parts_points_to_the_kind_and_to_total(tmp_path):
    """Before parts, a board added its name to a list in a hook: `boards_available`."""
    red = RED + '\nafter game:\n    lamps_available = lamps_available + ["red"]\n'
    message = _check_error(tmp_path, red=red)
    assert "error: unknown name `lamps_available`" in message
    assert "hint: `lamp` is the list of every lamp included: a file says `lamp NAME` to be one" in message
    assert "did you mean" not in message


# ------------------------------------------------------------------ a part's file played alone


def test_a_parts_file_played_alone_takes_its_kinds_settings_then_its_own(tmp_path):
    from rulesrun.dsl.compose import compose

    base = BASE.replace("kind lamp reset on lit in play when lamp in out",
                        'param first = [] "Lamps lit first."\nparam rounds = 3 "Rounds."\n'
                        "kind lamp reset on lit in play when lamp in out with first = [lamp.name], rounds = 1")
    _lamps(tmp_path, base=base, red='fragment "Red" for "base.rules"\n' + RED,
           blue='fragment "Blue" for "base.rules" with rounds = 2\n' + BLUE)
    red, blue = (compose(tmp_path / f"{name}.rules").parts for name in ("red", "blue"))
    assert [item.value for item in red["first"].default.items] == ["red"] and red["rounds"].default.value == 1
    assert [item.value for item in blue["first"].default.items] == ["blue"] and blue["rounds"].default.value == 2


# ------------------------------------------------------------------ the boards stay short and narrow

TAFELN = sorted((RULESETS / "tafeln").glob("*.rules"))
_TEXT = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'')


def code_characters(text: str) -> int:
    """The characters of code in rules text: each line without its indentation, its comment and
    the contents of its texts (the quotes count), blank lines aside. Brevity by what a designer
    writes to say a rule, not by how long its words for people are."""
    count = 0
    for line in text.splitlines():
        code = _TEXT.sub('""', line).split("#")[0].strip()
        count += len(code)
    return count


def test_code_characters_count_what_the_rules_say():
    assert code_characters('    say "a # b {x}"  # a comment\n\n# alone\nlet x = \'y\'\n') == len('say ""') + len("let x = ''")


def test_the_sixteen_boards_hold_at_most_7300_characters_of_code_and_no_line_over_100():
    """About 9,500 before issue #39, when 200 lines were reached with long ones (HANDICAP had one
    of 439 characters); `fragment ... for` lines count, comments and words for people do not."""
    assert len(TAFELN) == 16
    sizes = {path.stem: code_characters(path.read_text(encoding="utf-8")) for path in TAFELN}
    assert sum(sizes.values()) <= 7300, sizes
    long = [f"{path.name}:{n}" for path in TAFELN for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if len(line) > 100]
    assert not long, long


# ------------------------------------------------------------------ a part's own names


def test_inside_a_parts_file_its_own_names_may_drop_the_parts_name(tmp_path):
    """`light` is `blue_light` in blue's file, declared either way; a local (`step`) and a name
    declared elsewhere (`out`) keep their own meaning."""
    blue = BLUE + """
param step = 10 "How much brighter a round."
var light = 0
var blue_out = 99

before round while in play:
    let step = 1
    add step to light
    add step to blue_light

after game:
    append [light, blue_light + step, len(out)] to log
"""
    game = load_rules(_lamps(tmp_path, blue=blue)).start(players=2, seed=1)
    assert game.view().vars["log"][-1] == [2, 12, 1]
    assert game.view().vars["blue_light"] == 2


def test_a_parts_own_name_declared_short_is_known_elsewhere_in_full(tmp_path):
    base = BASE.replace('append "round" to log', 'append "round" to log\n    append red_rounds to log')
    red = RED.replace("var red_rounds = 0", "var rounds = 0")
    game = load_rules(_lamps(tmp_path, base=base, red=red)).start(players=2, seed=1)
    assert game.view().vars["red_rounds"] == 2 and game.view().vars["log"][-2] == 2


def test_a_name_declared_short_that_another_name_hides_is_refused(tmp_path):
    """Inside red's file `log` is the base's var, so red could never write its own `log`."""
    message = _check_error(tmp_path, red=RED + '\nparam log = 1 "A log of its own."\n')
    assert "red.rules:13:1: error: `param log` is lamp red's `red_log`, and `log` is also the var `log`" in message
    assert "hint: declare it as `red_log`, and write it so" in message


# ------------------------------------------------------------------ words the boards needed


def test_a_record_says_which_fields_it_has_so_records_of_several_shapes_share_a_list(tmp_path):
    from helpers import rules_from_text

    rules = rules_from_text(tmp_path, """\
game "tiles"
players 2..2
param tiles = [{money: 40000}, {jetons: 2}, {}] "A reward each, as a board prints it."
var said = []

phase game:
    for t in tiles:
        append "jetons" if "jetons" in t else "money" if "money" in t else "nothing" to said

score by p: 0
""")
    assert rules.start(players=2, seed=1).view().vars["said"] == ["money", "jetons", "nothing"]


def test_a_condition_is_false_for_an_empty_list_or_zone(tmp_path):
    from helpers import rules_from_text

    rules = rules_from_text(tmp_path, """\
game "truth"
players 2..2
die d6 faces 1..6
zone cup
zone field[1..2]
var said = []

phase game:
    create d6 x 1 into cup
    let nothing = []
    if cup: append "cup" to said
    if not field[1]: append "field 1 is empty" to said
    append [k for k in 1..2 if field[k]] to said
    append "something" if nothing else "nothing" to said

after game when any([field[k] for k in 1..2]):
    append "never" to said

score by p: 0
""")
    assert rules.start(players=2, seed=1).view().vars["said"] == ["cup", "field 1 is empty", [], "nothing"]


def test_a_choose_may_give_its_question_and_words_unnamed_but_not_both_ways(tmp_path):
    from helpers import rules_from_text

    text = 'game "q"\nplayers 2..2\nphase game:\n    let x = choose(0, "pick", [1, 2], {})\n    say "{{x}}"\nscore by p: 0\n'
    rules = rules_from_text(tmp_path, text.format('"Which one?", o => "number {o}"'))
    game = rules.start(players=2, seed=1, agents=None)
    assert game.decision.prompt == "Which one?" and game.decision.words() == ["number 1", "number 2"]
    with pytest.raises(RulesError, match="`choose` is given `prompt` twice"):
        rules_from_text(tmp_path, text.format('"Which one?", prompt = "Again?"'), "twice")
