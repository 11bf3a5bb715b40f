"""Checked program -> Python source -> compiled rules, once per ruleset and parameter set.

Every declaration becomes a plain Python function over the game state `g`: a phase
`ph_round(g)`, a procedure `pr_score(g, c)`, a decision point `pt_after_roll(g, player)`
that gathers the legal moves of every `move ... for after_roll` and asks the agent. The
running game calls these functions and never walks the tree. Each generated line remembers
the .rules span it came from, so a mistake that shows only during play (a loop that never
ends, an index off the board) is still reported at file:line:col.

    move place(f in faces(rolled[player])) for after_roll:      def pt_after_roll(g, l_player):
        put showing(rolled[player], f) into field[f]      ->        opts = [] ...
"""

from __future__ import annotations

import operator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import attrs

from ...dsl import ast
from ...dsl.builtins import BUILTINS, LIST
from ...dsl.program import SCORE, VALUE, Program
from ...dsl.errors import Diagnostic, RulesError, Span
from .ownership import OwnLocals, is_flat, is_number, own_locals
from .purity import pure_procs
from .reach import Reach
from .scored import scored
from ..running import builtins as runtime_builtins
from ..running import operations
from .asking import NOTHING, asking, is_single
from .names import derived, named
from ..lookahead.checkpoint import NESTED, var_changing, var_rebound, vars_changing, vars_rebound
from .recursion import recursive
from ..running.budget import OverBudget, over_steps, spend, times
from ..running.runtime import PAUSE, AssertFailed, Part, Zone, fixed, record_type

