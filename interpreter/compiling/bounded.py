"""Which parameters and locals of a rule hold something bounded: a pass over them needs no count.

The game's budget counts every pass of every loop and comprehension clause, except a first
clause that goes through something bounded anyway (the seats, one zone, a short range, or what
a built-in makes of one of these no longer than it: `Expressions._bounded`). Two more names
are bounded so, where the compiler can prove it:

- a procedure's parameter that every call of the procedure gives a zone (`zone_params`, a
  greatest fixpoint over the calls: a parameter handed on as another's argument gives a zone
  where it is one), and that the procedure never binds again. A zone cannot grow but by the
  operations, which the pieces budget bounds (`+=` on one fails: values.Zone).
  `ranking(pieces, key)` is called with `field[c]` and with `dice`, a parameter of
  `pay(dice, prizes)` that is always `field[c]`: `by_owner(pieces)` is as bounded as a zone.
- a local bound once by a `let` to something bounded, or to a comprehension of one clause over
  something bounded (no longer than it), and then only read (`steady_locals`): never bound
  again, grown (`+=`, `append`), or handed on to anything that could grow it.

    let scored = [(key(mine), o) for o, mine in by_owner(pieces)]     # bounded, if pieces is
    return [o for k, o in sorted(scored, desc = true) if ...]         # a pass not counted

A procedure named anywhere but as the callee of a call (handed on as a function) has no such
parameter: not every call of it can be seen. The same fixpoint finds the parameters every call
gives a function whose answer is cheap to compare (`cheap_functions`: `mine => weight(mine)`).
"""

from __future__ import annotations

from collections import Counter

from ...dsl import ast
from ...dsl.builtins import BUILTINS, NUMBER, PLAIN
from .ownership import handed_on
from .purity import bound_names


def calls(program) -> tuple[list, set]:
    """Every call of a procedure in `program`, as (the calling procedure or None, the names the
    caller binds, the call), and the procedures named other than as a callee: what `zone_params`
    and `cheap_functions` go through (gathered once for both)."""
    procs = {d.name: d for d in program.of_kind(ast.Proc)}
    rules = [(None, root) for root in roots(program)] + [(proc, proc) for proc in procs.values()]
    found, named = [], set()
    for proc, root in rules:
        nodes = list(ast.walk(root))
        local = bound_names(nodes) | rule_params(root)
        callees = {id(node.func) for node in nodes if isinstance(node, ast.Call)}
        for node in nodes:
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in procs \
                    and node.func.id not in local:
                found.append((proc, local, node))
            elif isinstance(node, ast.Name) and node.id in procs and id(node) not in callees:
                named.add(node.id)
    return found, named


def zone_params(program, gathered=None) -> dict[str, frozenset[str]]:
    """For each procedure, the parameters that every call gives a zone (see the module docstring);
    `gathered`: `calls(program)`, if gathered already."""
    zones = {name: decl for name, decl in program.parts.items() if isinstance(decl, ast.Zone)}
    return _given(program, lambda arg, local, found: _zone(arg, zones, local, found), gathered)


def cheap_functions(program, gathered=None) -> dict[str, frozenset[str]]:
    """For each procedure, the parameters that every call gives a function whose answer is cheap
    to compare (a number, a truth: `mine => weight(mine)`, `_cheap_answer`), or a parameter of
    its own that is one: where the procedure calls it (`key(mine)`), a comparison with the answer
    needs no count of what it goes through (Expressions._cheap)."""
    parts = frozenset(program.parts)
    return _given(program, lambda arg, local, found: isinstance(arg, ast.Lambda)
                  and _cheap_answer(arg.body, local | {arg.param} | parts)
                  or isinstance(arg, ast.Name) and found is not None and arg.id in found, gathered)


def _given(program, given, gathered=None) -> dict[str, frozenset[str]]:
    """For each procedure, the parameters of which `given(argument, the caller's locals, the
    caller's parameters found so far)` holds at every call: a greatest fixpoint over the calls.
    A procedure named anywhere but as a callee, or a parameter it binds again, has none."""
    procs = {d.name: d for d in program.of_kind(ast.Proc)}
    every_call, named = gathered or calls(program)
    found = {name: set(decl.params) - rebound(decl) if name not in named else set() for name, decl in procs.items()}
    changed = True
    while changed:
        changed = False
        for caller, local, call in every_call:
            params = found[call.func.id]
            for param, arg in zip(procs[call.func.id].params, call.args):
                if param in params and not given(arg, local, found.get(caller.name) if caller else None):
                    params.discard(param)
                    changed = True
            for param in procs[call.func.id].params[len(call.args):]:
                params.discard(param)
    return {name: frozenset(params) for name, params in found.items()}


def _cheap_answer(body, hidden: frozenset) -> bool:
    """Whether a function's body always answers something cheap to compare, whatever its
    parameter: a number or truth (a built-in that answers one, not hidden by a name of
    `hidden`), a literal, or a tuple of these."""
    if isinstance(body, (ast.Literal, ast.Compare, ast.InOp, ast.NotIn, ast.NotOp, ast.Negate)):
        return True
    if isinstance(body, ast.Binary):
        return body.op in ("-", "/", "//", "**") or _cheap_answer(body.left, hidden) and _cheap_answer(body.right, hidden)
    if isinstance(body, ast.Tuple):
        return all(_cheap_answer(item, hidden) for item in body.items)
    if isinstance(body, ast.Conditional):
        return _cheap_answer(body.then, hidden) and _cheap_answer(body.orelse, hidden)
    return isinstance(body, ast.Call) and body.func.id in BUILTINS and body.func.id not in hidden \
        and BUILTINS[body.func.id].returns in (NUMBER, PLAIN)


