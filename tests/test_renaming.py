"""A declared name's uses and its rename everywhere it is known (dsl/references.py,
dsl/workspace.py, dsl/renaming.py): what the language server's references and rename answer,
without the server."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from helpers import RULESETS
from rulesrun.dsl.errors import RulesError, suggested
from rulesrun.dsl.references import uses
from rulesrun.dsl.renaming import named_at, places, renamed

RULES = '''var cash per player = 0   # cash is counted here
event paid(p, cash)

proc pay(p, amount):
    cash[p] += amount
    say "{name(p)} has {cash[p]}, {join([str(x) for x in [cash[p]]], ' ')}"

proc keep(cash):
    let record = {cash: cash}
    return sorted([record], key=record.cash)

on paid:
    say "{cash}"
'''


@pytest.fixture
def project(tmp_path) -> Path:
    """A folder marked as a project's top: the search for a name's uses stays inside it, whatever
    crowds the folder above (pytest's own temporary folders, in a long run)."""
    (tmp_path / "rulesrun.toml").write_text("")
    return tmp_path


def written(text: str, spans) -> list[tuple[int, str]]:
    return [(s.line, text.splitlines()[s.line - 1][s.column - 1:s.end_column - 1]) for s in spans]


def test_a_name_is_used_where_no_rule_binds_it_and_it_is_no_field():
    """Not in a comment, not where a proc's parameter, a record's field, a keyword or an event's
    value (a handler naming none binds them) is meant; in a text's `{...}` too."""
    found = uses(RULES, "x.rules", {"cash"}, {})
    assert [line for line, _ in written(RULES, found)] == [1, 5, 6, 6, 13]
    assert [s.column for s in found if s.line == 6] == [25, 59]
    from rulesrun.dsl import ast
    paid = ast.Event("paid", ("p", "cash"))
    assert [s.line for s in uses(RULES, "x.rules", {"cash"}, {"paid": paid})] == [1, 5, 6, 6]


def line_of(path: Path, start: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines()) if line.startswith(start))


@pytest.mark.slow  # Royale's files searched: some 1.5 s
def test_a_param_of_a_base_is_renamed_in_the_base_in_royale_and_in_the_board_that_uses_it():
    lasvegas = RULESETS / "lasvegas.rules"
    named = named_at(lasvegas, lasvegas.read_text(), line_of(lasvegas, "param jeton_value"), 8, {})
    edits = renamed(named, "chip_value", {})
    assert {path.relative_to(RULESETS): len(found) for path, found in edits.items()} == {
        Path("lasvegas.rules"): 2, Path("royale.rules"): 2, Path("tafeln/pay_day.rules"): 2}
    for path, found in edits.items():
        assert {text for _, text in written(path.read_text(), [span for span, _ in found])} == {"jeton_value"}
        assert {new for _, new in found} == {"chip_value"}


@pytest.mark.slow  # every file of the project searched: some 3 s
def test_a_boards_own_name_is_renamed_short_in_its_file_and_in_full_elsewhere(tmp_path):
    shutil.copytree(RULESETS, tmp_path / "rulesets")
    jackpot = tmp_path / "rulesets" / "tafeln" / "jackpot.rules"
    royale = tmp_path / "rulesets" / "royale.rules"
    royale.write_text(royale.read_text() + "\nproc peek():\n    return jackpot_track[0]\n")
    named = named_at(jackpot, jackpot.read_text(), line_of(jackpot, "param track"), 8, {})
    edits = renamed(named, "trail", {})
    assert [new for _, new in edits[jackpot.resolve()]] == ["trail"] * 4
    assert [new for _, new in edits[royale.resolve()]] == ["jackpot_trail"]
    with pytest.raises(RulesError, match="does not begin with `jackpot_`"):
        renamed(named_at(royale, royale.read_text(), len(royale.read_text().splitlines()) - 1, 12, {}), "trail", {})


