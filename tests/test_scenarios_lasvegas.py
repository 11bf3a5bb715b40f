"""Scenario tests: the printed examples and rules of seed 001 (Las Vegas base game and its
2-player variant) and seed 002 (Boulevard variants on the 2012 base), played on the rulesets.

Seats: Anna = 0, Benno = 1, Carla = 2, Denny = 3. Where a picture of the rule book was lost,
the position is built so that the printed outcome follows from the printed rule.
"""

from pathlib import Path

import pytest

from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.lookahead.agents import RandomAgent
from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.testing.scenario import Scenario

RULESETS = Path(__file__).resolve().parent.parent / "rulesets"
LASVEGAS = RULESETS / "lasvegas.rules"
LV2012 = RULESETS / "lasvegas2012.rules"


def variant(name):
    return RULESETS / "variants" / f"{name}.rules"


ANNA, BENNO, CARLA, DENNY = 0, 1, 2, 3

_RULES = {}


def rules(base, *variants):
    key = (base, variants)
    if key not in _RULES:
        _RULES[key] = load_rules(base, [variant(v) for v in variants])
    return _RULES[key]


def scenario(base, *variants, players=4, agents=None, seed=0):
    s = Scenario(rules(base, *variants), players=players, seed=seed, agents=agents)
    s.call("setup")
    return s


def random_scenario(base, *variants, players=4, seed=0):
    return scenario(base, *variants, players=players, seed=seed,
                    agents=[RandomAgent(f"{seed}:{p}") for p in range(players)])


def decisions(s, point=None):
    return [e for e in s.log if e["t"] == "decide" and (point is None or e["point"] == point)]


def stack_deck(s, items):
    """Put distinct cards on top of the deck in this order (the last item is the top, dealt first).

    Items are values or pieces. Scenario.cards("deck", ...) cannot do this when a value repeats:
    it picks the card it has just put on top again (see the test below).
    """
    chosen = []
    for item in items:
        if isinstance(item, int):
            item = next(c for c in s.zone("deck") if c.value == item and not any(c is x for x in chosen))
        chosen.append(item)
    s.put(chosen, "deck")


def values(zone):
    return sorted((c.value for c in zone), reverse=True)


def dice_in_casinos(s, owner=None):
    owner = None if owner is None else s.owner(owner)
    return [d for c in range(1, 7) for d in s.zone("casino", c) if owner is None or d.owner == owner]


# =========================================================================== seed 001, base game


def test_seed_001_is_for_2_to_5_players_as_the_box_holds_dice_of_five_colours():
    """Seed 001 Spielmaterial: "35 kleine Würfel (je 7 pro Spielerfarbe)", "5 große Würfel": five colours, five seats."""
    base = rules(LASVEGAS)
    assert (base.min_players, base.max_players) == (2, 5)
    with pytest.raises(RulesError, match="2-5 players, not 6"):
        base.play(6, 0, [RandomAgent(str(p)) for p in range(6)])


def test_benno_rolls_four_3s_and_a_5_and_must_place_all_four_3s_on_casino_3():
    """Seed 001 example: Benno's last 5 dice show 3,3,3,3,5; choosing 3 places all four 3s, then his last die follows."""
    s = scenario(LASVEGAS)
    s.place(BENNO, "biggy", [6], "casino", 6)
    s.place(BENNO, "small", [2, 2], "casino", 2)
    assert len(s.zone("supply", BENNO)) == 5
    s.load_dice(3, 3, 5, 3, 3)
    s.script(BENNO, "place(3)")
    s.call("take_turn", BENNO)
    (asked,) = decisions(s, "after_roll")
    assert asked["options"] == ["place(3)", "place(5)"]  # a face, never a number of dice
    assert s.faces("casino", 3, owner=BENNO) == [3, 3, 3, 3]
    assert [d.face for d in s.zone("supply", BENNO)] == [5]
    s.load_dice(5)
    s.call("take_turn", BENNO)
    assert s.faces("casino", 5, owner=BENNO) == [5]
    assert len(s.zone("supply", BENNO)) == 0


def test_tie_beispiel_1_benno_3_and_carla_1_plus_biggy_cancel_anna_and_denny_are_paid():
    """Seed 001 Beispiel 1: Anna 5, Benno 3, Carla 1 + Biggy (= 3), Denny 1: Benno and Carla take back; Anna and Denny win."""
    s = scenario(LASVEGAS)
    s.place(ANNA, "small", [5] * 5, "casino", 5)
    s.place(BENNO, "small", [5] * 3, "casino", 5)
    s.place(CARLA, "small", [5], "casino", 5)
    s.place(CARLA, "biggy", [5], "casino", 5)
    s.place(DENNY, "small", [5], "casino", 5)
    s.cards("bills_at", 5, [90000, 30000])
    s.call("score_casinos")
    assert [s.total("won", p) for p in range(4)] == [90000, 0, 0, 30000]


def test_tie_beispiel_2_anna_2_vs_carla_biggy_and_benno_1_vs_denny_1_all_four_take_back():
    """Seed 001 Beispiel 2: Anna 2 dice, Carla the Biggy, Benno and Denny 1 each: all four cancel, the bills go under the deck."""
    s = scenario(LASVEGAS)
    s.place(ANNA, "small", [4, 4], "casino", 4)
    s.place(CARLA, "biggy", [4], "casino", 4)
    s.place(BENNO, "small", [4], "casino", 4)
    s.place(DENNY, "small", [4], "casino", 4)
    s.cards("bills_at", 4, [80000, 50000])
    bills = list(s.zone("bills_at", 4))
    s.call("scoring")
    assert [s.total("won", p) for p in range(4)] == [0, 0, 0, 0]
    assert {id(c) for c in s.zone("deck")[:2]} == {id(c) for c in bills}
    assert all(len(s.zone("supply", p)) == 8 for p in range(4))


