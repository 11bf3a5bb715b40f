"""What the plots of `simulate` (plot.py) and of its game metrics (metrics_plot.py) draw alike:
the colours, shared histogram bins, and a histogram as inline SVG.
"""

from __future__ import annotations

import html
import math
from typing import Sequence

from .report_view import number
from ..interpreter.studies.streaming import Counts

COLOURS = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac")
MAX_BINS = 30
FONT = 'font-family="system-ui, sans-serif" font-size="12"'


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


def histogram_svg(label: str, spread, edges: list[float], counts: list[int], tallest: int, colour: str) -> str:
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
