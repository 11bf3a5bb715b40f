"""`rulesrun replay LOG`: play a logged game again and say whether it is the same game, event
for event; `--show` prints it as the game printed it, `--step` walks it decision by decision.

    rulesrun replay game.jsonl            # exit 0 identical, 1 differs, 2 changed source, 3 play error
    rulesrun replay game.jsonl --step     # enter/n next, b back, t N turn N, q quit
"""

from __future__ import annotations

import sys

import click

from ..dsl.errors import RulesError
from ..interpreter.running.rules import load_rules
from ..interpreter.studies.log import NotALog, OutOfReach, changed_sources, files_in_reach, read_log, replay
from . import exit_codes, options, stepper
from .output import InvalidInput, echo, read_line, replay_command, writer
from .transcript import standing, transcript


@click.command(name="replay")
@click.argument("log_path", metavar="LOG", type=click.Path(exists=True, dir_okay=False))
@click.option("--show", is_flag=True, help="Print the game's transcript and final standing, as the game printed them.")
@click.option("--step", is_flag=True, help="Walk the game decision by decision, reading commands from stdin "
                                            "(enter/n next, b back, t N turn N, q quit).")
@options.allow_path
@options.budget_option
def replay_log(log_path, show, step, allow, budget):
    """Replay a game log and check that it reproduces the same game, event for event; `--show`
    prints it, `--step` walks it. A log names its files relative to itself: it replays from any directory."""
    setup, events, rules, replayed = replayed_log(log_path, allow, budget)
    first_difference = replayed.first_difference
    if first_difference is None:
        if show or step:
            _show(rules, setup, events, replayed.game, step)
        else:
            echo(f"replayed {len(events)} events: identical")
        return
    if replayed.another_game:
        echo(f"the log is of another ruleset or changed source: it was written by `{events[0].get('title')}` "
                   f"from {events[0].get('sources')}, these rules are `{replayed.events[0].get('title')}` "
                   f"from {replayed.events[0].get('sources')}", err=True)
        sys.exit(exit_codes.INVALID)
    old = events[first_difference] if first_difference < len(events) else "(end of log)"
    got = replayed.events[first_difference] if first_difference < len(replayed.events) else "(end of game)"
    echo(f"replay differs at event {first_difference}:\n  logged:   {old}\n  replayed: {got}", err=True)
    if replayed.stopped:
        echo(f"  the replay stopped: {replayed.stopped}", err=True)
    sys.exit(exit_codes.DIFFERENCE)


def replayed_log(log_path, allow, budget):
    """(setup, events, rules, replayed) of a game log, or an exit: a file that is no log, a
    changed source or rules that do not load exit 2, an error while replaying 3. Shared by
    `replay` and `serve LOG`, which then say differently how the game differs. The files the
    log names are read only within its reach (interpreter/studies/log.py `log_reach`)."""
    try:
        setup, events = read_log(log_path)
        reach = files_in_reach(setup, allow)
    except NotALog as error:
        raise InvalidInput(f"not a log: {error}; hint: pass a file written by `rulesrun RULES --log FILE`") from None
    except OutOfReach as error:
        raise InvalidInput(f"{error}; hint: a log names the rules it was played with beside it (or in the shipped "
                           "rulesets); `--allow-path DIR` lets it name files in the folder DIR") from None
    _same_sources(setup)
    try:
        rules = load_rules(setup.ruleset, setup.fragments, setup.params, reach, budget)
        rules.check_players(setup.players)
    except RulesError as error:
        echo(f"the log's rules do not load: another ruleset or changed source ({setup.ruleset})", err=True)
        options.fail(error)
    try:
        replayed = replay(setup, events, allow, budget)
    except RulesError as error:
        options.fail(error, status=exit_codes.PLAY_ERROR)
    return setup, events, rules, replayed


def _same_sources(setup) -> None:
    """Exit 2 naming each source of a logged game that changed since (by its recorded sha256)."""
    changed = changed_sources(setup)
    if changed:
        raise InvalidInput(f"changed source: {', '.join(changed)} (relative to the log) differs from the file the "
                            "game was played with; hint: the log replays only with the sources it recorded")


def _show(rules, setup, events, game, step: bool) -> None:
    """What `play` printed for the logged game (verified by its replay), whole or step by step."""
    seats = list(setup.agents)
    write = writer()
    echo(f"{rules.program.title}: {setup.players} players, seed {setup.seed}")
    settings = [f"{name}={value}" for name, value in setup.params.items()]
    echo("replay: " + replay_command(setup.ruleset, setup.fragments, settings, setup.players, setup.seed, seats))
    echo()
    ending = "\n" + standing(game, seats, rules.lowest_wins, rules.score_names)
    if step:
        stepper.walk(events, read_line, write, ending)
        return
    write(transcript(events))
    write(ending)
