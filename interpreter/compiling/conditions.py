"""Conditions of `if` and `while` as the code generator writes them: an `any` or `all` of a
comprehension (or `not` of one) folded into loops that stop at the first item that decides,
where going on could neither fail nor change the game (totality.py). A part of the code
generator (compiler.py), which it is mixed into beside Statements."""

from __future__ import annotations

from contextlib import ExitStack

from ...dsl import ast
from .totality import index_fact, is_total


class Conditions:
    """The methods of the code generator that write a statement's condition."""

    def _test(self, cond, span) -> str:
        """The code of an `if` or `while` condition, written where the statement is about to be:
        an `any` or `all` of a comprehension, or `not` of one, is first worked out by loops
        (`_folded`)."""
        if not self._folds(cond):
            return self.expr(cond)
        if isinstance(cond, ast.NotOp):
            return f"not ({self._test(cond.operand, span)})"
        return self._folded(cond, span)

    def _folds(self, cond) -> bool:
        """Whether `cond` is `any([...])` or `all([...])` (or `not` of one) that `_folded` can
        write as loops: in a rule whose own locals are known, with no lambda inside, and with
        comprehension variables that are no local of the rule (the loops bind them in the
        rule's function, where nothing else reads them)."""
        e = cond
        while isinstance(e, ast.NotOp):
            e = e.operand
        if not (isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id in ("any", "all")
                and self._is_builtin_call(e, e.func.id) and len(e.args) == 1
                and isinstance(e.args[0], ast.Comprehension)):
            return False
        locals_ = self.frame.rule_locals
        comprehension = e.args[0]
        return locals_ is not None \
            and not any(isinstance(node, ast.Lambda) for node in ast.walk(comprehension)) \
            and not any(name in locals_ or self._is_local(name)
                        for clause in comprehension.clauses for name in clause.names)

    def _folded(self, e, span) -> str:
        """`any([x > 0 for x in xs])` as loops that leave its answer in a local, whose name is
        returned: the comprehension without the list it makes, nor the call of its function
        (deforestation). Every item is worked out, in order, as the list's making would (an
        item that fails fails alike), and every clause spends what it would."""
        o = self.out
        comprehension = e.args[0]
        every = e.func.id == "all"
        answer = f"_c{len(o.lines)}"
        settled = "; break" if self._short_circuits(comprehension) else ""
        o.emit(f"{answer} = {every}", span)
        with self._in(self.frame.inner()), ExitStack() as depth:
            for index, clause in enumerate(comprehension.clauses):
                iterable = self._clause_iterable(index, clause)
                self._declare_clause(clause)
                o.emit(f"for {', '.join(f'l_{n}' for n in clause.names)} in {iterable}:", span)
                depth.enter_context(o.indented())
                if clause.cond is not None:
                    o.emit(f"if {self.expr(clause.cond)}:", span)
                    depth.enter_context(o.indented())
            element = self.expr(comprehension.element)
            o.emit(f"if not ({element}): {answer} = False{settled}" if every else f"if {element}: {answer} = True{settled}",
                   span)
        return answer

    def _short_circuits(self, comprehension) -> bool:
        """Whether the loops of `_folded` may stop at the first item that settles the answer: one
        clause, whose filter and item are total (interpreter/compiling/totality.py)."""
        if len(comprehension.clauses) != 1:
            return False
        clause = comprehension.clauses[0]
        fact = index_fact(self, clause.iterable)
        bound = {name: fact if len(clause.names) == 1 else None for name in clause.names}
        return all(is_total(self, part, bound) for part in (clause.cond, comprehension.element) if part is not None)
