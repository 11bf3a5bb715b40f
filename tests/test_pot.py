"""POT (seed 003): the worked example round, every combo, the re-rolls, pot control, the dice
sets, the 55-coin bank and the end of the game, played on `rulesets/pot.rules`.

Seats of the example (in the order it gives them): Jenn = 0, Frank = 1, Dan = 2, Stacey = 3.
A set is three dice lying in the order P-die, O-die, T-die; each shows 1-5 or its letter (worth 0).
`throw(s, 1, 2, 4)` loads the faces the next dice rolled show, in that order; a re-roll of some
dice loads only their new faces. Choices are scripted by the option labels the transcript shows:
`dice(p=1, o=2)` re-rolls the P-die showing 1 and the O-die showing 2, `KEEP` re-rolls nothing.

"Who holds which set": `to_beat` is the set lying in front of the pot's controller, the result to
beat; `throws_next` is the set handed to the next player.
"""

import re

import pytest

from helpers import ROOT, quick_first, random_agents
from rulesrun.cli.transcript import transcript
from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.testing.scenario import Scenario

POT = ROOT / "rulesets" / "pot.rules"

JENN, FRANK, DAN, STACEY = 0, 1, 2, 3

KEEP = "[]"
LETTER_DIE = {"P": "p_die", "O": "o_die", "T": "t_die"}

_RULES = {}


def rules(**params):
    key = tuple(sorted(params.items()))
    if key not in _RULES:
        _RULES[key] = load_rules(POT, params={k: str(v) for k, v in params.items()} or None)
    return _RULES[key]


def game(players=4, start=0, **params):
    """A game after `setup` (3 coins each, 1 on the pot), `start` starting the round."""
    s = Scenario(rules(**params), players)
    s.call("setup")
    s.set("start_player", start)
    return s


def throw(s, *faces):
    """The next dice rolled show `faces` (a letter on its own die)."""
    for face in faces:
        s.load_dice(face, kind=LETTER_DIE.get(face, "p_die"))


def dice(**shown):
    """The label of a re-roll: dice(p=1, o=2) = the P-die showing 1 and the O-die showing 2."""
    return "[" + ", ".join(f"{die}_die:{face}" for die, face in shown.items()) + "]"


def from_players(*seats, each=1):
    return f"[players, [{', '.join(map(str, seats))}], {each}]"


def from_bank(n):
    return f"[bank, [], {n}]"


def to_players(*seats):
    return f"[{', '.join(map(str, seats))}]"


def shows(zone):
    """A set's faces, numbers first, letters last."""
    return sorted((d.face for d in zone), key=lambda f: (isinstance(f, str), str(f)))


def state(s):
    return {"controller": s.var("controller"), "best": s.var("best"), "pot": s.var("pot"),
            "coins": list(s.var("coins")), "bank": s.call("bank"),
            "to_beat": s.var("to_beat").name, "throws_next": s.var("throws_next").name}


def asked(s, point=None):
    return [e for e in s.log if e["t"] == "decide" and (point is None or e["point"] == point)]


def points(s):
    return [e["point"] for e in asked(s)]


def thrown_sets(s):
    """The set each whole throw of three dice was made with, in order."""
    return [e["zone"] for e in s.log if e["t"] == "roll" and e["zone"] in ("set_one", "set_two")]


def scripts_used_up(s):
    return all(not agent.answers for agent in s.agents)


def standings(s):
    keys = s.score_keys()
    best = max(keys)
    return keys, [p for p in s.game.players if keys[p] == best]


# =========================================================================== the example, round one
# Each step arranges the dice and the choices of one turn of the seed's BEISPIELE.


def jenn_throws_1_2_4_and_rerolls_the_1_and_2(s):
    throw(s, 1, 2, 4)
    s.script(JENN, dice(p=1, o=2))
    throw(s, 2, 4)
    s.script(JENN, KEEP)  # "... mit Endergebnis 10 und behält es"


def frank_throws_3_3_3(s):
    throw(s, 3, 3, 3)
    s.script(FRANK, KEEP, from_players(JENN))


def dan_throws_1_1_1(s):
    throw(s, 1, 1, 1)


def stacey_throws_2_3_4_and_rerolls_all_but_the_4(s):
    throw(s, 2, 3, 4)
    s.script(STACEY, dice(p=2, o=3))
    throw(s, 4, 5)
    s.script(STACEY, KEEP)


# "Jenn, Frank und Dan haben alle einen weiteren Spielzug. Sie erhalten Münzen durch Kombos, aber
# niemand schlägt die 13." The seed does not print these throws; these are three such combos.

def jenn_throws_street_2_3_4(s):
    throw(s, 2, 3, 4)
    s.script(JENN, KEEP)


def frank_throws_triple_2_and_takes_2_from_stacey(s):
    throw(s, 2, 2, 2)
    s.script(FRANK, KEEP, from_players(STACEY, each=2))


