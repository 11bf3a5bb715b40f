"""`rulesrun tune`: the value of a parameter that brings a metric to a target, with its interval.

    rulesrun tune rulesets/royale.rules --param jackpot_track[0] --range 0..100000 \\
        --target paid_per_game:jackpot=paid_per_game:pay_day --width 10000

What is tuned and to what is `interpreter/studies/tune_terms.py`'s, the search
`interpreter/studies/tune.py`'s, where the games are played `backends.py`'s (as for `sweep`).
This module reads the options and prints the answer, its interval and the path of the search.
"""

from __future__ import annotations

import json
import os
import sys

import click

from ..dsl.compose import compose
from ..dsl.errors import RulesError
from ..dsl.limits import MAX_PLAYERS
from ..interpreter.studies import backends
from ..interpreter.studies import tune as tuning
from ..interpreter.studies import tune_terms
from ..interpreter.studies.simulate import GameFailed, Plan, Workshop
from . import exit_codes, options
from .output import echo

STOPPED = {"width": "the interval is as narrow as asked", "budget": "the games are spent",
           "resolution": "every whole number inside it has been played"}


@click.command()
@options.common
@click.option("--param", "param_text", required=True, metavar="NAME|NAME[I]",
              help="The parameter to tune: a number, or entry I of a list of numbers (a track).")
@click.option("--range", "range_text", required=True, metavar="LO..HI", help="The values to search.")
@click.option("--target", "target_text", required=True, metavar="METRIC=VALUE|METRIC=METRIC",
              help="What to reach: win_share:SEAT, score:SEAT, turns, paid_per_game:RULE (or a part's name), "
                   "lead_changes; at a number, or equal to another metric (docs/tune.md).")
@click.option("--width", type=click.FloatRange(0), default=None,
              help="Stop once the interval is this narrow  [default: a twentieth of the range]")
@click.option("--games", type=click.IntRange(100), default=20000, show_default=True,
              help="The most games the search plays in all.")
@click.option("--confidence", type=options.Share(), default=0.95, show_default=True,
              help="How sure the interval is, over the whole search.")
@click.option("--players", type=click.IntRange(1, MAX_PLAYERS), default=None, help=options.PLAYERS_HELP)
@click.option("--seed", type=int, default=0, show_default=True,
              help="Game i of every point is played with seed SEED + i.")
@click.option("--agent", "agents", multiple=True, metavar="NAME", help="Agent per seat, in seat order (last repeats).")
@click.option("--jobs", type=click.IntRange(1, 64), default=min(os.cpu_count() or 1, 64), show_default="this machine's cores",
              help="Worker processes (results do not depend on it).")
@click.option("--backend", type=click.Choice(backends.NAMES), default="local", show_default=True,
              help="local: --jobs processes here; ray: Ray tasks (pip install 'rulesrun[ray]'). Results are the same.")
@click.option("--address", default=None, metavar="ADDRESS", help="The Ray cluster to use, as for `sweep`.")
@click.option("--json", "as_json", is_flag=True, help="Print the answer and the search as JSON.")
@options.budget_option
def tune(rules, fragments, settings, allow, param_text, range_text, target_text, width, games, confidence, players,
         seed, agents, jobs, backend, address, as_json, budget):
    """Find the value of --param in --range that brings a metric to --target, and its interval.

    rulesrun tune R.rules --param goal --range 20..200 --target turns=40
    """
    params = options.settings(settings)
    agents = options.agent_names(agents)
    try:
        where = backends.backend(backend, jobs, address)
    except backends.BackendError as error:
        raise click.BadParameter(str(error), param_hint="--backend" if address is None else "--address") from None
    workshop = Workshop()
    try:
        tuned = tune_terms.knob(compose(rules, list(fragments), allow), param_text)
        low, high = tune_terms.value_range(range_text, tuned)
        if tuned.name in params:
            raise tune_terms.tune_error(f"--param {param_text}: `{tuned.name}` is also set by --set",
                                        "leave it out of --set: tune sets it")
        plan = Plan(rules, tuple(fragments), {**params, tuned.name: tuned.setting(low)}, players or 0, agents, seed, 0,
                    tuple(allow), budget)
        loaded = workshop.rules_for(plan)
        players = players or options.default_players(loaded)
        loaded.check_players(players)
        target = tune_terms.target(target_text, players, list(loaded.rule_sites))
    except RulesError as error:
        options.fail(error)
    search = tuning.Search(low, high, (high - low) / 20 if width is None else width, games, confidence, tuned.whole)
    gaps = tuning.played_gaps(Plan(rules, tuple(fragments), params, players, agents, seed, 0, tuple(allow), budget),
                              tuned, target, where.map, jobs, workshop)
    seen = (lambda probe: echo(_probe_line(probe), err=True)) if sys.stderr.isatty() and not as_json else None
    try:
        with where.session():
            outcome = tuning.search(search, gaps, seen)
    except KeyboardInterrupt:
        echo("interrupted: no answer", err=True)
        sys.exit(exit_codes.INTERRUPTED)
    except RulesError as error:
        failed = isinstance(error, GameFailed)
        options.fail(error, status=exit_codes.PLAY_ERROR if failed else exit_codes.INVALID)
    except backends.BackendError as error:
        raise click.BadParameter(str(error), param_hint="--address") from None
    if as_json:
        click.echo(json.dumps({"param": tuned.label, "target": target.text, "players": players, "seed": seed,
                               "width": search.width, **outcome.to_json()}, indent=2))
    else:
        echo(_text(tuned, target, search, outcome))


def _text(tuned, target, search: tuning.Search, outcome: tuning.Outcome) -> str:
    lines = [f"{tuned.label} = {_number(outcome.value)}   {outcome.confidence:.0%} interval "
             f"{_number(outcome.low)} .. {_number(outcome.high)}",
             f"target {target.text}; {outcome.games:,} games; stopped: {STOPPED[outcome.stopped]} "
             f"(asked: width {_number(search.width)}, at most {search.games:,} games)",
             "", "search (mean gap to the target per game, with its interval at that look):",
             f"  {'value':>12}  {'games':>7}  {'mean gap':>12}  {'+-':>10}  decided"]
    lines += [_probe_line(probe) for probe in outcome.probes]
    return "\n".join(lines)


def _probe_line(probe: tuning.Probe) -> str:
    return (f"  {_number(probe.value):>12}  {probe.games:>7,}  {probe.mean:>12.4g}  {probe.half:>10.3g}  "
            + {1: "above", -1: "below", 0: "undecided"}[probe.side])


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() and abs(value) < 1e15 else f"{value:.6g}"
