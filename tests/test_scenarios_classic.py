"""Scenario tests: the printed examples and rules of seed 000 (Las Vegas, classic edition with
6 dice + 1 Biggy, 48 bills, the neutral-dice variant for 2-4 players and the One-Armed Bandit),
played on `rulesets/classic.rules` and its variants.

Seats: Anna = 0, Benno = 1, Carla = 2, Denny = 3 (Valentin, of the placement example, sits at
seat 0). Where the rule book's picture (a casino number) was lost, the casino is chosen here and
the position is built so that the printed outcome follows from the printed rule.
"""

from pathlib import Path

import pytest

from rulesrun.interpreter.lookahead.agents import RandomAgent
from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.testing.scenario import Scenario

RULESETS = Path(__file__).resolve().parent.parent / "rulesets"
CLASSIC = RULESETS / "classic.rules"
NEUTRAL = RULESETS / "variants" / "neutral_dice.rules"
BANDIT = RULESETS / "variants" / "bandit.rules"

ANNA, BENNO, CARLA, DENNY = 0, 1, 2, 3
VALENTIN = 0

DICE_PER_PLAYER = 7  # 6 dice + 1 Biggy per colour

_RULES = {}


def rules(*fragments):
    if fragments not in _RULES:
        _RULES[fragments] = load_rules(CLASSIC, list(fragments))
    return _RULES[fragments]


def scenario(*fragments, players=4, agents=None, seed=0):
    """A game of classic (+ fragments) after `setup`: dice in supplies, the shuffled deck ready."""
    s = Scenario(rules(*fragments), players=players, seed=seed, agents=agents)
    s.call("setup")
    return s


def random_scenario(*fragments, players=4, seed=0):
    return scenario(*fragments, players=players, seed=seed,
                    agents=[RandomAgent(f"{seed}:{p}") for p in range(players)])


def decisions(s, point="after_roll"):
    return [e for e in s.log if e["t"] == "decide" and e["point"] == point]


def last_options(s):
    return decisions(s)[-1]["options"]


def values(zone):
    return sorted((c.value for c in zone), reverse=True)


def owners(zone):
    return sorted(d.owner for d in zone)


def standings(s):
    """Score keys per seat and the winners, computed as `Rules.play` computes them."""
    keys = s.score_keys()
    best = (min if s.rules.lowest_wins else max)(keys)
    return keys, [p for p in s.game.players if keys[p] == best]


# =========================================================================== material and setup


def test_material_48_bills_and_7_dice_per_colour_one_of_them_the_biggy():
    """Spielmaterial: 48 bills (4x10k, 4x20k, 5x30k, 5x40k, 6x50k, 6x60k, 6x70k, 4x80k, 4x90k, 4x100k); 6 dice + 1 Biggy per colour."""
    s = scenario()
    assert len(s.zone("deck")) == 48
    counts = {}
    for c in s.zone("deck"):
        counts[c.value] = counts.get(c.value, 0) + 1
    assert counts == {10000: 4, 20000: 4, 30000: 5, 40000: 5, 50000: 6, 60000: 6, 70000: 6,
                      80000: 4, 90000: 4, 100000: 4}
    for p in range(4):
        kinds = sorted(d.kind.name for d in s.zone("supply", p))
        assert kinds == ["biggy"] + ["small"] * 6


def test_spielvorbereitung_two_bills_per_casino_dealt_casino_after_casino():
    """Spielvorbereitung: casinos 1..6, one after the other, get 2 bills each from the shuffled stack."""
    s = scenario()
    deck = list(s.zone("deck"))
    s.call("deal_bills")
    for c in range(1, 7):
        top_two = {id(deck[-1 - 2 * (c - 1)]), id(deck[-2 - 2 * (c - 1)])}
        assert {id(b) for b in s.zone("bills_at", c)} == top_two
    assert len(s.zone("deck")) == 48 - 12


# =========================================================================== placement


