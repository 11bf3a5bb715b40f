"""Scenario tests: the Las Vegas Royale boards A1 to D2 of seed 001 (LUCKY PUNCH, JACKPOT,
PRIME TIME, FIFTY FIFTY, HIGH FIVE, BAD LUCK, PAY DAY, POWER PLAY), played on royale.rules.

Numbers the print leaves open come from RULES-NOTES.md ("Royale boards"). Each board gets its
normal case, a boundary and an interaction with another board or rule. Boards are forced onto
casinos 1, 2, 3 in the order given (`forced_boards`, and only those: `boards_per_round`).

Seats: Anna = 0, Benno = 1, Carla = 2, Denny = 3 (Anna's left neighbour is Benno). A seat's
supply is 7 small dice and then the Biggy, so a roll of a full supply loads 8 faces, the
last one the Biggy's.

Each set of forced boards is a Royale compiled anew (some 0.5 s): the quick run keeps JACKPOT's
cases on their own, one compile; CI runs every board (`slow`).
"""

from pathlib import Path

import pytest

from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.testing.scenario import Scenario

ROYALE = Path(__file__).resolve().parent.parent / "rulesets" / "royale.rules"

ANNA, BENNO, CARLA, DENNY = 0, 1, 2, 3

_RULES = {}


def rules(boards):
    if boards not in _RULES:
        _RULES[boards] = load_rules(ROYALE, params={"forced_boards": ",".join(boards),
                                                    "boards_per_round": str(len(boards))})
    return _RULES[boards]


def royale(*boards, players=4):
    """A game of Royale with exactly these boards at casinos 1, 2, 3 (in this order)."""
    s = Scenario(rules(boards), players=players)
    s.call("setup")
    s.call("draw_boards")
    assert [s.var("board_at", c).name for c in range(1, len(boards) + 1)] == list(boards)
    return s


def turn(s, seat, faces, face, *answers, extras=()):
    """`seat` rolls its whole supply showing `faces`, places the dice showing `face` and answers on;
    `extras`: what the black extra dice show when a board rolls them in this turn."""
    assert len(faces) == len(s.zone("supply", seat))
    s.load_dice(*faces)
    extra(s, *extras)
    s.script(seat, f"place({face})", *answers)
    s.call("take_turn", seat)


def extra(s, *faces):
    """The next rolls of the black extra dice show these faces."""
    s.load_dice(*faces, kind="extra")


def jackpot_shows(s):
    """The amount under the JACKPOT marker (track from RULES-NOTES.md)."""
    return [30000, 40000, 50000, 60000, 70000, 80000][s.var("jackpot_field")]


def decisions(s, point):
    return [e for e in s.log if e["t"] == "decide" and e["point"] == point]


def money(s, seat):
    return s.call("money", seat)


def holds_the_power_play_marker(s, seat, c=1):
    """Arrange: `seat` has the unique majority in casino c (two dice) and holds the marker."""
    s.place(seat, "small", [c, c], "casino", c)
    s.set("power_holder", seat)


def power_play_option(s, seat, face):
    """The label of the POWER PLAY move that turns the seat's first small die to `face`."""
    return f"power_play({s.zone('supply', seat)[0]!r}, {face})"


def no_dice_left(s, *seats):
    """Arrange: these seats have placed all their dice (they lie in the box, out of the way)."""
    for seat in seats:
        for d in list(s.zone("supply", seat)):
            s.put(d, s.zone("box"))


# =========================================================================== LUCKY PUNCH (A1)


@pytest.mark.slow
def test_lucky_punch_a_wrong_guess_on_three_markers_pays_40000_from_the_bank():
    """Anna hides 3 markers, Benno (her left neighbour) guesses 1: Anna takes 40000 from the bank."""
    s = royale("lucky_punch")
    bank = s.var("bank")
    s.script(BENNO, "1")
    turn(s, ANNA, [1, 1, 2, 3, 4, 5, 6, 6], 1, "3")
    assert s.var("cash", ANNA) == 40000
    assert s.var("bank") == bank - 40000
    assert s.var("jetons", ANNA) == 0


@pytest.mark.slow
def test_lucky_punch_a_wrong_guess_on_two_markers_pays_30000():
    s = royale("lucky_punch")
    s.script(BENNO, "3")
    turn(s, ANNA, [1, 1, 2, 3, 4, 5, 6, 6], 1, "2")
    assert s.var("cash", ANNA) == 30000