def dan_throws_bonus_4_2_0(s):
    throw(s, 4, 2, "T")
    s.script(DAN, KEEP)


ROUND_ONE = [(JENN, jenn_throws_1_2_4_and_rerolls_the_1_and_2), (FRANK, frank_throws_3_3_3),
             (DAN, dan_throws_1_1_1), (STACEY, stacey_throws_2_3_4_and_rerolls_all_but_the_4),
             (JENN, jenn_throws_street_2_3_4), (FRANK, frank_throws_triple_2_and_takes_2_from_stacey),
             (DAN, dan_throws_bonus_4_2_0)]


def turns(s, steps):
    for seat, arrange in steps:
        arrange(s)
        s.call("take_turn", seat)
    return s


def example_after(n):
    """The example game after the first `n` turns of round one."""
    return turns(game(start=JENN), ROUND_ONE[:n])


def test_spielaufbau_each_player_has_3_coins_and_the_pot_1_from_the_bank():
    s = game(start=JENN)
    assert state(s) == {"controller": None, "best": -1, "pot": 1, "coins": [3, 3, 3, 3], "bank": 42,
                        "to_beat": "set_two", "throws_next": "set_one"}


def test_jenn_throws_1_2_4_rerolls_the_1_and_2_and_keeps_2_4_4_for_10():
    s = example_after(0)
    turns(s, ROUND_ONE[:1])
    assert shows(s.zone("set_one")) == [2, 4, 4]
    assert points(s) == ["free_reroll", "paid_reroll"]
    assert state(s) == {"controller": JENN, "best": 10, "pot": 1, "coins": [3, 3, 3, 3], "bank": 42,
                        "to_beat": "set_one", "throws_next": "set_two"}


def test_frank_throws_3_3_3_takes_2_from_the_bank_and_1_from_jenn_and_passes_the_dice_to_dan():
    s = example_after(1)
    turns(s, ROUND_ONE[1:2])
    (take,) = asked(s, "take_from")
    assert take["player"] == FRANK
    assert take["options"] == [from_players(JENN), from_players(DAN), from_players(STACEY)]
    assert shows(s.zone("set_two")) == [3, 3, 3]
    assert state(s) == {"controller": JENN, "best": 10, "pot": 1, "coins": [2, 6, 3, 3], "bank": 40,
                        "to_beat": "set_one", "throws_next": "set_two"}


def test_dan_throws_1_1_1_pays_3_to_the_bank_and_passes_the_dice_to_stacey():
    s = example_after(2)
    turns(s, ROUND_ONE[2:3])
    assert [e for e in asked(s) if e["player"] == DAN] == [], "1-1-1 ends the turn at once: no re-roll is offered"
    assert "seat 2 throws 1-1-1 and pays 3 to the bank" in s.said()
    assert state(s) == {"controller": JENN, "best": 10, "pot": 1, "coins": [2, 6, 0, 3], "bank": 43,
                        "to_beat": "set_one", "throws_next": "set_two"}


def test_stacey_throws_2_3_4_keeps_the_4_rerolls_to_4_4_5_and_takes_the_pot_with_13():
    s = example_after(3)
    turns(s, ROUND_ONE[3:4])
    assert shows(s.zone("set_two")) == [4, 4, 5]
    assert s.said()[-1] == "seat 3 takes control of the pot with 13"
    # the 2-3-4 was re-rolled, so it pays nothing; Jenn's set goes on to Jenn
    assert state(s) == {"controller": STACEY, "best": 13, "pot": 1, "coins": [2, 6, 0, 3], "bank": 43,
                        "to_beat": "set_two", "throws_next": "set_one"}


def test_jenn_frank_and_dan_get_coins_from_combos_but_nobody_beats_13():
    s = example_after(4)
    turns(s, ROUND_ONE[4:5])
    assert state(s)["coins"] == [3, 6, 0, 3]                     # Jenn: street 2-3-4, 1 from the bank
    turns(s, ROUND_ONE[5:6])
    assert state(s)["coins"] == [3, 8, 0, 1]                     # Frank: triple 2, 2 from Stacey
    turns(s, ROUND_ONE[6:7])
    assert state(s) == {"controller": STACEY, "best": 13, "pot": 1, "coins": [4, 9, 1, 2], "bank": 38,
                        "to_beat": "set_two", "throws_next": "set_one"}  # Dan: 4-2-0, everyone 1
    assert thrown_sets(s)[4:] == ["set_one", "set_one", "set_one"], "Jenn's set goes round, Stacey's stays"


def play_round_one(s):
    for _, arrange in ROUND_ONE:
        arrange(s)
    s.call("round")
    return s


