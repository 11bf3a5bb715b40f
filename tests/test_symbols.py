"""What the editor knows of a file: its declarations and those of its includes, even when some
of them cannot be read."""

from helpers import CLASSIC
from rulesrun.dsl.errors import Span
from rulesrun.dsl.limits import MAX_INCLUDE_DEPTH
from rulesrun.dsl.symbols import declarations, word_at


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