@pytest.mark.slow
def test_lucky_punch_a_wrong_guess_on_one_marker_pays_two_jetons_and_no_money():
    s = royale("lucky_punch")
    bank = s.var("bank")
    s.script(BENNO, "2")
    turn(s, ANNA, [1, 1, 2, 3, 4, 5, 6, 6], 1, "1")
    assert s.var("jetons", ANNA) == 2
    assert s.var("cash", ANNA) == 0 and s.var("bank") == bank


@pytest.mark.slow
def test_lucky_punch_a_right_guess_pays_nothing():
    s = royale("lucky_punch")
    bank = s.var("bank")
    s.script(BENNO, "3")
    turn(s, ANNA, [1, 1, 2, 3, 4, 5, 6, 6], 1, "3")
    assert s.var("cash", ANNA) == 0 and s.var("jetons", ANNA) == 0
    assert s.var("bank") == bank


@pytest.mark.slow
def test_lucky_punch_the_left_neighbour_guesses_from_1_to_3_without_seeing_the_choice():
    """At two players seat 1's left neighbour is seat 0; the guess offers 1-3 whatever was hidden."""
    s = royale("lucky_punch", players=2)
    s.script(ANNA, "2")
    turn(s, BENNO, [1, 1, 2, 3, 4, 5, 6, 6], 1, "1")
    (hide,) = decisions(s, "lucky_punch_hide")
    (guess,) = decisions(s, "lucky_punch_guess")
    assert hide["player"] == BENNO and hide["options"] == ["1", "2", "3"]
    assert guess["player"] == ANNA and guess["options"] == ["1", "2", "3"]
    assert s.var("jetons", BENNO) == 2


@pytest.mark.slow
def test_lucky_punch_cannot_be_activated_while_no_entry_closes_its_casino():
    """NO ENTRY! at casino 1 closes casino 2 (LUCKY PUNCH): Benno's 2s cannot be placed, so nobody plays for markers."""
    s = royale("no_entry", "lucky_punch")
    turn(s, ANNA, [1, 1, 2, 3, 4, 5, 6, 6], 1, "2")  # Anna closes casino 2
    assert s.var("closed_casino") == 2
    s.load_dice(2, 2, 2, 2, 2, 2, 3, 2)  # only place(3) is left: nobody is asked
    s.call("take_turn", BENNO)
    assert s.faces("casino", 2) == [] and s.faces("casino", 3, owner=BENNO) == [3]
    assert decisions(s, "lucky_punch_hide") == []
    assert s.var("cash", BENNO) == 0 and s.var("jetons", BENNO) == 0


@pytest.mark.slow
def test_lucky_punch_is_activated_by_a_power_play_placement():
    """Anna holds the POWER PLAY marker (casino 1) and turns a die to 2: LUCKY PUNCH at casino 2 is activated."""
    s = royale("power_play", "lucky_punch")
    holds_the_power_play_marker(s, ANNA)
    s.script(ANNA, power_play_option(s, ANNA, 2), "2")
    s.script(BENNO, "1")
    s.call("take_turn", ANNA)
    assert s.faces("casino", 2, owner=ANNA) == [2]
    assert s.var("cash", ANNA) == 30000


# =============================================================================== JACKPOT (A2)


def test_jackpot_pays_the_marker_amount_on_a_7_and_resets():
    """Two misses move the marker to 50000; Carla's 3 + 4 takes the 50000 and the marker goes back to 30000."""
    s = royale("jackpot")
    bank = s.var("bank")
    turn(s, ANNA, [1, 1, 2, 3, 4, 5, 6, 6], 1, extras=(1, 2))
    turn(s, BENNO, [1, 2, 2, 3, 4, 5, 6, 6], 1, extras=(2, 6))
    assert jackpot_shows(s) == 50000
    turn(s, CARLA, [1, 2, 2, 3, 4, 5, 6, 6], 1, extras=(3, 4))
    assert s.var("cash", CARLA) == 50000 and s.var("bank") == bank - 50000
    assert s.var("cash", ANNA) == s.var("cash", BENNO) == 0
    assert s.var("jackpot_field") == 0


def test_jackpot_pays_on_doubles():
    s = royale("jackpot")
    turn(s, ANNA, [1, 1, 2, 3, 4, 5, 6, 6], 1, extras=(5, 5))
    assert s.var("cash", ANNA) == 30000
    assert s.var("jackpot_field") == 0


def test_jackpot_marker_moves_one_field_per_miss_and_stops_at_80000():
    s = royale("jackpot")
    shown = []
    for _ in range(7):
        extra(s, 1, 2)
        s.emit("placed", ANNA, s.zone("casino", 1), [], [])
        shown.append(jackpot_shows(s))
    assert shown == [40000, 50000, 60000, 70000, 80000, 80000, 80000]
    extra(s, 6, 1)
    s.emit("placed", BENNO, s.zone("casino", 1), [], [])
    assert s.var("cash", BENNO) == 80000 and s.var("cash", ANNA) == 0


