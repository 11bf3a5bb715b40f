"""The `rulesrun` command: play, check, simulate, compare, list and replay rulesets.

    rulesrun rulesets/classic.rules --players 4 --seed 7      play one game with bots
    rulesrun check rulesets/classic.rules --with rulesets/variants/bandit.rules
    rulesrun simulate rulesets/classic.rules --players 4 --games 1000 --out games.jsonl
    rulesrun compare rulesets/classic.rules rulesets/classic.rules --set-b rounds=3
    rulesrun sweep rulesets/classic.rules --grid rounds=2,3 --games 1000 --out sweep.jsonl
    rulesrun tune rulesets/classic.rules --param rounds --range 1..8 --target turns=40
    rulesrun ladder rulesets/classic.rules --games 40

Every mistake in rules text ends as located messages on stderr and exit status 2; the exit
statuses of every command are in cli/exit_codes.py.
"""

from __future__ import annotations

import difflib
import json
import random
import signal
import sys
from pathlib import Path

import attrs
import click
from click.shell_completion import CompletionItem

from ..dsl import ast
from ..dsl.check import check as check_program
from ..dsl.compose import compose, set_params
from ..dsl.errors import RulesError
from ..dsl.limits import MAX_PLAYERS
from ..interpreter.lookahead.own_bot import BotError
from ..interpreter.studies.log import Setup
from ..interpreter.running.rules import load_rules
from ..interpreter.studies import compare as comparison
from ..interpreter.studies import report
from ..interpreter.studies import simulate as simulation
from . import exit_codes, plot, report_view
from .options import PLAYERS_HELP as _PLAYERS_HELP, agent_names as _agent_names, common as _common
from .options import common_resumable as _common_resumable
from .options import fail as _fail, seated as _seated, settings as _settings
from .options import Share as _Share, simulation_options as _simulation_options
from .options import allow_path as _allow_path, budget_option as _budget_option, metrics_option as _metrics_option
from .jsonlines import NotFinite
from .output import InvalidInput, NotWritten, discard, echo, opened, replay_command, written
from .progress import with_progress as _with_progress
from .replay import replay_log
from .resume import resumed
from .sitting import Sitting, sit
from .snapshot import snapshot
from .fmt import fmt
from .lsp import lsp
from .serve import serve
from .sweep import sweep
from .tune import tune
from .ladder import ladder


class _PlayByDefault(click.Group):
    """`rulesrun RULES ...` means `rulesrun play RULES ...`, when RULES is a rules file.

    Any other unknown first word is a mistyped command: `rulesrun simulat` says
    "No such command 'simulat'. Did you mean 'simulate'?" instead of playing a file `simulat`.
    """

    def parse_args(self, ctx, args):
        if args and args[0] not in self.commands and _names_a_rules_file(args[0]):
            args = ["play"] + list(args)
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx, args):
        name = args[0]
        if self.get_command(ctx, name) is None and not name.startswith("-") and not ctx.resilient_parsing:
            close = difflib.get_close_matches(name, self.list_commands(ctx), n=3)
            hint = " Did you mean " + " or ".join(repr(c) for c in close) + "?" if close else ""
            ctx.fail(f"No such command {name!r}.{hint}")
        return super().resolve_command(ctx, args)

    def shell_complete(self, ctx, incomplete):
        """Complete a command name, or else a file name (the RULES of `rulesrun RULES`)."""
        return [CompletionItem(incomplete, type="file")] + super().shell_complete(ctx, incomplete)


def _names_a_rules_file(word: str) -> bool:
    return not word.startswith("-") and (word.endswith(".rules") or Path(word).is_file())


@click.group(cls=_PlayByDefault, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="rulesrun", prog_name="rulesrun")
def main():
    """Play, check and simulate dice games written as .rules files.

    `rulesrun RULES` plays one game with bots and prints its transcript.

    Exit status: 0 ok, 1 a difference found (a replay differs, fmt --check), 2 usage or invalid rules,
    3 an error while playing.
    """


