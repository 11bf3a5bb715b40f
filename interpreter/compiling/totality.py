"""Total expressions: those whose evaluation can neither fail, nor change the game, nor spend
its budget, whatever the game's state. An `any` or `all` worked out by loops
(`Statements._folded`) stops at the first item that settles it when every item is total
(short-circuit evaluation): the items it skips could not have failed, so no game can tell.

    any([dice_left(q) > 0 for q in players])    # total: a seat's zone counted, compared with 0
    any([free(f) for f in faces(cup)])          # total where `free(f)` is `f != blocked`
    any([score(p) > 3 for p in players])        # not where `score` loops, fails or changes the game

What a name of a comprehension may be is known from what its clause goes through (`index_fact`):
a seat for `players` or `owners` (every `per player` zone or var has one for each owner), a
whole number between two ends for a range known when the rules are compiled, a piece for a
zone.
"""

from __future__ import annotations

from ...dsl import ast
from ...dsl.check_expressions import PIECE_ATTRIBUTES
from .expressions import statements_of

SEAT, PIECE = "seat", "piece"
_SEATS = ("players", "owners")


def index_fact(gen, iterable):
    """What a name bound by going through `iterable` may be: SEAT, PIECE (going through a
    zone), (low, high), or None."""
    if isinstance(iterable, ast.Name) and iterable.id in _SEATS and not gen._is_local(iterable.id) \
            and iterable.id not in gen.substitutions and iterable.id not in gen.parts:
        return SEAT
    if isinstance(iterable, ast.Range):
        low, high = gen._constant(iterable.low), gen._constant(iterable.high)
        if low is not None and high is not None:
            return (low, high)
    return PIECE if gen._is_zone(iterable) else None


def is_total(gen, e, bound: dict) -> bool:
    """Whether `e`, an expression of the rule being compiled, is total; `bound`: the names of the
    comprehension around it with what they may be (`index_fact`)."""
    return _Total(gen, bound, None, ()).of(e)


class _Total:
    """The walk: `params` are the parameters of the procedure whose body is being read (None for
    the rule's own expression), `calling` the procedures being read, against recursion."""

    def __init__(self, gen, bound: dict, params, calling: tuple):
        self.gen, self.bound, self.params, self.calling = gen, bound, params, calling

    def of(self, e) -> bool:
        if isinstance(e, (ast.Literal, ast.Name)):
            # The checker has made sure every name is bound: reading one cannot fail.
            return True
        if isinstance(e, ast.NotOp):
            return self.of(e.operand)
        if isinstance(e, (ast.AndOp, ast.OrOp)):
            return self.of(e.left) and self.of(e.right)
        if isinstance(e, ast.Compare):
            # `==` compares anything; an order only numbers (`[1] < 2` fails).
            return self.of(e.left) and self.of(e.right) and (
                e.op in ("==", "!=") or self._number(e.left) and self._number(e.right))
        if isinstance(e, ast.Index):
            return self._family_member(e)
        if isinstance(e, ast.Attribute):
            # Every piece has them (`d.face`).
            return e.name in PIECE_ATTRIBUTES and isinstance(e.target, ast.Name) and self.bound.get(e.target.id) == PIECE
        if isinstance(e, ast.Call) and isinstance(e.func, ast.Name):
            return self._call(e)
        return False

    def _local(self, name: str) -> bool:
        if self.params is not None:
            return name in self.params
        return name in self.bound or self.gen._is_local(name) or name in self.gen.substitutions

    def _declared(self, e):
        """The declaration a name of the rules stands for, if it is no local here."""
        if isinstance(e, ast.Name) and not self._local(e.id):
            return self.gen.parts.get(e.id)
        return None

    def _family_member(self, e) -> bool:
        """`supply[q]` for a seat `q`, `field[f]` for `f` in a range within the family's: a
        family of zones or vars."""
        decl = self._declared(e.target)
        if not isinstance(decl, (ast.Zone, ast.Var)) or not isinstance(e.index, ast.Name):
            return False
        fact = self.bound.get(e.index.id)
        if isinstance(decl.shape, ast.PerPlayer):
            return fact == SEAT
        if isinstance(decl.shape, ast.Indexed) and isinstance(fact, tuple):
            low, high = self.gen._constant(decl.shape.range.low), self.gen._constant(decl.shape.range.high)
            return low is not None and high is not None and low <= fact[0] and fact[1] <= high
        return False

    def _zone(self, e) -> bool:
        if isinstance(e, ast.Index):
            return isinstance(self._declared(e.target), ast.Zone) and self._family_member(e)
        decl = self._declared(e)
        return isinstance(decl, ast.Zone) and decl.shape is None

    def _number(self, e) -> bool:
        if isinstance(e, ast.Literal):
            return type(e.value) in (int, float)
        if self._is_len(e):
            return True
        inside = self._inside(e)
        if inside is not None:
            return inside[0]._number(inside[1])
        decl = self._declared(e)
        if isinstance(decl, ast.Param):
            return self.gen._constant(e) is not None
        if isinstance(e, ast.Index):
            decl = self._declared(e.target)
            return isinstance(decl, ast.Var) and decl.name in self.gen.number_vars and self._family_member(e)
        return isinstance(decl, ast.Var) and decl.shape is None and decl.name in self.gen.number_vars

    def _is_len(self, e) -> bool:
        return isinstance(e, ast.Call) and e.func.id == "len" and not self._local("len") \
            and "len" not in self.gen.parts and len(e.args) == 1

    def _call(self, e) -> bool:
        if self._is_len(e):
            return self._zone(e.args[0])
        inside = self._inside(e)
        return inside is not None and all(self.of(a) for a in e.args) and inside[0].of(inside[1])

    def _inside(self, e):
        """For a call of a one-line procedure (`return EXPR`) that the compiler writes in place:
        the walk of its body, with what its arguments may be, and that body."""
        if not isinstance(e, ast.Call) or not isinstance(e.func, ast.Name):
            return None
        decl = self._declared(e.func)
        if not isinstance(decl, ast.Proc) or decl.name in self.calling or len(e.args) != len(decl.params) \
                or not self.gen._inlines(decl, e.args):
            return None
        bound = {param: self._fact(arg) for param, arg in zip(decl.params, e.args)}
        return _Total(self.gen, bound, frozenset(decl.params), self.calling + (decl.name,)), statements_of(decl)[0].value

    def _fact(self, arg):
        if isinstance(arg, ast.Name) and self._local(arg.id):
            return self.bound.get(arg.id)
        if isinstance(arg, ast.Literal) and type(arg.value) is int:
            return (arg.value, arg.value)
        return None