def test_jackpot_from_a_short_bank_pays_what_the_bank_holds():
    s = royale("jackpot")
    s.set("bank", 20000)
    extra(s, 2, 2)
    s.emit("placed", ANNA, s.zone("casino", 1), [], [])
    assert s.var("cash", ANNA) == 20000 and s.var("bank") == 0


def test_jackpot_marker_starts_at_30000_again_when_the_board_comes_up_in_a_later_round():
    s = royale("jackpot")
    s.set("jackpot_field", 4)  # 70000 at the end of a round
    s.call("draw_boards")  # the next round draws JACKPOT again
    extra(s, 1, 6)
    s.emit("placed", ANNA, s.zone("casino", 1), [], [])
    assert s.var("cash", ANNA) == 30000


def test_jackpot_is_not_activated_by_the_two_player_neutral_dice():
    """At two players the neutral dice rolled onto the casinos at the start of a round activate nothing."""
    s = royale("jackpot", players=2)
    no_dice_left(s, ANNA, BENNO)  # placement ends right after the neutral dice
    bank = s.var("bank")
    s.load_dice(1, 1, 1, 2, 3, 4, 5, 6)  # the 8 neutral dice: three of them on casino 1
    extra(s, 3, 4)  # would hit the jackpot if anybody rolled
    s.call("placement")
    assert s.faces("casino", 1, owner="neutral") == [1, 1, 1]
    assert s.var("bank") == bank and s.var("jackpot_field") == 0
    assert not any("JACKPOT:" in t for t in s.said())


# ============================================================================ PRIME TIME (B1)


def _prime_time_position(s, c=1):
    """Anna wins casino c 3:1; Anna and Benno tie 2:2 on casino 4; casino 5 is empty."""
    s.place(ANNA, "small", [c] * 3, "casino", c)
    s.place(BENNO, "small", [c], "casino", c)
    s.place(ANNA, "small", [4, 4], "casino", 4)
    s.place(BENNO, "small", [4, 4], "casino", 4)
    s.cards("bills_at", c, [60000, 30000])
    s.cards("bills_at", 4, [80000, 40000])
    s.cards("bills_at", 5, [90000, 50000])


@pytest.mark.slow
def test_prime_time_the_winner_adds_both_extra_dice_which_count_as_theirs_at_scoring():
    """Anna wins casino 1, rolls 4 and 5 and sets both: she breaks the 2:2 on casino 4 and wins casino 5 alone."""
    s = royale("prime_time")
    _prime_time_position(s)
    extra(s, 4, 5)
    s.script(ANNA, "[extra:4, extra:5]")
    s.call("scoring")
    (asked,) = decisions(s, "prime_time")
    assert asked["player"] == ANNA
    assert asked["options"] == ["[]", "[extra:4]", "[extra:5]", "[extra:4, extra:5]"]
    assert sorted(c.value for c in s.zone("won", ANNA)) == [60000, 80000, 90000]
    assert sorted(c.value for c in s.zone("won", BENNO)) == [30000, 40000]


@pytest.mark.slow
def test_prime_time_the_winner_may_set_no_extra_die():
    s = royale("prime_time")
    _prime_time_position(s)
    extra(s, 4, 5)
    s.script(ANNA, "[]")
    s.call("scoring")
    assert sorted(c.value for c in s.zone("won", ANNA)) == [60000]
    assert sorted(c.value for c in s.zone("won", BENNO)) == [30000]


@pytest.mark.slow
def test_prime_time_with_doubles_the_winner_may_set_only_one_of_them():
    s = royale("prime_time")
    _prime_time_position(s)
    extra(s, 4, 4)
    s.script(ANNA, "[extra:4]")
    s.call("score_casinos")
    assert decisions(s, "prime_time")[0]["options"] == ["[]", "[extra:4]", "[extra:4] #2", "[extra:4, extra:4]"]
    assert [(d.kind.name, d.owner) for d in s.zone("casino", 4) if d.kind.name == "extra"] == [("extra", ANNA)]
    assert len(s.zone("extra_dice")) == 1


@pytest.mark.slow
def test_prime_time_nobody_rolls_when_the_casino_has_no_winner():
    """Anna and Benno tie 2:2 on the PRIME TIME casino: there is no winner, so nobody rolls the extra dice."""
    s = royale("prime_time")
    s.place(ANNA, "small", [1, 1], "casino", 1)
    s.place(BENNO, "small", [1, 1], "casino", 1)
    s.cards("bills_at", 1, [60000, 30000])
    s.call("score_casinos")
    assert decisions(s, "prime_time") == []
    assert len(s.zone("extra_dice")) == 2
    assert s.total("won", ANNA) == s.total("won", BENNO) == 0


