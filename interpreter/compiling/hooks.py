"""Hooks as Python: the blocks `before` and `after` attach to a phase, to a decision point, and
`before turn` to the start of every turn. A part of the code generator (compiler.py), which it
is mixed into.

    after deal_bills: ...       ->  def ph_deal_bills(g): body_deal_bills(g); hk0_deal_bills(g)
    before after_roll: ...      ->  def pt_after_roll(g, l_player): hp0_after_roll(g, l_player); ...
    after after_roll: ...       ->  def mv_place(g, l_player, l_f): mvM_place(g, l_player, l_f); hp1_after_roll(...)
    before turn: ...            ->  def tn_turn(g, l_player): ht0_turn(g, l_player)
                                    `turn p:` -> begin_turn(g, p); tn_turn(g, p); the block

An `after` hook of a decision point belongs to each of its moves, as what playing one there
sets off: a look-ahead that tries the move, and a scenario that makes it, run the hook too.
"""

from __future__ import annotations

from contextlib import ExitStack

from ...dsl import ast
from ...dsl.program import TURN
from .events import rule_name
from .names import derived, named
from .source import Frame


class Hooks:
    """The hooks of phases, decision points and turns, as the code generator writes them."""

    def _phase(self, decl: ast.Phase) -> None:
        before = self.program.hooks_on(decl.name, "before")
        after = self.program.hooks_on(decl.name, "after")
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

    def _point_hooks(self, point: str) -> dict:
        """The hooks of decision point `point` written as functions of the game and the deciding
        seat: (function, hook) pairs by `before` and `after`."""
        made: dict = {"before": [], "after": []}
        for index, hook in enumerate(self.program.hooks_on(point)):
            function = named("hp", point, index)
            self._function(function, ["g", "l_player"], ("player",), hook.body, hook.span)
            made[hook.time].append((function, hook))
        return made

    def _move(self, move, after: list) -> None:
        """A move as a function, `mv_NAME(g, player, ...)`; where its point has `after` hooks,
        one that plays the move's statements (`mvM_NAME`) and then runs them."""
        params = ["player"] + [p.name for p in move.params]
        signature = ["g"] + [f"l_{name}" for name in params]
        function = named("mv", move.name)
        if not after:
            self._function(function, signature, params, move.body, move.span)
            return
        self._function(derived(function, "M"), signature, params, move.body, move.span)
        o = self.out
        o.emit(f"def {function}({', '.join(signature)}):", move.span)
        with o.indented():
            o.emit(f"{self._pause(self._asks_in(move.body))}{derived(function, 'M')}({', '.join(signature)})", move.span)
            for hook_function, hook in after:
                self._hook_call(hook_function, hook, "g, l_player")

    def _turn_hooks(self) -> None:
        """`tn_turn(g, player)`, which every `turn` block calls as it starts: the `before turn`
        hooks, in composition order, `player` the seat whose turn it is."""
        hooks = self.program.hooks_on(TURN)
        if not hooks:
            return
        functions = []
        for index, hook in enumerate(hooks):
            functions.append(named("ht", TURN, index))
            self._function(functions[-1], ["g", "l_player"], ("player",), hook.body, hook.span)
        o = self.out
        o.emit(f"def {named('tn', TURN)}(g, l_player):", hooks[0].span)
        with o.indented():
            if self.recursive.turns:
                self._count_call(hooks[0].span)
            for function, hook in zip(functions, hooks):
                self._hook_call(function, hook, "g, l_player")

    def _hook_call(self, function: str, hook: ast.Hook, args: str = "g") -> None:
        """A hook runs (and counts as fired) only when its `when` holds. `args`: the game, and the
        seat (`l_player`) for a hook of a decision point or a turn."""
        o = self.out
        with ExitStack() as inside:
            if hook.when is not None:
                with self._in(Frame([set() if args == "g" else {"player"}])):
                    o.emit(f"if {self.expr(hook.when)}:", hook.when.span)
                inside.enter_context(o.indented())
            self._metered_call(function, args, rule_name(hook.span, f"{hook.time} {hook.target}"), hook.span,
                               self._asks_in(hook.body))
