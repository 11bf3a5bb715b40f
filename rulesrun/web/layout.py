"""What the page needs to know to lay out any ruleset's table, read off its declarations.

A view (interpreter/running/people.py) holds values only: `coins: ["3", "3", "3"]` may be a
var `per player` or a plain list that happens to have three entries. The declarations say
which, so the page can put every per-owner zone and var in a row of its owner, every family
(`zone casino[1..6]`, `var winner[1..6]`) in a grid by index, the rest in boxes and counters,
and what a part's own file declares (a board's field) in the part's box, with no word of any
game in the page:

    layout(rules)["zones"]    # [{"name": "casino", "label": "casino", "shape": "indexed", "seen": "public", "part": None}, ...]
    layout(rules)["parts"]    # [{"name": "double_down", "title": "DOUBLE DOWN"}, ...]
    layout(rules)["kinds"]    # {"small": "die", "bill": "card"}
"""

from __future__ import annotations

from ..dsl import ast
from ..interpreter.running.values import zone_words


def layout(rules) -> dict:
    """The table's plan as JSON: its title, zones and vars with their shapes ("one", "owners" or
    "indexed") in declaration order, each with its label in words and its part (None: the
    game's own) and the name its part's file gives it (`short`), leaving out vars marked `internal`; the parts, each kind of piece (a die or a
    card) with its name in words, and whether a seat may hide something from the others (a
    `private` zone)."""
    program = rules.program
    parts = list(program.parts.values())

    def placed(decl) -> dict:
        part = program.part_of.get(decl.name)
        short = decl.name if part is None else decl.name[len(part) + 1:]
        return {"name": decl.name, "label": zone_words(short), "shape": _shape(decl.shape), "part": part, "short": short}

    zones = [{**placed(d), "seen": d.visibility or "public"} for d in parts if isinstance(d, ast.Zone)]
    kinds = [d for d in parts if isinstance(d, (ast.Die, ast.Card))]
    return {
        "title": program.title,
        "zones": zones,
        "vars": [placed(d) for d in parts if isinstance(d, ast.Var) and not d.internal],
        "parts": [{"name": d.name, "title": d.title or zone_words(d.name)} for d in parts if isinstance(d, ast.Part)],
        "kinds": {d.name: "die" if isinstance(d, ast.Die) else "card" for d in kinds},
        "titles": {d.name: d.shown.title if d.shown is not None and d.shown.title else d.name for d in kinds},
        "private": any(zone["seen"] == "private" for zone in zones),
        "lowest_wins": rules.lowest_wins,
    }


def _shape(shape) -> str:
    if isinstance(shape, ast.PerPlayer):
        return "owners"
    if isinstance(shape, ast.Indexed):
        return "indexed"
    return "one"
