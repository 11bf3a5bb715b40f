"""Scenario tests: the Las Vegas Royale boards E1 to H2 of seed 001, played on `royale.rules`.

NO ENTRY! (E1), KNOCKOUT? (E2), BLOCK IT! (F1), HANDICAP (F2), BLACK BOX (G1), DOUBLE DOWN (G2),
NICE DICE (H1) and MY CHOICE (H2), as the seed's board texts describe them; the numbers the print
leaves open are those of RULES-NOTES.md ("Royale boards"). Each board has its normal case, a
boundary, and an interaction with another board or rule; BLOCK IT! also plays the printed
example with POWER PLAY step by step.

Seats are numbered clockwise from 0; the left neighbour is the next seat. The boards under test
are forced onto casinos 1, 2, 3 in the order given (and no other board lies out). Players hold
no jetons at the start (the round's two jetons come with the placement phase, not run here), so
a jeton count is exactly what a board gave.

Each set of forced boards is a Royale compiled anew (some 0.5 s): the quick run keeps NO ENTRY!'s
cases on their own, one compile; CI runs every board (`slow`).
"""

from pathlib import Path

import pytest

from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.testing.scenario import Scenario

ROYALE = Path(__file__).resolve().parent.parent / "rulesets" / "royale.rules"

_RULES = {}


def royale(*boards, players=4):
    """A Royale game before its first placement, with exactly `boards` attached to casinos 1, 2, ..."""
    if boards not in _RULES:
        _RULES[boards] = load_rules(ROYALE, params={"forced_boards": ",".join(boards),
                                                    "boards_per_round": str(len(boards))})
    s = Scenario(_RULES[boards], players=players)
    s.call("setup")
    s.call("draw_boards")
    assert [getattr(s.var("board_at", c), "name", None) for c in range(1, 7)] == list(boards) + [None] * (6 - len(boards))
    return s


def used_up(s):
    """Every scripted answer was asked for and every loaded die was rolled."""
    assert all(not agent.answers for agent in s.agents), [agent.answers for agent in s.agents]
    assert not s._loaded, "loaded dice were not all rolled"


def turn(s, seat, faces, *answers, extra=()):
    """`seat` rolls its supply, the dice showing `faces` in supply order, and answers `answers` in order;
    the black extra dice, if a board rolls them during the turn, show `extra`."""
    s.load_dice(*faces)
    if extra:
        s.load_dice(*extra, kind="extra")
    s.script(seat, *answers)
    s.call("take_turn", seat)


def activate(s, board, seat, answers=()):
    """Activate `board` (a board side's name) for `seat` as a placement in its casino does (no
    dice of the placement): the placement's event, with all it sets off (the board, then what
    every board checks after)."""
    part = next(s.var("board_at", c) for c in range(1, 7) if getattr(s.var("board_at", c), "name", None) == board)
    s.script(seat, *answers)
    s.emit("placed", seat, s.zone("casino", s.call("host", part)), [], [])


def asked(s, point):
    """The decisions taken at `point`, oldest first: (seat, option labels)."""
    return [(e["player"], e["options"]) for e in s.log if e["t"] == "decide" and e["point"] == point]


def options(s, point):
    """The option labels of the last decision at `point`."""
    return asked(s, point)[-1][1]


def dice_of(s, owner, zone, index=None):
    """How many dice of `owner` (a seat or an imaginary player's name) lie in a zone."""
    owner = s.owner(owner)
    return len([d for d in s.zone(zone, index) if d.owner == owner])


def grey_in(s, c):
    """Grey blank dice in casino c."""
    return dice_of(s, "grey", "casino", c)


def cash(s, seat):
    return s.var("cash", seat)


def jetons(s, seat):
    return s.var("jetons", seat)


# =========================================================================== NO ENTRY! (E1)


def test_no_entry_closes_the_chosen_casino_and_the_first_field_pays_2_jetons():
    """E1: placing on its casino lays the tile on any other casino, which closes; the marker moves to the first field: 2 jetons."""
    s = royale("no_entry")
    turn(s, 0, [1, 1, 2, 3, 4, 5, 6, 6], "place(1)", "4")
    used_up(s)
    assert options(s, "no_entry") == ["2", "3", "4", "5", "6"]  # never its own casino; no "leave" the first time
    assert s.var("closed_casino") == 4
    assert jetons(s, 0) == 2 and cash(s, 0) == 0


def test_no_entry_closed_casino_takes_no_dice_from_a_roll():
    """E1: in the closed casino no dice may be placed: the 4s of a roll are not a choice."""
    s = royale("no_entry")
    turn(s, 0, [1, 1, 2, 3, 4, 5, 6, 6], "place(1)", "4")
    turn(s, 1, [4, 4, 4, 2, 2, 5, 6, 6], "place(2)")
    used_up(s)
    assert options(s, "after_roll") == ["place(2)", "place(5)", "place(6)"]
    assert len(s.zone("casino", 4)) == 0


def test_no_entry_a_roll_showing_only_the_closed_casino_places_nothing():
    """E1 + RULES-NOTES: a player whose every rolled face is closed places nothing; the dice go back to supply."""
    s = royale("no_entry")
    s.set("closed_casino", 4)
    s.place(1, "small", [6] * 6, "casino", 6)
    turn(s, 1, [4, 4])
    used_up(s)
    assert "seat 1 cannot place anything" in s.said()
    assert len(s.zone("supply", 1)) == 2 and len(s.zone("casino", 4)) == 0


def test_no_entry_a_roll_showing_only_the_closed_casino_passes_for_free_even_with_jetons():
    """E1 + seed 001 jetons: returning a jeton is a choice ("kannst du ... zurücklegen") against placing.

    A player who cannot place at all passes for free and keeps his jetons; he is not made to pay one.
    """
    s = royale("no_entry")
    s.set("closed_casino", 4)
    s.set("jetons", 2, 1)
    s.place(1, "small", [6] * 6, "casino", 6)
    turn(s, 1, [4, 4])
    used_up(s)
    assert asked(s, "after_roll") == []
    assert jetons(s, 1) == 2
    assert "seat 1 cannot place anything" in s.said()
    assert len(s.zone("supply", 1)) == 2 and len(s.zone("casino", 4)) == 0


