"""The `rulesrun` command: play, check, simulate, compare, list and replay rulesets.

    rulesrun rulesets/classic.rules --players 4 --seed 7      play one game with bots
    rulesrun check rulesets/classic.rules --with rulesets/variants/bandit.rules
    rulesrun simulate rulesets/classic.rules --players 4 --games 1000 --out games.jsonl
    rulesrun compare rulesets/classic.rules rulesets/classic.rules --set-b rounds=3
    rulesrun sweep rulesets/classic.rules --grid rounds=2,3 --games 1000 --out sweep.jsonl

Every mistake in rules text ends as located messages on stderr and exit status 2; the exit
statuses of every command are in cli/exit_codes.py.
"""

from __future__ import annotations

import difflib
import json
import os
import random
import shlex
import sys
from pathlib import Path

import click
from click.shell_completion import CompletionItem

from ..dsl import ast
from ..dsl.check import check as check_program
from ..dsl.compose import compose, set_params
from ..dsl.errors import RulesError
from ..interpreter.lookahead.agents import AgentSpecError, BotError, make_agent
from ..interpreter.studies.log import NotALog, Setup, changed_sources, log_records, read_log, replay
from ..interpreter.running.rules import load_rules
from ..interpreter.studies import compare as comparison
from ..interpreter.studies import report
from ..interpreter.studies import simulate as simulation
from . import colours, exit_codes, plot, report_view
from . import snapshot as snapshots
from .options import PLAYERS_HELP as _PLAYERS_HELP, agent_names as _agent_names, common as _common
from .options import default_players as _default_players, fail as _fail, settings as _settings
from .options import simulation_options as _simulation_options
from .options import allow_path as _allow_path, budget_option as _budget_option
from .table import InputEnded, Stopped, Table
from ..interpreter.running.driven import PlayError
from .jsonlines import JsonLines
from .terminal import printable
from .transcript import standing, transcript
from . import stepper
from .fmt import fmt
from .lsp import lsp
from .serve import serve
from .sweep import sweep


def _echo(text: str = "", err: bool = False, nl: bool = True) -> None:
    """Print a line whose game text (titles, `say` texts, labels) cannot drive the terminal (cli/terminal.py)."""
    click.echo(printable(str(text)), err=err, nl=nl)


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


class _InvalidInput(click.ClickException):
    """An input file the command cannot use (a log that is not a log): exit status 2, like invalid rules."""

    exit_code = exit_codes.INVALID


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


