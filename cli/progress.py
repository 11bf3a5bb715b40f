"""The progress bar of a command that plays many games (`simulate`, `compare`, `ladder`): on a
terminal only, so that a pipe or a file gets nothing but the report."""

from __future__ import annotations

import sys


def with_progress(total: int, play, console=None) -> None:
    """Run `play(progress)`; on a terminal with a progress bar over `total` games (games done of
    all, games a second, time left), which `play` advances by calling `progress(games)` (None
    elsewhere). `console`: where the bar goes (standard error on a terminal)."""
    if console is None:
        if not sys.stderr.isatty():
            play(None)
            return
        from rich.console import Console

        console = Console(stderr=True)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
               TextColumn("{task.fields[rate]}"), TextColumn("left"), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("playing", total=total, rate="")

        def advance(games: int) -> None:
            progress.advance(task, games)
            speed = progress.tasks[0].speed
            if speed:
                progress.update(task, rate=f"{speed:,.0f}/s")

        play(advance)


