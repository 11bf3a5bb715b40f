"""The small things rules files ask for (#18): `append` and `add`, `min`/`max` of several
values, `list(zone)`, records with named fields, `assert`, `nobody wins when`, and kinds that
another file's rule sweeps up. Each statement runs in both compiled forms: the pausing one
(a game driven through `rules.start`/`game.play`) and the closed one (`rules.play`)."""

import pytest

from helpers import random_agents, rules_from_text
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.running.rules import load_rules

TALLY = """
game "Tally"
players 2..3
param bonus = [0, 5] "Added to seat 1."
var seen = []
var cash per player = 0
var best = 0
zone pile
die d6 faces 1..6

phase game:
    create d6 x 3 into pile
    for p in players:
        turn p:
            let pick = choose(p, "how much", [1, 2])
            add pick to cash[p]
            add bonus[1] if p == 1 else 0 to cash[p]
            append pick to seen
            let mine = []
            append p to mine
            append len(mine) to seen
    let copy = list(pile)
    put pile into pile
    append len(copy) to seen
    best = max(cash[0], cash[1], 3)
    add min(1, 2, 3) + min([4, 5]) to best

score by p: cash[p], len(seen)
"""


def test_append_and_add_in_the_pausing_form(tmp_path):
    rules = rules_from_text(tmp_path, TALLY)
    game = rules.start(players=2, seed=1)
    game.play(1)  # seat 0 takes 2
    game.play(0)  # seat 1 takes 1, plus 5
    assert game.over
    assert game.keys == [(2, 5), (6, 5)]
    played = game.view().vars
    assert played["seen"] == [2, 1, 1, 1, 3] and played["best"] == 6 + 1 + 4


def test_append_and_add_in_the_closed_form(tmp_path):
    rules = rules_from_text(tmp_path, TALLY)
    result = rules.play(2, 1, random_agents(1, 2))
    assert [k[1] for k in result.keys] == [5, 5]
    assert result.keys[1][0] - result.keys[0][0] in (4, 5, 6)


def test_append_to_a_param_is_refused(tmp_path):
    with pytest.raises(RulesError, match="cannot assign to param `bonus`"):
        rules_from_text(tmp_path, TALLY.replace("append pick to seen", "append pick to bonus"))


def test_add_text_is_refused(tmp_path):
    with pytest.raises(RulesError, match="`add` needs a number, not text"):
        rules_from_text(tmp_path, TALLY.replace("add pick to cash[p]", 'add "x" to cash[p]'))


RECORDS = """
game "Tiles"
players 2..2
param tiles = [{kind: "jetons", n: 2}, {kind: "money", n: 40000}] "The tiles."
var got per player = 0
var last_tile = none

phase game:
    for p in players:
        turn p:
            let tile = choose(p, "tile", tiles)
            last_tile = {kind: tile.kind, n: tile.n}
            if tile.kind == "jetons":
                add tile.n * 10000 to got[p]
            else:
                add tile.n to got[p]
            say "{name(p)} takes {tile}"

score by p: got[p]
"""


def test_records_read_by_field_in_both_forms(tmp_path):
    rules = rules_from_text(tmp_path, RECORDS)
    game = rules.start(players=2, seed=3)
    assert [str(o) for o in game.decision.options] == ["{kind: jetons, n: 2}", "{kind: money, n: 40000}"]
    game.play(0)
    game.play(1)
    assert game.scores == [20000, 40000]
    assert game.view().vars["last_tile"] == rules.start(players=2, seed=3, answers=[1, 1]).view().vars["last_tile"]
    assert any("seat 1 takes {kind: money, n: 40000}" in str(e.get("text")) for e in game.log)
    assert sorted(rules.play(2, 3, random_agents(3, 2)).scores[0:1])[0] in (20000, 40000)


