"""A game at the terminal's table, from where it starts to its end or its stop: the seats
taken, the table run (cli/table.py), the final standing, and the log kept. Shared by `play`,
`play --resume` and `replay --step`'s play on.

A game that stops before its end (`q`, the end of the input, a line from a pipe that answers
nothing, Ctrl-C) keeps its log up to the decision it waits at, marked unfinished
(interpreter/studies/log.py): in the `--log` file, else in the log it was resumed from, else
in a new file in the current folder; the message names it and the command that goes on:

    stopped at the table
    the game so far (4 answers) is in classic-7.jsonl: go on with `rulesrun play --resume classic-7.jsonl`
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import NoReturn

import attrs
import click

from ..interpreter.lookahead.agents import HUMAN, AgentSpecError, make_agent
from ..interpreter.lookahead.own_bot import BotError
from ..interpreter.running.budget import Budget
from ..interpreter.running.driven import PlayError
from ..interpreter.studies.log import Setup, beyond_reach, log_records
from . import exit_codes
from .options import agent_names
from .output import discard, echo, opened, prompter, read_line, writer, written
from .table import InputEnded, NotAnswered, Stopped, Table
from .terminal import printable
from .transcript import standing, transcript


@attrs.frozen(slots=True)
class Sitting:
    """A game to play at the table: its rules, its setup (`agents`: who sits in each seat,
    `human` for a person), the answers given before the table sits down (a game resumed or
    played on from a step), and where its log goes: `log_path` (`--log`), else `kept_in` (the
    log a resumed game goes on in), else, only if the game stops, a new file."""

    rules: object
    setup: Setup
    answers: tuple = ()
    log_path: str | None = None
    kept_in: str | None = None
    allow: tuple = ()
    budget: Budget = Budget()
    # Whether a bot's decision lists every option it had (`--verbose`), not only the one it took.
    verbose: bool = False

    @property
    def sources(self) -> list[str]:
        return [source.path for source in self.rules.program.sources]


def sit(sitting: Sitting, heading: str) -> None:
    """Play `sitting` at the table: `heading` first, the standing at the end, the log kept; a
    game that stops or goes wrong exits with its status (cli/exit_codes.py): `q` 0, a line
    from a pipe that answers nothing 2, the end of the input or a mistake in the rules 3,
    Ctrl-C 130."""
    setup = sitting.setup
    bots = _bots(setup)
    out = opened(sitting.log_path, "--log") or opened(sitting.kept_in, "--resume")
    echo(heading)
    echo()
    write = writer()
    game = None
    try:
        looks_ahead = any(getattr(bot, "looks_ahead", False) for bot in bots)
        game = sitting.rules.start(setup.players, setup.seed, lookahead=looks_ahead, answers=list(sitting.answers))
        Table(game, bots, read_line, write, _progress if _on_terminal() else None, prompter(),
              piped=not _stdin_on_terminal(), verbose=sitting.verbose).run()
    except PlayError as error:
        discard(out)
        # A mistake met in a bot's look-ahead comes from a game that keeps no log: the
        # transcript is the real game's, up to the decision the bot was weighing.
        log = error.log if error.log is not None else game.log if game is not None else None
        if log:
            write(transcript(log))
        echo(error.render(), err=True)
        sys.exit(exit_codes.PLAY_ERROR)
    except BotError as error:
        discard(out)
        echo(str(error), err=True)
        sys.exit(exit_codes.PLAY_ERROR)
    except Stopped as stop:
        _kept(sitting, out, game, str(stop), exit_codes.OK)
    except InputEnded as ended:
        _kept(sitting, out, game, str(ended), exit_codes.PLAY_ERROR)
    except NotAnswered as refused:
        _kept(sitting, out, game, str(refused), exit_codes.INVALID)
    except KeyboardInterrupt:
        _kept(sitting, out, game, "stopped at the table (Ctrl-C)", exit_codes.INTERRUPTED)
    echo()
    write(standing(game, list(setup.agents), sitting.rules.lowest_wins, sitting.rules.score_names))
    if out is not None:
        written(out, log_records(out.folder, setup, game.log, sitting.sources))
        beyond = beyond_reach(out.folder, sitting.sources, sitting.allow)
        if beyond:
            echo(f"note: the log names rules outside its folder: replay it with "
                 f"{' '.join('--allow-path ' + shlex.quote(folder) for folder in beyond)}", err=True)


def _bots(setup: Setup) -> list:
    """Per seat its agent, None where a person sits. A seat read from a log that names a bot's
    code is refused (interpreter/lookahead/agents.py, NamesCode): seat it with --agent."""
    try:
        return [None if spec == HUMAN else make_agent(spec, setup.seed, seat) for seat, spec in enumerate(setup.agents)]
    except AgentSpecError as error:
        raise click.BadParameter(str(error), param_hint="--agent") from None
    except BotError as error:
        echo(str(error), err=True)
        sys.exit(exit_codes.PLAY_ERROR)


def _kept(sitting: Sitting, out, game, why: str, status: int) -> NoReturn:
    """Keep the log of a game stopped before its end, say where and how to go on, and exit
    with `status`."""
    answers = list(sitting.answers) if game is None else game.answers
    again = _again(sitting, answers)
    answers = again.answers
    echo(why, err=True)
    if out is None:
        out = _new_log(sitting.setup)
    if out is not None:
        setup = attrs.evolve(sitting.setup, unfinished=not again.over)
        written(out, log_records(out.folder, setup, again.log, sitting.sources))
        echo(f"the game so far ({len(answers)} answer{'' if len(answers) == 1 else 's'}) is in {out.path}: "
             f"go on with `{resume_command(out, sitting)}`", err=True)
    sys.exit(status)


def _again(sitting: Sitting, answers: list):
    """The game played again from `answers`, to the decision it waits at. A game stopped by
    Ctrl-C may have stopped anywhere, half way through a bot's look-ahead or the rule an answer
    set going, which may then have gone wrong: its last answer is dropped until it plays."""
    while True:
        try:
            return sitting.rules.start(sitting.setup.players, sitting.setup.seed, lookahead=False, answers=answers)
        except PlayError:
            if not answers:
                raise
            answers = answers[:-1]


def _new_log(setup: Setup):
    """A new file in the current folder for the log of a stopped game, named after its rules
    and seed (`classic-7.jsonl`, `classic-7-2.jsonl` if that is taken); None, said why, if the
    folder cannot take it."""
    stem = f"{Path(setup.ruleset).stem}-{setup.seed}"
    path = Path(f"{stem}.jsonl")
    number = 1
    while path.exists() or path.is_symlink():
        number += 1
        path = Path(f"{stem}-{number}.jsonl")
    try:
        return opened(str(path), "--log")
    except click.BadParameter as error:
        echo(f"the game so far is not kept: {error.format_message()}; hint: --log FILE keeps it elsewhere", err=True)
        return None


def resume_command(out, sitting: Sitting) -> str:
    """The command that goes on with the game kept in `out`: with `--allow-path` for rules
    outside the log's folder and the folders the game was allowed, and `--budget` where a
    limit was raised."""
    beyond = beyond_reach(out.folder, sitting.sources, sitting.allow)
    return resume_words(out.path, [*map(str, sitting.allow), *beyond], sitting.budget)


def resume_words(path, allow=(), budget: Budget = Budget()) -> str:
    """`rulesrun play --resume PATH` with these `--allow-path` folders and raised limits."""
    words = ["rulesrun", "play", "--resume", shlex.quote(str(path))]
    words += [f"--allow-path {shlex.quote(str(folder))}" for folder in dict.fromkeys(allow)]
    words += [f"--budget {limit.name}={getattr(budget, limit.name)}" for limit in attrs.fields(Budget)
              if getattr(budget, limit.name) != limit.default]
    return " ".join(words)


def seats_of(setup: Setup, agents) -> tuple:
    """Who sits where in a game resumed or played on: `agents` (typed after --agent, seat by
    seat, the last repeating, as for a new game) or else the log's seats."""
    if not agents:
        return setup.agents
    specs = agent_names(agents, people=True)
    return tuple(specs[min(seat, len(specs) - 1)] for seat in range(setup.players))


def _on_terminal() -> bool:
    """Whether stderr is a terminal: passing lines are for eyes, never for a pipe or a file."""
    return sys.stderr.isatty()


def _stdin_on_terminal() -> bool:
    """Whether the answers are typed at a terminal (which can be asked again), not piped in."""
    return sys.stdin.isatty()


def _progress(text: str | None) -> None:
    """A passing line on the terminal while a bot thinks (erased when it is done)."""
    click.echo("\r" + printable(text or "").ljust(70)[:70] + ("" if text else "\r"), err=True, nl=False)
