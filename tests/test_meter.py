"""The per-rule meter measures the score only after something it reads may have changed
(interpreter/compiling/scored.py), and reports exactly what measuring around every firing would."""

from __future__ import annotations

import pytest

from helpers import RULESETS, quick_first, random_agents, rules_from_text
from rulesrun.dsl.compose import compose
from rulesrun.interpreter.compiling.scored import by_seat, scored
from rulesrun.interpreter.lookahead.agents import make_agent
from rulesrun.interpreter.running import runtime
from rulesrun.interpreter.running.meter import Meter, report_order
from rulesrun.interpreter.running.rules import load_rules

SHIPPED = [("classic.rules", ()), ("lasvegas.rules", ()), ("royale.rules", ()), ("pot.rules", ()),
           ("grosser_wurf.rules", ()), ("lasvegas2012.rules", ("variants/bandit.rules", "variants/kicker.rules"))]


def _reports(rules, seeds, agents):
    return [rules.play(4, seed, agents(seed), meter=True).rules for seed in seeds]


@pytest.mark.parametrize(("ruleset", "fragments"), quick_first(SHIPPED))
def test_the_report_is_what_measuring_every_firing_gives(monkeypatch, ruleset, fragments):
    rules = load_rules(RULESETS / ruleset, [RULESETS / f for f in fragments])
    seeds = range(6)
    settled = []
    settle = Meter.settle
    monkeypatch.setattr(Meter, "settle", lambda meter, g, tally: settled.append(1) or settle(meter, g, tally))

    def agents(seed):
        return [make_agent("greedy" if p == 0 else "random", seed, p) for p in range(4)]

    lazy = _reports(rules, seeds, agents)
    measured_lazily, settled[:] = len(settled), []
    # Every flag test names every seat: the meter measures every seat around every firing, as it
    # did before it kept a flag (and before the flag named seats).
    monkeypatch.setattr(runtime.Game, "score_changed", property(lambda g: -1, lambda g, value: None),
                        raising=False)
    assert _reports(rules, seeds, agents) == lazy
    # (POT and Der große Wurf run every rule in phases: nothing is metered there.)
    assert len(settled) > 2 * measured_lazily or not any(lazy)


def test_what_the_shipped_scores_read():
    assert scored(compose(RULESETS / "classic.rules")) == (frozenset({"won"}), frozenset())
    assert scored(compose(RULESETS / "royale.rules")) == (frozenset({"won"}), frozenset({"cash", "jetons"}))
    assert scored(compose(RULESETS / "pot.rules")) == (frozenset(), frozenset({"coins"}))


HEADER = """\
game "pick"
players 2..2
zone table
zone kept per player
die d6 faces 1..6
"""


@pytest.mark.parametrize(("declarations", "score", "zones"), [
    ("", "len(kept[p])", frozenset({"kept"})),
    # every d6 wherever it lies: no zone can vouch for it
    ("", "len(pieces(d6))", None),
    # a piece's zone leads anywhere
    ("", "len([d for d in kept[p] if d.zone == table])", None),
    # a var that may hold a piece, whose face a roll anywhere may turn
    ("var best = none\n", "best.face if best != none else 0", None),
    # a var of numbers only: the zones read stay the only ones
    ("var bonus per player = 0\n", "bonus[p] + sum([d.face for d in kept[p]])", frozenset({"kept"})),
])
def test_what_a_score_reads(tmp_path, declarations, score, zones):
    path = tmp_path / "pick.rules"
    keep = "    best = first(table)\n" if "best" in declarations else "    bonus[0] += 1\n" if declarations else ""
    path.write_text(HEADER + declarations + f"""
phase game:
    create d6 x 2 into table
    roll table
{keep}    put first(table) into kept[0]

score by p: {score}
""")
    assert scored(compose(path))[0] == zones


def test_a_change_through_a_var_holding_a_piece_is_still_paid(tmp_path):
    """A die kept in a var turns in a zone the score never names: the meter still sees the change."""
    rules = rules_from_text(tmp_path, HEADER + """var best = none

phase game:
    create d6 x 1 into table
    best = first(table)
    best.face = 1
    play turn_die by 0

move turn_die(f in [6]) for turn_die:
    best.face = f

score by p: best.face if p == 0 else 0
""")
    report = rules.play(2, 1, random_agents(1, 2), meter=True).rules
    assert report["move turn_die"] == {"fired": 1, "paid": 5, "moved": 0, "asked": 0}


def _by_seat(path) -> bool:
    program = compose(path)
    return by_seat(program, scored(program)[0])