@main.command()
@_common
@click.option("--players", type=click.IntRange(1, 99), default=None, help=_PLAYERS_HELP)
@click.option("--seed", type=int, default=None, help="Seed of the game (random if omitted; printed for replay).")
@click.option("--agent", "agents", multiple=True, metavar="NAME",
              help="Who plays each seat, in seat order (last repeats): human (you, at the terminal), random, "
                   "greedy (default), mcts[:playouts=N,seconds=S,c=C], or a bot of your own: PATH.py:Class or module:Class.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False, writable=True), help="Write the game log (JSON lines).")
@_budget_option
def play(rules, fragments, settings, allow, players, seed, agents, log_path, budget):
    """Play one game and print its transcript and final standing; with `--agent human`, take a seat."""
    _agent_names(tuple(a for a in agents if a != HUMAN))
    agents = agents or ("greedy",)
    params = _settings(settings)
    if seed is None:
        seed = random.SystemRandom().randrange(10**6)
    try:
        compiled = load_rules(rules, fragments, params, allow, budget)
        players = players or _default_players(compiled)
        compiled.check_players(players)
    except RulesError as error:
        _fail(error)
    seats = [agents[min(p, len(agents) - 1)] for p in range(players)]
    try:
        bots = [None if spec == HUMAN else make_agent(spec, seed, p) for p, spec in enumerate(seats)]
    except AgentSpecError as error:
        raise click.BadParameter(str(error), param_hint="--agent") from None
    out = _output(log_path, "--log")
    _echo(f"{compiled.program.title}: {players} players, seed {seed}")
    _echo("replay: " + _replay_command(rules, fragments, settings, players, seed, seats))
    _echo()
    write = _writer()
    try:
        game = compiled.start(players, seed, lookahead=any(getattr(bot, "looks_ahead", False) for bot in bots))
        Table(game, bots, _read_line, write, _progress if _on_terminal() else None).run()
    except PlayError as error:
        _discard(out)
        write(transcript(error.log))
        _echo(error.render(), err=True)
        sys.exit(exit_codes.PLAY_ERROR)
    except (BotError, InputEnded) as error:
        _discard(out)
        _echo(str(error), err=True)
        sys.exit(exit_codes.PLAY_ERROR)
    except (Stopped, KeyboardInterrupt):
        _discard(out)
        _echo("stopped at the table", err=True)
        return
    _echo()
    write(standing(game, seats, compiled.lowest_wins, compiled.score_names))
    if out is not None:
        setup = Setup(rules, tuple(fragments), params, players, seed, tuple(seats))
        _written(out, log_records(log_path, setup, game.log, [source.path for source in compiled.program.sources]))


def _output(path, option: str) -> JsonLines | None:
    """The `--out`/`--log` file, opened before the first game: one that cannot be written is a usage error now."""
    if path is None:
        return None
    try:
        return JsonLines(path)
    except OSError as error:
        raise click.BadParameter(f"cannot write `{path}`: {error.strerror}", param_hint=option) from None


def _written(out: JsonLines, records) -> None:
    """Write `records` and put the file in place; a disk that fills leaves the old file whole."""
    try:
        for record in records:
            out.write(record)
        out.close()
    except OSError as error:
        out.discard()
        raise _InvalidInput(f"cannot write `{out.path}`: {error.strerror}; the file is as it was") from None


def _discard(out: JsonLines | None) -> None:
    if out is not None:
        out.discard()


HUMAN = "human"


def _replay_command(rules: str, fragments, settings, players: int, seed: int, seats: list[str]) -> str:
    """The command that plays this very game again: every option that shapes it."""
    words = ["rulesrun", shlex.quote(rules)]
    words += [f"--with {shlex.quote(f)}" for f in fragments]
    words += [f"--set {shlex.quote(s)}" for s in settings]
    words += [f"--players {players}", f"--seed {seed}"]
    agents = list(seats)
    while len(agents) > 1 and agents[-1] == agents[-2]:
        agents.pop()
    words += [f"--agent {shlex.quote(a)}" for a in agents]
    return " ".join(words)


def _read_line() -> str | None:
    """The next line typed or piped in, None at the end of the input."""
    line = sys.stdin.readline()
    return line if line else None


def _writer():
    """How a command shows a game's text: with each seat's colour and bold headings on a
    terminal (cli/colours.py), plain in a pipe or with NO_COLOR set."""
    if not colours.wanted(_stdout_on_terminal(), os.environ):
        return _echo
    return lambda text="": click.echo(colours.paint(printable(str(text))), color=True)


def _stdout_on_terminal() -> bool:
    return sys.stdout.isatty()


def _on_terminal() -> bool:
    """Whether stderr is a terminal: passing lines are for eyes, never for a pipe or a file."""
    return sys.stderr.isatty()


def _progress(text: str | None) -> None:
    """A passing line on the terminal while a bot thinks (erased when it is done)."""
    click.echo("\r" + printable(text or "").ljust(70)[:70] + ("" if text else "\r"), err=True, nl=False)


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
        load_rules(rules, fragments, _settings(settings), allow)
    except RulesError as error:
        _fail(error, as_json)
    if as_json:
        _echo(json.dumps({"valid": True, "title": program.title, "params": _params(program),
                               "sources": [s.path for s in program.sources]}, indent=2))
        return
    _echo(f"{program.title}: ok ({len(program.sources)} files)")
    if verbose:
        _echo(_composition(program))
    if show_params:
        for param in _params(program):
            _echo(f"  {param['name']} = {param['default']}    {param['doc']}")


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


@main.command()
@click.argument("paths", nargs=-1, metavar="[RULES | FOLDERS]")
@click.option("--with", "fragments", multiple=True, metavar="FRAGMENT", help="Compose a fragment onto the ruleset (repeatable).")
@click.option("--set", "settings", multiple=True, metavar="NAME=VALUE", help="Set a declared parameter (repeatable).")
@click.option("--seeds", default="1..5", show_default=True, help="Seeds of the games: 1..5 or 1,4,9.")
@click.option("--agent", "agents", multiple=True, metavar="NAME", help="Agent per seat, in seat order (last repeats).")
@click.option("--players", type=click.IntRange(1, 99), default=None, help=_PLAYERS_HELP)
@click.option("--name", default=None, help="The snapshot folder's name (default: the rules' and fragments' names).")
@click.option("--check", "checking", is_flag=True, help="Play every snapshot set under FOLDERS (default .) again; exit 1 with a diff if a game changed.")
@click.option("--update", "updating", is_flag=True, help="Play every snapshot set under FOLDERS again and keep what they play now.")
def snapshot(paths, fragments, settings, seeds, agents, players, name, checking, updating):
    """Snapshot tests of rule edits: seeded games kept as transcripts beside the rules.

    `rulesrun snapshot RULES --seeds 1..3` writes snapshots/NAME/ next to RULES;
    `rulesrun snapshot --check` exits 1 with a unified diff when an edit changed a game;
    `rulesrun snapshot --update` accepts the changes.
    """
    try:
        if checking or updating:
            sets = snapshots.find_sets(paths or ["."])
            if not sets:
                raise click.UsageError(f"no snapshot sets ({snapshots.MANIFEST}) under {', '.join(paths or ['.'])}")
            differing = 0
            for kept in sets:
                if updating:
                    changed = kept.update()
                    _echo(f"{kept.folder}: {'updated ' + ', '.join(changed) if changed else 'unchanged'}")
                    continue
                diffs = kept.differences()
                differing += bool(diffs)
                _echo(f"{kept.folder}: {'CHANGED' if diffs else 'ok'}")
                for diff in diffs:
                    _echo(diff)
            if differing:
                _echo(f"{differing} of {len(sets)} snapshot sets changed: `rulesrun snapshot --update` accepts them", err=True)
                sys.exit(exit_codes.DIFFERENCE)
            return
        if len(paths) != 1:
            raise click.UsageError("give one RULES file to snapshot (or --check / --update)")
        _agent_names(agents)
        made = snapshots.new_set(paths[0], fragments, settings, players, agents, snapshots.seeds_of(seeds), name)
        made.write()
        changed = made.update()
        _echo(f"{made.folder}: {len(made.seeds)} games, wrote {', '.join(changed) if changed else 'nothing new'}")
    except RulesError as error:
        _fail(error)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--seeds") from None


@main.command(name="list")
@_common
def list_(rules, fragments, settings, allow):
    """Which files a composed ruleset consists of, and what each declares, overrides and adds."""
    try:
        program = compose(rules, fragments, allow)
    except RulesError as error:
        _fail(error)
    _echo(_composition(program))


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
              help="Draw win shares, score distributions, game length and each rule's mean pay (.html needs nothing, .png matplotlib).")
