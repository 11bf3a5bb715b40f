"""Expressions of the rules as Python expressions: names resolved at compile time (a local, a
param, a zone, a built-in), calls of procedures inlined, remembered or paused, comprehensions,
built-ins, comparisons and texts counted against the game's budget where what they go
through is not bounded anyway (`_bounded`, `_cheap`). A part of the code generator
(compiler.py), which it is mixed into: the methods read the compiler's frame, program and
analyses."""

from __future__ import annotations

from ...dsl import ast
from ...dsl.builtins import BUILTINS, WORD_OPTIONS
from ...dsl.errors import Diagnostic, RulesError
from ...dsl.limits import MAX_MEMBERS
from ..running.budget import SHORT
from .costs import statements_of
from .names import attribute, named

_GLOBAL_VALUES = {"players": "g.players", "num_players": "g.n", "owners": "g.owners"}
_COMPARE = {"==": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
# The functions of module operator that compare as each operator does (budget.compare).
_COMPARED = {"==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}


class Expressions:
    """The `e_NODE` methods of the code generator, and what they ask of an expression."""


    def expr(self, e) -> str:
        if self.common and e in self.common and not self.inlining:
            return self._kept(e, self.common[e]) if type(self.common[e]) is int else self.common[e]
        return getattr(self, "e_" + type(e).__name__)(e)

    def _is_local(self, name: str) -> bool:
        return self.frame.knows(name)

    def e_Name(self, e):
        name = e.id
        if self._is_local(name):
            return f"l_{name}"
        if name in self.substitutions:
            return self.substitutions[name]
        decl = self.parts.get(name)
        if isinstance(decl, ast.Param):
            value = _literal_value(decl.default)
            if value is _NOT_LITERAL:
                return f"g.p_{name}"
            return f"({value!r})" if repr(value).startswith("-") else repr(value)
        if isinstance(decl, ast.Zone):
            return f"g.z_{name}"
        if isinstance(decl, ast.Var):
            return f"g.v_{name}"
        if isinstance(decl, ast.Imaginary):
            return f"g.i_{name}"
        if isinstance(decl, (ast.Die, ast.Card)):
            return f"g.k_{name}"
        if isinstance(decl, (ast.Part, ast.PartKind)):
            return f"g.t_{name}"
        if name in _GLOBAL_VALUES:
            return _GLOBAL_VALUES[name]
        if name in BUILTINS:
            return BUILTINS[name].python_name
        return f"l_{name}"

    def e_Literal(self, e):
        return repr(e.value)

    def e_Interpolated(self, e):
        return self._text(e)

    def _text(self, e) -> str:
        """A text of the rules: what it interpolates written within the game's budget (its
        steps and its size: `"{t}{t}"` doubles `t`, budget.text)."""
        if isinstance(e, ast.Literal):
            return repr(str(e.value))
        if not isinstance(e, ast.Interpolated):
            return f"show(g, {self.expr(e)})"
        parts = [repr(p) if isinstance(p, str) else f"show(g, {self.expr(p)})" for p in e.parts]
        if all(isinstance(p, str) or self._cheap(p) for p in e.parts):
            # Each part a number, a name, a text the rules write: no longer than the rules make it.
            return "''.join((" + ", ".join(parts) + ",))"
        return "text(g, (" + ", ".join(parts) + ",))"

    def e_Lambda(self, e):
        body = e.body
        if isinstance(body, ast.Call) and len(body.args) == 1 and isinstance(body.args[0], ast.Name) \
                and body.args[0].id == e.param and self._is_builtin_call(body, body.func.id) \
                and not BUILTINS[body.func.id].game and not BUILTINS[body.func.id].walks:
            # `n => abs(n)` is the built-in itself: one call less for each use. One that goes
            # through its argument is called in the lambda, which counts that.
            return BUILTINS[body.func.id].python_name
        if isinstance(body, ast.Attribute) and isinstance(body.target, ast.Name) and body.target.id == e.param:
            # `c => c.value`, the usual sort key, reads the attribute without a Python call.
            self.getters.add(body.name)
            return named("get", body.name)
        with self._in(self.frame.inner(e.param)):
            return f"(lambda l_{e.param}: {self.expr(e.body)})"

    def e_Conditional(self, e):
        return f"({self.expr(e.then)} if {self.expr(e.cond)} else {self.expr(e.orelse)})"

    def e_OrOp(self, e):
        return f"({self.expr(e.left)} or {self.expr(e.right)})"

    def e_AndOp(self, e):
        return f"({self.expr(e.left)} and {self.expr(e.right)})"

    def e_NotOp(self, e):
        return f"(not {self.expr(e.operand)})"

    def e_Compare(self, e):
        if e.op in ("==", "!=") and any(self._is_zone(side) or self._is_part(side) or _is_none(side)
                                        for side in (e.left, e.right)):
            # A zone or a part equals only itself (values.Zone, values.Part), and `none` only
            # `none`: said directly.
            return f"({self.expr(e.left)} {'is' if e.op == '==' else 'is not'} {self.expr(e.right)})"
        left, right = self.expr(e.left), self.expr(e.right)
        if self._cheap(e.left) or self._cheap(e.right):
            return f"({left} {_COMPARE[e.op]} {right})"
        # Neither side is known to be small: both may hold lists holding lists (`s = [s, s]`,
        # repeated), so what the comparison goes through is counted first; but a name that
        # holds a number or none (budget.ATOMS) is tested for one first, where reading it
        # again changes nothing.
        counted = f"compare(g, {_COMPARED[e.op]}, {left}, {right})"
        for side, code in ((e.left, left), (e.right, right)):
            if isinstance(side, ast.Name):
                return f"({left} {_COMPARE[e.op]} {right} if type({code}) in ATOMS else {counted})"
        return counted

    def e_InOp(self, e):
        return self._membership(e, "in")

    def e_NotIn(self, e):
        return self._membership(e, "not in")

    def _membership(self, e, op: str) -> str:
        """`x in xs`: as it is where going through `xs` is bounded and each comparison is (a
        cheap `x`, or cheap items); else through `budget.within`, which counts it first (and
        answers a whole number in a range from its ends)."""
        item, items = self.expr(e.left), self.expr(e.right)
        if self._short(e.right) and (self._cheap(e.left) or self._cheap_items(e.right)):
            return f"({item} {op} {items})"
        test = f"within(g, {item}, {items})"
        counted = test if op == "in" else f"(not {test})"
        atom = "" if self._cheap(e.left) else f"type({item}) in ATOMS and " if isinstance(e.left, ast.Name) else None
        if atom is not None and isinstance(e.right, ast.Name) and e.right.id not in self.substitutions and (
                self._is_local(e.right.id) or not any(isinstance(node, (ast.Call, ast.Play)) for node in ast.walk(e.left))):
            # A list of a few items (budget.SHORT) is gone through as the seats are: a name holding
            # one, read again (a var's where no rule runs in between), for a cheap item or a name
            # holding a number.
            return f"({item} {op} {items} if {atom}type({items}) in LISTS and len({items}) <= {SHORT} else {counted})"
        return counted

    def e_Range(self, e):
        return f"range({self.expr(e.low)}, {self.expr(e.high)} + 1)"

    def e_Binary(self, e):
        if e.op == "*" and not (self._surely_number(e.left) and self._surely_number(e.right)
                                and (self._literal(e.left) or self._literal(e.right))):
            # What `*` makes can be far larger than what it is given (`[1] * n`, `x * x`): its
            # size is checked against the game's budget first.
            return f"times(g, {self.expr(e.left)}, {self.expr(e.right)})"
        if e.op == "+" and not (self._surely_number(e.left) or self._surely_number(e.right)) \
                and not (self._short_walk(e.left) and self._short_walk(e.right)):
            # Two lists or texts joined: the size made is checked, the items copied counted
            # (`s = s + s` doubles `s`).
            return f"plus(g, {self.expr(e.left)}, {self.expr(e.right)})"
        if e.op == "**":
            # A power makes a number far larger than what it is given (`2 ** n`): its digits are
            # checked against the game's budget first, and it is of numbers only.
            return f"power(g, {self.expr(e.left)}, {self.expr(e.right)})"
        if e.op == "%" and not self._surely_number(e.left):
            # Python's `%` of a text formats it (`"%999999999d" % 1`): the language's `%` is of numbers.
            return f"remainder({self.expr(e.left)}, {self.expr(e.right)})"
        return f"({self.expr(e.left)} {e.op} {self.expr(e.right)})"

    def _global(self, e):
        """The declaration a name of the rules stands for here (not a local, nor a parameter of a
        procedure being inlined), else None."""
        if isinstance(e, ast.Name) and not self._is_local(e.id) and e.id not in self.substitutions:
            return self.parts.get(e.id)
        return None

    def _literal(self, e) -> bool:
        """Whether `e` is a number written in the rules: a literal, or a param whose value is one."""
        decl = self._global(e)
        return isinstance(e, ast.Literal) or isinstance(decl, ast.Param) and type(_literal_value(decl.default)) in (int, float)

    def _surely_number(self, e) -> bool:
        """Whether `e` is a number for certain: what `_is_number` knows, a param whose value is
        a number, and a var, or an entry of a family of vars, whose entries are always numbers
        (scored.number_vars)."""
        if self._literal(e):
            return True
        decl = self._global(e.target if isinstance(e, ast.Index) else e)
        if isinstance(decl, ast.Var) and decl.name in self.number_vars:
            return (decl.shape is not None) == isinstance(e, ast.Index)
        return self._is_number(e)

    def e_Negate(self, e):
        return f"(-{self.expr(e.operand)})"

    def e_Call(self, e):
        name = e.func.id
        self._declared_keywords(e)
        args = [self.expr(a) for a in e.args]
        if self._is_local(name):
            return f"l_{name}({', '.join(args)})"
        if name in self.substitutions:
            # A parameter of a procedure being inlined that holds a function (`f(x)`).
            return f"{self.substitutions[name]}({', '.join(args)})"
        decl = self.parts.get(name)
        if isinstance(decl, ast.Proc):
            if self._inlines(decl, e.args):
                return self._inline(decl, args, e.args)
            args = [self._handed_function(decl, index, arg) or code for index, (arg, code) in enumerate(zip(e.args, args))]
            if self._remembers(e):
                return self._remembered_call(e, "remembered", args)
            return self._paused(self._may_ask(name in self.asking.procs, e), f"{named('pr', name)}(g, {', '.join(args)})")
        if isinstance(decl, ast.Phase):
            return self._paused(self._may_ask(name in self.asking.phases, e), f"{named('ph', name)}(g)")
        builtin = BUILTINS[name]
        args = self._walked(builtin, e, args)
        if builtin.asks and builtin.walks and builtin.walks[0] < len(e.args) \
                and not self._never_repeats(e.args[builtin.walks[0]]):
            # The options it offers, each once (runtime.once): equal ones lead to the same game.
            cheap = ", True" if self._cheap_items(e.args[builtin.walks[0]]) else ""
            args[builtin.walks[0]] = f"once({args[builtin.walks[0]]}{cheap})"
        if builtin.python:
            if len(e.args) == 1 and builtin.one_pass and _projects(e.args[0]) and args[0].startswith("list("):
                # Through the items once: no list of them is needed.
                return f"{name}({args[0][len('list('):-1]})"
            return f"{name}({', '.join(args)})"
        if builtin.inline:
            return builtin.inline.format(*args)
        if builtin.asks and self.pausing and self._may_ask(True, e):
            # The option, or what the driver answers if the game must pause for it (runtime.PAUSE).
            chosen = f"_chosen{self.chosen}"
            self.chosen += 1
            self.frame.yielded = True
            return (f"({chosen} if ({chosen} := {builtin.python_name}(g, {', '.join(args)})) is not PAUSE "
                    f"else (yield from g.paused()))")
        if builtin.game:
            return f"{builtin.python_name}(g, {', '.join(args)})"
        if name == "sorted":
            # Python's own sort, called directly: `desc = true` is its `reverse`.
            options = [self._sort_key(a.value, e.args[0]) if a.name == "key" else self.expr(a) if a.name != "desc"
                       else "reverse=" + (repr(a.value.value) if isinstance(a.value, ast.Literal)
                                          and type(a.value.value) is bool else f"bool({self.expr(a.value)})")
                       for a in e.args[1:]]
            return f"sorted({', '.join([args[0]] + options)})"
        if name == "faces":
            # As the built-in has it, without a call: the distinct faces, low to high.
            return f"sorted({{_p.face for _p in {args[0]}}})"
        if name == "showing" and _plain_operand(args[1]):
            return f"[_p for _p in {args[0]} if _p.face == {args[1]}]"
        return f"{builtin.python_name}({', '.join(args)})"

    def _declared_keywords(self, e) -> None:
        """Named arguments go only to a built-in that declares them (`sorted(xs, desc = true)`),
        so no name from the rules becomes a keyword of another Python call. The checker says
        so first; this makes it hold by construction."""
        builtin = BUILTINS.get(e.func.id) if self._is_builtin_call(e, e.func.id) else None
        for arg in e.args:
            if isinstance(arg, ast.Keyword) and (builtin is None or arg.name not in builtin.keywords):
                raise RulesError(Diagnostic(arg.span, f"`{e.func.id}` has no option `{arg.name}`",
                                            "named arguments are options of built-ins"))

    def _paused(self, asks: bool, call: str) -> str:
        """A call as an expression: `(yield from call)` if it can ask, else the call."""
        return f"({self._pause(True)}{call})" if asks else call

    def _may_ask(self, asks: bool, node) -> bool:
        """`asks`, where the code being written may pause; else a located error: a decision
        cannot be asked from inside a lambda, a list comprehension, a condition (`when`), a
        move's options, `value` or `score`, which the game evaluates without pausing."""
        if asks and not self.frame.yielding:
            raise RulesError(Diagnostic(node.span, "a decision (choose, play, or a rule that asks one) cannot be asked here",
                                        "ask it in a statement of a rule: `let x = choose(...)`, or a `for` loop "
                                        "instead of a list comprehension"))
        return asks

    def _is_zone(self, e) -> bool:
        """Whether `e` names a zone (`deck`, `field[k]`), whatever the game's state."""
        if isinstance(e, ast.Index):
            e, shaped = e.target, True
        else:
            shaped = False
        if not isinstance(e, ast.Name) or self._is_local(e.id) or e.id in self.substitutions:
            return False
        decl = self.parts.get(e.id)
        return isinstance(decl, ast.Zone) and (decl.shape is not None) == shaped

    def _is_part(self, e) -> bool:
        """Whether `e` names a part of a kind (`bonus` of `kind board`), which a dispatched handler compares with."""
        return isinstance(e, ast.Name) and not self._is_local(e.id) and e.id not in self.substitutions \
            and isinstance(self.parts.get(e.id), ast.Part)

    def _bounded(self, e) -> bool:
        """Whether going once through `e` is bounded without counting it: the seats and owners (at
        most a hundred), one zone (its pieces are bounded by the pieces budget, as a built-in's
        pass over a zone is), a range whose ends are known when the rules are compiled and
        that is no longer than a family may be (`low..high` of params), or a built-in's answer
        no longer than a first argument that is one of these (`faces(cup[p])`: its `no_longer`).
        Only a comprehension's first clause is left uncounted so: the passes of a clause
        inside another multiply, and are counted."""
        if isinstance(e, ast.Name) and e.id in _GLOBAL_VALUES and not self._is_local(e.id) \
                and e.id not in self.substitutions and e.id not in self.parts:
            return e.id != "num_players"
        if isinstance(e, ast.Name) and e.id in self.substitutions:
            return self._facts(e.id).bounded
        if isinstance(e, ast.Name) and e.id in self.frame.bounded:
            # A parameter always given a zone, a steady local given something bounded (bounded.py).
            return True
        if self._inlined(e):
            with self._as_inlined(e) as body:
                return self._bounded(body)
        if self._called(e):
            return self._answer(e.func.id).bounded
        if isinstance(e, ast.Call) and e.args and self._is_builtin_call(e, e.func.id) and BUILTINS[e.func.id].no_longer:
            return self._bounded(e.args[0])
        if isinstance(e, ast.Range):
            low, high = self._constant(e.low), self._constant(e.high)
            return low is not None and high is not None and high - low < MAX_MEMBERS
        return self._is_zone(e)

    def _constant(self, e) -> int | None:
        """The whole number `e` always is, where the compiler knows it (a literal, a param whose
        value is one, and their negations, sums and differences), else None. Params are fixed when the
        rules are loaded (`--set` included), so a param's value is its declared literal."""
        if isinstance(e, ast.Literal):
            return e.value if type(e.value) is int else None
        if isinstance(e, ast.Negate):
            value = self._constant(e.operand)
            return None if value is None else -value
        if isinstance(e, ast.Name):
            decl = self.parts.get(e.id)
            if isinstance(decl, ast.Param) and not self._is_local(e.id) and e.id not in self.substitutions:
                return self._constant(decl.default)
            return None
        if isinstance(e, ast.Binary) and e.op in ("+", "-"):
            left, right = self._constant(e.left), self._constant(e.right)
            if left is None or right is None:
                return None
            return left + right if e.op == "+" else left - right
        return None

    def _is_builtin_call(self, e, name: str) -> bool:
        return isinstance(e, ast.Call) and e.func.id == name and self._is_builtin_name(name)

    def _is_builtin_name(self, name: str) -> bool:
        """Whether `name` here names a built-in, not a local, a parameter or a declaration."""
        return name in BUILTINS and not self._is_local(name) and name not in self.substitutions and name not in self.parts

    def e_Keyword(self, e):
        if e.name in WORD_OPTIONS:
            # Words are computed only when someone reads them (interpreter/running/words.py).
            return f"{e.name}=lambda: {self.expr(e.value)}"
        return f"{e.name}={self.expr(e.value)}"

    def e_Index(self, e):
        return f"{self.expr(e.target)}[{self.expr(e.index)}]"

    def e_Attribute(self, e):
        return f"{self.expr(e.target)}.{attribute(e.name)}"

    def e_Tuple(self, e):
        return "(" + "".join(self.expr(i) + ", " for i in e.items) + ")"

    def e_List(self, e):
        return "[" + ", ".join(self.expr(i) for i in e.items) + "]"

    def e_Record(self, e):
        """A record keeps its fields' lists fixed (values.fixed), going through them to the last
        item: counted, but where a field is cheap."""
        fields = tuple(f.name for f in e.fields)
        name = self.records.setdefault(fields, f"rec{len(self.records)}")
        values = [self.expr(f.value) if self._cheap(f.value) else self._deep(f.value, self.expr(f.value)) for f in e.fields]
        return f"{name}({', '.join(values)})"

    def e_Comprehension(self, e):
        with self._in(self.frame.inner()):
            return self._comprehension(e)

    def _comprehension(self, e):
        if _projects(e):
            # `[b.value for b in won[p]]` reads one attribute of each item without a Python call:
            # no rule runs for an item, so it is counted as a built-in's walk is.
            self.getters.add(e.element.name)
            iterable = e.clauses[0].iterable
            code = self._walk_counted(iterable, self.expr(iterable), False)
            return f"list(map({named('get', e.element.name)}, {code}))"
        if _repeats(e) and self._bounded(e.clauses[0].iterable):
            # `[0 for p in players]`: one literal for each item, gone through uncounted anyway.
            return f"[{self.expr(e.element)}] * len({self.expr(e.clauses[0].iterable)})"
        clauses = []
        for index, clause in enumerate(e.clauses):
            iterable = self._clause_iterable(index, clause)
            self._declare_clause(clause)
            cond = f" if {self.expr(clause.cond)}" if clause.cond is not None else ""
            clauses.append(f"for {', '.join(f'l_{n}' for n in clause.names)} in {iterable}{cond}")
        element = self.expr(e.element)
        return f"[{element} {' '.join(clauses)}]"

    def _clause_iterable(self, index: int, clause) -> str:
        """What the `index`-th clause of a comprehension goes through, its passes spent unless
        they are bounded anyway (`_bounded`, or a cheap value, which is short: a first clause only)."""
        iterable = self.expr(clause.iterable)
        if self._is_builtin_call(clause.iterable, "zip"):
            # A comprehension goes through the pairs once: no list of them is needed.
            return "zip" + iterable[len(BUILTINS["zip"].python_name):]
        if index > 0 or not (self._bounded(clause.iterable) or self._cheap(clause.iterable)):
            return f"spend(g, {iterable})"
        return iterable

    def e_Play(self, e):
        return self._paused(self._may_ask(e.point in self.asking.points, e), f"{named('pt', e.point)}(g, {self.expr(e.player)})")


def _projects(e) -> bool:
    """Whether `e` is a comprehension that takes one attribute of each item: `[b.value for b in xs]`."""
    if not isinstance(e, ast.Comprehension) or len(e.clauses) != 1:
        return False
    clause = e.clauses[0]
    return clause.cond is None and len(clause.names) == 1 and isinstance(e.element, ast.Attribute) \
        and isinstance(e.element.target, ast.Name) and e.element.target.id == clause.names[0]


_NOT_LITERAL = object()


def _repeats(e) -> bool:
    """Whether a comprehension is one literal (a number, text, `none`: nothing that changes in
    place) for each item of one clause without a filter."""
    return isinstance(e.element, ast.Literal) and len(e.clauses) == 1 and e.clauses[0].cond is None \
        and len(e.clauses[0].names) == 1


def _literal_value(e):
    """The value of a literal written in the rules (or given with `--set`, which writes one):
    a number, text, true/false or none, also negated; `_NOT_LITERAL` for anything else. A param
    that is one is written into the code as that literal (constant propagation): the same in
    every game, and fixed once the rules are loaded."""
    if isinstance(e, ast.Negate):
        value = _literal_value(e.operand)
        return -value if type(value) in (int, float) else _NOT_LITERAL
    if isinstance(e, ast.Literal) and type(e.value) in (int, float, bool, str, type(None)):
        return e.value
    return _NOT_LITERAL


def _is_none(e) -> bool:
    return isinstance(e, ast.Literal) and e.value is None


def _plain_operand(code: str) -> bool:
    """Whether generated code is a name or a number, which a comprehension may read on every pass."""
    return code.isidentifier() or code.lstrip("-").isdigit()