def test_stacey_keeps_the_pot_until_her_turn_comes_round_wins_it_and_puts_2_on_the_next_pot():
    s = play_round_one(game(start=JENN))
    assert scripts_used_up(s)
    assert [t for t in s.said() if " throws " in t][-1] == "seat 2 throws 2-4-T", "Stacey does not throw again"
    assert "seat 3 kept control of the pot round the table and wins 1 coins" in s.said()
    # "Stacey beginnt die nächste Runde, legt 1 1 aus der Bank auf den POT"; her 4-4-5 lie in front of her
    assert state(s) == {"controller": STACEY, "best": 13, "pot": 2, "coins": [4, 9, 1, 3], "bank": 36,
                        "to_beat": "set_one", "throws_next": "set_two"}
    assert s.var("start_player") == STACEY and s.var("round_over")


# =========================================================================== the example, round two


def stacey_throws_1_5_5_rerolls_the_1_then_pays_and_gets_5_5_5(s):
    throw(s, 1, 5, 5)
    s.script(STACEY, dice(p=1))
    throw(s, 1)
    s.script(STACEY, dice(p=1))
    throw(s, 5)
    s.script(STACEY, to_players(FRANK, DAN))


def jenn_throws_5_5_5_with_the_other_set(s):
    throw(s, 5, 5, 5)
    s.script(JENN, KEEP, to_players(FRANK, DAN))


def frank_throws_3_4_5_and_takes_1_from_stacey_and_jenn(s):
    throw(s, 3, 4, 5)
    s.script(FRANK, KEEP, from_players(JENN, STACEY))


def dan_throws_p_o_t(s):
    throw(s, "P", "O", "T")


ROUND_TWO = [(STACEY, stacey_throws_1_5_5_rerolls_the_1_then_pays_and_gets_5_5_5),
             (JENN, jenn_throws_5_5_5_with_the_other_set),
             (FRANK, frank_throws_3_4_5_and_takes_1_from_stacey_and_jenn), (DAN, dan_throws_p_o_t)]


def round_two_after(n):
    """The example game after round one and the first `n` turns of round two."""
    s = play_round_one(game(start=JENN))
    s.set("controller", None)  # as `phase round` begins a round
    s.set("best", -1)
    s.set("round_over", False)
    return turns(s, ROUND_TWO[:n])


def test_stacey_puts_2_on_the_pot_throws_her_set_1_5_5_pays_1_for_the_last_reroll_and_gets_5_5_5():
    s = round_two_after(0)
    turns(s, ROUND_TWO[:1])
    assert thrown_sets(s)[-1] == "set_two", "she throws the 3 dice lying in front of her"
    assert [e["point"] for e in asked(s, None)][-3:] == ["free_reroll", "paid_reroll", "give_to"]
    assert asked(s, "give_to")[-1]["options"] == [to_players(JENN, FRANK), to_players(JENN, DAN),
                                                  to_players(FRANK, DAN)]
    assert shows(s.zone("set_two")) == [5, 5, 5]
    # she pays 1 onto the pot, takes 5 from the bank, keeps 3 and gives 1 each to Frank and Dan
    assert state(s) == {"controller": STACEY, "best": 15, "pot": 3, "coins": [4, 10, 2, 5], "bank": 31,
                        "to_beat": "set_two", "throws_next": "set_one"}


def test_jenn_throws_5_5_5_with_the_other_set_pays_out_the_same_and_the_tie_leaves_stacey_the_pot():
    s = round_two_after(1)
    turns(s, ROUND_TWO[1:2])
    assert thrown_sets(s)[-1] == "set_one"
    assert state(s) == {"controller": STACEY, "best": 15, "pot": 3, "coins": [7, 11, 3, 5], "bank": 26,
                        "to_beat": "set_two", "throws_next": "set_one"}


def test_frank_throws_3_4_5_and_takes_1_from_stacey_and_jenn():
    s = round_two_after(2)
    turns(s, ROUND_TWO[2:3])
    assert asked(s, "take_from")[-1]["options"] == [
        from_players(JENN, DAN), from_players(JENN, STACEY), from_players(DAN, STACEY), from_bank(1)]
    assert state(s) == {"controller": STACEY, "best": 15, "pot": 3, "coins": [6, 13, 3, 4], "bank": 26,
                        "to_beat": "set_two", "throws_next": "set_one"}


def test_dan_takes_the_dice_throws_p_o_t_takes_2_from_the_bank_1_from_everyone_and_the_pot():
    s = round_two_after(3)
    asked_before = len(asked(s))
    turns(s, ROUND_TWO[3:4])
    assert len(asked(s)) == asked_before, "P-O-T ends the round at once"
    assert thrown_sets(s)[-1] == "set_one", "Dan throws the set Frank threw"
    assert s.var("round_over") and s.var("start_player") == DAN
    # 2 from the bank, 1 each from Jenn, Stacey and Frank, the pot's 3; then 2 from the bank on the next pot
    assert state(s) == {"controller": STACEY, "best": 15, "pot": 2, "coins": [5, 12, 11, 3], "bank": 22,
                        "to_beat": "set_two", "throws_next": "set_one"}


