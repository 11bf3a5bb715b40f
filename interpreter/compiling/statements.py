"""Statements of the rules as Python statements: assignments with what checkpoints and the meter
must hear of them, the operations on pieces, and loops that spend the game's budget. A part of
the code generator (compiler.py), which it is mixed into."""

from __future__ import annotations

from collections import Counter

from ...dsl import ast
from ...dsl.builtins import BUILTINS
from ...dsl.check_expressions import PIECE_ATTRIBUTES
from . import inlined
from .asking import calls_choose
from .bounded import assigned, single_locals, steady_locals
from .names import named
from .expressions import statements_of
from .ownership import is_flat, is_number


def _zone_name(e) -> str | None:
    """The declared name an operand that names a zone (`deck`, `field[k]`) uses."""
    root = e.target if isinstance(e, ast.Index) else e
    return root.id if isinstance(root, ast.Name) else None


def _inert(e) -> bool:
    """Whether evaluating `e` can neither fail nor change anything: a name or a literal (the
    checker has made sure every name is bound)."""
    return isinstance(e, (ast.Name, ast.Literal))


def _cannot_fail(e, piece: str) -> bool:
    """Whether evaluating `e` inside a comprehension whose variable `piece` goes through a zone
    cannot fail: names, literals, that piece's attributes (every piece has them), and `==`/`!=`
    of these."""
    if _inert(e):
        return True
    if isinstance(e, ast.Attribute):
        return e.name in PIECE_ATTRIBUTES and isinstance(e.target, ast.Name) and e.target.id == piece
    if isinstance(e, ast.Compare):
        return e.op in ("==", "!=") and _cannot_fail(e.left, piece) and _cannot_fail(e.right, piece)
    return False


