"""The tables the running game looks up about a program, written as the generated module's
functions and constants (a mixin of the compiler): the score and each seat's value, the
top-level asserts and `nobody wins`, the zones and vars a view shows, the hidden zones each
look-ahead can read, and the rules the meter counts with where they are written."""

from __future__ import annotations

from ...dsl import ast
from ...dsl.program import SCORE, VALUE
from .source import Frame


class Tables:
    def _score(self) -> None:
        score = self.parts[SCORE]
        o = self.out
        o.emit(f"def score_keys(g, l_{score.player}):", score.span)
        # The engine asks the score of a seat: a number, cheap to compare (costs.py).
        with self._in(Frame([{score.player}], cheap={score.player}, fixed={score.player})):
            o.emit(f"    return ({''.join(self.expr(k.expr) + ', ' for k in score.keys)})", score.span)
            o.emit(f"def score_first(g, l_{score.player}):", score.span)
            o.emit(f"    return {self.expr(score.keys[0].expr)}", score.span)
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

    def _rule_sites(self) -> None:
        """`RULES`: every rule the meter counts, with (file, line, column) of where it is written,
        in the order of the program's files, so a report can name the rules that never fired and
        group rules by file."""
        files = {source.path: index for index, source in enumerate(self.program.sources)}
        spans = sorted(self.rule_sites.items(), key=lambda item: (
            (files.get(item[1].file, len(files)), item[1].line, item[1].column) if item[1] else (len(files) + 1, 0, 0)))
        sites = {rule: (span.file, span.line, span.column) if span is not None else None for rule, span in spans}
        self.out.emit(f"RULES = {sites!r}")
        # The same rules numbered as the generated code counts them (interpreter/running/meter.py),
        # and the number of each move's rule by the move's name.
        numbers = {rule: number for number, rule in enumerate(self.rule_sites)}
        self.out.emit(f"METERED = {tuple(self.rule_sites)!r}")
        moves = {move.name: numbers[f"move {move.name}"] for move in self.program.moves}
        self.out.emit(f"MOVE_RULES = {moves!r}")
