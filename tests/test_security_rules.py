"""No path from rules text to Python's object model (docs/security.md).

Two halves. The walk: every place of the language that takes a name (a declaration of each
kind, a local, a parameter, a loop variable, a lambda's parameter, a record's field, an
attribute read, a named argument) is written with every name Python gives a meaning to (its
built-ins, the dunders and frame and generator attributes of its objects); each program is
either refused with a located error or compiled so that the name appears in the generated
Python no more often than a neutral name does in its place: the rules' name never became a
Python name, attribute or keyword. The attacks: the red team's payloads, which must end in a
located error and never create their marker file.
"""

import ast as python_ast
import builtins
import re
import sys
import types

import pytest

from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.compiling.names import KINDS
from rulesrun.interpreter.lookahead.agents import RandomAgent
from rulesrun.interpreter.running.rules import load_rules

NEUTRAL = "qq"


def _object_names() -> set[str]:
    """Attribute names of the Python objects a running game holds or could reach."""
    def gen():
        yield 1

    frame = sys._getframe()
    objects = [object, type, int, str, list, tuple, dict, range, gen, gen(), frame, frame.f_code,
               types.SimpleNamespace(), lambda: 0, len, property(), staticmethod(len)]
    try:
        raise ValueError
    except ValueError as error:
        objects.append(error.__traceback__)
    return {name for thing in objects for name in dir(thing)}


PYTHON_NAMES = sorted(set(dir(builtins)) | _object_names() | {"system", "popen", "os", "sys", "subprocess", "g"})

# Each program has the name N in its places; the game runs a few decisions at most.
TEMPLATES = {
    "locals": """\
game "walk"
players 2..2
var got per player = 0
proc pick(N):
    let r = {N: N, k: 1}
    let f = N => N + 1
    for N in 1..2:
        got[0] += N
    let xs = [N for N in 1..3 if N > 1]
    repeat 2 as N:
        got[1] += N
    return f(r.N) + len(xs) + r.k
phase game:
    got[0] += pick(1)
    let ys = sorted([{N: 2}, {N: 1}], key = N => N.N)
    got[1] += ys[0].N
score by N: got[N]
value by N: got[N]
""",
    "keyword": """\
game "walk"
players 2..2
var got per player = 0
phase game:
    got[0] += len(sorted([2, 1], N = 1))
score by p: got[p]
""",
    "param": """\
game "walk"
players 2..2
param N = 3
var got per player = 0
phase game:
    got[0] += N
score by p: got[p]
""",
    "var": """\
game "walk"
players 2..2
var N per player = 0
phase game:
    N[0] += 1
score by p: N[p]
""",
    "zone and die": """\
game "walk"
players 2..2
die N faces 1..6
zone cup per player
phase game:
    for p in players:
        create N x 2 owned by p into cup[p]
        roll cup[p]
score by p: facesum(cup[p])
""",
    "zone": """\
game "walk"
players 2..2
die d faces 1..6
zone N per player
phase game:
    for p in players:
        create d x 2 owned by p into N[p]
score by p: facesum(N[p])
""",
    "card": """\
game "walk"
players 2..2
card N values 1 x 3, 2 x 3
zone deck
zone hand per player
phase game:
    create deck N into deck
    shuffle deck
    for p in players:
        deal 2 from deck into hand[p]
score by p: facesum(hand[p])
""",
    "imaginary": """\
game "walk"
players 2..2
imaginary N "ghost"
var got per player = 0
phase game:
    got[0] += len(owners)
score by p: got[p]
""",
    "event": """\
game "walk"
players 2..2
var got per player = 0
event N(N)
on N(N) when N == 0:
    got[N] += 1
phase game:
    emit N(0)
score by p: got[p]
""",
    "proc": """\
game "walk"
players 2..2
var got per player = 0
proc N(N):
    got[N] += 1
phase game:
    N(0)
score by p: got[p]
""",
    "phase": """\
game "walk"
players 2..2
var got per player = 0
phase N:
    got[0] += 1
before N:
    got[1] += 1
after N:
    got[1] += 1
phase game:
    N()
score by p: got[p]
""",
    "move": """\
game "walk"
players 2..2
var got per player = 0
point N "Which?"
move N(N in 1..2) for N:
    got[player] += N
forbid N when N == 9
phase game:
    for p in players:
        play N by p
score by p: got[p]
""",
    "kind of part": """\
game "walk"
players 2..2
var got per player = 0
event e(N, q)
kind N in play when N != none
N bonus "X"
var v = 1 reset on e
card c values 1 x 3
zone deck
phase game:
    create deck c into deck
    emit e(bonus, 0)
    got[0] += len([b for b in N if b.name == "bonus"]) + len(deck)
after game while in play:
    got[1] += v
score by p: got[p]
""",
    "total": """\
game "walk"
players 2..2
var got per player = 0
total N(N): got[N]
term N(N): 1
phase game:
    got[0] += 1
score by p: N(p)
""",
}


def _load(tmp_path, template: str, name: str):
    path = tmp_path / f"walk_{abs(hash((template, name)))}.rules"
    path.write_text(re.sub(r"\bN\b", name, TEMPLATES[template]))
    try:
        return load_rules(str(path)), None
    except RulesError as error:
        return None, error


