"""Expressions of a composed program, checked: names known and visible, calls of the right
arity, operands of shapes that fit (a list plus a number is refused before play). A part of the
checker (check.py), which it is mixed into: the methods read the checker's scopes and program
and return the shape of what they check (dsl/shapes.py)."""

from __future__ import annotations

from . import ast
from .builtins import BUILTINS, GLOBAL_VALUES, MANY
from .errors import did_you_mean
from .program import kind_word
from .shapes import (FAMILY, FUNCTION, LIST, NUMBER, PIECE, RANGE, TEXT, UNKNOWN, ZONE, attribute_mistake, binary_mistake, element,
                     iteration_mistake,
                     kind_of, negate_mistake, order_mistake, part_of, words)

PIECE_ATTRIBUTES = ("face", "value", "owner", "kind", "weight", "zone")
PART_ATTRIBUTES = ("name",)
# The attributes the engine's own values have and the rules may read (`d.face`, `b.name`): a
# fixed table. Every other `.NAME` is a record's field, which the compiled rules keep under a
# name of their own (interpreter/compiling/names.py, `attribute`).
ENGINE_ATTRIBUTES = PIECE_ATTRIBUTES + PART_ATTRIBUTES
# Where `x.NAME` reads a record's field of something that is no record: what it may have meant.
_FIELD_HINT = {FUNCTION: "a function made with `=>` has no fields: call it, `f(x)`",
               PIECE: "a piece has " + ", ".join(f".{a}" for a in PIECE_ATTRIBUTES)}
# What a piece's attribute holds, where it is always the same shape (a face may be a number or text).
ATTRIBUTE_SHAPES = {"value": NUMBER, "weight": NUMBER, "zone": ZONE}


