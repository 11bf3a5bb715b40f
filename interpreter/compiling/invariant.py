"""Which parts of a decision point's conditions do not depend on the option, so that each is
worked out once per decision instead of once per option (loop-invariant code motion).

A point tests its moves' `when` and forbids for every combination of parameter values. A part of
such a condition that names none of the parameters reads the same game every time, where
nothing the point asks changes anything (the code generator checks that, `_unchanging`):

    forbid fill when b != first([c for c, _ in entries(player, dice)])
                          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ once a decision

The code generator works each out where it was first asked and keeps the value
(`DecisionPoints._gather`), so a condition that was never asked (no option, an earlier test
false) still never is, and one that fails fails at the same option as before.
"""

from __future__ import annotations

from ...dsl import ast

# Where a part's value goes only into an operator, which reads it and makes a value of its own:
# the value kept cannot be changed in place between two options' tests (a list handed to a
# procedure could be).
_READING = (ast.Compare, ast.InOp, ast.NotIn, ast.AndOp, ast.OrOp, ast.NotOp, ast.Binary, ast.Negate, ast.Conditional)
# Work worth keeping: a call or a comprehension (a name or `x > 0` is as cheap to ask again).
_WORK = (ast.Call, ast.Comprehension)


def option_invariant(conditions, options: frozenset) -> list:
    """The largest parts of `conditions` (expressions) whose free names are none of `options`
    (the move's parameters, and every name a comprehension or lambda of the point binds, where
    an equal part would read another value), and that do some work: each condition itself if
    it qualifies, else such operands of its operators, never the inside of a lambda or
    comprehension (asked once per item, not per option)."""
    found: list = []
    for condition in conditions:
        _collect(condition, options, found)
    return found


def shared_iterables(domains, parts, options: frozenset, calls_nothing) -> list:
    """The calls both a move's domain and a kept part (`option_invariant`) go through as a
    comprehension's first clause, naming no option (common subexpression elimination): worked
    out once, where the domain first asks it, the part reads the same value.

        move fill(b in [b for b, _ in entries(player, dice)]) ...
        forbid fill when b != first([c for c, _ in entries(player, dice)])
                                                ^^^^^^^^^^^^^^^^^^^^^^^ once a decision

    Only where each comprehension that goes through it calls nothing that could change its items
    in place (`calls_nothing`: no procedure), so both read what the call answered."""
    in_parts = [call for part in parts for call in _iterated_calls(part, calls_nothing)]
    found: list = []
    for domain in domains:
        for call in _iterated_calls(domain, calls_nothing):
            if call in in_parts and call not in found and not free_names(call) & options:
                found.append(call)
    return found


def _iterated_calls(e, calls_nothing) -> list:
    """The calls that comprehensions in `e` go through as their first clause, where the
    comprehension calls nothing else that could change them (`calls_nothing`)."""
    return [node.clauses[0].iterable for node in ast.walk(e)
            if isinstance(node, ast.Comprehension) and isinstance(node.clauses[0].iterable, ast.Call)
            and calls_nothing(node, node.clauses[0].iterable)]


def _collect(e, options: frozenset, found: list) -> None:
    if _invariant(e, options):
        if e not in found:
            found.append(e)
        return
    if isinstance(e, _READING):
        for child in ast.children(e):
            _collect(child, options, found)


def _invariant(e, options: frozenset) -> bool:
    nodes = list(ast.walk(e))
    return any(isinstance(node, _WORK) for node in nodes) and not any(isinstance(node, ast.Play) for node in nodes) \
        and not free_names(e) & options


def free_names(e) -> set[str]:
    """The names `e` reads that no comprehension or lambda inside it binds there."""
    if isinstance(e, ast.Name):
        return {e.id}
    if isinstance(e, ast.Lambda):
        return free_names(e.body) - {e.param}
    if isinstance(e, ast.Comprehension):
        free, bound = set(), set()
        for clause in e.clauses:
            free |= free_names(clause.iterable) - bound
            bound |= set(clause.names)
            if clause.cond is not None:
                free |= free_names(clause.cond) - bound
        return free | (free_names(e.element) - bound)
    return set().union(*(free_names(child) for child in ast.children(e)))


def bound_in(expressions) -> frozenset:
    """Every name a comprehension or lambda among `expressions` binds."""
    return frozenset(name for e in expressions for node in ast.walk(e)
                     for name in (node.names if isinstance(node, ast.CompFor) else
                                  (node.param,) if isinstance(node, ast.Lambda) else ()))
