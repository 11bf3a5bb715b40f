"""Parts that come in kinds and totals made of terms (#18 items 1 and 2): a part is declared
by name in a file of its own and registered by being included; its handlers of a dispatched
event run for it alone; its vars start again where the kind says; any number of files add
terms to a total without `override`."""

import pytest

from helpers import ROOT, random_agents
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.running.rules import load_rules

BASE = ROOT / "tests" / "parts" / "base.rules"


def test_each_part_handles_its_own_events_and_resets_its_vars_in_both_forms():
    rules = load_rules(BASE)
    game = rules.start(players=2, seed=1)
    assert game.over and game.scores == [11, 11]
    table = game.view()
    # `board` is the list of parts in the order their files were included.
    assert table.vars["log"] == ["one:0", "one:1", "two by 0", 2]
    # reset to 0 when `attached` came for `one`, then 1 from it and 1 per activation
    assert table.vars["one_count"] == 3
    assert rules.play(3, 1, random_agents(1, 3)).scores == [11, 11, 11]


def write(tmp_path, **files):
    for name, text in files.items():
        (tmp_path / f"{name}.rules").write_text(text)
    return tmp_path / "base.rules"


def test_a_part_of_a_misspelled_kind_is_a_located_error(tmp_path):
    base = write(tmp_path, base=BASE.read_text().replace('include "two.rules"\n', ""),
                 one=(ROOT / "tests" / "parts" / "one.rules").read_text().replace("board one", "bord one"))
    with pytest.raises(RulesError) as error:
        load_rules(base)
    assert "one.rules:1:1: error: no kind of part is named `bord`" in error.value.render()
    assert "did you mean `board`?" in error.value.render()


def test_a_misspelled_part_is_an_unknown_name(tmp_path):
    text = BASE.read_text().replace("    append len(board) to log", "    at = onee")
    base = write(tmp_path, base=text, one=(ROOT / "tests" / "parts" / "one.rules").read_text(),
                 two=(ROOT / "tests" / "parts" / "two.rules").read_text())
    with pytest.raises(RulesError, match="unknown name `onee`"):
        load_rules(base)


def test_a_kind_whose_parts_vars_all_start_again_by_where_they_stand_is_refused_with_a_pointer(tmp_path):
    """The old `kind board reset on EVENT` reset every var below a part's line: a var says it now."""
    text = BASE.read_text().replace("kind board\n", "kind board reset on attached\n")
    one = (ROOT / "tests" / "parts" / "one.rules").read_text().replace(" reset on attached", "")
    base = write(tmp_path, base=text, one=one, two=(ROOT / "tests" / "parts" / "two.rules").read_text())
    with pytest.raises(RulesError) as error:
        load_rules(base)
    message = error.value.render()
    assert "base.rules:3:1: error: `kind board reset on attached`, and no var of a board says `reset`" in message
    assert "write `reset` after each that does (`var one_count = ... reset`), or drop `reset on` here" in message


def test_a_reset_on_an_event_that_is_not_the_kinds_is_refused(tmp_path):
    text = BASE.read_text().replace("kind board\n", "kind board reset on attached\n") \
        .replace("event attached(board, c)", "event attached(c, board)")
    one = (ROOT / "tests" / "parts" / "one.rules").read_text().replace(" reset on attached", " reset")
    base = write(tmp_path, base=text, one=one, two=(ROOT / "tests" / "parts" / "two.rules").read_text())
    with pytest.raises(RulesError, match="resets on `attached`, which is no event whose first value is a board"):
        load_rules(base)


def test_a_var_that_resets_on_no_event_is_refused(tmp_path):
    one = (ROOT / "tests" / "parts" / "one.rules").read_text().replace("var one_count = 0 reset on attached",
                                                                       "var one_count = 0 reset on atached")
    base = write(tmp_path, base=BASE.read_text(), one=one, two=(ROOT / "tests" / "parts" / "two.rules").read_text())
    with pytest.raises(RulesError) as error:
        load_rules(base)
    assert "one.rules:2:1: error: `var one_count` resets on `atached`, and no event is named so" in error.value.render()
    assert "did you mean `attached`?" in error.value.render()