def test_no_entry_a_roll_with_an_open_casino_may_still_be_passed_with_a_jeton():
    """Seed 001 jetons: with one open casino in the roll the player chooses: place there, or return a jeton."""
    s = royale("no_entry")
    s.set("closed_casino", 4)
    s.set("jetons", 2, 1)
    s.place(1, "small", [6] * 5, "casino", 6)
    turn(s, 1, [4, 4, 5], "pass_with_jeton()")
    used_up(s)
    assert options(s, "after_roll") == ["place(5)", "pass_with_jeton()"]
    assert jetons(s, 1) == 1 and len(s.zone("supply", 1)) == 3


def test_no_entry_leaving_the_tile_moves_no_marker_and_pays_nothing():
    """E1: on a later activation the tile may stay; then the marker stays too and nothing is paid."""
    s = royale("no_entry")
    activate(s, "no_entry", 0, ["4"])       # marker to field 1: 2 jetons
    activate(s, "no_entry", 1, ["leave"])   # tile stays on 4, marker stays on field 1
    assert options(s, "no_entry") == ["leave", "2", "3", "5", "6"]
    assert s.var("closed_casino") == 4
    assert jetons(s, 1) == 0 and cash(s, 1) == 0
    activate(s, "no_entry", 2, ["5"])       # marker to field 2: nothing (not field 3's 30000)
    activate(s, "no_entry", 3, ["6"])       # marker to field 3: 30000
    assert (jetons(s, 2), cash(s, 2)) == (0, 0)
    assert (jetons(s, 3), cash(s, 3)) == (0, 30000)
    assert s.var("closed_casino") == 6


def test_no_entry_marker_runs_round_the_track_through_the_start_field_which_pays_nothing():
    """E1 + RULES-NOTES: 2 jetons, nothing, 30000, nothing, 1 jeton, nothing; then the start field (nothing), then 2 jetons again."""
    s = royale("no_entry")
    gains = []
    for k in range(8):
        before = (jetons(s, 0), cash(s, 0))
        activate(s, "no_entry", 0, ["5" if k % 2 else "4"])
        gains.append((jetons(s, 0) - before[0], cash(s, 0) - before[1]))
    assert gains == [(2, 0), (0, 0), (0, 30000), (0, 0), (1, 0), (0, 0), (0, 0), (2, 0)]


def test_no_entry_casino_reopens_and_marker_restarts_when_the_next_round_draws_boards():
    """E1: the tile and the marker belong to this round's board: new boards, no closed casino, marker on start."""
    s = royale("no_entry")
    activate(s, "no_entry", 0, ["4"])
    activate(s, "no_entry", 0, ["5"])
    s.call("draw_boards")
    assert s.var("closed_casino") is None
    activate(s, "no_entry", 1, ["3"])
    assert jetons(s, 1) == 2


@pytest.mark.slow
def test_no_entry_closed_casino_gets_no_grey_dice_from_block_it():
    """E1 with F1: 'Dies gilt auch für alle Funktionen anderer Tafeln': BLOCK IT! cannot put grey dice into the closed casino."""
    s = royale("no_entry", "block_it")
    activate(s, "no_entry", 0, ["4"])
    activate(s, "block_it", 1, ["(5, 6)"])
    targets = {int(label.strip("()").split(", ")[1]) for label in options(s, "block_it")}
    assert targets == {1, 2, 3, 5, 6}
    assert len(s.zone("casino", 4)) == 0 and grey_in(s, 6) == 3


@pytest.mark.slow
def test_no_entry_closed_casino_gives_no_die_back_and_takes_none_through_my_choice_5():
    """E1 with H2: MY CHOICE 5 can neither take an own die out of the closed casino nor turn a die and place it there."""
    s = royale("no_entry", "my_choice")
    s.place(1, "small", [5], "casino", 5)
    s.place(1, "small", [4], "casino", 4)
    activate(s, "no_entry", 0, ["4"])
    turn(s, 1, [2, 2, 3, 6, 6, 6], "place(2)", "5", "nothing", extra=(5, 1))
    used_up(s)
    offered = options(s, "turn_or_take_back")
    assert "(take back, small:5@1, 5)" in offered
    assert not any(label.endswith(", 4]") for label in offered)
    assert dice_of(s, 1, "casino", 4) == 1


# =========================================================================== KNOCKOUT? (E2)


@pytest.mark.slow
def test_knockout_every_other_player_puts_one_remaining_die_at_the_counter():
    """E2: when activated, each fellow player must put one of their remaining dice (their choice) at the counter."""
    s = royale("knockout", players=3)
    s.script(1, "biggy:1@1")
    s.script(2, "small:1@2")
    turn(s, 0, [1, 1, 2, 3, 4, 5, 6, 6], "place(1)")
    used_up(s)
    assert asked(s, "knockout") == [(1, ["small:1@1", "biggy:1@1"]), (2, ["small:1@2", "biggy:1@2"])]
    counter = s.zone("knockout_counter")
    assert [(d.owner, d.kind.name) for d in counter] == [(1, "biggy"), (2, "small")]
    assert len(s.zone("supply", 1)) == 7 and len(s.zone("supply", 2)) == 7
    assert dice_of(s, 0, "knockout_counter") == 0


@pytest.mark.slow
def test_knockout_you_take_your_own_dice_back_from_the_counter():
    """E2: the activating player gets their dice at the counter back into supply."""
    s = royale("knockout", players=3)
    s.place(0, "small", [3, 5], "knockout_counter")
    s.script(1, "small:1@1")
    s.script(2, "small:1@2")
    turn(s, 0, [1, 1, 2, 3, 4, 6], "place(1)")
    used_up(s)
    assert dice_of(s, 0, "knockout_counter") == 0
    assert len(s.zone("supply", 0)) == 6  # 8 - 2 placed; the 2 from the counter are back


