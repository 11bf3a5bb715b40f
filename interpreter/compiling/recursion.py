"""Which rules can call themselves: the only calls the game's step budget needs to count.

Every loop counts its passes (interpreter/running/budget.py); a rule that cannot reach itself
is run a bounded number of times per pass, so only calls that close a cycle of the call graph
(`proc f(n): return f(n - 1) + f(n - 1)`, an event whose handler emits it again, a move that
plays its own decision point, a `before turn` hook that runs a turn) can make work without a
loop, and only they are counted.

    proc walk(n):            recursive: `walk` calls itself
        if n > 0:
            walk(n - 1)
    proc total():            not recursive: its calls are counted by nobody
        return sum(points)
"""

from __future__ import annotations

import attrs

from ...dsl import ast
from ...dsl.program import TURN


@attrs.frozen(slots=True)
class Recursive:
    """The names of the procedures, phases, events and decision points on a cycle of calls, and
    whether the hooks at a turn's start are (`turns`)."""

    procs: frozenset
    phases: frozenset
    events: frozenset
    points: frozenset
    turns: bool = False


def recursive(program) -> Recursive:
    """The rules of `program` that can reach themselves through calls, emits and plays."""
    procs = {d.name for d in program.of_kind(ast.Proc)}
    phases = {d.name for d in program.of_kind(ast.Phase)}
    bodies: dict[tuple, list] = {}
    for decl in program.of_kind(ast.Proc):
        bodies.setdefault(("proc", decl.name), []).append(decl)
    for decl in program.of_kind(ast.Phase):
        bodies.setdefault(("phase", decl.name), []).append(decl)
    for hook in program.hooks:
        attached = "turn" if hook.target == TURN else "phase" if hook.target in phases else "point"
        bodies.setdefault((attached, hook.target), []).append(hook)
    for handler in program.handlers:
        bodies.setdefault(("event", handler.event), []).append(handler)
    for move in program.moves:
        bodies.setdefault(("point", move.point), []).append(move)
    calls = {rule: set(_calls(nodes, procs, phases)) for rule, nodes in bodies.items()}
    cyclic = {rule for rule in calls if _reaches(rule, rule, calls)}
    return Recursive(*(frozenset(name for kind, name in cyclic if kind == wanted)
                       for wanted in ("proc", "phase", "event", "point")), ("turn", TURN) in cyclic)


def _calls(nodes, procs, phases):
    for root in nodes:
        for node in ast.walk(root):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id in procs:
                    yield "proc", node.func.id
                elif node.func.id in phases:
                    yield "phase", node.func.id
            elif isinstance(node, ast.Emit):
                yield "event", node.event
            elif isinstance(node, ast.Play):
                yield "point", node.point
            elif isinstance(node, ast.Turn):
                yield "turn", TURN


def _reaches(start, goal, calls) -> bool:
    seen, stack = set(), list(calls.get(start, ()))
    while stack:
        rule = stack.pop()
        if rule == goal:
            return True
        if rule not in seen:
            seen.add(rule)
            stack.extend(calls.get(rule, ()))
    return False