def test_beispiel_valentin_must_place_all_dice_of_the_chosen_face():
    """Beispiel: Valentin has 5 dice left, rolls four 3s and a 5, chooses the 3s and must put all four on casino 3; his last die follows next time."""
    s = scenario()
    s.place(VALENTIN, "small", [1], "casino", 1)  # two dice placed earlier in the round (casinos chosen here)
    s.place(VALENTIN, "small", [2], "casino", 2)
    assert len(s.zone("supply", VALENTIN)) == 5
    s.load_dice(3, 3, 3, 3, 5)  # four small dice and the Biggy (last in supply): the Biggy shows the 5
    s.script(VALENTIN, "place(3)")
    s.call("take_turn", VALENTIN)
    (asked,) = decisions(s)
    assert asked["player"] == VALENTIN
    assert asked["options"] == ["place(3)", "place(5)"]  # a face; never "some of the 3s"
    assert s.faces("casino", 3, owner=VALENTIN) == [3, 3, 3, 3]
    assert [d.face for d in s.zone("supply", VALENTIN)] == [5]  # his last die stays in supply
    assert len(s.zone("rolled", VALENTIN)) == 0
    s.load_dice(6)
    s.call("take_turn", VALENTIN)  # "Das nächste Mal wird Valentin dann noch seinen letzten Würfel werfen"
    assert s.faces("casino", 6, owner=VALENTIN) == [6]
    assert len(s.zone("supply", VALENTIN)) == 0


def test_placing_is_independent_of_dice_already_on_the_casino():
    """Spielverlauf: all dice of the face go onto that casino, whether or not dice (of anybody) already lie there."""
    s = scenario()
    s.place(BENNO, "small", [4, 4], "casino", 4)
    s.place(ANNA, "small", [4], "casino", 4)
    s.load_dice(4, 4, 1, 2, 3, 5)  # Anna's 5 small dice and the Biggy
    s.script(ANNA, "place(4)")
    s.call("take_turn", ANNA)
    assert s.faces("casino", 4, owner=ANNA) == [4, 4, 4]
    assert s.faces("casino", 4, owner=BENNO) == [4, 4]


def test_a_player_without_dice_watches_the_last_one_rolls_several_times_in_a_row():
    """Spielverlauf: whoever has no dice left watches; near the end one person may roll and place several times in a row."""
    s = scenario()
    for p in (BENNO, CARLA, DENNY):
        s.place(p, "small", [6] * 6, "casino", 6)
        s.place(p, "biggy", [6], "casino", 6)
    s.place(ANNA, "small", [5] * 5, "casino", 5)
    assert [len(s.zone("supply", p)) for p in range(4)] == [2, 0, 0, 0]
    s.load_dice(1, 2)  # Anna's last small die and her Biggy
    s.script(ANNA, "place(1)")
    s.load_dice(2)
    s.call("placement")
    assert [e["player"] for e in s.log if e["t"] == "turn"] == [ANNA, ANNA]
    assert s.faces("casino", 1, owner=ANNA) == [1]
    assert [d.kind.name for d in s.zone("casino", 2)] == ["biggy"]
    assert len(s.zone("supply", ANNA)) == 0


# =========================================================================== ties cancel


def test_beispiel_1_ties_anna_carla_two_each_benno_denny_one_each_everybody_takes_back():
    """Auswertung, Beispiel 1: Anna and Carla have 2 dice each, Benno and Denny 1 each on one casino: everybody takes their dice back."""
    s = scenario()
    s.place(ANNA, "small", [2, 2], "casino", 2)
    s.place(CARLA, "small", [2, 2], "casino", 2)
    s.place(BENNO, "small", [2], "casino", 2)
    s.place(DENNY, "small", [2], "casino", 2)
    s.cards("bills_at", 2, [60000, 50000])
    bills = list(s.zone("bills_at", 2))
    s.call("score_casinos")
    assert [s.total("won", p) for p in range(4)] == [0, 0, 0, 0]
    s.call("clear_tables")
    assert len(s.zone("casino", 2)) == 0
    assert all(len(s.zone("supply", p)) == DICE_PER_PLAYER for p in range(4))
    assert {id(b) for b in s.zone("box")} == {id(b) for b in bills}  # nobody won: both bills into the box


def test_beispiel_2_ties_anna_three_dice_with_biggy_count_four_benno_and_carla_cancel_denny_stays():
    """Auswertung, Beispiel 2: Anna 3 dice (one her Biggy, = 4), Benno and Carla 3 each, Denny 1: Benno and Carla take back, Anna and Denny stay."""
    s = scenario()
    s.place(ANNA, "small", [5, 5], "casino", 5)
    s.place(ANNA, "biggy", [5], "casino", 5)
    s.place(BENNO, "small", [5, 5, 5], "casino", 5)
    s.place(CARLA, "small", [5, 5, 5], "casino", 5)
    s.place(DENNY, "small", [5], "casino", 5)
    ranking = s.call("tie_cancelled_ranking", s.zone("casino", 5), lambda mine: sum(d.weight for d in mine))
    assert ranking == [ANNA, DENNY]
    s.cards("bills_at", 5, [80000, 30000])
    s.call("score_casinos")
    assert s.total("won", BENNO) == 0 and s.total("won", CARLA) == 0
    assert s.total("won", ANNA) > s.total("won", DENNY) > 0  # Anna (4) ranks first, Denny (1) second


