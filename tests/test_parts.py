"""Parts that come in kinds and totals made of terms (#18 items 1 and 2): a part is declared
by name in a file of its own and registered by being included; its handlers of a dispatched
event run for it alone; its vars start again where the kind says; any number of files add
terms to a total without `override`."""

import pytest

from helpers import ROOT, random_agents
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.rules import load_rules

BASE = ROOT / "tests" / "parts" / "base.rules"


def test_each_part_handles_its_own_events_and_resets_its_vars_in_both_forms():
    rules = load_rules(BASE)
    game = rules.start(players=2, seed=1)
    assert game.over and game.scores == [11, 11]
    state = game._state
    # `board` is the list of parts in the order their files were included.
    assert state.v_log == ["one:0", "one:1", "two by 0", 2]
    # reset to 0 when `attached` came for `one`, then 1 from it and 1 per activation
    assert state.v_one_count == 3
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


def test_a_reset_on_an_event_that_is_not_the_kinds_is_refused(tmp_path):
    text = BASE.read_text().replace("event attached(board, c)", "event attached(c, board)")
    base = write(tmp_path, base=text, one=(ROOT / "tests" / "parts" / "one.rules").read_text(),
                 two=(ROOT / "tests" / "parts" / "two.rules").read_text())
    with pytest.raises(RulesError, match="resets on `attached`, which is no event whose first value is a board"):
        load_rules(base)


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