@pytest.mark.slow
def test_knockout_two_dice_at_the_counter_are_the_limit_and_the_biggy_counts_as_one_of_them():
    """E2: nobody puts a third die at the counter; a Biggy there is one of a player's two."""
    s = royale("knockout", players=3)
    s.place(1, "biggy", [2], "knockout_counter")
    s.place(1, "small", [4], "knockout_counter")
    s.script(2, "small:1@2")
    turn(s, 0, [1, 1, 2, 3, 4, 5, 6, 6], "place(1)")
    used_up(s)
    assert [seat for seat, _ in asked(s, "knockout")] == [2]
    assert dice_of(s, 1, "knockout_counter") == 2 and len(s.zone("supply", 1)) == 6


@pytest.mark.slow
def test_knockout_a_biggy_alone_at_the_counter_is_one_die_so_a_second_follows():
    """E2 + RULES-NOTES: KNOCKOUT? counts dice by piece: a lone Biggy (worth 2 elsewhere) is one of the two."""
    s = royale("knockout", players=3)
    s.place(1, "biggy", [2], "knockout_counter")
    s.script(2, "small:1@2")  # seat 1 has only small dice left: one choice, not asked
    turn(s, 0, [1, 1, 2, 3, 4, 5, 6, 6], "place(1)")
    used_up(s)
    assert [seat for seat, _ in asked(s, "knockout")] == [1, 2]
    assert asked(s, "knockout")[0] == (1, ["small:1@1"])  # seat 1's Biggy is already at the counter
    assert dice_of(s, 1, "knockout_counter") == 2


@pytest.mark.slow
def test_knockout_a_player_without_remaining_dice_puts_nothing_at_the_counter():
    """E2: only 'noch übrige' dice go to the counter: a player with an empty supply is not asked."""
    s = royale("knockout", players=3)
    s.place(2, "small", [6] * 7, "casino", 6)
    s.place(2, "biggy", [5], "casino", 5)
    s.script(1, "small:1@1")
    turn(s, 0, [1, 1, 2, 3, 4, 5, 6, 6], "place(1)")
    used_up(s)
    assert [seat for seat, _ in asked(s, "knockout")] == [1]
    assert dice_of(s, 2, "knockout_counter") == 0 and dice_of(s, 2, "casino", 6) == 7


@pytest.mark.slow
def test_knockout_a_player_whose_dice_all_wait_at_the_counter_is_skipped_in_placement():
    """E2 with the base rule 'Wer keine Würfel mehr hat, wird übersprungen': counter dice are not rolled."""
    s = royale("knockout", players=3)
    s.set("start_player", 1)
    s.place(0, "small", [6] * 6, "casino", 6)
    s.place(0, "biggy", [6], "casino", 6)
    s.place(1, "small", [5] * 7, "casino", 5)
    s.place(1, "biggy", [3], "knockout_counter")
    s.place(2, "small", [4] * 7, "casino", 4)
    s.place(2, "biggy", [4], "casino", 4)
    s.load_dice(2)
    s.script(0, "place(2)")  # the round's jetons make passing a choice
    s.call("placement")
    used_up(s)
    assert [e["player"] for e in s.log if e["t"] == "turn"] == [0]
    assert dice_of(s, 1, "knockout_counter") == 1


@pytest.mark.slow
def test_knockout_counter_dice_go_back_to_their_owners_at_the_end_of_the_round():
    """E2: the counter empties with the round's last action (all dice back to supply)."""
    s = royale("knockout", players=3)
    s.place(1, "biggy", [3], "knockout_counter")
    s.place(2, "small", [3], "knockout_counter")
    s.call("clear_tables")
    assert len(s.zone("knockout_counter")) == 0
    assert len(s.zone("supply", 1)) == 8 and len(s.zone("supply", 2)) == 8


@pytest.mark.slow
def test_knockout_activated_through_my_choice_4_knocks_the_others_out_and_returns_your_dice():
    """E2 with H2: MY CHOICE 4 activates KNOCKOUT 'als ob du dort Würfel eingesetzt hättest'."""
    s = royale("my_choice", "knockout", players=3)
    s.place(0, "small", [6], "knockout_counter")
    s.script(1, "small:1@1")
    s.script(2, "biggy:1@2")
    turn(s, 0, [1, 1, 2, 3, 4, 5, 6], "place(1)", extra=(4, 4))
    used_up(s)
    assert [(d.owner, d.kind.name) for d in s.zone("knockout_counter")] == [(1, "small"), (2, "biggy")]
    assert len(s.zone("supply", 0)) == 6  # 7 - 2 placed + the one back from the counter


# =========================================================================== BLOCK IT! (F1)


@pytest.mark.slow
def test_block_it_preparation_lays_the_nine_grey_dice_in_groups_of_1_1_2_2_3():
    """F1 preparation: 2x 1, 2x 2, 1x 3 grey blank dice on the board's five field groups."""
    s = royale("block_it")
    assert [len(s.zone("block_it_group", k)) for k in range(1, 6)] == [1, 1, 2, 2, 3]
    assert len(s.zone("grey_supply")) == 0


@pytest.mark.slow
def test_block_it_puts_all_grey_dice_of_one_group_into_a_casino_of_your_choice():
    """F1: take all blank dice of any group and put them into any casino (here 3 dice into casino 4)."""
    s = royale("block_it")
    turn(s, 0, [1, 1, 2, 3, 4, 5, 6, 6], "place(1)", "(5, 4)")
    used_up(s)
    assert len(options(s, "block_it")) == 5 * 6
    assert grey_in(s, 4) == 3 and len(s.zone("block_it_group", 5)) == 0
    assert [len(s.zone("block_it_group", k)) for k in range(1, 5)] == [1, 1, 2, 2]


@pytest.mark.slow
def test_block_it_grey_dice_count_for_an_imaginary_player_at_scoring():
    """F1: at scoring the grey dice are an imaginary player's: they tie seat 1 (both cancel), seat 2 takes the higher bill."""
    s = royale("block_it")
    s.place(1, "small", [4, 4, 4], "casino", 4)
    s.place(2, "small", [4, 4], "casino", 4)
    activate(s, "block_it", 0, ["(5, 4)"])
    s.cards("bills_at", 4, [90000, 50000])
    s.call("score_casinos")
    assert [s.total("won", p) for p in range(4)] == [0, 0, 90000, 0]