# =========================================================================== payouts


def test_beispiel_1_payout_anna_gets_80000_and_denny_30000():
    """Geldverteilung, Beispiel 1: Anna receives the 80,000 and Denny the 30,000 bill (position of tie Beispiel 2)."""
    s = scenario()
    s.place(ANNA, "small", [5, 5], "casino", 5)
    s.place(ANNA, "biggy", [5], "casino", 5)
    s.place(BENNO, "small", [5, 5, 5], "casino", 5)
    s.place(CARLA, "small", [5, 5, 5], "casino", 5)
    s.place(DENNY, "small", [5], "casino", 5)
    s.cards("bills_at", 5, [30000, 80000])
    s.call("score_casinos")
    assert values(s.zone("won", ANNA)) == [80000]
    assert values(s.zone("won", DENNY)) == [30000]
    assert s.total("won", BENNO) == s.total("won", CARLA) == 0
    s.call("clear_tables")
    assert len(s.zone("box")) == 0  # both bills were taken
    assert all(len(s.zone("supply", p)) == DICE_PER_PLAYER for p in range(4))


def test_beispiel_2_payout_benno_gets_a_40000_the_other_bill_goes_into_the_box():
    """Geldverteilung, Beispiel 2: Benno receives one 40,000 bill; the other goes back into the box."""
    s = scenario()
    s.place(BENNO, "small", [3, 3], "casino", 3)
    s.place(ANNA, "small", [3], "casino", 3)  # Anna and Carla cancel: Benno is the only one left
    s.place(CARLA, "small", [3], "casino", 3)
    s.cards("bills_at", 3, [40000, 40000])
    bills = list(s.zone("bills_at", 3))
    s.call("score_casinos")
    assert values(s.zone("won", BENNO)) == [40000]
    assert s.total("won", ANNA) == s.total("won", CARLA) == s.total("won", DENNY) == 0
    s.call("clear_tables")
    (left_over,) = [b for b in bills if b.zone is not s.zone("won", BENNO)]
    assert list(s.zone("box")) == [left_over]
    assert len(s.zone("bills_at", 3)) == 0


def test_beispiel_3_payout_carla_70000_benno_20000_denny_nothing():
    """Geldverteilung, Beispiel 3: Carla receives the 70,000 and Benno the 20,000 bill; Denny gets nothing and takes his dice back."""
    s = scenario()
    s.place(CARLA, "small", [4, 4, 4], "casino", 4)
    s.place(BENNO, "small", [4, 4], "casino", 4)
    s.place(DENNY, "small", [4], "casino", 4)
    s.cards("bills_at", 4, [20000, 70000])
    s.call("score_casinos")
    assert values(s.zone("won", CARLA)) == [70000]
    assert values(s.zone("won", BENNO)) == [20000]
    assert s.total("won", DENNY) == 0
    s.call("clear_tables")
    assert len(s.zone("supply", DENNY)) == DICE_PER_PLAYER  # "sie nehmen ihre Würfel ohne Geldgewinn zurück"
    assert len(s.zone("box")) == 0


# =========================================================================== next round, end of game


def test_next_round_starts_with_the_left_neighbour_of_the_previous_start_player():
    """Der nächste Durchgang: the person left of the previous start player begins the next round."""
    s = scenario()
    assert s.var("start_player") == 0  # "Die glücklichste Person beginnt": seat 0
    assert s.call("next_start_player") == 1
    s.set("start_player", DENNY)
    assert s.call("next_start_player") == ANNA  # round the table


def test_a_played_round_moves_the_start_player_left_and_refunds_the_casinos():
    """Der nächste Durchgang: after a round the casinos get 2 new bills each and the left neighbour rolls first, with all 7 dice."""
    s = random_scenario(seed=5)
    s.call("round")
    assert s.var("start_player") == BENNO
    assert all(len(s.zone("supply", p)) == DICE_PER_PLAYER for p in range(4))
    start = len(s.log)
    s.call("deal_bills")
    assert all(len(s.zone("bills_at", c)) == 2 for c in range(1, 7))
    s.call("placement")
    turns = [e for e in s.log[start:] if e["t"] == "turn"]
    assert turns[0]["player"] == BENNO
    first_roll = next(e for e in s.log[start:] if e["t"] == "roll")
    assert len(first_roll["faces"]) == DICE_PER_PLAYER