@pytest.mark.slow
def test_prime_time_nobody_rolls_when_the_two_player_neutral_dice_take_the_higher_bill():
    s = royale("prime_time", players=2)
    s.place("neutral", "small", [1, 1, 1], "casino", 1)
    s.place(ANNA, "small", [1, 1], "casino", 1)
    s.cards("bills_at", 1, [60000, 30000])
    s.call("score_casinos")
    assert decisions(s, "prime_time") == []
    assert s.total("won", ANNA) == 30000


@pytest.mark.slow
def test_prime_time_an_extra_die_cannot_go_into_a_casino_closed_by_no_entry():
    s = royale("no_entry", "prime_time")
    _prime_time_position(s, c=2)
    s.set("closed_casino", 5)
    extra(s, 4, 5)
    s.script(ANNA, "[extra:4]")
    s.call("score_casinos")
    assert decisions(s, "prime_time")[0]["options"] == ["[]", "[extra:4]"]
    assert s.faces("casino", 5) == []


@pytest.mark.slow
def test_prime_time_extra_dice_do_not_activate_the_board_of_their_casino():
    """Anna sets an extra 1 into casino 1 (JACKPOT): the board is not activated, the die still counts for her."""
    s = royale("jackpot", "prime_time")
    _prime_time_position(s, c=2)
    s.place(BENNO, "small", [1], "casino", 1)
    s.cards("bills_at", 1, [70000, 30000])
    bank = s.var("bank")
    extra(s, 1, 6)
    s.script(ANNA, "[extra:1]")
    s.call("score_casinos")
    assert not any("activates" in t for t in s.said())
    assert s.var("bank") == bank and s.var("jackpot_field") == 0
    assert sorted(c.value for c in s.zone("won", ANNA)) == [60000]  # 1:1 with Benno on casino 1 cancels
    assert sorted(c.value for c in s.zone("won", BENNO)) == [30000]


@pytest.mark.slow
def test_prime_time_extra_dice_go_back_to_the_board_after_the_round():
    s = royale("prime_time")
    _prime_time_position(s)
    extra(s, 4, 5)
    s.script(ANNA, "[extra:4, extra:5]")
    s.call("scoring")
    assert [d.owner for d in s.zone("extra_dice")] == [None, None]
    assert [d.kind.name for d in s.zone("supply", ANNA)].count("extra") == 0


# =========================================================================== FIFTY FIFTY (B2)


@pytest.mark.slow
def test_fifty_fifty_two_right_calls_then_stopping_pays_20000():
    """7, 'higher': 11 is right (10000); 'lower': 3 is right (20000); Anna stops and takes 20000."""
    s = royale("fifty_fifty")
    bank = s.var("bank")
    turn(s, ANNA, [1, 1, 2, 3, 4, 5, 6, 6], 1, "higher", "lower", "stop", extras=(3, 4, 5, 6, 1, 2))
    assert len(decisions(s, "fifty_fifty")) == 3
    assert s.var("cash", ANNA) == 20000 and s.var("bank") == bank - 20000


@pytest.mark.slow
def test_fifty_fifty_stopping_after_the_first_roll_pays_nothing():
    s = royale("fifty_fifty")
    turn(s, ANNA, [1, 1, 2, 3, 4, 5, 6, 6], 1, "stop", extras=(6, 6))
    assert s.var("cash", ANNA) == 0


@pytest.mark.slow
def test_fifty_fifty_a_wrong_call_ends_the_turn_with_nothing():
    """7, 'higher' (11, right: 10000), 'higher' again: 5 is wrong, and the 10000 is lost too."""
    s = royale("fifty_fifty")
    bank = s.var("bank")
    turn(s, ANNA, [1, 1, 2, 3, 4, 5, 6, 6], 1, "higher", "higher", extras=(3, 4, 5, 6, 2, 3))
    assert len(decisions(s, "fifty_fifty")) == 2  # not asked again
    assert s.var("cash", ANNA) == 0 and s.var("bank") == bank


@pytest.mark.slow
def test_fifty_fifty_the_same_sum_again_counts_as_wrong():
    """7, 'higher', 7 again: wrong. 11, 'lower', 11 again: wrong. Nothing either time."""
    s = royale("fifty_fifty")
    extra(s, 3, 4, 2, 5)
    s.script(ANNA, "higher")
    s.emit("placed", ANNA, s.zone("casino", 1), [], [])
    extra(s, 5, 6, 6, 5)
    s.script(ANNA, "lower")
    s.emit("placed", ANNA, s.zone("casino", 1), [], [])
    assert len(decisions(s, "fifty_fifty")) == 2  # neither time asked again
    assert s.var("cash", ANNA) == 0