@pytest.mark.slow
def test_block_it_offers_only_groups_still_on_the_board_and_does_nothing_once_all_are_used():
    """F1 boundary: a used group is gone; with the board empty an activation asks nothing and moves nothing."""
    s = royale("block_it")
    activate(s, "block_it", 0, ["(5, 6)"])
    activate(s, "block_it", 1, ["(1, 6)"])
    assert {label.split(",")[0] for label in options(s, "block_it")} == {"(1", "(2", "(3", "(4"}
    for k in (2, 3, 4):
        activate(s, "block_it", 0, [f"({k}, 5)"])
    activate(s, "block_it", 1)
    used_up(s)
    assert len(asked(s, "block_it")) == 5
    assert grey_in(s, 6) == 4 and grey_in(s, 5) == 5


@pytest.mark.slow
def test_block_it_grey_dice_put_into_casinos_are_all_back_on_the_board_next_round():
    """F1 boundary (end of a round): the grey dice in casinos return with everyone's dice; the next round's board
    again holds all nine in groups of 1, 1, 2, 2, 3."""
    s = royale("block_it")
    activate(s, "block_it", 0, ["(5, 4)"])
    activate(s, "block_it", 1, ["(1, 2)"])
    s.call("scoring")
    s.call("draw_boards")
    assert [len(s.zone("block_it_group", k)) for k in range(1, 6)] == [1, 1, 2, 2, 3]
    assert [grey_in(s, c) for c in range(1, 7)] == [0] * 6


@pytest.mark.slow
def test_block_it_two_players_grey_dice_and_neutral_dice_are_two_different_imaginary_players():
    """F1, 2-player note: the neutral dice and the grey dice belong to two different imaginary players, so 2 against 2 cancels."""
    s = royale("block_it", players=2)
    s.place("neutral", "small", [4, 4], "casino", 4)
    s.place(0, "small", [4], "casino", 4)
    activate(s, "block_it", 1, ["(3, 4)"])
    s.cards("bills_at", 4, [90000, 50000])
    s.call("score_casinos")
    assert (s.total("won", 0), s.total("won", 1)) == (90000, 0)


@pytest.mark.slow
def test_block_it_printed_example_two_grey_dice_take_the_power_play_marker_from_red():
    """F1 Beispiel: casino 2 (POWER PLAY) holds 1 blue, 1 yellow, 2 red dice; 2 grey dice are added: red must put
    the marker back on the board at once; left so until scoring, nobody is paid there."""
    BLUE, YELLOW, RED = 0, 1, 2
    s = royale("block_it", "power_play", players=3)

    # Red places two 2s on casino 2: the unique majority there takes the POWER PLAY marker.
    turn(s, RED, [2, 2, 5, 5, 5, 6, 6, 6], "place(2)")
    assert s.var("power_holder") == RED
    # Blue and yellow each place one 2 on casino 2: red still leads alone and keeps the marker.
    turn(s, BLUE, [2, 3, 3, 4, 4, 5, 5, 6], "place(2)")
    turn(s, YELLOW, [2, 3, 3, 4, 4, 5, 5, 6], "place(2)")
    assert [dice_of(s, p, "casino", 2) for p in (BLUE, YELLOW, RED)] == [1, 1, 2]
    assert s.var("power_holder") == RED

    # Blue places on casino 1 (BLOCK IT!) and puts a group of 2 grey dice into casino 2.
    turn(s, BLUE, [1, 1, 3, 4, 4, 5, 6], "place(1)", "(3, 2)")
    assert grey_in(s, 2) == 2
    assert s.var("power_holder") is None
    assert "POWER PLAY: nobody leads casino 2, the marker goes back to the board" in s.said()

    # Red's next turn offers no POWER PLAY any more: red rolls and places elsewhere.
    turn(s, RED, [5, 5, 6, 6, 6, 6], "place(5)")
    assert options(s, "turn_start") == ["roll_and_place()"]
    used_up(s)

    # Scoring with this constellation: 2 red against 2 grey and 1 blue against 1 yellow all cancel.
    s.cards("bills_at", 2, [70000, 40000])
    bills = list(s.zone("bills_at", 2))
    s.call("scoring")
    assert [s.total("won", p) + cash(s, p) for p in (BLUE, YELLOW, RED)] == [0, 0, 0]
    assert {id(c) for c in s.zone("deck")[:2]} == {id(c) for c in bills}  # under the deck


# =========================================================================== HANDICAP (F2)


@pytest.mark.slow
def test_handicap_preparation_puts_one_grey_die_in_casinos_1_to_3_and_two_in_4_to_6():
    """F2 preparation: the nine grey blank dice, one each in casinos 1-3 and two each in 4-6."""
    s = royale("handicap")
    assert [grey_in(s, c) for c in range(1, 7)] == [1, 1, 1, 2, 2, 2]


@pytest.mark.slow
def test_handicap_a_grey_die_taken_for_a_jeton_picture_gives_1_jeton():
    """F2: take a grey die from any casino onto a free picture of the board: the jeton picture gives 1 jeton."""
    s = royale("handicap")
    turn(s, 0, [1, 1, 2, 3, 4, 5, 6, 6], "place(1)", "(4, jeton)")
    used_up(s)
    assert len(options(s, "handicap")) == 1 + 6 * 3  # "nothing", or any casino with any picture kind
    assert jetons(s, 0) == 1
    assert grey_in(s, 4) == 1 and len(s.zone("handicap_board")) == 1


@pytest.mark.slow
def test_handicap_money_picture_pays_30000_from_the_bank():
    """F2: a money picture pays 30,000 from the bank."""
    s = royale("handicap")
    bank = s.var("bank")
    activate(s, "handicap", 2, ["(6, money)"])
    assert cash(s, 2) == 30000 and s.var("bank") == bank - 30000
    assert grey_in(s, 6) == 1


@pytest.mark.slow
def test_handicap_the_two_jeton_pictures_are_used_up_after_two_takes():
    """F2 boundary: 1 jeton 'bis zu 2x möglich': a third take offers no jeton picture."""
    s = royale("handicap")
    activate(s, "handicap", 0, ["(4, jeton)"])
    activate(s, "handicap", 1, ["(5, jeton)"])
    activate(s, "handicap", 2, ["nothing"])
    assert not any("jeton" in label for label in options(s, "handicap"))
    assert (jetons(s, 0), jetons(s, 1), jetons(s, 2)) == (1, 1, 0)


