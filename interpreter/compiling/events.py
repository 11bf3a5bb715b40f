"""Events as Python: each handler a function with its `when` (`on_EVENT`), and `ev_EVENT(g, ...)`
calling the handlers in the order declared, through the meter. An event dispatched to parts
tests the part first, or looks it up in a table when every handler belongs to one. A part of
the code generator (compiler.py), which it is mixed into."""

from __future__ import annotations

from pathlib import Path

from ...dsl import ast
from .names import named
from .source import Frame


class Events:
    """The events of a program and their handlers, as the code generator writes them."""

    def _events(self) -> None:
        o = self.out
        for decl in self.parts.values():
            if not isinstance(decl, ast.Event):
                continue
            handlers = [h for h in self.program.handlers if h.event == decl.name]
            names = []
            guards = []
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
                guards.append(self._part_guard(handler))
            args = [f"a{i}" for i in range(len(decl.params))]
            table = self._by_part(decl.name, names, handlers, guards)
            o.emit(f"def {named('ev', decl.name)}(g, {', '.join(args)}):", decl.span)
            with o.indented():
                o.emit("pass")
                if decl.name in self.recursive.events:
                    self._count_call(decl.span)
                if table is not None:
                    argument, pause = table
                    o.emit(f"for _handler in {named('byp', decl.name)}.get({argument}, ()) "
                           f"if type({argument}) is Part else ():")
                    o.emit(f"    {pause}_handler(g, {', '.join(args)})")
                    continue
                for name, handler, guard in zip(names, handlers, guards):
                    call = f"{self._pause(self._asks_in(handler.body))}{name}(g, {', '.join(args)})"
                    o.emit(call if guard is None else f"if {guard[0]} is {guard[1]}: {call}")

    def _emitted(self, event: str) -> str:
        """What an `emit` calls: the event's own function (`ev_EVENT`), or, for an event of one
        handler that `ev_EVENT` would only call (no part to test, no count of a recursive
        event's calls), that handler's (`on_EVENT`, which tests its `when`): one call fewer."""
        handlers = [handler for handler in self.program.handlers if handler.event == event]
        if len(handlers) == 1 and event not in self.recursive.events and self._part_guard(handlers[0]) is None:
            return named("on", event, 0)
        return named("ev", event)

    def _by_part(self, event: str, names: list, handlers: list, guards: list) -> tuple | None:
        """For an event every handler of which belongs to a part, tested on one argument, that
        all pause alike: that argument and the pause, and the table `byp_EVENT` of each part's
        handlers in their order is written; the event then looks its part up instead of testing
        one part after another (`_part_guard`). None for any other event."""
        if len(handlers) < 2 or None in guards:
            return None
        arguments = {argument for argument, _, _ in guards}
        pauses = {self._pause(self._asks_in(handler.body)) for handler in handlers}
        if len(arguments) != 1 or len(pauses) != 1:
            return None
        table: dict[str, list] = {}
        for name, (_, _, part) in zip(names, guards):
            table.setdefault(named("part", part), []).append(name)
        entries = ", ".join(f"{part}: ({''.join(n + ', ' for n in members)})" for part, members in table.items())
        self.tables.append(f"{named('byp', event)} = {{{entries}}}")
        return arguments.pop(), pauses.pop()

    def _part_guard(self, handler) -> tuple[str, str, str] | None:
        """The test an event makes before calling a handler of one part (`on activated(board, p)
        when board == bonus and ...`, what a part's own handler means, dsl/parts.py): the
        first term of its `when`, on the event's arguments, as (the argument, the part's value,
        the part's name): `a0 is g.t_bonus`. An event dispatched to many parts then calls only
        the handlers of the part it carries (one of sixteen, say), and each handler still asks
        its whole `when` itself. None for any other handler. The term cannot fail or change
        anything (a value is that part or not), so asking it first changes nothing else."""
        term = handler.when
        while isinstance(term, ast.AndOp):
            term = term.left
        if not (isinstance(term, ast.Compare) and term.op == "==" and isinstance(term.left, ast.Name)
                and term.left.id in handler.params):
            return None
        with self._in(Frame([set(handler.params)])):
            if not self._is_part(term.right):
                return None
            return f"a{handler.params.index(term.left.id)}", self.expr(term.right), term.right.id

    def _handler_name(self, handler, handlers) -> str:
        """How reports name a handler: its file and event (`bonus: on placed`), and its place
        among them (`#2`) when its file has more than one handler of that event, so each is
        counted on its own (a place, not a line: an edit above it does not rename it)."""
        name = rule_name(handler.span, f"on {handler.event}")
        alike = [h for h in handlers if h.span is not None and handler.span is not None and h.span.file == handler.span.file]
        return f"{name} #{alike.index(handler) + 1}" if len(alike) > 1 else name


def rule_name(span, what: str) -> str:
    """How reports name a handler or hook: its file and what it reacts to (`bonus: on placed`)."""
    return f"{Path(span.file).stem}: {what}" if span is not None else what