def test_round_two_as_played_ends_with_dans_p_o_t_before_stacey_throws_again():
    s = play_round_one(game(start=JENN))
    for _, arrange in ROUND_TWO:
        arrange(s)
    s.call("round")
    assert scripts_used_up(s)
    said = s.said()
    assert said[said.index("=== Round: seat 3 starts, pot 2, coins: seat 0 has 4, seat 1 has 9, seat 2 has 1, seat 3 has 3 ==="):][-2:] == [
        "seat 2 throws P-O-T!", "seat 2 wins the pot of 3"]
    assert s.var("round_over") and s.var("start_player") == DAN
    assert state(s)["coins"] == [5, 12, 11, 3] and state(s)["pot"] == 2 and state(s)["bank"] == 22


# =========================================================================== setting up


def test_the_player_with_the_highest_roll_off_starts_and_ties_roll_again():
    """Jeder wirft 1 Würfel, der Spieler mit dem höchsten Ergebnis beginnt (a letter counts 0)."""
    s = Scenario(rules(), 4)
    throw(s, 2, 5, 5, "P")  # seats 1 and 2 tie on 5
    throw(s, 3, 4)
    s.call("setup")
    assert s.var("start_player") == 2
    assert s.said()[:2] == ["roll-off (start): seat 0 rolls 2, seat 1 rolls 5, seat 2 rolls 5, seat 3 rolls 0",
                             "roll-off (start): seat 1 rolls 3, seat 2 rolls 4"]


# =========================================================================== streets


def test_street_1_2_3_takes_1_from_the_bank_and_rerolls_the_1_and_3_for_the_final_result():
    s = game()
    throw(s, 1, 2, 3)
    s.script(0, KEEP)
    throw(s, 3, 4)  # the 1 (P-die) shows 3, the 3 (T-die) shows 4: a 2-3-4, which pays nothing more
    s.call("take_turn", 0)
    assert shows(s.zone("set_one")) == [2, 3, 4]
    assert state(s)["coins"] == [4, 3, 3, 3] and state(s)["bank"] == 41
    assert s.var("best") == 9 and points(s) == ["free_reroll"]


def test_street_2_3_4_takes_1_from_the_bank():
    s = game()
    throw(s, 4, 2, 3)
    s.script(0, KEEP)
    s.call("take_turn", 0)
    assert state(s)["coins"] == [4, 3, 3, 3] and state(s)["bank"] == 41 and s.var("best") == 9


def test_street_3_4_5_takes_1_each_from_two_chosen_players():
    s = game()
    throw(s, 5, 3, 4)
    s.script(0, KEEP, from_players(1, 3))
    s.call("take_turn", 0)
    assert asked(s, "take_from")[0]["options"] == [from_players(1, 2), from_players(1, 3), from_players(2, 3),
                                                   from_bank(1)]
    assert state(s)["coins"] == [5, 2, 3, 2] and state(s)["bank"] == 42 and s.var("best") == 12


def test_street_3_4_5_or_takes_1_from_the_bank():
    s = game()
    throw(s, 3, 4, 5)
    s.script(0, KEEP, from_bank(1))
    s.call("take_turn", 0)
    assert state(s)["coins"] == [4, 3, 3, 3] and state(s)["bank"] == 41


# =========================================================================== triples


@pytest.mark.parametrize("choice, coins, bank", [
    (from_players(2, each=2), [5, 3, 1, 3], 42),
    (from_players(1, 3), [5, 2, 3, 2], 42),
    (from_bank(1), [4, 3, 3, 3], 41),
], ids=["2_from_one_player", "1_each_from_two_players", "1_from_the_bank"])
def test_triple_2_takes_2_from_one_player_or_1_from_two_players_or_1_from_the_bank(choice, coins, bank):
    s = game()
    throw(s, 2, 2, 2)
    s.script(0, KEEP, choice)
    s.call("take_turn", 0)
    assert asked(s, "take_from")[0]["options"] == [
        from_players(1, each=2), from_players(2, each=2), from_players(3, each=2),
        from_players(1, 2), from_players(1, 3), from_players(2, 3), from_bank(1)]
    assert state(s)["coins"] == coins and state(s)["bank"] == bank and s.var("best") == 6


def test_triple_3_takes_2_from_the_bank_and_1_from_a_chosen_player():
    s = game()
    throw(s, 3, 3, 3)
    s.script(0, KEEP, from_players(2))
    s.call("take_turn", 0)
    assert asked(s, "take_from")[0]["options"] == [from_players(1), from_players(2), from_players(3)]
    assert state(s)["coins"] == [6, 3, 2, 3] and state(s)["bank"] == 40 and s.var("best") == 9


def test_triple_4_takes_2_from_the_bank_and_1_each_from_two_chosen_players():
    s = game()
    throw(s, 4, 4, 4)
    s.script(0, KEEP, from_players(1, 2))
    s.call("take_turn", 0)
    assert asked(s, "take_from")[0]["options"] == [from_players(1, 2), from_players(1, 3), from_players(2, 3)]
    assert state(s)["coins"] == [7, 2, 2, 3] and state(s)["bank"] == 40 and s.var("best") == 12


