"""The words of a program as Python: what a decision point asks (`point NAME "..."`), how a
move's options read (`move ... shown "..."`), how a kind's pieces read (`die ... shown
"{face}*" "big die"`) and how the table is shown (`view: [...]`). A part of the code generator (compiler.py), which it is mixed into.

Words are for people: nothing the game computes reads them, so they are functions the
running game calls only when someone looks (a log, the table, a bridge), never while it plays.

    point after_roll "Which face do you place?"     ->  def wp_after_roll(g, l_player): return '...'
    move place(f in ...) for after_roll shown "field {f}"  ->  def ws_place(g, l_player, l_f): ...
"""

from __future__ import annotations

from ...dsl import ast
from ...dsl.program import VIEW
from .names import named
from .source import Frame

# The names a kind's `shown` text may use: the piece's attributes.
PIECE_NAMES = ("face", "value", "owner")


class Words:
    """The words of the points, moves and kinds, as the code generator writes them."""

    def _words(self) -> None:
        o = self.out
        for point in self.program.points.values():
            self._text_function(named("wp", point.name), ["player"], point.prompt, point.span)
        worded = [m for m in self.program.moves if m.shown is not None]
        for move in worded:
            self._text_function(named("ws", move.name), ["player"] + [p.name for p in move.params], move.shown.text,
                                move.shown.span)
        for kind in self.parts.values():
            if isinstance(kind, (ast.Die, ast.Card)) and kind.shown is not None:
                self._text_function(named("wk", kind.name), list(PIECE_NAMES), kind.shown.text, kind.shown.span)
        view = self.parts.get(VIEW)
        if view is not None:
            o.emit("def view_lines(g):", view.span)
            with o.indented(), self._in(Frame([set()])):
                o.emit(f"return {self.expr(view.expr)}", view.span)
        o.emit(f"VIEW = {'view_lines' if view is not None else 'None'}")
        o.emit("PROMPTS = {" + ", ".join(f"{p!r}: {named('wp', p)}" for p in self.program.points) + "}")
        o.emit("SHOWN = {" + ", ".join(f"{m.name!r}: {named('ws', m.name)}" for m in worded) + "}")

    def _text_function(self, name: str, local_names: list[str], text, span) -> None:
        o = self.out
        o.emit(f"def {name}(g{''.join(f', l_{n}' for n in local_names)}):", span)
        with o.indented(), self._in(Frame([set(local_names)])):
            o.emit(f"return {self._text(text)}", span)

    def _kind_words(self, decl) -> str:
        """The arguments of `make_die`/`make_card` that word a kind: how a piece reads, the kind's name."""
        if decl.shown is None:
            return ""
        function = named("wk", decl.name)
        return f", shown=partial({function}, g), title={decl.shown.title!r}"
