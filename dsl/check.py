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
from .program import SCORE, TURN, Program, kind_word
from .errors import Diagnostic, RulesError, Span, did_you_mean
from .check_expressions import PART_ATTRIBUTES, ExpressionChecks
from .keywords import RESERVED
from .check_statements import StatementChecks
from .shapes import FUNCTION, NUMBER, TEXT, UNKNOWN, element, kind_of, part_of, words


def check(program: Program) -> Program:
    """Return the program unchanged if it is sound; raise `RulesError` with all mistakes if not."""
    checker = _Checker(program)
    checker.run()
    if checker.errors:
        raise RulesError(checker.errors)
    return program


class _Checker(StatementChecks, ExpressionChecks):
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
        # What each call gives each procedure's parameters: (name, index) -> [(argument, shape)].
        self.arguments: dict[tuple[str, int], list] = {}
        # The field names of every record the rules make (`{kind: ..., n: ...}`): what `.name` may read besides a piece's attributes.
        self.fields = {f.name for root in _roots(program) for node in walk(root) if isinstance(node, ast.Record)
                       for f in node.fields}
        if program.of_kind(ast.Part):
            self.fields.update(PART_ATTRIBUTES)

    def error(self, node, message: str, hint: str = "", related=()) -> None:
        self.errors.append(Diagnostic(node.span if node is not None else None, message, hint, related))

    # ------------------------------------------------------------ program level

    def run(self) -> None:
        if not self.program.is_library:
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
            seat = self._hook_target(hook)
            self.scopes = [{"player": NUMBER} if seat else {}]
            if hook.when is not None:
                self.expr(hook.when)
            self._body(hook.body, self.scopes[0], proc=False)
        for handler in self.program.handlers:
            event = self.parts.get(handler.event)
            if not isinstance(event, ast.Event):
                events = [d.name for d in self.program.of_kind(ast.Event)]
                self.error(handler, f"`on {handler.event}`: no event is named `{handler.event}`",
                           did_you_mean(handler.event, events) or f"declare it: event {handler.event}(...)")
            elif len(event.params) != len(handler.params):
                self.error(handler, f"`on {handler.event}` takes {len(event.params)} values, not {len(handler.params)}",
                           f"the event is declared as {handler.event}({', '.join(event.params)})")
            shapes = dict.fromkeys(handler.params, UNKNOWN)
            kind = self.dispatched_kind(event) if isinstance(event, ast.Event) else None
            if kind is not None and handler.params:
                shapes[handler.params[0]] = part_of(kind)
            self.scopes = [dict(shapes)]
            if handler.when is not None:
                self.expr(handler.when)
            self._body(handler.body, shapes, proc=True)
        for item in self.program.asserts + self.program.nobody_wins:
            self.scopes = [set()]
            self.expr(item.cond)
            if isinstance(item, ast.Assertion):
                self.expr(item.message)
            self._no_side_effects(item.cond, "this condition must not draw chance or ask for a decision",
                                  "it reads the game's settings or its end; it cannot change them")
        self._check_sweeps()
        self._check_part_arguments()

    def _hook_target(self, hook) -> bool:
        """What a hook attaches to is a phase, a decision point or `turn` (its start only), and
        not a name that is both a phase and a point; whether its block has a seat (`player`)."""
        target = self.parts.get(hook.target)
        phase, point = isinstance(target, ast.Phase), hook.target in self.points
        if hook.target == TURN and hook.time == "after":
            self.error(hook, "`after turn`: a hook runs at the start of a turn, not at its end",
                       "write `before turn:` for each turn's start; what follows a turn is the next "
                       "statement of the rule that runs it, or an `after` hook of its phase")
        elif phase and point:
            self.error(hook, f"`{hook.time} {hook.target}`: `{hook.target}` is a phase and a decision point",
                       "rename one of them, so the hook says which it attaches to")
        elif not phase and not point and hook.target != TURN:
            phases = [d.name for d in self.program.of_kind(ast.Phase)]
            self.error(hook, f"`{hook.time} {hook.target}`: no phase or decision point is named `{hook.target}`",
                       did_you_mean(hook.target, phases + list(self.points) + [TURN])
                       or "hooks attach to phases, decision points and `turn`")
        return not phase

    def dispatched_kind(self, event: ast.Event) -> str | None:
        """The kind of part an event concerns (its first value is named after the kind), or None."""
        first = event.params[0] if event.params else None
        return first if isinstance(self.parts.get(first), ast.PartKind) else None

    def _check_part_arguments(self) -> None:
        """A procedure's parameter that one call gives a part and another a text: the text would
        never equal the part, so a rule testing it never fires (`host("hot_streak")`).

            board_here(bad_luck)   ...   board_here("hot_streak")   <- error here, noting the first
        """
        for (proc, index), given in self.arguments.items():
            part = next(((arg, shape) for arg, shape in given if kind_of(shape)), None)
            if part is None:
                continue
            for arg, shape in given:
                if shape == TEXT:
                    name = self.parts[proc].params[index]
                    self.error(arg, f"`{proc}` takes {words(part[1])} as `{name}`, not text",
                               self._part_hint(kind_of(part[1]), arg),
                               related=((part[0].span, f"{words(part[1])} is given to `{proc}` here"),) if part[0].span else ())

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
        if self.expr(text) == FUNCTION:
            self.error(text, "words are a value to read, not a function",
                       "give the text itself: `shown \"field {f}\"`, or a procedure's answer: `shown words(f)`")
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

    # ------------------------------------------------------------ helpers

    def _name_ok(self, node, name: str) -> None:
        if name in RESERVED:
            self.error(node, f"`{name}` is a reserved word and cannot name a value", "pick another name")

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