def test_triple_5_takes_5_from_the_bank_keeps_3_and_gives_1_each_to_two_chosen_players():
    s = game()
    throw(s, 5, 5, 5)
    s.script(0, KEEP, to_players(2, 3))
    s.call("take_turn", 0)
    assert state(s)["coins"] == [6, 3, 4, 4] and state(s)["bank"] == 37 and s.var("best") == 15


def test_triple_5_at_two_players_keeps_3_gives_1_to_the_other_and_the_fifth_goes_back_to_the_bank():
    """5-5-5: "5 aus der Bank nehmen, 3 behalten und je 1 2 anderen Spielern geben". With one other
    player he gets 1, the thrower keeps 3 (not 4), and the fifth coin goes back to the bank."""
    s = game(players=2)
    throw(s, 5, 5, 5)
    s.script(0, KEEP)
    s.call("take_turn", 0)
    assert state(s)["coins"] == [6, 4] and state(s)["bank"] == 55 - 10 - 1
    assert s.said()[-4:-1] == ["triple 5: seat 0 takes 5 from the bank and keeps 3", "seat 0 gives 1 to seat 1",
                               "seat 0 puts the fifth coin back into the bank: there is no second other player"]


def test_triple_1_pays_3_to_the_bank_ends_the_turn_and_hands_the_same_set_on():
    s = game()
    s.set("controller", 3)
    s.set("best", 4)
    throw(s, 1, 1, 1)
    s.call("take_turn", 0)
    assert points(s) == []
    assert state(s) == {"controller": 3, "best": 4, "pot": 1, "coins": [0, 3, 3, 3], "bank": 45,
                        "to_beat": "set_two", "throws_next": "set_one"}


def test_triple_1_after_the_free_reroll_also_ends_the_turn_at_once():
    s = game()
    throw(s, 1, 1, 4)
    s.script(0, dice(t=4))
    throw(s, 1)
    s.call("take_turn", 0)
    assert points(s) == ["free_reroll"], "no paid re-roll after 1-1-1"
    assert state(s)["coins"] == [0, 3, 3, 3] and s.var("controller") is None


# =========================================================================== P-O-T and the bonus


def test_p_o_t_takes_2_from_the_bank_1_from_each_other_player_and_wins_the_pot_at_once():
    s = game()
    s.set("pot", 4)
    throw(s, "P", "O", "T")
    s.call("take_turn", 0)
    assert points(s) == []
    assert s.var("round_over") and s.var("start_player") == 0
    # 3 + 2 + 3 + 4 = 12; the next pot gets 2 from the bank; his P-O-T set is the one he throws next
    assert state(s) == {"controller": None, "best": -1, "pot": 2, "coins": [12, 2, 2, 2], "bank": 35,
                        "to_beat": "set_two", "throws_next": "set_one"}


def test_p_o_t_after_the_paid_reroll_still_wins_the_pot_and_the_coin_paid_for_it():
    s = game()
    throw(s, 1, "O", "T")
    s.script(0, dice(p=1))
    throw(s, 2)
    s.script(0, dice(p=2))
    throw(s, "P")
    s.call("take_turn", 0)
    assert s.var("round_over")
    # 3 - 1 (onto the pot: 2) + 2 + 3 + 2 (the pot) = 9
    assert state(s)["coins"] == [9, 2, 2, 2] and state(s)["pot"] == 2 and state(s)["bank"] == 38


def test_p_o_t_ends_the_round_against_a_higher_result_and_the_next_player_does_not_throw():
    s = game(players=3)
    throw(s, 5, 5, 4)
    s.script(0, KEEP)
    throw(s, "P", "O", "T")
    s.call("round")
    assert scripts_used_up(s)
    assert [t for t in s.said() if " throws " in t] == [
        "seat 0 throws 4-5-5", "seat 1 throws P-O-T", "seat 1 throws P-O-T!"]
    assert s.var("start_player") == 1
    assert list(s.var("coins")) == [2, 3 + 2 + 2 + 1, 2]
    assert s.var("throws_next") is s.zone("set_two"), "seat 1 starts the next round with his P-O-T set"


def test_bonus_4_2_0_gives_everyone_1_from_the_bank():
    s = game()
    throw(s, "P", 2, 4)
    s.script(0, KEEP)
    s.call("take_turn", 0)
    assert state(s)["coins"] == [4, 4, 4, 4] and state(s)["bank"] == 38 and s.var("best") == 6


# =========================================================================== re-rolls


