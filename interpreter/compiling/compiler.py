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
import warnings
from contextlib import contextmanager
from functools import partial

from ...dsl import ast
from ...dsl.builtins import BUILTINS
from ...dsl.program import Program
from ...dsl.errors import Diagnostic, RulesError, Span
from .ownership import OwnLocals, own_locals
from .analysis import Analysis, analyse
from ..running import builtins as runtime_builtins
from ..running import operations
from .asking import NOTHING, calls_choose
from .events import Events
from .hooks import Hooks
from .names import attribute, derived, named
from .purity import unchanging_procs
from ..lookahead.checkpoint import NESTED, var_changing, var_rebound, vars_changing, vars_rebound
from .costs import CONSTANT, Costs
from .interprocedural import NOTHING_KNOWN, Interprocedural, KnownParams
from .calls import Calls
from .conditions import Conditions
from .expressions import Expressions
from .statements import Statements
from .turns import Turns
from .moves import DecisionPoints
from .tables import Tables
from .words import Words
from .source import Frame, Source
from ..running.budget import (ATOMS, LISTS, OverBudget, added, compare, count_walk, deep, grown, keyed, members, over_steps,
                              plus, power, spend, text, times, walk, within)
from ..running.meter import FIRED
from ..running.runtime import PAUSE, AssertFailed, kept, once
from ..running.values import Part, Piece, Zone, fixed, record_type


