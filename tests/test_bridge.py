"""What the bridges share (rulesrun/bridge.py, rulesrun/observation.py): which rulesets hide
something, the prompts, the bound on options, win shares, and the seat's view as text and as
a vector. No bridge library needed."""

import pytest

import rulesrun
from rulesrun.bridge import TooManyOptions, check_options, hides_information, prompts, win_shares
from rulesrun.observation import encode, history_text, layout_of, view_of, view_text

from helpers import RULESETS, rules_from_text

COUNTING = """\
game "Counting"
players 2..3

die d3 faces 1..3
card coin values 5 x 2, 7 x 1
zone pool
zone hand per player
zone stock hidden
zone cup per player private
zone row[1..2]
var points per player = 0
var leader = none
var level[1..2] = 0
var note = "x"

phase game:
    create d3 x 2 owned by 1 into pool
    create d3 x 1 into row[2]
    create deck coin into stock
    create d3 x 1 owned by 0 into cup[0]
    deal 1 from stock into hand[0]
    level[2] = 4
    leader = 1
    let pick = choose(0, "pick", [1, 2], secret = true)
    let other = choose(1, "other", [1, 2])
    points[0] = pick - 1

score by p: points[p]
"""


@pytest.fixture(scope="module")
def counting(tmp_path_factory):
    return rules_from_text(tmp_path_factory.mktemp("counting"), COUNTING)


@pytest.mark.slow
def test_a_hidden_or_private_zone_or_a_secret_choice_hides_information(tmp_path, counting):
    assert hides_information(counting)
    assert hides_information(rulesrun.load(RULESETS / "classic.rules"))
    assert not hides_information(rulesrun.load(RULESETS / "pot.rules"))
    public = COUNTING.replace("zone stock hidden", "zone stock").replace("per player private", "per player")
    assert hides_information(rules_from_text(tmp_path, public, "secret"))
    assert hides_information(rules_from_text(tmp_path, COUNTING.replace("zone stock hidden", "zone stock"), "private"))
    assert not hides_information(rules_from_text(tmp_path, public.replace("secret = true", "secret = false"), "open"))


def test_the_prompts_are_the_decision_points_and_the_labels_written_as_text(counting):
    assert prompts(counting) == ("other", "pick")
    assert prompts(rulesrun.load(RULESETS / "classic.rules")) == ("after_roll", "turn_start")


def test_a_decision_beyond_the_bound_is_an_error_that_names_it_and_the_fix(counting):
    decision = counting.start(2, 1).decision
    check_options(decision, 2)
    with pytest.raises(TooManyOptions, match=r"seat 0's decision `pick` offers 2 options, more than max_actions=1: .*max_actions=2"):
        check_options(decision, 1)


def test_winners_share_the_win(counting):
    game = counting.start(2, 1, answers=[0, 0])
    assert game.winners == [0, 1] and win_shares(game) == [0.5, 0.5]
    game = counting.start(2, 1, answers=[1, 0])
    assert game.winners == [0] and win_shares(game) == [1.0, 0.0]


def vector(layout, game, seat):
    out = [0.0] * layout.size
    encode(layout, view_of(game, seat), game.decision, out)
    return dict(zip(layout.names, out))


def test_the_vector_counts_pieces_by_kind_face_and_owner_and_holds_the_numeric_vars(counting):
    game = counting.start(2, 3)
    layout = layout_of(game, prompts(counting))
    assert len(layout.names) == layout.size == len(set(layout.names))
    cup = view_of(game, 0).zones["cup"][0][0][1]
    assert {name: value for name, value in vector(layout, game, 0).items() if value and name.startswith("cup")} == {
        "cup[0]/count": 1, f"cup[0]/d3/face {cup}": 1, "cup[0]/d3/owner 0": 1}
    seen = {name: value for name, value in vector(layout, game, 1).items() if value}
    faces = {name: value for name, value in seen.items() if name.startswith("pool/d3/face")}
    assert sum(faces.values()) == 2
    assert {name: value for name, value in seen.items() if not name.startswith("pool/d3/face")} == {
        "seat[1]": 1, "decides[0]": 1, "prompt:pick": 1,
        "pool/d3/owner 1": 2,
        "hand[0]/coin/face " + str(view_of(game, 1).zones["hand"][0][0][1]): 1, "hand[0]/coin/owner none": 1,
        "stock/count": 2, "cup[0]/count": 1,
        f"row[2]/d3/face {view_of(game, 1).zones['row'][2][0][1]}": 1, "row[2]/d3/owner none": 1,
        "points[0]/set": 1, "points[1]/set": 1,
        "leader": 1, "leader/set": 1, "level[1]/set": 1, "level[2]": 4, "level[2]/set": 1,
    }


def test_the_layout_is_the_same_for_every_seed_and_the_seats_vectors_differ_only_in_who_looks_and_what_is_private(counting):
    names = {layout_of(counting.start(2, seed), prompts(counting)).names for seed in range(5)}
    assert len(names) == 1
    game = counting.start(2, 3)
    layout = layout_of(game, prompts(counting))
    zero, one = vector(layout, game, 0), vector(layout, game, 1)
    cup = view_of(game, 0).zones["cup"][0][0][1]
    assert {name for name in layout.names if zero[name] != one[name]} == {
        "seat[0]", "seat[1]", f"cup[0]/d3/face {cup}", "cup[0]/d3/owner 0"}


def test_the_text_shows_what_the_seat_may_see_and_a_secret_once_the_seat_has_decided(counting):
    game = counting.start(2, 3)
    assert "you decide pick: 1 | 2" in view_text(view_of(game, 0), game.decision)
    assert "seat 0 decides pick\n" in view_text(view_of(game, 1), game.decision)
    assert "stock: 2 unseen" in view_text(view_of(game, 1), game.decision)
    assert "cup[0]: 1 unseen" in view_text(view_of(game, 1), game.decision)
    assert "cup[0]: d3:" in view_text(view_of(game, 0), game.decision)
    assert "cup[0]: 1 unseen" not in view_text(view_of(game, 0), game.decision)
    game.play(1)
    assert history_text(view_of(game, 1)) == "history: 0:?"
    assert history_text(view_of(game, 0)) == "history: 0:1"
    game.play(0)
    assert history_text(view_of(game, 1)) == "history: 0:1 1:0"
    assert view_text(view_of(game, 1), game.decision).splitlines()[1] == "game over"
