"""What the whole program says of each procedure, as the code generator (costs.py) asks it: what
a procedure answers wherever it is called (`_answer`), what every call gives each parameter it
only reads (`_call_facts`, and so the facts a procedure's frame starts with, `_known_params`),
which vars only ever hold a value that cannot change in place (`fixed_vars`), and whether a
function handed to a parameter is only ever called with cheap arguments (`_handed_function`).
Interprocedural analysis: the calls and assignments of every rule, each asked where it stands,
rounds of a greatest fixpoint until nothing changes; worked out once per program and kept for
every compiled form (Analysis.costs).

    proc ranking(pieces, key):                  # pieces: always a zone (bounded.zone_params)
        let scored = [(key(mine), o) for o, mine in by_owner(pieces)]     # key: cheap answers
        return [o for k, o in sorted(scored, desc = true) if count(keys, k) == 1]
    ...
    let ranking = ranking(field[c], mine => weight(mine))    # bounded, cheap: `o in ranking`
                                                             # compares as it is

A part of the code generator (compiler.py) beside Costs, mixed into it: each call and `return`
is asked what its value is with the predicates of costs.py, in the frame where it stands.
"""

from __future__ import annotations

import attrs

from ...dsl import ast
from ...dsl.builtins import BUILTINS
from .bounded import rebound, roots, rule_params
from .costs import UNKNOWN, Facts, statements_of
from .purity import bound_names
from .source import Frame

# The facts of the value `return` alone gives, none: everything holds of it.
_NONE = Facts(True, True, True, True, True)
_FACTS = tuple(field.name for field in attrs.fields(Facts))


@attrs.frozen(slots=True)
class KnownParams:
    """The parameters of a procedure that hold, wherever it is called, something bounded, cheap,
    of cheap items, or a function that answers something cheap: its frame's first facts."""

    bounded: frozenset = frozenset()
    cheap: frozenset = frozenset()
    cheap_items: frozenset = frozenset()
    cheap_results: frozenset = frozenset()
    fixed: frozenset = frozenset()


NOTHING_KNOWN = KnownParams()


