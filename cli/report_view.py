"""What a person reads after `rulesrun simulate`, `compare` and `sweep`: the report, the
comparison and the sweep's cells as plain-text tables.

Rendered to a string (no colour, fixed width) rather than printed, so the CLI echoes it
like any other output and a test can snapshot it.
"""

from __future__ import annotations

import io
import os

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..interpreter.studies.compare import TEST, Change, Comparison
from ..interpreter.studies.compare_metrics import MetricsChange
from ..interpreter.studies.metrics import Metrics
from ..interpreter.studies.report import QUANTILES, Report, Spread

WIDTH = 160


def report_text(report: Report, title: str, show_all: bool = False) -> str:
    """Win shares, score and length spread, and the per-rule section when rules were metered:
    first the rules that never fired (with where they are written), then the rules by file;
    rules that changed nothing (paid, moved, asked nothing) only with `show_all`."""
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
    notes = []
    if report.metrics is not None:
        tables.extend(_metrics_tables(report.metrics, percent))
    if report.rules or report.never_fired:
        rules_tables, notes = _rule_tables(report, show_all)
        tables.extend(rules_tables)
    heading = f"{title}: {report.players} players, {report.games} games"
    if report.never_fired:
        heading += "\n\n" + _never_fired(report)
    return _render(heading, tables, notes)


def metrics_lines(metrics: Metrics) -> list[tuple[str, str, str]]:
    """The game metrics (docs/metrics.md) as (what, value, more) lines: the report's table and
    the plot's show these very words."""
    first, luck = metrics.first_seat, metrics.luck
    lines = [
        ("first seat's win share (the seat of the first turn)", f"{first.share.value:.3f}",
         f"{_interval(first.share)}; even {first.even:.3f}, advantage {first.advantage:+.3f}"),
        ("balance (1 - widest gap between two seats' win shares)", f"{metrics.balance:.3f}", ""),
        ("lead changes per game", number(metrics.lead_changes.mean),
         f"sd {number(metrics.lead_changes.sd)}, median {number(metrics.lead_changes.quantiles[2])}"
         + (f"; {metrics.lead_changes_per_turn:.3f} per turn" if metrics.lead_changes_per_turn is not None else "")),
        ("comebacks (the winner trailed at some turn's start)", f"{metrics.comebacks.value:.3f}",
         f"{_interval(metrics.comebacks)} of {metrics.won:,} games won"),
        ("drama (how far behind the winner was at worst)", number(metrics.drama.mean),
         f"median {number(metrics.drama.quantiles[2])}" + _in_sd(metrics.drama_in_sd)),
        ("winning margin (over the best other seat)", number(metrics.margin.mean),
         f"median {number(metrics.margin.quantiles[2])}" + _in_sd(metrics.decisiveness, "decisiveness ")),
        ("options per decision (branching)", _maybe(metrics.branching),
         f"{_maybe(metrics.decision_factor)} per decision with a choice"),
        ("decisions per game", number(metrics.decisions.mean), f"{number(metrics.choices.mean)} with a choice"),
    ]
    if luck is None:
        lines.append(("luck share (games won by random seats)", "-",
                      "all seats play alike; to measure it: --agent random --agent greedy"))
    else:
        lines.append(("luck share (games won by random seats)", f"{luck.share.value:.3f}",
                      f"{_interval(luck.share)}; random seat{'s' * (len(luck.seats) > 1)} "
                      f"{', '.join(map(str, luck.seats))}, even {luck.even:.3f}: "
                      + ("-" if luck.relative is None else f"{luck.relative:.2f}") + " of even"))
    return lines


def shown_rounds(metrics: Metrics) -> list:
    """The rounds after which the leader's share is shown: those reached by a tenth of the games
    or more (`--json` has every one)."""
    return [row for row in metrics.leader_wins if row.games * 10 >= metrics.games]


ROUNDS_TITLE = "The leader after each round goes on to win (a round ends when the seat of the first turn begins a turn again)"


