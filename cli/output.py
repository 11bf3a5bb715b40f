"""How the commands talk: lines printed so that game text cannot drive the terminal, colours
on a terminal only, the command that plays a game again, and output files that are either
written whole or left as they were. Shared by play, replay, snapshot, simulate and compare."""

from __future__ import annotations

import os
import shlex
import sys

import attrs
import click

from ..interpreter.running.budget import Budget
from . import colours, exit_codes
from .jsonlines import JsonLines, NotFinite
from .terminal import printable


def echo(text: str = "", err: bool = False, nl: bool = True) -> None:
    """Print a line whose game text (titles, `say` texts, labels) cannot drive the terminal (cli/terminal.py)."""
    click.echo(printable(str(text)), err=err, nl=nl)


class InvalidInput(click.ClickException):
    """An input file the command cannot use (a log that is not a log): exit status 2, like invalid rules.
    Its message names files and quotes what they hold, so it is shown printable."""

    exit_code = exit_codes.INVALID

    def format_message(self) -> str:
        return printable(self.message)


MAX_LINE = 1000
"""The most of a line typed or piped in that a command reads; the rest of the line is skipped,
so a line of megabytes (a pipe gone wrong) is neither held nor echoed back."""


def read_line() -> str | None:
    """The next line typed or piped in (its first MAX_LINE characters), None at the end of the input."""
    line = sys.stdin.readline(MAX_LINE + 1)
    if len(line) > MAX_LINE and not line.endswith("\n"):
        rest = line
        while rest and not rest.endswith("\n"):
            rest = sys.stdin.readline(1 << 16)
        line = line[:MAX_LINE]
    return line if line else None


def writer():
    """How a command shows a game's text: with each seat's colour and bold headings on a
    terminal (cli/colours.py), plain in a pipe or with NO_COLOR set."""
    if not colours.wanted(stdout_on_terminal(), os.environ):
        return echo
    return lambda text="": click.echo(colours.paint(printable(str(text))), color=True)


def prompter():
    """How the table shows its prompt marker (`seat 0> `): as `writer` shows a line, but left
    open for the answer typed after it."""
    paint = colours.wanted(stdout_on_terminal(), os.environ)
    return lambda text: click.echo(colours.paint(printable(text)) if paint else printable(text), nl=False,
                                   color=paint or None)


def stdout_on_terminal() -> bool:
    return sys.stdout.isatty()


def not_rules(path, option: str) -> None:
    """A usage error for a `.rules` file given where records are written, which a slip of the
    shell (`--log rules/bonus.rules`) would overwrite."""
    if str(path).endswith(".rules"):
        raise click.BadParameter(f"`{path}` is a rules file: records are JSON lines, written to a .jsonl file",
                                 param_hint=option)


def opened(path, option: str) -> JsonLines | None:
    """The `--out`/`--log` file, opened before the first game: one that cannot be written is a
    usage error now, and so is a `.rules` file (`not_rules`)."""
    if path is None:
        return None
    not_rules(path, option)
    try:
        return JsonLines(path)
    except OSError as error:
        raise click.BadParameter(f"cannot write `{path}`: {error.strerror}", param_hint=option) from None


def written(out: JsonLines, records) -> None:
    """Write `records` and put the file in place; a disk that fills leaves the old file whole."""
    try:
        for record in records:
            out.write(record)
        out.close()
    except OSError as error:
        out.discard()
        raise InvalidInput(f"cannot write `{out.path}`: {error.strerror}; the file is as it was") from None
    except NotFinite as error:
        out.discard()
        raise NotWritten(f"cannot write `{out.path}`: {error}; the file is as it was") from None


class NotWritten(click.ClickException):
    """Valid rules made a record no file can hold (a number that is not finite): a play error."""

    exit_code = exit_codes.PLAY_ERROR

    def format_message(self) -> str:
        return printable(self.message)


def discard(out: JsonLines | None) -> None:
    if out is not None:
        out.discard()


def replay_command(rules: str, fragments, settings, players: int, seed: int, seats: list[str], allow=(),
                   budget: Budget = Budget()) -> str:
    """The command that plays this very game again: every option that shapes it (`--allow-path`
    and `--budget` where given: a game can go over a raised limit only if it is raised again)."""
    words = ["rulesrun", shlex.quote(str(rules))]
    words += [f"--with {shlex.quote(str(f))}" for f in fragments]
    words += [f"--set {shlex.quote(s)}" for s in settings]
    words += [f"--allow-path {shlex.quote(str(a))}" for a in allow]
    words += [f"--budget {limit.name}={getattr(budget, limit.name)}" for limit in attrs.fields(Budget)
              if getattr(budget, limit.name) != limit.default]
    words += [f"--players {players}", f"--seed {seed}"]
    agents = list(seats)
    while len(agents) > 1 and agents[-1] == agents[-2]:
        agents.pop()
    words += [f"--agent {shlex.quote(a)}" for a in agents]
    return " ".join(words)