@pytest.mark.slow
def test_fifty_fifty_six_right_calls_reach_the_end_of_the_track_and_pay_60000():
    s = royale("fifty_fifty")
    extra(s, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4)  # 2, 3, 4, 5, 6, 7, 8
    s.script(ANNA, *["higher"] * 6)
    s.emit("placed", ANNA, s.zone("casino", 1), [], [])
    assert len(decisions(s, "fifty_fifty")) == 6  # the last field is taken without asking
    assert s.var("cash", ANNA) == 60000


@pytest.mark.slow
def test_fifty_fifty_the_marker_starts_from_the_start_field_on_every_activation():
    s = royale("fifty_fifty")
    extra(s, 3, 4, 5, 6, 2, 2)
    s.script(ANNA, "higher", "stop")
    s.emit("placed", ANNA, s.zone("casino", 1), [], [])
    assert s.var("cash", ANNA) == 10000
    s.script(BENNO, "stop")
    s.emit("placed", BENNO, s.zone("casino", 1), [], [])
    assert s.var("cash", BENNO) == 0


@pytest.mark.slow
def test_fifty_fifty_is_activated_by_a_power_play_placement():
    """Anna holds the POWER PLAY marker (casino 1) and turns a die to 2: FIFTY FIFTY at casino 2 is played."""
    s = royale("power_play", "fifty_fifty")
    holds_the_power_play_marker(s, ANNA)
    extra(s, 2, 2, 6, 6)
    s.script(ANNA, power_play_option(s, ANNA, 2), "higher", "stop")
    s.call("take_turn", ANNA)
    assert s.faces("casino", 2, owner=ANNA) == [2]
    assert s.var("cash", ANNA) == 10000


# ============================================================================= HIGH FIVE (C1)


@pytest.mark.slow
def test_high_five_the_first_to_five_dice_takes_the_tile_and_trades_it_for_100000_at_scoring():
    s = royale("high_five")
    s.place(ANNA, "small", [1, 1, 1], "casino", 1)
    turn(s, ANNA, [1, 1, 2, 3, 4], 1)  # 4 small dice and the Biggy left: two 1s
    assert s.var("high_five_holder") == ANNA
    bank = s.var("bank")
    s.call("scoring")
    assert s.var("cash", ANNA) == 100000 and s.var("bank") == bank - 100000


@pytest.mark.slow
def test_high_five_three_dice_and_the_biggy_are_five():
    s = royale("high_five")
    s.place(ANNA, "small", [1, 1], "casino", 1)
    turn(s, ANNA, [1, 2, 3, 4, 5, 1], 1)  # one small 1 and the Biggy showing 1
    assert s.var("high_five_holder") == ANNA


@pytest.mark.slow
def test_high_five_four_dice_are_not_enough():
    s = royale("high_five")
    s.place(ANNA, "small", [1, 1], "casino", 1)
    turn(s, ANNA, [1, 1, 2, 3, 4, 6], 1)
    assert s.faces("casino", 1, owner=ANNA) == [1, 1, 1, 1]
    assert s.var("high_five_holder") is None
    s.call("scoring")
    assert s.var("cash", ANNA) == 0


@pytest.mark.slow
def test_high_five_a_second_player_reaching_five_gets_nothing():
    s = royale("high_five")
    s.place(ANNA, "small", [1, 1, 1, 1], "casino", 1)
    turn(s, ANNA, [1, 2, 3, 4], 1)
    s.place(BENNO, "small", [1, 1, 1, 1, 1], "casino", 1)
    turn(s, BENNO, [1, 2, 3], 1)  # Benno has 6 now
    assert s.var("high_five_holder") == ANNA
    s.call("scoring")
    assert s.var("cash", ANNA) == 100000 and s.var("cash", BENNO) == 0


@pytest.mark.slow
def test_high_five_the_tile_is_back_on_the_board_when_the_board_comes_up_in_a_later_round():
    s = royale("high_five")
    s.place(ANNA, "small", [1, 1, 1, 1], "casino", 1)
    turn(s, ANNA, [1, 2, 3, 4], 1)
    s.call("scoring")
    s.call("draw_boards")  # the next round draws HIGH FIVE again
    s.place(BENNO, "small", [1, 1, 1, 1], "casino", 1)
    turn(s, BENNO, [1, 2, 3, 4], 1)
    assert s.var("high_five_holder") == BENNO


