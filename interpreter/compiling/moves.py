"""Decision points as Python: `pt_POINT(g, player)` gathers the legal options of every move of
the point (their domains, `when` and the forbids), asks the seat, and plays the chosen move. A
part of the code generator (compiler.py), which it is mixed into."""

from __future__ import annotations

from contextlib import ExitStack

import attrs

from ...dsl import ast
from ...dsl.builtins import AS_FIRST, BUILTINS, NEVER
from .asking import is_single
from .invariant import bound_in, free_names, option_invariant, shared_iterables
from .names import named
from .source import Frame
from ..running.meter import ASKED


class DecisionPoints:
    """The moves and decision points of a program, as the code generator writes them."""

    def _moves(self) -> None:
        o = self.out
        forbids = {}
        for forbid in self.program.forbids:
            forbids.setdefault(forbid.move, []).append(forbid)
        points = {}
        hooks = {}
        for move in self.program.moves:
            if move.point not in hooks:
                hooks[move.point] = self._point_hooks(move.point)
            points.setdefault(move.point, []).append(move)
            # A point's `after` hooks are part of playing each of its moves (hooks.py).
            after = hooks[move.point]["after"]
            self._move(move, after)
            self.reaches[named("mv", move.name)] = self.reach.of(list(move.body) + [hook for _, hook in after])
            self.rule_sites.setdefault(f"move {move.name}", move.span)
        o.emit("MOVES = {" + ", ".join(f"{m.name!r}: {named('mv', m.name)}" for m in self.program.moves) + "}")
        for point, moves in points.items():
            o.emit(f"def {named('pt', point)}(g, l_player):")
            with o.indented():
                if point in self.recursive.points:
                    self._count_call(moves[0].span)
                for function, hook in hooks[point]["before"]:
                    self._hook_call(function, hook, "g, l_player")
                self._decision_point(point, moves, forbids)

    def _decision_point(self, point: str, moves: list, forbids: dict) -> None:
        """The body of `pt_POINT(g, player)` after its `before` hooks: the legal options of every
        move of the point, the seat's decision among them, the chosen move played."""
        o = self.out
        if is_single(moves, forbids):
            self._metered_call(named("mv", moves[0].name), "g, l_player", f"move {moves[0].name}", moves[0].span,
                               moves[0].name in self.asking.moves)
            o.emit("return True")
            return
        # One move of one parameter, in a form that never pauses: the options are its bare values,
        # made into (move, args) options only for `Game.decide` (`_ask`).
        bare = not self.pausing and len(moves) == 1 and _one_value(moves[0], forbids)
        try:
            self._gather(moves, forbids, bare)
        finally:
            self.common = {}
        domains = [p.domain for m in moves for p in m.params]
        if not all(map(self._never_repeats, domains)):
            # Equal options lead to the same game: each is offered once (runtime.once), hashed
            # at once where every value is cheap to compare.
            cheap = ", True" if all(map(self._cheap_items, domains)) else ""
            o.emit(f"if len(opts) > 1: opts = once(opts{cheap})")
        o.emit("if not opts:")
        o.emit("    return False")
        asks = sorted(m.name for m in moves if m.name in self.asking.moves)
        if bare:
            self._ask(point, f"[({moves[0].name!r}, (_value,)) for _value in opts]", "_value", "[1][0]")
            self._metered_call(named("mv", moves[0].name), "g, l_player, _value", f"move {moves[0].name}",
                               moves[0].span, bool(asks))
            o.emit("return True")
            return
        if self.pausing:
            o.emit(f"_chosen = g.decide(l_player, {point!r}, opts, False, True)")
            o.emit("if _chosen is PAUSE: _chosen = yield from g.paused()")
        else:
            self._ask(point, "opts", "_chosen", "")
        o.emit("_name, _args = _chosen")
        if len(moves) == 1:
            self._metered(f"{self._pause(bool(asks))}{named('mv', moves[0].name)}(g, l_player, *_args)",
                          str(list(self.rule_sites).index(f"move {moves[0].name}")))
        elif asks and len(asks) < len(moves):
            o.emit(f"if _name in {tuple(asks)!r}:")
            with o.indented():
                self._move_call(True)
            o.emit("else:")
            with o.indented():
                self._move_call(False)
        else:
            self._move_call(bool(asks))
        o.emit("return True")

    def _gather(self, moves: list, forbids: dict, bare: bool) -> None:
        """The legal options of every move of a decision point, into `opts`."""
        o = self.out
        common = self._common(moves, forbids)
        self._keep_invariant(moves, forbids)
        for number, move in enumerate(moves):
            if number in common:
                local = f"_s{sum(isinstance(code, str) for code in self.common.values())}"
                with self._in(Frame([{"player"}])):
                    o.emit(f"{local} = {self.expr(move.params[0].domain)}", move.span)
                self.common[move.params[0].domain] = local
            if _one_value(move, forbids):
                param = move.params[0]
                domain = self._counted(param.domain, first=True)
                if bare:
                    # A list the domain makes afresh (`faces(...)`) is the options as it is.
                    fresh = isinstance(param.domain, (ast.List, ast.Comprehension)) or self._makes_a_list(param.domain)
                    o.emit(f"opts = {domain}" if fresh else f"opts = list({domain})", move.span)
                    continue
                options = f"[({move.name!r}, (l_{param.name},)) for l_{param.name} in {domain}]"
                o.emit(f"opts = {options}" if number == 0 else f"opts.extend({options})", move.span)
                continue
            if number == 0:
                o.emit("opts = []")
            # The options are gathered in this function's locals: the player, the move's parameters
            # (the loops of `_folded` conditions may bind any other name, `Statements._folds`).
            point_locals = frozenset({"player", *(p.name for p in move.params)})
            with self._in(Frame([{"player"}], rule_locals=point_locals)) as frame, ExitStack() as loops:
                hoisted, when = self._invariant_conditions(move)
                front = [] if when else self._invariant_forbids(move, forbids)
                tests = [f"({self.expr(c)})" for c in hoisted] + [f"not ({self.expr(f.when)})" for f in front]
                if tests:
                    o.emit(f"if {' and '.join(tests)}:", move.span)
                    loops.enter_context(o.indented())
                for index, param in enumerate(move.params):
                    o.emit(f"for l_{param.name} in {self._counted(param.domain, first=index == 0)}:", param.span)
                    typed = self._cheap_items(param.domain)
                    frame.declare(param.name)
                    if typed:
                        frame.cheap.add(param.name)
                    loops.enter_context(o.indented())
                conditions = list(when) + [_Forbidden(forbid.when) for forbid in forbids.get(move.name, ())[len(front):]]
                args = "".join(f"l_{p.name}, " for p in move.params)
                append = f"opts.append(({move.name!r}, ({args})))"
                if any(self._folds(c.when if isinstance(c, _Forbidden) else c) for c in conditions):
                    # One `if` a condition, in order, as `and` would ask them: a condition worked
                    # out by loops is worked out only where the ones before it hold.
                    for condition in conditions:
                        if isinstance(condition, _Forbidden):
                            o.emit(f"if not ({self._test(condition.when, move.span)}):", move.span)
                        else:
                            o.emit(f"if {self._test(condition, move.span)}:", move.span)
                        loops.enter_context(o.indented())
                    o.emit(append, move.span)
                elif conditions:
                    tests = [f"not ({self.expr(c.when)})" if isinstance(c, _Forbidden) else f"({self.expr(c)})"
                             for c in conditions]
                    o.emit(f"if {' and '.join(tests)}:", move.span)
                    o.emit("    " + append, move.span)
                else:
                    o.emit(append, move.span)

    def _common(self, moves: list, forbids: dict) -> set:
        """The moves whose first parameter's domain is worked out once, there, for the rest of the
        point (common subexpression elimination): a domain that the point writes again
        (`faces(rolled[player])` of one move, and in another's forbid), where the move's values
        are gone through unconditionally (nothing in its `when` is tested before them), so its
        working out is where the code would work it out anyway; writings after it read it.
        Only where nothing the point asks can change anything (purity.unchanging_procs) or
        rebinds a name the domain reads (a comprehension's or lambda's), so each writing is the
        same value."""
        expressions = [e for m in moves for e in (*(p.domain for p in m.params), m.when) if e is not None]
        expressions += [f.when for m in moves for f in forbids.get(m.name, ())]
        if not all(self._unchanging(e) for e in expressions):
            return set()
        rebound = {name for e in expressions for node in ast.walk(e)
                   for name in (node.names if isinstance(node, ast.CompFor) else
                                (node.param,) if isinstance(node, ast.Lambda) else ())}
        found, bound = set(), set()
        for number, move in enumerate(moves):
            if not move.params or self._invariant_conditions(move)[0] or move.params[0].domain in bound:
                continue
            domain = move.params[0].domain
            reads = {node.id for node in ast.walk(domain) if isinstance(node, ast.Name)}
            written = sum(1 for e in expressions for node in ast.walk(e) if node == domain)
            if written > 1 and not reads & (rebound | {p.name for m in moves for p in m.params}):
                found.add(number)
                bound.add(domain)
        return found

    def _keep_invariant(self, moves: list, forbids: dict) -> None:
        """The parts of the point's conditions that name no option (invariant.py), each kept in
        a local of its own the first time a condition asks it (`_kept`).
        Only where nothing the point asks changes anything (purity.unchanging_procs), so each
        asking would give the same value."""
        conditions = [e for m in moves if m.params for e in [m.when, *(f.when for f in forbids.get(m.name, ()))]
                      if e is not None]
        expressions = conditions + [p.domain for m in moves for p in m.params]
        if not conditions or not all(self._unchanging(e) for e in expressions):
            return
        options = bound_in(expressions) | {p.name for m in moves for p in m.params}
        parts = option_invariant(conditions, options)
        domains = [p.domain for m in moves for p in m.params]
        shared = shared_iterables(domains, parts, options, self._calls_nothing_but)
        for number, part in enumerate(parts + shared):
            self.out.emit(f"_k{number} = []")
            self.common[part] = number

    def _calls_nothing_but(self, comprehension, call) -> bool:
        """Whether `comprehension` calls no procedure but in `call` (which it goes through)."""
        inside = {id(node) for node in ast.walk(call)}
        return not any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in self.parts
                       and id(node) not in inside for node in ast.walk(comprehension))

    def _kept(self, part, number: int) -> str:
        """The code of a part kept by `_keep_invariant`, written where it is first asked: the
        local `_kNUMBER` once it holds the value, else the part worked out (parts kept inside
        it read their own locals) and kept there (runtime.kept)."""
        del self.common[part]
        try:
            return f"(_k{number}[0] if _k{number} else kept(_k{number}, {self.expr(part)}))"
        finally:
            self.common[part] = number

    def _never_repeats(self, domain) -> bool:
        """Whether a move's parameter's values are never two equal ones, whatever the game: a
        zone's pieces, the seats, a range, a kind's parts, a list of different literals (also
        a param's), a built-in's answer that repeats nothing (`faces`), a selection of what
        repeats nothing (`showing`, `sorted`: dsl/builtins.py, `repeats`), and a one-line
        procedure written in place that answers one of these (`places()`: `return 1..6`). Then
        its point gathers no option twice, and does not look for equal ones to merge."""
        if self._inlined(domain):
            with self._as_inlined(domain) as body:
                return self._never_repeats(body)
        decl = self._global(domain)
        if isinstance(decl, ast.Param):
            domain = decl.default
        if isinstance(domain, ast.Range) or self._is_zone(domain) or isinstance(decl, ast.PartKind):
            return True
        if isinstance(domain, ast.Name) and decl is None and domain.id in ("players", "owners") \
                and not self._is_local(domain.id) and domain.id not in self.substitutions:
            return True
        if isinstance(domain, ast.List):
            values = [item.value for item in domain.items if isinstance(item, ast.Literal)]
            return len(values) == len(domain.items) and len(set(map(repr, values))) == len(values)
        if isinstance(domain, ast.Call) and self._is_builtin_call(domain, domain.func.id):
            repeats = BUILTINS[domain.func.id].repeats
            return repeats == NEVER or repeats == AS_FIRST and bool(domain.args) and self._never_repeats(domain.args[0])
        return False

    def _unchanging(self, e) -> bool:
        """Whether evaluating `e` changes nothing (it may read the game): it calls only procedures
        that change nothing (purity.unchanging_procs) and built-ins that draw no chance and ask
        nobody."""
        return self._calls_only(e, self.unchanging, lambda builtin: not builtin.changes)

    def _ask(self, point: str, options: str, chosen: str, part: str) -> None:
        """The seat's choice among `opts` into `chosen`, in a form that never pauses. In a game
        without a log or replayed answers, a single option and the answer of a blind agent
        (`pick`) are taken here, as `Game.decide` would (interpreter/running/runtime.py: the
        same counts, the same history), without a call or a list of options made for it;
        anything else goes to `Game.decide` with the options `options` makes, taking `part` of
        its answer."""
        o = self.out
        o.emit("if g.log is not None or g.script or not (len(opts) == 1 or g.agents[l_player].blind):")
        o.emit(f"    {chosen} = g.decide(l_player, {point!r}, {options}, False, True){part}")
        o.emit("elif len(opts) == 1:")
        o.emit("    g.decisions += 1")
        o.emit(f"    {chosen} = opts[0]")
        o.emit("else:")
        with o.indented():
            o.emit("if g.meter is not None:")
            o.emit(f"    g.tally[{ASKED}] += 1")
            o.emit("    if g.course is not None: g.course.asked(len(opts))")
            o.emit("_index = g.agents[l_player].pick(len(opts))")
            o.emit("g.history.append((l_player, _index, False))")
            o.emit("g.decisions += 1")
            o.emit(f"{chosen} = opts[_index]")

    def _counted(self, domain, first: bool) -> str:
        """A parameter's values, each spending a step of the game's budget as a loop's pass does
        (`bid(n in 1..count + 10**9)` is stopped, located, instead of gathering options forever);
        the first parameter's values go uncounted where they are bounded anyway (a zone, the
        seats), as a comprehension's first clause."""
        code = self.expr(domain)
        return code if first and self._bounded(domain) else f"spend(g, {code})"

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

    def _invariant_forbids(self, move, forbids: dict) -> list:
        """The leading forbids of a move whose `when` is all tested before its loops (above) that
        name none of its parameters and change nothing: tested there too, after it, so a point
        whose forbid rules out the whole move (`forbid fill when rolls_left > 0`) never works
        out the move's values. Only where working the domains out changes nothing
        (purity.unchanging_procs), so skipping them changes nothing either."""
        if not move.params or not all(self._unchanging(p.domain) for p in move.params):
            return []
        params = {p.name for p in move.params}
        front = []
        for forbid in forbids.get(move.name, ()):
            if free_names(forbid.when) & params or not self._unchanging(forbid.when):
                break
            front.append(forbid)
        return front

    def _pure_expr(self, e) -> bool:
        """Whether evaluating `e` can change nothing and draw no chance: it calls only pure
        procedures and built-ins."""
        return self._calls_only(e, self.pure, lambda builtin: builtin.pure)

    def _calls_only(self, e, procs: frozenset, allowed) -> bool:
        """Whether `e` calls only the procedures `procs` and the built-ins `allowed` says yes to,
        and plays no decision point."""
        for node in ast.walk(e):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                name = node.func.id
                if name in self.parts:
                    if name not in procs:
                        return False
                elif name in BUILTINS and not allowed(BUILTINS[name]):
                    return False
            elif isinstance(node, ast.Play):
                return False
        return True

    def _move_call(self, asks: bool) -> None:
        """The chosen move of a decision point, played (through the meter, while one is attached)."""
        self._metered(f"{self._pause(asks)}MOVES[_name](g, l_player, *_args)", "MOVE_RULES[_name]")


def _one_value(move, forbids: dict) -> bool:
    """Whether a move's options are the values of its one parameter, all of them legal."""
    return len(move.params) == 1 and move.when is None and move.name not in forbids


def _conjuncts(e) -> list:
    """`a and b and c` as [a, b, c], in the order they are evaluated."""
    if isinstance(e, ast.AndOp):
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]


@attrs.frozen(slots=True)
class _Forbidden:
    """A forbid's `when` among a move's conditions: the option stands where it does not hold."""

    when: object