@pytest.mark.slow
def test_handicap_taking_no_grey_die_gives_no_reward():
    """F2: 'Du musst keinen Blanko-Würfel aufnehmen, allerdings erhältst du dann auch keine Belohnung.'"""
    s = royale("handicap")
    bank = s.var("bank")
    activate(s, "handicap", 0, ["nothing"])
    assert [grey_in(s, c) for c in range(1, 7)] == [1, 1, 1, 2, 2, 2]
    assert (jetons(s, 0), cash(s, 0), s.var("bank")) == (0, 0, bank)


@pytest.mark.slow
def test_handicap_with_no_grey_die_left_in_any_casino_gives_nothing():
    """F2 boundary: when every grey die has left the casinos there is nothing to take and no reward."""
    s = royale("handicap")
    for c in range(1, 7):
        s.put([d for d in s.zone("casino", c)], "handicap_board")
    activate(s, "handicap", 0)
    used_up(s)
    assert (jetons(s, 0), cash(s, 0)) == (0, 0)


@pytest.mark.slow
def test_handicap_choice_picture_turns_a_remaining_die_and_places_it_without_activating():
    """F2: the choice picture: turn one of your remaining dice to any face and place it there, without activating
    that casino's board (KNOCKOUT? at casino 2 asks nobody for a die)."""
    s = royale("handicap", "knockout", players=3)
    turn(s, 0, [1, 1, 3, 3, 5, 5, 6, 6], "place(1)", "(5, choice)", "(place, small:3@0, 2)")
    used_up(s)
    assert s.faces("casino", 2, owner=0) == [2]
    assert asked(s, "knockout") == [] and len(s.zone("knockout_counter")) == 0
    assert len(s.zone("supply", 0)) == 5


@pytest.mark.slow
def test_handicap_choice_picture_takes_an_own_die_back_from_a_casino_but_never_from_a_board():
    """F2: 'Es dürfen nur eigene Würfel aus einem Casino genommen ... werden, nicht aber von einer Tafel'."""
    s = royale("handicap", "knockout", players=3)
    s.place(0, "small", [5], "casino", 5)
    s.place(1, "small", [5], "casino", 5)
    s.place(0, "small", [6], "knockout_counter")
    activate(s, "handicap", 0, ["(4, choice)", "(take back, small:5@0, 5)"])
    takes = [label for label in options(s, "turn_or_take_back") if label.startswith("(take back")]
    assert takes == ["(take back, small:5@0, 5)"]
    assert dice_of(s, 0, "casino", 5) == 0 and dice_of(s, 1, "casino", 5) == 1
    assert dice_of(s, 0, "knockout_counter") == 1
    assert len(s.zone("supply", 0)) == 7


@pytest.mark.slow
def test_handicap_grey_dice_left_in_a_casino_count_for_an_imaginary_player_at_scoring():
    """F2 'Während der Auswertung': the 2 grey dice in casino 4 tie seat 0's 2 dice (both cancel); seat 1 takes the higher bill."""
    s = royale("handicap")
    s.place(0, "small", [4, 4], "casino", 4)
    s.place(1, "small", [4], "casino", 4)
    s.cards("bills_at", 4, [80000, 50000])
    s.call("score_casinos")
    assert [s.total("won", p) for p in range(4)] == [0, 80000, 0, 0]


@pytest.mark.slow
def test_handicap_grey_dice_and_pictures_are_all_back_for_the_next_round():
    """F2 boundary (end of a round): grey dice from the casinos and from the board's pictures come back; the next
    round starts again with 1, 1, 1, 2, 2, 2 and both jeton pictures free."""
    s = royale("handicap")
    activate(s, "handicap", 0, ["(4, jeton)"])
    activate(s, "handicap", 1, ["(5, jeton)"])
    s.call("scoring")
    s.call("draw_boards")
    assert [grey_in(s, c) for c in range(1, 7)] == [1, 1, 1, 2, 2, 2]
    assert len(s.zone("handicap_board")) == 0
    activate(s, "handicap", 2, ["(6, jeton)"])
    assert jetons(s, 2) == 1


@pytest.mark.slow
def test_handicap_two_players_grey_dice_and_neutral_dice_are_two_different_imaginary_players():
    """F2, 2-player note: 2 grey and 2 neutral dice in casino 4 are two players and cancel; seat 0's single die wins."""
    s = royale("handicap", players=2)
    s.place("neutral", "small", [4, 4], "casino", 4)
    s.place(0, "small", [4], "casino", 4)
    s.cards("bills_at", 4, [80000, 50000])
    s.call("score_casinos")
    assert (s.total("won", 0), s.total("won", 1)) == (80000, 0)


@pytest.mark.slow
def test_handicap_takes_no_grey_die_from_a_casino_closed_by_no_entry():
    """F2 with E1: no die may be taken out of the closed casino, by any board."""
    s = royale("no_entry", "handicap")
    activate(s, "no_entry", 0, ["4"])
    activate(s, "handicap", 1, ["(5, money)"])
    sources = {label.strip("()").split(", ")[0] for label in options(s, "handicap")} - {"nothing"}
    assert sources == {"1", "2", "3", "5", "6"}
    assert grey_in(s, 4) == 2


# =========================================================================== BLACK BOX (G1)


@pytest.mark.slow
def test_black_box_left_neighbour_splits_the_tiles_and_the_winner_takes_one_group_from_the_bank():
    """G1: seat 1 wins casino 1; seat 2 (its left neighbour) splits 1/5 with the 100,000 alone; seat 1, seeing only the
    sizes, takes the five: 2 jetons + 40,000 + 60,000 + 80,000 + the blank."""
    s = royale("black_box")
    s.place(1, "small", [1, 1, 1], "casino", 1)
    s.place(0, "small", [1], "casino", 1)
    s.cards("bills_at", 1, [40000, 30000])
    bank = s.var("bank")
    s.script(2, "[4]")
    s.script(1, "5 tiles (other)")
    s.call("score_casinos")
    used_up(s)
    assert asked(s, "black_box_pick") == [(1, ["1 tiles", "5 tiles (other)"])]
    assert asked(s, "black_box_split")[0][0] == 2
    assert (jetons(s, 1), cash(s, 1)) == (2, 180000)
    assert s.var("bank") == bank - 180000
    assert s.total("won", 1) == 40000 and s.total("won", 0) == 30000


