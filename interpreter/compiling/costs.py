"""What going through a value takes, as the code generator asks it: whether a value is bounded
(`_bounded`, in expressions.py), cheap to compare (`_cheap`: a number, a piece, a zone, what the
rules write, a short list of such), of cheap items (`_cheap_items`), or made right here, its
items counted as they were made (`_made_here`). The game's budget counts what a built-in, a
comparison, `in` or a text goes through (interpreter/running/budget.py); where the compiler
proves one of these, it writes no count, and the common case runs as fast as before.

A part of the code generator (compiler.py), which it is mixed into, since the answers depend
on where an expression stands: the frame knows the steady locals, the loop variables, the
parameters of a procedure written in place (`Facts`). Across procedures it works out what each
procedure answers (`_answer`) and what every call gives its parameters (`_call_facts`):

    proc ranking(pieces, key):                  # pieces: always a zone (bounded.zone_params)
        let scored = [(key(mine), o) for o, mine in by_owner(pieces)]     # key: cheap answers
        return [o for k, o in sorted(scored, desc = true) if count(keys, k) == 1]
    ...
    let ranking = ranking(field[c], mine => weight(mine))    # bounded, cheap: `o in ranking`
                                                             # compares as it is
"""

from __future__ import annotations

from contextlib import contextmanager

import attrs

from ...dsl import ast
from ...dsl.builtins import ANY, BUILTINS, GLOBAL_VALUES, LIST, NUMBER, PLAIN
from ...dsl.check_expressions import ENGINE_ATTRIBUTES
from .bounded import rebound, roots, rule_params
from .purity import bound_names
from .source import Frame

# Expressions whose value is a truth, a number or a function, whatever their operands.
_ALWAYS_CHEAP = (ast.Literal, ast.Compare, ast.InOp, ast.NotIn, ast.NotOp, ast.Negate, ast.Lambda, ast.Play)


@attrs.frozen(slots=True)
class Facts:
    """What the argument a parameter of a procedure written in place stands for is, where the
    call is (`Expressions._inline`): the predicates of its name in the body."""

    bounded: bool = False
    cheap: bool = False
    cheap_items: bool = False
    made_here: bool = False
    fixed: bool = False


_UNKNOWN = Facts()
_NONE = Facts(True, True, True, True, True)
_FACTS = tuple(field.name for field in attrs.fields(Facts))
CONSTANT = Facts(cheap=True, cheap_items=True, fixed=True)
"""A param or part made when the rules are compiled: a value the rules write."""


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


