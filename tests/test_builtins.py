"""The table of built-ins (dsl/builtins.py) against their implementations (interpreter/running/builtins.py).

Every fact the analyses and the compiler read from a record is checked on a sample call:
its implementation exists with the declared arguments, an answer flagged a number is one,
a built-in flagged pure touches nothing of the game but its fixed parameters. And no other
module keeps a list of built-in names of its own, so the table stays the only one.
"""

import ast as python_ast
import builtins as python_builtins
import inspect
import random
import re

import pytest

from helpers import ROOT, random_agents, rules_from_text
from rulesrun.dsl.builtins import AS_FIRST, BUILTINS, LIST, MAY, NEVER, NUMBER, PLAIN, TEXT, TUPLE
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.running.builtins import implementation
from rulesrun.interpreter.running.budget import Budget
from rulesrun.interpreter.running.values import Kind, Piece

DIE = Kind("d", (1, 2, 3), (1, 2, 3), 1, True)
HEAVY = Kind("w", (1, 2), (1, 2), 2, True)
PIECES = [Piece(DIE, 0, 0, 0), Piece(DIE, 1, 2, 1), Piece(HEAVY, None, 1, 2), Piece(DIE, 0, 2, 3)]

# One sample call per built-in: its arguments (without the game); those that count their work
# against the game's budget (`combinations`) go past budget.SHORT items.
SAMPLES = {
    "len": ([1, 2, 3],), "sum": ([1, 2, 3],), "max": ([[1], [3], [2]],), "min": ([[3], [1], [2]],),
    "abs": (-3,), "sorted": ([3, 1, 2],), "zip": ([1, 2, 3], ["a", "b"]), "count": ([1, 2, 1], 1),
    "any": ([0, 1],), "all": ([1, 1],), "distinct": ([1, 2, 1],), "first": ([[1], [2]],), "last": ([[1], [2]],),
    "faces": (PIECES,), "weight": (PIECES,), "facesum": (PIECES,), "highest": (PIECES,), "owned": (PIECES, 0),
    "showing": (PIECES, 3), "owners_of": (PIECES,), "by_owner": (PIECES,), "of_kind": (PIECES, DIE),
    "pieces": (DIE,), "left": (2,), "right": (0,), "name": (1,), "is_player": (3,),
    "choose": (1, "which", [[1], [2]]), "view": (), "chance": (0.5,), "random_int": (1, 6),
    "combinations": (list(range(12)), 2), "without": ([[i] for i in range(9)], [[i] for i in range(8)]), "shuffled": ([1, 2, 3],), "list": ([1, 2, 3],), "tuple": ([1, 2, 3],),
    "join": ([1, 2, 3], "; "), "plural": (2, "die", "dice"),
}

# What a game's attributes are, for `RecordingGame`; BUDGET: what a built-in counts its work in
# (interpreter/running/budget.py), which changes no answer.
FIXED, STATE, CHANCE, ASKING = {"n", "names"}, {"pieces_by_kind", "code"}, {"random", "rng", "explicit"}, {"decide"}
BUDGET = {"steps", "step_budget", "budget"}


class RecordingGame:
    """A game that notes which of its attributes a built-in reads."""

    def __init__(self):
        rng = random.Random(1)
        self.read = set()
        self._values = {"n": 3, "names": ["seat 0", "seat 1", "seat 2", "bank"], "rng": rng, "random": rng.random,
                        "explicit": None,
                        "pieces_by_kind": {"d": [p for p in PIECES if p.kind is DIE]}, "decide": _first_option,
                        "code": {"VIEW": lambda g: ["a line of the table"]},
                        "steps": 0, "step_budget": 1000, "budget": Budget()}

    def __getattr__(self, name):
        if name not in self._values:
            raise AttributeError(name)
        self.read.add(name)
        return self._values[name]


def _first_option(player, label, options, secret, resume=None, asked=None):
    return options[0]


def _call(builtin, args, game):
    function = implementation(builtin.name)
    return function(game, *args) if builtin.game else function(*args)


def test_every_built_in_has_a_sample_call():
    assert set(SAMPLES) == set(BUILTINS), "add a sample call of the new built-in to SAMPLES"


