"""A sweep: one ruleset played under every combination of some settings, on the same seeds.

    rulesrun sweep R.rules --grid rounds=2,3 --with-grid -,variants/extra_field.rules   -> 4 cells

A grid has axes: a parameter with its values (`--grid`) or a choice of fragments
(`--with-grid`). A cell takes one value from each axis; the cells are the cartesian product,
fragment axes first, the last axis varying fastest. Every cell plays game i on seed SEED + i,
as `simulate` does, so the cells differ by their settings and not by their luck (common
random numbers): a difference between two cells shows with fewer games than with fresh seeds.
A game depends only on its plan and its index, so the records, and all built from them, are
the same on one process, many, or a Ray cluster (`backends.py`).
"""

from __future__ import annotations

import itertools
import math
from pathlib import Path
from typing import Callable, Iterator, Sequence

import attrs

from ...dsl import ast
from ...dsl.compose import compose, setting_value
from ..running.budget import Budget
from ...dsl.errors import Diagnostic, RulesError, did_you_mean
from . import report
from .simulate import GameFailed, Plan, Workshop, unit_size, units

NO_FRAGMENT = "-"
MAX_CELLS = 10_000
"""The most cells one sweep plays: each compiles the rules and plays its games, so a grid past
this (`--grid rounds=1..1000000000`) is a slip, refused at once rather than run for years."""


@attrs.frozen(slots=True)
class Axis:
    """One dimension of a grid. `values` are what a cell gets: a parameter's text as `--set`
    takes it, or a tuple of fragment paths (empty for none); `shown` is each value as the
    results show it (a number, a list, the fragment paths)."""

    name: str
    values: tuple
    shown: tuple
    fragments: bool = False

    def label(self, at: int) -> str:
        """Value `at` as a short text: fragments by their file names (`extra_field+other`, `-`
        for none), lists by commas."""
        value = self.shown[at]
        if self.fragments:
            return "+".join(Path(v).stem for v in value) or NO_FRAGMENT
        if isinstance(value, list):
            return ",".join(map(str, value))
        return str(value).lower() if isinstance(value, bool) else str(value)


@attrs.frozen(slots=True)
class Cell:
    """One combination: its place in the grid, its value on each axis (as results show it,
    and as a short label), and the games to play."""

    index: int
    settings: dict
    labels: tuple[str, ...]
    plan: Plan


def fragment_axis(text: str, name: str = "with") -> Axis:
    """`--with-grid A,B+C,-`: compose A, or B then C, or nothing (`-`), one cell each."""
    choices = [choice.strip() for choice in text.split(",")]
    if not text.strip() or any(not c for c in choices):
        raise _grid_error(f"--with-grid {text}: {'no fragments' if not text.strip() else 'an empty choice'}",
                          "give fragment files separated by commas: --with-grid a.rules,b.rules "
                          "(`-` for none, `a.rules+b.rules` for both)")
    values = tuple(() if c == NO_FRAGMENT else tuple(p.strip() for p in c.split("+")) for c in choices)
    _no_repeats(f"--with-grid {text}", choices)
    return Axis(name, values, tuple(list(v) for v in values), fragments=True)


def param_axes(ruleset: str, fragments: Sequence[str], params: dict, grids: Sequence[str],
               fragment_axes: Sequence[Axis], allow: Sequence[str] = ()) -> tuple[Axis, ...]:
    """`--grid NAME=V1,V2,...` texts as axes, checked against the parameters of every
    composition the fragment axes make: a name unknown there, a value of the wrong kind or
    an empty list is a RulesError (every mistake at once), before any game is played.

    A parameter whose default is a list takes lists separated by `;` (`--grid
    track=1,2;3,4` is two cells); a whole-number parameter takes ranges (`rounds=2..4`).
    """
    _within_bounds(fragment_axes)
    programs = [compose(ruleset, list(fragments) + [f for part in combo for f in part], allow)
                for combo in itertools.product(*(a.values for a in fragment_axes))]
    errors, axes = [], []
    for text in grids:
        try:
            axes.append(_param_axis(text, programs, params, [a.name for a in axes]))
        except RulesError as error:
            errors.extend(error.diagnostics)
    if errors:
        raise RulesError(errors)
    _within_bounds((*fragment_axes, *axes))
    return tuple(axes)


def _within_bounds(axes: Sequence[Axis]) -> None:
    """A grid of at most MAX_CELLS cells, or a RulesError saying how many it would make."""
    count = math.prod(len(axis.values) for axis in axes)
    if count > MAX_CELLS:
        raise _grid_error(f"the grid makes {count:,} cells: a sweep plays at most {MAX_CELLS:,} (each compiles the rules)",
                          "sweep fewer values, or split the grid into several sweeps")