@pytest.mark.slow
def test_black_box_splits_are_3_3_or_4_2_or_5_1():
    """G1: the splitter may make 3/3, 4/2 or 5/1 (a group of 1, 2 or 3 tiles beside the rest), never 6/0."""
    s = royale("black_box")
    s.place(0, "small", [1, 1], "casino", 1)
    s.script(1, "[0, 1, 2]")
    s.script(0, "3 tiles")
    s.call("score_casinos")
    splits = options(s, "black_box_split")
    assert len(splits) == 6 + 15 + 20
    assert {label.count(",") + 1 for label in splits} == {1, 2, 3}
    assert (jetons(s, 0), cash(s, 0)) == (2, 100000)  # tiles 0, 1, 2: 2 jetons, 40,000, 60,000


@pytest.mark.slow
def test_black_box_gives_no_tiles_when_nobody_wins_the_casino():
    """G1 boundary: the only two players in casino 1 tie and cancel: there is no winner, nobody splits or picks."""
    s = royale("black_box")
    s.place(0, "small", [1, 1], "casino", 1)
    s.place(1, "biggy", [1], "casino", 1)
    s.call("score_casinos")
    assert asked(s, "black_box_split") == [] and asked(s, "black_box_pick") == []
    assert all(jetons(s, p) == 0 and cash(s, p) == 0 for p in range(4))


@pytest.mark.slow
def test_black_box_a_short_bank_pays_only_what_it_holds():
    """G1 with RULES-NOTES ('an empty bank pays what it has'): the 100,000 tile from a bank of 50,000 pays 50,000."""
    s = royale("black_box")
    s.set("bank", 50000)
    s.place(0, "small", [1], "casino", 1)
    s.script(1, "[4]")
    s.script(0, "1 tiles")
    s.call("score_casinos")
    assert cash(s, 0) == 50000 and s.var("bank") == 0


@pytest.mark.slow
def test_black_box_left_neighbour_of_the_last_seat_is_seat_0():
    """G1: seats sit in a circle: when seat 3 wins, seat 0 splits."""
    s = royale("black_box")
    s.place(3, "small", [1], "casino", 1)
    s.script(0, "[5]")
    s.script(3, "1 tiles")
    s.call("score_casinos")
    used_up(s)
    assert asked(s, "black_box_split")[0][0] == 0 and asked(s, "black_box_pick")[0][0] == 3
    assert (jetons(s, 3), cash(s, 3)) == (0, 0)  # the blank tile


@pytest.mark.slow
def test_black_box_grey_dice_of_block_it_winning_the_casino_give_no_seat_the_tiles():
    """G1 with F1: when BLOCK IT!'s grey dice take the higher bill, the winner is an imaginary player: no seat splits
    or picks; seat 0, second, takes only the lower bill."""
    s = royale("block_it", "black_box")
    s.place(0, "small", [2, 2], "casino", 2)
    activate(s, "block_it", 1, ["(5, 2)"])
    s.cards("bills_at", 2, [60000, 30000])
    s.call("score_casinos")
    assert asked(s, "black_box_split") == [] and asked(s, "black_box_pick") == []
    assert s.total("won", 0) == 30000 and jetons(s, 0) == 0 and cash(s, 0) == 0


# =========================================================================== DOUBLE DOWN (G2)


@pytest.mark.slow
def test_double_down_moves_chosen_own_dice_from_its_casino_onto_the_field():
    """G2: any number of your dice from this casino, placed now or earlier, go onto the board's field; others' stay."""
    s = royale("double_down")
    s.place(0, "biggy", [1], "casino", 1)
    s.place(1, "small", [1], "casino", 1)
    turn(s, 0, [1, 1, 2, 3, 4, 5, 6], "place(1)", "biggy:1@0", "small:1@0", "stop")
    used_up(s)
    assert asked(s, "double_down")[0] == (0, ["stop", "biggy:1@0", "small:1@0", "small:1@0 #2"])
    assert sorted(d.kind.name for d in s.zone("double_down_field")) == ["biggy", "small"]
    assert dice_of(s, 0, "casino", 1) == 1 and dice_of(s, 1, "casino", 1) == 1


@pytest.mark.slow
def test_double_down_field_is_scored_like_a_casino_60000_and_30000_from_the_bank():
    """G2 'Während der Auswertung': the field ranks by dice (Biggy = 2): 3 dice take 60,000, the Biggy 30,000, 1 die nothing."""
    s = royale("double_down")
    s.place(0, "small", [1, 1, 1], "double_down_field")
    s.place(1, "biggy", [1], "double_down_field")
    s.place(2, "small", [1], "double_down_field")
    bank = s.var("bank")
    s.call("score_casinos")
    assert [cash(s, p) for p in range(4)] == [60000, 30000, 0, 0]
    assert s.var("bank") == bank - 90000


@pytest.mark.slow
def test_double_down_field_ties_cancel_first():
    """G2: 'zunächst Gleichstände prüfen und auflösen': 2 dice against a Biggy cancel; the single die takes 60,000; no 30,000."""
    s = royale("double_down")
    s.place(0, "small", [1, 1], "double_down_field")
    s.place(1, "biggy", [1], "double_down_field")
    s.place(2, "small", [1], "double_down_field")
    s.call("score_casinos")
    assert [cash(s, p) for p in range(4)] == [0, 0, 60000, 0]


@pytest.mark.slow
def test_double_down_stopping_at_once_moves_nothing_and_an_empty_field_pays_nothing():
    """G2 boundary: moving dice is optional ('wenn du willst'); an empty field pays nobody."""
    s = royale("double_down")
    turn(s, 0, [1, 1, 2, 3, 4, 5, 6, 6], "place(1)", "stop")
    s.call("score_casinos")
    used_up(s)
    assert len(s.zone("double_down_field")) == 0 and dice_of(s, 0, "casino", 1) == 2
    assert cash(s, 0) == 0