def test_the_game_lasts_three_rounds():
    """Spielziel/Ende: after 3 rounds (Durchgänge) the game ends and everybody counts their money."""
    log = []
    result = rules().play(num_players=4, seed=11, agents=[RandomAgent(f"11:{p}") for p in range(4)], log=log)
    assert sum(1 for e in log if e["t"] == "say" and e["text"].startswith("=== Round")) == 3
    assert result.winners and all(result.keys[w] == max(result.keys) for w in result.winners)


def test_end_most_money_wins():
    """Ende des Spiels: whoever has the most money wins."""
    s = scenario()
    s.cards("won", ANNA, [100000, 60000])
    s.cards("won", BENNO, [90000, 50000, 10000])
    s.cards("won", CARLA, [70000])
    keys, winners = standings(s)
    assert keys == [(160000, 2), (150000, 3), (70000, 1), (0, 0)]
    assert winners == [ANNA]


def test_end_equal_money_more_bills_wins():
    """Ende des Spiels: on equal money, the one of them with more bills wins."""
    s = scenario()
    s.cards("won", ANNA, [100000, 50000])
    s.cards("won", BENNO, [50000, 50000, 50000])
    s.cards("won", CARLA, [90000])
    keys, winners = standings(s)
    assert keys[ANNA] == (150000, 2) and keys[BENNO] == (150000, 3)
    assert winners == [BENNO]


def test_end_equal_money_and_equal_bills_share_the_win():
    """Ende des Spiels: still tied (same money, same number of bills): they share the win."""
    s = scenario()
    s.cards("won", ANNA, [100000, 50000])
    s.cards("won", CARLA, [90000, 60000])
    s.cards("won", BENNO, [40000, 40000, 30000, 30000])
    s.cards("won", DENNY, [100000])
    keys, winners = standings(s)
    assert keys == [(150000, 2), (140000, 4), (150000, 2), (100000, 1)]
    assert winners == [ANNA, CARLA]


# =========================================================================== variant: neutral dice (2-4 players)


@pytest.mark.parametrize("players, per_player", [(2, 3), (3, 2), (4, 1)])
def test_neutral_dice_each_player_gets_3_2_1_neutral_dice_every_round(players, per_player):
    """Variante 2-4 Personen: at the start of every round each player gets 3 (2 players, = 10), 2 (3 players, = 9) or 1 (4 players, = 8) neutral dice."""
    s = random_scenario(NEUTRAL, players=players, seed=players)
    neutral = s.owner("neutral")
    for _ in range(3):
        start = len(s.log)
        s.call("deal_bills")
        s.call("placement")
        first_rolls = {}
        for e in s.log[start:]:
            if e["t"] == "roll":
                first_rolls.setdefault(e["zone"], len(e["faces"]))
        assert sorted(first_rolls.values()) == [DICE_PER_PLAYER + per_player] * players
        on_casinos = [d for c in range(1, 7) for d in s.zone("casino", c)]
        assert owners(on_casinos) == sorted([*range(players)] * DICE_PER_PLAYER + [neutral] * (players * per_player))
        s.call("scoring")
        assert len(s.zone("supply", neutral)) == players * per_player  # back with the neutral colour after the round


def test_beispiel_neutral_carla_places_all_three_1s_own_and_neutral():
    """Variante, Beispiel: Carla rolls 2 own and 1 neutral 1, a neutral 6 and an own 5: she may place all three 1s, her 5 or the neutral 6."""
    s = scenario(NEUTRAL, players=3)
    neutral = s.owner("neutral")
    s.place(CARLA, "biggy", [4], "casino", 4)  # four own dice placed earlier this round (casino chosen here)
    s.place(CARLA, "small", [4, 4, 4], "casino", 4)
    s.place("neutral", "small", [1, 6], "supply", CARLA)  # her 2 neutral dice of this round (3 players)
    supply = s.zone("supply", CARLA)
    assert [d.owner for d in supply] == [CARLA, CARLA, CARLA, neutral, neutral]
    s.load_dice(1, 1, 5, 1, 6)  # own 1, own 1, own 5, neutral 1, neutral 6
    s.script(CARLA, "place(1)")
    s.call("take_turn", CARLA)
    assert last_options(s) == ["place(1)", "place(5)", "place(6)"]
    assert s.faces("casino", 1) == [1, 1, 1]
    assert owners(s.zone("casino", 1)) == [CARLA, CARLA, neutral]
    assert sorted((d.face, d.owner) for d in s.zone("supply", CARLA)) == [(5, CARLA), (6, neutral)]