_GLOBAL_VALUES = {"players": "g.players", "num_players": "g.n", "owners": "g.owners"}
_COMPARE = {"==": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
# Arguments that make a call run every time (interpreter/lookahead/remember.py): no need to try.
_NEVER_REMEMBERED = (ast.Keyword, ast.Lambda, ast.List, ast.Comprehension)


class Source:
    """Generated Python lines, each remembering the .rules span it came from."""

    def __init__(self):
        self.lines: list[str] = []
        self.spans: list[Span | None] = []
        self.depth = 0

    def emit(self, text: str, span: Span | None = None) -> None:
        self.lines.append("    " * self.depth + text)
        self.spans.append(span)

    @contextmanager
    def indented(self):
        """The lines written inside are one level deeper: `with o.indented(): o.emit(...)`."""
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1

    def insert(self, index: int, text: str, span: Span | None = None) -> None:
        """A line written before line `index`, at the present depth."""
        self.lines.insert(index, "    " * self.depth + text)
        self.spans.insert(index, span)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


_NOBODY_OWNS = OwnLocals(frozenset(), frozenset())


@attrs.define(slots=True)
class Frame:
    """The scope of the code being written, as jinja2's code generator keeps one per function:
    the locals by block, which of them hold lists of their own (ownership.py), whether the code
    may pause at a decision (`yield`), and whether it has. A lambda or comprehension gets an
    inner frame that sees the locals around it and never pauses."""

    scopes: list
    own: OwnLocals = _NOBODY_OWNS
    yielding: bool = False
    yielded: bool = False

    def knows(self, name: str) -> bool:
        return any(name in scope for scope in self.scopes)

    def names(self) -> set[str]:
        return {name for scope in self.scopes for name in scope}

    def declare(self, *names: str) -> None:
        self.scopes[-1].update(names)

    def inner(self, *names: str) -> Frame:
        return Frame(self.scopes + [set(names)], self.own)


class _Compiler:
    def __init__(self, program: Program, pausing: bool):
        self.program = program
        # Whether decisions may pause the rules (a game driven from outside), or every one is
        # answered inside the game (agents seated in every seat) and no rule is a generator.
        self.pausing = pausing
        self.parts = program.parts
        self.out = Source()
        self.frame = Frame([set()])
        self.substitutions: dict[str, str] = {}
        self.inlining: set[str] = set()
        # Attributes read by lambdas of the form `c => c.value`: one attrgetter each, made once.
        self.getters: set[str] = set()
        self.pure = pure_procs(program.parts)
        # Each var's number, as checkpoints know it (the order of VARS and Rules.variable_attributes).
        self.var_index = {name: i for i, name in enumerate(d.name for d in self.parts.values() if isinstance(d, ast.Var))}
        # The hidden zones each function a look-ahead may run can read (interpreter/compiling/reach.py), by its name.
        self.reach = Reach(program)
        # What the score's first key reads (interpreter/compiling/scored.py): changes to these
        # set the game's `score_changed`, which tells the meter to measure again.
        self.scored_zones, self.scored_vars = scored(program)
        self.reaches: dict[str, frozenset] = {}
        # The rules that can ask a decision, compiled as generators (interpreter/compiling/asking.py).
        self.asks_anywhere = asking(program)
        # The rules that can call themselves: each of their calls spends a step of the budget.
        self.recursive = recursive(program)
        self.asking = self.asks_anywhere if pausing else NOTHING
        # Where each rule the meter counts is written (a move, a hook, a handler), by its name.
        self.rule_sites: dict[str, Span | None] = {}
        # `choose` calls compiled so far: each keeps its option in a name of its own.
        self.chosen = 0
        # The record types made so far, by their field names: `rec0`, `rec1`, ... (runtime.record_type).
        self.records: dict[tuple, str] = {}

    @contextmanager
    def _in(self, frame: Frame):
        """Write code in `frame`, then go back to the frame around it."""
        outer, self.frame = self.frame, frame
        try:
            yield frame
        finally:
            self.frame = outer

    # ------------------------------------------------------------ program

    def run(self) -> Source:
        self._init()
        for decl in self.parts.values():
            if isinstance(decl, ast.Proc):
                self._function(named("pr", decl.name), ["g"] + [f"l_{p}" for p in decl.params], decl.params, decl.body,
                               decl.span, decl.name in self.recursive.procs)
            elif isinstance(decl, ast.Phase):
                self._phase(decl)
        self._moves()
        self._events()
        self._score()
        self._value()
        self._settings()
        self._layout()
        self._hidden_reach()
        self._rule_sites()
        for name in sorted(self.getters):
            self.out.emit(f"get_{name} = attrgetter({name!r})")
        for fields, name in self.records.items():
            self.out.emit(f"{name} = record_type({fields!r})")
        for part in self.program.of_kind(ast.Part):
            self.out.emit(f"{named('part', part.name)} = Part({part.kind!r}, {part.name!r})")
        return self.out

    def _init(self) -> None:
        o = self.out
        o.emit("def init(g):")
        with o.indented(), self._in(Frame([set()])):
            self._init_body()

    def _init_body(self) -> None:
        o = self.out
        o.emit("pass")
        order = (ast.Imaginary, ast.Part, ast.PartKind, ast.Param, ast.Die, ast.Card, ast.Zone, ast.Var)
        for decl in sorted(self.parts.values(), key=lambda d: order.index(type(d)) if type(d) in order else len(order)):
            if isinstance(decl, ast.Imaginary):
                o.emit(f"g.i_{decl.name} = g.n + {self._imaginary_index(decl.name)}", decl.span)
            elif isinstance(decl, ast.Part):
                o.emit(f"g.t_{decl.name} = {named('part', decl.name)}", decl.span)
            elif isinstance(decl, ast.PartKind):
                members = "".join(f"g.t_{d.name}, " for d in self.program.of_kind(ast.Part) if d.kind == decl.name)
                o.emit(f"g.t_{decl.name} = fixed([{members}])", decl.span)
            elif isinstance(decl, ast.Param):
                o.emit(f"g.p_{decl.name} = fixed({self.expr(decl.default)})", decl.span)
            elif isinstance(decl, ast.Die):
                faces = self.expr(decl.faces)
                values = self.expr(decl.values) if decl.values is not None else "None"
                weight = self.expr(decl.weight) if decl.weight is not None else "1"
                o.emit(f"g.k_{decl.name} = make_die({decl.name!r}, {faces}, {values}, {weight})", decl.span)
            elif isinstance(decl, ast.Card):
                entries = ", ".join(
                    f"({self.expr(e.value)}, {self.expr(e.count) if e.count is not None else 1})" for e in decl.entries
                )
                o.emit(f"g.k_{decl.name} = make_card({decl.name!r}, [{entries}])", decl.span)
                o.emit(f"g.deck_{decl.name} = [{entries}]", decl.span)
            elif isinstance(decl, ast.Zone):
                make = "Zone({label}, True)" if self.scored_zones is None or decl.name in self.scored_zones \
                    else "Zone({label})"
                o.emit(f"g.z_{decl.name} = {self._shaped(decl, make)}", decl.span)
            elif isinstance(decl, ast.Var):
                o.emit(f"g.v_{decl.name} = {self._shaped(decl, self.expr(decl.init))}", decl.span)

    def _imaginary_index(self, name: str) -> int:
        names = [d.name for d in self.parts.values() if isinstance(d, ast.Imaginary)]
        return names.index(name)

    def _shaped(self, decl, make: str) -> str:
        shape = decl.shape
        if shape is None:
            return make.format(label=repr(decl.name))
        if isinstance(shape, ast.PerPlayer):
            return "[" + make.format(label=f"{decl.name!r} + '[' + g.names[_o] + ']'") + " for _o in g.owners]"
        low, high = self.expr(shape.range.low), self.expr(shape.range.high)
        return "{_i: " + make.format(label=f"{decl.name!r} + '[' + str(_i) + ']'") + f" for _i in range({low}, {high} + 1)}}"

    def _function(self, name: str, signature: list[str], local_names, body, span, counted: bool = False) -> None:
        """A rule as a function. One that asks a `choose` runs through `g.frames` while an agent
        looks ahead, which remembers the state it started from (interpreter/lookahead/search.py).
        `counted`: each call counts a step of the game's budget (a rule that can call itself,
        interpreter/compiling/recursion.py)."""
        o = self.out
        own = own_locals(local_names, body)
        if _asks(body):
            pause, run = ("yield from ", "run_pausing") if self.pausing else ("", "run")
            rule = derived(name, "R")
            o.emit(f"def {name}({', '.join(signature)}):", span)
            if counted:
                with o.indented():
                    self._count_call(span)
                counted = False
            o.emit(f"    if g.frames is None: return ({pause}{rule}({', '.join(signature)}))", span)
            o.emit(f"    return ({pause}g.frames.{run}({rule}, g, ({''.join(p + ', ' for p in signature[1:])})))",
                   span)
            name = rule
        self._rule_body(name, list(local_names), body, span, own, counted)

    def _count_call(self, span) -> None:
        """A call of a rule that can call itself spends a step of the game's budget (interpreter/running/budget.py)."""
        self.out.emit("g.steps += 1", span)
        self.out.emit("if g.steps > g.step_budget: over_steps(g)", span)

    def _rule_body(self, name: str, local_names: list, body, span, own: OwnLocals, counted: bool = False) -> None:
        """The function of a rule's statements. A `let x = choose(...)` among them, standing
        alone or inside `if`s (not loops), hands the seat's agent the rest of the rule as a
        function of the locals seen so far and the answer (`resume`): a look-ahead tries an
        answer from right there, instead of running the rule again from its start to reach
        the question."""
        o = self.out
        o.emit(f"def {name}(g{''.join(f', l_{n}' for n in local_names)}):", span)
        rests: list[tuple] = []
        with o.indented(), self._in(Frame([set(local_names)], own, self._asks_in(body))) as frame:
            if counted:
                self._count_call(span)
            start = len(o.lines)
            self._asking_block(name, body, (), list(local_names), rests)
            if frame.yielding and not frame.yielded:
                # Asks only through a name a local shadows (`let choose = ...`): still a generator,
                # as its callers expect.
                o.insert(start, "yield from ()", span)
            if not body:
                o.emit("pass")
        for rest, names, rest_body in rests:
            self._rule_body(rest, names, rest_body, span, own)

    def _asking_block(self, name: str, body, after: tuple, seen: list, rests: list) -> None:
        """The statements `body` of rule `name`, which `after` follows in the rule; `seen`: the
        locals known here. Each `let x = choose(...)` adds (the rest's function name, its
        locals, its statements) to `rests`, and hands the agent the rest, the locals, and
        which of them and the answer the rest uses (only those need copies to be changed)."""
        o = self.out
        for index, stmt in enumerate(body):
            rest_of_rule = tuple(body[index + 1:]) + after
            if _is_choose_let(stmt) and not self._is_local("choose"):
                rest = derived(name, f"A{len(rests)}")
                kept = [n for n in seen if n != stmt.name]
                captured = "".join(f"l_{n}, " for n in kept)
                used = {node.id for later in rest_of_rule for node in ast.walk(later) if isinstance(node, ast.Name)}
                changeable = tuple(n in used for n in kept + [stmt.name])
                args = [self.expr(a) for a in stmt.value.args] + [f"resume=({rest}, ({captured}), {changeable!r})"]
                self.frame.declare(stmt.name)
                o.emit(f"l_{stmt.name} = {BUILTINS['choose'].python_name}(g, {', '.join(args)})", stmt.span)
                if self.pausing:
                    o.emit(f"if l_{stmt.name} is PAUSE: l_{stmt.name} = yield from g.paused()", stmt.span)
                    self.frame.yielded = True
                rests.append((rest, kept + [stmt.name], rest_of_rule))
                self.reaches[rest] = self.reach.of(rest_of_rule)
            elif isinstance(stmt, ast.If):
                o.emit(f"if {self.expr(stmt.cond)}:", stmt.span)
                self._asking_branch(name, stmt.body, rest_of_rule, seen, rests)
                for clause in stmt.elifs:
                    o.emit(f"elif {self.expr(clause.cond)}:", clause.span)
                    self._asking_branch(name, clause.body, rest_of_rule, seen, rests)
                if stmt.orelse is not None:
                    o.emit("else:", stmt.span)
                    self._asking_branch(name, stmt.orelse, rest_of_rule, seen, rests)
            else:
                getattr(self, "s_" + type(stmt).__name__)(stmt)
            if isinstance(stmt, ast.Let) and stmt.name not in seen:
                seen.append(stmt.name)

    def _asking_branch(self, name: str, body, after: tuple, seen: list, rests: list) -> None:
        """One branch of an `if` in a rule: its own lets are known only inside it."""
        with self.out.indented():
            start = len(self.out.lines)
            self._asking_block(name, body, after, list(seen), rests)
            if len(self.out.lines) == start:
                self.out.emit("pass")

    def _phase(self, decl: ast.Phase) -> None:
        before = [h for h in self.program.hooks if h.target == decl.name and h.time == "before"]
        after = [h for h in self.program.hooks if h.target == decl.name and h.time == "after"]
        if not before and not after:
            self._function(named("ph", decl.name), ["g"], (), decl.body, decl.span, decl.name in self.recursive.phases)
            return
        hooks = []
        for index, hook in enumerate(before + after):
            hooks.append(named("hk", decl.name, index))
            self._function(hooks[-1], ["g"], (), hook.body, hook.span)
        self._function(named("body", decl.name), ["g"], (), decl.body, decl.span)
        o = self.out
        o.emit(f"def {named('ph', decl.name)}(g):", decl.span)
        with o.indented():
            if decl.name in self.recursive.phases:
                self._count_call(decl.span)
            for hook_name, hook in zip(hooks[: len(before)], before):
                self._hook_call(hook_name, hook)
            o.emit(f"{self._pause(self._asks_in(decl.body))}{named('body', decl.name)}(g)", decl.span)
            for hook_name, hook in zip(hooks[len(before) :], after):
                self._hook_call(hook_name, hook)

    def _hook_call(self, function: str, hook: ast.Hook) -> None:
        """A hook runs (and counts as fired) only when its `when` holds."""
        o = self.out
        with ExitStack() as inside:
            if hook.when is not None:
                with self._in(Frame([set()])):
                    o.emit(f"if {self.expr(hook.when)}:", hook.when.span)
                inside.enter_context(o.indented())
            self._metered_call(function, "g", _rule_name(hook.span, f"{hook.time} {hook.target}"), hook.span,
                               self._asks_in(hook.body))

    def _metered_call(self, function: str, args: str, rule: str, span, asks: bool) -> None:
        """Call a rule's function; while a meter is attached, through it (how often a rule fires,
        what it pays). `asks`: the function is a generator, run to its end with `yield from`."""
        self.rule_sites.setdefault(rule, span)
        self._metered(f"{self._pause(asks)}{function}({args})", repr(rule), span)

    def _metered(self, call: str, rule: str, span=None) -> None:
        """`call`, counted by the game's meter if it has one (interpreter/running/meter.py, inlined
        here: a firing costs a count and two flag tests). `rule`: the rule's name, as code. An
        error ends the game, meter and all, so the rule's place on the meter's stack needs no
        `finally`."""
        o = self.out
        o.emit("_meter = g.meter", span)
        o.emit(f"if _meter is None: {call}", span)
        o.emit("else:", span)
        with o.indented():
            o.emit("if g.score_changed: _meter.settle(g)", span)
            o.emit(f"_meter.running.append({rule})", span)
            o.emit(call, span)
            o.emit("if g.score_changed: _meter.settle(g)", span)
            o.emit("_meter.running.pop()", span)
            o.emit(f"_meter.fired[{rule}] = _meter.fired.get({rule}, 0) + 1", span)

    def _asks_in(self, body) -> bool:
        """Whether statements can pause the game: they can ask, and the form compiled pauses."""
        return self.pausing and self.asking.body(body)

    def _pause(self, asks: bool) -> str:
        """What stands before a call of a rule: `yield from ` if it can ask, which pauses the caller too."""
        if not asks:
            return ""
        self.frame.yielded = True
        return "yield from "

    def _moves(self) -> None:
        o = self.out
        forbids = {}
        for forbid in self.program.forbids:
            forbids.setdefault(forbid.move, []).append(forbid)
        points = {}
        for move in self.program.moves:
            points.setdefault(move.point, []).append(move)
            self._function(named("mv", move.name), ["g", "l_player"] + [f"l_{p.name}" for p in move.params],
                           ["player"] + [p.name for p in move.params], move.body, move.span)
            self.reaches[named("mv", move.name)] = self.reach.of(move.body)
            self.rule_sites.setdefault(f"move {move.name}", move.span)
        o.emit("MOVES = {" + ", ".join(f"{m.name!r}: {named('mv', m.name)}" for m in self.program.moves) + "}")
        for point, moves in points.items():
            o.emit(f"def {named('pt', point)}(g, l_player):")
            with o.indented():
                if point in self.recursive.points:
                    self._count_call(moves[0].span)
                self._decision_point(point, moves, forbids)

    def _decision_point(self, point: str, moves: list, forbids: dict) -> None:
        """The body of `pt_POINT(g, player)`: the legal options of every move of the point,
        the seat's decision among them, the chosen move played."""
        o = self.out
        if is_single(moves, forbids):
            self._metered_call(named("mv", moves[0].name), "g, l_player", f"move {moves[0].name}", moves[0].span,
                               moves[0].name in self.asking.moves)
            o.emit("return True")
            return
        o.emit("opts = []")
        for move in moves:
            if len(move.params) == 1 and move.when is None and move.name not in forbids:
                param = move.params[0]
                domain = self.expr(param.domain)
                o.emit(f"opts.extend([({move.name!r}, (l_{param.name},)) for l_{param.name} in {domain}])", move.span)
                continue
            with self._in(Frame([{"player"}])) as frame, ExitStack() as loops:
                hoisted, when = self._invariant_conditions(move)
                if hoisted:
                    o.emit(f"if {' and '.join(f'({self.expr(c)})' for c in hoisted)}:", move.span)
                    loops.enter_context(o.indented())
                for param in move.params:
                    o.emit(f"for l_{param.name} in {self.expr(param.domain)}:", param.span)
                    frame.declare(param.name)
                    loops.enter_context(o.indented())
                conditions = [f"({self.expr(c)})" for c in when]
                for forbid in forbids.get(move.name, ()):
                    conditions.append(f"not ({self.expr(forbid.when)})")
                args = "".join(f"l_{p.name}, " for p in move.params)
                append = f"opts.append(({move.name!r}, ({args})))"
                if conditions:
                    o.emit(f"if {' and '.join(conditions)}:", move.span)
                    o.emit("    " + append, move.span)
                else:
                    o.emit(append, move.span)
        o.emit("if not opts:")
        o.emit("    return False")
        o.emit(f"_chosen = g.decide(l_player, {point!r}, opts, False, True)")
        if self.pausing:
            o.emit("if _chosen is PAUSE: _chosen = yield from g.paused()")
        o.emit("_name, _args = _chosen")
        asks = sorted(m.name for m in moves if m.name in self.asking.moves)
        if asks and len(asks) < len(moves):
            o.emit(f"if _name in {tuple(asks)!r}:")
            with o.indented():
                self._move_call(True)
            o.emit("else:")
            with o.indented():
                self._move_call(False)
        else:
            self._move_call(bool(asks))
        o.emit("return True")

    def _invariant_conditions(self, move) -> tuple[list, list]:
        """A move's `when`, as (the leading conditions of its `and`s that read none of its
        parameters, the rest). The first are tested once, before the loops over the parameters'
        values (loop-invariant code motion): `move power(d in supply[player]) when holder ==
        player and ...` goes through no die while nobody holds the power. Only where the
        domains draw no chance and call only pure procedures, so skipping them changes nothing."""
        conditions = _conjuncts(move.when) if move.when is not None else []
        if not move.params or not all(self._pure_expr(p.domain) for p in move.params):
            return [], conditions
        params = {p.name for p in move.params}
        hoisted = []
        for condition in conditions:
            if any(isinstance(node, ast.Name) and node.id in params for node in ast.walk(condition)):
                break
            hoisted.append(condition)
        return hoisted, conditions[len(hoisted):]

    def _pure_expr(self, e) -> bool:
        """Whether evaluating `e` can change nothing and draw no chance: it calls only pure
        procedures and built-ins."""
        for node in ast.walk(e):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                name = node.func.id
                if name in self.parts:
                    if name not in self.pure:
                        return False
                elif name in BUILTINS and not BUILTINS[name].pure:
                    return False
            elif isinstance(node, (ast.Play,)):
                return False
        return True

    def _move_call(self, asks: bool) -> None:
        """The chosen move of a decision point, played (through the meter, while one is attached)."""
        self._metered(f"{self._pause(asks)}MOVES[_name](g, l_player, *_args)", "'move ' + _name")

    def _events(self) -> None:
        o = self.out
        for decl in self.parts.values():
            if not isinstance(decl, ast.Event):
                continue
            handlers = [h for h in self.program.handlers if h.event == decl.name]
            names = []
            for index, handler in enumerate(handlers):
                names.append(named("on", decl.name, index))
                params = ", ".join(f"l_{p}" for p in handler.params)
                self._function(named("bd", decl.name, index), ["g"] + [f"l_{p}" for p in handler.params],
                               handler.params, handler.body, handler.span)
                o.emit(f"def {names[-1]}(g, {params}):", handler.span)
                with o.indented(), self._in(Frame([set(handler.params)])):
                    if handler.when is not None:
                        o.emit(f"if not ({self.expr(handler.when)}):", handler.when.span)
                        o.emit("    return")
                    self._metered_call(named("bd", decl.name, index), f"g, {params}",
                                       self._handler_name(handler, handlers), handler.span,
                                       self._asks_in(handler.body))
            args = [f"a{i}" for i in range(len(decl.params))]
            o.emit(f"def {named('ev', decl.name)}(g, {', '.join(args)}):", decl.span)
            with o.indented():
                o.emit("pass")
                if decl.name in self.recursive.events:
                    self._count_call(decl.span)
                for name, handler in zip(names, handlers):
                    o.emit(f"{self._pause(self._asks_in(handler.body))}{name}(g, {', '.join(args)})")

    def _score(self) -> None:
        score = self.parts[SCORE]
        o = self.out
        o.emit(f"def score_keys(g, l_{score.player}):", score.span)
        with self._in(Frame([{score.player}])):
            o.emit(f"    return ({''.join(self.expr(k.expr) + ', ' for k in score.keys)})", score.span)
            o.emit("def score_total(g):", score.span)
            o.emit(f"    return sum([{self.expr(score.keys[0].expr)} for l_{score.player} in g.players])", score.span)
        o.emit(f"LOWEST_WINS = {bool(score.lowest)}")
        o.emit(f"SCORE_NAMES = {tuple(k.name for k in score.keys)!r}")

    def _value(self) -> None:
        """`values_of(g)`: every seat's value, from the declared `value` (per seat, or all seats
        at once), or else from the first score key (negated when lowest wins)."""
        declared = self.parts.get(VALUE)
        o = self.out
        if declared is None:
            sign = "-" if self.parts[SCORE].lowest else ""
            o.emit("def values_of(g):")
            o.emit(f"    return [{sign}score_keys(g, p)[0] for p in g.players]")
            return
        o.emit("def values_of(g):", declared.span)
        with self._in(Frame([{declared.player} if declared.player else set()])):
            self._declared_values(declared)

    def _declared_values(self, declared: ast.Value) -> None:
        o = self.out
        if declared.player is None:
            values = self.expr(declared.expr)
            if not isinstance(declared.expr, (ast.List, ast.Comprehension)):
                values = f"list({values})"
            o.emit(f"    values = {values}", declared.span)
            o.emit("    if len(values) != g.n:", declared.span)
            o.emit("        raise ValueError(f'`value` gives {len(values)} values for {g.n} seats: one per seat, in seat order')",
                   declared.span)
            o.emit("    return values", declared.span)
        else:
            o.emit(f"    return [{self.expr(declared.expr)} for l_{declared.player} in g.players]", declared.span)

    def _settings(self) -> None:
        """`failed_asserts(g)`: the index and message of each top-level `assert` that fails once
        a game is set up (rules.py runs it for every player count before any game is played);
        `nobody_wins(g)`: whether a `nobody wins when` holds at the end."""
        o = self.out
        with self._in(Frame([set()])):
            o.emit("def failed_asserts(g):")
            o.emit("    failed = []")
            for index, item in enumerate(self.program.asserts):
                o.emit(f"    if not ({self.expr(item.cond)}): failed.append(({index}, {self._text(item.message)}))",
                       item.span)
            o.emit("    return failed")
            o.emit("def nobody_wins(g):")
            conditions = [f"({self.expr(item.cond)})" for item in self.program.nobody_wins]
            o.emit(f"    return bool({' or '.join(conditions) or 'False'})",
                   self.program.nobody_wins[0].span if self.program.nobody_wins else None)

    def _layout(self) -> None:
        """What a seat's view and a search agent need to know of the state: zones with who sees
        their pieces ("public", "hidden", "private"), and vars."""
        zones = [(d.name, d.visibility or "public") for d in self.parts.values() if isinstance(d, ast.Zone)]
        variables = [d.name for d in self.parts.values() if isinstance(d, ast.Var)]
        self.out.emit(f"ZONES = {zones!r}")
        self.out.emit(f"VARS = {variables!r}")

    def _hidden_reach(self) -> None:
        """`HIDDEN_REACH`: for each function a look-ahead runs (a move, the rest of a rule after
        its `choose`), the hidden zones it or the `value` after it can read: the only ones a
        look-ahead needs to put in an order of its own."""
        valued = self.parts.get(VALUE) or self.parts[SCORE]
        value = self.reach.of([valued])
        entries = ", ".join(f"{name}: {tuple(sorted(zones | value))!r}" for name, zones in self.reaches.items())
        self.out.emit(f"HIDDEN_REACH = {{{entries}}}")

    def _handler_name(self, handler, handlers) -> str:
        """How reports name a handler: its file and event (`bonus: on placed`), and its place
        among them (`#2`) when its file has more than one handler of that event, so each is
        counted on its own (a place, not a line: an edit above it does not rename it)."""
        name = _rule_name(handler.span, f"on {handler.event}")
        alike = [h for h in handlers if h.span is not None and handler.span is not None and h.span.file == handler.span.file]
        return f"{name} #{alike.index(handler) + 1}" if len(alike) > 1 else name

    def _rule_sites(self) -> None:
        """`RULES`: every rule the meter counts, with (file, line, column) of where it is written,
        in the order of the program's files, so a report can name the rules that never fired and
        group rules by file."""
        files = {source.path: index for index, source in enumerate(self.program.sources)}
        spans = sorted(self.rule_sites.items(), key=lambda item: (
            (files.get(item[1].file, len(files)), item[1].line, item[1].column) if item[1] else (len(files) + 1, 0, 0)))
        sites = {rule: (span.file, span.line, span.column) if span is not None else None for rule, span in spans}
        self.out.emit(f"RULES = {sites!r}")

    # ------------------------------------------------------------ statements

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
        value = self.expr(s.value)
        self.frame.declare(s.name)
        self.out.emit(f"l_{s.name} = {value}", s.span)

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
        if notices is None:
            o.emit(f"{self.expr(target)} {op} {self.expr(value)}", span)
            return
        before, after = notices
        if op == "-=" or is_flat(value, frozenset(BUILTINS) - self.frame.names()):
            o.emit(f"if g.open: {before}", span)
            o.emit(f"{self.expr(target)} {op} {self.expr(value)}", span)
        else:
            o.emit(f"_value = {self.expr(value)}", span)
            o.emit(f"if g.open: {before}", span)
            o.emit(f"{self.expr(target)} {op} _value", span)
            o.emit(f"if g.open and type(_value) in NESTED: {after}", span)
        if self._changes_score(target):
            o.emit("g.score_changed = True", span)

    def _changes_score(self, target) -> bool:
        """Whether an assignment that may change a var may change one the score reads: the var
        named, or, through a local that may hold a var's list, any."""
        root = target
        while isinstance(root, ast.Index):
            root = root.target
        if isinstance(root, ast.Name) and not self._is_local(root.id):
            return root.id in self.scored_vars
        return bool(self.scored_vars)

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
        function = "put" if s.placement == "into" else "put_under"
        self.out.emit(f"{function}(g, {self.expr(s.pieces)}, {self.expr(s.zone)})", s.span)

    def s_Roll(self, s):
        self.out.emit(f"roll(g, {self.expr(s.pieces)})", s.span)

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
        args = ", ".join(self.expr(a) for a in s.args)
        self.out.emit(f"{self._pause(self._may_ask(s.event in self.asking.events, s))}{named('ev', s.event)}(g, {args})", s.span)

    def s_Say(self, s):
        self.out.emit(f"if g.log is not None: g.say({self._text(s.text)})", s.span)

    def s_Return(self, s):
        self.out.emit(f"return {self.expr(s.value)}" if s.value is not None else "return", s.span)

    def s_Break(self, s):
        self.out.emit("break", s.span)

    def s_Pass(self, s):
        self.out.emit("pass", s.span)

    def s_ExprStmt(self, s):
        self.out.emit(self.expr(s.expr), s.span)

    def s_If(self, s):
        self.out.emit(f"if {self.expr(s.cond)}:", s.span)
        self._nested(s.body)
        for clause in s.elifs:
            self.out.emit(f"elif {self.expr(clause.cond)}:", clause.span)
            self._nested(clause.body)
        if s.orelse is not None:
            self.out.emit("else:", s.span)
            self._nested(s.orelse)

    def s_For(self, s):
        """The loop goes through what the iterable held when it began, whatever its body changes."""
        if self._remembers(s.iterable):
            call = s.iterable
            zones = all(self._is_zone(a) for a in call.args)
            entry = {1: "recalled_pile", 2: "recalled_piles"}.get(len(call.args)) if zones else None
            if entry is None:
                iterable = self._remembered_call(call, "recalled", [self.expr(a) for a in call.args])
            else:
                # The memory read right here (remember.py's key for piles: their stamps around
                # the procedure); the entry point only when it has no answer yet.
                piles = [f"_pile{k}" for k in range(len(call.args))]
                self.out.emit(f"{', '.join(piles)}, = {''.join(self.expr(a) + ', ' for a in call.args)}", s.span)
                key = f"({piles[0]}.stamp, {named('pr', call.func.id)}{''.join(f', {pile}.stamp' for pile in piles[1:])})"
                self.out.emit(f"_known = g.remembered.get({key})", s.span)
                iterable = (f"(_known[0] if _known is not None else "
                            f"{entry}(g, {named('pr', call.func.id)}{''.join(', ' + pile for pile in piles)}))")
        else:
            iterable = self.expr(s.iterable)
            if not isinstance(s.iterable, (ast.Range, ast.List, ast.Comprehension)):
                iterable = f"tuple({iterable})"
        targets = ", ".join(f"l_{n}" for n in s.names)
        if isinstance(s.iterable, ast.Range):
            self._range_spent(iterable, s.span)
        else:
            # The passes spent where the loop starts, written out: no call for the most common loop.
            self.out.emit(f"_items = {iterable}", s.span)
            self.out.emit("g.steps += len(_items)", s.span)
            self.out.emit("if g.steps > g.step_budget: over_steps(g)", s.span)
        self.out.emit(f"for {targets} in _items:", s.span)
        self._nested(s.body, s.names)

    def _range_spent(self, iterable: str, span) -> None:
        """`_items = range(...)` with its passes spent, written out (a range's length taken from
        its ends: `len` of a range beyond the machine's integers fails, their difference does not)."""
        self.out.emit(f"_items = {iterable}", span)
        self.out.emit("if _items.stop > _items.start: g.steps += _items.stop - _items.start", span)
        self.out.emit("if g.steps > g.step_budget: over_steps(g)", span)

    def s_While(self, s):
        """Each pass spends a step of the game's budget: a loop that never ends is stopped, located."""
        self.out.emit(f"while {self.expr(s.cond)}:", s.span)
        self.out.emit("    g.steps += 1", s.span)
        self.out.emit("    if g.steps > g.step_budget: over_steps(g)", s.span)
        self._nested(s.body)

    def s_Repeat(self, s):
        name = f"l_{s.name}" if s.name else "_"
        self._range_spent(f"range(1, {self.expr(s.count)} + 1)", s.span)
        self.out.emit(f"for {name} in _items:", s.span)
        self._nested(s.body, [s.name] if s.name else [])

    def s_Turn(self, s):
        player = self.expr(s.player)
        self.out.emit(f"begin_turn(g, {player})", s.span)
        self.block(s.body)

    # ------------------------------------------------------------ expressions

    def expr(self, e) -> str:
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
            return f"g.p_{name}"
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
        if isinstance(e, ast.Literal):
            return repr(str(e.value))
        if not isinstance(e, ast.Interpolated):
            return f"show({self.expr(e)})"
        parts = [repr(p) if isinstance(p, str) else f"show({self.expr(p)})" for p in e.parts]
        return "''.join((" + ", ".join(parts) + ",))"

    def e_Lambda(self, e):
        body = e.body
        if isinstance(body, ast.Call) and len(body.args) == 1 and isinstance(body.args[0], ast.Name) \
                and body.args[0].id == e.param and self._is_builtin_call(body, body.func.id) \
                and not BUILTINS[body.func.id].game:
            # `mine => weight(mine)` is the built-in itself: one call less for each use.
            return BUILTINS[body.func.id].python_name
        if isinstance(body, ast.Attribute) and isinstance(body.target, ast.Name) and body.target.id == e.param:
            # `c => c.value`, the usual sort key, reads the attribute without a Python call.
            self.getters.add(body.name)
            return f"get_{body.name}"
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
            # A zone or a part equals only itself (runtime.Zone, runtime.Part), and `none` only
            # `none`: said directly.
            return f"({self.expr(e.left)} {'is' if e.op == '==' else 'is not'} {self.expr(e.right)})"
        return f"({self.expr(e.left)} {_COMPARE[e.op]} {self.expr(e.right)})"

    def e_InOp(self, e):
        return f"({self.expr(e.left)} in {self.expr(e.right)})"

    def e_NotIn(self, e):
        return f"({self.expr(e.left)} not in {self.expr(e.right)})"

    def e_Range(self, e):
        return f"range({self.expr(e.low)}, {self.expr(e.high)} + 1)"

    def e_Binary(self, e):
        if e.op == "*" and not (self._is_number(e.left) and self._is_number(e.right)
                                and (isinstance(e.left, ast.Literal) or isinstance(e.right, ast.Literal))):
            # What `*` makes can be far larger than what it is given (`[1] * n`, `x * x`): its
            # size is checked against the game's budget first.
            return f"times(g, {self.expr(e.left)}, {self.expr(e.right)})"
        return f"({self.expr(e.left)} {e.op} {self.expr(e.right)})"

    def e_Negate(self, e):
        return f"(-{self.expr(e.operand)})"

    def e_Call(self, e):
        args = [self.expr(a) for a in e.args]
        name = e.func.id
        if self._is_local(name):
            return f"l_{name}({', '.join(args)})"
        if name in self.substitutions:
            # A parameter of a procedure being inlined that holds a function (`f(x)`).
            return f"{self.substitutions[name]}({', '.join(args)})"
        decl = self.parts.get(name)
        if isinstance(decl, ast.Proc):
            if self._inlines(decl, e.args):
                return self._inline(decl, args)
            if self._remembers(e):
                return self._remembered_call(e, "remembered", args)
            return self._paused(self._may_ask(name in self.asking.procs, e), f"{named('pr', name)}(g, {', '.join(args)})")
        if isinstance(decl, ast.Phase):
            return self._paused(self._may_ask(name in self.asking.phases, e), f"{named('ph', name)}(g)")
        builtin = BUILTINS[name]
        if builtin.python:
            if len(e.args) == 1 and builtin.one_pass and _projects(e.args[0]):
                # Through the items once: no list of them is needed.
                return f"{name}({args[0][len('list('):-1]})"
            return f"{name}({', '.join(args)})"
        if name == "is_player":
            # As the built-in has it (0 <= owner < seats), without a call.
            return f"(0 <= {args[0]} < g.n)"
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
            options = [self.expr(a) if a.name != "desc" else "reverse=" + (
                repr(a.value.value) if isinstance(a.value, ast.Literal) and type(a.value.value) is bool
                else f"bool({self.expr(a.value)})") for a in e.args[1:]]
            return f"sorted({', '.join([args[0]] + options)})"
        return f"{builtin.python_name}({', '.join(args)})"

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
        most a hundred), or one zone (its pieces are bounded by the pieces budget, as a built-in's
        pass over a zone is). Only a comprehension's first clause is left uncounted so: the passes
        of a clause inside another multiply, and are counted."""
        if isinstance(e, ast.Name) and e.id in _GLOBAL_VALUES and not self._is_local(e.id) \
                and e.id not in self.substitutions and e.id not in self.parts:
            return e.id != "num_players"
        return self._is_zone(e)

    def _is_builtin_call(self, e, name: str) -> bool:
        return isinstance(e, ast.Call) and e.func.id == name and name in BUILTINS and not self._is_local(name) \
            and name not in self.substitutions and name not in self.parts

    def _remembers(self, e) -> bool:
        """Whether `e` is a call of a pure procedure that is remembered (not inlined). A call
        with an argument that is a list for certain (a list, a comprehension, a built-in that
        makes a list) always runs: a list cannot be recognised again, so trying costs only."""
        if not isinstance(e, ast.Call) or self._is_local(e.func.id) or e.func.id not in self.pure:
            return False
        return not self._inlines(self.parts[e.func.id], e.args) and not any(
            isinstance(a, _NEVER_REMEMBERED) or self._makes_a_list(a) for a in e.args)

    def _makes_a_list(self, e) -> bool:
        if isinstance(e, ast.Binary) and e.op == "+":
            return self._makes_a_list(e.left) or self._makes_a_list(e.right) or isinstance(
                e.left, (ast.List, ast.Comprehension)) or isinstance(e.right, (ast.List, ast.Comprehension))
        return isinstance(e, ast.Call) and self._is_builtin_call(e, e.func.id) and BUILTINS[e.func.id].returns == LIST

    def _remembered_call(self, e, entry: str, args: list[str]) -> str:
        """A call of a pure procedure through one of interpreter/lookahead/remember.py's entry
        points; `args`: its arguments' code, written once (writing them again for each call
        nested in an argument would take time exponential in the nesting)."""
        return f"{entry}(g, {named('pr', e.func.id)}{''.join(', ' + a for a in args)})"

    def _inlines(self, proc: ast.Proc, arg_nodes) -> bool:
        """Whether a call of a one-line procedure (`return EXPR`) is replaced by its body.

        It is where that is safe: not already being inlined (recursion), and every argument
        evaluated exactly as often as the call would (each parameter used once, outside lambdas
        and comprehensions), unless the argument is a plain name or literal.
        """
        body = _body(proc)
        if proc.name in self.inlining or len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None \
                or self.asks_anywhere.body(body):
            return False
        if len(arg_nodes) != len(proc.params) or any(isinstance(a, ast.Keyword) for a in arg_nodes):
            return False
        uses = {p: 0 for p in proc.params}
        repeated = set()
        for node, inside_loop in _names_with_context(body[0].value):
            if node.id in uses:
                uses[node.id] += 1
                if inside_loop:
                    repeated.add(node.id)
        for param, node in zip(proc.params, arg_nodes):
            simple = isinstance(node, (ast.Name, ast.Literal))
            if not simple and (uses[param] != 1 or param in repeated):
                return False
        return True

    def _inline(self, proc: ast.Proc, arg_code: list[str]) -> str:
        """The body of a one-line procedure in place of a call (see `_inlines`)."""
        saved = self.substitutions
        self.substitutions = {p: f"({code})" for p, code in zip(proc.params, arg_code)}
        self.inlining.add(proc.name)
        try:
            with self._in(Frame([set()])):
                return f"({self.expr(_body(proc)[0].value)})"
        finally:
            self.inlining.discard(proc.name)
            self.substitutions = saved

    def e_Keyword(self, e):
        return f"{e.name}={self.expr(e.value)}"

    def e_Index(self, e):
        return f"{self.expr(e.target)}[{self.expr(e.index)}]"

    def e_Attribute(self, e):
        return f"{self.expr(e.target)}.{e.name}"

    def e_Tuple(self, e):
        return "(" + "".join(self.expr(i) + ", " for i in e.items) + ")"

    def e_List(self, e):
        return "[" + ", ".join(self.expr(i) for i in e.items) + "]"

    def e_Record(self, e):
        fields = tuple(f.name for f in e.fields)
        name = self.records.setdefault(fields, f"rec{len(self.records)}")
        return f"{name}({', '.join(self.expr(f.value) for f in e.fields)})"

    def e_Comprehension(self, e):
        with self._in(self.frame.inner()):
            return self._comprehension(e)

    def _comprehension(self, e):
        if _projects(e):
            # `[b.value for b in won[p]]` reads one attribute of each item without a Python call.
            self.getters.add(e.element.name)
            return f"list(map(get_{e.element.name}, {self.expr(e.clauses[0].iterable)}))"
        clauses = []
        for index, clause in enumerate(e.clauses):
            iterable = self.expr(clause.iterable)
            if self._is_builtin_call(clause.iterable, "zip"):
                # A comprehension goes through the pairs once: no list of them is needed.
                iterable = "zip" + iterable[len(BUILTINS["zip"].python_name):]
            elif index > 0 or not self._bounded(clause.iterable):
                iterable = f"spend(g, {iterable})"
            self.frame.declare(*clause.names)
            cond = f" if {self.expr(clause.cond)}" if clause.cond is not None else ""
            clauses.append(f"for {', '.join(f'l_{n}' for n in clause.names)} in {iterable}{cond}")
        element = self.expr(e.element)
        return f"[{element} {' '.join(clauses)}]"

    def e_Play(self, e):
        return self._paused(self._may_ask(e.point in self.asking.points, e), f"{named('pt', e.point)}(g, {self.expr(e.player)})")


def _body(proc: ast.Proc) -> list:
    """A procedure's statements without its docstring."""
    return [stmt for stmt in proc.body if not (isinstance(stmt, ast.ExprStmt) and isinstance(stmt.expr, ast.Literal))]