def test_the_free_reroll_may_take_any_of_the_dice_and_costs_nothing():
    s = game()
    throw(s, 1, 2, 4)
    s.script(0, dice(p=1, t=4), KEEP)
    throw(s, 5, 5)
    s.call("take_turn", 0)
    assert asked(s, "free_reroll")[0]["options"] == [
        KEEP, dice(p=1), dice(o=2), dice(t=4), dice(p=1, o=2), dice(p=1, t=4), dice(o=2, t=4),
        dice(p=1, o=2, t=4)]
    assert shows(s.zone("set_one")) == [2, 5, 5]
    assert state(s)["coins"] == [3, 3, 3, 3] and state(s)["pot"] == 1 and s.var("best") == 12


def test_the_last_reroll_costs_1_coin_onto_the_pot():
    s = game()
    throw(s, 1, 2, 4)
    s.script(0, dice(p=1))
    throw(s, 1)
    s.script(0, dice(p=1))
    throw(s, 5)
    s.call("take_turn", 0)
    assert points(s) == ["free_reroll", "paid_reroll"]
    assert state(s)["coins"] == [2, 3, 3, 3] and state(s)["pot"] == 2 and state(s)["bank"] == 42
    assert s.var("best") == 11


def test_accepting_the_first_throw_scores_it_without_a_paid_reroll():
    """1) accept and score OR re-roll once for free; 2) then pay for a last re-roll."""
    s = game()
    throw(s, 1, 2, 4)
    s.script(0, KEEP)
    s.call("take_turn", 0)
    assert points(s) == ["free_reroll"] and s.var("best") == 7 and state(s)["pot"] == 1


def test_a_player_without_coins_cannot_pay_for_the_last_reroll():
    s = game()
    s.set("coins", 0, 0)
    throw(s, 1, 2, 4)
    s.script(0, dice(p=1))
    throw(s, 3)
    s.call("take_turn", 0)
    assert points(s) == ["free_reroll"] and s.var("best") == 9 and state(s)["pot"] == 1


# =========================================================================== pot control and the dice sets


def test_a_higher_result_takes_control_and_hands_the_other_set_on():
    s = game()
    throw(s, 1, 2, 4)
    s.script(0, KEEP)
    s.call("take_turn", 0)
    throw(s, 5, 4, 5)
    s.script(1, KEEP)
    s.call("take_turn", 1)
    assert s.said()[-1] == "seat 1 takes control of the pot with 14"
    assert state(s)["controller"] == 1 and state(s)["best"] == 14
    assert state(s)["to_beat"] == "set_two" and state(s)["throws_next"] == "set_one"
    assert shows(s.zone("set_two")) == [4, 5, 5] and shows(s.zone("set_one")) == [1, 2, 4]


def test_a_lower_result_hands_the_same_set_to_the_next_player():
    s = game()
    throw(s, 5, 4, 5)
    s.script(0, KEEP)
    s.call("take_turn", 0)
    throw(s, 1, 2, 4)
    s.script(1, KEEP)
    s.call("take_turn", 1)
    throw(s, 3, 3, 4)
    s.script(2, KEEP)
    s.call("take_turn", 2)
    assert thrown_sets(s) == ["set_one", "set_two", "set_two"]
    assert s.said()[-1] == "seat 2 does not beat 14; the dice go on to seat 3"
    assert state(s)["controller"] == 0 and shows(s.zone("set_one")) == [4, 5, 5]


def test_an_equal_result_changes_nothing_but_its_combo_pays():
    s = game()
    throw(s, 1, 4, 4)
    s.script(0, KEEP)
    s.call("take_turn", 0)
    throw(s, 2, 3, 4)
    s.script(1, KEEP)
    s.call("take_turn", 1)
    assert state(s) == {"controller": 0, "best": 9, "pot": 1, "coins": [3, 4, 3, 3], "bank": 41,
                        "to_beat": "set_one", "throws_next": "set_two"}


def test_control_that_lasts_until_the_controllers_next_turn_wins_the_pot():
    s = game(players=3)
    throw(s, 5, 5, 4)
    s.script(0, KEEP)
    throw(s, 1, 2, 4)
    s.script(1, dice(p=1))
    throw(s, 1)
    s.script(1, dice(p=1))
    throw(s, 2)          # 2-2-4 = 8, after paying 1 onto the pot
    throw(s, 1, 2, 4)
    s.script(2, KEEP)
    s.call("round")
    assert scripts_used_up(s)
    assert s.said()[-1] == "seat 0 kept control of the pot round the table and wins 2 coins"
    assert state(s) == {"controller": 0, "best": 14, "pot": 2, "coins": [5, 2, 3], "bank": 43,
                        "to_beat": "set_two", "throws_next": "set_one"}
    assert s.var("start_player") == 0


def test_when_control_passes_the_new_controller_must_keep_it_round_the_table():
    s = game(players=3)
    throw(s, 1, 2, 4)
    s.script(0, KEEP)
    throw(s, 5, 5, 4)
    s.script(1, KEEP)
    throw(s, 1, 2, 4)
    s.script(2, KEEP)
    throw(s, 1, 3, 4)
    s.script(0, KEEP)
    s.call("round")
    assert scripts_used_up(s)
    assert [t for t in s.said() if " throws " in t] == [
        "seat 0 throws 1-2-4", "seat 1 throws 4-5-5", "seat 2 throws 1-2-4", "seat 0 throws 1-3-4"]
    assert s.said()[-1] == "seat 1 kept control of the pot round the table and wins 1 coins"
    assert list(s.var("coins")) == [3, 4, 3] and s.var("start_player") == 1


