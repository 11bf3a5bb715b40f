"""What the code generator needs to know about a program before it writes a line: the
analyses of this folder, run once per program and shared by every compiled form (pausing or
closed, books kept or not: compiler.generate), since none depends on the form."""

from __future__ import annotations

import attrs

from ...dsl import ast
from ...dsl.program import Program
from .asking import Asking, asking
from .bounded import calls, cheap_functions, read_only_params, zone_params
from .purity import pure_procs
from .reach import Reach
from .recursion import Recursive, recursive
from .scored import by_seat, never_lists, number_vars, scored


@attrs.frozen(slots=True)
class Analysis:
    # The procedures that change nothing and draw no chance (purity.py).
    pure: frozenset
    # Each var's number, as checkpoints know it (the order of VARS and Rules.variable_attributes).
    var_index: dict
    # The hidden zones each function a look-ahead may run can read (reach.py).
    reach: Reach
    # What the score's first key reads (scored.py): changes to these set the game's
    # `score_changed`, which tells the meter to measure again; `by_seat`: whether each seat's
    # key reads only the seat's own zones and vars, so that a change names the seat it may
    # change; `numeric_vars`: the vars whose entries never hold a list.
    scored_zones: frozenset | None
    scored_vars: frozenset
    by_seat: bool
    numeric_vars: frozenset
    # The vars whose entries are always numbers (scored.number_vars): `*` of one and a literal
    # needs no check of what it makes.
    number_vars: frozenset
    # The rules that can ask a decision, compiled as generators where games pause (asking.py).
    asks_anywhere: Asking
    # The rules that can call themselves: each of their calls spends a step of the budget (recursion.py).
    recursive: Recursive
    # Each procedure's parameters that every call gives a zone: a pass over one is bounded (bounded.py).
    zone_params: dict
    # Each procedure's parameters that every call gives a function answering something cheap to
    # compare (a number): a comparison with what a call of one answers needs no count (bounded.py).
    cheap_functions: dict
    # Each procedure's parameters that it only reads (bounded.py): a local handed to one stays steady.
    read_only_params: dict
    # What the code generator works out about the costs of going through values across the whole
    # program (interprocedural.py: what each call gives a procedure's parameters, which vars are
    # fixed; costs.py: the fields of the rules' records), the same in every form: worked out by
    # the first form, kept here for the others.
    costs: dict = attrs.field(factory=dict, eq=False)


def analyse(program: Program) -> Analysis:
    zones, scored_vars = scored(program)
    seats = by_seat(program, zones)
    variables = [d.name for d in program.parts.values() if isinstance(d, ast.Var)]
    gathered = calls(program)
    return Analysis(
        pure=pure_procs(program.parts),
        var_index={name: i for i, name in enumerate(variables)},
        reach=Reach(program),
        scored_zones=zones,
        scored_vars=scored_vars,
        by_seat=seats,
        numeric_vars=never_lists(program, variables),
        number_vars=number_vars(program, variables),
        asks_anywhere=asking(program),
        recursive=recursive(program),
        zone_params=zone_params(program, gathered),
        cheap_functions=cheap_functions(program, gathered),
        read_only_params=read_only_params(program),
    )