def _param_axis(text: str, programs: list, params: dict, taken: list[str]) -> Axis:
    name, sep, values = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise _grid_error(f"--grid {text}: not NAME=V1,V2,...", "e.g. --grid rounds=2,3,4")
    declared = [p.parts.get(name) for p in programs]
    param = next((d for d in declared if isinstance(d, ast.Param)), None)
    if param is None:
        known = {n for p in programs for n, d in p.parts.items() if isinstance(d, ast.Param)}
        raise _grid_error(f"--grid {text}: unknown parameter `{name}`",
                          did_you_mean(name, known) or "`rulesrun check --params RULES` lists them")
    if not all(isinstance(d, ast.Param) for d in declared):
        raise _grid_error(f"--grid {text}: `{name}` is declared only in some of the --with-grid fragments",
                          "sweep it in a grid of those fragments alone, or give it a --with")
    if name in params or name in taken:
        raise _grid_error(f"--grid {text}: `{name}` is already set by {'--set' if name in params else 'another --grid'}",
                          "give each parameter one --set or one --grid")
    listed = isinstance(param.default, ast.List)
    if not values.strip():
        raise _grid_error(f"--grid {text}: no values", f"e.g. --grid {name}=" + ("1,2;3,4" if listed else "2,3,4"))
    texts = [t.strip() for t in values.split(";" if listed else ",")]
    if not listed and not (isinstance(param.default, ast.Literal) and isinstance(param.default.value, str)):
        texts = [v for t in texts for v in _range(t, text)]
    if not listed and any(not t for t in texts):
        raise _grid_error(f"--grid {text}: an empty value", f"separate values by single commas: --grid {name}=2,3")
    _no_repeats(f"--grid {text}", texts)
    return Axis(name, tuple(texts), tuple(_grid_value(param, t, text) for t in texts))


def _grid_value(param: ast.Param, value: str, text: str):
    """One value of a grid, of the kind of the parameter's default."""
    try:
        return setting_value(param, value)
    except ValueError as error:
        loose = setting_value(param, value, typed=False)
        _check_kind(param, loose, text)
        wanted, example = error.args
        raise _grid_error(f"--grid {text}: `{param.name}` is {wanted}",
                          f"e.g. --grid {param.name}={example}" if example else "change it in the rules instead") from None


def _range(value: str, text: str) -> list[str]:
    """`2..4` -> 2, 3, 4; any other value stays as it is."""
    low, sep, high = value.partition("..")
    if not sep:
        return [value]
    try:
        first, last = int(low), int(high)
    except ValueError:
        raise _grid_error(f"--grid {text}: `{value}` is not a range of whole numbers", "e.g. 2..5") from None
    if first > last:
        raise _grid_error(f"--grid {text}: the range `{value}` is empty", f"count upwards: {last}..{first}")
    if last - first >= MAX_CELLS:
        raise _grid_error(f"--grid {text}: the range `{value}` has {last - first + 1:,} values: a sweep plays at most "
                          f"{MAX_CELLS:,} cells", "sweep fewer values, e.g. every tenth: 10,20,30")
    return [str(n) for n in range(first, last + 1)]


def _kind(value) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    return "a list" if isinstance(value, (list, tuple)) else "text"


def _check_kind(param: ast.Param, value, text: str) -> None:
    """A value must be of the kind of a literal default (each item, for a list); a computed
    default is left to the checker, which reports where the value is used."""
    if isinstance(param.default, ast.List):
        kinds = {_kind(i.value) for i in param.default.items if isinstance(i, ast.Literal)}
        if len(kinds) != 1 or len(param.default.items) != sum(isinstance(i, ast.Literal) for i in param.default.items):
            return
        expected, items = kinds.pop(), value
    elif isinstance(param.default, ast.Literal):
        expected, items = _kind(param.default.value), [value]
    else:
        return
    for item in items:
        if _kind(item) != expected:
            related = ((param.span, f"`{param.name}` is declared here"),) if param.span else ()
            raise RulesError([Diagnostic(None, f"--grid {text}: `{item}` is not {expected}, as the default of "
                                               f"`{param.name}` is", _kind_hint(param, expected), related)])


def _kind_hint(param: ast.Param, expected: str) -> str:
    if isinstance(param.default, ast.List):
        return f"`{param.name}` is a list: separate lists by `;` and their items by `,`, e.g. --grid {param.name}='1,2;3,4'"
    return {"a number": "write numbers such as 2 or 0.5", "true or false": "write true or false"}.get(
        expected, "write words, not numbers or true/false")