def test_a_misspelled_field_is_a_located_error(tmp_path):
    with pytest.raises(RulesError) as error:
        rules_from_text(tmp_path, RECORDS.replace('tile.kind == "jetons"', 'tile.knd == "jetons"'))
    message = error.value.render()
    assert "no piece or record has `.knd`" in message and "did you mean `kind`" in message and ":13:16:" in message


def test_a_field_given_twice_is_refused(tmp_path):
    with pytest.raises(RulesError, match="field `kind` is given twice"):
        rules_from_text(tmp_path, RECORDS.replace('{kind: "jetons", n: 2}', '{kind: "jetons", kind: 2}'))


SETTINGS = """
game "Rounds"
players 2..4
param rounds = 3 "Rounds."
param per_round = [1, 2, 3][num_players - 2] "Coins a round."
var coins per player = 0
assert rounds >= 1, "rounds must be at least 1, not {rounds}"
assert per_round < 3, "too many coins a round"

phase game:
    repeat rounds:
        for p in players:
            assert coins[p] < 4, "{name(p)} holds too many coins"
            add per_round to coins[p]

score by p: coins[p]
"""


def test_a_top_level_assert_refuses_a_setting_at_load_time(tmp_path):
    path = tmp_path / "rounds.rules"
    path.write_text(SETTINGS.replace("param per_round = [1, 2, 3]", "param per_round = [1, 2, 2]"))
    with pytest.raises(RulesError) as error:
        load_rules(path, params={"rounds": "-1"})
    message = error.value.render()
    assert "rounds.rules:7:1: error: rounds must be at least 1, not -1" in message
    assert "--set rounds=-1" in message and "assert rounds >= 1" in message


def test_a_top_level_assert_names_the_player_counts_it_fails_for(tmp_path):
    path = tmp_path / "rounds.rules"
    path.write_text(SETTINGS)
    rules = load_rules(path)  # it holds for other player counts: only the count it fails for is refused
    with pytest.raises(RulesError, match=r"too many coins a round \(4 players\)"):
        rules.start(players=4, seed=1)
    with pytest.raises(RulesError, match=r"\(4 players\)"):
        rules.check_players(4)


def test_an_assert_in_a_rule_is_a_located_play_error(tmp_path):
    path = tmp_path / "rounds.rules"
    path.write_text(SETTINGS.replace("param per_round = [1, 2, 3]", "param per_round = [2, 2, 2]"))
    rules = load_rules(path)
    for play in (lambda: rules.play(2, 1, random_agents(1, 2)), lambda: rules.start(players=2, seed=1)):
        with pytest.raises(Exception) as error:
            play()
        assert "rounds.rules:13:13" in str(error.value) and "seat 0 holds too many coins" in str(error.value)


NOBODY = """
game "Bust"
players 2..2
var total per player = 0
nobody wins when all([total[p] > 3 for p in players])

phase game:
    for p in players:
        turn p:
            add choose(p, "roll", [2, 5]) to total[p]

score by p: total[p]
"""


def test_nobody_wins_when_its_condition_holds(tmp_path):
    rules = rules_from_text(tmp_path, NOBODY)
    game = rules.start(players=2, seed=1, answers=[1, 1])
    assert game.over and game.scores == [5, 5] and game.winners == []
    assert rules.start(players=2, seed=1, answers=[0, 1]).winners == [1]
    assert game.log[-1]["winners"] == []
    assert rules.play(2, 1, random_agents(1, 2)).winners in ([], [0], [1], [0, 1])


def test_a_kind_another_file_sweeps_up_cannot_be_made_elsewhere(tmp_path):
    (tmp_path / "base.rules").write_text("""
game "Base"
players 2..2
die extra faces 1..6
zone tray
include "sweeper.rules"
phase game:
    create extra x 2 into tray
score by p: 0
""")
    (tmp_path / "sweeper.rules").write_text("""
after game:
    for d in pieces(extra):
        put d into tray
""")
    (tmp_path / "newcomer.rules").write_text("""
zone mine
after game:
    create extra x 1 into mine
""")
    load_rules(tmp_path / "base.rules")
    with pytest.raises(RulesError) as error:
        load_rules(tmp_path / "base.rules", fragments=[tmp_path / "newcomer.rules"])
    message = error.value.render()
    assert "newcomer.rules:4:5: error: `extra` is a kind of" in message
    assert "sweeper.rules:3:14: note: every `extra` is taken here" in message