def _python_uses(source: str, name: str) -> int:
    """How often `name` stands in generated Python where Python resolves it: a name, an
    attribute, a keyword, a parameter, a function's name, or a string given to a getter or to
    the record type's attributes."""
    count = 0
    for node in python_ast.walk(python_ast.parse(source)):
        if isinstance(node, python_ast.Name) and node.id == name \
                or isinstance(node, python_ast.Attribute) and node.attr == name \
                or isinstance(node, python_ast.keyword) and node.arg == name \
                or isinstance(node, python_ast.arg) and node.arg == name \
                or isinstance(node, (python_ast.FunctionDef, python_ast.ClassDef)) and node.name == name:
            count += 1
        if isinstance(node, python_ast.Call) and isinstance(node.func, python_ast.Name) \
                and node.func.id in ("attrgetter", "getattr", "setattr", "record_type"):
            resolved = node.args[1:] if node.func.id == "record_type" else node.args
            count += sum(isinstance(c, python_ast.Constant) and c.value == name
                         for arg in resolved for c in python_ast.walk(arg))
    return count


def _forms(rules) -> list[str]:
    """The generated source of every form of the rules (rules.py compiles them on demand)."""
    for pausing in (True, False):
        for books in (True, False):
            rules.form(pausing=pausing, books=books)
    return [source.text() for source in rules._sources.values()]


def _walk(tmp_path, names) -> list[str]:
    """Every name and place where a rules name reached Python, as messages; refusals must be located."""
    leaks = []
    baselines = {}
    for template in TEMPLATES:
        rules, error = _load(tmp_path, template, NEUTRAL)
        assert error is None or template == "keyword", (template, error)
        baselines[template] = _forms(rules) if rules else []
    for name in names:
        for template in TEMPLATES:
            rules, error = _load(tmp_path, template, name)
            if error is not None:
                assert re.search(r"\.rules:\d+:\d+", str(error)), (template, name, str(error))
                continue
            for form, baseline in zip(_forms(rules), baselines[template]):
                if _python_uses(form, name) > _python_uses(baseline, name):
                    leaks.append(f"{template}: `{name}` became a Python name")
            try:
                rules.play(2, 1, [RandomAgent("1:0"), RandomAgent("1:1")])
            except RulesError as error:
                assert re.search(r"\.rules:\d+:\d+", str(error)), (template, name, str(error))
    return leaks


def test_every_template_runs_with_a_neutral_name(tmp_path):
    for template in TEMPLATES:
        rules, error = _load(tmp_path, template, NEUTRAL)
        if template == "keyword":
            assert error is not None and "has no option" in str(error)
            continue
        assert error is None, (template, error)
        assert rules.play(2, 1, [RandomAgent("1:0"), RandomAgent("1:1")]).scores is not None


def test_the_walk_would_see_a_leak():
    """The measure finds a rules name that is written into Python as it stands."""
    assert _python_uses("x.format\nattrgetter('format')\nrec0 = record_type(('format',), ('format',))", "format") == 3
    assert _python_uses("x.fd_format\nrec0 = record_type(('format',), ('fd_format',))", "format") == 0


SAMPLE = ["__globals__", "__class__", "__builtins__", "__import__", "format", "system", "gi_frame", "f_globals",
          "f_back", "tb_frame", "mro", "eval", "exec", "open", "getattr", "globals", "len", "g", "count", "fields"]
# The quick run's share of SAMPLE: a dunder, a frame's field, a method of a value and a record's
# field; the slow test walks the rest with every Python name.
QUICK_SAMPLE = ["__globals__", "f_globals", "format", "fields"]


def test_python_names_in_every_place_never_become_python_names(tmp_path):
    assert _walk(tmp_path, QUICK_SAMPLE) == []


@pytest.mark.slow
def test_every_python_name_in_every_place_never_becomes_a_python_name(tmp_path):
    assert _walk(tmp_path, sorted({*PYTHON_NAMES, *SAMPLE})) == []


def test_generated_tags_hold_no_field_attribute_of_python():
    """`fd_` marks a record's field: no kind of generated name is a prefix Python's objects use."""
    assert not any(name.startswith(f"{kind}_") for kind in KINDS for name in _object_names() | set(dir(builtins)))


MARKER = "MARKER"

ATTACKS = {
    "a lambda's globals through a record's decoy field": """\
game "attack"
players 2..2
proc decoy():
    return {__globals__: 0, system: 0}
phase game:
    let f = x => x
    let b = f.__globals__["__builtins__"]
    b["__import__"]("os").system("touch MARKER")
score by p: 0
""",
    "the same with the name reached through a parameter": """\
game "attack"
players 2..2
proc decoy():
    return {globals_: 0, builtins_: 0}
proc reach(v):
    return v.globals_
var got = 0
phase game:
    got = reach(x => x)
score by p: 0
""",
    "text's format method through a field named format": """\
game "attack"
players 2..2
proc decoy():
    return {format: 0}
proc fmt(t, v):
    let f = t.format
    return f(v)
var got = 0
phase game:
    got = len(fmt("{{0.__globals__}}", x => x))
score by p: got
""",
    "a keyword into a lambda": """\
game "attack"
players 2..2
phase game:
    let f = x => x
    say "{f(x = 1)}"
score by p: 0
""",
    "a generator's frame": """\
game "attack"
players 2..2
proc decoy():
    return {gi_frame: 0, f_globals: 0}
proc asks(p):
    return choose(p, "which", [1, 2])
var got = 0
phase game:
    let x = asks(0)
    got = x.gi_frame
score by p: got
""",
}


@pytest.mark.parametrize("attack", ATTACKS)
def test_an_attack_ends_in_a_located_error_and_runs_nothing(tmp_path, monkeypatch, attack):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "attack.rules"
    path.write_text(ATTACKS[attack])
    with pytest.raises(RulesError) as raised:
        rules = load_rules(str(path))
        rules.play(2, 1, [RandomAgent("1:0"), RandomAgent("1:1")])
    assert re.search(r"attack\.rules:\d+:\d+", str(raised.value))
    assert not (tmp_path / MARKER).exists()