def test_payout_list_casino_2_benno_one_40000_other_under_deck_casino_3_carla_benno_casino_4_anna_denny():
    """Seed 001 payout example: casino 2 Benno 40000 (the other 40000 under the deck); 3: Carla 70000, Benno 30000, Denny nothing; 4: Anna 80000, Denny 50000."""
    s = scenario(LASVEGAS)
    s.place(BENNO, "small", [2, 2], "casino", 2)
    s.place(CARLA, "small", [3, 3, 3], "casino", 3)
    s.place(BENNO, "small", [3, 3], "casino", 3)
    s.place(DENNY, "small", [3], "casino", 3)
    s.place(ANNA, "small", [4, 4, 4], "casino", 4)
    s.place(DENNY, "small", [4, 4], "casino", 4)
    s.cards("bills_at", 2, [40000, 40000])
    s.cards("bills_at", 3, [70000, 30000])
    s.cards("bills_at", 4, [80000, 50000])
    casino_2 = list(s.zone("bills_at", 2))
    s.call("scoring")
    assert values(s.zone("won", BENNO)) == [40000, 30000]
    assert values(s.zone("won", CARLA)) == [70000]
    assert values(s.zone("won", ANNA)) == [80000]
    assert values(s.zone("won", DENNY)) == [50000]
    left_over = [c for c in casino_2 if c.zone is not s.zone("won", BENNO)]
    assert len(left_over) == 1 and s.zone("deck")[0] is left_over[0]  # under the deck, not on top
    assert all(len(s.zone("supply", p)) == 8 for p in range(4))


def test_each_player_gets_2_jetons_every_round_and_they_accumulate_minus_those_spent():
    """Seed 001: 2 jetons per player at every round start, kept across rounds; each pass ('returns a jeton') costs one."""
    s = random_scenario(LASVEGAS, seed=3)
    spent = [0] * 4
    for round_number in (1, 2, 3):
        start = len(s.log)
        s.call("round")
        texts = [e["text"] for e in s.log[start:] if e["t"] == "say"]
        for p in range(4):
            spent[p] += sum(1 for t in texts if t.startswith(f"seat {p} returns a jeton"))
            assert s.var("jetons", p) == 2 * round_number - spent[p] >= 0
    assert sum(spent) > 0  # the random agents did pass, so spending is exercised


def test_passing_with_a_jeton_returns_all_rolled_dice_and_costs_one_jeton():
    """Seed 001: after rolling, returning a jeton passes: all rolled dice go back to supply, nothing is placed."""
    s = scenario(LASVEGAS)
    s.set("jetons", 1, ANNA)
    s.load_dice(1, 2, 3, 3, 4, 5, 6, 6)
    s.script(ANNA, "pass_with_jeton()")
    s.call("take_turn", ANNA)
    assert "pass_with_jeton()" in decisions(s, "after_roll")[0]["options"]
    assert s.var("jetons", ANNA) == 0
    assert len(s.zone("supply", ANNA)) == 8 and len(s.zone("rolled", ANNA)) == 0
    assert dice_in_casinos(s) == []


def test_passing_with_a_jeton_is_not_offered_without_jetons():
    """Seed 001: a player with no jeton left must place."""
    s = scenario(LASVEGAS)
    assert s.var("jetons", ANNA) == 0
    s.load_dice(1, 2, 3, 3, 4, 5, 6, 6)
    s.script(ANNA, "place(3)")
    s.call("take_turn", ANNA)
    options = decisions(s, "after_roll")[0]["options"]
    assert "pass_with_jeton()" not in options
    assert options == ["place(1)", "place(2)", "place(3)", "place(4)", "place(5)", "place(6)"]
    assert s.faces("casino", 3, owner=ANNA) == [3, 3]


# Six pairs in the order they are turned up, with two equal sums (120000) as in the picture
# (5er- and 4er-casino): the pair with the higher single card goes to the higher casino.
PAIRS = [(30000, 40000), (100000, 90000), (50000, 50000), (80000, 40000), (90000, 30000), (60000, 70000)]
EXPECTED_CASINOS = {1: [40000, 30000], 2: [50000, 50000], 3: [80000, 40000], 4: [90000, 30000],
                    5: [70000, 60000], 6: [100000, 90000]}


def test_money_pairs_sorted_by_sum_onto_casinos_6_down_to_1_equal_sums_by_higher_card():
    """Seed 001 setup: six pairs turned up; highest sum to casino 6, next to 5, ...; equal sums: the higher single card goes higher."""
    s = scenario(LASVEGAS)
    turned_up = [v for pair in PAIRS for v in pair]
    stack_deck(s, list(reversed(turned_up)))  # the first card turned up lies on top
    size = len(s.zone("deck"))
    s.call("deal_bills")
    assert {c: values(s.zone("bills_at", c)) for c in range(1, 7)} == EXPECTED_CASINOS
    assert len(s.zone("deck")) == size - 12


