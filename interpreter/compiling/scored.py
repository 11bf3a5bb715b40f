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

When seat `p`'s first key reads zones and vars only as `X[p]` (each a `per player` family,
through procedures' parameters too: `money(p)` with `proc money(q): sum(... won[q])`), a
change to `won[2]` can change seat 2's key and no other: `by_seat` proves it, and the game's
flag then names the seats whose key may have changed (a bit each), so the meter measures
again only those (`Meter.settle`).
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
    given, bare = _given(program, variables)
    # A var's list named without an index could be handed to a local, and a piece put in through it.
    return not bare and all(_plain_value(parts[name].init, parts) for name in variables) \
        and all(_plain_value(value, parts) for values in given.values() for _, value in values)


def _given(program: Program, variables) -> tuple[dict[str, list], set[str]]:
    """What rules give each of `variables`: (for each var, the (statement, value) of every `=`
    and `+=` to it or into it, `x[i] = v` giving v to x), and the families among them that are
    named somewhere without an index."""
    given: dict[str, list] = {name: [] for name in variables}
    indexed, bare = set(), []
    for decl in (*program.parts.values(), *program.moves, *program.handlers, *program.hooks):
        for node in ast.walk(decl):
            if isinstance(node, ast.Index) and isinstance(node.target, ast.Name):
                indexed.add(id(node.target))
            elif isinstance(node, ast.Name) and node.id in given:
                bare.append(node)
            elif isinstance(node, (ast.Assign, ast.Augmented)):
                root = node.target
                while isinstance(root, ast.Index):
                    root = root.target
                if isinstance(root, ast.Name) and root.id in given:
                    given[root.id].append((node, node.value))
    families = {node.id for node in bare if id(node) not in indexed and program.parts[node.id].shape is not None}
    return given, families


def number_vars(program: Program, variables) -> frozenset[str]:
    """Those of `variables` whose every entry is always a number: each starts as one, is only
    ever named with an index if it is a family (so no list of it is handed anywhere), and is
    given only numbers by `=` (and other assignments). `+=` and `-=` (`add`, not `append`) keep
    a number one whatever they add: a number plus anything else fails. A number is a literal
    one, a param whose value is one, an entry of such a var, and what arithmetic makes of
    these: a fixpoint, since one var's entries may be given another's."""
    parts = program.parts
    given, bare = _given(program, variables)
    numbers = {name for name in variables if name not in bare and _number(parts[name].init, parts, set(variables))}
    while True:
        kept = {name for name in numbers
                if all(_keeps_a_number(node) or _number(value, parts, numbers) for node, value in given[name])}
        if kept == numbers:
            return frozenset(numbers)
        numbers = kept


def _keeps_a_number(node) -> bool:
    """Whether an assignment leaves a number a number or fails: `+=` or `-=` (not `append`)."""
    return isinstance(node, ast.Augmented) and not isinstance(node, ast.Append) and node.op in ("+=", "-=")


def _number(e, parts, numbers) -> bool:
    """Whether `e` is sure to be a number, `numbers` being vars whose entries are."""
    if isinstance(e, ast.Literal):
        return type(e.value) in (int, float)
    if isinstance(e, ast.Negate):
        return _number(e.operand, parts, numbers)
    if isinstance(e, ast.Binary):
        return e.op in ("+", "-", "*", "/", "//", "%", "**") and _number(e.left, parts, numbers) and _number(e.right, parts, numbers)
    if isinstance(e, ast.Name):
        decl = parts.get(e.id)
        return isinstance(decl, ast.Param) and _number(decl.default, parts, numbers) \
            or isinstance(decl, ast.Var) and decl.shape is None and e.id in numbers
    if isinstance(e, ast.Index) and isinstance(e.target, ast.Name):
        decl = parts.get(e.target.id)
        return isinstance(decl, ast.Var) and decl.shape is not None and e.target.id in numbers
    return False


def _plain_value(e, parts) -> bool:
    """Numbers, text, truth and params, and what arithmetic makes of them: never a piece, nor a
    list that can change in place."""
    if isinstance(e, ast.Literal):
        return not isinstance(e.value, (list, dict))
    if isinstance(e, ast.Negate):
        return _plain_value(e.operand, parts)
    if isinstance(e, ast.Binary):
        return _plain_value(e.left, parts) and _plain_value(e.right, parts)
    if isinstance(e, ast.Name):
        return isinstance(parts.get(e.id), ast.Param)
    return False


def by_seat(program: Program, zones: frozenset | None) -> bool:
    """Whether seat `p`'s first score key reads zones and vars only as `X[p]`, `X` a `per player`
    family (directly, or through a procedure that gets `p` as a parameter): so a change to
    `X[q]` can change seat q's key alone. False where anything else is read, where `p` could be
    bound again on the way, and through recursion (not worth proving). `zones`: what `scored`
    found the key reads (None, every zone: it reads pieces no zone vouches for)."""
    score = program.parts[SCORE]
    if zones is None:
        return False
    return _reads_own(score.keys[0].expr, frozenset({score.player}), program.parts, ())


def _binds(node) -> tuple:
    """The names `node` binds (a local, a loop's or comprehension's names, a lambda's parameter)."""
    if isinstance(node, ast.Let):
        return (node.name,)
    if isinstance(node, (ast.For, ast.CompFor)):
        return tuple(node.names)
    if isinstance(node, ast.Lambda):
        return (node.param,)
    if isinstance(node, ast.Assign) and isinstance(node.target, ast.Name):
        return (node.target.id,)
    return ()


def _reads_own(top, seats: frozenset, parts, calling: tuple) -> bool:
    """Whether `top` (an expression or statement) reads families only at an index in `seats`
    (the names that hold the seat), and calls procedures only in ways that do the same."""
    pending = [top]
    while pending:
        node = pending.pop()
        if seats.intersection(_binds(node)):
            return False
        if isinstance(node, ast.Index) and isinstance(node.target, ast.Name) and _per_player(parts.get(node.target.id)):
            if not (isinstance(node.index, ast.Name) and node.index.id in seats):
                return False
            continue
        if isinstance(node, ast.Name) and isinstance(parts.get(node.id), (ast.Zone, ast.Var, ast.Phase, ast.Proc)):
            # A procedure named other than as the function of a call may be called with any seat.
            return False
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and isinstance(parts.get(node.func.id), ast.Proc):
            proc = parts[node.func.id]
            if proc.name in calling:
                return False
            bound = frozenset(param for param, arg in zip(proc.params, node.args)
                              if isinstance(arg, ast.Name) and arg.id in seats)
            if not all(_reads_own(stmt, bound, parts, (*calling, proc.name)) for stmt in proc.body):
                return False
            pending.extend(node.args)
            continue
        pending.extend(ast.children(node))
    return True


def _per_player(decl) -> bool:
    return isinstance(decl, (ast.Zone, ast.Var)) and isinstance(decl.shape, ast.PerPlayer)


def never_lists(program: Program, variables) -> frozenset[str]:
    """Those of `variables` whose entries never hold a list: an assignment `X[p] += v` to one
    changes that entry alone, never a list another entry or a local shares. Each starts as a
    number, text or param (a param's list cannot change in place), is only ever named with an
    index if it is a family, and is given only such values by `=`; `+=` onto a number cannot
    make a list."""
    parts = program.parts
    given, bare = _given(program, variables)
    return frozenset(name for name, values in given.items()
                     if name not in bare and _plain_value(parts[name].init, parts)
                     and all(_plain_value(value, parts) for node, value in values if isinstance(node, ast.Assign)))