@pytest.mark.parametrize("name", list(BUILTINS))
def test_the_implementation_takes_the_declared_arguments(name):
    builtin = BUILTINS[name]
    function = implementation(name)
    if builtin.python:
        assert function is getattr(python_builtins, name) and builtin.python_name == name and not builtin.game
        return
    # Ours, or a C function of Python's library taken as it is (`b_count` is `operator.countOf`).
    assert function.__name__ == builtin.python_name or inspect.isbuiltin(function)
    params = list(inspect.signature(function).parameters.values())
    if builtin.game:
        assert params[0].name == "g"
        params = params[1:]
    required = [p for p in params if p.default is inspect.Parameter.empty]
    assert len(required) == builtin.low and len(params) >= builtin.high
    assert set(builtin.keywords) <= {p.name for p in params[builtin.high:]}
    # An asking built-in returns the option, or runtime.PAUSE for the compiled rules to take the
    # driver's answer from `g.paused()`: no built-in is a generator.
    assert not inspect.isgeneratorfunction(function)


@pytest.mark.parametrize("name", list(BUILTINS))
def test_the_flags_hold_on_a_sample_call(name):
    builtin, args = BUILTINS[name], SAMPLES[name]
    game = RecordingGame()
    result = _call(builtin, args, game)
    assert game.read <= FIXED | STATE | CHANCE | ASKING | BUDGET
    assert builtin.game == bool(game.read), "a built-in that takes the game uses it"
    assert builtin.draws == bool(game.read & CHANCE)
    assert builtin.asks == bool(game.read & ASKING)
    assert builtin.reads == bool(game.read & STATE)
    assert builtin.pure == (game.read <= FIXED | BUDGET)
    if builtin.returns == NUMBER:
        assert type(result) in (int, float)
    elif builtin.returns == TEXT:
        assert type(result) is str
    elif builtin.returns == PLAIN:
        assert not isinstance(result, (list, dict))
    elif builtin.returns == LIST:
        assert type(result) is list and not any(result is arg for arg in args)
    elif builtin.returns == TUPLE:
        assert type(result) is tuple
    else:
        # Not flagged fresh only where the answer may be held elsewhere: an item of an argument.
        assert any(result is item for arg in args if isinstance(arg, list) for item in arg)


def _repeats(items) -> bool:
    items = list(items)
    return any(a == b for i, a in enumerate(items) for b in items[i + 1:])


@pytest.mark.parametrize("name", [name for name, builtin in BUILTINS.items() if builtin.repeats != MAY])
def test_an_answer_said_to_repeat_nothing_holds_no_two_equal_items(name):
    """`repeats`: a decision point whose values come from such a built-in merges no options
    (interpreter/compiling/moves.py). Where it repeats nothing only as its first argument does,
    the sample's first argument repeats nothing; where never, the sample's does (`distinct`,
    `faces` of two dice showing 3, `owners_of` of two of seat 0's pieces)."""
    builtin, args = BUILTINS[name], SAMPLES[name]
    assert builtin.repeats in (NEVER, AS_FIRST)
    if builtin.repeats == AS_FIRST:
        assert not _repeats(args[0])
    elif name != "pieces":
        assert _repeats(args[0]) or _repeats(p.face for p in args[0]) or _repeats(p.owner for p in args[0])
    assert not _repeats(_call(builtin, args, RecordingGame()))


@pytest.mark.parametrize("name", [name for name, builtin in BUILTINS.items() if builtin.inline])
def test_an_inlined_built_in_computes_what_its_implementation_does(name):
    """The expression written in place of a call (`inline`) uses each argument once, and answers
    what the implementation answers, on every seat and imaginary player of a game (and fails
    alike on an argument that is no owner)."""
    builtin = BUILTINS[name]
    args = [f"a{i}" for i in range(builtin.high)]
    code = builtin.inline.format(*args)
    assert all(code.count(arg) == 1 for arg in args)
    for owner in (0, 1, 2, 3):
        game = RecordingGame()
        expected = _call(builtin, (owner,), RecordingGame())
        assert eval(code, {"g": game, "a0": owner}) == expected
        # A whole expression, whatever surrounds it.
        assert eval(f"10 * {code}", {"g": game, "a0": owner}) == 10 * expected
    for mistake in ("x", None):
        with pytest.raises(TypeError):
            eval(code, {"g": RecordingGame(), "a0": mistake})
        with pytest.raises(TypeError):
            _call(builtin, (mistake,), RecordingGame())