def test_money_pairs_sorted_by_sum_with_the_deck_arranged_by_scenario_cards():
    """Seed 001 setup as above, with the deck top arranged through Scenario.cards (repeated values)."""
    s = scenario(LASVEGAS)
    turned_up = [v for pair in PAIRS for v in pair]
    s.cards("deck", None, list(reversed(turned_up)))
    s.call("deal_bills")
    assert {c: values(s.zone("bills_at", c)) for c in range(1, 7)} == EXPECTED_CASINOS


def test_next_start_player_is_who_won_the_higher_bill_in_casino_6():
    """Seed 001: the seat that won the higher bill in casino 6 starts the next round."""
    s = scenario(LASVEGAS)
    s.place(CARLA, "small", [6, 6], "casino", 6)
    s.place(BENNO, "small", [6], "casino", 6)
    s.place(DENNY, "small", [5, 5], "casino", 5)
    s.cards("bills_at", 6, [100000, 90000])
    s.cards("bills_at", 5, [80000, 70000])
    s.call("score_casinos")
    assert s.call("next_start_player") == CARLA


def test_next_start_player_falls_to_casino_5_when_nobody_won_in_casino_6():
    """Seed 001: nobody won in casino 6 (the only two there tie and cancel), so casino 5's higher-bill winner starts."""
    s = scenario(LASVEGAS)
    s.place(ANNA, "small", [6], "casino", 6)
    s.place(BENNO, "small", [6], "casino", 6)
    s.place(DENNY, "small", [5, 5], "casino", 5)
    s.place(CARLA, "small", [5], "casino", 5)
    s.place(ANNA, "small", [1, 1, 1], "casino", 1)
    for c, pair in ((6, [100000, 90000]), (5, [80000, 70000]), (1, [40000, 30000])):
        s.cards("bills_at", c, pair)
    s.call("score_casinos")
    assert s.call("next_start_player") == DENNY


def test_next_start_player_is_the_left_neighbour_when_nobody_won_anything():
    """Seed 001 (RULES-NOTES): nobody won anything, so the left neighbour of the previous start player starts."""
    s = scenario(LASVEGAS)
    s.set("start_player", 3)
    s.place(ANNA, "small", [6], "casino", 6)
    s.place(BENNO, "small", [6], "casino", 6)
    s.cards("bills_at", 6, [100000, 90000])
    s.call("score_casinos")
    assert s.call("next_start_player") == 0


def test_end_jetons_are_worth_10000_and_ties_break_on_cards_plus_jetons():
    """Seed 001 end: money + 10000 per jeton; equal: more money cards and jetons wins; still equal: shared win."""
    s = scenario(LASVEGAS)
    s.cards("won", ANNA, [80000])            # 80000 in 1 card
    s.cards("won", BENNO, [60000])           # 60000 + 2 jetons = 80000; 1 card + 2 jetons
    s.set("jetons", 2, BENNO)
    s.cards("won", CARLA, [50000, 30000])    # 80000 + 1 jeton = 90000; 2 cards + 1 jeton
    s.set("jetons", 1, CARLA)
    s.cards("won", DENNY, [70000])           # 70000 + 2 jetons = 90000; 1 card + 2 jetons
    s.set("jetons", 2, DENNY)
    keys = s.score_keys()
    assert keys == [(80000, 1), (80000, 3), (90000, 3), (90000, 3)]
    assert keys[BENNO] > keys[ANNA]          # equal money: Benno has more cards + jetons
    best = max(keys)
    assert [p for p in range(4) if keys[p] == best] == [CARLA, DENNY]  # still equal: shared win


# ------------------------------------------------------------------ seed 001, 2-player variant


def test_two_player_variant_rolls_8_neutral_dice_onto_the_casinos_at_every_round_start():
    """Seed 001 2p variant: at each round start 8 neutral dice are rolled and lie on the casinos of their faces all round."""
    s = random_scenario(LASVEGAS, "neutral_dice_two_players", players=2, seed=5)
    for faces in ([1, 1, 2, 3, 4, 5, 6, 6], [2, 2, 2, 3, 3, 5, 5, 6]):
        s.call("deal_bills")
        start = len(s.log)
        s.load_dice(*faces)
        s.call("placement")
        neutral = dice_in_casinos(s, "neutral")
        assert sorted(d.face for d in neutral) == faces
        assert all(d in s.zone("casino", d.face) for d in neutral)
        events = s.log[start:]
        said = next(i for i, e in enumerate(events) if e["t"] == "say" and e["text"].startswith("the neutral dice roll"))
        first_turn = next(i for i, e in enumerate(events) if e["t"] == "turn")
        assert said < first_turn
        s.call("scoring")
        assert len(s.zone("supply", "neutral")) == 8


def test_two_player_variant_neutral_colour_is_7_small_dice_and_its_biggy_counting_two():
    """Seed 001 2p variant: "die 8 Würfel einer nicht teilnehmenden Farbe"; a colour is "7 + 1 Würfel", the Biggy counting two."""
    s = scenario(LASVEGAS, "neutral_dice_two_players", players=2)
    assert sorted(d.kind.name for d in s.zone("supply", "neutral")) == ["biggy"] + ["small"] * 7
    s.load_dice(1, 2, 3, 4, 5, 6, 6, 5)  # the seven small dice, then the Biggy on casino 5
    no_dice = [d for p in (0, 1) for d in s.zone("supply", p)]
    s.put(no_dice, "box")  # placement ends right after the neutral dice
    s.call("placement")
    assert "the neutral dice roll onto the casinos: 1, 2, 3, 4, 5, 5B, 6, 6" in s.said()
    s.place(0, "small", [5, 5], "casino", 5, source="box")  # 2 against the neutral 1 + Biggy = 3
    s.cards("bills_at", 5, [70000, 40000])
    s.call("score_casinos")
    assert values(s.zone("won", 0)) == [40000]


