"""Which locals of a rule hold a list of their own, one that no var holds too.

A rule may hold a var's list in a local (`let mine = kept[p]`) and change it there
(`mine[0] = 3`, `mine += [pick]`): the var changes with it, and whoever keeps the vars to go
back to (interpreter/lookahead/checkpoint.py) must hear of it. A local that is only ever bound to a
list made on the spot (`let total = [0 for p in players]`) and never handed on while the
rule runs (stored, passed to a procedure, emitted) holds a list nobody else can see: an
assignment into it changes no var, and the compiled rule skips the notice, which counts in
the loops of a ruleset's `value`. Returning it is fine, since the rule ends there. If no
item of such a list is ever a list either, `total[o] += amount` changes no var whatever
`amount` is (a `+=` on a list item would extend that item, which a var might hold).

The test is syntactic and errs on the safe side: a local is its own only when every binding
and every use of it says so.
"""

from __future__ import annotations

import attrs

from ...dsl import ast
from ...dsl.builtins import BUILTINS
from .purity import bound_names

# Built-ins by what they answer (dsl/builtins.py): a new list or a plain value, never one of
# their arguments or an item of one; a number; a value that is no list or mapping.
_FRESH_BUILTINS = frozenset(name for name, b in BUILTINS.items() if b.fresh)
_NUMBER_BUILTINS = frozenset(name for name, b in BUILTINS.items() if b.number)
_PLAIN_BUILTINS = frozenset(name for name, b in BUILTINS.items() if b.plain)
_FRESH = (ast.List, ast.Comprehension, ast.Tuple, ast.Literal, ast.Binary, ast.Range, ast.Interpolated,
          ast.Compare, ast.InOp, ast.NotIn, ast.NotOp, ast.Negate)
_PLAIN = (ast.Literal, ast.Interpolated, ast.Compare, ast.InOp, ast.NotIn, ast.NotOp, ast.Negate, ast.Range,
          ast.Tuple)
# Nodes whose every child is only read: a child's value itself ends up nowhere.
_READING = (ast.Index, ast.Attribute, ast.Compare, ast.InOp, ast.NotIn, ast.Binary, ast.Negate, ast.NotOp,
            ast.Range, ast.Interpolated, ast.CompFor, ast.For, ast.If, ast.Elif, ast.While, ast.Repeat,
            ast.ExprStmt, ast.Return, ast.Put, ast.Roll, ast.Shuffle, ast.Deal, ast.Create, ast.Say,
            ast.Turn, ast.Play, ast.Assert)


@attrs.frozen(slots=True)
class OwnLocals:
    """`lists`: the locals of a rule holding lists of their own; `flat`: those among them
    whose items are never lists or mappings."""

    lists: frozenset[str]
    flat: frozenset[str]


def own_locals(params, body) -> OwnLocals:
    """The locals of a rule (`params`, its statements `body`) that hold lists of their own:
    see the module docstring."""
    nodes = [node for stmt in body for node in ast.walk(stmt)]
    # A local may be a function named like a built-in (`let first = x => x`).
    builtins = frozenset(BUILTINS) - set(params) - bound_names(nodes)
    own: set[str] = set()
    other: set[str] = set(params)
    mixed: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Let):
            (own if _fresh(node.value, builtins) else other).add(node.name)
            if not is_flat(node.value, builtins):
                mixed.add(node.name)
        elif isinstance(node, (ast.Assign, ast.Augmented)) and isinstance(node.target, ast.Name):
            # `+=` extends the local's own list: it stays its own, and stays flat only with
            # plain items.
            if isinstance(node, ast.Assign) and not _fresh(node.value, builtins):
                other.add(node.target.id)
            if not is_flat(node.value, builtins):
                mixed.add(node.target.id)
        elif isinstance(node, ast.Assign) and isinstance(node.target, ast.Index):
            if isinstance(node.target.target, ast.Name) and not is_plain(node.value, builtins):
                mixed.add(node.target.target.id)
        elif isinstance(node, (ast.For, ast.CompFor, ast.Repeat, ast.Lambda)):
            other.update(bound_names([node]))
    lists = frozenset(own - other - handed_on(nodes, builtins))
    return OwnLocals(lists, lists - mixed)


def is_number(e, builtins=frozenset(BUILTINS)) -> bool:
    """Whether `e` is sure to be a number (which `+=` cannot extend a list with); `builtins`:
    the built-ins not hidden by a local of the same name."""
    if isinstance(e, ast.Literal):
        return type(e.value) in (int, float)
    if isinstance(e, ast.Negate):
        return is_number(e.operand, builtins)
    if isinstance(e, ast.Binary):
        return e.op in ("-", "/", "//", "**") or e.op == "+" and is_number(e.left, builtins) and is_number(e.right, builtins)
    return _calls(e, builtins & _NUMBER_BUILTINS)


def is_plain(e, builtins) -> bool:
    """Whether `e` is sure to be no list or mapping (a tuple is plain: its items cannot be
    changed in place without indexing into it)."""
    if isinstance(e, _PLAIN):
        return True
    if isinstance(e, ast.Binary):
        return is_plain(e.left, builtins) and is_plain(e.right, builtins)
    if isinstance(e, ast.Conditional):
        return is_plain(e.then, builtins) and is_plain(e.orelse, builtins)
    if isinstance(e, (ast.AndOp, ast.OrOp)):
        return is_plain(e.left, builtins) and is_plain(e.right, builtins)
    if isinstance(e, ast.Attribute):
        return e.name != "zone"
    return _calls(e, builtins & _PLAIN_BUILTINS)


def _fresh(value, builtins) -> bool:
    """Whether `value` is made on the spot: a new list, or no list at all."""
    if isinstance(value, _FRESH):
        return True
    if isinstance(value, ast.Conditional):
        return _fresh(value.then, builtins) and _fresh(value.orelse, builtins)
    if isinstance(value, (ast.AndOp, ast.OrOp)):
        return _fresh(value.left, builtins) and _fresh(value.right, builtins)
    return _calls(value, builtins & _FRESH_BUILTINS)


def is_flat(value, builtins) -> bool:
    """Whether `value` is a list made on the spot whose items are plain, or no list at all."""
    if isinstance(value, ast.List):
        return all(is_plain(item, builtins) for item in value.items)
    if isinstance(value, ast.Comprehension):
        return is_plain(value.element, builtins)
    if isinstance(value, ast.Binary) and value.op == "+":
        return is_flat(value.left, builtins) and is_flat(value.right, builtins)
    if isinstance(value, ast.Conditional):
        return is_flat(value.then, builtins) and is_flat(value.orelse, builtins)
    return is_plain(value, builtins)


def handed_on(nodes, builtins) -> set[str]:
    """Names whose value itself may end up somewhere else: stored, passed to a procedure or an
    event, put in a list, or passed through `and`/`or`/`if-else`."""
    handed: set[str] = set()
    for node in nodes:
        if isinstance(node, _READING) or _calls(node, builtins):
            continue
        if isinstance(node, ast.Conditional):
            children = [node.then, node.orelse]
        elif isinstance(node, (ast.Assign, ast.Augmented)):
            children = [node.value]
        else:
            children = list(ast.children(node))
        handed.update(child.id for child in children if isinstance(child, ast.Name))
    return handed


def _calls(node, names) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names
