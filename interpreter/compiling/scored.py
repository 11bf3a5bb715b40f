"""What the score's first key reads: the zones and vars whose change can change what the meter measures.

The per-rule meter (interpreter/running/meter.py) takes the seats' first score keys, summed,
before and after each rule fires. Only a change to something that sum reads can change it, so
the game keeps a dirty flag, `Game.score_changed`: the operations set it when they change a
scored zone (its pile, or the face or owner of a piece in it), and generated code sets it after
an assignment that may change a scored var. The meter measures again only when the flag is set.

    score by p: money(p)          proc money(p): return sum([c.value for c in won[p]])
      -> zones {"won"}, vars {}: a rule that moves dice between other zones is never measured

Where the score reads what a zone cannot vouch for (every piece of a kind, a piece's zone, or a
piece that a var may hold, whose face may turn), every zone counts as scored: `zones` is None.
A var can hold no piece when its start and everything assigned to it is made of numbers, text
and params, and, if it is a list (`per player`, indexed), it is never named without an index, so
no local can hold its list and put a piece in.
"""

from __future__ import annotations

from ...dsl import ast
from ...dsl.builtins import BUILTINS
from ...dsl.program import SCORE, Program

_PIECE_ATTRIBUTES = frozenset({"face", "value", "owner"})
_ANY_ZONE = frozenset({"zone"})


def scored(program: Program) -> tuple[frozenset[str] | None, frozenset[str]]:
    """(zones, vars) the first score key reads, directly or through procedures; zones None: all."""
    parts = program.parts
    zones: set[str] = set()
    variables: set[str] = set()
    seen: set[str] = set()
    unbounded = False
    looked_at: list = []  # the pieces whose face, value or owner the score reads, as expressions
    pending = [parts[SCORE].keys[0].expr]
    while pending:
        top = pending.pop()
        bound = {name: clause.iterable for node in ast.walk(top) if isinstance(node, ast.Comprehension)
                 for clause in node.clauses for name in clause.names}
        for node in ast.walk(top):
            if isinstance(node, ast.Attribute):
                unbounded = unbounded or node.name in _ANY_ZONE
                if node.name in _PIECE_ATTRIBUTES:
                    target = node.target
                    looked_at.append(bound.get(target.id, target) if isinstance(target, ast.Name) else target)
            if not isinstance(node, ast.Name):
                continue
            decl = parts.get(node.id)
            if isinstance(decl, ast.Zone):
                zones.add(node.id)
            elif isinstance(decl, ast.Var):
                variables.add(node.id)
            elif isinstance(decl, (ast.Proc, ast.Phase)) and node.id not in seen:
                seen.add(node.id)
                pending.extend(decl.body)
            elif decl is None and node.id in BUILTINS and BUILTINS[node.id].reads:
                unbounded = True
    pieces_from_vars = variables and not all(_from_zones(e, parts) for e in looked_at)
    if unbounded or (pieces_from_vars and not _hold_no_pieces(program, variables)):
        return None, frozenset(variables)
    return frozenset(zones), frozenset(variables)


def _from_zones(e, parts) -> bool:
    """Whether the pieces `e` gives come from zones only: it names a zone and no var or local."""
    names = [node.id for node in ast.walk(e) if isinstance(node, ast.Name)]
    return any(isinstance(parts.get(n), ast.Zone) for n in names) and not any(
        isinstance(parts.get(n), ast.Var) for n in names)


def _hold_no_pieces(program: Program, variables: set[str]) -> bool:
    """Whether none of `variables` can ever hold a piece (see the module's docstring)."""
    parts = program.parts
    if not all(_plain_value(parts[name].init, parts) for name in variables):
        return False
    indexed, bare = set(), []
    for decl in (*parts.values(), *program.moves, *program.handlers, *program.hooks):
        for node in ast.walk(decl):
            if isinstance(node, ast.Index) and isinstance(node.target, ast.Name):
                indexed.add(id(node.target))
            elif isinstance(node, ast.Name) and node.id in variables:
                bare.append(node)
            elif isinstance(node, (ast.Assign, ast.Augmented)):
                root = node.target
                while isinstance(root, ast.Index):
                    root = root.target
                if isinstance(root, ast.Name) and root.id in variables and not _plain_value(node.value, parts):
                    return False
    # A var's list named without an index could be handed to a local, and a piece put in through it.
    return all(id(node) in indexed or parts[node.id].shape is None
               for node in bare)


def _plain_value(e, parts) -> bool:
    """Numbers, text, truth and params, and what arithmetic makes of them: never a piece."""
    if isinstance(e, ast.Literal):
        return True
    if isinstance(e, ast.Negate):
        return _plain_value(e.operand, parts)
    if isinstance(e, ast.Binary):
        return _plain_value(e.left, parts) and _plain_value(e.right, parts)
    if isinstance(e, ast.Name):
        return isinstance(parts.get(e.id), ast.Param)
    return False