def test_two_player_variant_beispiel_1_80000_to_neutral_goes_under_the_deck_benno_30000():
    """Seed 001 2p Beispiel 1: the 80000 goes to the neutral player and under the deck; Benno gets the 30000."""
    s = scenario(LASVEGAS, "neutral_dice_two_players", players=2)
    benno = 0
    s.place("neutral", "small", [3, 3, 3], "casino", 3)
    s.place(benno, "small", [3, 3], "casino", 3)
    s.cards("bills_at", 3, [80000, 30000])
    casino_3 = s.zone("bills_at", 3)
    eighty = next(c for c in casino_3 if c.value == 80000)
    s.call("score_casinos")
    assert s.zone("deck")[0] is eighty
    assert values(s.zone("won", benno)) == [30000]


def test_two_player_variant_beispiel_2_carla_70000_neutral_40000_under_the_deck_benno_nothing():
    """Seed 001 2p Beispiel 2: Carla gets the 70000, the neutral player the 40000 (under the deck), Benno nothing."""
    s = scenario(LASVEGAS, "neutral_dice_two_players", players=2)
    benno, carla = 0, 1
    s.place(carla, "small", [5, 5, 5], "casino", 5)
    s.place("neutral", "small", [5, 5], "casino", 5)
    s.place(benno, "small", [5], "casino", 5)
    s.cards("bills_at", 5, [70000, 40000])
    forty = next(c for c in s.zone("bills_at", 5) if c.value == 40000)
    s.call("score_casinos")
    assert values(s.zone("won", carla)) == [70000]
    assert s.zone("deck")[0] is forty
    assert s.total("won", benno) == 0


# ====================================================================== seed 002, Boulevard


@pytest.mark.parametrize("players, white", [(2, 4), (3, 2), (4, 2), (5, 2), (6, 2)])
def test_boulevard_neutral_dice_each_player_rolls_own_8_plus_white_dice(players, white):
    """Seed 002 neutral dice: each player rolls 8 own dice plus 4 white (2 players) or 2 white (3-6 players)."""
    s = random_scenario(LV2012, "neutral_dice_boulevard", players=players, seed=players)
    s.call("deal_bills")
    s.call("placement")
    rolls = [e for e in s.log if e["t"] == "roll"]
    for p in range(players):
        first = next(e for e in rolls if e["zone"] == f"rolled[seat {p}]")
        assert len(first["faces"]) == 8 + white
        assert len(dice_in_casinos(s, p)) == 8
    prerolled = 2 if players == 3 else 0
    assert len(dice_in_casinos(s, "neutral")) == white * players + prerolled


def test_boulevard_neutral_dice_three_players_start_player_prerolls_2_white_dice_onto_the_casinos():
    """Seed 002 neutral dice at 3 players: before the round the start player rolls 2 more white dice and places them by face."""
    s = random_scenario(LV2012, "neutral_dice_boulevard", players=3, seed=1)
    s.set("start_player", 1)
    s.call("deal_bills")
    start = len(s.log)
    s.load_dice(2, 5)
    s.call("placement")
    events = s.log[start:]
    first_turn = next(i for i, e in enumerate(events) if e["t"] == "turn")
    assert events[first_turn - 1]["t"] == "say"
    prerolls = [e["text"] for e in events[:first_turn] if e["t"] == "say" and "white" in e["text"]]
    assert prerolls == ["seat 1 rolls a white 2 onto casino 2", "seat 1 rolls a white 5 onto casino 5"]
    assert events[first_turn]["player"] == 1


def test_boulevard_neutral_dice_carla_may_place_all_three_1s_or_her_5_or_the_white_6():
    """Seed 002 example: Carla rolls own 1,1,5 and white 1,6: she may place all three 1s, or her 5, or the white 6."""
    s = scenario(LV2012, "neutral_dice_boulevard", players=4)
    s.place(CARLA, "small", [2, 2, 2, 2, 2], "casino", 2)   # placed earlier: 3 own dice left
    white = s.place("neutral", "small", [1, 1], "supply", CARLA)
    assert [d.owner for d in s.zone("supply", CARLA)] == [CARLA] * 3 + [s.owner("neutral")] * 2
    s.load_dice(1, 1, 5, 1, 6)  # own 1, 1, 5; white 1, 6
    s.script(CARLA, "place(1)")
    s.call("take_turn", CARLA)
    assert decisions(s, "after_roll")[0]["options"] == ["place(1)", "place(5)", "place(6)"]
    assert s.faces("casino", 1) == [1, 1, 1]
    assert s.faces("casino", 1, owner=CARLA) == [1, 1] and s.faces("casino", 1, owner="neutral") == [1]
    assert sorted((d.owner, d.face) for d in s.zone("supply", CARLA)) == [(CARLA, 5), (s.owner("neutral"), 6)]
    assert white[0].zone is s.zone("casino", 1)