@click.option("--all", "show_all", is_flag=True, help="Also list the rules that fired but paid, moved and asked nothing.")
@_budget_option
def simulate(rules, fragments, settings, allow, players, games, seed, agents, jobs, out_path, as_json, plot_path, show_all,
             budget):
    """Play many games with bots and report balance, score spread, length and rule values."""
    params = _settings(settings)
    agents = _agent_names(agents)
    try:
        compiled = load_rules(rules, fragments, params, allow, budget)
        players = players or _default_players(compiled)
        compiled.check_players(players)
    except RulesError as error:
        _fail(error)
    plan = simulation.Plan(rules, tuple(fragments), params, players, agents, seed, games, tuple(allow), budget)
    workshop = simulation.Workshop()
    workshop.prepare(plan, compiled)
    out = _output(out_path, "--out")
    tally = report.Tally()
    try:
        _with_progress(plan.games, lambda progress: simulation.play_into(plan, tally, out and out.write, jobs, progress,
                                                                                   workshop))
    except RulesError as error:
        _discard(out)
        _fail(error, status=exit_codes.PLAY_ERROR)
    except OSError as error:
        _discard(out)
        raise _InvalidInput(f"cannot write `{out_path}`: {error.strerror}; the file is as it was") from None
    except KeyboardInterrupt:
        if out is not None:
            out.close()
        _echo(f"interrupted after {tally.games} games, {out.written if out else 0} written", err=True)
        sys.exit(exit_codes.INTERRUPTED)
    if out is not None:
        _written(out, [])
    result = tally.report(sites=compiled.rule_sites)
    if plot_path:
        try:
            plot.write(plot_path, tally, result, compiled.program.title)
        except plot.PlotError as error:
            raise _InvalidInput(str(error)) from None
    if as_json:
        _echo(json.dumps(result.to_json(), indent=2))
    else:
        _echo(report_view.report_text(result, compiled.program.title, show_all))