@pytest.mark.parametrize("name", [name for name, builtin in BUILTINS.items() if builtin.one_pass])
def test_a_one_pass_built_in_answers_the_same_for_an_iterator(name):
    builtin, args = BUILTINS[name], SAMPLES[name]
    assert _call(builtin, (iter(args[0]),) + args[1:], RecordingGame()) == _call(builtin, args, RecordingGame())


def _spelled_name_sets(path):
    """Literal sets, tuples, lists and dict keys in a Python file that spell 3 or more built-in names,
    and strings that spell an implementation's prefix (`f"g_{name}"`, `"... g_choose(g, "`)."""
    found = []
    for node in python_ast.walk(python_ast.parse(path.read_text())):
        if isinstance(node, (python_ast.Set, python_ast.Tuple, python_ast.List)):
            items = node.elts
        elif isinstance(node, python_ast.Dict):
            items = node.keys
        elif isinstance(node, python_ast.Constant) and isinstance(node.value, str) \
                and re.search(r"(^|[^\w.])[bg]_\w*(\(|$)", node.value):
            found.append(f"{path.name}:{node.lineno}: {node.value!r}")
            continue
        else:
            continue
        names = sorted({item.value for item in items if isinstance(item, python_ast.Constant) and item.value in BUILTINS})
        if len(names) >= 3:
            found.append(f"{path.name}:{node.lineno}: {names}")
    return found


@pytest.mark.slow
def test_only_the_table_lists_built_in_names():
    paths = [path for folder in ("dsl", "interpreter", "cli") for path in sorted((ROOT / folder).glob("*.py"))]
    assert len(paths) > 20
    found = [line for path in paths if path != ROOT / "dsl" / "builtins.py" for line in _spelled_name_sets(path)]
    assert found == [], "read the fields of dsl/builtins.py's records instead"


def test_the_scan_finds_a_set_of_names_and_a_prefix(tmp_path):
    path = tmp_path / "analysis.py"
    path.write_text('SIDE = frozenset({"choose", "chance", "random_int"})\nPAIR = ("len", "sum")\n'
                    'def python_name(name):\n    """Not `b_weight`: the docs may name one."""\n'
                    '    return f"g_{name}" + " = yield from g_choose(g, "\n')
    assert sorted(_spelled_name_sets(path)) == [
        "analysis.py:1: ['chance', 'choose', 'random_int']", "analysis.py:5: ' = yield from g_choose(g, '",
        "analysis.py:5: 'g_'"]


def test_a_function_handed_to_an_inlined_procedure_is_no_built_in(tmp_path):
    # One-line procedures are inlined; their parameters, even one named like a built-in, are
    # what the call hands them.
    rules = rules_from_text(tmp_path, """
game "apply"
players 2..2
var total = 0
proc apply(f, x):
    return f(x)
proc size(len, x):
    return len(x)
proc by_key(len, xs):
    return sorted(xs, key=y => len(y))[0]
phase game:
    let minus = y => 0 - y
    total = apply(y => y + 1, 3) + size(minus, 5) + by_key(minus, [1, 2])
score by p: total
""")
    assert rules.play(2, 1, random_agents(1, 2)).scores == [1, 1]


@pytest.mark.parametrize("name", [name for name, builtin in BUILTINS.items() if builtin.number])
def test_the_checker_knows_a_number_built_in_answers_a_number(tmp_path, name):
    args = ", ".join(["[1]"] * BUILTINS[name].low)
    with pytest.raises(RulesError, match="between text and a number"):
        rules_from_text(tmp_path, f"""
game "typed"
players 2..2
var total = 0
phase game:
    say "total: " + {name}({args})
score by p: total
""")
