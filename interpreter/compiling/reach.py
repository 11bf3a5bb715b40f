"""Which hidden zones a piece of the rules can read, so that a look-ahead draws anew only those.

A search bot's look-ahead must not meet the real order of a face-down pile, nor the real
faces under another seat's cup, so before it tries an option it draws every such pile anew
(interpreter/lookahead/search.py). Here a `private` zone counts as hidden: the analysis is the same for
every seat, and the look-ahead leaves out the seat's own zone of the family at run time. That
costs a redraw of the pile at every decision, and most options never come near it: placing dice
reads no deck. The reach of some statements is every hidden zone they name, and, followed
through, what the procedures and phases they name reach (with the hooks on those phases),
what the handlers of the events they emit reach, what the moves of the decision points they
play reach (with their domains, conditions, `forbid`s and hooks), and what the `before turn`
hooks of the turns they run reach.

The test is syntactic and errs on the safe side. A hidden zone can also be met through a
value: one held by a var or a local, put in a list, handed to an event, or found as a
piece's `.zone`; or read by a lambda, which may be kept anywhere and called where nothing
names the zone. Such a zone *escapes*, and is in every reach. A zone that stays where it is
named (an operand of `put`, `deal`, `shuffle` and the like, the argument of a built-in, what
a loop goes through, a side of a comparison, a text shown) does not; nor does one handed to
a procedure that uses the parameter only so (`deal_to_minimum(piles, deck, 50000)`): every
rule that can make that call names the zone there.
"""

from __future__ import annotations

from ...dsl import ast
from ...dsl.builtins import BUILTINS
from ...dsl.program import TURN
from .purity import bound_names

# Where a zone is read in place, by field of the node that holds it: nothing keeps hold of it.
_IN_PLACE = {
    ast.Put: ("pieces", "zone"), ast.Deal: ("source", "dest"), ast.Shuffle: ("zone",), ast.Roll: ("pieces",),
    ast.Create: ("zone",), ast.CreateDeck: ("zone",), ast.For: ("iterable",), ast.CompFor: ("iterable",),
    ast.Compare: ("left", "right"), ast.InOp: ("left", "right"), ast.NotIn: ("left", "right"),
    ast.Interpolated: ("parts",), ast.Index: ("target",),
}