def steady_locals(params, body, reading: dict | None = None) -> frozenset[str]:
    """The locals of a rule bound by exactly one `let` and then only read: never bound again,
    grown, or handed on (stored, passed to a procedure or event, put in a list), but as the
    argument of a procedure's parameter that only reads it (`reading`, `read_only_params`)."""
    nodes = [node for stmt in body for node in ast.walk(stmt)]
    lets = Counter(node.name for node in nodes if isinstance(node, ast.Let))
    builtins = frozenset(BUILTINS) - set(params) - bound_names(nodes)
    rebinding = bound_names([node for node in nodes if not isinstance(node, ast.Let)])
    once = {name for name, count in lets.items() if count == 1}
    return frozenset(once - assigned(nodes) - rebinding - _handed_on(nodes, builtins, reading or {}) - set(params))


def single_locals(params, body) -> frozenset[str]:
    """The locals of a rule bound by exactly one `let` and never bound again or assigned (they may
    be handed on): one given a value that cannot change in place keeps it (Costs._fixed)."""
    nodes = [node for stmt in body for node in ast.walk(stmt)]
    lets = Counter(node.name for node in nodes if isinstance(node, ast.Let))
    rebinding = bound_names([node for node in nodes if not isinstance(node, ast.Let)])
    once = {name for name, count in lets.items() if count == 1}
    return frozenset(once - assigned(nodes) - rebinding - set(params))


def read_only_params(program) -> dict[str, tuple[bool, ...]]:
    """For each procedure, whether each parameter is only read: never bound again, changed in
    place (`p[i] = x`) or handed on, but to a parameter of a procedure that only reads it too
    (a greatest fixpoint). A local handed to one stays steady (`steady_locals`)."""
    procs = {d.name: d for d in program.of_kind(ast.Proc)}
    bodies = {name: [node for stmt in proc.body for node in ast.walk(stmt)] for name, proc in procs.items()}
    found = {}
    for name, proc in procs.items():
        changed = {_root(node.target) for node in bodies[name] if isinstance(node, (ast.Assign, ast.Augmented))}
        kept = set(proc.params) - rebound(proc) - changed
        found[name] = tuple(param in kept for param in proc.params)
    while True:
        before = dict(found)
        for name, proc in procs.items():
            builtins = frozenset(BUILTINS) - set(proc.params) - bound_names(bodies[name])
            handed = _handed_on(bodies[name], builtins, found)
            found[name] = tuple(kept and param not in handed for param, kept in zip(proc.params, found[name]))
        if found == before:
            return found


def _handed_on(nodes, builtins, reading: dict) -> set[str]:
    """`ownership.handed_on`, but for a name passed as a procedure's argument to a parameter that
    only reads it (`reading`: for each procedure, whether each parameter does)."""
    handed, others = set(), []
    for node in nodes:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in reading:
            kept = reading[node.func.id]
            handed.update(arg.id for index, arg in enumerate(node.args) if isinstance(arg, ast.Name)
                          and not (index < len(kept) and kept[index]))
        else:
            others.append(node)
    return handed | handed_on(others, builtins)


def _root(target):
    while isinstance(target, (ast.Index, ast.Attribute)):
        target = target.target
    return target.id if isinstance(target, ast.Name) else None


def roots(program) -> list:
    """Every declaration and rule of a program that holds code, but the procedures."""
    parts = [d for d in program.parts.values() if not isinstance(d, ast.Proc)]
    words = [value for value in program.points.values() if isinstance(value, ast.Node)]
    return parts + list(program.moves) + list(program.forbids) + list(program.handlers) + list(program.hooks) \
        + list(program.asserts) + list(program.nobody_wins) + words


def rule_params(root) -> set[str]:
    """The names a rule binds as its parameters (a handler's, a move's, and `player` of a move
    or forbid), which may hide a zone of the same name."""
    names = {param if isinstance(param, str) else param.name for param in getattr(root, "params", ())}
    return names | {"player"}


def rebound(proc) -> set[str]:
    """The parameters a procedure binds again, or changes by assignment."""
    nodes = [node for stmt in proc.body for node in ast.walk(stmt)]
    return bound_names(nodes) | assigned(nodes)


def assigned(nodes) -> set[str]:
    """The names `nodes` give a new value as a whole (`x = ...`, `x += ...`, `append ... to x`)."""
    return {node.target.id for node in nodes
            if isinstance(node, (ast.Assign, ast.Augmented)) and isinstance(node.target, ast.Name)}


def _zone(arg, zones: dict, local: set, zone_params) -> bool:
    """Whether an argument is a zone: one named (`deck`, `field[c]`: a family with an index),
    not a local named so, or a parameter of the calling procedure that is one."""
    indexed = isinstance(arg, ast.Index)
    name = arg.target if indexed else arg
    if not isinstance(name, ast.Name):
        return False
    if name.id in zones and name.id not in local:
        return (zones[name.id].shape is not None) == indexed
    return not indexed and zone_params is not None and name.id in zone_params
