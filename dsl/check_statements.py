"""The checker's statements (a mixin of dsl/check.py's checker, beside the expressions of
dsl/check_expressions.py): what each statement of a rule's body may do, with its operands'
shapes checked, and the scopes its blocks open."""

from __future__ import annotations

from . import ast
from .ast import walk
from .builtins import BUILTINS
from .errors import did_you_mean
from .program import kind_word
from .shapes import FAMILY, NUMBER, RANGE, TEXT, UNKNOWN, ZONE, attribute_mistake, iteration_mistake, words


class StatementChecks:
    def block(self, body) -> None:
        for stmt in body:
            self.stmt(stmt)

    def stmt(self, s) -> None:
        method = getattr(self, "s_" + type(s).__name__)
        method(s)

    def s_Let(self, s):
        shape = self.expr(s.value)
        self._name_ok(s, s.name)
        self.scopes[-1][s.name] = UNKNOWN if s.name in self.reassigned else shape

    def s_Assign(self, s):
        self._target(s.target)
        self.expr(s.value)

    def s_Augmented(self, s):
        verb = {ast.Append: "append", ast.Add: "add"}.get(type(s), s.op)
        if isinstance(s.target, ast.Attribute):
            self.error(s, f"`{verb}` cannot change `.{s.target.name}` of a piece",
                       "turn a die with `d.face = ...` (the face must be one of its faces)")
            return
        self._target(s.target)
        if self.expr(s.value) == TEXT:
            self.error(s.value, f"`{verb}` needs a number, not text")

    s_Append = s_Add = s_Augmented

    def s_Assert(self, s):
        self.expr(s.cond)
        self.expr(s.message)

    def _target(self, target) -> None:
        if isinstance(target, ast.Name):
            if self._is_local(target.id):
                return
            decl = self.parts.get(target.id)
            if isinstance(decl, ast.Var) and decl.shape is None:
                return
            if isinstance(decl, ast.Var):
                self.error(target, f"`{target.id}` holds one value per index: assign to `{target.id}[...]`")
            elif decl is not None:
                self.error(target, f"cannot assign to {kind_word(decl)} `{target.id}`",
                           "only `var`s and `let` names change during play" if not isinstance(decl, ast.Param)
                           else "parameters are fixed for a game; change them with `--set` or `override param`")
            else:
                self.error(target, f"unknown name `{target.id}`", self._unknown_hint(target.id, "declare it with `var` or `let` first"))
        elif isinstance(target, ast.Index):
            base = target.target
            root = base
            while isinstance(root, ast.Index):
                root = root.target
            if isinstance(root, ast.Name) and not self._is_local(root.id):
                decl = self.parts.get(root.id)
                if isinstance(decl, ast.Zone):
                    self.error(target, f"the pieces of zone `{root.id}` cannot be assigned",
                               "pieces move with `put`, `deal` or `create`, which keep every piece in one zone")
                elif isinstance(decl, ast.Param):
                    self.error(target, f"cannot assign into param `{root.id}`",
                               "parameters are fixed for a game; change a copy: `let mine = [x for x in "
                               f"{root.id}]`")
                elif decl is not None and not isinstance(decl, ast.Var):
                    self.error(target, f"cannot assign into {kind_word(decl)} `{root.id}`",
                               "only the lists of `var`s and `let` names change during play: `v[i] = x`, `v[i][j] = x`")
                    self.expr(target.index)
                    return
            self.expr(base)
            self.expr(target.index)
        elif isinstance(target, ast.Attribute):
            mistake = attribute_mistake(self.expr(target.target), target.name)
            if mistake:
                self.error(target, *mistake)
            elif target.name not in ("face", "owner"):
                self.error(target, f"cannot set `.{target.name}` of a piece",
                           "only `.face` (turn a die) and `.owner` (hand a piece to another owner) can be set")
        else:
            self.error(target, "this cannot be assigned to", "assign to a name, `name[index]` or `die.face`")

    def s_Put(self, s):
        self._pieces(s.pieces, "`put`")
        self._zone(s.zone, "put")

    def s_Roll(self, s):
        self._pieces(s.pieces, "`roll`")

    def _pieces(self, e, verb: str) -> None:
        """What `put` and `roll` move: a piece, a list of pieces or a zone."""
        shape = self.expr(e)
        if shape in (NUMBER, TEXT, RANGE):
            self.error(e, f"{verb} needs pieces (a piece, a list of them or a zone), not {words(shape)}",
                       "name the pieces: a zone, `first(z)`, `showing(z, f)`, `[d for d in z if ...]`")
        elif shape == FAMILY:
            self._zone(e, verb.strip("`"))

    def s_Shuffle(self, s):
        self._zone(s.zone, "shuffle")

    def s_Deal(self, s):
        self._number(s.count, "deal")
        self._zone(s.source, "deal")
        self._zone(s.dest, "deal")

    def s_Create(self, s):
        if not isinstance(self.parts.get(s.kind), ast.Die):
            dice = [d.name for d in self.program.of_kind(ast.Die)]
            self.error(s, f"`create {s.kind} x ...`: no die is named `{s.kind}`",
                       did_you_mean(s.kind, dice) or "declare it: die NAME faces 1..6")
        self._number(s.count, "create")
        if s.owner is not None:
            self.expr(s.owner)
        self._zone(s.zone, "create")

    def s_CreateDeck(self, s):
        if not isinstance(self.parts.get(s.kind), ast.Card):
            cards = [d.name for d in self.program.of_kind(ast.Card)]
            self.error(s, f"`create deck {s.kind}`: no card is named `{s.kind}`",
                       did_you_mean(s.kind, cards) or "declare it: card NAME values 10 x 4, ...")
        self._zone(s.zone, "create")

    def s_Emit(self, s):
        event = self.parts.get(s.event)
        if not isinstance(event, ast.Event):
            events = [d.name for d in self.program.of_kind(ast.Event)]
            self.error(s, f"no event is named `{s.event}`", did_you_mean(s.event, events) or f"declare it: event {s.event}(...)")
        elif len(event.params) != len(s.args):
            self.error(s, f"`{s.event}` takes {len(event.params)} values, not {len(s.args)}",
                       f"declared as {s.event}({', '.join(event.params)})")
        shapes = [self.expr(arg) for arg in s.args]
        kind = self.dispatched_kind(event) if isinstance(event, ast.Event) else None
        if kind is not None and shapes and shapes[0] == TEXT:
            self.error(s.args[0], f"`{s.event}` concerns a {kind}, and this is text",
                       self._part_hint(kind, s.args[0]))

    def s_Say(self, s):
        self.expr(s.text)
        self._no_side_effects(s.text, "`say` text must not draw chance or ask for a decision",
                              "narration is skipped when games are simulated without a log; do it in a `let` first")

    def _no_side_effects(self, expr, message: str, hint: str) -> None:
        for node in walk(expr):
            called = node.func.id if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) else None
            # A built-in that draws chance or asks: `say` text is only computed when a game is logged.
            if isinstance(node, ast.Play) or called in BUILTINS and BUILTINS[called].changes:
                self.error(node, message, hint)

    def s_Return(self, s):
        if not self.in_proc:
            self.error(s, "`return` outside a procedure", "phases and hooks end at their last line; use `return` in a `proc`")
        if s.value is not None:
            self.expr(s.value)

    def s_Break(self, s):
        if self.loop_depth == 0:
            self.error(s, "`break` outside a loop", "`break` leaves a `for`, `while` or `repeat`; to end a procedure early, `return`")

    def s_Pass(self, s):
        pass

    def s_ExprStmt(self, s):
        self.expr(s.expr)

    def s_If(self, s):
        self.expr(s.cond)
        self._nested(s.body)
        for clause in s.elifs:
            self.expr(clause.cond)
            self._nested(clause.body)
        if s.orelse is not None:
            self._nested(s.orelse)

    def s_For(self, s):
        shape = self._items(s.iterable, "`for`")
        self._nested(s.body, s.names, loop=True, shape=self._element(s.iterable, shape) if len(s.names) == 1 else UNKNOWN)

    def s_While(self, s):
        self.expr(s.cond)
        self._nested(s.body, loop=True)

    def s_Repeat(self, s):
        self._number(s.count, "repeat")
        self._nested(s.body, [s.name] if s.name else [], loop=True, shape=NUMBER)

    def s_Turn(self, s):
        self.expr(s.player)
        self._nested(s.body)

    def _nested(self, body, names=(), loop=False, shape=UNKNOWN) -> None:
        self.scopes.append({name: UNKNOWN if name in self.reassigned else shape for name in names})
        self.loop_depth += loop
        self.block(body)
        self.loop_depth -= loop
        self.scopes.pop()

    def _zone(self, e, verb: str) -> None:
        shape = self.expr(e)
        if shape == FAMILY:
            self.error(e, f"`{verb}` needs one zone, and `{_show(e)}` is a family of zones",
                       f"pick one: `{_show(e)}[...]`")
        elif shape in (NUMBER, TEXT):
            self.error(e, f"`{verb}` needs a zone, not a {shape}")

    def _number(self, e, where: str) -> None:
        shape = self.expr(e)
        if shape == TEXT:
            self.error(e, f"{where} needs a number, not text", "write a whole number, or a param that holds one")
        elif shape in (ZONE, FAMILY):
            self.error(e, f"{where} needs a number, not a zone", f"write len({_show(e)}) for how many pieces it holds")

    def _items(self, e, where: str) -> str:
        """Check `e`, which is gone through item by item (`for`, `in`); its shape."""
        shape = self.expr(e)
        mistake = iteration_mistake(shape, where)
        if mistake:
            self.error(e, *mistake)
        return shape


def _show(e) -> str:
    return e.id if isinstance(e, ast.Name) else "it"