class _Compiler(Events, Hooks, DecisionPoints, Words, Tables, Statements, Turns, Conditions, Expressions, Calls,
                Costs, Interprocedural):
    """A checked program as Python source: declarations and rules here, decision
    points in `DecisionPoints` (moves.py), their words in `Words` (words.py), the tables the
    running game looks up in `Tables` (tables.py), statements in
    `Statements` (statements.py), expressions in `Expressions` (expressions.py)."""

    def __init__(self, program: Program, pausing: bool, analysis: Analysis | None = None, books: bool = True):
        self.program = program
        # Whether decisions may pause the rules (a game driven from outside), or every one is
        # answered inside the game (agents seated in every seat) and no rule is a generator.
        self.pausing = pausing
        # Whether the game keeps the books look-aheads need (interpreter/lookahead/bookkeeping.py):
        # the operations are calls a bookkeeping game wraps, assignments tell the checkpoints,
        # pure procedures are remembered. Without books, the operations on named zones are
        # written out in the rules (compiling/inlined.py) and every call runs.
        self.books = books
        self.parts = program.parts
        self.out = Source()
        self.frame = Frame([set()])
        self.substitutions: dict[str, str] = {}
        # What the arguments the substituted names stand for are (Expressions._substituted).
        self.substitution_facts: dict = {}
        # The params and kinds of parts whose value is the same in every game: name -> the code
        # that makes it once (`_same_in_every_game`).
        self.game_constants: dict[str, str] = {}
        self.inlining: set[str] = set()
        # Attributes read by lambdas of the form `c => c.value`: one attrgetter each, made once.
        self.getters: set[str] = set()
        # Tables written after the parts they name (`_by_part`).
        self.tables: list[str] = []
        # Expressions worked out once into a local where their value is known to be the same
        # (DecisionPoints._common): the expression -> the local.
        self.common: dict = {}
        self.unchanging = unchanging_procs(program.parts)
        known = analysis or analyse(program)
        self.pure = known.pure
        self.var_index = known.var_index
        self.reach = known.reach
        self.scored_zones, self.scored_vars = known.scored_zones, known.scored_vars
        self.by_seat, self.numeric_vars, self.number_vars = known.by_seat, known.numeric_vars, known.number_vars
        self.asks_anywhere = known.asks_anywhere
        self.recursive = known.recursive
        self.zone_params = known.zone_params
        self.cheap_functions = known.cheap_functions
        self.read_only_params = known.read_only_params
        # What each procedure answers, worked out when a call first asks (Interprocedural._answer);
        # whether a parameter is only called with cheap arguments (Interprocedural._handed_function).
        self.answers: dict = {}
        self.applied: dict = {}
        # What every call gives each procedure's parameters (Interprocedural._known_params), once
        # worked out for the whole program.
        self.param_facts: dict | None = known.costs.get("param_facts")
        self.fixed_vars: frozenset = known.costs.get("fixed_vars", frozenset())
        self.costs = known.costs
        # Each rule's steady locals, by its parameters and statements (Statements._steady).
        self.steady: dict = {}
        # The hidden zones each function a look-ahead may run can read, by its name.
        self.reaches: dict[str, frozenset] = {}
        # Whether each `turn` block that can ask written so far runs as a frame (compiling/turns.py).
        self.framed_turns: list[bool] = []
        self.asking = self.asks_anywhere if pausing else NOTHING
        # Where each rule the meter counts is written (a move, a hook, a handler), by its name.
        self.rule_sites: dict[str, Span | None] = {}
        # `choose` calls compiled so far: each keeps its option in a name of its own.
        self.chosen = 0
        # The record types made so far, by their field names: `rec0`, `rec1`, ... (values.record_type).
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
                               decl.span, decl.name in self.recursive.procs, self._known_params(decl))
            elif isinstance(decl, ast.Phase):
                self._phase(decl)
        self._turn_hooks()
        self._moves()
        self._words()
        self._events()
        self._score()
        self._value()
        self._settings()
        self._layout()
        self._hidden_reach()
        self._turns_table()
        self._rule_sites()
        for name in sorted(self.getters):
            self.out.emit(f"{named('get', name)} = attrgetter({attribute(name)!r})")
        for fields, name in self.records.items():
            self.out.emit(f"{name} = record_type({fields!r}, {tuple(map(attribute, fields))!r})")
        for part in self.program.of_kind(ast.Part):
            self.out.emit(f"{named('part', part.name)} = Part({part.kind!r}, {part.name!r}, {part.title!r})")
        for name, value in self.game_constants.items():
            self.out.emit(f"{named('pv', name)} = {value}")
        for table in self.tables:
            self.out.emit(table)
        return self.out

    def _same_in_every_game(self, e) -> bool:
        """Whether `e` is the same value in every game, made of literals, lists, records, parts
        and params that are: such a param's value is made once, when the rules are compiled,
        and every game holds that very value (it cannot change: values.fixed), instead of
        building it again at every game's start (a list of records, say). Nothing
        in it can fail or ask the game anything (`players`, a kind of piece, a procedure)."""
        if isinstance(e, ast.Literal):
            return True
        if isinstance(e, ast.Negate):
            return isinstance(e.operand, ast.Literal) and type(e.operand.value) in (int, float)
        if isinstance(e, (ast.List, ast.Tuple)):
            return all(map(self._same_in_every_game, e.items))
        if isinstance(e, ast.Record):
            return all(self._same_in_every_game(f.value) for f in e.fields)
        if isinstance(e, ast.Name):
            return e.id in self.game_constants and isinstance(self.parts.get(e.id), ast.Param) \
                or isinstance(self.parts.get(e.id), ast.Part)
        return False

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
                members = "".join(f"{named('part', d.name)}, " for d in self.program.of_kind(ast.Part) if d.kind == decl.name)
                self.game_constants[decl.name] = f"fixed([{members}])"
                o.emit(f"g.t_{decl.name} = {named('pv', decl.name)}", decl.span)
            elif isinstance(decl, ast.Param) and self._same_in_every_game(decl.default):
                saved = self.substitutions, self.substitution_facts
                self.substitutions = {name: named("pv", name) for name in self.game_constants}
                self.substitutions.update((part.name, named("part", part.name)) for part in self.program.of_kind(ast.Part))
                self.substitution_facts = dict.fromkeys(self.substitutions, CONSTANT)
                self.game_constants[decl.name] = f"fixed({self.expr(decl.default)})"
                self.substitutions, self.substitution_facts = saved
                o.emit(f"g.p_{decl.name} = {named('pv', decl.name)}", decl.span)
            elif isinstance(decl, ast.Param):
                o.emit(f"g.p_{decl.name} = fixed({self.expr(decl.default)})", decl.span)
            elif isinstance(decl, ast.Die):
                faces = self.expr(decl.faces)
                values = self.expr(decl.values) if decl.values is not None else "None"
                weight = self.expr(decl.weight) if decl.weight is not None else "1"
                o.emit(f"g.k_{decl.name} = make_die({decl.name!r}, {faces}, {values}, {weight}{self._kind_words(decl)})",
                       decl.span)
            elif isinstance(decl, ast.Card):
                entries = ", ".join(
                    f"({self.expr(e.value)}, {self.expr(e.count) if e.count is not None else 1})" for e in decl.entries
                )
                o.emit(f"g.k_{decl.name} = make_card({decl.name!r}, [{entries}]{self._kind_words(decl)})", decl.span)
                o.emit(f"g.deck_{decl.name} = [{entries}]", decl.span)
            elif isinstance(decl, ast.Zone):
                if self.scored_zones is not None and decl.name not in self.scored_zones:
                    scored = ""
                elif self.by_seat and isinstance(decl.shape, ast.PerPlayer):
                    # `by_seat`: a scored zone is a `per player` family's, `_o` its owner.
                    scored = ", 1 << _o"
                else:
                    scored = ", -1"
                o.emit(f"g.z_{decl.name} = {self._shaped(decl, lambda label: f'Zone({label}{scored})')}", decl.span)
            elif isinstance(decl, ast.Var):
                init = self.expr(decl.init)
                o.emit(f"g.v_{decl.name} = {self._shaped(decl, lambda label: init)}", decl.span)

    def _imaginary_index(self, name: str) -> int:
        names = [d.name for d in self.parts.values() if isinstance(d, ast.Imaginary)]
        return names.index(name)

    def _shaped(self, decl, make) -> str:
        """The value of a zone or var as its shape has it: one, one per owner, or one per member.
        `make(label)`: the code of one, given the code of its name (`'cup' + '[' + ... + ']'`);
        a function, not a template, since a var's value may hold braces of its own (`"{"`)."""
        shape = decl.shape
        if shape is None:
            return make(repr(decl.name))
        if isinstance(shape, ast.PerPlayer):
            return "[" + make(f"{decl.name!r} + '[' + g.names[_o] + ']'") + " for _o in g.owners]"
        low, high = self.expr(shape.range.low), self.expr(shape.range.high)
        return "{_i: " + make(f"{decl.name!r} + '[' + str(_i) + ']'") + f" for _i in members({low}, {high})}}"

    def _function(self, name: str, signature: list[str], local_names, body, span, counted: bool = False,
                  known: KnownParams = NOTHING_KNOWN) -> None:
        """A rule as a function. One that asks a `choose` runs through `g.frames` while an agent
        looks ahead, which remembers the state it started from (interpreter/lookahead/search.py).
        `counted`: each call counts a step of the game's budget (a rule that can call itself,
        interpreter/compiling/recursion.py); `known`: what its parameters hold wherever it is
        called (a zone, a function answering a number: Interprocedural._known_params)."""
        o = self.out
        own = own_locals(local_names, body)
        if calls_choose(body) and self.books:
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
        self._rule_body(name, list(local_names), body, span, own, counted, known)

    def _count_call(self, span) -> None:
        """A call of a rule that can call itself spends a step of the game's budget (interpreter/running/budget.py)."""
        self.out.emit("g.steps += 1", span)
        self.out.emit("if g.steps > g.step_budget: over_steps(g)", span)

    def _rule_body(self, name: str, local_names: list, body, span, own: OwnLocals, counted: bool = False,
                   known: KnownParams = NOTHING_KNOWN) -> None:
        """The function of a rule's statements. A `let x = choose(...)` among them, standing
        alone or inside `if`s (not loops), hands the seat's agent the rest of the rule as a
        function of the locals seen so far and the answer (`resume`): a look-ahead tries an
        answer from right there, instead of running the rule again from its start to reach
        the question."""
        o = self.out
        o.emit(f"def {name}(g{''.join(f', l_{n}' for n in local_names)}):", span)
        rests: list[tuple] = []
        unread = self._unread(body) if not calls_choose(body) else frozenset()
        frame = Frame([set(local_names)], own, self._asks_in(body), unread=unread,
                      rule_locals=_bound(body, local_names), bounded=set(known.bounded), cheap=set(known.cheap),
                      cheap_items=set(known.cheap_items), cheap_results=set(known.cheap_results), fixed=set(known.fixed),
                      rule=(local_names, body))
        with o.indented(), self._in(frame):
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
                args = self._walked(BUILTINS["choose"], stmt.value, [self.expr(a) for a in stmt.value.args])
                args.append(f"resume=({rest}, ({captured}), {changeable!r})")
                self.frame.declare(stmt.name)
                o.emit(f"l_{stmt.name} = {BUILTINS['choose'].python_name}(g, {', '.join(args)})", stmt.span)
                if self.pausing:
                    o.emit(f"if l_{stmt.name} is PAUSE: l_{stmt.name} = yield from g.paused()", stmt.span)
                    self.frame.yielded = True
                rests.append((rest, kept + [stmt.name], rest_of_rule))
                self.reaches[rest] = self.reach.of(rest_of_rule)
            elif isinstance(stmt, ast.If):
                o.emit(f"if {self._test(stmt.cond, stmt.span)}:", stmt.span)
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

    def _metered_call(self, function: str, args: str, rule: str, span, asks: bool) -> None:
        """Call a rule's function; while a meter is attached, through it (how often a rule fires,
        what it pays). `asks`: the function is a generator, run to its end with `yield from`."""
        self.rule_sites.setdefault(rule, span)
        self._metered(f"{self._pause(asks)}{function}({args})", str(list(self.rule_sites).index(rule)), span)

    def _metered(self, call: str, rule: str, span=None) -> None:
        """`call`, counted by the game's meter if it has one (interpreter/running/meter.py, inlined
        here): the rule's tally is the game's while it runs, the one around it waits in
        `_outer`. `rule`: the rule's number (its place in `METERED`), as code. An error ends
        the game, meter and all, so putting the outer tally back needs no `finally`."""
        o = self.out
        o.emit("_meter = g.meter", span)
        o.emit(f"if _meter is None: {call}", span)
        o.emit("else:", span)
        with o.indented():
            o.emit("_outer = g.tally", span)
            o.emit("if g.score_changed: _meter.settle(g, _outer)", span)
            o.emit(f"g.tally = _tally = _meter.tallies[{rule}]", span)
            o.emit(call, span)
            o.emit("if g.score_changed: _meter.settle(g, _tally)", span)
            o.emit(f"_tally[{FIRED}] += 1", span)
            o.emit("g.tally = _outer", span)

    def _asks_in(self, body) -> bool:
        """Whether statements can pause the game: they can ask, and the form compiled pauses."""
        return self.pausing and self.asking.body(body)

    def _pause(self, asks: bool) -> str:
        """What stands before a call of a rule: `yield from ` if it can ask, which pauses the caller too."""
        if not asks:
            return ""
        self.frame.yielded = True
        return "yield from "