def test_beispiel_1_neutral_payout_80000_to_the_neutral_colour_into_the_box_benno_30000():
    """Variante, Beispiel 1: the 80,000 bill goes to the neutral colour (laid aside); Benno receives the 30,000 bill."""
    s = scenario(NEUTRAL, players=4)
    s.place("neutral", "small", [6, 6, 6], "casino", 6)
    s.place(BENNO, "small", [6, 6], "casino", 6)
    s.place(ANNA, "small", [6], "casino", 6)  # Anna and Denny cancel
    s.place(DENNY, "small", [6], "casino", 6)
    s.cards("bills_at", 6, [30000, 80000])
    bills = {b.value: b for b in s.zone("bills_at", 6)}
    s.call("score_casinos")
    assert values(s.zone("won", BENNO)) == [30000]
    assert s.total("won", "neutral") == 0
    assert s.total("won", ANNA) == s.total("won", CARLA) == s.total("won", DENNY) == 0
    assert list(s.zone("box")) == [bills[80000]]
    s.call("clear_tables")
    assert list(s.zone("box")) == [bills[80000]]
    assert len(s.zone("supply", "neutral")) == 4


def test_beispiel_2_neutral_payout_carla_70000_neutral_40000_into_the_box_anna_nothing():
    """Variante, Beispiel 2: Carla receives the 70,000 and the neutral colour the 40,000 bill (into the box); Anna gets nothing."""
    s = scenario(NEUTRAL, players=4)
    s.place(CARLA, "small", [1, 1, 1], "casino", 1)
    s.place("neutral", "small", [1, 1], "casino", 1)
    s.place(ANNA, "small", [1], "casino", 1)
    s.cards("bills_at", 1, [40000, 70000])
    bills = {b.value: b for b in s.zone("bills_at", 1)}
    s.call("score_casinos")
    assert values(s.zone("won", CARLA)) == [70000]
    assert s.total("won", ANNA) == 0
    assert s.total("won", "neutral") == 0
    assert list(s.zone("box")) == [bills[40000]]
    s.call("clear_tables")
    assert len(s.zone("supply", ANNA)) == DICE_PER_PLAYER


# =========================================================================== variant: One-Armed Bandit


def test_bandit_is_a_seventh_casino_funded_with_2_bills():
    """Einarmiger Bandit: laid out as a seventh casino and given 2 bills."""
    s = scenario(BANDIT)
    deck = list(s.zone("deck"))
    s.call("deal_bills")
    assert all(len(s.zone("bills_at", c)) == 2 for c in range(1, 7))
    assert {id(b) for b in s.zone("bills_at_bandit")} == {id(deck[-13]), id(deck[-14])}