class Interprocedural:
    """What holds of procedures across the whole program; see the module docstring."""

    def _handed_function(self, proc: ast.Proc, index: int, arg) -> str | None:
        """`x => weight(x)` handed to a parameter of `proc` that it only ever calls with cheap
        arguments (a group of a zone's pieces: `key(mine)`): the built-in itself, one call less
        for each use, since what it goes through is short (kept in `applied`). Else None: the
        lambda counts what the built-in goes through."""
        if not (isinstance(arg, ast.Lambda) and isinstance(arg.body, ast.Call) and len(arg.body.args) == 1
                and isinstance(arg.body.args[0], ast.Name) and arg.body.args[0].id == arg.param
                and self._is_builtin_call(arg.body, arg.body.func.id) and not BUILTINS[arg.body.func.id].game
                and index < len(proc.params)):
            return None
        key = (proc.name, index)
        if key not in self.applied:
            self.applied[key] = False
            name, callees, used = proc.params[index], set(), []

            def visit(e):
                if isinstance(e, ast.Call) and e.func.id == name and self._is_local(name):
                    callees.add(id(e.func))
                    used.append(all(map(self._cheap, e.args)))
                elif isinstance(e, ast.Name) and e.id == name and id(e) not in callees and self._is_local(name):
                    used.append(False)

            with self._global_scope(), self._in(self._proc_frame(proc)):
                self._walk_rule(statements_of(proc), visit)
            self.applied[key] = all(used)
        return BUILTINS[arg.body.func.id].python_name if self.applied[key] else None

    def _proc_frame(self, proc: ast.Proc) -> Frame:
        """The frame a procedure's body is written in, its parameters known (`_known_params`)."""
        known = self._known_params(proc)
        return Frame([set(proc.params)], bounded=set(known.bounded), cheap=set(known.cheap),
                     cheap_items=set(known.cheap_items), cheap_results=set(known.cheap_results),
                     fixed=set(known.fixed), rule=(proc.params, proc.body))

    def _known_params(self, proc: ast.Proc) -> KnownParams:
        """What a procedure's parameters hold wherever it is called: those every call gives a zone
        or a function answering something cheap (bounded.py), and those it only reads
        (bounded.read_only_params) that every call gives something bounded, cheap or of cheap
        items, as the arguments are where each call is (`_call_facts`)."""
        if self.param_facts is None:
            self._call_facts()
        zones, functions = self.zone_params[proc.name], self.cheap_functions[proc.name]
        given = self.param_facts.get(proc.name, {})
        def having(fact):
            return frozenset(p for p, f in given.items() if getattr(f, fact))
        return KnownParams(zones | having("bounded"), zones | functions | having("cheap") | having("fixed"),
                           zones | having("cheap_items"), functions, zones | having("fixed"))

    def _call_facts(self, rounds: int = 8) -> None:
        """`param_facts`: for each procedure, what every call gives each parameter it only reads
        (`Facts`), its arguments' facts where each call is (of one it hands on, only that it is
        fixed, which stays so); and `fixed_vars`, the vars that only
        ever hold a fixed value (`_fixed`: a zone, a number, none...), given one at every `=` and
        never changed in place or by `+=` (a var of numbers is a number anyway). In a procedure,
        the frame knows the lets before a call or an assignment, the loops and comprehensions
        around it, and the procedure's own parameters and the vars as the round before found
        them (rounds until nothing changes; if it never settles, nothing is claimed); elsewhere (a phase, a move, a handler) every name the rule binds is simply
        unknown. A procedure named other than as a callee gets nothing known."""
        procs = {d.name: d for d in self.program.of_kind(ast.Proc)}
        variables = {d.name: d for d in self.program.of_kind(ast.Var) if d.shape is None}
        kept = {name: set(proc.params) - rebound(proc) for name, proc in procs.items()}
        others = []
        for root in roots(self.program):
            nodes = list(ast.walk(root))
            others.append((nodes, bound_names(nodes) | rule_params(root)))
        # Vars and parameters that hold one another (`a = b`, `b = a`, `f(x)` handing `x` on) are
        # found fixed only by starting from all of them and dropping each given something that is
        # not: a greatest fixpoint, sound once nothing changes (every var and parameter kept is
        # given only what is fixed while they all are, from the rules that are not procedures on).
        self.fixed_vars = frozenset(variables)
        self.param_facts = {name: dict.fromkeys(kept[name], Facts(cheap=True, fixed=True)) for name in procs}
        for _ in range(rounds):
            found: dict = {name: [[] for _ in proc.params] for name, proc in procs.items()}
            given: dict = {name: [] for name in variables}
            named: set = set()
            callees: set = set()

            def visit(e):
                if isinstance(e, ast.Call) and self._called(e) and e.func.id in procs:
                    callees.add(id(e.func))
                    for index, slot in enumerate(found[e.func.id]):
                        slot.append(self._facts_of(e.args[index]) if index < len(e.args) else UNKNOWN)
                elif isinstance(e, ast.Name) and e.id in procs and id(e) not in callees \
                        and not self._is_local(e.id) and e.id not in self.substitutions:
                    named.add(e.id)
                elif isinstance(e, (ast.Assign, ast.Augmented)):
                    root = _root(e.target)
                    if root in given and not self._is_local(root):
                        given[root].append(type(e) is ast.Assign and e.target.__class__ is ast.Name
                                           and self._fixed(e.value))

            for proc in procs.values():
                with self._global_scope(), self._in(self._proc_frame(proc)):
                    self._walk_rule(statements_of(proc), visit)
            for nodes, names in others:
                with self._global_scope(), self._in(Frame([names])):
                    for node in nodes:
                        visit(node)
            facts = {}
            for name, proc in procs.items():
                if name in named:
                    continue
                reading = self.read_only_params.get(name, ())
                facts[name] = {}
                for index, (param, slot) in enumerate(zip(proc.params, found[name])):
                    given_all = Facts(*(all(getattr(f, fact) for f in slot) for fact in _FACTS))
                    if slot and index < len(reading) and reading[index]:
                        facts[name][param] = given_all
                    elif slot and param in kept[name] and given_all.fixed:
                        # Handed on, but what cannot change in place stays as it is.
                        facts[name][param] = Facts(cheap=True, fixed=True)
            with self._global_scope():
                fixed = frozenset(name for name, decl in variables.items()
                                  if all(given[name]) and self._fixed(decl.init))
            settled = facts == self.param_facts and fixed == self.fixed_vars
            self.param_facts, self.fixed_vars = facts, fixed
            self.answers.clear()
            self.applied.clear()
            if settled:
                break
        else:
            # No fixpoint within the rounds: nothing is claimed.
            self.param_facts, self.fixed_vars = {}, frozenset()
        # The same in every form (books kept or not, pausing or not): the next form finds it.
        self.costs.update(param_facts=self.param_facts, fixed_vars=self.fixed_vars)

    def _walk_rule(self, body, visit) -> None:
        """`visit(node)` for every expression node of the statements `body`, each where it stands:
        the frame knows the `let`s before it, the loops around it (`Statements.s_For`) and, inside
        a comprehension or lambda, its names."""
        for stmt in body:
            visit(stmt)
            blocks = _blocks(stmt)
            elifs = getattr(stmt, "elifs", ())
            inner = {id(s) for block in blocks for s in block} | {id(clause) for clause in elifs}
            for child in ast.children(stmt):
                if id(child) not in inner:
                    self._walk_expression(child, visit)
            for clause in elifs:
                self._walk_expression(clause.cond, visit)
            if isinstance(stmt, ast.Let):
                self._let_facts(stmt)
            elif isinstance(stmt, ast.For):
                typed = self._cheap_items(stmt.iterable) and not self._rebinds(stmt.names)
                self.frame.declare(*stmt.names)
                if typed:
                    self.frame.cheap.update(stmt.names)
            elif isinstance(stmt, ast.Repeat) and stmt.name:
                self.frame.declare(stmt.name)
            for block in blocks:
                self._walk_rule(block, visit)
            if isinstance(stmt, ast.For):
                self.frame.cheap.difference_update(stmt.names)

    def _walk_expression(self, e, visit) -> None:
        visit(e)
        if isinstance(e, ast.Comprehension):
            with self._in(self.frame.inner()):
                for clause in e.clauses:
                    self._walk_expression(clause.iterable, visit)
                    self._declare_clause(clause)
                    if clause.cond is not None:
                        self._walk_expression(clause.cond, visit)
                self._walk_expression(e.element, visit)
        elif isinstance(e, ast.Lambda):
            with self._in(self.frame.inner(e.param)):
                self._walk_expression(e.body, visit)
        else:
            for child in ast.children(e):
                self._walk_expression(child, visit)

    def _answer(self, name: str) -> Facts:
        """What procedure `name` answers, wherever it is called: what every value its `return`s
        give is where it stands in the procedure (`ranking(pieces, key)` answers no more owners
        than its zone holds pieces), its parameters that always hold a zone or a cheap function
        known (bounded.py). Worked out once; while it is, a call of the procedure itself (a
        procedure calling itself) answers nothing known."""
        known = self.answers.get(name)
        if known is None:
            proc = self.parts[name]
            self.answers[name] = UNKNOWN
            with self._global_scope(), self._in(self._proc_frame(proc)):
                found = list(self._returned(statements_of(proc)))
            known = self.answers[name] = Facts(*(all(getattr(f, fact) for f in found) for fact in _FACTS))
        return known

    def _returned(self, body):
        """The facts (`Facts`) of each value `body` returns, each asked where it stands: the `let`s
        before it known as the code generator knows them; `return` alone answers none."""
        for stmt in body:
            if isinstance(stmt, ast.Let):
                self._let_facts(stmt)
            elif isinstance(stmt, ast.Return):
                yield _NONE if stmt.value is None else self._facts_of(stmt.value)
            elif isinstance(stmt, ast.For):
                self.frame.declare(*stmt.names)
            for block in _blocks(stmt):
                yield from self._returned(block)


def _root(target) -> str | None:
    """The name an assignment's target changes (`v`, `v[i]`, `v[i][j]`)."""
    while isinstance(target, ast.Index):
        target = target.target
    return target.id if isinstance(target, ast.Name) else None


def _blocks(stmt) -> list:
    """The blocks of statements a statement holds (an `if`'s, a loop's, a `turn`'s)."""
    blocks = [getattr(stmt, "body", None), getattr(stmt, "orelse", None)]
    blocks += [clause.body for clause in getattr(stmt, "elifs", ())]
    return [block for block in blocks if isinstance(block, (list, tuple))]

