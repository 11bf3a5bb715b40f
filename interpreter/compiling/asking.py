"""Which rules can ask a decision: the ones compiled as generators that pause there.

A running game is a state its caller drives (rules.start, game.play): when the rules reach a
decision, the compiled code pauses (`yield`) and the caller answers. A Python function can
pause only if it is a generator and every function between it and the game's top is one too,
called with `yield from`. Calls cost more that way, so only the rules that can reach a
decision are compiled as generators: those whose statements `choose`, `play` a decision point,
call a procedure or phase that asks, or `emit` an event one of whose handlers asks. A phase
asks if its body or one of its hooks does; a decision point asks unless it offers a single
move that is always legal and does not ask, and none of its hooks asks; a `turn` block asks if
a `before turn` hook does. The answer is a fixpoint over the call graph.

    proc pick(p):                      asks: it calls `choose`
        return choose(p, "which", [1, 2])
    proc twice(p):                     asks: it calls `pick`
        return pick(p) + pick(p)
    proc total():                      does not ask: compiled as a plain function
        return sum([len(z) for z in zones])
"""

from __future__ import annotations

import attrs

from ...dsl import ast
from ...dsl.builtins import BUILTINS
from ...dsl.program import TURN


@attrs.frozen(slots=True)
class Asking:
    """The names of the procedures, phases, moves, events and decision points whose rules can
    ask, and whether the hooks at the start of a turn can (`turns`)."""

    procs: frozenset
    phases: frozenset
    moves: frozenset
    events: frozenset
    points: frozenset
    turns: bool = False

    def call(self, name: str) -> bool:
        """Whether a call of the procedure or phase `name` can ask."""
        return name in self.procs or name in self.phases

    def body(self, statements) -> bool:
        """Whether statements can ask: a `choose`, a `play`, or a call or `emit` of a rule that asks."""
        return any(self._node(node) for stmt in statements for node in ast.walk(stmt))

    def _node(self, node) -> bool:
        if isinstance(node, ast.Turn):
            return self.turns
        if isinstance(node, ast.Play):
            return node.point in self.points
        if isinstance(node, ast.Emit):
            return node.event in self.events
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            builtin = BUILTINS.get(node.func.id)
            return builtin is not None and builtin.asks or self.call(node.func.id)
        return False


# What asks when the game never pauses (every seat answered inside): nothing is a generator.
NOTHING = Asking(frozenset(), frozenset(), frozenset(), frozenset(), frozenset())


def asking(program) -> Asking:
    """The rules of `program` that can ask a decision, found by growing the sets until none changes."""
    parts = program.parts
    procs = [d for d in parts.values() if isinstance(d, ast.Proc)]
    phases = [d for d in parts.values() if isinstance(d, ast.Phase)]
    hooks: dict[str, list] = {}
    for hook in program.hooks:
        hooks.setdefault(hook.target, []).append(hook.body)
    turn_hooks = hooks.get(TURN, ())
    handlers: dict[str, list] = {}
    for handler in program.handlers:
        handlers.setdefault(handler.event, []).append(handler.body)
    points: dict[str, list] = {}
    for move in program.moves:
        points.setdefault(move.point, []).append(move)
    forbidden = {forbid.move for forbid in program.forbids}
    # What each rule's asking hangs on (its plays, emits and calls), found in one walk of its
    # body the first time a round asks (memoized): later rounds look only at those.
    hinges: dict[int, tuple] = {}
    found = NOTHING

    def asks(body) -> bool:
        nodes = hinges.get(id(body))
        if nodes is None:
            nodes = hinges[id(body)] = _hinges(body)
        return any(map(found._node, nodes))

    while True:
        # A point's `after` hooks run as part of each of its moves (interpreter/compiling/hooks.py).
        moves = frozenset(m.name for m in program.moves
                          if asks(m.body) or any(asks(h.body) for h in program.hooks_on(m.point, "after")))
        grown = Asking(
            frozenset(p.name for p in procs if asks(p.body)),
            frozenset(p.name for p in phases if asks(p.body) or any(map(asks, hooks.get(p.name, ())))),
            moves,
            frozenset(name for name, bodies in handlers.items() if any(map(asks, bodies))),
            frozenset(point for point, offered in points.items()
                      if not is_single(offered, forbidden) or offered[0].name in moves
                      or any(asks(h.body) for h in program.hooks_on(point, "before"))),
            any(map(asks, turn_hooks)),
        )
        if grown == found:
            return found
        found = grown


def _hinges(statements) -> tuple:
    """The nodes of `statements` whose asking `Asking._node` decides: plays, emits and calls."""
    return tuple(node for stmt in statements for node in ast.walk(stmt)
                 if isinstance(node, (ast.Play, ast.Emit, ast.Call, ast.Turn)))


def is_single(moves: list, forbidden) -> bool:
    """Whether a decision point offers one move that is always legal, which it plays without asking."""
    return len(moves) == 1 and not moves[0].params and moves[0].when is None and moves[0].name not in forbidden


def calls_choose(body) -> bool:
    """Whether a rule's own statements call `choose` (its rule is kept as frames for look-aheads)."""
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "choose"
               for stmt in body for node in ast.walk(stmt))