main.add_command(fmt)
main.add_command(lsp)
main.add_command(serve)
main.add_command(sweep)
main.add_command(tune)
main.add_command(ladder)
main.add_command(snapshot)
main.add_command(replay_log)


@main.command()
@_common_resumable
@click.option("--players", type=click.IntRange(1, MAX_PLAYERS), default=None, help=_PLAYERS_HELP)
@click.option("--seed", type=int, default=None, help="Seed of the game (random if omitted; printed for replay).")
@click.option("--agent", "agents", multiple=True, metavar="NAME",
              help="Who plays each seat, in seat order (last repeats): human (you, at the terminal), random, "
                   "greedy (default), mcts[:playouts=N,seconds=S,c=C], or a bot of your own: PATH.py:Class or module:Class.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False, writable=True),
              help="Write the game log (JSON lines), also of a game stopped before its end.")
@click.option("--resume", "resume_path", metavar="LOG", type=click.Path(exists=True, dir_okay=False),
              help="Go on with the game of LOG, stopped at the table, from its last decision (instead of RULES); "
                   "its seats are the log's unless --agent says otherwise; the game goes on in LOG unless --log.")
@click.option("--verbose", "-v", is_flag=True,
              help="At the table, list every option a bot had, not only the one it took.")
@_budget_option
def play(rules, fragments, settings, allow, players, seed, agents, log_path, resume_path, budget, verbose):
    """Play one game and print its transcript and final standing; with `--agent human`, take a seat.

    A game stopped at the table (q, the end of the input, Ctrl-C) keeps its log; `--resume LOG` goes on with it.
    """
    if resume_path is not None:
        if rules or fragments or settings or players or seed is not None:
            raise click.UsageError("a log fixes its game: RULES, --with, --set, --players and --seed are for a "
                                   "new game, not with --resume")
        sitting = attrs.evolve(resumed(resume_path, agents, log_path, allow, budget), verbose=verbose)
        sit(sitting, f"{sitting.rules.program.title}: {sitting.setup.players} players, seed {sitting.setup.seed}\n"
                     f"going on with the game of {resume_path}, {len(sitting.answers)} answers given")
        return
    if rules is None:
        raise click.UsageError("Missing argument 'RULES' (or --resume LOG).")
    agents = _agent_names(agents, ("greedy",), people=True)
    params = _settings(settings)
    if seed is None:
        seed = random.SystemRandom().randrange(10**6)
    (compiled,), players = _seated([(rules, fragments, params)], players, allow, budget)
    seats = tuple(agents[min(p, len(agents) - 1)] for p in range(players))
    setup = Setup(rules, tuple(fragments), params, players, seed, seats)
    heading = (f"{compiled.program.title}: {players} players, seed {seed}\n"
               "replay: " + replay_command(rules, fragments, settings, players, seed, seats, allow, budget))
    sit(Sitting(compiled, setup, log_path=log_path, allow=tuple(allow), budget=budget, verbose=verbose), heading)


@main.command()
@_common
@click.option("--params", "show_params", is_flag=True, help="List the ruleset's parameters with defaults and docs.")
@click.option("--verbose", "-v", is_flag=True, help="Also list the files composed and what each overrides.")
@click.option("--json", "as_json", is_flag=True, help="Report as JSON.")
def check(rules, fragments, settings, allow, show_params, verbose, as_json):
    """Check rules: exit 0 when valid, 2 with located errors when not."""
    try:
        program = compose(rules, fragments, allow)
        program = set_params(program, _settings(settings))
        check_program(program)
        if not program.is_library:
            load_rules(rules, fragments, _settings(settings), allow)
    except RulesError as error:
        _fail(error, as_json)
    if as_json:
        echo(json.dumps({"valid": True, "title": program.title, "params": _params(program),
                               "sources": [s.path for s in program.sources], "library": program.is_library}, indent=2))
        return
    if program.is_library:
        procs = len(program.of_kind(ast.Proc))
        echo(f"{program.title}: ok (a library of {procs} procedure{'s' * (procs != 1)}, for rulesets to include)")
    else:
        files = len(program.sources)
        echo(f"{program.title}: ok ({files} file{'s' * (files != 1)})")
    if verbose:
        echo(_composition(program))
    if show_params:
        for param in _params(program):
            echo(f"  {param['name']} = {param['default']}    {param['doc']}")