def _projects(e) -> bool:
    """Whether `e` is a comprehension that takes one attribute of each item: `[b.value for b in xs]`."""
    if not isinstance(e, ast.Comprehension) or len(e.clauses) != 1:
        return False
    clause = e.clauses[0]
    return clause.cond is None and len(clause.names) == 1 and isinstance(e.element, ast.Attribute) \
        and isinstance(e.element.target, ast.Name) and e.element.target.id == clause.names[0]


def _is_none(e) -> bool:
    return isinstance(e, ast.Literal) and e.value is None


def _conjuncts(e) -> list:
    """`a and b and c` as [a, b, c], in the order they are evaluated."""
    if isinstance(e, ast.AndOp):
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]


def _is_choose_let(stmt) -> bool:
    return isinstance(stmt, ast.Let) and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Name) \
        and stmt.value.func.id == "choose"


def _asks(body) -> bool:
    """Whether a rule's own statements call `choose`."""
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "choose"
               for stmt in body for node in ast.walk(stmt))


def _rule_name(span, what: str) -> str:
    """How reports name a handler or hook: its file and what it reacts to (`bonus: on placed`)."""
    return f"{Path(span.file).stem}: {what}" if span is not None else what


def _names_with_context(expr, inside_loop: bool = False):
    """Every Name node of an expression, with whether it sits inside a lambda or comprehension."""
    if isinstance(expr, ast.Name):
        yield expr, inside_loop
        return
    nested = inside_loop or isinstance(expr, (ast.Lambda, ast.Comprehension))
    for child in ast.children(expr):
        yield from _names_with_context(child, nested)