class ExpressionChecks:
    """The `e_NODE` methods of the checker."""


    def expr(self, e) -> str:
        """Check `e` and return what is known of its shape."""
        method = getattr(self, "e_" + type(e).__name__)
        return method(e)

    def e_Name(self, e):
        if self._is_local(e.id):
            return next(scope[e.id] for scope in reversed(self.scopes) if e.id in scope)
        decl = self.parts.get(e.id)
        if decl is not None:
            if isinstance(decl, ast.Zone):
                return FAMILY if decl.shape is not None else ZONE
            if isinstance(decl, ast.Var) and decl.shape is not None:
                return FAMILY
            if isinstance(decl, ast.Param):
                return _literal_shape(decl.default)
            if isinstance(decl, ast.Imaginary):
                return NUMBER
            if isinstance(decl, ast.Part):
                return part_of(decl.kind)
            if isinstance(decl, ast.Event):
                self.error(e, f"`{e.id}` is an event; use it with `emit` or `on`")
            elif isinstance(decl, (ast.Proc, ast.Phase)):
                self.error(e, f"{kind_word(decl)} `{e.id}` is used as a value",
                           f"call it: `{e.id}(...)`; to pass behaviour, write a lambda such as `x => {e.id}(x)`")
            return UNKNOWN
        if e.id in GLOBAL_VALUES:
            return NUMBER if e.id == "num_players" else UNKNOWN
        if e.id in BUILTINS:
            self.error(e, f"built-in `{e.id}` is used as a value", f"call it: `{e.id}(...)`, or wrap it: `x => {e.id}(x)`")
            return UNKNOWN
        self.error(e, f"unknown name `{e.id}`", self._unknown_hint(e.id, "declare it, or check its spelling"))
        return UNKNOWN

    def _unknown_hint(self, name: str, otherwise: str) -> str:
        """What an unknown name may have meant: a kind's list of parts, for a name made of the
        kind's (`boards_available`, the list boards once added themselves to), else the nearest
        name a value can have (not an event's)."""
        words_of = set(name.lower().split("_"))
        for kind in self.program.of_kind(ast.PartKind):
            if {kind.name, kind.name + "s"} & words_of:
                return (f"`{kind.name}` is the list of every {kind.name} included: a file says `{kind.name} NAME` "
                        f"to be one; a list that add-ons extend is a `total` with a `term` in each")
        values = [n for n in self._visible() if not isinstance(self.parts.get(n), ast.Event) and "__" not in n]
        return did_you_mean(name, values) or otherwise

    def e_Literal(self, e):
        return _literal_shape(e)

    def e_Interpolated(self, e):
        for part in e.parts:
            if not isinstance(part, str):
                self.expr(part)
        return TEXT

    def e_Lambda(self, e):
        self.scopes.append({e.param: UNKNOWN})
        self.expr(e.body)
        self.scopes.pop()
        return FUNCTION

    def e_Conditional(self, e):
        self.expr(e.cond)
        self.expr(e.then)
        self.expr(e.orelse)
        return UNKNOWN

    def e_OrOp(self, e):
        self.expr(e.left)
        self.expr(e.right)
        return UNKNOWN

    e_AndOp = e_OrOp

    def e_NotOp(self, e):
        self.expr(e.operand)
        return UNKNOWN

    def e_Compare(self, e):
        left, right = self.expr(e.left), self.expr(e.right)
        mistake = order_mistake(e.op, left, right) if e.op in ("<", "<=", ">", ">=") else None
        if mistake:
            self.error(e, *mistake)
        for part, text, node in ((left, right, e.right), (right, left, e.left)):
            if e.op in ("==", "!=") and kind_of(part) and text == TEXT:
                self.error(e, f"`{e.op}` between {words(part)} and text is never {'true' if e.op == '==' else 'false'}",
                           self._part_hint(kind_of(part), node))
        return UNKNOWN

    def e_InOp(self, e):
        left = self.expr(e.left)
        right = self._items(e.right, "`in`")
        if right == TEXT and left not in (TEXT, UNKNOWN):
            self.error(e, f"{words(left)} cannot be in a text", "`in` of a text asks whether a text is part of it: `\"ab\" in t`")
        items = self._item_shapes(e.right)
        if kind_of(left) and TEXT in items:
            self.error(e, f"{words(left)} is never in a list of texts", self._part_hint(kind_of(left), e.left))
        elif left == TEXT and any(kind_of(i) for i in items):
            kind = next(kind_of(i) for i in items if kind_of(i))
            self.error(e, f"text is never in a list of {kind}s", self._part_hint(kind, e.left))
        return UNKNOWN

    def _item_shapes(self, e) -> set:
        """The shapes of the items of a list written out, of a kind's list of parts (`board`) or
        of a param's list written out: what `x in e` compares x with."""
        if isinstance(e, ast.List):
            return {_literal_shape(item) if isinstance(item, (ast.Literal, ast.Interpolated)) else
                    part_of(self.parts[item.id].kind) if self._is_part(item) else UNKNOWN for item in e.items}
        decl = self.parts.get(e.id) if isinstance(e, ast.Name) and not self._is_local(e.id) else None
        if isinstance(decl, ast.PartKind):
            return {part_of(decl.name)}
        if isinstance(decl, ast.Param) and isinstance(decl.default, ast.List):
            return self._item_shapes(decl.default)
        return set()

    def _is_part(self, e) -> bool:
        return isinstance(e, ast.Name) and not self._is_local(e.id) and isinstance(self.parts.get(e.id), ast.Part)

    def _element(self, iterable, shape: str) -> str:
        """What `for x in iterable` binds: a part of a kind for the kind's list (`for b in board`)."""
        decl = self.parts.get(iterable.id) if isinstance(iterable, ast.Name) and not self._is_local(iterable.id) else None
        return part_of(decl.name) if isinstance(decl, ast.PartKind) else element(shape)

    def _part_hint(self, kind: str, text) -> str:
        """How to write the part a text stands for: the part itself where the text is a part's
        name or title (`bonus`, not "bonus"), else its name to compare texts with."""
        said = text.value if isinstance(text, ast.Literal) and isinstance(text.value, str) else None
        part = next((p for p in self.program.of_kind(ast.Part) if said is not None and said in (p.name, p.title)), None)
        if part is not None:
            return f"a {part.kind} is a value, not its name: write `{part.name}`, without quotes"
        return f"a {kind} is a value, equal only to itself: compare it with a {kind}, or its `.name` with text"

    e_NotIn = e_InOp

    def e_Range(self, e):
        self._number(e.low, "a range")
        self._number(e.high, "a range")
        return RANGE

    def e_Binary(self, e):
        left, right = self.expr(e.left), self.expr(e.right)
        mistake = binary_mistake(e.op, left, right)
        if mistake:
            self.error(e, *mistake)
            return UNKNOWN
        if (left, right) == (NUMBER, NUMBER):
            return NUMBER
        if e.op == "+" and left == right and left in (TEXT, LIST):
            return left
        if e.op == "+" and {left, right} <= {LIST, ZONE}:
            return LIST
        if e.op == "*" and NUMBER in (left, right) and {left, right} & {LIST, TEXT}:
            return ({left, right} - {NUMBER}).pop()
        return UNKNOWN

    def e_Negate(self, e):
        mistake = negate_mistake(self.expr(e.operand))
        if mistake:
            self.error(e, *mistake)
        return NUMBER

    def e_Call(self, e):
        keywords = [a for a in e.args if isinstance(a, ast.Keyword)]
        positional = [a for a in e.args if not isinstance(a, ast.Keyword)]
        shapes = [self.expr(arg) for arg in positional]
        for kw in keywords:
            self.expr(kw.value)
        func = e.func
        if not isinstance(func, ast.Name):
            self.error(e, "only named procedures and built-ins can be called")
            return UNKNOWN
        if self._is_local(func.id):
            if keywords:
                self.error(keywords[0], f"`{func.id}` takes no named arguments",
                           "named arguments are options of built-ins; a function made with `=>` takes its arguments in order")
            return UNKNOWN
        decl = self.parts.get(func.id)
        if isinstance(decl, (ast.Proc, ast.Phase)):
            params = decl.params if isinstance(decl, ast.Proc) else ()
            for index, (arg, shape) in enumerate(zip(positional, shapes)):
                self.arguments.setdefault((func.id, index), []).append((arg, shape))
            if keywords:
                self.error(keywords[0], f"`{func.id}` takes no named arguments")
            if len(positional) != len(params):
                self.error(e, f"`{func.id}` takes {len(params)} argument{'s' * (len(params) != 1)}, given {len(positional)}",
                           f"declared as {kind_word(decl)} {func.id}({', '.join(params)})",
                           related=((decl.span, "declared here"),) if decl.span else ())
            return UNKNOWN
        builtin = BUILTINS.get(func.id)
        if builtin is not None:
            if not builtin.low <= len(positional) <= builtin.high:
                wanted = str(builtin.low) if builtin.low == builtin.high else \
                    f"{builtin.low} or more" if builtin.high == MANY else f"{builtin.low} to {builtin.high}"
                self.error(e, f"`{func.id}` takes {wanted} argument{'s' * (builtin.high != 1)}, given {len(positional)}",
                           f"{func.id}: {builtin.doc}")
            if not (builtin.high == MANY and len(positional) > 1):
                # What it goes through item by item must have items (`max(a, b)` compares its arguments).
                for index in builtin.walks:
                    mistake = iteration_mistake(shapes[index], f"`{func.id}`") if index < len(shapes) else None
                    if mistake:
                        self.error(positional[index], mistake[0], f"`{func.id}` goes through the items of a list: `[n]` "
                                   "is a list of one number, `1..n` the numbers up to n" if shapes[index] == NUMBER
                                   else mistake[1])
            named = [kw.name for kw in keywords]
            for kw in keywords:
                if named.count(kw.name) > 1 and named.index(kw.name) != keywords.index(kw):
                    self.error(kw, f"`{func.id}` is given `{kw.name}` twice",
                               f"{', '.join(builtin.in_order)} may follow the arguments unnamed, in this order, "
                               "or be named; not both" if kw.name in builtin.in_order else "give it once")
                elif kw.name not in builtin.keywords:
                    self.error(kw, f"`{func.id}` has no option `{kw.name}`",
                               did_you_mean(kw.name, builtin.keywords) or f"{func.id}: {builtin.doc}")
                elif kw.name in builtin.words:
                    self._no_side_effects(kw.value, "words must not draw chance or ask for a decision",
                                          "they are computed only when someone reads them; compute the value first")
            return NUMBER if builtin.number else LIST if builtin.returns == "list" else UNKNOWN
        if decl is not None:
            self.error(func, f"{kind_word(decl)} `{func.id}` cannot be called")
        else:
            self.error(func, f"unknown procedure `{func.id}`",
                       did_you_mean(func.id, self._callables()) or "declare it with `proc` or `phase`")
        return UNKNOWN

    def e_Keyword(self, e):
        self.error(e, f"`{e.name}=` only goes inside a call")
        return UNKNOWN

    def e_Index(self, e):
        shape = self.expr(e.target)
        self.expr(e.index)
        literal = e.target.value if isinstance(e.target, ast.Literal) else ()
        if shape in (NUMBER, PIECE) or literal is None or type(literal) is bool:
            what = words(shape) if shape != UNKNOWN else "none" if literal is None else "true or false"
            self.error(e, f"{what} cannot be indexed with `[...]`",
                       "only zones, lists, texts and families of zones or vars have items")
        if isinstance(e.target, ast.Name) and not self._is_local(e.target.id):
            decl = self.parts.get(e.target.id)
            if shape == FAMILY:
                return ZONE if isinstance(decl, ast.Zone) else UNKNOWN
        return PIECE if shape == ZONE else TEXT if shape == TEXT else UNKNOWN

    def e_Attribute(self, e):
        shape = self.expr(e.target)
        if kind_of(shape):
            if e.name not in PART_ATTRIBUTES:
                self.error(e, f"{words(shape)} has no `.{e.name}`", f"a {kind_of(shape)} has " + ", ".join(f".{a}" for a in PART_ATTRIBUTES))
            return TEXT
        if e.name not in PIECE_ATTRIBUTES and e.name not in self.fields:
            known = PIECE_ATTRIBUTES + tuple(sorted(self.fields))
            self.error(e, f"no piece or record has `.{e.name}`",
                       did_you_mean(e.name, known) or "a piece has " + ", ".join(f".{a}" for a in PIECE_ATTRIBUTES)
                       + "; a record has the fields it is made with: {name: value, ...}")
            return UNKNOWN
        if e.name not in PIECE_ATTRIBUTES:
            if shape != UNKNOWN:
                self.error(e, f"{words(shape)} has no field `.{e.name}`: only a record has",
                           _FIELD_HINT.get(shape, "a record is made with {name: value, ...}"))
            return UNKNOWN
        mistake = attribute_mistake(shape, e.name)
        if mistake:
            self.error(e, *mistake)
        return ATTRIBUTE_SHAPES.get(e.name, UNKNOWN)

    def e_Record(self, e):
        seen = set()
        for field in e.fields:
            if field.name in seen:
                self.error(field, f"field `{field.name}` is given twice")
            seen.add(field.name)
            self.expr(field.value)
        return UNKNOWN

    def e_Tuple(self, e):
        for item in e.items:
            self.expr(item)
        return UNKNOWN

    def e_List(self, e):
        for item in e.items:
            self.expr(item)
        return LIST

    def e_Comprehension(self, e):
        for clause in e.clauses:
            shape = self._items(clause.iterable, "`for`")
            self.scopes.append(dict.fromkeys(clause.names, self._element(clause.iterable, shape)
                                             if len(clause.names) == 1 else UNKNOWN))
            if clause.cond is not None:
                self.expr(clause.cond)
        self.expr(e.element)
        for _ in e.clauses:
            self.scopes.pop()
        return LIST

    def e_Play(self, e):
        if e.point not in self.points:
            self.error(e, f"no move is declared for `{e.point}`",
                       did_you_mean(e.point, self.points) or f"declare one: move NAME(...) for {e.point}: ...")
        self.expr(e.player)
        return UNKNOWN


def _literal_shape(e) -> str:
    if isinstance(e, ast.Literal):
        if isinstance(e.value, bool) or e.value is None:
            return UNKNOWN
        if isinstance(e.value, (int, float)):
            return NUMBER
        if isinstance(e.value, str):
            return TEXT
    if isinstance(e, ast.Interpolated):
        return TEXT
    return UNKNOWN
