"""Checkpoints keep the vars at the first change the compiled rules announce: every way a rule
can change a var (by name, through a local or a parameter holding its list, by extending an
item) must be announced, and a local's list of its own need not be (interpreter/compiling/ownership.py)."""

from __future__ import annotations

import copy

import pytest

from rulesrun.dsl import ast
from rulesrun.interpreter.compiling.ownership import own_locals
from rulesrun.dsl.parser import parse_text
from rulesrun.interpreter.lookahead.checkpoint import Checkpoint
from rulesrun.interpreter.running.values import Fixed, ParamChanged, fixed
from rulesrun.interpreter.testing.scenario import Scenario

from tests.helpers import rules_from_text

RULES = '''
game "Aliases"
players 2..2

var kept per player = [0]
var count = 0
var grid = [[1, 2], [3]]

phase game:
    pass

score by p: count

proc by_name():
    count += 2

proc through_a_local(p):
    let mine = kept[p]
    mine[0] = 9

proc extending_through_a_local(p):
    let mine = kept[p]
    mine += [5]

proc bump(xs):
    xs[0] += 1

proc through_a_parameter(p):
    bump(kept[p])

proc own_list_stored_then_changed(p):
    let fresh = [0, 0]
    kept[p] = fresh
    fresh[0] = 7

proc extending_an_item(p):
    let items = [kept[p]]
    items[0] += [4]

proc through_a_row():
    let row = grid[0]
    row[1] += 10

proc deep(p):
    kept[p][0] = 8

proc own_list_only(p):
    let total = [0, 0]
    total[p] += count
    total += [1]
    return total
'''

CHANGES = ["by_name", "through_a_local", "extending_through_a_local", "through_a_parameter",
           "own_list_stored_then_changed", "extending_an_item", "through_a_row", "deep"]


@pytest.fixture(scope="module")
def rules(tmp_path_factory):
    return rules_from_text(tmp_path_factory.mktemp("aliases"), RULES)


def variables(game) -> tuple:
    return copy.deepcopy((game.v_kept, game.v_count, game.v_grid))


@pytest.mark.parametrize("procedure", CHANGES)
def test_every_way_of_changing_a_var_is_put_back(rules, procedure):
    s = Scenario(rules, players=2)
    s.call("game")
    before = variables(s.game)
    here = Checkpoint(s.game)
    try:
        args = () if procedure in ("by_name", "through_a_row") else (1,)
        s.call(procedure, *args)
        assert variables(s.game) != before
        here.restore(s.game)
        assert variables(s.game) == before
    finally:
        here.close()
    assert not s.game.open


def test_a_local_list_of_its_own_changes_no_var_and_is_not_announced(rules):
    s = Scenario(rules, players=2)
    s.call("game")
    before = variables(s.game)
    assert s.call("own_list_only", 1) == [0, 0, 1]
    assert variables(s.game) == before
    text = rules.source.text()
    body = text[text.index("def pr_own_list_only"):].split("\ndef ")[0]
    assert "vars_changing" not in body
    assert "vars_changing" in text[text.index("def pr_bump"):].split("\ndef ")[0]


def owned(rule_text: str):
    proc = next(d for d in parse_text(rule_text, "probe.rules").items if isinstance(d, ast.Proc))
    return own_locals(proc.params, proc.body)


@pytest.mark.parametrize(("body", "lists", "flat"), [
    ("let t = [0 for p in players]\n    t[0] += 1\n    return t", {"t"}, {"t"}),
    ("let t = [[0], [1]]\n    t[0] = 3", {"t"}, set()),
    ("let t = [0]\n    t[0] = x", {"t"}, set()),
    ("let t = [0]\n    t[0] = x.face", {"t"}, {"t"}),
    ("let t = [0]\n    keep(t)", set(), set()),
    ("let t = [0]\n    let u = t", set(), set()),
    ("let t = [0]\n    let u = [t]", {"u"}, set()),
    ("let t = [0]\n    let u = t or [1]", set(), set()),
    ("let t = [0]\n    emit seen(t)", set(), set()),
    ("let t = first(x)", set(), set()),
    ("let t = sorted(x)\n    t[0] = 1", {"t"}, set()),
    ("let t = [0]\n    t = x", set(), set()),
    ("let t = [0]\n    t += x", {"t"}, set()),
    ("let t = [0]\n    for u in t:\n        pass\n    return len(t)", {"t"}, {"t"}),
    ("let first = y => y\n    let t = [0]\n    let u = first(t)", set(), set()),
    ("for t in x:\n        pass", set(), set()),
])
def test_which_locals_hold_lists_of_their_own(body, lists, flat):
    result = owned(f'game "P"\nproc probe(x):\n    {body}\n')
    assert (set(result.lists), set(result.flat)) == (lists, flat)


def test_a_parameter_is_never_a_list_of_its_own():
    assert owned('game "P"\nproc probe(x):\n    x[0] = 1\n').lists == frozenset()


def test_a_params_list_is_fixed_and_makes_new_lists_freely():
    """Checkpoints never keep a param's lists, so nothing may change one in place."""
    track = fixed([[1, 2], (3, [4])])
    assert type(track) is Fixed and type(track[0]) is Fixed and type(track[1][1]) is Fixed
    assert track == [[1, 2], (3, [4])]
    assert type(track + [5]) is list and type(track[:1]) is list and type(sorted(track[0])) is list
    changes = [lambda: track.append(1), lambda: track.__setitem__(0, 1), lambda: track[0].__iadd__([3]),
               lambda: track.pop(), lambda: track[1][1].clear(), lambda: track.sort()]
    for change in changes:
        with pytest.raises(ParamChanged):
            change()
    assert track == [[1, 2], (3, [4])]
