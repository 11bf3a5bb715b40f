"""What going through a value takes, as the code generator asks it: whether a value is bounded
(`_bounded`, in expressions.py), cheap to compare (`_cheap`: a number, a piece, a zone, what the
rules write, a short list of such), of cheap items (`_cheap_items`), or made right here, its
items counted as they were made (`_made_here`). The game's budget counts what a built-in, a
comparison, `in` or a text goes through (interpreter/running/budget.py); where the compiler
proves one of these, it writes no count, and the common case runs as fast as before.

A part of the code generator (compiler.py), which it is mixed into, since the answers depend
on where an expression stands: the frame knows the steady locals, the loop variables, the
parameters of a procedure written in place (`Facts`). What holds across procedures, what each
procedure answers and what every call gives its parameters, is interprocedural.py's: it asks
these predicates of each `return` and each argument where it stands.
"""

from __future__ import annotations

from contextlib import contextmanager

import attrs

from ...dsl import ast
from ...dsl.builtins import ANY, BUILTINS, GLOBAL_VALUES, LIST, NUMBER, PLAIN
from ...dsl.check_expressions import ENGINE_ATTRIBUTES
from .bounded import roots
from .source import Frame

# Expressions whose value is a truth, a number or a function, whatever their operands.
_ALWAYS_CHEAP = (ast.Literal, ast.Compare, ast.InOp, ast.NotIn, ast.NotOp, ast.Negate, ast.Lambda, ast.Play)


@attrs.frozen(slots=True)
class Facts:
    """What the argument a parameter of a procedure written in place stands for is, where the
    call is (`Expressions._inline`): the predicates of its name in the body; and what a procedure
    answers, or a call gives a parameter, wherever it is (interprocedural.py)."""

    bounded: bool = False
    cheap: bool = False
    cheap_items: bool = False
    made_here: bool = False
    fixed: bool = False


UNKNOWN = Facts()
"""Nothing known of a value: a name no call stands for, an answer not yet worked out."""
CONSTANT = Facts(cheap=True, cheap_items=True, fixed=True)
"""A param or part made when the rules are compiled: a value the rules write."""


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
        return self.substitution_facts.get(name, UNKNOWN)

    def _inlined(self, e) -> bool:
        """Whether `e` is a call of a procedure written in place of the call (`_inlines`)."""
        if not isinstance(e, ast.Call) or self._is_local(e.func.id) or e.func.id in self.substitutions:
            return False
        proc = self.parts.get(e.func.id)
        return isinstance(proc, ast.Proc) and self._inlines(proc, e.args)

    def _facts_of(self, e) -> Facts:
        """The facts of the value of `e`, here (a `let`'s, an argument's, an answer's)."""
        return Facts(self._bounded_value(e), self._cheap(e), self._cheap_items(e), self._made_here(e), self._fixed(e))

    def _called(self, e) -> bool:
        """Whether `e` is a call of a procedure (a declared one, not a local's function)."""
        return isinstance(e, ast.Call) and not self._is_local(e.func.id) and e.func.id not in self.substitutions \
            and isinstance(self.parts.get(e.func.id), ast.Proc)

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


def statements_of(proc: ast.Proc) -> list:
    """A procedure's statements without its docstring."""
    return [stmt for stmt in proc.body if not (isinstance(stmt, ast.ExprStmt) and isinstance(stmt.expr, ast.Literal))]
