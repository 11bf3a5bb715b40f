"""`rulesrun simulate --plot PATH`: each seat's win share, the score distribution of each seat,
the game length, the game metrics when measured (`--metrics`, metrics_plot.py) and what each
named rule pays per firing, as a picture.

`.html` is one self-contained file with inline SVG written here, so it needs nothing
installed and opens in any browser; `.png` is drawn by matplotlib, an optional dependency
(`pip install 'rulesrun[plot]'`). Both draw the same figures from the same numbers: the
shared bins come from `histograms`, the rule values from the report.
"""

from __future__ import annotations

import html
from pathlib import Path

from . import metrics_plot
from .charts import COLOURS, FONT, binned, histogram_svg
from .report_view import number
from ..interpreter.studies.report import Report, Tally

SUFFIXES = (".html", ".png")


class PlotError(Exception):
    """A plot that cannot be written, with a message for the user."""


def check_target(path: str) -> None:
    """Fail before any game is played if the plot could not be written."""
    suffix = Path(path).suffix.lower()
    if suffix not in SUFFIXES:
        raise PlotError(f"`{path}`: a plot is written as .html or .png, not `{suffix or '(no suffix)'}`")
    if suffix == ".png":
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise PlotError("a .png plot needs matplotlib: pip install 'rulesrun[plot]' (or write .html)") from None


def write(path: str, tally: Tally, report: Report, title: str) -> None:
    """`tally`: the games' running statistics, whose counts of each score and length the bars show."""
    check_target(path)
    edges, counts = histograms(tally)
    length = binned([tally.turns])
    try:
        if Path(path).suffix.lower() == ".html":
            Path(path).write_text(html_page(report, edges, counts, title, length, tally.metrics), encoding="utf-8")
        else:
            _png(path, report, edges, counts, title, length, tally.metrics)
    except OSError as error:
        raise PlotError(f"cannot write `{path}`: {error.strerror or error}") from None


def histograms(tally: Tally) -> tuple[list[float], list[list[int]]]:
    """Bin edges shared by all seats (round widths, so seats compare bar by bar) and the
    count of games per bin for each seat; a bin holds its left edge, not its right."""
    return binned(tally.scores)


def _rules(report: Report):
    """The rules that paid something: a chart of the many that only steer the game (setup,
    bookkeeping hooks) would bury the few that are worth points. The tables list them all."""
    return [(r.rule, r.paid_per_firing, r.fired_share) for r in report.rules if r.paid_per_firing]


# --- HTML with inline SVG ---------------------------------------------------------------

def html_page(report: Report, edges: list[float], counts: list[list[int]], title: str,
              length: tuple[list[float], list[list[int]]], metrics=None) -> str:
    """`metrics`: the run's metrics.MetricsTally, when it measured the game metrics."""
    tallest = max((c for seat in counts for c in seat), default=1) or 1
    panels = [histogram_svg(f"seat {seat.seat} ({seat.agent})", seat.score, edges, counts[seat.seat], tallest,
                             COLOURS[seat.seat % len(COLOURS)]) for seat in report.seats]
    length_edges, (length_counts,) = length
    rules = _rules(report)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title>",
        "<style>body{font-family:system-ui,sans-serif;margin:2em;color:#222}"
        "svg{display:block;margin:0 0 1em 0}text{font-size:12px;fill:#333}</style>",
        "</head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f"<p>{report.players} players, {report.games} games.</p>",
        "<h2>Win share per seat</h2>",
        f"<p>A shared win counts 1/k; the whiskers are the {report.confidence:.0%} Wilson interval, the dashed line "
        "the share of a seat if all were equally strong.</p>",
        _shares_svg(report),
        "<h2>Game length</h2>",
        "<p>Games per bin of turns in which a player rolled; the dashed line is the mean.</p>",
        histogram_svg("game length", report.turns, length_edges, length_counts, max(length_counts, default=1) or 1,
                       COLOURS[9]),
        "<h2>Score distribution per seat</h2>",
        "<p>Games per bin of the first score key; the dashed line is the mean. All seats share bins and scale.</p>",
        *panels,
    ]
    if report.metrics is not None and metrics is not None:
        parts += metrics_plot.html_parts(report.metrics, metrics, report.confidence)
    if rules:
        parts += ["<h2>Mean paid per firing, per rule</h2>",
                  "<p>Change of the seats' first score keys while the rule ran, less what the rules it set off paid, per firing; "
                  "in brackets the share of games in which it fired. Rules that paid nothing are left out.</p>",
                  _rules_svg(rules)]
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _shares_svg(report: Report) -> str:
    row, label_w, width, top = 24, 150, 720, 8
    height = top * 2 + row * len(report.seats)
    plot_w = width - label_w - 90

    def x(value):
        return label_w + value * plot_w

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" {FONT}>']
    for i, seat in enumerate(report.seats):
        y = top + i * row
        share = seat.win_share
        out.append(f'<text x="{label_w - 8}" y="{y + 15}" text-anchor="end">'
                   f'{html.escape(f"seat {seat.seat} ({seat.agent})")}</text>')
        out.append(f'<rect x="{label_w}" y="{y + 4}" width="{max(0.5, x(share.value) - label_w):.1f}" height="{row - 8}" '
                   f'fill="{COLOURS[seat.seat % len(COLOURS)]}"><title>{share.value:.3f}</title></rect>')
        out.append(f'<line x1="{x(share.low):.1f}" y1="{y + row / 2}" x2="{x(share.high):.1f}" y2="{y + row / 2}" '
                   f'stroke="#222"/>')
        out.append(f'<text x="{x(share.high) + 6:.1f}" y="{y + 15}">{share.value:.3f}</text>')
    even = x(1 / report.players) if report.players else label_w
    out.append(f'<line x1="{even:.1f}" y1="{top}" x2="{even:.1f}" y2="{height - top}" stroke="#555" '
               f'stroke-dasharray="4 3"/>')
    out.append("</svg>")
    return "\n".join(out)


