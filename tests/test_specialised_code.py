"""The code generator writes cheaper code where the program says what an operand is: a `put` or
`roll` of a named zone calls the operation for a zone's pile, `faces` and `showing` are written
out as comprehensions, and a decision point of one move calls it directly. Each plays exactly
as the general form does, with books kept (look-aheads) or not, metered or not."""

from __future__ import annotations

import pytest

from helpers import RULESETS, random_agents, rules_from_text
from rulesrun.interpreter.lookahead.agents import make_agent
from rulesrun.interpreter.running import operations

GAME = """\
game "piles"
players 2..3
die d6 faces 1..6
zone cup per player
zone tray per player
zone kept per player

phase game:
    for p in players:
        create d6 x 5 owned by p into cup[p]
    repeat 3:
        for p in players:
            turn p:
                play start by p

move throw() for start:
    put cup[player] into tray[player]
    roll tray[player]
    play keep by player
    put tray[player] into cup[player]

move keep(f in faces(tray[player])) for keep:
    put showing(tray[player], f) into kept[player]

score by p: sum([d.face for d in kept[p]])
"""


def test_a_named_zone_is_put_and_rolled_as_a_pile(tmp_path):
    source = rules_from_text(tmp_path, GAME).source.text()
    assert "put_pile(g, g.z_cup[l_player], g.z_tray[l_player])" in source
    assert "roll_pile(g, g.z_tray[l_player])" in source
    # a list of pieces is not a zone: the general put
    assert "put(g, [_p for _p in g.z_tray[l_player] if _p.face == l_f], g.z_kept[l_player])" in source
    assert "sorted({_p.face for _p in g.z_tray[l_player]})" in source
    assert "mv_keep(g, l_player, *_args)" in source


@pytest.mark.parametrize("meter", [False, True])
@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_the_pile_operations_play_as_the_general_ones(tmp_path, monkeypatch, meter, agent):
    rules = rules_from_text(tmp_path, GAME)
    agents = [make_agent(agent, 3, p) for p in range(3)] if agent == "greedy" else random_agents(3, 3)
    fast = rules.play(3, 3, agents, log=[], meter=meter)
    # The same rules with the pile operations replaced by the general ones, in every namespace.
    for names in rules._namespaces.values():
        monkeypatch.setitem(names, "put_pile", names["put"])
        monkeypatch.setitem(names, "roll_pile", names["roll"])
    agents = [make_agent(agent, 3, p) for p in range(3)] if agent == "greedy" else random_agents(3, 3)
    general = rules.play(3, 3, agents, log=[], meter=meter)
    assert fast == general
    assert any(event["t"] == "roll" and event["zone"] == "tray[seat 0]" for event in fast.log)


def test_a_metered_game_credits_moves_and_decisions_to_the_innermost_rule(tmp_path):
    rules = rules_from_text(tmp_path, GAME)
    result = rules.play(2, 5, random_agents(5, 2), log=[], meter=True)
    rolls = [event["faces"] for event in result.log if event["t"] == "roll"]
    choices = [event for event in result.log if event["t"] == "decide" and event["point"] == "keep"]
    kept = sum(faces.count(int(choice["options"][choice["choice"]][len("keep("):-1]))
               for faces, choice in zip(rolls, choices))
    # `throw` moves the dice in and out of the tray and asks where to keep; `keep` moves what it keeps.
    assert result.rules["move throw"] == {"fired": 6, "paid": 0, "moved": 2 * sum(map(len, rolls)) - kept,
                                          "asked": sum(len(c["options"]) > 1 for c in choices)}
    assert result.rules["move keep"] == {"fired": 6, "paid": result.rules["move keep"]["paid"], "moved": kept,
                                         "asked": 0}
    assert result.rules["move keep"]["paid"] == sum(result.scores)


def test_put_pile_into_itself_moves_nothing():
    zone = operations.Zone("z")
    operations.put_pile(_Game(), zone, zone)
    assert list(zone) == []


class _Game:
    meter = None
    score_changed = False


@pytest.mark.parametrize("ruleset", ["classic.rules", "royale.rules", "grosser_wurf.rules"])
def test_both_forms_share_one_analysis_and_write_what_their_own_would(ruleset):
    """`analyse` runs once per program for both compiled forms (compiling/analysis.py): the code
    is the same as each form working its analyses out alone."""
    from rulesrun.dsl.compose import compose
    from rulesrun.interpreter.compiling.analysis import analyse
    from rulesrun.interpreter.compiling.compiler import generate

    program = compose(RULESETS / ruleset)
    shared = analyse(program)
    for pausing in (True, False):
        assert generate(program, pausing, shared).text() == generate(program, pausing).text()