def test_the_next_round_starts_with_2_coins_on_the_pot_and_the_winners_set():
    s = game(players=3)
    throw(s, 5, 5, 4)
    s.script(0, KEEP)
    throw(s, 1, 2, 4)
    s.script(1, KEEP)
    throw(s, 1, 2, 4)
    s.script(2, KEEP)
    s.call("round")                       # seat 0 wins the 1 coin with set_one
    assert state(s)["pot"] == 2 and state(s)["bank"] == 55 - 10 - 2
    throw(s, 3, 3, 4)
    s.script(0, KEEP)
    throw(s, 1, 2, 4)
    s.script(1, KEEP)
    throw(s, 1, 2, 4)
    s.script(2, KEEP)
    s.call("round")
    assert "=== Round: seat 0 starts, pot 2, coins: seat 0 has 4, seat 1 has 3, seat 2 has 3 ===" in s.said()
    assert thrown_sets(s)[3] == "set_one", "seat 0 throws the set lying in front of him"
    assert list(s.var("coins")) == [6, 3, 3] and state(s)["pot"] == 2


# =========================================================================== the 55 coins


def test_an_empty_bank_pays_nothing():
    s = game()
    s.set("pot", 43)            # 12 coins with the players, 43 on the pot: the bank is empty
    throw(s, 2, 3, 4)
    s.script(0, KEEP)
    s.call("take_turn", 0)
    assert state(s)["coins"] == [3, 3, 3, 3] and state(s)["bank"] == 0
    assert "street 2-3-4: seat 0 takes 0 from the bank (all it held)" in s.said()


def test_a_bank_of_2_gives_the_bonus_4_2_0_to_two_players_only():
    s = game()
    s.set("pot", 41)
    throw(s, 4, 2, "T")
    s.script(0, KEEP)
    s.call("take_turn", 0)
    coins = state(s)["coins"]
    assert state(s)["bank"] == 0 and sum(coins) == 14 and sorted(coins) == [3, 3, 4, 4]
    assert ("bonus 4-2-0: everyone takes 1 from the bank until it is empty; nothing is left for seat 2 and seat 3"
            in s.said())


def test_triple_5_from_a_bank_of_4_keeps_3_and_gives_away_only_1():
    s = game()
    s.set("pot", 39)            # bank 4
    throw(s, 5, 5, 5)
    s.script(0, KEEP, to_players(1))
    s.call("take_turn", 0)
    assert asked(s, "give_to")[0]["options"] == [to_players(1), to_players(2), to_players(3)]
    assert state(s)["coins"] == [6, 4, 3, 3] and state(s)["bank"] == 0
    assert s.said()[-3:-1] == ["triple 5: seat 0 takes 4 from the bank (all it held) and keeps 3",
                               "seat 0 gives 1 to seat 1"]


def test_triple_5_from_a_bank_of_3_says_the_thrower_keeps_3_and_gives_nothing():
    """The transcript says what a short bank pays: 3 taken and kept, nothing given."""
    s = game()
    s.set("pot", 40)            # bank 3
    throw(s, 5, 5, 5)
    s.script(0, KEEP)
    s.call("take_turn", 0)
    assert state(s)["coins"] == [6, 3, 3, 3] and state(s)["bank"] == 0
    assert asked(s, "give_to") == []
    assert "triple 5: seat 0 takes 3 from the bank (all it held) and keeps 3" in s.said()
    assert not [t for t in s.said() if "gives" in t]


def test_an_opening_1_1_1_hands_the_dice_on_without_a_result_to_beat():
    """1-1-1 ends the turn before anyone has a result: nobody 'does not beat -1'."""
    s = game(players=3)
    throw(s, 1, 1, 1)
    s.call("take_turn", 0)
    assert s.said()[-2:] == ["seat 0 throws 1-1-1 and pays 3 to the bank",
                             "seat 0's turn ends on 1-1-1; the dice go on to seat 1"]
    assert not [t for t in s.said() if "does not beat" in t]


def test_a_player_who_cannot_cover_a_payment_pays_what_he_has():
    s = game()
    s.set("coins", 0, 1)
    throw(s, 4, 4, 4)
    s.script(0, KEEP, from_players(1, 2))
    s.call("take_turn", 0)
    assert state(s)["coins"] == [3 + 2 + 1, 0, 2, 3] and state(s)["bank"] == 43
    assert "seat 1 has only 0 to give seat 0" in s.said()