ONE_LINERS = """
game "Short"
players 2..2
var n per player = 0

phase game:
    for p in players:
        turn p:
            let pick = choose(p, "pick", [1, 2, 3])
            if pick == 1: add 10 to n[p]
            elif pick == 2: add 20 to n[p]
            else: add 30 to n[p]
            for k in 1..2: add k to n[p]

after game: add 100 to n[0]

score by p: n[p]
"""


def test_a_block_of_one_simple_statement_stands_on_its_openers_line_in_both_forms(tmp_path):
    rules = rules_from_text(tmp_path, ONE_LINERS)
    game = rules.start(players=2, seed=1)
    game.play(0)
    game.play(2)
    assert game.scores == [113, 33]
    assert rules.play(2, 1, random_agents(1, 2)).scores[0] in (113, 123, 133)


def test_the_effects_analyses_know_append_add_and_assert(tmp_path):
    """A procedure that appends to its own list is still pure (remembered); one that adds to a
    var is not; an `assert` reads its operands only, so a list it looks at stays the rule's own."""
    from rulesrun.dsl.compose import compose
    from rulesrun.interpreter.compiling.ownership import own_locals
    from rulesrun.interpreter.compiling.purity import pure_procs

    path = tmp_path / "pure.rules"
    path.write_text("""
var total = 0
proc doubled(xs):
    let out = []
    for x in xs: append 2 * x to out
    assert out, "nothing to double"
    return out
proc counted(x):
    add x to total
    return total
""")
    parts = compose(path).parts
    assert pure_procs(parts) == {"doubled"}
    assert "out" in own_locals(parts["doubled"].params, parts["doubled"].body).lists


LOOKED_AHEAD = """
game "Collect"
players 2..2
var seen per player = []
var shared = []

phase game:
    repeat 3:
        for p in players:
            turn p:
                play pick by p

move take(k in [1, 2, 3]) for pick:
    append k to seen[player]
    append k to shared
    add k to seen[player][0]

value by p: sum(seen[p])
score by p: sum(seen[p])
"""


def test_a_look_ahead_takes_back_what_append_and_add_changed(tmp_path):
    """Greedy tries every option on the game itself and goes back: the lists end as played."""
    from rulesrun.interpreter.lookahead.agents import make_agent

    rules = rules_from_text(tmp_path, LOOKED_AHEAD)
    game = rules.start(players=2, seed=4, agents=[make_agent("greedy", 4, p) for p in range(2)])
    played = game.view().vars
    assert len(played["shared"]) == 6 and [len(played["seen"][p]) for p in range(2)] == [3, 3]
    assert played["shared"] == [3] * 6 and played["seen"][0] == [12, 3, 3]


BRACES = '''
game "Braces"
players 2..3
var opened per player = "{"
var closed[1..2] = "}{"
var plain = "{x}y"
zone pile per player
phase game:
    say "{opened[0]} {closed[1]} {plain}"
score by p: 0
'''


@pytest.mark.parametrize("pausing", [True, False])
def test_a_vars_text_may_hold_braces_of_every_shape(tmp_path, pausing):
    """A var's first value is written into the code each shape makes (one, one per owner, one
    per member) as a value, never as a template: `"{"` once ended in a Python ValueError while
    the rules were compiled (found by tests/test_fuzz.py)."""
    rules = rules_from_text(tmp_path, BRACES.replace('"{x}y"', '"{" + "x}y"'))
    log: list = []
    if pausing:
        game = rules.start(2, 1)
        log = game.log
    else:
        rules.play(2, 1, random_agents(1, 2), log=log)
    assert [e["text"] for e in log if e["t"] == "say"] == ["{ }{ {x}y"]