def generate(program: Program, pausing: bool = True) -> Source:
    """The Python source of a checked program, with its line -> span map. `pausing`: the rules
    that can ask are generators that pause at a decision for the game's driver; without, a
    form for games whose every decision is answered inside (interpreter/compiling/asking.py)."""
    return _Compiler(program, pausing).run()


def namespace(operations_kept: dict) -> dict:
    """What generated code may call: the operations (`operations_kept`: plain, or keeping books,
    interpreter/lookahead/bookkeeping.py), the built-ins, the step-budget error and the notice that vars
    are about to change (needed only while a checkpoint is open)."""
    names = {"Zone": Zone, "OverBudget": OverBudget, "over_steps": over_steps, "spend": spend, "times": times,
             "attrgetter": operator.attrgetter, "fixed": fixed, "PAUSE": PAUSE, "AssertFailed": AssertFailed,
             "record_type": record_type, "Part": Part,
             "NESTED": NESTED, "var_changing": var_changing, "var_rebound": var_rebound,
             "vars_changing": vars_changing, "vars_rebound": vars_rebound}
    names.update(operations.EXPORTS)
    names.update(operations_kept)
    for name, builtin in BUILTINS.items():
        names[builtin.python_name] = runtime_builtins.implementation(name)
    return names


def load_code(source: Source, label: str):
    """Compile generated source once; returns the code and the file name tracebacks show.

    dsl/limits.py keeps rules inside what Python compiles; should generated code still pass
    one of Python's limits (inlined procedures nest expressions further), the error is
    located at the rule that made the line."""
    filename = f"<rules {label} #{id(source)}>"
    try:
        return compile(source.text(), filename, "exec"), filename
    except (SyntaxError, RecursionError, MemoryError) as error:
        line = getattr(error, "lineno", None) or 0
        span = source.spans[line - 1] if 0 < line <= len(source.spans) else None
        raise RulesError(Diagnostic(span, "this rule nests too deeply to be compiled",
                                    "name parts of its expressions with `let`, or move inner blocks into a procedure")) from None


def run_code(code, operations_kept: dict) -> dict:
    """The namespace of compiled rules: their functions, calling `operations_kept`."""
    names = namespace(operations_kept)
    exec(code, names)
    return names