def test_boulevard_neutral_beispiel_1_80000_to_white_under_the_deck_benno_30000():
    """Seed 002 neutral Beispiel 1: the 80000 goes to white and under the deck; Benno gets the 30000."""
    s = scenario(LV2012, "neutral_dice_boulevard", players=4)
    s.place("neutral", "small", [6, 6, 6], "casino", 6)
    s.place(BENNO, "small", [6, 6], "casino", 6)
    s.cards("bills_at", 6, [80000, 30000])
    eighty = next(c for c in s.zone("bills_at", 6) if c.value == 80000)
    s.call("score_casinos")
    assert s.zone("deck")[0] is eighty
    assert values(s.zone("won", BENNO)) == [30000]


def test_boulevard_neutral_beispiel_2_carla_70000_white_40000_under_the_deck_anna_nothing():
    """Seed 002 neutral Beispiel 2: Carla gets the 70000, white the 40000 (under the deck), Anna nothing."""
    s = scenario(LV2012, "neutral_dice_boulevard", players=4)
    s.place(CARLA, "small", [2, 2, 2], "casino", 2)
    s.place("neutral", "small", [2, 2], "casino", 2)
    s.place(ANNA, "small", [2], "casino", 2)
    s.cards("bills_at", 2, [70000, 40000])
    forty = next(c for c in s.zone("bills_at", 2) if c.value == 40000)
    s.call("score_casinos")
    assert values(s.zone("won", CARLA)) == [70000]
    assert s.zone("deck")[0] is forty
    assert s.total("won", ANNA) == 0


@pytest.mark.parametrize("players, minimum", [(2, 30000), (3, 40000), (4, 50000), (5, 60000), (6, 70000)])
def test_minimum_sum_every_casino_is_dealt_at_least_the_table_minimum(players, minimum):
    """Seed 002 minimum sum: 2: 30000, 3: 40000, 4: 50000, 5: 60000, 6: 70000 per casino, no card more than needed."""
    for seed in range(5):
        s = scenario(LV2012, "min_sum", players=players, seed=seed)
        s.call("deal_bills")
        for c in range(1, 7):
            pile = s.zone("bills_at", c)
            assert s.total("bills_at", c) >= minimum
            assert s.total("bills_at", c) - pile[-1].value < minimum


def test_minimum_sum_stops_when_the_deck_runs_out():
    """Seed 002 minimum sum: with too few cards left the casinos take what there is and dealing stops."""
    s = scenario(LV2012, "min_sum", players=6)
    stack_deck(s, [20000, 10000, 10000])
    s.put(list(s.zone("deck")[:-3]), "box")
    s.call("deal_bills")
    assert len(s.zone("deck")) == 0
    assert values(s.zone("bills_at", 1)) == [20000, 10000, 10000]
    assert all(len(s.zone("bills_at", c)) == 0 for c in range(2, 7))


def test_hundred_thousands_five_100000_bills_are_shuffled_into_the_deck():
    """Seed 002 '100.000$': five 100000 bills are in the deck at the start (the 2012 deck has none)."""
    plain = scenario(LV2012)
    s = scenario(LV2012, "hundred_thousands")
    assert sum(1 for c in plain.zone("deck") if c.value == 100000) == 0
    assert sum(1 for c in s.zone("deck") if c.value == 100000) == 5
    assert len(s.zone("deck")) == len(plain.zone("deck")) + 5 == 59
    assert [c.value for c in s.zone("deck")] != sorted(c.value for c in s.zone("deck"))  # shuffled in


def test_biggys_each_player_has_7_small_dice_and_1_biggy_counting_two():
    """Seed 002 Biggys: each player replaces one normal die with a Biggy (8 dice), which counts as two."""
    s = scenario(LV2012, "biggys")
    for p in range(4):
        kinds = sorted(d.kind.name for d in s.zone("supply", p))
        assert kinds == ["biggy"] + ["small"] * 7
    s.place(ANNA, "biggy", [4], "casino", 4)
    s.place(ANNA, "small", [4], "casino", 4)
    s.place(BENNO, "small", [4, 4, 4], "casino", 4)
    s.place(CARLA, "small", [4, 4], "casino", 4)
    s.cards("bills_at", 4, [60000, 20000])
    s.call("score_casinos")
    assert [s.total("won", p) for p in range(4)] == [0, 0, 60000, 0]  # Anna 3 = Benno 3 cancel


# ------------------------------------------------------------------------------------- Kicker


def test_kicker_each_player_has_7_normal_dice_and_a_kicker():
    """Seed 002 Kicker: each player swaps one normal die for a kicker and still plays 8 dice."""
    s = scenario(LV2012, "kicker")
    for p in range(4):
        assert sorted(d.kind.name for d in s.zone("supply", p)) == ["kicker"] + ["small"] * 7


def test_two_kickers_per_player_only_with_fewer_than_6_players():
    """Seed 002: "Nehmen weniger als 6 Spieler teil, kann auch mit 2 Kickern pro Spieler gespielt
    werden." Two kickers at five players play; at six the game is refused by the variant's own
    `assert`, located there; three kickers are refused for every player count."""
    rules = load_rules(LV2012, [RULESETS / "variants" / "kicker.rules"], {"kickers_per_player": "2"})
    assert rules.start(players=5, seed=8, agents=[RandomAgent(8)] * 5).over
    with pytest.raises(RulesError) as refused:
        rules.start(players=6, seed=8)
    (error,) = refused.value.diagnostics
    assert error.span.file.endswith("kicker.rules") and "fewer than 6 players" in error.message
    assert "(6 players)" in error.message and "--set kickers_per_player=2" in error.hint
    with pytest.raises(RulesError, match="not 3"):
        load_rules(LV2012, [RULESETS / "variants" / "kicker.rules"], {"kickers_per_player": "3"})


