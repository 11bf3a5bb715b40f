"""Which procedures are functions of their arguments alone, so that a result may be remembered.

A procedure is pure when its answer depends only on its arguments (and on the fixed
parameters of the game) and asking it changes nothing: it moves no piece, rolls nothing,
draws no chance, asks nobody, says nothing, emits no event, assigns only its own locals,
names no zone, variable or phase, and calls only pure procedures and built-ins. The
interpreter remembers what such a procedure returned for arguments it can recognise again
(interpreter/lookahead/remember.py): a search bot that ranks the same field after every option of
a move computes that ranking once.

The test is syntactic and errs on the safe side: a local that merely shares a zone's name
makes a procedure impure, and a procedure that calls a function handed to it is pure here
only because the interpreter never remembers a call with a function among its arguments.
"""

from __future__ import annotations

from ...dsl import ast
from ...dsl.builtins import BUILTINS

_EFFECTS = (ast.Put, ast.Roll, ast.Shuffle, ast.Deal, ast.Create, ast.CreateDeck, ast.Emit, ast.Say, ast.Turn, ast.Play)


def pure_procs(parts: dict) -> frozenset[str]:
    """The names of the pure procedures among a program's declarations."""
    procs = {name: decl for name, decl in parts.items() if isinstance(decl, ast.Proc)}
    state = {name for name, decl in parts.items() if isinstance(decl, (ast.Zone, ast.Var, ast.Phase))}
    return _calling_only_kept(procs, {name for name, proc in procs.items() if _pure_by_itself(proc, state)})


def unchanging_procs(parts: dict) -> frozenset[str]:
    """The names of the procedures that change nothing when asked (they may read the game, as a
    pure one may not): what they answer twice in a row is the same."""
    procs = {name: decl for name, decl in parts.items() if isinstance(decl, ast.Proc)}
    phases = {name for name, decl in parts.items() if isinstance(decl, ast.Phase)}
    return _calling_only_kept(procs, {name for name, proc in procs.items() if _pure_by_itself(proc, phases, _changes)})


def _calling_only_kept(procs: dict, kept: set) -> frozenset[str]:
    """`kept` less every procedure that calls one not kept, again until none does (a fixpoint:
    dropping one may drop its callers)."""
    changed = True
    while changed:
        changed = False
        for name in sorted(kept):
            if any(callee in procs and callee not in kept for callee in _callees(procs[name])):
                kept.discard(name)
                changed = True
    return frozenset(kept)


def _changes(builtin) -> bool:
    return builtin.changes


def _impure(builtin) -> bool:
    return not builtin.pure


def _pure_by_itself(proc: ast.Proc, state: set[str], refused=_impure) -> bool:
    nodes = [node for stmt in proc.body for node in ast.walk(stmt)]
    bound = set(proc.params) | bound_names(nodes)
    for node in nodes:
        if isinstance(node, _EFFECTS):
            return False
        if isinstance(node, ast.Name) and node.id in state:
            return False
        if isinstance(node, (ast.Assign, ast.Augmented)) and _assigned_name(node.target) not in bound:
            return False
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in BUILTINS \
                and refused(BUILTINS[node.func.id]) and node.func.id not in bound:
            return False
    return True


def bound_names(nodes) -> set[str]:
    """The local names that `nodes` bind: lets, loop names, lambda parameters."""
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Let):
            names.add(node.name)
        elif isinstance(node, (ast.For, ast.CompFor)):
            names.update(node.names)
        elif isinstance(node, ast.Repeat) and node.name:
            names.add(node.name)
        elif isinstance(node, ast.Lambda):
            names.add(node.param)
    return names


def _assigned_name(target) -> str | None:
    """The local an assignment changes (`total` in `total[o] += 1`); none for `d.face = 3`."""
    while isinstance(target, ast.Index):
        target = target.target
    return target.id if isinstance(target, ast.Name) else None


def _callees(proc: ast.Proc) -> set[str]:
    return {node.func.id for stmt in proc.body for node in ast.walk(stmt)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