def test_beispiel_bandit_denny_three_3s_then_nobody_places_3s_there_carla_beats_denny_on_higher_die():
    """Bandit, Beispiel: Denny places three 3s (now nobody may place 3s there, Denny neither); Anna two 6s, Carla two 4s and later a 1; Carla chooses first (sum 9 = 9, die 4 > 3), then Denny, then Anna."""
    s = scenario(BANDIT)

    def turn(seat, faces, answer):
        s.load_dice(*faces)
        s.script(seat, answer)
        s.call("take_turn", seat)
        return last_options(s)

    options = turn(DENNY, [3, 3, 3, 1, 2, 5, 6], "place_on_bandit(3)")
    assert "place_on_bandit(3)" in options
    assert s.faces("bandit", owner=DENNY) == [3, 3, 3]

    options = turn(ANNA, [6, 6, 3, 1, 2, 4, 5], "place_on_bandit(6)")
    assert "place(3)" in options and "place_on_bandit(3)" not in options
    options = turn(BENNO, [3, 3, 1, 2, 4, 5, 6], "place(3)")
    assert "place(3)" in options and "place_on_bandit(3)" not in options
    options = turn(CARLA, [4, 4, 3, 1, 2, 5, 6], "place_on_bandit(4)")
    assert "place(3)" in options and "place_on_bandit(3)" not in options
    assert "place_on_bandit(6)" not in options  # Anna's 6s are there too
    options = turn(DENNY, [3, 3, 2, 5], "place(2)")  # "auch Denny nicht!"
    assert options == ["place(2)", "place(3)", "place(5)", "place_on_bandit(2)", "place_on_bandit(5)"]
    options = turn(CARLA, [1, 3, 3, 5, 5], "place_on_bandit(1)")  # "in einer späteren Runde ... eine einzelne 1"
    assert options == ["place(1)", "place(3)", "place(5)", "place_on_bandit(1)", "place_on_bandit(5)"]

    assert s.faces("bandit", owner=CARLA) == [1, 4, 4]
    assert s.faces("bandit", owner=ANNA) == [6, 6]
    assert s.call("bandit_ranking") == [CARLA, DENNY, ANNA]

    s.cards("bills_at_bandit", None, [50000, 90000])
    s.call("score_casinos")
    assert values(s.zone("won", CARLA)) == [90000]  # first choice
    assert values(s.zone("won", DENNY)) == [50000]
    assert s.total("won", ANNA) == 0  # only 2 bills: "auch hier kann jeder maximal einen Geldschein gewinnen"
    s.call("clear_tables")
    assert len(s.zone("bandit")) == 0
    assert len(s.zone("supply", ANNA)) == DICE_PER_PLAYER


def test_bandit_counts_all_faces_together_and_untaken_bills_go_into_the_box():
    """Bandit: a person's dice count together whatever their faces; bills nobody takes go into the box as usual."""
    s = scenario(BANDIT)
    s.place(BENNO, "small", [1, 1], "bandit")
    s.place(BENNO, "biggy", [2], "bandit")  # 2 + Biggy (2) = 4
    s.place(ANNA, "small", [6, 6, 6], "bandit")  # 3 dice, higher sum, but fewer
    s.cards("bills_at_bandit", None, [70000, 20000])
    s.call("score_casinos")
    assert values(s.zone("won", BENNO)) == [70000]
    assert values(s.zone("won", ANNA)) == [20000]

    s2 = scenario(BANDIT)
    s2.place(CARLA, "small", [5], "bandit")
    s2.cards("bills_at_bandit", None, [70000, 20000])
    s2.call("scoring")
    assert values(s2.zone("won", CARLA)) == [70000]
    assert values(s2.zone("box")) == [20000]


def test_bandit_ties_below_the_most_dice_cancel_as_on_every_casino():
    """Bandit, Ausnahme 3: only ties among those with the MOST dice are broken by sum/higher die; other ties cancel as on every casino."""
    s = scenario(BANDIT)
    s.place(ANNA, "small", [5, 5, 5], "bandit")  # the most dice
    s.place(BENNO, "small", [6, 6], "bandit")  # Benno and Carla: 2 dice each, not the most -> they cancel
    s.place(CARLA, "small", [2, 2], "bandit")
    s.cards("bills_at_bandit", None, [90000, 50000])
    s.call("scoring")
    assert values(s.zone("won", ANNA)) == [90000]
    assert s.total("won", BENNO) == 0 and s.total("won", CARLA) == 0
    assert values(s.zone("box")) == [50000]


@pytest.mark.parametrize("by_weight, winner", [(False, "benno"), (True, "anna")])
def test_bandit_sum_counts_a_biggys_face_once_unless_bandit_sum_by_weight(by_weight, winner):
    """Bandit, Ausnahme 3: "die höhere Summe"; the Biggy counts as 2 dice, its face once by default.

    Anna: 6, 6 and a Biggy showing 5 (4 dice; faces 17, or 22 with the Biggy's face twice);
    Benno: 5, 5, 5, 4 (4 dice; faces 19). Both have the most dice, so the sum decides.
    """
    s = Scenario(load_rules(CLASSIC, [BANDIT], params={"bandit_sum_by_weight": str(by_weight).lower()}), players=4)
    s.call("setup")
    s.place(ANNA, "small", [6, 6], "bandit")
    s.place(ANNA, "biggy", [5], "bandit")
    s.place(BENNO, "small", [5, 5, 5, 4], "bandit")
    s.cards("bills_at_bandit", None, [70000, 20000])
    s.call("score_casinos")
    first = {"anna": ANNA, "benno": BENNO}[winner]
    assert values(s.zone("won", first)) == [70000]
    assert values(s.zone("won", BENNO if first == ANNA else ANNA)) == [20000]