def _no_repeats(where: str, values: list[str]) -> None:
    repeated = sorted({v for v in values if values.count(v) > 1})
    if repeated:
        raise _grid_error(f"{where}: {', '.join(f'`{v}`' for v in repeated)} given twice", "give each value once")


def _grid_error(message: str, hint: str) -> RulesError:
    return RulesError([Diagnostic(None, message, hint)])


def cells(ruleset: str, fragments: Sequence[str], params: dict, axes: Sequence[Axis], players: int,
          agents: tuple[str, ...], seed: int, games: int, allow: Sequence[str] = (), budget: Budget = Budget()
          ) -> list[Cell]:
    """Every combination of the axes' values, in order, each with its plan (`allow`, `budget`:
    as `simulate` takes them)."""
    out = []
    for index, combination in enumerate(itertools.product(*(range(len(a.values)) for a in axes))):
        cell_fragments, cell_params = list(fragments), dict(params)
        for axis, at in zip(axes, combination):
            if axis.fragments:
                cell_fragments += axis.values[at]
            else:
                cell_params[axis.name] = axis.values[at]
        out.append(Cell(index, {a.name: a.shown[at] for a, at in zip(axes, combination)},
                        tuple(a.label(at) for a, at in zip(axes, combination)),
                        Plan(ruleset, tuple(cell_fragments), cell_params, players, agents, seed, games,
                             tuple(allow), budget)))
    return out


def load(cells: Sequence[Cell], players: int | None = None, workshop: Workshop | None = None) -> list:
    """Every cell's compiled rules, in cell order, compiled in this process (into `workshop`,
    which `run` then plays from): a mistake shows before any game is played, and forked
    workers inherit the rules. With `players`, each must allow that many. A cell's RulesError
    gets a hint naming the cell."""
    workshop = workshop or Workshop()
    loaded = []
    for cell in cells:
        try:
            rules = workshop.rules_for(cell.plan)
            if players is not None:
                rules.check_players(players)
        except RulesError as error:
            raise _in_cell(error, cell) from None
        loaded.append(rules)
    return loaded


def _in_cell(error: RulesError, cell: Cell) -> RulesError:
    """The error with each hint naming the cell; one met in a game still names the game."""
    diagnostics = [attrs.evolve(d, hint=(d.hint + "; " if d.hint else "") + f"in cell {describe(cell)}")
                   for d in error.diagnostics]
    if isinstance(error, GameFailed):
        return GameFailed(diagnostics, error.plan, error.game)
    return RulesError(diagnostics)


def describe(cell: Cell) -> str:
    """`#3 with=extra_field rounds=2`: a cell in a line."""
    return " ".join([f"#{cell.index}"] + [f"{name}={label}" for name, label in zip(cell.settings, cell.labels)])


def run(cells: Sequence[Cell], mapper, jobs: int, progress: Callable[[int], None] | None = None,
        workshop: Workshop | None = None) -> Iterator[tuple[Cell, report.Tally]]:
    """Yield each cell with the running report of its games (`report.Tally`), in cell order,
    as soon as the cell and all before it are played. `mapper(function, items)` is a
    backend's ordered map (`backends.py`). The games are cut into units across all cells,
    handed out as workers free up, so many small cells keep every worker busy as well as one
    large cell does, and no cell's records are kept. A mistake met in play names its cell.
    `workshop`: where `load` compiled the cells' rules."""
    size = unit_size(sum(c.plan.games for c in cells), jobs)
    batches = mapper((workshop or Workshop()).play_games, (unit for cell in cells for unit in units(cell.plan, size)))
    for cell in cells:
        tally = report.Tally()
        for _ in units(cell.plan, size):
            try:
                batch = next(batches)
            except RulesError as error:
                raise _in_cell(error, cell) from None
            for record in batch:
                tally.add(record)
            if progress:
                progress(len(batch))
        yield cell, tally


def cell_record(cell: Cell, rules, tally: report.Tally, confidence: float = 0.95) -> dict:
    """A cell's line of results: where it lies in the grid, what was played, and the
    report `simulate --json` gives for the same games (README.md lists its fields);
    `rules`: the cell's compiled rules, `tally`: its games, as `run` yields them."""
    plan = cell.plan
    setup = {"title": rules.program.title, "rules": plan.ruleset, "fragments": list(plan.fragments), "params": plan.params,
             "players": plan.players, "agents": [plan.agent_for(p) for p in range(plan.players)], "seed": plan.seed}
    return {"cell": cell.index, "settings": cell.settings, "labels": list(cell.labels), "setup": setup,
            **tally.report(confidence, rules.rule_sites).to_json()}