def test_terms_add_up_from_any_number_of_fragments(tmp_path):
    base = write(tmp_path, base=BASE.read_text(), one=(ROOT / "tests" / "parts" / "one.rules").read_text(),
                 two=(ROOT / "tests" / "parts" / "two.rules").read_text(),
                 debt="fragment \"debt\"\nterm money(p): -100\n", bonus="fragment \"bonus\"\nterm money(q): q\n")
    rules = load_rules(base, fragments=[tmp_path / "debt.rules", tmp_path / "bonus.rules"])
    assert rules.start(players=2, seed=1).scores == [11 - 100, 11 - 100 + 1]


def test_a_term_of_no_total_or_of_another_arity_is_refused(tmp_path):
    base = write(tmp_path, base=BASE.read_text(), one=(ROOT / "tests" / "parts" / "one.rules").read_text(),
                 two=(ROOT / "tests" / "parts" / "two.rules").read_text(),
                 bad="fragment \"bad\"\nterm mony(p): 1\nterm money(p, q): 2\n")
    with pytest.raises(RulesError) as error:
        load_rules(base, fragments=[tmp_path / "bad.rules"])
    message = error.value.render()
    assert "bad.rules:2:1: error: no total is named `mony`" in message and "did you mean `money`?" in message
    assert "bad.rules:3:1: error: `term money` takes 2 values, the total 1" in message
    assert "note: total `money` is declared here" in message


def test_two_fragments_overriding_one_total_still_conflict(tmp_path):
    base = write(tmp_path, base=BASE.read_text(), one=(ROOT / "tests" / "parts" / "one.rules").read_text(),
                 two=(ROOT / "tests" / "parts" / "two.rules").read_text(),
                 a="fragment \"a\"\noverride total money(p): 1\n", b="fragment \"b\"\noverride total money(p): 2\n")
    with pytest.raises(RulesError) as error:
        load_rules(base, fragments=[tmp_path / "a.rules", tmp_path / "b.rules"])
    message = error.value.render()
    assert "b.rules:2:10: error: two fragments override `money`" in message
    assert "a.rules:2:10: note: `money` is also overridden here" in message


def test_one_part_per_file(tmp_path):
    base = write(tmp_path, base=BASE.read_text().replace('include "two.rules"\n', ""),
                 one=(ROOT / "tests" / "parts" / "one.rules").read_text() + "board three\n")
    with pytest.raises(RulesError, match="a file declares one part, and this one is `one`"):
        load_rules(base)


# ------------------------------------------------------------------ Royale written with parts

TAFELN = ROOT / "rulesets" / "tafeln"
ROYALE = ROOT / "rulesets" / "royale.rules"


def _code_lines(path):
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip() and not line.strip().startswith("#")]


def test_every_board_is_a_part_of_kind_board_and_registers_nothing_by_hand():
    for path in TAFELN.glob("*.rules"):
        lines = _code_lines(path)
        assert lines[0] == f'fragment "{lines[0].split(chr(34))[1]}" for "../royale.rules"'
        (part,) = [line for line in lines if line.startswith("board ")]
        assert part == f"board {path.stem}" or part.startswith(f'board {path.stem} "')
        assert not any("boards_available" in line or 'when board ==' in line for line in lines), path


def _check(*args):
    from click.testing import CliRunner

    from rulesrun.cli.main import main
    return CliRunner().invoke(main, ["check", str(ROYALE)] + list(args), catch_exceptions=False)


def test_royale_refuses_a_misspelled_forced_board_through_its_own_assert():
    out = _check("--set", "forced_boards=jackpot,nosuchboard")
    assert out.exit_code == 2
    assert "royale.rules:" in out.output and "error: forced_boards names no board: [nosuchboard]" in out.output
    assert "assert all([f in [b.name for b in board]" in out.output
    assert "hint: this `assert` of the rules refuses --set forced_boards=jackpot,nosuchboard" in out.output