def test_the_shipped_scores_read_each_seats_own():
    """Where seat p's key reads only `X[p]`, the flag names seats and the meter measures those."""
    assert _by_seat(RULESETS / "classic.rules")
    assert _by_seat(RULESETS / "royale.rules")
    assert _by_seat(RULESETS / "pot.rules")
    # `eliminated[p] if p not in in_game ...`: `in_game` is every seat's
    assert not _by_seat(RULESETS / "grosser_wurf.rules")


@pytest.mark.parametrize(("declarations", "score", "own"), [
    ("", "len(kept[p])", True),
    ("var bonus per player = 0\n", "bonus[p] + len(kept[p])", True),
    ("proc mine(q):\n    return len(kept[q])\n", "mine(p)", True),
    # another seat's zone
    ("", "len(kept[p]) - len(kept[left(p)])", False),
    ("", "len(kept[0])", False),
    ("", "len(table)", False),
    # a procedure handed on as a value may be called with any seat
    ("proc mine(q):\n    return len(kept[q])\n", "sum(map(mine, players)) - mine(p)", False),
    # the seat's name bound anew on the way
    ("", "len([1 for p in players for d in kept[p]])", False),
    ("proc mine(q):\n    let q = 0\n    return len(kept[q])\n", "mine(p)", False),
    # a procedure's parameter that is not the seat
    ("proc mine(q, r):\n    return len(kept[r])\n", "mine(p, 0)", False),
])
def test_when_a_score_reads_each_seats_own(tmp_path, declarations, score, own):
    path = tmp_path / "pick.rules"
    path.write_text(HEADER + declarations + f"""
phase game:
    create d6 x 2 into table
    put first(table) into kept[0]

score by p: {score}
""")
    assert _by_seat(path) == own


def test_a_change_marks_the_seat_whose_key_it_may_change(tmp_path):
    """`bonus[q] += 1` and a put into `kept[q]` mark seat q alone; a `+=` that extends a list in
    place marks every seat (another seat's entry may hold the same list), and the report is what
    measuring every seat gives."""
    source = HEADER + """var bonus per player = 0
var rows per player = []

phase game:
    create d6 x 3 into table
    for q in players:
        play take by q

move take(d in table) for take:
    put d into kept[player]
    bonus[player] += d.face
    rows[player] += [d.face]

score by p: bonus[p] + len(kept[p]) + len(rows[p])
"""
    rules = rules_from_text(tmp_path, source)
    code = rules.source.text()
    # `bonus` holds numbers only: no check at run time
    assert "g.v_bonus[l_player] += l_d.face\n    g.score_changed |= g.seat_bits[l_player]\n" in code
    assert "g.score_changed |= g.seat_bits[l_player] if type(g.v_rows[l_player]) is not list else -1" in code
    assert "Zone('kept' + '[' + g.names[_o] + ']', 1 << _o)" in code
    report = rules.play(2, 3, random_agents(3, 2), meter=True)
    assert report.rules["move take"]["paid"] == sum(report.scores)


def test_a_list_changed_in_place_through_another_var_is_still_paid(tmp_path):
    """`rows[0] = pool` makes seat 0's entry the very list `pool` holds: growing `pool` in place
    changes seat 0's key, and the move that grows it is paid for it."""
    rules = rules_from_text(tmp_path, HEADER + """var pool = []
var rows per player = []

phase game:
    rows[0] = pool
    play grow by 0

move grow(n in [1, 2]) for grow:
    append n to pool

score by p: len(rows[p])
""")
    report = rules.play(2, 1, random_agents(1, 2), meter=True).rules
    assert report["move grow"] == {"fired": 1, "paid": 1, "moved": 0, "asked": 0}


def test_the_report_lists_the_rules_that_fired_by_name_whatever_their_numbers():
    """The compiled rules number the metered rules as they meet them; a report lists those that
    fired in the order of their names, with the order worked out once (`report_order`) or by
    the meter itself."""
    rules = ("move place", "bonus: on placed", "after scoring", "bonus: on paid")
    for order in (None, report_order(rules)):
        meter = Meter(None, rules, order)
        for index, counts in ((0, [3, 10, 5, 2]), (1, [1, 0, 0, 0]), (3, [2, 4, 0, 0])):
            meter.tallies[index][:] = counts
        report = meter.to_json()
        assert list(report) == ["bonus: on paid", "bonus: on placed", "move place"]
        assert report["move place"] == {"fired": 3, "paid": 10, "moved": 5, "asked": 2}
        assert report["bonus: on placed"] == {"fired": 1, "paid": 0, "moved": 0, "asked": 0}
        assert meter.tallies[2] == [0, 0, 0, 0] and meter.tallies[0] is not meter.tallies[2]
