"""`rulesrun replay LOG`: play a logged game again and say whether it is the same game, event
for event; `--show` prints it as the game printed it, `--step` walks it decision by decision
and can play on from a decision (a new game from there, people and bots seated anew by
`--agent`, else as the log seats them). A game stopped at the table replays as far as it went.

    rulesrun replay game.jsonl            # exit 0 identical, 1 differs, 2 changed source, 3 play error
    rulesrun replay game.jsonl --step     # enter/n next, b back, t N turn N, p play on, q quit
"""

from __future__ import annotations

import sys
from typing import NoReturn

import attrs
import click

from ..dsl.errors import RulesError
from ..interpreter.running.rules import load_rules
from ..interpreter.studies.log import NotALog, OutOfReach, changed_sources, files_in_reach, read_log, replay
from . import exit_codes, options, stepper
from .output import InvalidInput, echo, read_line, replay_command, writer
from .sitting import Sitting, resume_words, seats_of, sit
from .transcript import standing, transcript


@click.command(name="replay")
@click.argument("log_path", metavar="LOG", type=click.Path(exists=True, dir_okay=False))
@click.option("--show", is_flag=True, help="Print the game's transcript and final standing, as the game printed them.")
@click.option("--step", is_flag=True, help="Walk the game decision by decision, reading commands from stdin "
                                            "(enter/n next, b back, t N turn N, p play on from here, q quit).")
@click.option("--agent", "agents", multiple=True, metavar="NAME",
              help="With --step, who plays each seat when you play on from a decision, as for play (last repeats); "
                   "the log's seats if omitted.")
@click.option("--log", "log_out", type=click.Path(dir_okay=False, writable=True),
              help="With --step, write the log of the game played on from a decision.")
@options.allow_path
@options.budget_option
def replay_log(log_path, show, step, agents, log_out, allow, budget):
    """Replay a game log and check that it reproduces the same game, event for event; `--show`
    prints it, `--step` walks it. A log names its files relative to itself: it replays from any directory."""
    if (agents or log_out) and not step:
        raise click.UsageError("--agent and --log are for playing on from a decision: with --step")
    setup, events, rules, replayed = replayed_log(log_path, allow, budget)
    if replayed.first_difference is not None:
        differs(replayed, events)
    going_on = f"go on with `{resume_words(log_path, allow, budget)}`"
    if show or step:
        at = _show(rules, setup, events, replayed.game, step, going_on)
        if at is not None:
            seated = attrs.evolve(setup, agents=seats_of(setup, agents), unfinished=False)
            before = tuple(replayed.game.answers[:at.step])
            sit(Sitting(rules, seated, before, log_out, allow=tuple(allow), budget=budget),
                f"playing on from decision {at.step + 1} of the game of {log_path}")
    elif replayed.game.over:
        echo(f"replayed {len(events)} events: identical")
    else:
        echo(f"replayed {len(events)} events: identical, up to where the game was stopped; {going_on}")


def differs(replayed, events) -> NoReturn:
    """Say how a logged game came out differently and exit: 2 for a log of other rules, else 1."""
    first_difference = replayed.first_difference
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


def _show(rules, setup, events, game, step: bool, going_on: str) -> stepper.PlayOn | None:
    """What `play` printed for the logged game (verified by its replay), whole or step by step
    (PlayOn if asked to play on from a step); a game stopped before its end ends where it
    stopped, with how to go on."""
    seats = list(setup.agents)
    write = writer()
    echo(f"{rules.program.title}: {setup.players} players, seed {setup.seed}")
    settings = [f"{name}={value}" for name, value in setup.params.items()]
    echo("replay: " + replay_command(setup.ruleset, setup.fragments, settings, setup.players, setup.seed, seats))
    echo()
    if game.over:
        ending = "\n" + standing(game, seats, rules.lowest_wins, rules.score_names)
    else:
        ending = (f"\nThe game was stopped here, at {game.names[game.decision.seat]}'s decision "
                  f"({game.decision.prompt}): {going_on}")
    if step:
        return stepper.walk(events, read_line, write, ending, game.over)
    write(transcript(events))
    write(ending)
    return None