class Costs:
    """The predicates of what going through a value takes; see the module docstring."""

    def _short_walk(self, node) -> bool:
        """Whether going once through `node` needs no count: bounded anyway, counted as it was
        made, or cheap (a cheap value is short: comparing one would go through it)."""
        return self._bounded(node) or self._made_here(node) or self._cheap(node)

    def _made_here(self, e) -> bool:
        """Whether `e` makes a list whose items were counted as they were made (a comprehension,
        a list written out, a built-in's new list, `+` and `*` of lists): going through it again
        takes no longer than making it did."""
        if isinstance(e, ast.Name) and e.id in self.substitutions:
            return self._facts(e.id).made_here
        if self._inlined(e):
            with self._as_inlined(e) as body:
                return self._made_here(body)
        if self._called(e):
            # A remembered answer comes back again without being made again.
            return self._answer(e.func.id).made_here and not self._remembers(e)
        if isinstance(e, (ast.Comprehension, ast.List, ast.Tuple)):
            return True
        if isinstance(e, ast.Binary) and e.op in ("+", "*"):
            return not (self._surely_number(e.left) or self._surely_number(e.right))
        return isinstance(e, ast.Call) and self._is_builtin_call(e, e.func.id) and BUILTINS[e.func.id].returns == LIST

    def _short(self, e) -> bool:
        """Whether going through `e` is bounded: `_bounded`, or a value the rules write (`_cheap`)."""
        return self._bounded(e) or self._cheap(e)

    def _cheap(self, e) -> bool:
        """Whether comparing the value of `e` with anything takes a bounded time: a number, truth,
        none, piece, zone, kind, part or function; a value the rules write (a literal, a param
        made of literals, a list or record of such); a short list of such (the seats, a
        comprehension through a zone). A comparison, `in` or `count` with one needs no count
        of what it goes through; of two values of which neither is cheap, whatever may hold
        lists holding lists (`s = [s, s]`, repeated), it counts their items first (budget.compare)."""
        if isinstance(e, _ALWAYS_CHEAP) or self._surely_number(e):
            return True
        if isinstance(e, (ast.List, ast.Tuple)):
            return all(self._cheap(item) for item in e.items)
        if isinstance(e, ast.Record):
            return all(self._cheap(f.value) for f in e.fields)
        if isinstance(e, (ast.AndOp, ast.OrOp)):
            return self._cheap(e.left) and self._cheap(e.right)
        if isinstance(e, ast.Conditional):
            return self._cheap(e.then) and self._cheap(e.orelse)
        if isinstance(e, ast.Binary):
            if e.op in ("-", "/", "//"):
                return True
            if e.op == "+":
                return self._surely_number(e.left) or self._surely_number(e.right) \
                    or self._cheap(e.left) and self._cheap(e.right)
            return self._surely_number(e.left) and self._surely_number(e.right)
        if isinstance(e, ast.Attribute):
            # A piece's or part's attribute (no record of the rules has a field of its name), or
            # a field of a value the rules write.
            return e.name in ENGINE_ATTRIBUTES and e.name not in self._record_fields() or self._cheap(e.target)
        if isinstance(e, ast.Index):
            return self._is_zone(e) or self._cheap_items(e.target)
        if isinstance(e, ast.Comprehension):
            return len(e.clauses) == 1 and self._bounded(e.clauses[0].iterable) and self._cheap_items(e)
        if isinstance(e, ast.Name):
            return self._cheap_name(e.id)
        if self._inlined(e):
            with self._as_inlined(e) as body:
                return self._cheap(body)
        if self._called(e):
            return self._answer(e.func.id).cheap
        if isinstance(e, ast.Call) and self._is_local(e.func.id):
            # A function a procedure is always given, whose answer is cheap (bounded.cheap_functions).
            return e.func.id in self.frame.cheap_results and e.func.id not in self.substitutions
        if isinstance(e, ast.Call) and self._is_builtin_call(e, e.func.id):
            builtin = BUILTINS[e.func.id]
            positional = [a for a in e.args if not isinstance(a, ast.Keyword)]
            if builtin.returns in (NUMBER, PLAIN):
                return True
            if builtin.returns == LIST:
                return self._bounded(e) and self._cheap_items(e)
            if builtin.returns == ANY and builtin.asks:
                return len(positional) > 2 and self._cheap_items(positional[2])
            if builtin.returns == ANY:
                # An item of its one argument (`first(xs)`, `max(xs)`), or one of its arguments.
                return self._cheap_items(positional[0]) if len(positional) == 1 else all(map(self._cheap, positional))
        return False

    def _record_fields(self) -> frozenset:
        """The names of the fields of every record the rules make (worked out once)."""
        if "record_fields" not in self.costs:
            rules = list(self.program.of_kind(ast.Proc)) + roots(self.program)
            self.costs["record_fields"] = frozenset(field.name for rule in rules for node in ast.walk(rule)
                                                    if isinstance(node, ast.Record) for field in node.fields)
        return self.costs["record_fields"]

    def _cheap_name(self, name: str) -> bool:
        if name in self.substitutions:
            return self._facts(name).cheap
        if self._is_local(name):
            return name in self.frame.cheap
        decl = self.parts.get(name)
        if isinstance(decl, ast.Var):
            return self._var_fixed(name)
        if isinstance(decl, ast.Param):
            with self._global_scope():
                return self._cheap(decl.default)
        return decl is not None or name in GLOBAL_VALUES or name in BUILTINS

    def _fixed(self, e) -> bool:
        """Whether the value of `e` is cheap (`_cheap`) and cannot change in place, so that a local
        or a var given it stays cheap whatever else is done: a number, text, truth, none, piece,
        zone (which only the operations change, within the pieces budget), kind, part or
        function, a param's value, a record, a tuple of these; a name that always holds one."""
        if isinstance(e, _ALWAYS_CHEAP) or self._surely_number(e):
            return True
        if isinstance(e, ast.Name):
            if e.id in self.substitutions:
                return self._facts(e.id).fixed
            if self._is_local(e.id):
                return e.id in self.frame.fixed
            decl = self.parts.get(e.id)
            if isinstance(decl, ast.Var):
                return self._var_fixed(e.id)
            return isinstance(decl, (ast.Zone, ast.Param, ast.Part, ast.PartKind, ast.Die, ast.Card, ast.Imaginary)) \
                or decl is None and e.id in BUILTINS
        if isinstance(e, (ast.Tuple, ast.Record)):
            return self._cheap(e) and all(map(self._fixed, e.items if isinstance(e, ast.Tuple) else
                                              [f.value for f in e.fields]))
        if isinstance(e, ast.Index):
            return self._is_zone(e)
        if isinstance(e, ast.Attribute):
            return self._cheap(e) and (e.name in ENGINE_ATTRIBUTES or self._fixed(e.target))
        if isinstance(e, ast.Conditional):
            return self._fixed(e.then) and self._fixed(e.orelse)
        if isinstance(e, (ast.AndOp, ast.OrOp)):
            return self._fixed(e.left) and self._fixed(e.right)
        if self._inlined(e):
            with self._as_inlined(e) as body:
                return self._fixed(body)
        if self._called(e):
            return self._answer(e.func.id).fixed
        return isinstance(e, ast.Call) and self._is_builtin_call(e, e.func.id) and BUILTINS[e.func.id].returns in (
            NUMBER, PLAIN)

    def _var_fixed(self, name: str) -> bool:
        """Whether var `name` always holds a fixed value (`_fixed`), as `_call_facts` found."""
        return name in self.fixed_vars

    def _cheap_items(self, e) -> bool:
        """Whether every item of `e` is cheap to compare (`_cheap`): a zone's pieces, the seats,
        a range's numbers, what `faces` or `owners_of` make, a list written of cheap items,
        a selection of these (`sorted`, `showing`, `without`), a comprehension of cheap items."""
        if isinstance(e, ast.Name):
            # A cheap list's items are cheap too.
            if e.id in self.substitutions:
                return self._facts(e.id).cheap_items or self._facts(e.id).cheap
            if self._is_local(e.id):
                return e.id in self.frame.cheap_items or e.id in self.frame.cheap
            decl = self.parts.get(e.id)
            if isinstance(decl, ast.Param):
                with self._global_scope():
                    return self._cheap_items(decl.default)
            return isinstance(decl, (ast.Zone, ast.PartKind)) or decl is None and e.id in ("players", "owners")
        if isinstance(e, ast.Range):
            return True
        if isinstance(e, ast.Index):
            return self._is_zone(e)
        if isinstance(e, (ast.List, ast.Tuple)):
            return all(self._cheap(item) for item in e.items)
        if isinstance(e, ast.Binary) and e.op == "+":
            return self._cheap_items(e.left) and self._cheap_items(e.right)
        if isinstance(e, ast.Binary) and e.op == "*":
            # `[0] * n`: the list's items, repeated.
            return self._cheap_items(e.left) and self._surely_number(e.right) \
                or self._surely_number(e.left) and self._cheap_items(e.right)
        if isinstance(e, ast.Conditional):
            return self._cheap_items(e.then) and self._cheap_items(e.orelse)
        if isinstance(e, ast.Comprehension):
            with self._in(self.frame.inner()):
                for clause in e.clauses:
                    self._declare_clause(clause)
                return self._cheap(e.element)
        if self._inlined(e):
            with self._as_inlined(e) as body:
                return self._cheap_items(body)
        if self._called(e):
            return self._answer(e.func.id).cheap_items
        if isinstance(e, ast.Call) and self._is_builtin_call(e, e.func.id) and e.args:
            name, first = e.func.id, e.args[0]
            if name in ("faces", "owners_of", "pieces"):
                return True
            if name == "by_owner":
                return self._bounded(first)
            if name == "zip":
                return len(e.args) == 2 and self._cheap_items(first) and self._cheap_items(e.args[1])
            return BUILTINS[name].no_longer and self._cheap_items(first)
        return False

    def _declare_clause(self, clause) -> None:
        """A comprehension's clause binds its names here: going through cheap items, they are cheap
        (a part of a cheap value is: `for o, mine in by_owner(cup)`)."""
        typed = self._cheap_items(clause.iterable)
        self.frame.declare(*clause.names)
        if typed:
            self.frame.cheap.update(clause.names)

    @contextmanager
    def _global_scope(self):
        """Where only the program's declarations are seen: a param's default, as it is made."""
        saved = self.substitutions, self.substitution_facts
        self.substitutions, self.substitution_facts = {}, {}
        try:
            with self._in(Frame([set()])):
                yield
        finally:
            self.substitutions, self.substitution_facts = saved

    def _facts(self, name: str) -> Facts:
        return self.substitution_facts.get(name, _UNKNOWN)

    def _inlined(self, e) -> bool:
        """Whether `e` is a call of a procedure written in place of the call (`_inlines`)."""
        if not isinstance(e, ast.Call) or self._is_local(e.func.id) or e.func.id in self.substitutions:
            return False
        proc = self.parts.get(e.func.id)
        return isinstance(proc, ast.Proc) and self._inlines(proc, e.args)

    def _handed_function(self, proc: ast.Proc, index: int, arg) -> str | None:
        """`x => weight(x)` handed to a parameter of `proc` that it only ever calls with cheap
        arguments (a group of a zone's pieces: `key(mine)`): the built-in itself, one call less
        for each use, since what it goes through is short (`_applied_only`). Else None: the
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
                        slot.append(self._facts_of(e.args[index]) if index < len(e.args) else _UNKNOWN)
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

    def _facts_of(self, e) -> Facts:
        """The facts of the value of `e`, here (a `let`'s, an argument's, an answer's)."""
        return Facts(self._bounded_value(e), self._cheap(e), self._cheap_items(e), self._made_here(e), self._fixed(e))

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

    def _called(self, e) -> bool:
        """Whether `e` is a call of a procedure (a declared one, not a local's function)."""
        return isinstance(e, ast.Call) and not self._is_local(e.func.id) and e.func.id not in self.substitutions \
            and isinstance(self.parts.get(e.func.id), ast.Proc)

    def _answer(self, name: str) -> Facts:
        """What procedure `name` answers, wherever it is called: what every value its `return`s
        give is where it stands in the procedure (`ranking(pieces, key)` answers no more owners
        than its zone holds pieces), its parameters that always hold a zone or a cheap function
        known (bounded.py). Worked out once; while it is, a call of the procedure itself (a
        procedure calling itself) answers nothing known."""
        known = self.answers.get(name)
        if known is None:
            proc = self.parts[name]
            self.answers[name] = _UNKNOWN
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

    @contextmanager
    def _substituted(self, proc: ast.Proc, codes: dict, arg_nodes):
        """Write (or ask about) `proc`'s body in place of a call: its parameters are `codes`, the
        arguments' code, and have the facts of `arg_nodes` where the call is."""
        facts = {p: attrs.evolve(self._facts_of(a), bounded=self._bounded(a)) for p, a in zip(proc.params, arg_nodes)}
        saved = self.substitutions, self.substitution_facts
        self.substitutions, self.substitution_facts = codes, facts
        self.inlining.add(proc.name)
        try:
            with self._in(Frame([set()], yielding=self.frame.yielding)) as frame:
                yield frame
        finally:
            self.inlining.discard(proc.name)
            self.substitutions, self.substitution_facts = saved

    @contextmanager
    def _as_inlined(self, e):
        """The body of the procedure `e` calls, to be asked what it is (`_bounded`, `_cheap`...)
        as it is where `e` is: its parameters stand for what the arguments are here."""
        proc = self.parts[e.func.id]
        with self._substituted(proc, {p: "" for p in proc.params}, e.args):
            yield statements_of(proc)[0].value


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


def statements_of(proc: ast.Proc) -> list:
    """A procedure's statements without its docstring."""
    return [stmt for stmt in proc.body if not (isinstance(stmt, ast.ExprStmt) and isinstance(stmt.expr, ast.Literal))]