@pytest.mark.slow
def test_double_down_field_dice_are_not_counted_in_the_casino():
    """G2: dice moved onto the field leave the casino: seat 0's 3 dice, 2 of them on the field, lose the casino to seat 1's 2."""
    s = royale("double_down")
    s.place(0, "small", [1, 1, 1], "casino", 1)
    s.place(1, "small", [1, 1], "casino", 1)
    activate(s, "double_down", 0, ["small:1@0", "small:1@0", "stop"])
    s.cards("bills_at", 1, [50000, 30000])
    s.call("score_casinos")
    assert (s.total("won", 0), s.total("won", 1)) == (30000, 50000)
    assert cash(s, 0) == 60000


@pytest.mark.slow
def test_double_down_field_dice_cannot_be_taken_back_by_my_choice_5():
    """G2 with H2: 'Auf diesem Tafelfeld dürfen durch keine andere Aktion Würfel ... weggenommen werden'."""
    s = royale("my_choice", "double_down")
    s.place(0, "small", [2], "double_down_field")
    turn(s, 0, [1, 1, 3, 4, 5, 6, 6], "place(1)", "nothing", extra=(5, 5))
    used_up(s)
    takes = [label for label in options(s, "turn_or_take_back") if label.startswith("(take back")]
    assert takes == ["(take back, small:1@0, 1)"]
    assert dice_of(s, 0, "double_down_field") == 1


@pytest.mark.slow
def test_double_down_casino_closed_by_no_entry_lets_no_die_onto_the_field_even_through_my_choice_4():
    """G2 with E1 and H2: NO ENTRY! may close the casino the board lies at; then no die may leave it for the field,
    even when MY CHOICE 4 activates DOUBLE DOWN."""
    s = royale("no_entry", "double_down", "my_choice")
    s.place(1, "small", [2, 2], "casino", 2)
    activate(s, "no_entry", 0, ["2"])
    turn(s, 1, [3, 3, 4, 5, 6, 6], "place(3)", "2", extra=(4, 4))
    used_up(s)
    assert options(s, "my_choice_activate") == ["1", "2"]
    assert asked(s, "double_down") == []
    assert dice_of(s, 1, "casino", 2) == 2 and len(s.zone("double_down_field")) == 0


# =========================================================================== NICE DICE (H1)


@pytest.mark.slow
def test_nice_dice_puts_one_just_placed_die_on_the_field_of_its_face():
    """H1: one of the dice just placed here may go onto the board's field of its face."""
    s = royale("nice_dice")
    turn(s, 0, [1, 1, 2, 3, 4, 5, 6, 6], "place(1)", "small:1@0")
    used_up(s)
    assert s.faces("nice_dice_field", 1, owner=0) == [1]
    assert dice_of(s, 0, "casino", 1) == 1 and len(s.zone("supply", 0)) == 6


@pytest.mark.slow
def test_nice_dice_may_take_a_die_of_the_roll_still_in_hand():
    """H1: 'einen deiner gerade geworfenen Würfel': a 6 of this roll that was not placed goes onto field 6."""
    s = royale("nice_dice")
    turn(s, 0, [1, 1, 2, 3, 4, 5, 6, 6], "place(1)", "small:6@0")
    used_up(s)
    assert "small:6@0" in options(s, "nice_dice") and options(s, "nice_dice")[0] == "none"
    assert s.faces("nice_dice_field", 6, owner=0) == [6]
    assert dice_of(s, 0, "casino", 1) == 2 and len(s.zone("supply", 0)) == 5


@pytest.mark.slow
def test_nice_dice_declining_leaves_the_board_as_it_is():
    """H1 boundary: the die goes onto the board only 'wenn du willst'."""
    s = royale("nice_dice")
    turn(s, 0, [1, 1, 2, 3, 4, 5, 6, 6], "place(1)", "none")
    used_up(s)
    assert all(len(s.zone("nice_dice_field", f)) == 0 for f in range(1, 7))
    assert dice_of(s, 0, "casino", 1) == 2 and len(s.zone("supply", 0)) == 6


@pytest.mark.slow
def test_nice_dice_displaces_the_die_on_the_field_into_its_casino_without_activating_it():
    """H1: a die already on the field moves into the casino of its face 'ohne dieses damit zu aktivieren':
    seat 1's 1 goes into casino 1 and KNOCKOUT? there asks nobody."""
    s = royale("knockout", "nice_dice", players=3)
    s.place(1, "small", [1], "nice_dice_field", 1)
    turn(s, 0, [2, 2, 1, 3, 4, 5, 6, 6], "place(2)", "small:1@0")
    used_up(s)
    assert [d.owner for d in s.zone("nice_dice_field", 1)] == [0]
    assert dice_of(s, 1, "casino", 1) == 1
    assert asked(s, "knockout") == [] and len(s.zone("knockout_counter")) == 0


@pytest.mark.slow
def test_nice_dice_at_scoring_each_takes_their_dice_back_with_1_jeton_2_jetons_or_30000_to_60000():
    """H1 + RULES-NOTES: field 1 -> 1 jeton, 2 -> 2 jetons, 3 -> 30,000, 4 -> 40,000, 5 -> 50,000, 6 -> 60,000."""
    s = royale("nice_dice")
    for face, seat in ((1, 0), (2, 1), (3, 2), (4, 3), (5, 0), (6, 1)):
        s.place(seat, "small", [face], "nice_dice_field", face)
    s.call("score_casinos")
    assert [jetons(s, p) for p in range(4)] == [1, 2, 0, 0]
    assert [cash(s, p) for p in range(4)] == [50000, 60000, 30000, 40000]
    assert all(len(s.zone("nice_dice_field", f)) == 0 for f in range(1, 7))
    assert [len(s.zone("supply", p)) for p in range(4)] == [8, 8, 8, 8]