@pytest.mark.slow
def test_high_five_the_two_player_neutral_dice_do_not_count_towards_five():
    s = royale("high_five", players=2)
    s.place("neutral", "small", [1, 1, 1], "casino", 1)
    s.place(ANNA, "small", [1, 1], "casino", 1)
    turn(s, ANNA, [1, 1, 2, 3, 4, 6], 1)
    assert len(s.zone("casino", 1)) == 7 and s.faces("casino", 1, owner=ANNA) == [1, 1, 1, 1]
    assert s.var("high_five_holder") is None


@pytest.mark.slow
def test_high_five_a_power_play_placement_that_makes_five_takes_the_tile():
    """Anna has four dice on casino 1 (HIGH FIVE) and holds the POWER PLAY marker (casino 2): one turned 1 makes five."""
    s = royale("high_five", "power_play")
    s.place(ANNA, "small", [1, 1, 1, 1], "casino", 1)
    holds_the_power_play_marker(s, ANNA, c=2)
    s.script(ANNA, power_play_option(s, ANNA, 1))
    s.call("take_turn", ANNA)
    assert s.var("high_five_holder") == ANNA


# ============================================================================== BAD LUCK (C2)


@pytest.mark.slow
def test_bad_luck_the_player_with_the_fewest_dice_pays_50000_after_the_whole_scoring():
    """Denny has 1 die on casino 1 (Anna 3, Benno 2, Carla 4) and nothing before scoring; he wins 70000 on casino 4 and pays 50000 of it."""
    s = royale("bad_luck")
    s.place(ANNA, "small", [1, 1, 1], "casino", 1)
    s.place(BENNO, "small", [1, 1], "casino", 1)
    s.place(CARLA, "small", [1, 1, 1, 1], "casino", 1)
    s.place(DENNY, "small", [1], "casino", 1)
    s.place(DENNY, "small", [4], "casino", 4)
    s.cards("bills_at", 4, [70000, 30000])
    bank = s.var("bank")
    s.call("scoring")
    assert money(s, DENNY) == 20000 and s.var("cash", DENNY) == 20000  # change from the bank
    assert s.var("bank") == bank + 50000
    assert [money(s, p) for p in (ANNA, BENNO, CARLA)] == [0, 0, 0]


@pytest.mark.slow
def test_bad_luck_dice_are_counted_before_ties_are_removed():
    """Anna 1, Benno 2, Carla 2, Denny 3: Benno and Carla cancel in the scoring, but only Anna pays."""
    s = royale("bad_luck")
    for seat, n in ((ANNA, 1), (BENNO, 2), (CARLA, 2), (DENNY, 3)):
        s.place(seat, "small", [1] * n, "casino", 1)
        s.cards("won", seat, [60000])
    s.cards("bills_at", 1, [50000, 30000])
    s.call("scoring")
    assert [money(s, p) for p in range(4)] == [60000 + 30000 - 50000, 60000, 60000, 60000 + 50000]


@pytest.mark.slow
def test_bad_luck_every_player_without_dice_there_pays():
    s = royale("bad_luck")
    s.place(ANNA, "small", [1, 1], "casino", 1)
    s.place(BENNO, "small", [1, 1, 1], "casino", 1)
    for seat in range(4):
        s.cards("won", seat, [80000])
    bank = s.var("bank")
    s.call("scoring")
    assert [money(s, p) for p in range(4)] == [80000, 80000, 30000, 30000]
    assert s.var("bank") == bank + 100000


@pytest.mark.slow
def test_bad_luck_a_player_short_of_money_pays_all_of_it_and_then_jetons_at_10000():
    """Denny owes 50000 and has a 30000 card and 3 jetons: he gives the card and 2 jetons, and keeps 1 jeton."""
    s = royale("bad_luck")
    s.place(ANNA, "small", [1], "casino", 1)
    s.cards("won", DENNY, [30000])
    s.set("jetons", 3, DENNY)
    for seat in (BENNO, CARLA):
        s.place(seat, "small", [1], "casino", 1)
    bank = s.var("bank")
    s.call("scoring")
    assert money(s, DENNY) == 0 and len(s.zone("won", DENNY)) == 0
    assert s.var("jetons", DENNY) == 1
    assert s.var("bank") == bank + 30000


@pytest.mark.slow
def test_bad_luck_a_player_with_nothing_pays_nothing():
    s = royale("bad_luck")
    for seat in (ANNA, BENNO, CARLA):
        s.place(seat, "small", [1], "casino", 1)
    bank = s.var("bank")
    s.call("scoring")
    assert money(s, DENNY) == 0 and s.var("jetons", DENNY) == 0
    assert s.var("bank") == bank