def test_kicker_placed_takes_itself_and_one_chosen_die_off_the_casino():
    """Seed 002 Kicker: the kicker leaves at once with one chosen die: that die back to its owner, the kicker out for the round."""
    s = scenario(LV2012, "kicker")
    s.place(BENNO, "small", [4, 4], "casino", 4)
    s.place(CARLA, "small", [4], "casino", 4)
    s.load_dice(1, 2, 2, 3, 5, 6, 6, 4)  # seven small dice, then the kicker showing 4
    s.script(ANNA, "place(4)", "small:4@1")
    s.call("take_turn", ANNA)
    (kick,) = decisions(s, "kick")
    assert sorted(kick["options"]) == ["small:4@1", "small:4@1 #2", "small:4@2"]  # one label per option
    assert s.faces("casino", 4, owner=BENNO) == [4] and s.faces("casino", 4, owner=CARLA) == [4]
    assert s.faces("casino", 4, owner=ANNA) == []
    assert len(s.zone("supply", BENNO)) == 7
    assert [d.kind.name for d in s.zone("kicked_out")] == ["kicker"]
    assert len(s.zone("supply", ANNA)) == 7
    s.call("clear_tables")
    assert len(s.zone("supply", ANNA)) == 8  # the kicker is back for the next round


def test_kicker_may_kick_the_players_own_die():
    """Seed 002 Kicker: 'beliebig' includes the player's own dice lying on the casino."""
    s = scenario(LV2012, "kicker")
    s.place(BENNO, "small", [4], "casino", 4)
    s.place(ANNA, "small", [4], "casino", 4)
    s.place(ANNA, "small", [1, 1, 1, 1], "casino", 1)
    s.load_dice(4, 4, 4)  # two small dice and the kicker: place(4) is the only option
    s.script(ANNA, "small:4@0")
    s.call("take_turn", ANNA)
    assert sorted(decisions(s, "kick")[0]["options"]) == ["small:4@0", "small:4@1"]
    assert s.faces("casino", 4, owner=ANNA) == [4, 4] and s.faces("casino", 4, owner=BENNO) == [4]
    assert len(s.zone("supply", ANNA)) == 1


def test_kicker_may_kick_another_players_biggy():
    """Seed 002 Kicker: 'beliebig' includes Biggys."""
    s = scenario(LV2012, "biggys", "kicker")
    s.place(BENNO, "biggy", [4], "casino", 4)
    s.place(ANNA, "small", [1] * 6, "casino", 1)
    s.place(ANNA, "biggy", [1], "casino", 1)
    s.load_dice(4)  # the kicker alone
    s.call("take_turn", ANNA)  # one option each: place(4), then the Biggy
    assert list(s.zone("casino", 4)) == []
    assert "biggy" in [d.kind.name for d in s.zone("supply", BENNO)]


def test_kicker_alone_on_an_empty_casino_has_no_effect():
    """Seed 002 Kicker: used on an empty casino it goes to the discard card without effect."""
    s = scenario(LV2012, "kicker")
    s.place(ANNA, "small", [1] * 7, "casino", 1)
    s.place(BENNO, "small", [3], "casino", 3)
    s.load_dice(4)
    s.call("take_turn", ANNA)
    assert decisions(s, "kick") == []
    assert list(s.zone("casino", 4)) == [] and s.faces("casino", 3, owner=BENNO) == [3]
    assert [d.kind.name for d in s.zone("kicked_out")] == ["kicker"]


def test_kicker_placed_with_own_dice_on_an_empty_casino_has_no_effect():
    """Seed 002 Kicker: a kicker placed with own dice on a casino that was empty kicks nothing."""
    s = scenario(LV2012, "kicker")
    s.place(ANNA, "small", [1] * 5, "casino", 1)
    s.load_dice(4, 4, 4)  # two small dice and the kicker: place(4) is the only option
    s.script(ANNA, "small:4@0")  # the answer the ruleset asks for today; the rule book asks nothing
    s.call("take_turn", ANNA)
    assert s.faces("casino", 4, owner=ANNA) == [4, 4]
    assert [d.kind.name for d in s.zone("kicked_out")] == ["kicker"]


def test_kicker_gives_a_die_back_to_a_player_without_dice_who_plays_again():
    """Seed 002 Kicker: a player without dice who gets one kicked back plays again on their turn."""
    s = scenario(LV2012, "kicker", players=2)
    s.place(1, "kicker", [1], "kicked_out")
    s.place(1, "small", [4, 4, 4, 4], "casino", 4)
    s.place(1, "small", [2, 2, 2], "casino", 2)
    s.place(0, "small", [6] * 7, "casino", 6)
    assert len(s.zone("supply", 1)) == 0 and [d.kind.name for d in s.zone("supply", 0)] == ["kicker"]
    s.load_dice(4, 2)  # seat 0's kicker shows 4; then seat 1's returned die shows 2
    s.script(0, "small:4@1")
    s.call("placement")
    assert [e["player"] for e in s.log if e["t"] == "turn"] == [0, 1]
    assert s.faces("casino", 4, owner=1) == [4, 4, 4]
    assert s.faces("casino", 2, owner=1) == [2, 2, 2, 2]
    assert len(s.zone("supply", 0)) == len(s.zone("supply", 1)) == 0


