"""`rulesrun ladder RULES`: a skill ladder, every agent against every other, a rating each
(interpreter/studies/ladder.py), so a designer sees how much a better player gains.

    rulesrun ladder rulesets/classic.rules --games 40
    rulesrun ladder rulesets/pot.rules --agent random --agent greedy --agent mcts:playouts=40 --json
"""

from __future__ import annotations

import json
import os
import sys

import click

from ..dsl.errors import RulesError
from ..dsl.limits import MAX_PLAYERS
from ..interpreter.lookahead.own_bot import BotError
from ..interpreter.studies import ladder as laddering
from ..interpreter.studies import simulate as simulation
from . import exit_codes, options
from .output import echo
from .progress import with_progress

DEFAULT_AGENTS = ("random", "greedy", "mcts:playouts=20", "mcts:playouts=80")


def _even(ctx, param, value: int) -> int:
    if value % 2:
        raise click.BadParameter(f"{value} is odd: a pairing plays its games in twos, one seed in both seatings; "
                                 f"hint: --games {value + 1}", ctx=ctx, param=param)
    return value


@click.command()
@options.common
@click.option("--players", type=click.IntRange(2, MAX_PLAYERS), default=None,
              help="Seats in play, shared by the two agents of a pairing  [default: 4, or the nearest number the "
                   "rules allow]")
@click.option("--games", type=click.IntRange(2), default=40, show_default=True, callback=_even,
              help="Games per pairing (even: each seed is played in both seatings).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Game i of each seating is played with seed SEED + i.")
@click.option("--agent", "agents", multiple=True, metavar="SPEC",
              help=f"An agent on the ladder (repeatable, two or more; the first is rated 0)  "
                   f"[default: {', '.join(DEFAULT_AGENTS)}]")
@click.option("--jobs", type=click.IntRange(1, 64), default=min(os.cpu_count() or 1, 64),
              show_default="this machine's cores", help="Worker processes (results do not depend on it).")
@click.option("--json", "as_json", is_flag=True, help="Print the ladder as JSON.")
@options.budget_option
def ladder(rules, fragments, settings, allow, players, games, seed, agents, jobs, as_json, budget):
    """Play every agent against every other, seats shared and rotated, and rate each (Bradley-Terry,
    Elo scale, with intervals), with each pairing's win shares.
    """
    agents = options.agent_names(agents, DEFAULT_AGENTS)
    _check_agents(agents)
    params = options.settings(settings)
    (compiled,), players = options.seated([(rules, tuple(fragments), params)], players, allow, budget)
    if players < 2:
        raise click.BadParameter(f"the rules seat {players} player; a ladder pairs two agents in one game",
                                 param_hint="RULES")
    base = simulation.Plan(rules, tuple(fragments), params, players, (), seed, games, tuple(allow), budget)
    plans = laddering.plans_of(base, agents, games)
    workshop = simulation.Workshop()
    for plan in plans:
        workshop.prepare(plan, compiled)
    tally = laddering.Tally(agents)
    try:
        with_progress(games * len(plans) // 2,
                      lambda progress: laddering.play_into(plans, tally, jobs, progress, workshop))
    except RulesError as error:
        options.fail(error, status=exit_codes.PLAY_ERROR)
    except BotError as error:
        echo(str(error), err=True)
        sys.exit(exit_codes.PLAY_ERROR)
    except KeyboardInterrupt:
        played = tally.ladder(players).games
        echo(f"interrupted after {played} games a pairing{'; the ladder of those games:' if played else ''}", err=True)
        if played:
            _show(tally.ladder(players), compiled.program.title, rules, fragments, params, seed, as_json)
        sys.exit(exit_codes.INTERRUPTED)
    _show(tally.ladder(players), compiled.program.title, rules, fragments, params, seed, as_json)


def _show(result: laddering.Ladder, title: str, rules, fragments, params, seed: int, as_json: bool) -> None:
    if as_json:
        echo(json.dumps({"title": title, "rules": rules, "fragments": list(fragments),
                         "params": params, "seed": seed, **result.to_json()}, indent=2))
    else:
        echo(ladder_text(result, title, seed))


def _check_agents(agents) -> None:
    if len(agents) < 2:
        raise click.BadParameter(f"one agent ({agents[0]}) has no one to play; hint: give --agent two times or "
                                 "more, or none for the default ladder", param_hint="--agent")
    twice = sorted({a for a in agents if agents.count(a) > 1})
    if twice:
        raise click.BadParameter(f"{', '.join(twice)} given twice; hint: each agent once (a pairing of an "
                                 "agent with itself rates nothing)", param_hint="--agent")


def ladder_text(result: laddering.Ladder, title: str, seed: int) -> str:
    """The ladder as a table, best first: rating, interval, games, and the win share against each
    agent (of the row's games against the column's; a fair share is 0.5).

        agent     elo  95% interval   vs random  vs greedy
        greedy   +310  [+250, +370]        0.86          -
        random      0        anchor           -       0.14
    """
    level = f"{result.confidence:.0%}"
    names = result.agents
    last = seed + result.games // 2 - 1
    seeds = f"seed {seed}" if last == seed else f"seeds {seed}-{last}"
    header = (f"{title}: {len(names)} agents, {result.players} players, {result.games} games a pairing "
              f"({seeds}, each in both seatings)\n"
              f"rating: Bradley-Terry, Elo scale, {names[0]} = 0, {level} intervals from the Fisher information\n"
              "win share: of the row's games against the column's (an even pairing: 0.50)")
    rows = [["agent", "elo", f"{level} interval"] + [f"vs {name}" for name in names]]
    for rung in result.rungs:
        anchor = rung.agent == names[0]
        interval = "anchor" if anchor else f"[{rung.rating.low:+.0f}, {rung.rating.high:+.0f}]"
        rows.append([rung.agent, "0" if anchor else f"{rung.rating.elo:+.0f}", interval]
                    + ["-" if share is None else f"{share.value:.2f}" for share in rung.against])
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(width) if k == 0 else cell.rjust(width) for k, (cell, width) in
                       enumerate(zip(row, widths))).rstrip() for row in rows]
    return header + "\n\n" + "\n".join(lines)
