"""Composed program -> checked program: every name, call and operand is checked before play.

All mistakes are collected, each with its place and a hint, and raised together:

    phase game:              error: unknown name `fieldz` (did you mean `field`?)
        put d into fieldz[1]

The checker knows the shapes of things (a zone, a family of zones `field[1..6]`, a number,
a text) well enough to catch what would otherwise fail mid-game; what it cannot know
statically (the type of a local) it lets through, and the interpreter locates it at run time.
"""

from __future__ import annotations

from . import ast
from .ast import walk
from .builtins import BUILTINS, GLOBAL_VALUES
from .program import SCORE, Program, kind_word
from .errors import Diagnostic, RulesError, Span, did_you_mean
from .check_expressions import ExpressionChecks
from .shapes import FAMILY, NUMBER, RANGE, TEXT, UNKNOWN, ZONE, attribute_mistake, element, iteration_mistake, words

RESERVED = {
    "if", "elif", "else", "for", "in", "while", "not", "and", "or", "let", "return", "break", "pass",
    "true", "false", "none", "play", "put", "roll", "shuffle", "deal", "create", "emit", "say",
    "repeat", "turn", "as", "into", "under", "from", "when", "by", "append", "add", "assert",
}


def check(program: Program) -> Program:
    """Return the program unchanged if it is sound; raise `RulesError` with all mistakes if not."""
    checker = _Checker(program)
    checker.run()
    if checker.errors:
        raise RulesError(checker.errors)
    return program