def test_two_kickers_placed_together_never_kick_the_same_die_twice():
    """Seed 002 Kicker with 2 per player: the second kicker chooses among the dice still on the casino.

    Benno's only die on casino 4 is kicked home by the first kicker; the second finds nothing
    left to kick (it does not send the same die home again, and the transcript says one kick).
    """
    s = Scenario(load_rules(LV2012, [variant("kicker")], params={"kickers_per_player": "2"}), players=4)
    s.call("setup")
    assert sorted(d.kind.name for d in s.zone("supply", ANNA)) == ["kicker"] * 2 + ["small"] * 6
    s.place(BENNO, "small", [4], "casino", 4)
    s.place(ANNA, "small", [1] * 6, "casino", 1)
    s.load_dice(4, 4)  # both kickers show 4: place(4) is the only option
    s.call("take_turn", ANNA)
    assert len(decisions(s, "kick")) == 1
    assert list(s.zone("casino", 4)) == []
    assert len(s.zone("supply", BENNO)) == 8
    kicks = [t for t in s.said() if "'s kicker" in t]
    assert kicks == ["seat 0's kicker kicks seat 1's 4 back to its owner", "seat 0's kicker finds nothing to kick"]
    assert [d.kind.name for d in s.zone("kicked_out")] == ["kicker", "kicker"]


@pytest.mark.parametrize("to_kicker", [False, True])
def test_kicked_white_die_is_out_for_the_round_unless_it_goes_back_into_play_with_the_kicker(to_kicker):
    """Seed 002 Kicker + neutral dice: "seinem Besitzer zur weiteren Verwendung zurück".

    The white die's owner is the imaginary player, who never rolls: by default it is out for the
    round; with kicked_neutral_die_to_kicker Anna takes it into her supply and rolls it next turn.
    """
    params = {"kicked_neutral_die_to_kicker": str(to_kicker).lower()}
    s = Scenario(load_rules(LV2012, [variant("neutral_dice_boulevard"), variant("kicker")], params=params), players=4)
    s.call("setup")
    (white,) = s.place("neutral", "small", [4], "casino", 4)
    s.place(ANNA, "small", [1] * 7, "casino", 1)
    s.load_dice(4)  # Anna's kicker alone
    s.call("take_turn", ANNA)
    assert list(s.zone("casino", 4)) == []
    home = s.zone("supply", ANNA) if to_kicker else s.zone("supply", "neutral")
    assert white.zone is home
    line = "seat 0's kicker kicks white's 4 " + ("into seat 0's supply" if to_kicker else "back to its owner")
    assert line in s.said()


def test_kicker_alone_on_the_bandit_has_no_effect():
    """Seed 002 Kicker: alone on the One-Armed Bandit it kicks nothing, not even dice already lying there."""
    s = scenario(LV2012, "kicker", "bandit")
    s.place(BENNO, "small", [3, 3], "bandit")
    s.place(ANNA, "small", [1] * 7, "casino", 1)
    s.load_dice(5)
    s.script(ANNA, "place_on_bandit(5)")
    s.call("take_turn", ANNA)
    assert decisions(s, "kick") == []
    assert s.faces("bandit") == [3, 3] and s.faces("bandit", owner=BENNO) == [3, 3]
    assert [d.kind.name for d in s.zone("kicked_out")] == ["kicker"]


def test_kicker_placed_with_other_dice_on_the_bandit_must_kick_one_of_those():
    """Seed 002 Kicker: on the Bandit the kicker must kick one of the player's own dice placed with it."""
    s = scenario(LV2012, "kicker", "bandit")
    s.place(BENNO, "small", [3, 3], "bandit")
    s.place(ANNA, "small", [1] * 5, "casino", 1)
    s.load_dice(5, 5, 5)  # two small dice and the kicker
    s.script(ANNA, "place_on_bandit(5)", "small:5@0")
    s.call("take_turn", ANNA)
    assert decisions(s, "kick")[0]["options"] == ["small:5@0", "small:5@0 #2"]
    assert s.faces("bandit", owner=BENNO) == [3, 3] and s.faces("bandit", owner=ANNA) == [5]
    assert len(s.zone("supply", ANNA)) == 1


@pytest.mark.parametrize("stay_blocked", [False, True])
def test_bandit_face_whose_dice_a_kicker_took_off_again_is_free_unless_faces_stay_blocked(stay_blocked):
    """Seed 002 Bandit + Kicker: "nicht schon ... ausliegen" (default) or "in diesem Durchgang niemand mehr" (param).

    Anna places her kicker and a small die, both 5, on the Bandit; the kicker must kick the 5
    placed with it, so no 5 lies there. Benno's 5 may then go there, unless faces stay blocked.
    """
    params = {"bandit_faces_stay_blocked": str(stay_blocked).lower()}
    s = Scenario(load_rules(LV2012, [variant("kicker"), variant("bandit")], params=params), players=4)
    s.call("setup")
    s.place(ANNA, "small", [1] * 6, "casino", 1)
    s.load_dice(5, 5)  # Anna's last small die and her kicker
    s.script(ANNA, "place_on_bandit(5)")
    s.call("take_turn", ANNA)
    assert list(s.zone("bandit")) == []
    s.load_dice(5, 2, 2, 2, 2, 2, 2, 2)
    s.script(BENNO, "place(2)")
    s.call("take_turn", BENNO)
    assert ("place_on_bandit(5)" in decisions(s, "after_roll")[-1]["options"]) is not stay_blocked


# ------------------------------------------------------------------------------------ Rainbow


def rainbow_cards(s):
    return [c for c in s.game.pieces_by_kind["rainbow"]]


