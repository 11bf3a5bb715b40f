"""What the editor knows of a file: its declarations and those of its includes, even when some
of them cannot be read."""

from helpers import CLASSIC, RULESETS
from rulesrun.dsl.errors import Span
from rulesrun.dsl.limits import MAX_INCLUDE_DEPTH
from rulesrun.dsl.symbols import declarations, outline, word_at


def test_declarations_of_classic_include_its_libraries_with_docs():
    found = {s.name: s for s in declarations(CLASSIC)}
    assert found["rounds"].kind == "param" and found["rounds"].doc == "Rounds (Durchgänge) in a game."
    assert found["pay_ranking"].signature == "proc pay_ranking(ranking, bills, place, label):"
    assert found["highest_first"].span.file.endswith("lib/majority.rules")
    assert found["casino"].span == Span(str(CLASSIC), 25, 6, 25, 12)


def test_an_unsaved_text_a_broken_include_and_a_cycle_leave_the_rest_known(tmp_path):
    (tmp_path / "broken.rules").write_text("proc half(:\n")
    (tmp_path / "loop.rules").write_text('include "game.rules"\nproc loop_proc():\n    pass\n')
    text = 'include "broken.rules"\ninclude "loop.rules"\ninclude "missing.rules"\nvar typed_now = 1\n'
    found = [(s.name, s.kind) for s in declarations(tmp_path / "game.rules", text)]
    assert found == [("typed_now", "var"), ("loop_proc", "proc")]


def test_an_override_is_a_declaration_of_its_own():
    (symbol,) = [s for s in declarations(CLASSIC.parent / "lasvegas.rules") if s.kind == "override proc"][:1]
    assert symbol.signature.startswith("override proc ")


def test_the_word_under_the_cursor():
    text = "phase game:\n    pay_casino(casino[c])\n"
    assert word_at(text, 1, 4) == "pay_casino" and word_at(text, 1, 14) == "pay_casino"
    assert word_at(text, 1, 16) == "casino" and word_at(text, 1, 3) is None and word_at(text, 5, 0) is None


def test_a_chain_of_thousands_of_includes_lists_what_lies_within_the_bounds_without_a_recursion(tmp_path):
    """The editor's outline follows includes as the composer does, up to its bounds (dsl/limits.py),
    where 3,000 files each including the next hit Python's recursion limit."""
    for i in range(100):
        (tmp_path / f"f{i}.rules").write_text(f'include "f{i + 1}.rules"\nproc p{i}():\n    return 1\n')
    top = tmp_path / "top.rules"
    top.write_text('game "g"\nplayers 2..2\ninclude "f0.rules"\n')
    names = [symbol.name for symbol in declarations(str(top), top.read_text())]
    assert names == [f"p{i}" for i in range(MAX_INCLUDE_DEPTH - 1)]


def test_a_board_knows_the_names_of_the_ruleset_it_plugs_into():
    """`fragment "JACKPOT (Tafel A2)" for "../royale.rules"`: Royale's `pay_from_bank` is declared for
    the board as composition reads it; the board's own `track` is the rules' `jackpot_track`."""
    jackpot = RULESETS / "tafeln" / "jackpot.rules"
    found = declarations(jackpot)
    (paying,) = [s for s in found if s.named_by("pay_from_bank", str(jackpot))]
    assert paying.span.file.endswith("royale.rules") and paying.signature == "proc pay_from_bank(p, amount):"
    (track,) = [s for s in found if s.named_by("track", str(jackpot))]
    assert track.part == "jackpot" and track.full == "jackpot_track" and track.span.line == 6
    assert track.signature.endswith('"The jackpot track from the start field (RULES-NOTES.md)."')  # its line continued
    assert [s.full for s in found if s.named_by("jackpot_track", str(RULESETS / "royale.rules"))] == ["jackpot_track"]
    assert not [s for s in found if s.named_by("track", str(RULESETS / "royale.rules"))]


def test_an_open_documents_text_is_read_instead_of_its_saved_file(tmp_path):
    (tmp_path / "lib.rules").write_text("proc saved():\n    pass\n")
    texts = {(tmp_path / "lib.rules").resolve(): "proc typed():\n    pass\n"}
    found = [s.name for s in declarations(tmp_path / "game.rules", 'include "lib.rules"\n', texts)]
    assert found == ["typed"]


def test_the_outline_of_a_file_is_its_declarations_and_rules_with_their_lines():
    text = (RULESETS / "tafeln" / "jackpot.rules").read_text()
    found = [(s.name, s.kind, s.span.line, s.last_line) for s in outline(text, "jackpot.rules")]
    assert found == [("jackpot", "part", 4, 4), ("track", "param", 6, 7), ("field", "var", 8, 8),
                     ("on activated", "handler", 10, 18)]
    assert outline("proc broken(:\n", "x.rules") == []
