"""`rulesrun sweep`: one ruleset under every combination of some settings, on the same seeds.

    rulesrun sweep rulesets/classic.rules --grid rounds=2,3 --with-grid -,rulesets/variants/bandit.rules \\
        --games 2000 --out sweep.jsonl --plot sweep.html

The grid, its cells and their games are `interpreter/studies/sweep.py`'s; where the games are
played is `backends.py`'s. This module reads the options, writes each cell's line to --out
as soon as the cell and those before it are played, and prints the table at the end.
"""

from __future__ import annotations

import contextlib
import json
import sys

import click

from ..dsl.errors import RulesError
from ..interpreter.studies import backends
from ..interpreter.studies import simulate as simulation
from ..interpreter.studies import sweep as sweeping
from . import exit_codes, options, report_view, sweep_plot
from .output import echo, not_rules


def _plot_target(ctx, param, value):
    if value is not None and not value.lower().endswith(".html"):
        raise click.BadParameter(f"`{value}`: a sweep's plot is written as .html", ctx=ctx, param=param)
    return value


@click.command()
@options.common
@click.option("--grid", "grids", multiple=True, metavar="NAME=V1,V2,...",
              help="Sweep a parameter over these values (repeatable: every combination is played). "
                   "A list parameter takes lists separated by `;` (NAME='1,2;3,4'); whole numbers take ranges (2..5).")
@click.option("--with-grid", "fragment_grids", multiple=True, metavar="F1,F2,...",
              help="Sweep over fragments: compose F1, or F2, ... (`-` for none, `A+B` for both; repeatable).")
@options.simulation_options
@click.option("--backend", type=click.Choice(backends.NAMES), default="local", show_default=True,
              help="local: --jobs processes here; ray: Ray tasks (pip install 'rulesrun[ray]'). Results are the same.")
@click.option("--address", default=None, metavar="ADDRESS",
              help="The Ray cluster to use (`auto` inside `ray job submit`); default: a Ray started here with --jobs CPUs.")
@click.option("--out", "out_path", type=click.Path(dir_okay=False, writable=True),
              help="One JSON object per cell and line, written as the cells finish (fields in docs/sweeps.md).")
@click.option("--json", "as_json", is_flag=True, help="Print the cells as one JSON object instead of the table.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False), callback=_plot_target, metavar="PATH.html",
              help="Draw each seat's win share and each rule's pay per game, cell by cell.")
@options.budget_option
def sweep(rules, fragments, settings, allow, grids, fragment_grids, players, games, seed, agents, jobs, backend, address,
          out_path, as_json, plot_path, budget):
    """Play every combination of the --grid and --with-grid settings, all on the same seeds, and report each.

    rulesrun sweep R.rules --grid rounds=2,3 --with-grid -,variants/bandit.rules --games 1000 --out sweep.jsonl
    """
    params = options.settings(settings)
    agents = options.agent_names(agents)
    if out_path:
        not_rules(out_path, "--out")
    if not grids and not fragment_grids:
        raise click.UsageError("nothing to sweep: give --grid NAME=V1,V2,... or --with-grid F1,F2,...")
    try:
        where = backends.backend(backend, jobs, address)
    except backends.BackendError as error:
        raise click.BadParameter(str(error), param_hint="--backend" if address is None else "--address") from None
    names = ["with"] if len(fragment_grids) == 1 else [f"with{i + 1}" for i in range(len(fragment_grids))]
    try:
        axes = [sweeping.fragment_axis(text, name) for text, name in zip(fragment_grids, names)]
        axes += sweeping.param_axes(rules, fragments, params, grids, axes, allow)
        if players is None:
            drafts = sweeping.cells(rules, fragments, params, axes, 0, agents, seed, games, allow, budget)
            players = options.default_players(*sweeping.load(drafts))
        cells = sweeping.cells(rules, fragments, params, axes, players, agents, seed, games, allow, budget)
        workshop = simulation.Workshop()
        loaded = sweeping.load(cells, players, workshop)
    except RulesError as error:
        options.fail(error)
    try:
        out = open(out_path, "w", encoding="utf-8") if out_path else contextlib.nullcontext()
    except OSError as error:
        raise click.FileError(out_path, error.strerror or str(error)) from None
    results = []
    with out, _progress(len(cells) * games) as advance:
        try:
            for cell, tally in sweeping.run(cells, where.map, jobs, advance, workshop):
                results.append(sweeping.cell_record(cell, loaded[cell.index], tally))
                if out_path:
                    out.write(json.dumps(results[-1]) + "\n")
                    out.flush()
        except RulesError as error:
            options.fail(error, status=exit_codes.PLAY_ERROR)
        except backends.BackendError as error:
            raise click.BadParameter(str(error), param_hint="--address") from None
    if plot_path:
        try:
            sweep_plot.write(plot_path, results)
        except OSError as error:
            raise click.FileError(plot_path, error.strerror or str(error)) from None
    if as_json:
        click.echo(json.dumps({"axes": [a.name for a in axes], "cells": results}, indent=2))
    else:
        echo(report_view.sweep_text(results))


@contextlib.contextmanager
def _progress(total: int):
    """A progress bar over all games on a terminal (None elsewhere): a call advances it."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("sweeping", total=total)
        yield lambda n: progress.advance(task, n)