def test_rainbow_cards_count_40000_when_dealt():
    """Seed 002 Rainbow: a rainbow card dealt to a casino counts 40000 (with a 20000 the casino holds its 50000)."""
    s = scenario(LV2012, "rainbow")
    assert len(rainbow_cards(s)) == 6 and all(c.zone is s.zone("deck") for c in rainbow_cards(s))
    rainbow = rainbow_cards(s)[0]
    stack_deck(s, [20000, rainbow])  # rainbow on top, dealt first
    s.call("deal_bills")
    assert list(s.zone("bills_at", 1)) == [rainbow, s.zone("bills_at", 1)[1]]
    assert s.zone("bills_at", 1)[1].value == 20000
    assert s.total("bills_at", 1) == 60000


def test_rainbow_cards_are_replaced_from_the_deck_before_scoring_again_if_a_rainbow_comes_up():
    """Seed 002 Rainbow: before scoring each rainbow card is discarded and replaced from the deck, repeatedly."""
    s = scenario(LV2012, "rainbow")
    first, second = rainbow_cards(s)[:2]
    s.cards("bills_at", 1, [20000])
    s.put([first], "bills_at", 1)
    stack_deck(s, [70000, second])  # the replacement is a rainbow again, then a 70000
    s.place(ANNA, "small", [1, 1], "casino", 1)
    s.place(BENNO, "small", [1], "casino", 1)
    s.call("scoring")
    assert set(map(id, s.zone("rainbow_pile"))) == {id(first), id(second)}
    assert values(s.zone("won", ANNA)) == [70000]
    assert values(s.zone("won", BENNO)) == [20000]


# ------------------------------------------------------------------------------------- Bandit


def test_bandit_example_carla_first_then_denny_then_benno_leftover_under_the_deck():
    """Seed 002 Bandit example: Carla and Denny both 3 dice summing 9, Carla's higher die (4) wins; Denny second, Benno third; the rest under the deck."""
    s = _bandit_example_position()
    s.cards("bills_at_bandit", None, [90000, 60000, 30000, 20000])
    twenty = next(c for c in s.zone("bills_at_bandit") if c.value == 20000)
    s.call("scoring")
    assert values(s.zone("won", CARLA)) == [90000]
    assert values(s.zone("won", DENNY)) == [60000]
    assert values(s.zone("won", BENNO)) == [30000]
    assert s.zone("deck")[0] is twenty
    takes = [t for t in s.said() if t.startswith("One-Armed Bandit: seat")]
    assert takes == ["One-Armed Bandit: seat 2 takes 90000", "One-Armed Bandit: seat 3 takes 60000",
                     "One-Armed Bandit: seat 1 takes 30000"]


def _bandit_example_position():
    """The example played by moves up to the end of placement (dice of other casinos put back)."""
    s = scenario(LV2012, "bandit")
    s.load_dice(3, 3, 3, 1, 2, 4, 5, 6)
    s.script(DENNY, "place_on_bandit(3)")
    s.call("take_turn", DENNY)
    s.load_dice(6, 6, 3, 3, 1, 2, 4, 5)
    s.script(BENNO, "place_on_bandit(6)")
    s.call("take_turn", BENNO)
    benno_options = decisions(s, "after_roll")[-1]["options"]
    assert "place(3)" in benno_options and "place_on_bandit(3)" not in benno_options
    s.load_dice(4, 4, 1, 2, 3, 5, 6, 6)
    s.script(CARLA, "place_on_bandit(4)")
    s.call("take_turn", CARLA)
    s.load_dice(3, 3, 1, 2, 5)
    s.script(DENNY, "place(1)")
    s.call("take_turn", DENNY)
    assert "place_on_bandit(3)" not in decisions(s, "after_roll")[-1]["options"]  # not even Denny
    s.load_dice(1, 2, 2, 5, 6, 6)
    s.script(CARLA, "place_on_bandit(1)")
    s.call("take_turn", CARLA)
    assert s.faces("bandit", owner=DENNY) == [3, 3, 3]
    assert s.faces("bandit", owner=BENNO) == [6, 6]
    assert s.faces("bandit", owner=CARLA) == [1, 4, 4]
    for c in range(1, 7):  # only the Bandit is part of the example
        for d in list(s.zone("casino", c)):
            s.put([d], "supply", d.owner)
    return s


def test_bandit_is_funded_like_every_other_casino_on_the_2012_base():
    """Seed 002: the Bandit is laid out 'as a seventh casino', so on the 2012 base it is dealt to the minimum sum too."""
    for seed in range(20):
        s = scenario(LV2012, "bandit", seed=seed)
        s.call("deal_bills")
        bills = list(s.zone("bills_at_bandit"))
        assert sum(b.value for b in bills) >= 50000
        assert sum(b.value for b in bills[:-1]) < 50000, "dealing stops as soon as the minimum is reached"


def test_bandit_leftover_bill_goes_under_the_deck_on_the_2012_base():
    """Seed 002 Bandit: cards nobody takes go back under the deck (2012 base), not out of the game."""
    s = scenario(LV2012, "bandit")
    s.place(DENNY, "small", [3, 3, 3], "bandit")
    s.call("deal_bills")
    bills = sorted(s.zone("bills_at_bandit"), key=lambda c: c.value)
    assert len(bills) == 2
    s.call("scoring")
    assert list(s.zone("won", DENNY)) == [bills[1]]
    assert s.zone("deck")[0] is bills[0]
    assert list(s.zone("box")) == []