def _params(program) -> list[dict]:
    out = []
    for decl in program.parts.values():
        if isinstance(decl, ast.Param):
            default = decl.default.value if isinstance(decl.default, ast.Literal) else "(computed)"
            out.append({"name": decl.name, "default": default, "doc": decl.doc or "",
                        "file": decl.span.file if decl.span else ""})
    return out


def _composition(program) -> str:
    lines = []
    for source in program.sources:
        title = f" ({source.title})" if source.title else ""
        lines.append(f"{source.role:9} {source.path}{title}")
        if source.declares:
            lines.append(f"          declares:  {', '.join(source.declares)}")
        if source.overrides:
            lines.append(f"          overrides: {', '.join(source.overrides)}")
        if source.adds:
            lines.append(f"          adds:      {', '.join(source.adds)}")
    return "\n".join(lines)


@main.command(name="list")
@_common
def list_(rules, fragments, settings, allow):
    """Which files a composed ruleset consists of, and what each declares, overrides and adds."""
    try:
        program = compose(rules, fragments, allow)
    except RulesError as error:
        _fail(error)
    echo(_composition(program))


def _plot_target(ctx, param, value):
    if value is not None:
        try:
            plot.check_target(value)
        except plot.PlotError as error:
            raise click.BadParameter(str(error), ctx=ctx, param=param) from None
    return value


@main.command()
@_common
@_simulation_options
@click.option("--out", "out_path", type=click.Path(dir_okay=False, writable=True), help="One JSON object per game and line.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON (fields in README.md).")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False), callback=_plot_target, metavar="PATH.html|PATH.png",
              help="Draw win shares, score distributions, game length, the game metrics (with --metrics) and each rule's "
                   "mean pay (.html needs nothing, .png matplotlib).")
@click.option("--all", "show_all", is_flag=True, help="Also list the rules that fired but paid, moved and asked nothing.")
@_metrics_option
@_budget_option
def simulate(rules, fragments, settings, allow, players, games, seed, agents, jobs, out_path, as_json, plot_path, show_all,
             metrics, budget):
    """Play many games with bots and report balance, score spread, length and rule values
    (with --metrics also lead changes, drama, decisiveness, branching and luck)."""
    params = _settings(settings)
    agents = _agent_names(agents)
    (compiled,), players = _seated([(rules, fragments, params)], players, allow, budget)
    plan = simulation.Plan(rules, tuple(fragments), params, players, agents, seed, games, tuple(allow), budget, metrics)
    workshop = simulation.Workshop()
    workshop.prepare(plan, compiled)
    out = opened(out_path, "--out")
    tally = report.Tally()
    try:
        _with_progress(plan.games, lambda progress: simulation.play_into(plan, tally, out and out.write, jobs, progress,
                                                                                   workshop))
    except RulesError as error:
        discard(out)
        _fail(error, status=exit_codes.PLAY_ERROR)
    except BotError as error:
        discard(out)
        echo(str(error), err=True)
        sys.exit(exit_codes.PLAY_ERROR)
    except OSError as error:
        discard(out)
        raise InvalidInput(f"cannot write `{out_path}`: {error.strerror}; the file is as it was") from None
    except NotFinite as error:
        discard(out)
        raise NotWritten(f"cannot write `{out_path}`: {error}; the file is as it was") from None
    except KeyboardInterrupt as stop:
        if out is not None:
            out.close()
        terminated = getattr(stop, "signal", None) == signal.SIGTERM
        echo(f"{'terminated' if terminated else 'interrupted'} after {tally.games} games, "
             f"{out.written if out else 0} written{'; the report of those games:' if tally.games else ''}", err=True)
        if tally.games:
            _report(tally, compiled, plot_path, as_json, show_all)
        sys.exit(exit_codes.TERMINATED if terminated else exit_codes.INTERRUPTED)
    if out is not None:
        written(out, [])
    _report(tally, compiled, plot_path, as_json, show_all)