@pytest.mark.slow
def test_bad_luck_change_comes_from_the_bank_and_never_as_jetons():
    """Denny pays with a 90000 card: 40000 comes back as money; his jetons are untouched."""
    s = royale("bad_luck")
    for seat in (ANNA, BENNO, CARLA):
        s.place(seat, "small", [1], "casino", 1)
    s.cards("won", DENNY, [90000])
    s.set("jetons", 2, DENNY)
    s.call("scoring")
    assert s.var("cash", DENNY) == 40000 and len(s.zone("won", DENNY)) == 0
    assert s.var("jetons", DENNY) == 2


@pytest.mark.slow
def test_bad_luck_the_two_player_neutral_dice_never_pay():
    """Neutral 1, Anna 2, Benno 3 on casino 1: the imaginary player has the fewest, but only players pay: Anna."""
    s = royale("bad_luck", players=2)
    s.place("neutral", "small", [1], "casino", 1)
    s.place(ANNA, "small", [1, 1], "casino", 1)
    s.place(BENNO, "small", [1, 1, 1], "casino", 1)
    for seat in (ANNA, BENNO):
        s.cards("won", seat, [60000])
    s.call("scoring")
    assert money(s, ANNA) == 10000
    assert money(s, BENNO) == 60000


@pytest.mark.slow
def test_bad_luck_counts_the_biggy_as_two_dice():
    """Anna's Biggy (2) against Benno's one small die: one piece each, but Benno has the fewest dice."""
    s = royale("bad_luck", players=2)
    s.place(ANNA, "biggy", [1], "casino", 1)
    s.place(BENNO, "small", [1], "casino", 1)
    for seat in (ANNA, BENNO):
        s.cards("won", seat, [60000])
    s.call("scoring")
    assert money(s, BENNO) == 10000
    assert money(s, ANNA) == 60000


# ================================================================================ PAY DAY (D1)


@pytest.mark.slow
def test_pay_day_pays_10000_for_every_casino_with_own_dice():
    """Anna has dice on casinos 3 and 5 and places on casino 1 (PAY DAY): 3 casinos, 30000 from the bank."""
    s = royale("pay_day")
    s.place(ANNA, "small", [3], "casino", 3)
    s.place(ANNA, "small", [5, 5], "casino", 5)
    s.place(BENNO, "small", [2], "casino", 2)  # another player's dice count for nothing
    bank = s.var("bank")
    turn(s, ANNA, [1, 1, 2, 4, 6], 1)
    assert s.var("cash", ANNA) == 30000 and s.var("bank") == bank - 30000
    assert s.var("jetons", ANNA) == 0


@pytest.mark.slow
def test_pay_day_20000_is_paid_as_two_jetons():
    s = royale("pay_day")
    s.place(ANNA, "small", [4], "casino", 4)
    bank = s.var("bank")
    turn(s, ANNA, [1, 1, 2, 3, 5, 6, 6], 1)
    assert s.var("jetons", ANNA) == 2
    assert s.var("cash", ANNA) == 0 and s.var("bank") == bank


@pytest.mark.slow
def test_pay_day_10000_is_paid_as_one_jeton():
    s = royale("pay_day")
    turn(s, ANNA, [1, 1, 2, 3, 4, 5, 6, 6], 1)
    assert s.var("jetons", ANNA) == 1 and s.var("cash", ANNA) == 0


@pytest.mark.slow
def test_pay_day_dice_on_all_six_casinos_pay_60000():
    s = royale("pay_day")
    for c in range(2, 7):
        s.place(ANNA, "small", [c], "casino", c)
    turn(s, ANNA, [1, 2, 1], 1)  # two small dice and the Biggy
    assert s.var("cash", ANNA) == 60000


@pytest.mark.slow
def test_pay_day_dice_on_a_board_do_not_count():
    """Anna's dice on the DOUBLE DOWN field (casino 2's board) are not in a casino: casinos 1 and 4 pay 2 jetons."""
    s = royale("pay_day", "double_down")
    s.place(ANNA, "small", [2, 2], "double_down_field")
    s.place(ANNA, "small", [4], "casino", 4)
    turn(s, ANNA, [1, 1, 3, 5, 6], 1)
    assert s.var("jetons", ANNA) == 2 and s.var("cash", ANNA) == 0