def _metrics_tables(metrics: Metrics, percent: str) -> list:
    """The game metrics: one table of them, one of the leader after each round."""
    table = _table("metric", "value", "", justify_last="left")
    for line in metrics_lines(metrics):
        table.add_row(*line)
    tables = [(f"Game metrics ({percent} Wilson intervals; standings are first score keys; docs/metrics.md)", table)]
    shown = shown_rounds(metrics)
    if shown:
        rounds = _table("after round", "games", "leader won", f"{percent} interval")
        for row in shown:
            rounds.add_row(str(row.round), f"{row.games:,}", f"{row.share.value:.3f}", _interval(row.share))
        left = len(metrics.leader_wins) - len(shown)
        tables.append((f"{ROUNDS_TITLE}; even {metrics.first_seat.even:.3f}"
                       + (f"; {left} later rounds, each reached by under a tenth of the games, in --json" if left else ""),
                       rounds))
    return tables


def _in_sd(value: float | None, label: str = "") -> str:
    return "" if value is None else f"; {label}{value:.2f} score sd"


def _maybe(value: float | None) -> str:
    return "-" if value is None else number(value)


def _never_fired(report: Report) -> str:
    """The rules that did not fire in any game, with where they are written: a misspelled name in
    a `when`, or a rule these settings never reach."""
    lines = [f"Never fired in {report.games} games ({len(report.never_fired)}): check their conditions"]
    for rule in report.never_fired:
        where = f"{_shown_path(rule.file)}:{rule.at[0]}:{rule.at[1]}" if rule.file and rule.at else "?"
        lines.append(f"  {where}: {rule.rule}")
    return "\n".join(lines)


def _rule_tables(report: Report, show_all: bool) -> tuple[list, list[str]]:
    """One table of rules per file, in the order the files were composed."""
    shown = [rule for rule in report.rules if show_all or not rule.did_nothing]
    tables, files = [], {}
    for rule in shown:
        files.setdefault(rule.file, []).append(rule)
    for file, rules in files.items():
        table = _table("rule", "fired in games", "firings / game", "paid / firing", "paid / game", "moved / game",
                       "asked / game")
        for rule in rules:
            table.add_row(Text(rule.rule), f"{rule.fired_share:.1%}", number(rule.mean_fired),
                          "-" if rule.paid_per_firing is None else number(rule.paid_per_firing),
                          number(rule.paid_per_game), number(rule.moved_per_game), number(rule.asked_per_game))
        tables.append((f"Rules of {_shown_path(file)}" if file else "Rules", table))
    notes = ["paid = change of the seats' first score keys while the rule ran, less what the rules it set off paid; "
             "moved = pieces moved; asked = decisions of more than one option."]
    hidden = len(report.rules) - len(shown)
    if hidden:
        notes.append(f"{hidden} rules fired but paid, moved and asked nothing; --all shows them.")
    return tables, notes


def _shown_path(file: str | None) -> str:
    """A rule's file as a person finds it: relative to the working folder when inside it."""
    if not file:
        return "?"
    relative = os.path.relpath(file)
    return file if relative.startswith("..") else relative


def comparison_text(comparison: Comparison, heading: str) -> str:
    """One row per statistic: A, B, B - A and the test's p-value; `*` marks a significant change."""
    table = _table("statistic", "A", "B", "B - A", "p", "")
    for seat in comparison.seats:
        _row(table, f"win share, seat {seat.seat}", seat.win_share, share=True)
    for seat in comparison.seats:
        _row(table, f"mean score, seat {seat.seat}", seat.mean_score)
    _row(table, "mean turns", comparison.turns)
    if comparison.metrics is not None:
        _metrics_rows(table, comparison.metrics, comparison.games)
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
    if comparison.metrics is not None:
        notes.append("Game metrics (docs/metrics.md) that are ratios over the whole run (balance, per turn, "
                     "decisiveness, options per decision) are shown without a test; the others are tested over the "
                     "games that have them on both sides.")
    if comparison.rules:
        notes.append("Paid / firing is a ratio of sums, not a mean per game: shown without a test. "
                     "Pay is shown for rules that paid something.")
    if unchanged:
        notes.append(f"{unchanged} rules fired and paid the same on average in A and B and are not shown (--json lists them).")
    return _render(f"{heading}\n{comparison.players} players, {comparison.games} games, game i of A and B on the same seed",
                   [(None, table)], notes)