def _rules_svg(rules) -> str:
    row, value_w, width, top = 22, 120, 720, 8
    label_w = min(360, 16 + 7 * max(len(name) for name, _, _ in rules))
    height = top * 2 + row * len(rules)
    plot_w = width - label_w - value_w
    values = [v for _, v, _ in rules]
    low, high = min(0.0, *values), max(0.0, *values)
    span = (high - low) or 1.0

    def x(value):
        return label_w + (value - low) / span * plot_w

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" {FONT}>']
    for i, (name, value, share) in enumerate(rules):
        y = top + i * row
        start, end = sorted((x(0), x(value)))
        colour = COLOURS[0] if value >= 0 else COLOURS[3]
        out.append(f'<text x="{label_w - 8}" y="{y + 15}" text-anchor="end">{html.escape(name)}</text>')
        out.append(f'<rect x="{start:.1f}" y="{y + 3}" width="{max(0.5, end - start):.1f}" height="{row - 6}" fill="{colour}"/>')
        out.append(f'<text x="{max(x(0), x(value)) + 6:.1f}" y="{y + 15}">'
                   f"{html.escape(number(value))} ({share:.0%})</text>")
    out.append(f'<line x1="{x(0):.1f}" y1="{top}" x2="{x(0):.1f}" y2="{height - top}" stroke="#555"/>')
    out.append("</svg>")
    return "\n".join(out)


# --- PNG through matplotlib -------------------------------------------------------------

def _png(path: str, report: Report, edges: list[float], counts: list[list[int]], title: str,
         length: tuple[list[float], list[list[int]]], metrics=None) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter

    readable = FuncFormatter(lambda value, _: number(value))

    rules = _rules(report)
    measured = report.metrics is not None and metrics is not None
    ratios = [max(1.0, 0.3 * report.players), 1.0] + [1.0] * report.players + (
        [1.4] + [1.0] * (metrics_plot.PNG_ROWS - 1) if measured else []) + ([max(1.0, 0.16 * len(rules))] if rules else [])
    rows = len(ratios)
    figure = Figure(figsize=(9, 1.7 * sum(ratios) + 0.8), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.subplots(rows, 1, gridspec_kw={"height_ratios": ratios}, squeeze=False)[:, 0]
    figure.suptitle(f"{title}: {report.players} players, {report.games} games")
    shares, games = axes[0], axes[1]
    names = [f"seat {seat.seat} ({seat.agent})" for seat in report.seats]
    values = [seat.win_share.value for seat in report.seats]
    errors = [[v - seat.win_share.low for v, seat in zip(values, report.seats)],
              [seat.win_share.high - v for v, seat in zip(values, report.seats)]]
    shares.barh(names, values, xerr=errors, color=[COLOURS[s.seat % len(COLOURS)] for s in report.seats])
    shares.axvline(1 / report.players, color="#555", linestyle="--", linewidth=1)
    shares.invert_yaxis()
    shares.set_title(f"win share ({report.confidence:.0%} Wilson interval; dashed: equally strong seats)",
                     fontsize=9, loc="left")
    shares.tick_params(labelsize=8)
    length_edges, (length_counts,) = length
    games.stairs(length_counts, length_edges, fill=True, color=COLOURS[9])
    games.axvline(report.turns.mean, color="#222", linestyle="--", linewidth=1)
    games.set_title(f"game length (turns): mean {number(report.turns.mean)}, sd {number(report.turns.sd)}",
                    fontsize=9, loc="left")
    games.set_ylabel("games", fontsize=8)
    games.tick_params(labelsize=8)
    tallest = max((c for seat in counts for c in seat), default=1) or 1
    for seat, ax in zip(report.seats, axes[2:]):
        ax.stairs(counts[seat.seat], edges, fill=True, color=COLOURS[seat.seat % len(COLOURS)])
        ax.axvline(seat.score.mean, color="#222", linestyle="--", linewidth=1)
        ax.set_xlim(edges[0], edges[-1])
        ax.set_ylim(0, tallest * 1.05)
        ax.set_title(f"seat {seat.seat} ({seat.agent}): mean {number(seat.score.mean)}, sd {number(seat.score.sd)}",
                     fontsize=9, loc="left")
        ax.set_ylabel("games", fontsize=8)
        ax.xaxis.set_major_formatter(readable)
        ax.tick_params(labelsize=8)
    if measured:
        start = 2 + report.players
        metrics_plot.draw_png(axes[start:start + metrics_plot.PNG_ROWS], report.metrics, metrics, readable)
    if rules:
        ax = axes[-1]
        names = [f"{name} ({share:.0%})" for name, _, share in rules]
        values = [value for _, value, _ in rules]
        ax.barh(names, values, color=[COLOURS[0] if v >= 0 else COLOURS[3] for v in values])
        ax.axvline(0, color="#555", linewidth=1)
        ax.invert_yaxis()
        ax.margins(y=0.01)
        ax.xaxis.set_major_formatter(readable)
        ax.set_title("mean paid per firing (share of games it fired; rules that paid nothing left out)",
                     fontsize=9, loc="left")
        ax.tick_params(labelsize=8)
    figure.savefig(path, dpi=100)