class _Checker(ExpressionChecks):
    def __init__(self, program: Program):
        self.program = program
        self.parts = program.parts
        self.points = {m.point for m in program.moves}
        self.errors: list[Diagnostic] = []
        # Per block, the local names in scope and the shape each holds (UNKNOWN if not known).
        self.scopes: list[dict[str, str]] = []
        # The locals that some `=` of the rule being checked assigns: their shape may change.
        self.reassigned: set[str] = set()
        self.loop_depth = 0
        self.in_proc = False
        # The field names of every record the rules make (`{kind: ..., n: ...}`): what `.name` may read besides a piece's attributes.
        self.fields = {f.name for root in _roots(program) for node in walk(root) if isinstance(node, ast.Record)
                       for f in node.fields}
        if program.of_kind(ast.Part):
            self.fields.add("name")

    def error(self, node, message: str, hint: str = "", related=()) -> None:
        self.errors.append(Diagnostic(node.span if node is not None else None, message, hint, related))

    # ------------------------------------------------------------ program level

    def run(self) -> None:
        self._check_required()
        self._check_binders()
        for decl in self.parts.values():
            self._declaration(decl)
        for move in self.program.moves:
            self.scopes = [{"player": NUMBER}]
            for param in move.params:
                self.scopes[-1][param.name] = element(self.expr(param.domain))
            if move.when is not None:
                self.expr(move.when)
            if move.shown is not None:
                self._words(move.shown.text)
                if move.shown.title is not None:
                    self.error(move.shown, "a move's options read as one text: `shown \"...\"`",
                               "a second text names a kind of piece (`die big ... shown \"{face}*\" \"big die\"`)")
            self._body(move.body, self.scopes[0], proc=True)
        for point in self.program.points.values():
            if point.name not in self.points:
                self.error(point, f"`point {point.name}`: no move is declared for `{point.name}`",
                           did_you_mean(point.name, self.points) or f"declare one: move NAME(...) for {point.name}: ...")
            self.scopes = [{"player": NUMBER}]
            self._words(point.prompt)
        moves = {m.name: m for m in self.program.moves}
        for forbid in self.program.forbids:
            move = moves.get(forbid.move)
            if move is None:
                self.error(forbid, f"`forbid {forbid.move}`: no move is named `{forbid.move}`",
                           did_you_mean(forbid.move, moves) or "forbid names a declared move")
                continue
            self.scopes = [dict.fromkeys([p.name for p in move.params], UNKNOWN) | {"player": NUMBER}]
            self.expr(forbid.when)
        for hook in self.program.hooks:
            target = self.parts.get(hook.target)
            if not isinstance(target, ast.Phase):
                phases = [d.name for d in self.program.of_kind(ast.Phase)]
                self.error(hook, f"`{hook.time} {hook.target}`: no phase is named `{hook.target}`",
                           did_you_mean(hook.target, phases) or "hooks attach to phases")
            if hook.when is not None:
                self.scopes = [{}]
                self.expr(hook.when)
            self._body(hook.body, set(), proc=False)
        for handler in self.program.handlers:
            event = self.parts.get(handler.event)
            if not isinstance(event, ast.Event):
                events = [d.name for d in self.program.of_kind(ast.Event)]
                self.error(handler, f"`on {handler.event}`: no event is named `{handler.event}`",
                           did_you_mean(handler.event, events) or f"declare it: event {handler.event}(...)")
            elif len(event.params) != len(handler.params):
                self.error(handler, f"`on {handler.event}` takes {len(event.params)} values, not {len(handler.params)}",
                           f"the event is declared as {handler.event}({', '.join(event.params)})")
            self.scopes = [dict.fromkeys(handler.params, UNKNOWN)]
            if handler.when is not None:
                self.expr(handler.when)
            self._body(handler.body, set(handler.params), proc=True)
        for item in self.program.asserts + self.program.nobody_wins:
            self.scopes = [set()]
            self.expr(item.cond)
            if isinstance(item, ast.Assertion):
                self.expr(item.message)
            self._no_side_effects(item.cond, "this condition must not draw chance or ask for a decision",
                                  "it reads the game's settings or its end; it cannot change them")
        self._check_sweeps()

    def _check_sweeps(self) -> None:
        """A kind's pieces are its declaring file's: another file may make more of them only if no
        third file takes every piece of the kind (`pieces(extra)`), which would sweep the newcomers
        into its own rule unawares.

            base.rules:  die extra ...        sweeper.rules: for d in pieces(extra): ...
            addon.rules: create extra x 1 into ...     <- error here, noting the sweeper's use
        """
        sweeps: dict[str, list] = {}
        creates = []
        for root in _roots(self.program):
            for node in walk(root):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "pieces" \
                        and len(node.args) == 1 and isinstance(node.args[0], ast.Name) and node.span is not None:
                    sweeps.setdefault(node.args[0].id, []).append(node)
                elif isinstance(node, (ast.Create, ast.CreateDeck)) and node.span is not None:
                    creates.append(node)
        for create in creates:
            kind = self.parts.get(create.kind)
            if kind is None or kind.span is None or create.span.file == kind.span.file:
                continue
            for sweep in sweeps.get(create.kind, ()):
                if sweep.span.file not in (create.span.file, kind.span.file):
                    self.error(create, f"`{create.kind}` is a kind of {kind.span.file}, and {sweep.span.file} takes every piece of it",
                               f"declare a kind of your own here (`die my_{create.kind} faces ...`), so no other rule sweeps these up",
                               related=((sweep.span, f"every `{create.kind}` is taken here"),
                                        (kind.span, f"`{create.kind}` is declared here")))
                    break

    def _check_binders(self) -> None:
        """No declaration, parameter or local may be named by a reserved word (`let if = 1`)."""
        roots = list(self.parts.values()) + list(self.program.moves) + list(self.program.hooks) + list(self.program.handlers)
        for root in roots:
            if not isinstance(root, (ast.Score, ast.Value)) and getattr(root, "name", None) in RESERVED:
                self._name_ok(root, root.name)
            for node in walk(root):
                if isinstance(node, (ast.Proc, ast.Handler)):
                    names = node.params
                elif isinstance(node, (ast.CompFor, ast.For)):
                    names = node.names
                elif isinstance(node, ast.Lambda):
                    names = (node.param,)
                elif isinstance(node, (ast.MoveParam, ast.Repeat)):
                    names = (node.name,) if node.name else ()
                else:
                    continue
                for name in names:
                    self._name_ok(node, name)

    def _check_required(self) -> None:
        game = self.parts.get("game")
        self.main_file = next((ast.Node(span=Span(src.path, 1, 1)) for src in self.program.sources if src.role == "ruleset"), None)
        if not isinstance(game, ast.Phase):
            self.error(self.main_file, f"{self.program.title}: no `phase game`",
                       "a ruleset needs `phase game:` (what a game does, start to end); a fragment needs a ruleset to extend")
        if SCORE not in self.parts:
            self.error(self.main_file, f"{self.program.title}: no `score by p: ...`", "say how a seat's result is measured, e.g. `score by p: sum(...)`")
        if self.program.players is None:
            self.error(self.main_file, f"{self.program.title}: no `players low..high`", "e.g. `players 2..6`")

    def _declaration(self, decl) -> None:
        self.scopes = [{}]
        if isinstance(decl, ast.Param):
            self.expr(decl.default)
            self._declared_before(decl, decl.default)
        elif isinstance(decl, ast.Die):
            for value in (decl.faces, decl.weight, decl.values):
                if value is not None:
                    self.expr(value)
            self._piece_words(decl)
        elif isinstance(decl, ast.Card):
            for entry in decl.entries:
                self.expr(entry.value)
                if entry.count is not None:
                    self.expr(entry.count)
            self._piece_words(decl)
        elif isinstance(decl, (ast.Zone, ast.Var)):
            if isinstance(decl.shape, ast.Indexed) and not isinstance(decl.shape.range, ast.Range):
                self.error(decl.shape.range, f"`{decl.name}[...]` needs a range such as [1..6]")
            elif isinstance(decl.shape, ast.Indexed):
                self.expr(decl.shape.range)
            if isinstance(decl, ast.Zone) and decl.visibility == "private" and not isinstance(decl.shape, ast.PerPlayer):
                self.error(decl, f"zone `{decl.name}` is `private` but has no owners: only a `per player` zone can be private",
                           f"`zone {decl.name} per player private`: each owner sees its own pieces; "
                           f"`zone {decl.name} hidden`: no seat sees them")
            if isinstance(decl, ast.Var):
                self.expr(decl.init)
                self._declared_before(decl, decl.init)
        elif isinstance(decl, ast.Proc):
            self._body(decl.body, set(decl.params), proc=True)
        elif isinstance(decl, ast.Phase):
            self._body(decl.body, set(), proc=False)
        elif isinstance(decl, ast.Score):
            self.scopes = [{decl.player: NUMBER}]
            for key in decl.keys:
                self.expr(key.expr)
        elif isinstance(decl, ast.View):
            self._words(decl.expr)
        elif isinstance(decl, ast.Value):
            self.scopes = [{decl.player: NUMBER} if decl.player else {}]
            self.expr(decl.expr)
            self._no_side_effects(decl.expr, "`value` must not draw chance or ask for a decision",
                                  "agents evaluate it while they think; it has to read the position, not change it")

    def _piece_words(self, decl) -> None:
        """A kind's `shown` text reads the piece's face, value and owner."""
        if decl.shown is not None:
            self.scopes = [dict.fromkeys(("face", "value", "owner"), UNKNOWN)]
            self._words(decl.shown.text)

    def _words(self, text) -> None:
        """Words for people (a prompt, a `shown`): computed only when read, so they must not change the game."""
        self.expr(text)
        self._no_side_effects(text, "words must not draw chance or ask for a decision",
                              "they are computed only when someone reads them; compute the value in the rules first")

    def _declared_before(self, decl, value) -> None:
        """A parameter's default may use parameters declared above it (they are set in order)."""
        order = list(self.parts)
        for node in walk(value):
            used = self.parts.get(node.id) if isinstance(node, ast.Name) else None
            if isinstance(used, type(decl)) and order.index(used.name) > order.index(decl.name):
                self.error(node, f"`{node.id}` is used before it is declared",
                           f"declare {kind_word(used)} `{node.id}` above {kind_word(decl)} `{decl.name}`",
                           related=((used.span, "declared here"),) if used.span else ())
            elif isinstance(used, ast.Var) and isinstance(decl, ast.Param):
                self.error(node, f"parameter `{decl.name}` cannot depend on var `{node.id}`",
                           "parameters are fixed before play; vars change during it")

    def _body(self, body, names, proc: bool) -> None:
        """Check a rule's body; `names`: its parameters, or a dict of them with their shapes."""
        self.reassigned = {n.target.id for stmt in body for n in walk(stmt)
                           if isinstance(n, ast.Assign) and isinstance(n.target, ast.Name)}
        shapes = names if isinstance(names, dict) else dict.fromkeys(names, UNKNOWN)
        self.scopes = [{name: UNKNOWN if name in self.reassigned else shape for name, shape in shapes.items()}]
        self.in_proc, self.loop_depth = proc, 0
        self.block(body)

    # ------------------------------------------------------------ statements

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

    def _name_ok(self, node, name: str) -> None:
        if name in RESERVED:
            self.error(node, f"`{name}` is a reserved word and cannot name a value", "pick another name")

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
                self.error(target, f"unknown name `{target.id}`",
                           did_you_mean(target.id, self._visible()) or "declare it with `var` or `let` first")
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
                elif not (isinstance(decl, ast.Var) and decl.shape is not None):
                    self.error(target, f"`{root.id}[...]` cannot be assigned",
                               "declare it as `var name per player = ...` or `var name[1..6] = ...`")
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
        for arg in s.args:
            self.expr(arg)

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
        self._nested(s.body, s.names, loop=True, shape=element(shape) if len(s.names) == 1 else UNKNOWN)

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

    # ------------------------------------------------------------ helpers

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

    def _is_local(self, name: str) -> bool:
        return any(name in scope for scope in self.scopes)

    def _visible(self) -> set[str]:
        names = set(self.parts) | set(BUILTINS) | set(GLOBAL_VALUES)
        for scope in self.scopes:
            names |= set(scope)
        return names

    def _callables(self) -> list[str]:
        return [n for n, d in self.parts.items() if isinstance(d, (ast.Proc, ast.Phase))] + list(BUILTINS)


def _roots(program: Program) -> list:
    """Every declaration and rule of a program: what a walk over all of its nodes starts from."""
    return list(program.parts.values()) + list(program.moves) + list(program.forbids) + list(program.hooks) \
        + list(program.handlers) + list(program.asserts) + list(program.nobody_wins)


def _show(e) -> str:
    return e.id if isinstance(e, ast.Name) else "it"
