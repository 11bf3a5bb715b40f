"""The per-rule meter measures the score only after something it reads may have changed
(interpreter/compiling/scored.py), and reports exactly what measuring around every firing would."""

from __future__ import annotations

import pytest

from helpers import RULESETS, random_agents, rules_from_text
from rulesrun.dsl.compose import compose
from rulesrun.interpreter.compiling.scored import scored
from rulesrun.interpreter.lookahead.agents import make_agent
from rulesrun.interpreter.running import runtime
from rulesrun.interpreter.running.meter import Meter
from rulesrun.interpreter.running.rules import load_rules

SHIPPED = [("classic.rules", ()), ("lasvegas.rules", ()), ("royale.rules", ()), ("pot.rules", ()),
           ("grosser_wurf.rules", ()), ("lasvegas2012.rules", ("variants/bandit.rules", "variants/kicker.rules"))]


def _reports(rules, seeds, agents):
    return [rules.play(4, seed, agents(seed), meter=True).rules for seed in seeds]


@pytest.mark.parametrize(("ruleset", "fragments"), SHIPPED)
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
    # Every flag test true: the meter measures around every firing, as it did before it kept a flag.
    monkeypatch.setattr(runtime.Game, "score_changed", property(lambda g: True, lambda g, value: None),
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
