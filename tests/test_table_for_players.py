"""A table for players, not for the engine (issue #41, item 3): vars the rules mark `internal`
are left out, no face shows for a die not rolled yet, a bot's line names the option it took,
and options that read the same are one choice where they are the same move, else told apart."""

import pytest
from click.testing import CliRunner

import rulesrun
from rulesrun.cli.main import main
from rulesrun.dsl.format import format_text
from rulesrun.dsl.parser import parse_text
from rulesrun.web.layout import layout

from helpers import ROOT, RULESETS, rules_from_text

LIARS_DICE = ROOT / "examples" / "liars_dice.rules"


@pytest.fixture(autouse=True)
def elsewhere(tmp_path, monkeypatch):
    """A game stopped at the table keeps its log in the current folder: each test in its own."""
    monkeypatch.chdir(tmp_path)


TALLY = """\
game "Tally"
players 2..2

die d6 faces 1..6 shown "{face}" "die"
zone cup per player
zone left
zone right
var points per player = 0
var rounds_played internal = 0

phase game:
    for p in players:
        create d6 x 2 owned by p into cup[p]
    create d6 x 2 owned by 0 into left
    create d6 x 1 owned by 0 into right
    roll cup[0]
    turn 0:
        let d = choose(0, "die", list(left) + list(right) + list(cup[0]), shown = d => "the {d}")
        rounds_played += 1
        points[0] += d.face

score by p: points[p]
"""


def test_internal_stands_after_the_shape_and_is_a_name_elsewhere():
    file = parse_text("var winner[1..6] internal = none\nvar internal = 0\n", "t.rules")
    assert [(var.name, var.internal) for var in file.items] == [("winner", True), ("internal", None)]
    assert format_text("var  winner[1..6]   internal=none\n") == "var winner[1..6] internal = none\n"


def test_a_var_marked_internal_is_left_out_of_the_table_and_the_page_but_agents_see_it(tmp_path):
    rules = rules_from_text(tmp_path, TALLY)
    game = rules.start(2, 1)
    assert "points: 0" in game.decision.table() and "rounds played" not in game.decision.table()
    assert "rounds_played" not in game.shown(0).vars and game.view(0).vars["rounds_played"] == 0
    assert [var["name"] for var in layout(rules)["vars"]] == ["points"]


def test_the_shipped_rulesets_keep_their_bookkeeping_off_the_page():
    plan = layout(rulesrun.load(RULESETS / "royale.rules"))
    shown = {var["name"] for var in plan["vars"]}
    assert {"bank", "cash", "jetons", "board_at"} <= shown
    assert not shown & {"prize_zones", "used_boards", "casino_winner", "bad_luck_payers"}


def test_a_die_not_rolled_yet_shows_no_face_and_a_rolled_one_its_face(tmp_path):
    game = rules_from_text(tmp_path, TALLY).start(2, 1)
    shown = game.shown(0)
    assert all(face is not None for _, face, _ in shown.zones["cup"][0])
    assert [face for _, face, _ in shown.zones["cup"][1]] == [None, None]
    assert [face for _, face, _ in shown.zones["left"]] == [None, None]
    # The agents' view keeps every face: what a bot reads does not change.
    assert all(face is not None for _, face, _ in game.view(0).zones["left"])
    assert "    cup: die x2" in game.decision.table().split("seat 1:")[1]


def test_a_die_turned_to_a_face_shows_it(tmp_path):
    turned = TALLY.replace("    roll cup[0]\n", "    roll cup[0]\n    let t = first(left)\n    t.face = 4\n")
    game = rules_from_text(tmp_path, turned).start(2, 1)
    assert [face for _, face, _ in game.shown(0).zones["left"]] == [4, None]


@pytest.mark.slow
def test_royales_grey_dice_are_never_rolled_and_never_show_a_face():
    rules = rulesrun.load(RULESETS / "royale.rules", params={"forced_boards": ["block_it"]})
    game = rules.start(players=3, seed=2)
    block_it = next(part for part in game.shown(0).parts if part.name == "block_it")
    greys = [piece for pieces in block_it.zones["group"].values() for piece in pieces]
    assert greys and all(kind == "blank" and face is None for kind, face, _ in greys)
    assert "grey die" in game.decision.table() and "blank" not in game.decision.table()


