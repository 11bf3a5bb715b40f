"""What the `rulesrun` commands share: their common options and how they read them, and how
a command shows located errors and exits. Commands in their own modules (`sweep.py`) take
them from here, as `main.py` does.
"""

from __future__ import annotations

import json
import os
import sys

import click

from ..dsl.errors import RulesError
from ..dsl.limits import MAX_PLAYERS
from ..interpreter.lookahead.agents import HUMAN, AgentSpecError, TrustedSpec, parse_agent
from ..interpreter.running.budget import Budget
from ..interpreter.studies.simulate import GameFailed
from . import exit_codes
from .output import replay_command
from .terminal import printable


def settings(values, option: str = "--set") -> dict:
    """`NAME=VALUE` options as a dict of texts, as `set_params` takes them."""
    params = {}
    for item in values:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise click.BadParameter(f"`{item}` is not NAME=VALUE (e.g. {option} rounds=4)", param_hint=option)
        params[name.strip()] = value.strip()
    return params


def agent_names(values, default: tuple[str, ...] = ("random",), people: bool = False) -> tuple[str, ...]:
    """Agent specs per seat (`greedy`, `mcts:playouts=200`, `human` where `people` may play),
    each checked before any game starts. The person running the tool typed them, so they may
    name a bot's code (`bots/mine.py:Mine`): they come back as `TrustedSpec`s, the only specs
    that may (interpreter/lookahead/agents.py)."""
    specs = tuple(TrustedSpec(value) for value in values)
    for spec in specs:
        if people and spec == HUMAN:
            continue
        try:
            parse_agent(spec)
        except AgentSpecError as error:
            raise click.BadParameter(str(error), param_hint="--agent") from None
    return specs or default


PLAYERS_HELP = "Seats in play  [default: 4, or the nearest number the rules allow]"


def default_players(*rulesets) -> int:
    """Four seats, or the nearest number every one of `rulesets` allows (a two-player game gets two)."""
    low = max(rules.min_players for rules in rulesets)
    high = min(rules.max_players for rules in rulesets)
    return max(low, min(4, high))


def seated(sides, players: int | None, allow, budget) -> tuple[list, int]:
    """Each side, (ruleset, fragments, params), loaded, and the seats every one of them plays
    (`players`, or the `default_players`), checked against each; located errors exit here."""
    from ..interpreter.running.rules import load_rules

    try:
        loaded = [load_rules(*side, allow, budget) for side in sides]
        players = players or default_players(*loaded)
        for rules in loaded:
            rules.check_players(players)
    except RulesError as error:
        fail(error)
    return loaded, players


def fail(error: RulesError, as_json: bool = False, status: int = exit_codes.INVALID):
    """Show located errors and exit: `INVALID` for rules that do not load, `PLAY_ERROR` for a game
    gone wrong; one of many games (`GameFailed`) is named with the command that plays it alone."""
    if as_json:
        click.echo(json.dumps({"valid": False, "errors": [d.to_json() for d in error.diagnostics]}, indent=2))
    else:
        click.echo(printable(error.render()), err=True)
        if isinstance(error, GameFailed):
            click.echo(printable("replay: " + replay_of(error)), err=True)
    sys.exit(status)


def replay_of(error: GameFailed) -> str:
    """The `rulesrun RULES --seed N ...` command that plays the failed game alone, as it was played."""
    plan = error.plan
    return replay_command(plan.ruleset, plan.fragments, [f"{name}={value}" for name, value in plan.params.items()],
                          plan.players, error.seed, [plan.agent_for(p) for p in range(plan.players)], plan.allow,
                          plan.budget)


def allow_path(function):
    """`--allow-path DIR`: a folder rules may be read from beyond the project's (dsl/files.py):
    what they include, and what a log or a snapshot set names."""
    return click.option("--allow-path", "allow", multiple=True, metavar="DIR", type=click.Path(file_okay=False),
                        help="A folder the rules may be read from (what they include; what a log or snapshot "
                             "set names), beyond their own and the shipped rulesets (repeatable).")(function)


class Share(click.FloatRange):
    """A number strictly between 0 and 1 (a significance level): click's range lets `nan` by,
    since every comparison with it is false."""

    name = "share"

    def __init__(self):
        super().__init__(0, 1, min_open=True, max_open=True)

    def convert(self, value, param, ctx):
        number = super().convert(value, param, ctx)
        if number != number:
            self.fail(f"{value} is no number: give one between 0 and 1, such as 0.05", param, ctx)
        return number


def _budget(ctx, param, values):
    try:
        return Budget.parse(values)
    except ValueError as error:
        raise click.BadParameter(str(error), ctx=ctx, param=param) from None


def budget_option(function):
    """`--budget NAME=N`: raise one of the limits of each game (interpreter/running/budget.py)."""
    return click.option("--budget", multiple=True, metavar="NAME=N", callback=_budget,
                        help="Raise a limit of each game: steps (loop passes and calls), pieces, size (of a list or "
                             "text), digits (of a number); repeatable.")(function)


def metrics_option(function):
    """`--metrics`: keep each game's course and report the game metrics (docs/metrics.md)."""
    return click.option("--metrics", is_flag=True,
                        help="Also measure the game metrics (docs/metrics.md): first-seat advantage, lead changes, "
                             "the leader after each round, drama, decisiveness, branching, luck share; each --out "
                             "record gets `metrics`.")(function)


def common(function, required: bool = True):
    """RULES, `--with`, `--set` and `--allow-path`: what names the rules of a command."""
    function = allow_path(function)
    function = click.option("--set", "settings", multiple=True, metavar="NAME=VALUE",
                            help="Set a declared parameter (repeatable); `check --params` lists them.")(function)
    function = click.option("--with", "fragments", multiple=True, metavar="FRAGMENT", type=click.Path(),
                            help="Compose a variant or board fragment onto the ruleset (repeatable, in order).")(function)
    metavar = "RULES" if required else "[RULES]"
    return click.argument("rules", metavar=metavar, type=click.Path(), required=required)(function)


def common_resumable(function):
    """`common`, with RULES left out where a log names them (`play --resume LOG`)."""
    return common(function, required=False)


def simulation_options(function):
    """The options `simulate`, `compare` and `sweep` share: who plays how many games on which seeds."""
    for option in reversed([
        click.option("--players", type=click.IntRange(1, MAX_PLAYERS), default=None, help=PLAYERS_HELP),
        click.option("--games", type=click.IntRange(1), default=1000, show_default=True),
        click.option("--seed", type=int, default=0, show_default=True, help="Game i is played with seed SEED + i."),
        click.option("--agent", "agents", multiple=True, metavar="NAME", help="Agent per seat, in seat order (last repeats)."),
        click.option("--jobs", type=click.IntRange(1, 64), default=min(os.cpu_count() or 1, 64), show_default="this machine's cores",
                     help="Worker processes (results do not depend on it)."),
    ]):
        function = option(function)
    return function