def test_1_1_1_with_2_coins_pays_2():
    s = game()
    s.set("coins", 2, 0)
    throw(s, 1, 1, 1)
    s.call("take_turn", 0)
    assert state(s)["coins"] == [0, 3, 3, 3] and state(s)["bank"] == 45
    assert "seat 0 throws 1-1-1 and must pay 3 to the bank: pays all he holds, 2" in s.said()


def test_the_next_pot_takes_what_is_left_in_the_bank():
    s = game()
    s.set("pot", 42)            # bank 1
    s.call("win_pot", 0)
    assert state(s)["coins"] == [45, 3, 3, 3] and state(s)["pot"] == 1 and state(s)["bank"] == 0


ROUND_LINE = re.compile(r"=== Round: seat \d starts, pot (\d+), coins: ((?:seat \d has \d+(?:, )?)+) ===")


@pytest.mark.parametrize("players", quick_first([2, 5]))
def test_seeded_games_never_hold_more_than_55_coins_or_a_negative_count(players):
    rules_ = rules()
    for seed in range(20):
        log = []
        result = rules_.play(players, seed, random_agents(seed, players), log)
        rounds = [ROUND_LINE.fullmatch(e["text"]) for e in log if e["t"] == "say" and e["text"].startswith("===")]
        assert rounds and all(rounds)
        for m in rounds:
            coins = [int(c) for c in re.findall(r"has (\d+)", m.group(2))]
            assert min(coins) >= 0 and int(m.group(1)) + sum(coins) <= 55
        assert max(result.scores) >= 24 and 0 <= sum(result.scores) <= 55


# =========================================================================== the end of the game


def test_the_game_ends_at_the_end_of_the_round_in_which_someone_has_24_and_most_coins_win():
    s = Scenario(rules(start_coins=22), 2)
    throw(s, 5, 2)               # roll-off: seat 0 starts
    throw(s, 3, 3, 3)            # seat 0: 22 + 2 + 1 from seat 1 = 25, mid-round
    throw(s, 5, 5, 4)            # seat 1 still throws, and takes control with 14
    throw(s, 1, 2, 4)            # seat 0: 7
    s.script(0, KEEP, KEEP)
    s.script(1, KEEP)
    s.call("game")               # seat 1 wins the pot (1): 22
    assert scripts_used_up(s)
    assert sum(t.startswith("=== Round") for t in s.said()) == 1
    assert list(s.var("coins")) == [25, 22]
    assert standings(s)[1] == [0]


def test_a_player_who_drops_below_24_before_the_round_ends_does_not_end_the_game():
    s = Scenario(rules(start_coins=21), 2)
    throw(s, 5, 2)
    throw(s, 3, 3, 3)            # seat 0: 21 + 2 + 1 = 24; seat 1: 20
    throw(s, 3, 4, 5)            # seat 1 takes 1 from seat 0 (23) and control with 12
    throw(s, 1, 2, 4)            # seat 0: 7; seat 1 wins the pot: 22
    throw(s, 4, 4, 4)            # round 2, seat 1: 22 + 2 + 1 = 25
    throw(s, 1, 2, 4)            # seat 0: 7; seat 1 wins the pot of 2: 27
    s.script(0, KEEP, KEEP, KEEP)
    s.script(1, KEEP, from_players(0), KEEP)
    s.call("game")
    assert scripts_used_up(s)
    rounds = [t for t in s.said() if t.startswith("=== Round")]
    assert rounds == ["=== Round: seat 0 starts, pot 1, coins: seat 0 has 21, seat 1 has 21 ===",
                      "=== Round: seat 1 starts, pot 2, coins: seat 0 has 23, seat 1 has 22 ==="]
    assert list(s.var("coins")) == [22, 27]
    assert standings(s)[1] == [1]


def test_a_tie_for_most_coins_is_decided_by_a_sudden_death_roll_off():
    s = Scenario(rules(start_coins=23, first_pot=0), 2)
    throw(s, 5, 2)
    throw(s, 2, 3, 4)            # seat 0: 24, control with 9
    throw(s, 4, 3, 2)            # seat 1: 24, 9 is no higher; seat 0 wins the empty pot
    throw(s, 3, 3)               # sudden death: tied again
    throw(s, "P", 1)             # seat 1 is higher (a letter counts 0)
    s.script(0, KEEP)
    s.script(1, KEEP)
    s.call("game")
    assert list(s.var("coins")) == [24, 24]
    assert s.said()[-3:] == ["roll-off (sudden death): seat 0 rolls 3, seat 1 rolls 3",
                             "roll-off (sudden death): seat 0 rolls 0, seat 1 rolls 1",
                             "seat 1 wins the sudden death"]
    keys, winners = standings(s)
    assert winners == [1] and keys == [(24, 0), (24, 1)]


# =========================================================================== transcript


def test_seeded_three_player_transcript_snapshot(snapshot):
    log = []
    result = rules().play(3, 3, random_agents(3, 3), log)
    assert transcript(log) == snapshot
    assert result.winners == snapshot(name="winners")