class Reach:
    """The hidden zones within reach of statements of one program."""

    def __init__(self, program):
        parts = program.parts
        # A private zone is hidden from every seat but its owner: a look-ahead draws it anew too.
        self._hidden = {name for name, decl in parts.items() if isinstance(decl, ast.Zone) and decl.visibility}
        self._family = {name for name in self._hidden if parts[name].shape is not None}
        self._procs = {name for name, decl in parts.items() if isinstance(decl, (ast.Proc, ast.Phase))}
        self._parts = parts
        self._program = program
        self._units: dict[tuple, tuple[frozenset, set]] = {}
        # Every rule of the program, and the names they bind: a call of one (`let last = z => z`,
        # a parameter holding a function) is no built-in's, nor a procedure's.
        self._rules = list(parts.values()) + list(program.moves) + list(program.forbids) \
            + list(program.handlers) + list(program.hooks)
        nodes = [node for top in self._rules for node in ast.walk(top)]
        params = {name for node in nodes if isinstance(node, (ast.Proc, ast.Handler)) for name in node.params}
        self._bound = bound_names(nodes) | params | {p.name for move in program.moves for p in move.params}
        # Whether a procedure may keep or hand on its parameter, by (procedure, position).
        self._kept_params: dict[tuple[str, int], bool] = {}
        self.escaping = self._escaping() if self._hidden else frozenset()

    def of(self, nodes) -> frozenset[str]:
        """The names of the hidden zones that `nodes` (statements or expressions) can read."""
        if not self._hidden:
            return frozenset()
        return frozenset(self._followed(*self._mentions(nodes)) | self.escaping)

    def _followed(self, zones, units: set) -> set[str]:
        """The hidden zones `zones` and those within reach of the rules `units`, followed through."""
        found = set(zones)
        seen: set[tuple] = set()
        while units:
            unit = units.pop()
            if unit in seen:
                continue
            seen.add(unit)
            unit_zones, unit_units = self._unit(unit)
            found |= unit_zones
            units |= unit_units - seen
        return found

    def _unit(self, unit: tuple) -> tuple[frozenset, set]:
        """What one named rule mentions itself: hidden zones, and the rules it sets going."""
        known = self._units.get(unit)
        if known is None:
            known = self._units[unit] = self._mentions(self._unit_nodes(unit))
        return known

    def _unit_nodes(self, unit: tuple) -> list:
        kind, name = unit
        program = self._program
        if kind == "proc":
            nodes = list(self._parts[name].body)
            return nodes + [hook for hook in program.hooks if hook.target == name]
        if kind == "event":
            return [handler for handler in program.handlers if handler.event == name]
        if kind == "turn":
            return program.hooks_on(TURN)
        moves = [move for move in program.moves if move.point == name]
        names = {move.name for move in moves}
        return moves + [forbid for forbid in program.forbids if forbid.move in names] + program.hooks_on(name)

    def _mentions(self, nodes) -> tuple[frozenset, set]:
        zones, units = set(), set()
        for top in nodes:
            for node in ast.walk(top):
                if isinstance(node, ast.Name):
                    if node.id in self._hidden:
                        zones.add(node.id)
                    elif node.id in self._procs:
                        units.add(("proc", node.id))
                elif isinstance(node, ast.Emit):
                    units.add(("event", node.event))
                elif isinstance(node, ast.Play):
                    units.add(("point", node.point))
                elif isinstance(node, ast.Turn):
                    units.add(("turn", TURN))
        return frozenset(zones), units

    def _escaping(self) -> frozenset[str]:
        """The hidden zones that may be held somewhere other than where they are named."""
        escaping = set()
        for node, parent, field in _with_parents(self._rules):
            if isinstance(node, ast.Attribute) and node.name == "zone":
                return frozenset(self._hidden)
            zone = self._zone_named(node)
            if zone is not None and self._held_elsewhere(node, parent, field):
                escaping.add(zone)
            # A lambda may be kept and called anywhere: what it reaches is within every reach.
            if isinstance(node, ast.Lambda):
                escaping |= self._followed(*self._mentions([node.body]))
        return frozenset(escaping)

    def _zone_named(self, node) -> str | None:
        """The hidden zone `node` is, if it is one: `deck`, or `hand[p]` of a per-owner zone."""
        if isinstance(node, ast.Name) and node.id in self._hidden and node.id not in self._family:
            return node.id
        if isinstance(node, ast.Index) and isinstance(node.target, ast.Name) and node.target.id in self._family:
            return node.target.id
        return None

    def _held_elsewhere(self, node, parent, field: str | None) -> bool:
        """Whether the value of `node`, standing in `parent`'s `field`, may be kept or handed on.
        Handed to a procedure, it is as held as the procedure holds its parameter."""
        if field in _IN_PLACE.get(type(parent), ()):
            return False
        if not (isinstance(parent, ast.Call) and field == "args" and isinstance(parent.func, ast.Name)) \
                or parent.func.id in self._bound:
            return True
        callee = parent.func.id
        if isinstance(self._parts.get(callee), ast.Proc):
            index = next(i for i, arg in enumerate(parent.args) if arg is node)
            return self._holds_parameter(callee, index)
        return callee not in BUILTINS

    def _holds_parameter(self, proc: str, index: int) -> bool:
        """Whether procedure `proc` may keep or hand on its parameter number `index`: it uses
        it other than in place, passes it to a procedure that may, names it in a lambda (which
        keeps it), or binds its name anew."""
        key = (proc, index)
        known = self._kept_params.get(key)
        if known is not None:
            return known
        # While it is worked out (a procedure calling itself): held, on the safe side.
        self._kept_params[key] = True
        body = self._parts[proc].body
        name = self._parts[proc].params[index]
        nodes = [node for stmt in body for node in ast.walk(stmt)]
        in_lambdas = {inner.id for node in nodes if isinstance(node, ast.Lambda)
                      for inner in ast.walk(node.body) if isinstance(inner, ast.Name)}
        held = name in bound_names(nodes) or name in in_lambdas or any(
            isinstance(node, ast.Name) and node.id == name and self._held_elsewhere(node, parent, field)
            for node, parent, field in _with_parents(body))
        self._kept_params[key] = held
        return held


def _with_parents(tops):
    """(node, parent, field) for every node in and below `tops`; the tops have no parent."""
    stack = [(node, None, None) for node in tops]
    while stack:
        node, parent, field = stack.pop()
        yield node, parent, field
        for child_field, child in ast.named_children(node):
            stack.append((child, node, child_field))
