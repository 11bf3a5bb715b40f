"""What the page needs to know to lay out any ruleset's table, read off its declarations.

A view (interpreter/running/view.py) holds values only: `coins: [3, 3, 3]` may be a var
`per player` or a plain list that happens to have three entries. The declarations say which,
so the page can put every per-owner zone and var in a row of its owner, every family
(`zone casino[1..6]`, `var winner[1..6]`) in a grid by index, and the rest in boxes and
counters, with no word of any game in the page:

    layout(rules)["zones"]    # [{"name": "casino", "shape": "indexed", "seen": "public"}, ...]
    layout(rules)["kinds"]    # {"small": "die", "bill": "card"}
"""

from __future__ import annotations

from ..dsl import ast


def layout(rules) -> dict:
    """The table's plan as JSON: its title, zones and vars with their shapes ("one", "owners"
    or "indexed") in declaration order, whether each kind of piece is a die or a card, and
    whether a seat may hide something from the others (a `private` zone)."""
    parts = list(rules.program.parts.values())
    zones = [{"name": d.name, "shape": _shape(d.shape), "seen": d.visibility or "public"}
             for d in parts if isinstance(d, ast.Zone)]
    return {
        "title": rules.program.title,
        "zones": zones,
        "vars": [{"name": d.name, "shape": _shape(d.shape)} for d in parts if isinstance(d, ast.Var)],
        "kinds": {d.name: "die" if isinstance(d, ast.Die) else "card" for d in parts if isinstance(d, (ast.Die, ast.Card))},
        "private": any(zone["seen"] == "private" for zone in zones),
        "lowest_wins": rules.lowest_wins,
    }


def _shape(shape) -> str:
    if isinstance(shape, ast.PerPlayer):
        return "owners"
    if isinstance(shape, ast.Indexed):
        return "indexed"
    return "one"