def _metrics_rows(table: Table, metrics: MetricsChange, games: int) -> None:
    """The game metrics of A and B, as rows of the comparison."""
    _row(table, "first seat's win share", metrics.first_seat, share=True)
    _row(table, "balance", metrics.balance, share=True)
    _row(table, "lead changes / game", metrics.lead_changes)
    _row(table, "lead changes / turn", metrics.lead_changes_per_turn, share=True)
    for row in metrics.leader_wins:
        if row.games * 10 >= games:
            _row(table, f"leader after round {row.round} won", row.change, share=True)
    _row(table, "comebacks (winner trailed)", metrics.comebacks, share=True)
    _row(table, "drama (winner's worst deficit)", metrics.drama)
    _row(table, "winning margin", metrics.margin)
    _row(table, "decisiveness (margin / score sd)", metrics.decisiveness)
    _row(table, "options / decision", metrics.branching)
    _row(table, "options / decision with a choice", metrics.decision_factor)
    _row(table, "decisions / game", metrics.decisions)
    _row(table, "decisions with a choice / game", metrics.choices)
    if metrics.luck is not None:
        _row(table, "luck share (random seats' wins)", metrics.luck, share=True)


SWEEP_RULE_COLUMNS = 8


def sweep_text(cells: list[dict]) -> str:
    """One row per cell: its settings, each seat's win share with its interval, mean scores
    and length; then the pay per game of each rule whose pay differs between cells. Built
    from the cells' JSON lines (`sweep --out`), so a saved sweep reads the same."""
    first = cells[0]
    names = list(first["settings"])
    percent = f"{first['confidence']:.0%}"
    seats = range(first["players"])
    wins = _table("cell", *names, *(f"seat {s}" for s in seats))
    means = _table("cell", *names, *(f"seat {s}" for s in seats), "turns")
    for table in (wins, means):
        for column in table.columns[1:1 + len(names)]:
            column.justify = "left"
    for cell in cells:
        labels = [Text(f"#{cell['cell']}"), *map(Text, cell["labels"])]
        wins.add_row(*labels, *(f"{seat['win_share']:.3f} {seat['win_interval'][0]:.3f}-{seat['win_interval'][1]:.3f}"
                                for seat in cell["seats"]))
        means.add_row(*labels, *(number(seat["score"]["mean"]) for seat in cell["seats"]), number(cell["turns"]["mean"]))
    tables = [(f"Win share per seat and its {percent} Wilson interval (a shared win counts 1/k)", wins),
              ("Mean score per seat (first score key) and mean game length", means)]
    notes = []
    varying = varying_rules(cells)
    if varying and len(cells) <= SWEEP_RULE_COLUMNS:
        rules = _table("rule", *(f"#{cell['cell']}" for cell in cells))
        for name, pays in varying.items():
            rules.add_row(Text(name), *(number(p) for p in pays))
        tables.append(("Paid per game, per rule whose pay differs between cells", rules))
    elif varying:
        rules = _table("rule", "lowest", "in cell", "highest", "in cell")
        for name, pays in varying.items():
            low, high = min(range(len(pays)), key=pays.__getitem__), max(range(len(pays)), key=pays.__getitem__)
            rules.add_row(Text(name), number(pays[low]), f"#{cells[low]['cell']}", number(pays[high]), f"#{cells[high]['cell']}")
        tables.append(("Paid per game, per rule whose pay differs between cells: its lowest and highest", rules))
    if varying or any(cell["rules"] for cell in cells):
        notes.append("Every statistic of every cell, the rules' firings and pay per firing too, is in --out and --json.")
    heading = (f"{first['setup']['title']}: {len(cells)} cells, {first['players']} players, {first['games']} games each; "
               f"game i of every cell on seed {first['setup']['seed']} + i")
    return _render(heading, tables, notes)


def varying_rules(cells: list[dict]) -> dict[str, list[float]]:
    """Pay per game of each rule that paid in some cell and not the same in all, in cell order."""
    names = sorted({r["rule"] for cell in cells for r in cell["rules"]})
    pays = {name: [next((r["paid_per_game"] for r in cell["rules"] if r["rule"] == name), 0.0) for cell in cells]
            for name in names}
    return {name: values for name, values in pays.items() if any(values) and len(set(values)) > 1}


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


def _table(first: str, *columns: str, justify_last: str = "right") -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(first, justify="left", no_wrap=True)
    for at, column in enumerate(columns, 1):
        table.add_column(column, justify=justify_last if at == len(columns) else "right")
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
