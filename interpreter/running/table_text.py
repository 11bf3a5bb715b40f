"""The table in words when the rules declare no `view` of their own: every zone that holds
something, grouped by owner, then the vars. What the built-in `view()` says (of the whole
table, the designer's view, said into logs, so it stays as it is); what people at the table
are shown is people_text.py's.

    The table as seat 0 sees it:
      on the table:
        field 4: 4, 4*; seat 2: 4
      seat 0:
        supply: 1, 3 x2
"""

from __future__ import annotations

from collections import Counter

from .values import format_value, zone_words


def table_text(view, names: list[str], shown=None) -> str:
    """What a seat sees, in lines, when the ruleset declares no view of its own: every zone
    that holds something, the shared ones first, then each owner's under the owner's name
    (pieces as their kinds show them, else kind:face, repeated ones counted, face-down piles
    as counts), then the vars. `shown(kind, face, owner)`: a piece in words (running/words.py)."""
    shown = shown or (lambda kind, face, owner: f"{kind}:{format_value(face)}")
    shared, owned, seen = [], {}, set()
    for zones, show in ((view.zones, lambda pieces, owner: pieces_text(pieces, names, shown, owner)),
                        (view.counts, lambda count, owner: f"{count} face down")):
        for name, shaped in zones.items():
            for label, owner, content in members(name, shaped):
                if content and (label, owner) not in seen:
                    seen.add((label, owner))
                    entries = shared if owner is None else owned.setdefault(owner, [])
                    entries.append(f"{label}: {show(content, owner)}")
    lines = ["The table:" if view.seat is None else f"The table as {names[view.seat]} sees it:"]
    for heading, entries in [("on the table", shared)] + [(names[owner], owned[owner]) for owner in sorted(owned)]:
        if entries:
            lines.append(f"  {heading}:")
            lines.extend(f"    {entry}" for entry in entries)
    if view.vars:
        lines.append("  vars:")
        lines.extend(f"    {name} = {format_value(value)}" for name, value in view.vars.items())
    return "\n".join(lines)


def members(name: str, shaped):
    """(label in words, owner or None, content) of a zone, of each zone of a family, or of each owner's zone."""
    if isinstance(shaped, dict):
        return [(zone_words(f"{name}[{index}]"), None, content) for index, content in shaped.items()]
    if isinstance(shaped, list) and shaped and not isinstance(shaped[0], tuple):
        return [(zone_words(name), owner, content) for owner, content in enumerate(shaped)]
    return [(zone_words(name), None, shaped)]


def pieces_text(pieces: list, names: list[str], shown, home=None, unless_said: bool = False) -> str:
    """Pieces grouped by owner, each group's pieces in words, repeated ones counted; the
    owner is named unless it is `home`, the owner of the zone they lie in (or, `unless_said`,
    the pieces' words name it already: `neutral die x2` of the owner `neutral`)."""
    owners: dict = {}
    for kind, face, owner in pieces:
        owners.setdefault(owner, Counter())[shown(kind, face, owner)] += 1
    groups = []
    for owner, counted in owners.items():
        shown = ", ".join(f"{label} x{count}" if count > 1 else label for label, count in counted.items())
        said = unless_said and owner is not None and names[owner] in shown
        groups.append(shown if owner is None or owner == home or said else f"{names[owner]}: {shown}")
    return "; ".join(groups)
