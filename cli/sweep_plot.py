"""`rulesrun sweep --plot PATH.html`: the cells side by side, as one self-contained HTML file.

For each seat, a forest plot: one row per cell, a dot at its win share and a bar across its
interval, with a dashed line at the even share (1 / players), so a setting that tips the
balance stands out and the bars say whether the games were enough to tell. Then, for each
rule whose pay differs between cells, its pay per game in every cell. Drawn from the cells'
JSON lines alone (inline SVG, nothing to install), like `plot.py` for `simulate`.
"""

from __future__ import annotations

import html
import math
from pathlib import Path

from .plot import COLOURS, FONT
from .report_view import varying_rules, number

ROW = 20
WIDTH = 760


def write(path: str, cells: list[dict]) -> None:
    Path(path).write_text(html_page(cells), encoding="utf-8")


def html_page(cells: list[dict]) -> str:
    first = cells[0]
    title = f"{first['setup']['title']}: sweep of {', '.join(first['settings'])}"
    labels = [" ".join([f"#{c['cell']}", *(f"{n}={v}" for n, v in zip(c["settings"], c["labels"]))]) for c in cells]
    percent = f"{first['confidence']:.0%}"
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">', f"<title>{html.escape(title)}</title>",
             "<style>body{font-family:system-ui,sans-serif;margin:2em;color:#222}"
             "svg{display:block;margin:0 0 1.5em 0}text{font-size:12px;fill:#333}</style>",
             "</head><body>", f"<h1>{html.escape(title)}</h1>",
             f"<p>{len(cells)} cells, {first['players']} players, {first['games']} games each; game i of every cell "
             f"on seed {first['setup']['seed']} + i.</p>",
             f"<h2>Win share per seat</h2><p>Dot: the share of games won (a shared win counts 1/k); bar: its {percent} "
             f"Wilson interval; dashed: the even share, 1/{first['players']}.</p>"]
    even = 1 / first["players"] if first["players"] else 0
    for seat in range(first["players"]):
        points = [(c["seats"][seat]["win_share"], *c["seats"][seat]["win_interval"]) for c in cells]
        parts.append(_forest(f"seat {seat} ({first['seats'][seat]['agent']})", labels, points,
                             COLOURS[seat % len(COLOURS)], even, share=True))
    varying = varying_rules(cells)
    if varying:
        parts.append("<h2>Paid per game, per rule whose pay differs between cells</h2>"
                     "<p>Change of the seats' first score keys while the rule ran, less what the rules it set off "
                     "paid, per game.</p>")
        for name, pays in varying.items():
            parts.append(_forest(name, labels, [(p, p, p) for p in pays], COLOURS[0], 0.0, share=False))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _forest(heading: str, labels: list[str], points: list[tuple[float, float, float]], colour: str,
            reference: float, share: bool) -> str:
    """Rows of (value, low, high) against one axis, with a dashed line at `reference`."""
    label_w = min(340, 16 + 7 * max(len(label) for label in labels))
    top, bottom, right = 26, 26, 70
    height = top + ROW * len(labels) + bottom
    low = 0.0 if share else min(0.0, *(p[1] for p in points))
    high = max(reference, *(p[2] for p in points)) or 1.0
    high = min(1.0, math.ceil(high * 10 + 0.5) / 10) if share else high
    span = (high - low) or 1.0
    plot_w = WIDTH - label_w - right

    def x(value):
        return label_w + (value - low) / span * plot_w

    show = (lambda v: f"{v:.3f}") if share else number
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
           f'viewBox="0 0 {WIDTH} {height}" role="img" {FONT}>',
           f'<text x="{label_w}" y="16" font-weight="bold">{html.escape(heading)}</text>']
    for i, (label, (value, lo, hi)) in enumerate(zip(labels, points)):
        y = top + i * ROW + ROW / 2
        interval = f" ({show(lo)} to {show(hi)})" if hi > lo else ""
        out.append(f'<text x="{label_w - 8}" y="{y + 4:.1f}" text-anchor="end">{html.escape(label)}</text>')
        if hi > lo:
            out.append(f'<line x1="{x(lo):.1f}" y1="{y:.1f}" x2="{x(hi):.1f}" y2="{y:.1f}" stroke="{colour}" stroke-width="3"/>')
        out.append(f'<circle cx="{x(value):.1f}" cy="{y:.1f}" r="4" fill="{colour}">'
                   f"<title>{html.escape(label)}: {html.escape(show(value) + interval)}</title></circle>")
        out.append(f'<text x="{x(max(value, hi)) + 8:.1f}" y="{y + 4:.1f}">{html.escape(show(value))}</text>')
    base = top + ROW * len(labels)
    out.append(f'<line x1="{label_w}" y1="{base}" x2="{label_w + plot_w}" y2="{base}" stroke="#555"/>')
    ticks = [i / 10 for i in range(round(high * 10) + 1)] if share else [low, (low + high) / 2, high]
    for tick in ticks:
        out.append(f'<text x="{x(tick):.1f}" y="{base + 16}" text-anchor="middle">{html.escape(show(tick))}</text>')
    out.append(f'<line x1="{x(reference):.1f}" y1="{top}" x2="{x(reference):.1f}" y2="{base}" '
               f'stroke="#222" stroke-dasharray="4 3"/>')
    out.append("</svg>")
    return "\n".join(out)
