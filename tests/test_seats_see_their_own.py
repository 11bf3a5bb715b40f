"""Each seat sees its own (issue #41, item 2): a seat's own private pieces in full and the
others' as counts, at the table (`t`), on the page, in `game.view(seat)` and in the bridges,
whatever `view` the rules declare; and what a part's own file declares (a board's field, its
groups) shown with the part."""

import pytest
from click.testing import CliRunner

import rulesrun
from rulesrun.cli.main import main
from rulesrun.observation import encode, layout_of, view_of, view_text

from helpers import ROOT, RULESETS

LIARS_DICE = ROOT / "examples" / "liars_dice.rules"
ROYALE = RULESETS / "royale.rules"


@pytest.fixture(autouse=True)
def elsewhere(tmp_path, monkeypatch):
    """A game stopped at the table keeps its log in the current folder: each test in its own."""
    monkeypatch.chdir(tmp_path)


def client(*args, **kwargs):
    """The page's server, as the page asks it (tests/web_client.py), where the web extra is installed."""
    pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
    pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2 (the test extra)")
    from web_client import client

    return client(*args, **kwargs)


def cup_words(game, seat: int) -> str:
    """The dice under `seat`'s cup as the table says them (`5 x2, 2`)."""
    faces = [str(face) for _, face, _ in game.view().zones["cup"][seat]]
    counted = {face: faces.count(face) for face in faces}
    return ", ".join(face if n == 1 else f"{face} x{n}" for face, n in counted.items())


def test_at_liars_dice_t_shows_the_person_their_own_dice_below_the_rules_view_and_the_others_as_counts():
    game = rulesrun.load(LIARS_DICE).start(players=3, seed=4)
    result = CliRunner().invoke(main, [str(LIARS_DICE), "--players", "3", "--seed", "4", "--agent", "human",
                                       "--agent", "random"], input="t\nq\n")
    table = result.output.split("seat 0> t\n")[1]
    # The rules' view first, as they wrote it: it says only how many dice lie under each cup.
    assert table.startswith("bid: none yet\nseat 0: 3 dice under the cup\n")
    assert f"\nyour cup: {cup_words(game, 0)}; seat 1: 3 face down; seat 2: 3 face down\n" in table
    assert cup_words(game, 1) not in table.split("your cup:")[1].split("\n")[0].split(";", 1)[1]


def test_the_page_shows_each_person_their_own_cup_in_pieces_and_in_words():
    rules = rulesrun.load(LIARS_DICE)
    web = client(rules, LIARS_DICE, ["human"], players=2)
    moment = web.post("/api/games", json={"seed": 4}).json()
    game = rules.start(players=2, seed=4)
    for _ in range(2):
        seat = moment["decision"]["seat"]
        view = moment["view"]
        assert [tuple(piece) for piece in view["zones"]["cup"][seat]] == game.view().zones["cup"][seat]
        assert view["zones"]["cup"][1 - seat] is None and view["counts"]["cup"][1 - seat] == 3
        assert f"your cup: {cup_words(game, seat)}; seat {1 - seat}: 3 face down" in view["lines"]
        moment = web.post(f"/api/games/{moment['game']}/answer", json={"option": 0, "answered": moment["answered"]}).json()
        game.play(0)


def test_game_view_and_game_shown_give_a_seat_its_own_cup_and_only_counts_of_the_others():
    game = rulesrun.load(LIARS_DICE).start(players=3, seed=4)
    whole = game.view()
    for seat in range(3):
        for seen in (game.view(seat), game.shown(seat)):
            assert seen.zones["cup"][seat] == whole.zones["cup"][seat]
            assert all(cup is None for owner, cup in enumerate(seen.zones["cup"]) if owner != seat)
            assert seen.counts["cup"] == [3, 3, 3]


def test_the_bridges_observe_a_seats_own_dice_and_the_others_as_counts():
    game = rulesrun.load(LIARS_DICE).start(players=2, seed=4)
    layout = layout_of(game, ())
    whole = game.view()
    for seat in range(2):
        text = view_text(view_of(game, seat), game.decision)
        own = " ".join(f"d6:{face}@{seat}" for _, face, _ in whole.zones["cup"][seat])
        assert f"cup[{seat}]: {own}" in text and f"cup[{1 - seat}]: 3 unseen" in text
        vector = [0.0] * layout.size
        encode(layout, view_of(game, seat), game.decision, vector)
        at = {name: index for index, name in reversed(list(enumerate(layout.names)))}
        for owner in range(2):
            faces = [vector[at[f"cup[{owner}]/d6/face {face}"]] for face in range(1, 7)]
            assert vector[at[f"cup[{owner}]/count"]] == 3
            assert sum(faces) == (3 if owner == seat else 0)


def royale(seed: int = 2):
    """A game of Royale with DOUBLE DOWN, BLOCK IT! and MY CHOICE at casinos 1 to 3, played by
    the seats in turn with their first options up to a decision with dice on DOUBLE DOWN's field."""
    rules = rulesrun.load(ROYALE, params={"forced_boards": ["double_down", "block_it", "my_choice"]})
    game = rules.start(players=3, seed=seed)
    while not any(tuple(piece) for piece in game.view().zones["double_down_field"]):
        game.play(len(game.decision.options) - 1 if game.decision.point == "double_down" else 0)
    return game


@pytest.mark.slow
def test_royales_table_shows_each_boards_field_and_block_its_groups_with_the_board():
    game = royale()
    table = game.decision.table().split("\n")
    # The rules' view (casinos and seats), then each board in play with what its file declares.
    assert table[0].startswith("casino 1 (") and "board DOUBLE DOWN" in table[0]
    field = [line for line in table if line.startswith("DOUBLE DOWN: field: ")]
    assert field and field[0] != "DOUBLE DOWN: field: empty"
    groups = next(line for line in table if line.startswith("BLOCK IT!: "))
    assert "group 1: " in groups and "group 5: grey die x3" in groups
    assert "MY CHOICE: field: " in "\n".join(table)
    shown = game.shown(0)
    assert [part.title for part in shown.parts] == ["DOUBLE DOWN", "BLOCK IT!", "MY CHOICE"]
    assert "double_down_field" not in shown.zones and shown.parts[0].zones["field"]


@pytest.mark.slow
def test_royales_page_shows_each_board_in_play_with_its_zones():
    rules = rulesrun.load(ROYALE, params={"forced_boards": ["double_down", "block_it", "my_choice"]})
    web = client(rules, ROYALE, ["human", "random"], players=3)
    view = web.post("/api/games", json={"seed": 2}).json()["view"]
    parts = {part["title"]: part for part in view["parts"]}
    assert list(parts) == ["DOUBLE DOWN", "BLOCK IT!", "MY CHOICE"]
    assert list(parts["BLOCK IT!"]["zones"]["group"]) == ["1", "2", "3", "4", "5"]
    # Grey dice are never rolled: they show no face.
    assert [piece[1] for piece in parts["BLOCK IT!"]["zones"]["group"]["5"]] == [None, None, None]
    assert parts["DOUBLE DOWN"]["zones"]["field"] == [] and "block_it_group" not in view["zones"]
    plan = web.get("/api/setup").json()["plan"]
    assert {"name": "block_it_group", "label": "group", "shape": "indexed", "part": "block_it", "short": "group",
            "seen": "public"} in plan["zones"]