def test_the_editors_unsaved_texts_are_renamed_as_they_stand(project):
    (project / "game.rules").write_text('game "G"\nplayers 2..2\ninclude "lib.rules"\nparam rounds = 1\n')
    (project / "lib.rules").write_text("proc twice(x):\n    return x * 2\n")
    lib = (project / "lib.rules").resolve()
    texts = {lib: "proc twice(x):\n    return x * rounds\n"}
    game = project / "game.rules"
    named = named_at(game, game.read_text(), 3, 7, texts)
    assert {path: [s.line for s in spans] for path, spans in places(named, texts).items()} == {
        game.resolve(): [4], lib: [2]}
    assert [new for _, new in renamed(named, "laps", texts)[lib]] == ["laps"]


@pytest.mark.parametrize(("line", "column", "new", "refusal"), [
    (3, 9, "x", "names nothing the rules declare"),     # the `p` of `pay(p, amount)`
    (5, 20, "x", "names nothing the rules declare"),    # `has`, in a text
    (0, 30, "x", "names nothing the rules declare"),    # `cash`, in a comment
    (5, 11, "x", "`name` is a built-in"),
    (0, 4, "pay", "`pay` is already the proc"),
    (0, 4, "amount", "a local named `amount`"),
    (0, 4, "if", "`if` cannot name anything"),
    (2, 0, "x", "no name here"),
])
def test_a_rename_that_cannot_be_made_whole_is_refused_and_located(project, line, column, new, refusal):
    path = project / "x.rules"
    path.write_text(RULES)
    with pytest.raises(RulesError, match=refusal) as error:
        renamed(named_at(path, RULES, line, column, {}), new, {})
    assert error.value.diagnostics[0].span is not None


def test_a_file_that_does_not_parse_and_uses_the_name_stops_the_rename(project):
    (project / "game.rules").write_text('game "G"\nplayers 2..2\ninclude "lib.rules"\nparam rounds = 1\n')
    (project / "lib.rules").write_text("proc twice(x):\n    return x * rounds\n")
    texts = {(project / "lib.rules").resolve(): "proc twice(x:\n    return x * rounds\n"}
    game = project / "game.rules"
    with pytest.raises(RulesError, match="does not parse"):
        renamed(named_at(game, game.read_text(), 3, 7, texts), "laps", texts)


def test_the_names_a_hint_suggests():
    assert suggested("did you mean `tally` or `total`?") == ["tally", "total"]
    assert suggested("declare it with `var` first") == []


def test_a_search_cut_short_by_its_bounds_renames_nothing(project, monkeypatch):
    """A document beside more rules files than a search reads (dsl/workspace.py) is not renamed in part."""
    monkeypatch.setattr("rulesrun.dsl.workspace.MAX_SCANNED", 3)
    (project / "game.rules").write_text('game "G"\nplayers 2..2\nparam rounds = 1\n')
    for index in range(5):
        (project / f"v{index}.rules").write_text('fragment "V" for "game.rules"\n\nafter game:\n    say "{rounds}"\n')
    game = project / "game.rules"
    named = named_at(game, game.read_text(), 2, 7, {})
    with pytest.raises(RulesError, match="too many to search whole"):
        renamed(named, "laps", {})
    assert len(places(named, {})) < 6


def test_a_project_is_searched_whole_however_crowded_the_folder_above_it(tmp_path):
    """The folder above a project's top is not its own: thousands of folders there (a home, /tmp)
    neither cut the search nor are read; without the marker, the search looks there and says so."""
    for index in range(5_100):
        (tmp_path / f"d{index}").mkdir()
    game = tmp_path / "d0" / "game.rules"
    game.write_text('game "G"\nplayers 2..2\nparam rounds = 1\n')
    named = named_at(game, game.read_text(), 2, 7, {})
    with pytest.raises(RulesError, match="too many to search whole"):
        renamed(named, "laps", {})
    (tmp_path / "d0" / "rulesrun.toml").write_text("")
    assert [new for found in renamed(named, "laps", {}).values() for _, new in found] == ["laps"]