def _is_choose_let(stmt) -> bool:
    return isinstance(stmt, ast.Let) and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Name) \
        and stmt.value.func.id == "choose"


def _bound(body, params) -> frozenset:
    """The names a rule binds as a local of its own: its parameters, and the names of its `let`s,
    `for`s and `repeat`s, at any depth."""
    names = set(params)
    for stmt in body:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Let):
                names.add(node.name)
            elif isinstance(node, ast.For):
                names.update(node.names)
            elif isinstance(node, ast.Repeat) and node.name:
                names.add(node.name)
    return frozenset(names)


def generate(program: Program, pausing: bool = True, analysis: Analysis | None = None, books: bool = True) -> Source:
    """The Python source of a checked program, with its line -> span map. `pausing`: the rules
    that can ask are generators that pause at a decision for the game's driver; without, a
    form for games whose every decision is answered inside (interpreter/compiling/asking.py).
    `books`: a form for games that keep the books look-aheads need, else one for games in which
    nobody looks ahead (the operations written out). `analysis`: the program's, if made
    already (`analyse`; every form shares one)."""
    return _Compiler(program, pausing, analysis, books).run()


def namespace(operations_kept: dict) -> dict:
    """What generated code may call: the operations (`operations_kept`: plain, or keeping books,
    interpreter/lookahead/bookkeeping.py), the built-ins, the step-budget error and the notice that vars
    are about to change (needed only while a checkpoint is open)."""
    names = {"Zone": Zone, "Piece": Piece, "OverBudget": OverBudget, "over_steps": over_steps, "spend": spend, "times": times,
             "power": power, "walk": walk, "deep": deep, "compare": compare, "within": within, "plus": plus, "added": added, "text": text,
             "keyed": keyed, "ATOMS": ATOMS, "LISTS": LISTS, "eq": operator.eq, "ne": operator.ne, "lt": operator.lt, "le": operator.le,
             "gt": operator.gt, "ge": operator.ge, "grown": grown, "count_walk": count_walk,
             "members": members, "attrgetter": operator.attrgetter, "fixed": fixed, "PAUSE": PAUSE, "once": once, "kept": kept,
             "AssertFailed": AssertFailed, "record_type": record_type, "Part": Part, "partial": partial,
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
        with warnings.catch_warnings():
            # Python's hints about the generated code (`none[0]`: "perhaps you missed a comma?")
            # are not for a designer: the checker and the running game say what is wrong, located.
            warnings.simplefilter("ignore", SyntaxWarning)
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