class Statements:
    """The `s_NODE` methods of the code generator, and the helpers of assignments and loops."""


    def block(self, body) -> None:
        for stmt in body:
            getattr(self, "s_" + type(stmt).__name__)(stmt)

    def _nested(self, body, names=()) -> None:
        self.frame.declare(*names)
        with self.out.indented():
            start = len(self.out.lines)
            self.block(body)
            if len(self.out.lines) == start:
                self.out.emit("pass")

    def s_Let(self, s):
        """A `let` nothing reads whose value cannot change the game is not computed, in every
        form (`let before = [d for d in field[f]]`, made for an event nobody handles); only the
        part of it that could fail is (`field[f]`)."""
        failing = self._only_failing(s.value) if s.name in self.frame.unread else None
        if failing is not None:
            for part in failing:
                self.out.emit(self.expr(part), s.span)
            self.frame.declare(s.name)
            return
        value = self.expr(s.value)
        self._let_facts(s)
        self.out.emit(f"l_{s.name} = {value}", s.span)

    def _let_facts(self, s) -> None:
        """A `let` binds its name here: a steady local (bound once, then only read) is what its
        value is (bounded, cheap, of cheap items: `_bounded`, `_cheap`)."""
        steady = s.name in self._steady()
        single = steady or s.name in self._single()
        facts = self._facts_of(s.value) if single else None
        self.frame.declare(s.name)
        if steady:
            frame = self.frame
            for known, names in ((facts.bounded, frame.bounded), (facts.cheap or facts.fixed, frame.cheap),
                                 (facts.cheap_items, frame.cheap_items), (facts.fixed, frame.fixed)):
                if known:
                    names.add(s.name)
        elif single and facts.fixed:
            # Handed on, but what cannot change in place stays as it is.
            self.frame.cheap.add(s.name)
            self.frame.fixed.add(s.name)

    def _steady(self) -> frozenset:
        """The steady locals of the rule being written (bounded.steady_locals), worked out once."""
        frame = self.frame
        if frame.steady is None:
            params, body = frame.rule
            key = (tuple(params), id(body))
            if key not in self.steady:
                self.steady[key] = steady_locals(params, body, self.read_only_params)
            frame.steady = self.steady[key]
        return frame.steady

    def _single(self) -> frozenset:
        """The locals of the rule being written bound once and never again (bounded.single_locals)."""
        params, body = self.frame.rule
        key = ("single", tuple(params), id(body))
        if key not in self.steady:
            self.steady[key] = single_locals(params, body)
        return self.steady[key]

    def _bounded_value(self, e) -> bool:
        """Whether a value is bounded as a pass over it is (`_bounded`), or a comprehension of one
        clause through such a value (no longer than it)."""
        if isinstance(e, ast.Comprehension):
            return len(e.clauses) == 1 and self._bounded(e.clauses[0].iterable)
        return self._bounded(e)

    def _unread(self, body) -> frozenset:
        """The names the `let`s of a rule's statements bind that none of them reads (the
        arguments of an event without a handler are not read: `s_Emit`)."""
        bound, read = set(), set()
        pending = list(body)
        while pending:
            node = pending.pop()
            if isinstance(node, ast.Let):
                bound.add(node.name)
            elif isinstance(node, ast.Name):
                read.add(node.id)
            if isinstance(node, ast.Emit) and not self._handled(node.event):
                pending.extend(arg for arg in node.args if not _inert(arg))
            else:
                pending.extend(ast.children(node))
        return frozenset(bound - read)

    def _only_failing(self, e) -> list | None:
        """For a value that cannot change the game and can fail only in evaluating a zone it
        goes through (`[d for d in field[f]]`): those parts, to be evaluated alone; None for
        any other value."""
        if _inert(e):
            return []
        if not isinstance(e, ast.Comprehension) or len(e.clauses) != 1:
            return None
        clause = e.clauses[0]
        if not self._is_zone(clause.iterable) or len(clause.names) != 1:
            return None
        if not all(_cannot_fail(part, clause.names[0]) for part in (e.element, clause.cond) if part is not None):
            return None
        return [clause.iterable] if isinstance(clause.iterable, ast.Index) else []

    def _handled(self, event: str) -> bool:
        return any(handler.event == event for handler in self.program.handlers)

    def s_Assign(self, s):
        """A piece's `.face` and `.owner` change through operations, which a look-ahead can undo;
        a var through an assignment the checkpoints hear of."""
        if isinstance(s.target, ast.Attribute) and s.target.name in ("face", "owner"):
            self.out.emit(f"set_{s.target.name}(g, {self.expr(s.target.target)}, {self.expr(s.value)})", s.span)
            return
        self._assign(s.target, "=", s.value, s.span)

    def s_Augmented(self, s):
        self._assign(s.target, s.op, s.value, s.span)

    s_Append = s_Add = s_Augmented

    def s_Assert(self, s):
        self.out.emit(f"if not ({self.expr(s.cond)}): raise AssertFailed({self._text(s.message)})", s.span)

    def _assign(self, target, op: str, value, span) -> None:
        """An assignment, with what checkpoints must hear of it (interpreter/lookahead/checkpoint.py):
        before, which var may change; after, if the value may hold lists from elsewhere
        (`a = b`, `a += [b]`), that the var now holds them."""
        o = self.out
        notices = self._vars_notices(target, value, extends=op == "+=")
        code = self._added(target, value) if op == "+=" else self.expr(value)
        if notices is None:
            o.emit(f"{self.expr(target)} {op} {code}", span)
            return
        before, after = notices
        if not self.books:
            o.emit(f"{self.expr(target)} {op} {code}", span)
        elif op == "-=" or is_flat(value, frozenset(BUILTINS) - self.frame.names()):
            o.emit(f"if g.open: {before}", span)
            o.emit(f"{self.expr(target)} {op} {code}", span)
        else:
            o.emit(f"_value = {code}", span)
            o.emit(f"if g.open: {before}", span)
            o.emit(f"{self.expr(target)} {op} _value", span)
            o.emit(f"if g.open and type(_value) in NESTED: {after}", span)
        mark = self._score_mark(target, op)
        if mark is not None:
            o.emit(mark, span)

    def _added(self, target, value) -> str:
        """The code of what `target += value` adds: as it is where it is a number (or the target
        one), or a list made here (so the target is a list, extended by what was counted as it was
        made); else through `budget.added`, which checks the size the target grows to and counts
        what is copied (a text grown in a loop is copied each pass). The target is read for it
        where reading it again can neither fail otherwise nor change anything."""
        code = self.expr(value)
        if self._surely_number(value) or self._surely_number(target) or self._makes_a_list(value) \
                or isinstance(value, (ast.List, ast.Comprehension)):
            return code
        root = target.target if isinstance(target, ast.Index) else target
        readable = isinstance(root, ast.Name) and (root is target or _inert(target.index))
        return f"added(g, {self.expr(target) if readable else 'None'}, {code})"

    def _score_mark(self, target, op: str) -> str | None:
        """What an assignment that may change a var tells the meter (interpreter/compiling/scored.py),
        None if it cannot change one the score reads: the seat whose key may change, where the
        score reads each seat's own (`cash[p] += 5` marks seat p; a `+=` that extended a list in
        place, which another seat's entry may hold too, marks every seat: a check at run time,
        unless the var's entries are never lists), else every seat (the var named, or, through
        a local, or in place through another var, that may hold a var's list, any)."""
        root = target
        while isinstance(root, ast.Index):
            root = root.target
        named = isinstance(root, ast.Name) and not self._is_local(root.id)
        if named and root.id not in self.scored_vars:
            # Changing a list in place (`x += [1]`, `x[i] = 1`) changes it for a scored var that
            # may hold the same list (`rows[p] = pool`).
            shared = (target is not root or op != "=") and root.id not in self.numeric_vars \
                and self.scored_vars - self.numeric_vars
            return "g.score_changed = -1" if shared else None
        if not self.scored_vars:
            return None
        if named and self.by_seat and isinstance(target, ast.Index) and target.target is root \
                and isinstance(target.index, ast.Name) and self._is_local(target.index.id):
            seat = f"g.seat_bits[{self.expr(target.index)}]"
            if op == "=" or root.id in self.numeric_vars:
                return f"g.score_changed |= {seat}"
            return f"g.score_changed |= {seat} if type({self.expr(target)}) is not list else -1"
        return "g.score_changed = -1"

    def _vars_notices(self, target, value, extends: bool) -> tuple[str, str] | None:
        """What to tell checkpoints before and after assigning `value` to `target`: about the
        var named (`var_changing`), or about any var when a local or parameter that may hold a
        var's list is changed (`vars_changing`); None when no var can change. `extends`: a
        `+=`, which extends a list in place (a local's list, or an item's, may be a var's)
        unless the value is a number."""
        anyone = ("vars_changing(g)", "vars_rebound(g)")
        root = target
        while isinstance(root, ast.Index):
            root = root.target
        if not isinstance(root, ast.Name):
            return anyone
        if not self._is_local(root.id):
            index = self.var_index[root.id]
            return f"var_changing(g, {index})", f"var_rebound(g, {index})"
        own = self.frame.own
        if root is target:
            return anyone if extends and root.id not in own.lists and not self._is_number(value) else None
        if target.target is root and root.id in own.lists:
            return anyone if extends and root.id not in own.flat and not self._is_number(value) else None
        return anyone

    def _is_number(self, e) -> bool:
        return is_number(e, frozenset(BUILTINS) - self.frame.names())

    def s_Put(self, s):
        """`put_pile` where what is put names a zone (`put supply[p] into rolled[p]`): no
        dispatch on the operand's type at run time. In a game without books, `put ... into`
        is written out (compiling/inlined.py)."""
        function = "put_under" if s.placement != "into" else "put_pile" if self._is_zone(s.pieces) else "put"
        pieces, zone = self.expr(s.pieces), self.expr(s.zone)
        if self.books or function == "put_under":
            self.out.emit(f"{function}(g, {pieces}, {zone})", s.span)
        elif function == "put_pile":
            distinct = _zone_name(s.pieces) != _zone_name(s.zone) and self._is_zone(s.zone)
            self._emit_lines(inlined.put_pile(pieces, zone, self._may_be_scored(s.pieces),
                                              self._may_be_scored(s.zone), distinct), s.span)
        else:
            self._emit_lines(inlined.put(pieces, zone, self._may_be_scored(s.zone)), s.span)

    def s_Roll(self, s):
        function = "roll_pile" if self._is_zone(s.pieces) else "roll"
        if function == "roll_pile" and not self.books:
            self._emit_lines(inlined.roll_pile(self.expr(s.pieces), self._may_be_scored(s.pieces)), s.span)
            return
        self.out.emit(f"{function}(g, {self.expr(s.pieces)})", s.span)

    def _emit_lines(self, lines: list[str], span) -> None:
        for line in lines:
            self.out.emit(line, span)

    def _may_be_scored(self, zone) -> bool:
        """Whether a change to the zone `zone` evaluates to may change a score: unless it names
        a declared zone the score does not read (compiling/scored.py)."""
        return not (self._is_zone(zone) and self.scored_zones is not None
                    and _zone_name(zone) not in self.scored_zones)

    def s_Shuffle(self, s):
        self.out.emit(f"shuffle(g, {self.expr(s.zone)})", s.span)

    def s_Deal(self, s):
        self.out.emit(f"deal(g, {self.expr(s.count)}, {self.expr(s.source)}, {self.expr(s.dest)})", s.span)

    def s_Create(self, s):
        owner = self.expr(s.owner) if s.owner is not None else "None"
        self.out.emit(f"create(g, g.k_{s.kind}, {self.expr(s.count)}, {owner}, {self.expr(s.zone)})", s.span)

    def s_CreateDeck(self, s):
        self.out.emit(f"create_deck(g, g.k_{s.kind}, g.deck_{s.kind}, {self.expr(s.zone)})", s.span)

    def s_Emit(self, s):
        """An event without a handler is not called: only its arguments that could fail or have an
        effect (anything but a name or a literal) are evaluated, in order, as the call would."""
        if not self._handled(s.event):
            for arg in s.args:
                if not _inert(arg):
                    self.out.emit(self.expr(arg), s.span)
            return
        args = ", ".join(self.expr(a) for a in s.args)
        pause = self._pause(self._may_ask(s.event in self.asking.events, s))
        self.out.emit(f"{pause}{self._emitted(s.event)}(g, {args})", s.span)

    def s_Say(self, s):
        self.out.emit(f"if g.log is not None: g.say({self._text(s.text)})", s.span)

    def s_Return(self, s):
        self.out.emit(f"return {self.expr(s.value)}" if s.value is not None else "return", s.span)

    def s_Break(self, s):
        self.out.emit("break", s.span)

    def s_Pass(self, s):
        self.out.emit("pass", s.span)

    def s_ExprStmt(self, s):
        proc = self._inlined_statement(s.expr)
        if proc is None:
            self.out.emit(self.expr(s.expr), s.span)
            return
        inner = statements_of(proc)[0]
        codes = {p: self.expr(a) for p, a in zip(proc.params, s.expr.args)}
        outer = self.frame
        with self._substituted(proc, codes, s.expr.args) as frame:
            self.out.emit(self.expr(inner.expr), inner.span)
        outer.yielded = outer.yielded or frame.yielded

    def _inlined_statement(self, e):
        """The procedure a call standing as a statement calls, if its body is one call or `play`
        written in its place (`take_turn(p)` -> `play turn_start by p`): one function call
        fewer. Where every argument is a name or a literal (nothing to fail, or to work out more
        often than the call would), the procedure cannot call itself (each of whose calls
        spends a step) and asks no `choose` of its own (whose rule is kept as frames)."""
        if not isinstance(e, ast.Call) or self._is_local(e.func.id) or e.func.id in self.substitutions:
            return None
        proc = self.parts.get(e.func.id)
        if not isinstance(proc, ast.Proc) or proc.name in self.inlining or proc.name in self.recursive.procs:
            return None
        body = statements_of(proc)
        if len(body) != 1 or not isinstance(body[0], ast.ExprStmt) or not isinstance(body[0].expr, (ast.Call, ast.Play)):
            return None
        if len(e.args) != len(proc.params) or not all(isinstance(a, (ast.Name, ast.Literal)) for a in e.args):
            return None
        return None if calls_choose(body) else proc

    def s_If(self, s):
        self.out.emit(f"if {self._test(s.cond, s.span)}:", s.span)
        self._nested(s.body)
        for clause in s.elifs:
            self.out.emit(f"elif {self.expr(clause.cond)}:", clause.span)
            self._nested(clause.body)
        if s.orelse is not None:
            self.out.emit("else:", s.span)
            self._nested(s.orelse)

    def s_For(self, s):
        """The loop goes through what the iterable held when it began, whatever its body changes."""
        counted = False
        if self._remembers(s.iterable):
            call = s.iterable
            zones = all(self._is_zone(a) for a in call.args)
            if not (call.args and zones and self.books):
                iterable = self._remembered_call(call, "recalled", [self.expr(a) for a in call.args])
            else:
                # The memory read right here, under the piles' stamps around the procedure;
                # remember.py's entry point only when it has no answer yet.
                piles = [f"_pile{k}" for k in range(len(call.args))]
                procedure = named('pr', call.func.id)
                self.out.emit(f"{', '.join(piles)}, = {''.join(self.expr(a) + ', ' for a in call.args)}", s.span)
                self.out.emit(f"_key = ({piles[0]}.stamp, {procedure}{''.join(f', {pile}.stamp' for pile in piles[1:])})",
                              s.span)
                self.out.emit("_known = g.remembered.get(_key)", s.span)
                iterable = (f"(_known[0] if _known is not None else "
                            f"recalled_piles(g, {procedure}, _key{''.join(', ' + pile for pile in piles)}))")
        else:
            iterable = self.expr(s.iterable)
            if not isinstance(s.iterable, (ast.Range, ast.List, ast.Comprehension)):
                if not (self._bounded(s.iterable) or self._made_here(s.iterable) or self._cheap(s.iterable)):
                    # What it goes through may be a range of a million million (from a name):
                    # counted, from its ends, before a copy of it is made.
                    self.out.emit(f"_items = {iterable}", s.span)
                    self.out.emit("g.steps += max(_items.stop - _items.start, 0) if type(_items) is range "
                                  "else len(_items)", s.span)
                    self.out.emit("if g.steps > g.step_budget: over_steps(g)", s.span)
                    iterable = "_items"
                    counted = True
                iterable = f"tuple({iterable})"
        targets = ", ".join(f"l_{n}" for n in s.names)
        if isinstance(s.iterable, ast.Range):
            self._range_spent(iterable, s.span, self._constant(s.iterable.low), self._constant(s.iterable.high))
        elif counted:
            self.out.emit(f"_items = {iterable}", s.span)
        else:
            # The passes spent where the loop starts, written out: no call for the most common loop.
            self.out.emit(f"_items = {iterable}", s.span)
            self.out.emit("g.steps += len(_items)", s.span)
            self.out.emit("if g.steps > g.step_budget: over_steps(g)", s.span)
        self.out.emit(f"for {targets} in _items:", s.span)
        typed = self._cheap_items(s.iterable) and not self._rebinds(s.names)
        self.frame.declare(*s.names)
        if typed:
            # Each pass binds the names to (parts of) a cheap item: cheap, but after the loop,
            # which may not have run.
            self.frame.cheap.update(s.names)
        self._nested(s.body)
        self.frame.cheap.difference_update(s.names)

    def _rebinds(self, names) -> bool:
        """Whether the rule being written binds or assigns one of `names` anywhere (then a loop's
        variable may hold something else in a later pass)."""
        body = self.frame.rule[1]
        key = ("rebinding", id(body))
        if key not in self.steady:
            nodes = [node for stmt in body for node in ast.walk(stmt)]
            # A comprehension's or a lambda's names are its own: they rebind nothing of the rule's.
            bound = Counter(n for node in nodes if isinstance(node, (ast.Let, ast.For, ast.Repeat))
                            for n in ([node.name] if isinstance(node, (ast.Let, ast.Repeat)) else node.names))
            self.steady[key] = frozenset(name for name, count in bound.items() if count > 1) | assigned(nodes)
        return bool(set(names) & self.steady[key])

    def _range_spent(self, iterable: str, span, low: int | None = None, high: int | None = None) -> None:
        """`_items = range(...)` with its passes spent, written out (a range's length taken from
        its ends: `len` of a range beyond the machine's integers fails, their difference does not);
        of ends the compiler knows (`_constant`: literals, params), the passes are a number."""
        self.out.emit(f"_items = {iterable}", span)
        if low is None or high is None:
            self.out.emit("if _items.stop > _items.start: g.steps += _items.stop - _items.start", span)
        elif high >= low:
            self.out.emit(f"g.steps += {high - low + 1}", span)
        self.out.emit("if g.steps > g.step_budget: over_steps(g)", span)

    def s_While(self, s):
        """Each pass spends a step of the game's budget: a loop that never ends is stopped, located.
        A condition worked out by loops of its own (`_folded`) is worked out at the top of
        each pass, where a `continue` also leads."""
        o = self.out
        if not self._folds(s.cond):
            o.emit(f"while {self.expr(s.cond)}:", s.span)
            o.emit("    g.steps += 1", s.span)
            o.emit("    if g.steps > g.step_budget: over_steps(g)", s.span)
            self._nested(s.body)
            return
        o.emit("while True:", s.span)
        with o.indented():
            o.emit(f"if not ({self._test(s.cond, s.span)}): break", s.span)
            o.emit("g.steps += 1", s.span)
            o.emit("if g.steps > g.step_budget: over_steps(g)", s.span)
            self.block(s.body)

    def s_Repeat(self, s):
        name = f"l_{s.name}" if s.name else "_"
        self._range_spent(f"range(1, {self.expr(s.count)} + 1)", s.span, 1, self._constant(s.count))
        self.out.emit(f"for {name} in _items:", s.span)
        self._nested(s.body, [s.name] if s.name else [])

