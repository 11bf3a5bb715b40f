"""A name a designer writes never meets a name the compiler makes (interpreter/compiling/names.py): a
procedure `X_rule` beside a procedure `X` that asks is its own procedure, not `X`'s body."""

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from helpers import random_agents, rules_from_text
from rulesrun.dsl.check import check
from rulesrun.dsl.compose import compose
from rulesrun.interpreter.running import operations
from rulesrun.interpreter.compiling.compiler import generate, namespace
from rulesrun.interpreter.compiling.names import KINDS
from rulesrun.interpreter.running.runtime import Game

ASKS_AND_SHADOW = """\
game "collide"
players 2..2
var got per player = 0
phase game:
    for p in players:
        X(p)
proc X(p):
    let c = choose(p, "pick", [1, 2])
    got[p] += c
proc X_rule(p):
    got[0] += 100
score by p: got[p]
"""


def test_a_procedure_named_like_the_rule_form_of_another_stays_its_own(tmp_path):
    rules = rules_from_text(tmp_path, ASKS_AND_SHADOW)
    scores = rules.play(2, 1, random_agents(1, 2)).scores
    assert all(1 <= score <= 2 for score in scores), scores


# Pieces of names that look like what the compiler adds: suffixes, indexes, roles.
PIECES = ["x", "rule", "after0", "0", "1", "10", "R", "A0", "RA0", ""]
NAME = st.builds(lambda base, pieces: "_".join([base] + pieces), st.sampled_from(["x", "y"]),
                 st.lists(st.sampled_from(PIECES), max_size=3))


def _program(kinds: dict) -> str:
    """Every name declared as its kind; procedures and handlers ask, phases have hooks, so
    every derived function (rule forms, rests after a choose, hooks, handler bodies) is made."""
    lines = ['game "names"', "players 2..2", "var got per player = 0", "phase game:", "    for p in players:"]
    for name, kind in kinds.items():
        lines.append({"proc": f"        {name}(p)", "phase": f"        {name}()", "event": f"        emit {name}(p)"}[kind])
    for name, kind in kinds.items():
        if kind == "proc":
            lines += [f"proc {name}(p):", '    let a = choose(p, "a", [1, 2])', "    got[p] += a",
                      '    let b = choose(p, "b", [1, 2])', "    got[p] += b"]
        elif kind == "phase":
            lines += [f"phase {name}:", "    got[0] += 1", f"before {name}:", '    let a = choose(0, "a", [1, 2])',
                      f"after {name}:", "    got[1] += 1"]
        else:
            lines += [f"event {name}(q)", f"on {name}(q):", '    let a = choose(q, "a", [1, 2])', "    got[q] += a",
                      f"on {name}(q) when q == 0:", "    got[q] += 1"]
    lines.append("score by p: got[p]")
    return "\n".join(lines) + "\n"


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@example({"x": "proc", "x_rule": "proc"})
@example({"x": "phase", "x_rule": "phase"})
@example({"x": "proc", "x_rule_after0": "proc"})
@example({"x": "event", "x_0": "event"})
@given(st.dictionaries(NAME, st.sampled_from(["proc", "phase", "event"]), min_size=1, max_size=5))
def test_no_two_generated_functions_share_a_name(tmp_path_factory, kinds):
    path = tmp_path_factory.mktemp("names") / "names.rules"
    path.write_text(_program(kinds))
    program = check(compose(path))
    for pausing in (True, False):
        defined = re.findall(r"^def (\w+)", generate(program, pausing=pausing).text(), re.M)
        assert len(defined) == len(set(defined)), sorted(n for n in defined if defined.count(n) > 1)


def test_no_name_outside_the_scheme_looks_like_one_in_it(tmp_path):
    """What generated code calls, and what a game holds before the rules add theirs, never has a
    kind's tag before its first `_`."""
    game = Game(rules_from_text(tmp_path, ASKS_AND_SHADOW), 2, 1, None, None, 100)
    game_attributes = set(vars(game)) | set(dir(Game))
    for name in set(namespace(operations.EXPORTS)) | game_attributes:
        assert name.partition("_")[0] not in KINDS or "_" not in name, name
