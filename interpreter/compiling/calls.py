"""Calls, as the code generator writes them: what a built-in's call counts of what it goes
through (the items of its `walks`, at every depth where it `compares`), which one-line
procedures a call is replaced by (inlining), and which calls of pure procedures go through the
remembered answers (interpreter/lookahead/remember.py). A part of the code generator (compiler.py), which it is
mixed into beside Expressions, whose `expr` writes the arguments."""

from __future__ import annotations

from ...dsl import ast
from ...dsl.builtins import BUILTINS, LIST, MANY, NUMBER, PLAIN
from ..running.budget import SHORT
from .costs import statements_of
from .names import named

# How many one-line procedures deep a call is written in place (`_inlines`).
MAX_INLINED = 3
# Arguments that make a call run every time (interpreter/lookahead/remember.py): no need to try.
_NEVER_REMEMBERED = (ast.Keyword, ast.Lambda, ast.List, ast.Comprehension)


class Calls:
    """The methods of the code generator that decide how a call of a procedure is written."""

    def _walked(self, builtin, e, args: list[str]) -> list[str]:
        """The code of a built-in's arguments, those it goes through (`Builtin.walks`) counted
        against the game's steps before the call, where they are not bounded anyway: a step for
        each item (`spend`), and for one that compares its items (`Builtin.compares`), each item
        at every depth (`deep`), unless its items are cheap to compare. `max(a, b)` compares
        its arguments themselves."""
        positional = [a for a in e.args if not isinstance(a, ast.Keyword)]
        if builtin.high == MANY and len(positional) > 1:
            costly = [i for i, a in enumerate(positional) if not self._cheap(a)]
            return [self._deep(e.args[i], code) if i in costly and len(costly) > 1 else code for i, code in enumerate(args)]
        if builtin.high == MANY and len(positional) == 1 and isinstance(positional[0], (ast.List, ast.Tuple)) \
                and sum(not self._cheap(item) for item in positional[0].items) <= 1:
            # `min([n, bank])` is `min(n, bank)`: one of two items cheap, no comparison is long.
            return args
        args = list(args)
        key = any(isinstance(a, ast.Keyword) and a.name == "key" for a in e.args)
        walked = [index for index in builtin.walks if index < len(positional)]
        if builtin.together and any(self._short_walk(positional[index]) for index in walked):
            # It stops with the shortest, which is short (`zip`).
            return args
        for index in walked:
            # Sorted by a key, the keys are compared, not the items (`_sort_key`).
            args[index] = self._walk_counted(positional[index], args[index], builtin.compares and not key)
        return args

    def _walk_counted(self, node, code: str, compares: bool) -> str:
        """`code`, the value of `node`, as a built-in that goes through it takes it: as it is where
        going through it is bounded anyway, or was counted as it was made (a cheap value is
        short too: comparing one would go through it). A name, which may be read again, is
        gone through at once when it holds a short list (budget.SHORT)."""
        if compares and not self._cheap_items(node):
            return self._deep(node, code)
        if self._short_walk(node):
            return code
        if isinstance(node, ast.Name):
            return f"({code} if type({code}) in LISTS and len({code}) <= {SHORT} else walk(g, {code}))"
        return f"walk(g, {code})"

    def _deep(self, node, code: str) -> str:
        """`deep(g, code)`; of a name, which may be read again, tested for a number first."""
        if isinstance(node, ast.Name):
            return f"({code} if type({code}) in ATOMS else deep(g, {code}))"
        return f"deep(g, {code})"

    def _sort_key(self, key, items) -> str:
        """`sorted`'s key, as it is where the keys it gives are cheap to compare (`c => c.value`
        of pieces, a built-in that answers a number); else each key is counted as it is made."""
        code = self.expr(key)
        if isinstance(key, ast.Lambda):
            typed = self._cheap_items(items)
            with self._in(self.frame.inner(key.param)):
                if typed:
                    self.frame.cheap.add(key.param)
                cheap = self._cheap(key.body)
        else:
            cheap = isinstance(key, ast.Name) and self._is_builtin_name(key.id) and BUILTINS[key.id].returns in (NUMBER, PLAIN)
        return f"key={code}" if cheap else f"key=keyed(g, {code})"

    def _remembers(self, e) -> bool:
        """Whether `e` is a call of a pure procedure that is remembered (not inlined). In a game
        that keeps books, a call with an argument that is a list for certain (a list, a
        comprehension, a built-in that makes a list) always runs: a list cannot be recognised
        again, so trying costs only. In a game without, whose zones have no stamps, a call of a
        procedure that only reads its parameters (bounded.read_only_params) is remembered under
        its arguments' values: a list's items, a zone's pieces and what each shows (remember.py,
        `remembered_values`)."""
        if not isinstance(e, ast.Call) or self._is_local(e.func.id) or e.func.id not in self.pure \
                or self._inlines(self.parts[e.func.id], e.args):
            return False
        if not self.books:
            return all(self.read_only_params[e.func.id]) and not any(isinstance(a, (ast.Keyword, ast.Lambda)) for a in e.args)
        return not any(isinstance(a, _NEVER_REMEMBERED) or self._makes_a_list(a) for a in e.args)

    def _makes_a_list(self, e) -> bool:
        if isinstance(e, ast.Binary) and e.op == "+":
            return self._makes_a_list(e.left) or self._makes_a_list(e.right) or isinstance(
                e.left, (ast.List, ast.Comprehension)) or isinstance(e.right, (ast.List, ast.Comprehension))
        return isinstance(e, ast.Call) and self._is_builtin_call(e, e.func.id) and BUILTINS[e.func.id].returns == LIST

    def _remembered_call(self, e, entry: str, args: list[str]) -> str:
        """A call of a pure procedure through one of interpreter/lookahead/remember.py's entry
        points; `args`: its arguments' code, written once (writing them again for each call
        nested in an argument would take time exponential in the nesting)."""
        entry = entry if self.books else f"{entry}_values"
        return f"{entry}(g, {named('pr', e.func.id)}{''.join(', ' + a for a in args)})"

    def _inlines(self, proc: ast.Proc, arg_nodes) -> bool:
        """Whether a call of a one-line procedure (`return EXPR`) is replaced by its body.

        It is where that is safe: not already being inlined (recursion), and every argument
        evaluated exactly as often as the call would (each parameter used once, outside lambdas
        and comprehensions), unless the argument is a plain name or literal. And at most
        `MAX_INLINED` calls deep: a procedure whose one line calls the next twice, ten deep,
        would otherwise be written out 2**10 times (a stranger's file could stall the compiler).
        """
        body = statements_of(proc)
        if proc.name in self.inlining or len(self.inlining) >= MAX_INLINED or len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None \
                or self.asks_anywhere.body(body):
            return False
        if len(arg_nodes) != len(proc.params) or any(isinstance(a, ast.Keyword) for a in arg_nodes):
            return False
        uses = {p: 0 for p in proc.params}
        repeated = set()
        for node, inside_loop in _names_with_context(body[0].value):
            if node.id in uses:
                uses[node.id] += 1
                if inside_loop:
                    repeated.add(node.id)
        for param, node in zip(proc.params, arg_nodes):
            simple = isinstance(node, (ast.Name, ast.Literal))
            if not simple and (uses[param] != 1 or param in repeated):
                return False
        return True

    def _inline(self, proc: ast.Proc, arg_code: list[str], arg_nodes) -> str:
        """The body of a one-line procedure in place of a call (see `_inlines`)."""
        with self._substituted(proc, {p: f"({code})" for p, code in zip(proc.params, arg_code)}, arg_nodes) as frame:
            frame.yielding = False
            return f"({self.expr(statements_of(proc)[0].value)})"


def _names_with_context(expr, inside_loop: bool = False):
    """Every Name node of an expression, with whether it sits inside a lambda or comprehension."""
    if isinstance(expr, ast.Name):
        yield expr, inside_loop
        return
    nested = inside_loop or isinstance(expr, (ast.Lambda, ast.Comprehension))
    for child in ast.children(expr):
        yield from _names_with_context(child, nested)