@pytest.mark.slow
def test_pay_day_the_two_player_neutral_dice_are_not_yours():
    s = royale("pay_day", players=2)
    for c in (2, 3, 4):
        s.place("neutral", "small", [c], "casino", c)
    turn(s, ANNA, [1, 1, 2, 3, 4, 5, 6, 6], 1)
    assert s.var("jetons", ANNA) == 1 and s.var("cash", ANNA) == 0


# ============================================================================= POWER PLAY (D2)


@pytest.mark.slow
def test_power_play_the_unique_majority_takes_the_marker():
    s = royale("power_play")
    s.place(BENNO, "small", [1, 1], "casino", 1)
    turn(s, ANNA, [1, 1, 1, 2, 3, 4, 5, 6], 1)
    assert s.var("power_holder") == ANNA


@pytest.mark.slow
def test_power_play_a_shared_majority_does_not_take_the_marker():
    """Benno has 2 dice on casino 1, Anna places 2: 2:2 is nobody's majority."""
    s = royale("power_play")
    s.place(BENNO, "small", [1, 1], "casino", 1)
    turn(s, ANNA, [1, 1, 2, 3, 4, 5, 6, 6], 1)
    assert s.var("power_holder") is None


@pytest.mark.slow
def test_power_play_placing_without_getting_the_most_dice_does_not_take_the_marker():
    """Benno has 3 dice on casino 1, Anna places 2: Benno leads, and the marker stays on the board."""
    s = royale("power_play")
    s.place(BENNO, "small", [1, 1, 1], "casino", 1)
    turn(s, ANNA, [1, 1, 2, 3, 4, 5, 6, 6], 1)
    assert s.var("power_holder") is None


@pytest.mark.slow
def test_power_play_the_marker_is_taken_from_another_player():
    s = royale("power_play")
    turn(s, BENNO, [1, 1, 2, 3, 4, 5, 6, 6], 1)
    assert s.var("power_holder") == BENNO
    turn(s, ANNA, [1, 1, 1, 2, 3, 4, 5, 6], 1)
    assert s.var("power_holder") == ANNA


@pytest.mark.slow
def test_power_play_the_holder_may_turn_one_die_and_place_it_instead_of_rolling():
    s = royale("power_play")
    holds_the_power_play_marker(s, ANNA)
    s.script(ANNA, power_play_option(s, ANNA, 4))
    s.call("take_turn", ANNA)
    (asked,) = decisions(s, "turn_start")
    assert asked["options"][0] == "roll_and_place()"
    assert len(asked["options"]) == 1 + 2 * 6  # a small die or the Biggy, to any of the 6 faces
    assert s.faces("casino", 4, owner=ANNA) == [4]
    assert len(s.zone("supply", ANNA)) == 5
    assert not any("rolls" in t for t in s.said())


@pytest.mark.slow
def test_power_play_the_marker_goes_back_when_nobody_has_the_unique_majority():
    """Anna holds the marker with 2 dice; Benno places 2 on casino 1: 2:2, the marker goes back to the board."""
    s = royale("power_play")
    holds_the_power_play_marker(s, ANNA)
    turn(s, BENNO, [1, 1, 2, 3, 4, 5, 6, 6], 1)
    assert s.var("power_holder") is None


@pytest.mark.slow
def test_power_play_a_casino_closed_by_no_entry_is_not_offered():
    """NO ENTRY! (casino 2) has closed casino 4: Anna may turn a die to any face but 4."""
    s = royale("power_play", "no_entry")
    holds_the_power_play_marker(s, ANNA)
    s.set("closed_casino", 4)
    s.script(ANNA, power_play_option(s, ANNA, 5))
    s.call("take_turn", ANNA)
    offered = decisions(s, "turn_start")[0]["options"]
    assert len(offered) == 1 + 2 * 5
    assert not any(o.endswith(", 4)") for o in offered)
    assert s.faces("casino", 5, owner=ANNA) == [5] and s.faces("casino", 4) == []


@pytest.mark.slow
def test_power_play_the_two_player_neutral_dice_can_hold_the_majority():
    """Three neutral dice on casino 1: Anna's two are no majority; two more make her four the unique majority."""
    s = royale("power_play", players=2)
    s.place("neutral", "small", [1, 1, 1], "casino", 1)
    turn(s, ANNA, [1, 1, 2, 3, 4, 5, 6, 6], 1)
    assert s.var("power_holder") is None
    turn(s, ANNA, [1, 1, 2, 3, 4, 5], 1)
    assert s.var("power_holder") == ANNA


@pytest.mark.slow
def test_power_play_the_marker_goes_back_to_the_board_after_the_round():
    s = royale("power_play")
    holds_the_power_play_marker(s, ANNA)
    s.call("scoring")
    assert s.var("power_holder") is None
