"""`rulesrun simulate --plot PATH`: each seat's win share, the score distribution of each seat,
the game length and what each named rule pays per firing, as a picture.

`.html` is one self-contained file with inline SVG written here, so it needs nothing
installed and opens in any browser; `.png` is drawn by matplotlib, an optional dependency
(`pip install 'rulesrun[plot]'`). Both draw the same figures from the same numbers: the
shared bins come from `histograms`, the rule values from the report.
"""

from __future__ import annotations

import html
import math
from pathlib import Path
from typing import Sequence

from .report_view import number
from ..interpreter.studies.report import Report, Tally
from ..interpreter.studies.streaming import Counts

SUFFIXES = (".html", ".png")
COLOURS = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac")
MAX_BINS = 30
FONT = 'font-family="system-ui, sans-serif" font-size="12"'


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
            Path(path).write_text(html_page(report, edges, counts, title, length), encoding="utf-8")
        else:
            _png(path, report, edges, counts, title, length)
    except OSError as error:
        raise PlotError(f"cannot write `{path}`: {error.strerror or error}") from None


def histograms(tally: Tally) -> tuple[list[float], list[list[int]]]:
    """Bin edges shared by all seats (round widths, so seats compare bar by bar) and the
    count of games per bin for each seat; a bin holds its left edge, not its right."""
    return binned(tally.scores)


def binned(series: Sequence[Counts]) -> tuple[list[float], list[list[int]]]:
    """Shared bin edges for several series of one number per game (each as the counts of its
    values), and each series' counts per bin."""
    values = [v for one in series for v in one.seen]
    if not values:
        return [0.0, 1.0], [[0] for _ in series]
    low, high = min(values), max(values)
    bins = min(MAX_BINS, max(5, math.ceil(math.sqrt(max(one.n for one in series)))))
    width = _round_width((high - low) / bins) if high > low else 1.0
    start = math.floor(low / width) * width
    count = max(1, math.floor((high - start) / width) + 1)
    edges = [start + i * width for i in range(count + 1)]
    counts = [[0] * count for _ in series]
    for counted, one in zip(counts, series):
        for value, times in one.seen.items():
            counted[min(count - 1, int((value - start) // width))] += times
    return edges, counts


def _round_width(raw: float) -> float:
    """The smallest of 1, 2, 2.5, 5 times a power of ten at least `raw`."""
    power = 10 ** math.floor(math.log10(raw))
    return next(step * power for step in (1, 2, 2.5, 5, 10) if step * power >= raw)


def _rules(report: Report):
    """The rules that paid something: a chart of the many that only steer the game (setup,
    bookkeeping hooks) would bury the few that are worth points. The tables list them all."""
    return [(r.rule, r.paid_per_firing, r.fired_share) for r in report.rules if r.paid_per_firing]


# --- HTML with inline SVG ---------------------------------------------------------------

def html_page(report: Report, edges: list[float], counts: list[list[int]], title: str,
              length: tuple[list[float], list[list[int]]]) -> str:
    tallest = max((c for seat in counts for c in seat), default=1) or 1
    panels = [_histogram_svg(f"seat {seat.seat} ({seat.agent})", seat.score, edges, counts[seat.seat], tallest,
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
        _histogram_svg("game length", report.turns, length_edges, length_counts, max(length_counts, default=1) or 1,
                       COLOURS[9]),
        "<h2>Score distribution per seat</h2>",
        "<p>Games per bin of the first score key; the dashed line is the mean. All seats share bins and scale.</p>",
        *panels,
    ]
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


def _histogram_svg(label: str, spread, edges: list[float], counts: list[int], tallest: int, colour: str) -> str:
    width, height, left, right, top, bottom = 720, 170, 60, 20, 28, 30
    plot_w, plot_h = width - left - right, height - top - bottom
    low, high = edges[0], edges[-1]

    def x(value):
        return left + (value - low) / (high - low) * plot_w

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" {FONT}>',
           f'<text x="{left}" y="16" font-weight="bold">{html.escape(label)}: '
           f"mean {html.escape(number(spread.mean))}, sd {html.escape(number(spread.sd))}</text>"]
    for i, count in enumerate(counts):
        if count:
            bar_h = count / tallest * plot_h
            out.append(f'<rect x="{x(edges[i]):.1f}" y="{top + plot_h - bar_h:.1f}" '
                       f'width="{max(0.5, x(edges[i + 1]) - x(edges[i]) - 1):.1f}" height="{bar_h:.1f}" fill="{colour}">'
                       f"<title>{html.escape(number(edges[i]))} to {html.escape(number(edges[i + 1]))}: {count} games</title></rect>")
    base = top + plot_h
    out.append(f'<line x1="{left}" y1="{base}" x2="{left + plot_w}" y2="{base}" stroke="#555"/>')
    out.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{base}" stroke="#555"/>')
    out.append(f'<text x="{left - 6}" y="{top + 4}" text-anchor="end">{tallest}</text>')
    out.append(f'<text x="{left - 6}" y="{base}" text-anchor="end">0</text>')
    step = max(1, math.ceil((len(edges) - 1) / 6))
    for edge in edges[::step]:
        anchor = "end" if x(edge) > width - right - 30 else "middle"
        out.append(f'<text x="{x(edge):.1f}" y="{base + 16}" text-anchor="{anchor}">{html.escape(number(edge))}</text>')
    mean_x = x(spread.mean)
    out.append(f'<line x1="{mean_x:.1f}" y1="{top}" x2="{mean_x:.1f}" y2="{base}" stroke="#222" stroke-dasharray="4 3"/>')
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
         length: tuple[list[float], list[list[int]]]) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter

    readable = FuncFormatter(lambda value, _: number(value))

    rules = _rules(report)
    rows = 2 + report.players + (1 if rules else 0)
    ratios = [max(1.0, 0.3 * report.players), 1.0] + [1.0] * report.players + (
        [max(1.0, 0.16 * len(rules))] if rules else [])
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
