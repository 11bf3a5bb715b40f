"""`turn` blocks as the code generator writes them. A part of the code generator (compiler.py),
mixed in beside Statements.

A turn counts itself (`begin_turn`), runs the `before turn` hooks (hooks.py) and its body. In the forms that keep books, a turn
whose body is one call of a rule that can ask, or one `play` (`turn p: take_turn(p)`), runs
that rule as a frame (interpreter/lookahead/checkpoint.py, `Frames.run_turn`): the game knows
the turn it is in and keeps where each turn began, from the game's start, so that a rollout
(interpreter/lookahead/rollout.py) can play the rest of the turn on the game itself, from its
start, without replaying the game so far. Any other body runs as written, and
its rollouts play what-if games instead.

    turn p:                     begin_turn(g, l_p)
        take_turn(p)            if g.frames is None:
                                    (yield from pr_take_turn(g, l_p))
                                else:
                                    (yield from g.frames.run_turn_pausing(pr_take_turn, g, (l_p,)))
"""

from __future__ import annotations

from ...dsl import ast
from ...dsl.program import TURN
from . import inlined
from .names import named


class Turns:
    """The code generator's `turn` statement."""

    def s_Turn(self, s):
        """A turn begins (counted, logged), the `before turn` hooks run with its seat
        (hooks.py), then its block, as a frame where it can be."""
        player = self.expr(s.player)
        inert = isinstance(s.player, (ast.Name, ast.Literal))
        hooked = bool(self.program.hooks_on(TURN))
        if hooked and not inert:
            self.out.emit(f"_seat = {player}", s.span)
            player = "_seat"
        if self.books or not inert:
            self.out.emit(f"begin_turn(g, {player})", s.span)
        else:
            self._emit_lines(inlined.begin_turn(player), s.span)
        if hooked:
            self.out.emit(f"{self._pause(self.asking.turns)}{named('tn', TURN)}(g, {player})", s.span)
        framed = self._turn_rule(s.body)
        if self.asks_anywhere.body(s.body):
            self.framed_turns.append(framed is not None)
        if framed is None:
            self.block(s.body)
            return
        function, args = framed
        o = self.out
        o.emit("if g.frames is None:", s.span)
        self._nested(s.body)
        o.emit("else:", s.span)
        run = "run_turn_pausing" if self.pausing else "run_turn"
        # The hidden zones a rollout of the turn can read, as for a move (reach.py).
        self.reaches[function] = self.reach.of(s.body)
        with o.indented():
            o.emit(f"({self._pause(self.pausing)}g.frames.{run}({function}, g, ({''.join(a + ', ' for a in args)})))",
                   s.span)

    def _turn_rule(self, body) -> tuple[str, list[str]] | None:
        """The function and arguments of the rule a turn's body calls, if the turn runs as a
        frame: in a form that keeps books, a body of one `play` or one call of a procedure that
        can ask, with names and literals for arguments (worked out in either branch of what is
        written, so nothing may fail or change)."""
        if not self.books or len(body) != 1 or not isinstance(body[0], ast.ExprStmt):
            return None
        call = body[0].expr
        if isinstance(call, ast.Play):
            inert = isinstance(call.player, (ast.Name, ast.Literal))
            return (named("pt", call.point), [self.expr(call.player)]) if inert else None
        if not isinstance(call, ast.Call) or self._is_local(call.func.id) or call.func.id in self.substitutions:
            return None
        proc = self.parts.get(call.func.id)
        if not isinstance(proc, ast.Proc) or proc.name not in self.asks_anywhere.procs or len(call.args) != len(proc.params):
            return None
        if not all(isinstance(a, (ast.Name, ast.Literal)) for a in call.args):
            return None
        return named("pr", proc.name), [self._handed_function(proc, i, a) or self.expr(a) for i, a in enumerate(call.args)]

    def _turns_table(self) -> None:
        """`FRAMED_TURNS`: whether every `turn` block of the rules that can ask runs as a frame
        (then a decision outside such a turn is between turns); None if none can ask."""
        self.out.emit(f"FRAMED_TURNS = {all(self.framed_turns) if self.framed_turns else None!r}")