def test_a_bots_line_at_the_table_names_the_option_it_took_and_verbose_lists_them_all():
    args = [str(LIARS_DICE), "--players", "2", "--seed", "4", "--agent", "random", "--agent", "human"]
    brief = CliRunner().invoke(main, args, input="q\n").output
    line = next(text for text in brief.split("\n") if text.startswith("  > seat 0:"))
    assert line.startswith("  > seat 0: Raise the bid, or call it a lie? -> bid ") and line.endswith(" (of 6)")
    verbose = CliRunner().invoke(main, args + ["--verbose"], input="q\n").output
    line = next(text for text in verbose.split("\n") if text.startswith("  > seat 0:"))
    assert "(of 6: bid 1 die showing 1; bid 1 die showing 2;" in line


@pytest.mark.slow
def test_the_page_lists_a_bots_options_only_behind_its_line(tmp_path):
    pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
    pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2 (the test extra)")
    from web_client import client

    rules = rulesrun.load(RULESETS / "royale.rules", params={"forced_boards": ["block_it"]})
    web = client(rules, RULESETS / "royale.rules", ["random", "human"], players=3)
    moment = web.post("/api/games", json={"seed": 3}).json()
    lines, offered = moment["transcript"], moment["offered"]
    assert offered and all(lines[int(k)].lstrip().startswith("> seat ") for k in offered)
    for k, options in offered.items():
        assert lines[int(k)].endswith(f" (of {sum(_times(option) for option in options)})")
        assert len(lines[int(k)]) < 200


def _times(option: str) -> int:
    """How many options one listed option stands for: `move your 1 onto the field (x4)` four."""
    return int(option.rsplit("(x", 1)[1][:-1]) if option.endswith(")") and "(x" in option else 1


def test_options_that_read_the_same_are_one_choice_where_they_are_the_same_move_else_told_apart(tmp_path):
    game = rules_from_text(tmp_path, TALLY).start(2, 1)
    decision = game.decision
    words, choices = decision.words(), decision.choices()
    # Two unrolled dice of one owner in `left` are the same move; the die in `right` reads the
    # same but lies elsewhere, so it is told apart by where it lies. The decision's own words
    # tell every option apart (words.told_apart); the table first merges the same moves.
    assert words[:3] == ["the 1 (d6:1@0 in left)", "the 1 (d6:1@0 #2 in left)", "the 1 (d6:1@0 #3 in right)"]
    assert [(choice.words, choice.options) for choice in choices[:2]] == [("the 1 (in left)", (0, 1)),
                                                                          ("the 1 (in right)", (2,))]
    assert sum(len(choice.options) for choice in choices) == len(decision.options)


@pytest.mark.slow
def test_double_down_offers_each_face_once_and_the_table_answers_with_the_first_of_its_dice():
    rules = rulesrun.load(RULESETS / "royale.rules", params={"forced_boards": ["double_down"]})
    for seed in range(1, 40):
        game = rules.start(players=3, seed=seed)
        while not game.over and game.decision.point != "double_down":
            game.play(0)
        if game.over:
            continue
        choices = game.decision.choices()
        if any(len(choice.options) > 1 for choice in choices):
            break
    else:
        pytest.fail("no DOUBLE DOWN with two dice of one face in 40 games")
    assert len({choice.words for choice in choices}) == len(choices)
    result = CliRunner().invoke(main, [str(RULESETS / "royale.rules"), "--set", "forced_boards=double_down",
                                       "--players", "3", "--seed", str(seed), "--agent", "human"],
                                input="1\n" * len(game.answers) + "q\n")
    question = result.output.split("DOUBLE DOWN: move one of your dice")[1].split("> ")[0]
    listed = [line.split(". ", 1)[1] for line in question.split("\n") if ". " in line]
    assert listed == [choice.words for choice in choices]
