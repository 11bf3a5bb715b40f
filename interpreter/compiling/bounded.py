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
parameter: not every call of it can be seen.
"""

from __future__ import annotations

from collections import Counter

from ...dsl import ast
from ...dsl.builtins import BUILTINS
from .ownership import handed_on
from .purity import bound_names


def zone_params(program) -> dict[str, frozenset[str]]:
    """For each procedure, the parameters that every call gives a zone (see the module docstring)."""
    procs = {d.name: d for d in program.of_kind(ast.Proc)}
    rules = [(None, root) for root in _roots(program)] + [(proc, proc) for proc in procs.values()]
    calls = []
    named = set()
    for proc, root in rules:
        nodes = list(ast.walk(root))
        local = bound_names(nodes) | _params(root)
        callees = {id(node.func) for node in nodes if isinstance(node, ast.Call)}
        for node in nodes:
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in procs \
                    and node.func.id not in local:
                calls.append((proc, local, node))
            elif isinstance(node, ast.Name) and node.id in procs and id(node) not in callees:
                named.add(node.id)
    zones = {name: decl for name, decl in program.parts.items() if isinstance(decl, ast.Zone)}
    found = {name: set(decl.params) - _rebound(decl) if name not in named else set() for name, decl in procs.items()}
    changed = True
    while changed:
        changed = False
        for caller, local, call in calls:
            params = found[call.func.id]
            for param, arg in zip(procs[call.func.id].params, call.args):
                if param in params and not _zone(arg, zones, local, found.get(caller.name) if caller else None):
                    params.discard(param)
                    changed = True
            for param in procs[call.func.id].params[len(call.args):]:
                params.discard(param)
    return {name: frozenset(params) for name, params in found.items()}


def steady_locals(params, body) -> frozenset[str]:
    """The locals of a rule bound by exactly one `let` and then only read: never bound again,
    grown, or handed on (stored, passed to a procedure or event, put in a list)."""
    nodes = [node for stmt in body for node in ast.walk(stmt)]
    lets = Counter(node.name for node in nodes if isinstance(node, ast.Let))
    builtins = frozenset(BUILTINS) - set(params) - bound_names(nodes)
    rebinding = bound_names([node for node in nodes if not isinstance(node, ast.Let)])
    once = {name for name, count in lets.items() if count == 1}
    return frozenset(once - _assigned(nodes) - rebinding - handed_on(nodes, builtins) - set(params))


def _roots(program) -> list:
    """Every declaration and rule of a program that holds code, but the procedures."""
    parts = [d for d in program.parts.values() if not isinstance(d, ast.Proc)]
    words = [value for value in program.points.values() if isinstance(value, ast.Node)]
    return parts + list(program.moves) + list(program.forbids) + list(program.handlers) + list(program.hooks) \
        + list(program.asserts) + list(program.nobody_wins) + words


def _params(root) -> set[str]:
    """The names a rule binds as its parameters (a handler's, a move's, and `player` of a move
    or forbid), which may hide a zone of the same name."""
    names = {param if isinstance(param, str) else param.name for param in getattr(root, "params", ())}
    return names | {"player"}


def _rebound(proc) -> set[str]:
    """The parameters a procedure binds again, or changes by assignment."""
    nodes = [node for stmt in proc.body for node in ast.walk(stmt)]
    return bound_names(nodes) | _assigned(nodes)


def _assigned(nodes) -> set[str]:
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