@main.command(name="compare")
@click.argument("rules_a", metavar="A", type=click.Path())
@click.argument("rules_b", metavar="B", type=click.Path())
@click.option("--with", "fragments", multiple=True, metavar="FRAGMENT", type=click.Path(), help="Compose a fragment onto A and B (repeatable).")
@click.option("--set", "settings", multiple=True, metavar="NAME=VALUE", help="Set a parameter in A and B (repeatable).")
@click.option("--with-b", "fragments_b", multiple=True, metavar="FRAGMENT", type=click.Path(), help="Compose a fragment onto B only, after --with.")
@click.option("--set-b", "settings_b", multiple=True, metavar="NAME=VALUE", help="Set a parameter in B only, over --set.")
@_allow_path
@_simulation_options
@click.option("--level", type=click.FloatRange(0, 1, min_open=True, max_open=True), default=comparison.DEFAULT_LEVEL,
              show_default=True, help="Significance level of each test.")
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as JSON.")
@_budget_option
def compare(rules_a, rules_b, fragments, settings, fragments_b, settings_b, allow, players, games, seed, agents, jobs,
            level, as_json, budget):
    """Play A and B on the same seeds and show which statistics changed significantly.

    A one-parameter change: rulesrun compare R.rules R.rules --set-b NAME=VALUE
    """
    agents = _agent_names(agents)
    params = _settings(settings)
    params_b = {**params, **_settings(settings_b, "--set-b")}
    sides = [(rules_a, tuple(fragments), params), (rules_b, tuple(fragments) + tuple(fragments_b), params_b)]
    try:
        both = [load_rules(*side, allow, budget) for side in sides]
        players = players or _default_players(*both)
        for compiled in both:
            compiled.check_players(players)
    except RulesError as error:
        _fail(error)
    titles = [compiled.program.title for compiled in both]
    plans = [simulation.Plan(*side, players, agents, seed, games, tuple(allow), budget) for side in sides]
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
    result = comparing.comparison(level)
    setups = [{"title": title, "rules": plan.ruleset, "fragments": list(plan.fragments), "params": plan.params}
              for title, plan in zip(titles, plans)]
    if as_json:
        _echo(json.dumps({"a": setups[0], "b": setups[1], "seed": seed, "agents": list(agents),
                               **result.to_json()}, indent=2))
        return
    heading = "\n".join(f"{side}: {setup['title']} = {_setup_line(plan)}"
                        for side, setup, plan in zip("AB", setups, plans))
    _echo(report_view.comparison_text(result, heading))


def _setup_line(plan) -> str:
    words = [plan.ruleset] + [f"--with {f}" for f in plan.fragments] + [f"--set {k}={v}" for k, v in plan.params.items()]
    return " ".join(words)