@pytest.mark.slow
def test_nice_dice_displaces_no_die_into_a_casino_closed_by_no_entry():
    """H1 with E1: the die on field 4 cannot move into closed casino 4, so no die of face 4 may take its field."""
    s = royale("no_entry", "nice_dice")
    s.place(1, "small", [4], "nice_dice_field", 4)
    activate(s, "no_entry", 0, ["4"])
    turn(s, 0, [2, 2, 4, 5, 6, 6, 3, 3], "place(2)", "small:5@0")
    used_up(s)
    assert options(s, "nice_dice") == ["none", "small:2@0", "small:2@0 #2", "small:5@0", "small:6@0", "small:6@0 #2",
                                       "small:3@0", "biggy:3@0"]  # the 4 of the roll is not offered
    assert [d.owner for d in s.zone("nice_dice_field", 4)] == [1] and len(s.zone("casino", 4)) == 0


# =========================================================================== MY CHOICE (H2)


@pytest.mark.slow
def test_my_choice_rolls_both_extra_dice_and_offers_one_of_their_faces():
    """H2: roll both black extra dice and choose one of them."""
    s = royale("my_choice")
    turn(s, 0, [1, 1, 2, 3, 4, 5, 6, 6], "place(1)", "2", extra=(2, 5))
    used_up(s)
    assert options(s, "my_choice") == ["2", "5"]
    assert jetons(s, 0) == 2


@pytest.mark.slow
@pytest.mark.parametrize("face, reward", [(1, (1, 0)), (2, (2, 0)), (3, (0, 30000))])
def test_my_choice_1_2_3_give_1_jeton_2_jetons_or_30000(face, reward):
    """H2 + RULES-NOTES: face 1 -> +1 jeton, 2 -> +2 jetons, 3 -> +30,000 from the bank."""
    s = royale("my_choice")
    bank = s.var("bank")
    s.load_dice(face, 6, kind="extra")
    activate(s, "my_choice", 0, [str(face)])
    assert (jetons(s, 0), cash(s, 0)) == reward
    assert s.var("bank") == bank - reward[1]


@pytest.mark.slow
def test_my_choice_4_activates_another_board_as_if_dice_were_placed_there():
    """H2 with E1: face 4 activates NO ENTRY! at casino 2: the player closes a casino and takes the first field's 2 jetons."""
    s = royale("my_choice", "no_entry")
    turn(s, 0, [1, 1, 2, 3, 4, 5, 6, 6], "place(1)", "5", extra=(4, 4))
    used_up(s)
    assert s.var("closed_casino") == 5 and jetons(s, 0) == 2


@pytest.mark.slow
def test_my_choice_4_with_no_other_board_out_does_nothing():
    """H2 boundary: 'Es sind dabei nicht immer Aktionen möglich': MY CHOICE never activates itself."""
    s = royale("my_choice")
    s.load_dice(4, 4, kind="extra")
    activate(s, "my_choice", 0)
    used_up(s)
    assert asked(s, "my_choice_activate") == []
    assert (jetons(s, 0), cash(s, 0)) == (0, 0)


@pytest.mark.slow
def test_my_choice_5_turns_a_remaining_die_and_places_it_without_activating():
    """H2: face 5 turns one of the remaining dice of the roll and places it; KNOCKOUT? in that casino is not activated."""
    s = royale("my_choice", "knockout", players=3)
    turn(s, 0, [1, 1, 3, 3, 5, 5, 6, 6], "place(1)", "(place, small:3@0, 2)", extra=(5, 5))
    used_up(s)
    assert s.faces("casino", 2, owner=0) == [2]
    assert asked(s, "knockout") == [] and len(s.zone("knockout_counter")) == 0
    assert len(s.zone("supply", 0)) == 5


@pytest.mark.slow
def test_my_choice_5_takes_an_own_die_back_from_a_casino():
    """H2: face 5, the other option: one of your dice from any casino back into your supply."""
    s = royale("my_choice")
    s.place(0, "small", [5], "casino", 5)
    s.place(1, "small", [5], "casino", 5)
    s.load_dice(5, 5, kind="extra")
    activate(s, "my_choice", 0, ["(take back, small:5@0, 5)"])
    assert dice_of(s, 0, "casino", 5) == 0 and dice_of(s, 1, "casino", 5) == 1
    assert len(s.zone("supply", 0)) == 8


@pytest.mark.slow
def test_my_choice_6_puts_a_remaining_die_on_the_gold_field_worth_60000_at_scoring():
    """H2: face 6 puts one of the remaining dice of the roll on the gold-framed field; at scoring it pays 60,000 and goes home."""
    s = royale("my_choice")
    turn(s, 0, [1, 1, 3, 4, 5, 6, 6, 2], "place(1)", "biggy:2@0", extra=(6, 6))
    assert [(d.owner, d.kind.name) for d in s.zone("my_choice_field")] == [(0, "biggy")]
    assert len(s.zone("supply", 0)) == 5
    s.call("scoring")
    used_up(s)
    assert cash(s, 0) == 60000
    assert len(s.zone("my_choice_field")) == 0 and len(s.zone("supply", 0)) == 8


@pytest.mark.slow
def test_my_choice_6_sends_the_die_already_on_the_gold_field_back_to_its_owner():
    """H2: 'Ist es besetzt, lege zuerst den dort liegenden Würfel in den Vorrat seines Besitzers zurück.'"""
    s = royale("my_choice")
    s.place(1, "small", [3], "my_choice_field")
    turn(s, 0, [1, 1, 3, 4, 5, 6, 6, 2], "place(1)", "small:3@0", extra=(6, 6))
    used_up(s)
    assert [d.owner for d in s.zone("my_choice_field")] == [0]
    assert len(s.zone("supply", 1)) == 8


@pytest.mark.slow
def test_my_choice_6_with_no_die_left_puts_nothing_on_the_gold_field():
    """H2 boundary: the player's last dice were just placed: no remaining die, the field stays as it is."""
    s = royale("my_choice")
    s.place(0, "small", [6] * 6, "casino", 6)
    turn(s, 0, [1, 1], extra=(6, 6))
    used_up(s)
    assert len(s.zone("my_choice_field")) == 0 and dice_of(s, 0, "casino", 1) == 2