def _report(tally, compiled, plot_path, as_json: bool, show_all: bool) -> None:
    """What `simulate` shows of the games in `tally`: the report, and its plot if asked."""
    result = tally.report(sites=compiled.rule_sites)
    if plot_path:
        try:
            plot.write(plot_path, tally, result, compiled.program.title)
        except plot.PlotError as error:
            raise InvalidInput(str(error)) from None
    if as_json:
        echo(json.dumps(result.to_json(), indent=2))
    else:
        echo(report_view.report_text(result, compiled.program.title, show_all))


@main.command(name="compare")
@click.argument("rules_a", metavar="A", type=click.Path())
@click.argument("rules_b", metavar="B", type=click.Path())
@click.option("--with", "fragments", multiple=True, metavar="FRAGMENT", type=click.Path(), help="Compose a fragment onto A and B (repeatable).")
@click.option("--set", "settings", multiple=True, metavar="NAME=VALUE", help="Set a parameter in A and B (repeatable).")
@click.option("--with-b", "fragments_b", multiple=True, metavar="FRAGMENT", type=click.Path(), help="Compose a fragment onto B only, after --with.")
@click.option("--set-b", "settings_b", multiple=True, metavar="NAME=VALUE", help="Set a parameter in B only, over --set.")
@_allow_path
@_simulation_options
@click.option("--level", type=_Share(), default=comparison.DEFAULT_LEVEL,
              show_default=True, help="Significance level of each test.")
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as JSON.")
@_metrics_option
@_budget_option
def compare(rules_a, rules_b, fragments, settings, fragments_b, settings_b, allow, players, games, seed, agents, jobs,
            level, as_json, metrics, budget):
    """Play A and B on the same seeds and show which statistics changed significantly.

    A one-parameter change: rulesrun compare R.rules R.rules --set-b NAME=VALUE
    """
    agents = _agent_names(agents)
    params = _settings(settings)
    params_b = {**params, **_settings(settings_b, "--set-b")}
    sides = [(rules_a, tuple(fragments), params), (rules_b, tuple(fragments) + tuple(fragments_b), params_b)]
    both, players = _seated(sides, players, allow, budget)
    titles = [compiled.program.title for compiled in both]
    plans = [simulation.Plan(*side, players, agents, seed, games, tuple(allow), budget, metrics) for side in sides]
    workshop = simulation.Workshop()
    for plan, compiled in zip(plans, both):
        workshop.prepare(plan, compiled)
    comparing = comparison.Tally()

    def play(progress) -> None:
        for pair in simulation.run_together(plans, jobs, progress, workshop):
            comparing.add(*pair)

    try:
        _with_progress(2 * games, play)
    except RulesError as error:
        _fail(error, status=exit_codes.PLAY_ERROR)
    except BotError as error:
        echo(str(error), err=True)
        sys.exit(exit_codes.PLAY_ERROR)
    result = comparing.comparison(level)
    setups = [{"title": title, "rules": plan.ruleset, "fragments": list(plan.fragments), "params": plan.params}
              for title, plan in zip(titles, plans)]
    if as_json:
        echo(json.dumps({"a": setups[0], "b": setups[1], "seed": seed, "agents": list(agents),
                               **result.to_json()}, indent=2))
        return
    heading = "\n".join(f"{side}: {setup['title']} = {_setup_line(plan)}"
                        for side, setup, plan in zip("AB", setups, plans))
    echo(report_view.comparison_text(result, heading))


def _setup_line(plan) -> str:
    words = [plan.ruleset] + [f"--with {f}" for f in plan.fragments] + [f"--set {k}={v}" for k, v in plan.params.items()]
    return " ".join(words)
