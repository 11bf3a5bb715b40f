"""What a person reads after `rulesrun simulate` and `rulesrun compare`: the report and the
comparison as plain-text tables.

Rendered to a string (no colour, fixed width) rather than printed, so the CLI echoes it
like any other output and a test can snapshot it.
"""

from __future__ import annotations

import io

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..interpreter.studies.compare import TEST, Change, Comparison
from ..interpreter.studies.report import QUANTILES, Report, Spread

WIDTH = 160


def report_text(report: Report, title: str) -> str:
    """Win shares, score and length spread, and the per-rule section when rules were metered."""
    percent = f"{report.confidence:.0%}"
    wins = _table("seat", "agent", "wins", "win share", f"{percent} interval")
    for seat in report.seats:
        wins.add_row(str(seat.seat), Text(seat.agent), number(seat.wins), f"{seat.win_share.value:.3f}",
                     _interval(seat.win_share))
    tables = [(f"Win share per seat ({percent} Wilson interval; a shared win counts 1/k)", wins)]
    if len(report.agents) > 1:
        agents = _table("agent", "seats", "even share", "win share", f"{percent} interval")
        for agent in report.agents:
            agents.add_row(Text(agent.agent), ", ".join(map(str, agent.seats)), f"{agent.even_share:.3f}",
                           f"{agent.win_share.value:.3f}", _interval(agent.win_share))
        tables.append(("Win share per agent (games won by any of its seats; even = its share of the seats)", agents))
    scores = _table("seat", *_spread_columns())
    for seat in report.seats:
        scores.add_row(str(seat.seat), *_spread_cells(seat.score))
    tables.append(("Score per seat (first score key)", scores))
    turns = _table(*_spread_columns())
    turns.add_row(*_spread_cells(report.turns))
    tables.append(("Game length (turns in which a player rolled)", turns))
    if report.rules:
        rules = _table("rule", "fired in games", "firings / game", "paid / firing", "paid / game")
        for rule in report.rules:
            rules.add_row(Text(rule.rule), f"{rule.fired_share:.1%}", number(rule.mean_fired),
                          "-" if rule.paid_per_firing is None else number(rule.paid_per_firing),
                          number(rule.paid_per_game))
        tables.append(("Rules (paid = change of the seats' first score keys while the rule ran, less what the rules it set off paid)", rules))
    return _render(f"{title}: {report.players} players, {report.games} games", tables)


def comparison_text(comparison: Comparison, heading: str) -> str:
    """One row per statistic: A, B, B - A and the test's p-value; `*` marks a significant change."""
    table = _table("statistic", "A", "B", "B - A", "p", "")
    for seat in comparison.seats:
        _row(table, f"win share, seat {seat.seat}", seat.win_share, share=True)
    for seat in comparison.seats:
        _row(table, f"mean score, seat {seat.seat}", seat.mean_score)
    _row(table, "mean turns", comparison.turns)
    unchanged = 0
    for rule in comparison.rules:
        if rule.mean_fired.difference == 0 and rule.paid_per_game.difference == 0:
            unchanged += 1
            continue
        _row(table, f"{rule.rule}: firings / game", rule.mean_fired)
        if rule.paid_per_game.a or rule.paid_per_game.b:
            _row(table, f"{rule.rule}: paid / game", rule.paid_per_game)
            _row(table, f"{rule.rule}: paid / firing", rule.paid_per_firing)
    changes = comparison.changes()
    tested = sum(1 for c in changes if c.p is not None)
    flagged = sum(1 for c in changes if c.significant)
    notes = [f"Test: {TEST}, level {comparison.level:g}; * marks p < {comparison.level:g}.",
             f"{flagged} of {tested} tested statistics changed significantly. Each is tested on its own, "
             f"so about {comparison.level:.0%} of unchanged ones are flagged by chance."]
    if comparison.rules:
        notes.append("Paid / firing is a ratio of sums, not a mean per game: shown without a test. "
                     "Pay is shown for rules that paid something.")
    if unchanged:
        notes.append(f"{unchanged} rules fired and paid the same on average in A and B and are not shown (--json lists them).")
    return _render(f"{heading}\n{comparison.players} players, {comparison.games} games, game i of A and B on the same seed",
                   [(None, table)], notes)


def number(value: float) -> str:
    """Large numbers grouped without decimals, small ones with enough digits to compare."""
    if abs(value) >= 1000 or value == int(value):
        return f"{value:,.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.3g}"


def _row(table: Table, label: str, change: Change, share: bool = False) -> None:
    show = (lambda v: f"{v:.3f}") if share else number

    def cell(value, signed=False):
        if value is None:
            return "-"
        text = show(value)
        return f"+{text}" if signed and value > 0 else text

    p = "-" if change.p is None else ("<0.001" if change.p < 0.001 else f"{change.p:.3f}")
    table.add_row(Text(label), cell(change.a), cell(change.b), cell(change.difference, signed=True), p,
                  "*" if change.significant else "")


def _spread_columns() -> list[str]:
    return ["mean", "sd", *(f"p{q}" for q in QUANTILES)]


def _spread_cells(spread: Spread) -> list[str]:
    return [number(spread.mean), number(spread.sd), *(number(v) for v in spread.quantiles)]


def _interval(share) -> str:
    return f"{share.low:.3f} - {share.high:.3f}"


def _table(first: str, *columns: str) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(first, justify="left", no_wrap=True)
    for column in columns:
        table.add_column(column, justify="right")
    return table


def _render(heading: str, tables: list[tuple[str | None, Table]], notes: list[str] = ()) -> str:
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, color_system=None, force_terminal=False, highlight=False)
    console.print(heading, markup=False)
    for title, table in tables:
        console.print()
        if title:
            console.print(title, markup=False)
        console.print(table)
    for note in notes:
        console.print(note, markup=False)
    lines = [line.rstrip() for line in out.getvalue().splitlines()]
    kept = [line for i, line in enumerate(lines) if line or (i and lines[i - 1])]
    return "\n".join(kept).strip("\n")
