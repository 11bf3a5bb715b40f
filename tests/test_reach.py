"""Which hidden zones a rule can read (interpreter/compiling/reach.py): followed through procedures, events,
hooks and decision points, and every zone that may be held somewhere else is read by all."""

from __future__ import annotations

import pytest

from rulesrun.dsl import ast
from rulesrun.interpreter.compiling.reach import Reach
from rulesrun.interpreter.running.rules import load_rules

from tests.helpers import rules_from_text
from tests.test_agents import RULESETS, rules_of

HEAD = '''
game "Reach"
players 2..2

card number values 1, 2, 3
zone deck hidden
zone hand per player hidden
zone table
var kept = none
var points per player = 0

event drawn(p)

phase game:
    create deck number into deck
    shuffle deck
    round()

phase round:
    turn 0:
        play pick by 0
        play draw by 0

score by p: points[p]
'''

MOVES = '''
move keep(n in [1, 2]) for pick:
    points[player] += n

move look(n in [1, 2]) for pick:
    points[player] += len(table)

move draw_now() for draw:
    deal 1 from deck into table

move tell(n in [1, 2]) for pick:
    emit drawn(player)

on drawn(p):
    top_up(p)

proc top_up(p):
    deal 1 from deck into hand[p]

move next_round(n in [1, 2]) for pick:
    round()

move show(n in [1, 2]) for pick:
    points[player] += len(hand[player]) + count([c.value for c in hand[player]], n)
'''


def reach_of(tmp_path, text: str, *moves: str) -> dict[str, frozenset]:
    program = rules_from_text(tmp_path, text).program
    reach = Reach(program)
    return {move.name: reach.of(move.body) for move in program.moves if move.name in moves}


def test_a_move_reaches_the_hidden_zones_it_names_and_those_of_what_it_sets_going(tmp_path):
    reach = reach_of(tmp_path, HEAD + MOVES, "keep", "look", "draw_now", "tell", "next_round", "show")
    assert reach["keep"] == reach["look"] == frozenset()
    assert reach["draw_now"] == {"deck"}
    # Through the event's handler and the procedure it calls.
    assert reach["tell"] == {"deck", "hand"}
    # Through a phase: it plays `pick` and `draw`, whose moves reach both.
    assert reach["next_round"] == {"deck", "hand"}
    # A per-owner zone read in place by built-ins.
    assert reach["show"] == {"hand"}


def test_hooks_and_forbids_are_followed(tmp_path):
    text = HEAD + MOVES + '''
move rest(n in [1, 2]) for pick:
    bonus()

phase bonus:
    points[0] += 1

after bonus:
    deal 1 from deck into table

forbid draw_now when len(hand[0]) > 3
'''
    assert reach_of(tmp_path, text, "rest")["rest"] == {"deck"}
    assert Reach(rules_from_text(tmp_path, text).program).of([ast.Play("draw", ast.Literal(0))]) == {"deck", "hand"}


PROCS = '''
proc count_in(z):
    return len(z) + len([c for c in z if c.value > 1])

proc keep_it(z):
    kept = z

proc hand_on(z):
    keep_it(z)

proc counter_of(z):
    kept = x => len(z) + x

proc again(z, n):
    if n > 0:
        again(z, n - 1)
    return len(z)
'''


@pytest.mark.parametrize("escape", [
    "kept = deck",
    "let mine = hand[0]\n    points[0] += len(mine)",
    "points[0] += len([deck, table])",
    "points[0] += len([c.zone for c in table])",
    "let last = z => z\n    kept = last(deck)",
    "keep_it(deck)",
    "hand_on(hand[1])",
    "counter_of(deck)",
])
def test_a_zone_held_elsewhere_is_within_every_reach(tmp_path, escape):
    text = HEAD + MOVES + PROCS + f'''
after round:
    {escape}
'''
    reach = reach_of(tmp_path, text, "keep")["keep"]
    escaped = "hand" if "hand" in escape else "deck"
    assert escaped in reach
    if "zone" in escape:
        assert reach == {"deck", "hand"}


def test_a_zone_handed_to_a_procedure_that_only_reads_it_stays_where_it_is_named(tmp_path):
    text = HEAD + MOVES + PROCS + '''
after round:
    points[0] += count_in(deck) + count_in(hand[0])
'''
    assert reach_of(tmp_path, text, "keep")["keep"] == frozenset()


@pytest.mark.parametrize("kept_function", ["x => len(deck) + x", "x => count_deck(x)"])
def test_a_function_kept_in_a_var_takes_its_reach_along(tmp_path, kept_function):
    """`keep` calls whatever `kept` holds, which reads the deck where the function was written."""
    text = HEAD + MOVES.replace("points[player] += n\n", "let f = kept\n    points[player] += f(n)\n", 1) + f'''
after round:
    kept = {kept_function}

proc count_deck(x):
    return len(deck) + x
'''
    assert reach_of(tmp_path, text, "keep")["keep"] == {"deck"}


def test_a_procedure_that_hands_the_zone_to_itself_counts_as_holding_it(tmp_path):
    """Worked out on the safe side: the answer for the call is not known while it is sought."""
    text = HEAD + MOVES + PROCS + '''
after round:
    points[0] += again(deck, 2)
'''
    assert reach_of(tmp_path, text, "keep")["keep"] == {"deck"}


@pytest.mark.slow  # every shipped ruleset compiled
def test_the_shipped_rulesets_read_no_hidden_zone_in_a_placement_but_a_deal_on_demand_does():
    classic = rules_of("classic")
    assert classic.hidden_reach[classic.moves["place"]] == ()
    royale = rules_of("royale")
    assert all(zones == () for zones in royale.hidden_reach.values())
    # lasvegas2012 hands its deck to `deal_to_minimum`, which only deals from it, between rounds.
    dealt = load_rules(str(RULESETS / "lasvegas2012.rules"))
    assert dealt.hidden_reach[dealt.moves["place"]] == ()


def test_rules_know_whether_any_move_reads_a_hidden_zone(tmp_path):
    """A look-ahead at a move asks which zones to draw anew only if some move can read one."""
    assert rules_from_text(tmp_path, HEAD + MOVES).moves_reach_hidden
    only_open = HEAD + MOVES.split("move draw_now")[0] + "move draw_now() for draw:\n    points[player] += 1\n"
    assert not rules_from_text(tmp_path, only_open, "open").moves_reach_hidden
    assert not rules_of("classic").moves_reach_hidden