@pytest.mark.parametrize("setting, message", [("rounds=-1", "a game has at least 1 round, not -1"),
                                              pytest.param("boards_per_round=7", "boards_per_round is 0 to 6, not 7",
                                                           marks=pytest.mark.slow)])
def test_royale_refuses_bad_settings(setting, message):
    out = _check("--set", setting)
    assert out.exit_code == 2 and message in out.output and f"--set {setting}" in out.output


@pytest.mark.slow
def test_royale_with_good_settings_checks():
    assert _check("--set", "forced_boards=jackpot,pay_day", "--set", "rounds=1").exit_code == 0


def test_a_parts_handler_with_the_wrong_values_says_the_part_is_implied(tmp_path):
    base = write(tmp_path, base=BASE.read_text().replace('include "two.rules"\n', ""),
                 one=(ROOT / "tests" / "parts" / "one.rules").read_text().replace("on activated(p):", "on activated(p, q, r):"))
    with pytest.raises(RulesError) as error:
        load_rules(base)
    message = error.value.render()
    assert "error: `on activated` of board one takes 1 value, not 3" in message
    assert "hint: the event is activated(board, p); here the board is one: on activated(p)" in message


ORDER = {
    "base": 'game "Order"\nplayers 2..2\nkind board\nevent activated(board, p)\nvar log = []\n'
            'include "one.rules"\ninclude "two.rules"\n\n'
            'on activated(b, p):\n    append "any {b}:{p}" to log\n\n'
            'on activated(b, p) when b == two and p == 1:\n    append "base two {p}" to log\n\n'
            'phase game:\n    for b in board:\n        emit activated(b, 0)\n        emit activated(b, 1)\n'
            '    emit activated(none, 0)\n\nscore by p: 0\n',
    "one": 'board one\n\non activated(p):\n    append "one {p}" to log\n\n'
           'on activated(p) when p == 1:\n    append "one again {p}" to log\n',
    "two": 'board two\n\non activated(p):\n    append "two {p}" to log\n',
}


@pytest.mark.parametrize("form", ["driven, books", "closed, no books"])
def test_an_event_calls_the_handlers_of_the_part_it_carries_and_every_other_in_their_order(tmp_path, form):
    """An event tests the part first and calls only its handlers (compiler: `_part_guard`),
    among the handlers of no part (`any`) and those whose own `when` asks more (`one again`,
    `base two`), all in the order they were declared; an event with no part runs only those
    of no part."""
    rules = load_rules(write(tmp_path, **ORDER))
    agents = None if form.startswith("driven") else random_agents(1, 2)
    game = rules.start(players=2, seed=1, lookahead=agents is None, agents=agents)
    assert game.over
    assert game.view().vars["log"] == ["one 0", "any one:0", "one 1", "one again 1", "any one:1",
                                 "two 0", "any two:0", "two 1", "any two:1", "base two 1", "any none:0"]


@pytest.mark.parametrize("form", ["driven, books", "closed, no books"])
def test_an_event_whose_handlers_all_belong_to_parts_looks_the_part_up(tmp_path, form):
    """When every handler of an event belongs to a part, the event looks up the handlers of the
    part it carries in a table (compiler: `_by_part`), each part's in the order declared; a
    value that is no part (`none`, a number, a list) finds none."""
    base = ORDER["base"].replace('on activated(b, p):\n    append "any {b}:{p}" to log\n\n', "")
    base = base.replace("    emit activated(none, 0)\n", "    emit activated(none, 0)\n    emit activated(3, 0)\n    emit activated([1], 0)\n")
    rules = load_rules(write(tmp_path, **{**ORDER, "base": base}))
    assert "for _handler in byp_activated.get(a0, ())" in rules.source.text()
    agents = None if form.startswith("driven") else random_agents(1, 2)
    game = rules.start(players=2, seed=1, lookahead=agents is None, agents=agents)
    assert game.over
    assert game.view().vars["log"] == ["one 0", "one 1", "one again 1", "two 0", "two 1", "base two 1"]
