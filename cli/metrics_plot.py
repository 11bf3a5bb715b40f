"""The game metrics in `rulesrun simulate --metrics --plot PATH` (docs/metrics.md): their table,
the share of games whose leader after each round won (with its intervals, against the even
share), and how the lead changes and the winners' worst deficits (drama) spread over the games.

The HTML is inline SVG and a table, like the rest of plot.py's page; the PNG draws the same
three charts with matplotlib under the figure plot.py draws.
"""

from __future__ import annotations

import html

from .charts import COLOURS, FONT, binned, histogram_svg
from .report_view import ROUNDS_TITLE, metrics_lines, shown_rounds
from ..interpreter.studies.metrics import Metrics, MetricsTally

# Rows the PNG adds to plot.py's figure: the rounds, lead changes and drama.
PNG_ROWS = 3


def html_parts(metrics: Metrics, tally: MetricsTally, confidence: float) -> list[str]:
    """The page's section on the game metrics."""
    rows = "".join(f"<tr><td>{html.escape(what)}</td><td style=\"text-align:right\">{html.escape(value)}</td>"
                   f"<td>{html.escape(more)}</td></tr>" for what, value, more in metrics_lines(metrics))
    parts = ["<h2>Game metrics</h2>",
             f"<p>Standings are the seats' first score keys at the start of each turn; intervals are "
             f"{confidence:.0%} Wilson intervals; docs/metrics.md defines each.</p>",
             f'<table cellpadding="3">{rows}</table>']
    shown = shown_rounds(metrics)
    if shown:
        parts += [f"<h2>{html.escape(ROUNDS_TITLE)}</h2>",
                  "<p>Dot: the share of the games still going after the round whose leader won (tied leaders share "
                  "it); whiskers: its interval; dashed: the even share, what knowing the leader would tell if it "
                  "told nothing. Rounds reached by under a tenth of the games are left out.</p>",
                  _rounds_svg(shown, metrics.first_seat.even)]
    for label, counts, spread, colour in _histograms(metrics, tally):
        edges, (bars,) = binned([counts])
        parts.append(histogram_svg(label, spread, edges, bars, max(bars, default=1) or 1, colour))
    return parts


def _histograms(metrics: Metrics, tally: MetricsTally) -> list:
    return [("lead changes per game", tally.lead_changes, metrics.lead_changes, COLOURS[4]),
            ("drama: how far behind the winner was at worst", tally.drama, metrics.drama, COLOURS[3])]


def _rounds_svg(rows: list, even: float) -> str:
    width, height, left, right, top, bottom = 720, 200, 60, 20, 14, 34
    plot_w, plot_h = width - left - right, height - top - bottom
    step = plot_w / len(rows)

    def y(share):
        return top + (1 - share) * plot_h

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" {FONT}>']
    for value in (0, 0.5, 1):
        out.append(f'<text x="{left - 6}" y="{y(value) + 4:.1f}" text-anchor="end">{value:g}</text>')
    base = top + plot_h
    out.append(f'<line x1="{left}" y1="{base}" x2="{left + plot_w}" y2="{base}" stroke="#555"/>')
    out.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{base}" stroke="#555"/>')
    for i, row in enumerate(rows):
        x = left + (i + 0.5) * step
        share = row.share
        out.append(f'<line x1="{x:.1f}" y1="{y(share.low):.1f}" x2="{x:.1f}" y2="{y(share.high):.1f}" stroke="#222"/>')
        out.append(f'<circle cx="{x:.1f}" cy="{y(share.value):.1f}" r="4" fill="{COLOURS[0]}">'
                   f"<title>after round {row.round}: {share.value:.3f} of {row.games} games</title></circle>")
        if len(rows) <= 20 or i % (len(rows) // 20 + 1) == 0:
            out.append(f'<text x="{x:.1f}" y="{base + 16}" text-anchor="middle">{row.round}</text>')
    out.append(f'<text x="{left + plot_w / 2:.1f}" y="{base + 30}" text-anchor="middle">round</text>')
    out.append(f'<line x1="{left}" y1="{y(even):.1f}" x2="{left + plot_w}" y2="{y(even):.1f}" stroke="#555" '
               f'stroke-dasharray="4 3"/>')
    out.append("</svg>")
    return "\n".join(out)


def draw_png(axes, metrics: Metrics, tally: MetricsTally, readable) -> None:
    """The three charts on `PNG_ROWS` matplotlib axes."""
    rounds, *histograms = axes
    shown = shown_rounds(metrics)
    values = [row.share.value for row in shown]
    rounds.errorbar([row.round for row in shown], values,
                    yerr=[[v - row.share.low for v, row in zip(values, shown)],
                          [row.share.high - v for v, row in zip(values, shown)]],
                    fmt="o", color=COLOURS[0], ecolor="#222", markersize=4)
    rounds.axhline(metrics.first_seat.even, color="#555", linestyle="--", linewidth=1)
    rounds.set_ylim(0, 1)
    rounds.set_title("the leader after round k won (a round ends when the first turn's seat begins a turn again; "
                     "dashed: even share)", fontsize=9, loc="left")
    rounds.set_xlabel("round", fontsize=8)
    rounds.tick_params(labelsize=8)
    for ax, (label, counts, spread, colour) in zip(histograms, _histograms(metrics, tally)):
        edges, (bars,) = binned([counts])
        ax.stairs(bars, edges, fill=True, color=colour)
        ax.axvline(spread.mean, color="#222", linestyle="--", linewidth=1)
        ax.set_title(f"{label}: mean {readable(spread.mean, None)}, sd {readable(spread.sd, None)}",
                     fontsize=9, loc="left")
        ax.set_ylabel("games", fontsize=8)
        ax.xaxis.set_major_formatter(readable)
        ax.tick_params(labelsize=8)