def _with_progress(total: int, play) -> None:
    """Run `play(progress)`; on a terminal with a progress bar over `total` games, which
    `play` advances by calling `progress(games)` (None elsewhere)."""
    if not sys.stderr.isatty():
        play(None)
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("playing", total=total)
        play(lambda n: progress.advance(task, n))


@main.command(name="replay")
@click.argument("log_path", metavar="LOG", type=click.Path(exists=True, dir_okay=False))
@click.option("--show", is_flag=True, help="Print the game's transcript and final standing, as the game printed them.")
@click.option("--step", is_flag=True, help="Walk the game decision by decision, reading commands from stdin "
                                            "(enter/n next, b back, t N turn N, q quit).")
@_allow_path
@_budget_option
def replay_(log_path, show, step, allow, budget):
    """Replay a game log and check that it reproduces the same game, event for event; `--show`
    prints it, `--step` walks it. A log names its files relative to itself: it replays from any directory."""
    setup, events, rules, replayed = _replayed_log(log_path, allow, budget)
    first_difference = replayed.first_difference
    if first_difference is None:
        if show or step:
            _show(rules, setup, events, replayed.game, step)
        else:
            _echo(f"replayed {len(events)} events: identical")
        return
    if replayed.another_game:
        _echo(f"the log is of another ruleset or changed source: it was written by `{events[0].get('title')}` "
                   f"from {events[0].get('sources')}, these rules are `{replayed.events[0].get('title')}` "
                   f"from {replayed.events[0].get('sources')}", err=True)
        sys.exit(exit_codes.INVALID)
    old = events[first_difference] if first_difference < len(events) else "(end of log)"
    got = replayed.events[first_difference] if first_difference < len(replayed.events) else "(end of game)"
    _echo(f"replay differs at event {first_difference}:\n  logged:   {old}\n  replayed: {got}", err=True)
    if replayed.stopped:
        _echo(f"  the replay stopped: {replayed.stopped}", err=True)
    sys.exit(exit_codes.DIFFERENCE)


def _replayed_log(log_path, allow, budget):
    """(setup, events, rules, replayed) of a game log, or an exit: a file that is no log, a
    changed source or rules that do not load exit 2, an error while replaying 3. Shared by
    `replay` and `serve LOG`, which then say differently how the game differs."""
    try:
        setup, events = read_log(log_path)
    except NotALog as error:
        raise _InvalidInput(f"not a log: {error}; hint: pass a file written by `rulesrun RULES --log FILE`") from None
    _same_sources(setup)
    try:
        rules = load_rules(setup.ruleset, setup.fragments, setup.params, allow, budget)
        rules.check_players(setup.players)
    except RulesError as error:
        _echo(f"the log's rules do not load: another ruleset or changed source ({setup.ruleset})", err=True)
        _fail(error)
    try:
        replayed = replay(setup, events, allow, budget)
    except RulesError as error:
        _fail(error, status=exit_codes.PLAY_ERROR)
    return setup, events, rules, replayed


def _same_sources(setup) -> None:
    """Exit 2 naming each source of a logged game that changed since (by its recorded sha256)."""
    changed = changed_sources(setup)
    if changed:
        raise _InvalidInput(f"changed source: {', '.join(changed)} (relative to the log) differs from the file the "
                            "game was played with; hint: the log replays only with the sources it recorded")


def _show(rules, setup, events, game, step: bool) -> None:
    """What `play` printed for the logged game (verified by its replay), whole or step by step."""
    seats = list(setup.agents)
    write = _writer()
    _echo(f"{rules.program.title}: {setup.players} players, seed {setup.seed}")
    settings = [f"{name}={value}" for name, value in setup.params.items()]
    _echo("replay: " + _replay_command(setup.ruleset, setup.fragments, settings, setup.players, setup.seed, seats))
    _echo()
    ending = "\n" + standing(game, seats, rules.lowest_wins, rules.score_names)
    if step:
        stepper.walk(events, _read_line, write, ending)
        return
    write(transcript(events))
    write(ending)
