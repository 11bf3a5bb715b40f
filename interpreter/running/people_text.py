"""The table in words as a person is shown it (people.py): every zone that holds something
and every var, the shared ones first, then each owner's under the owner's name, then each
part in play under its title. What `t` prints at the table and the page shows in words when
the ruleset declares no `view` of its own; with one, `added_lines` is what the table adds
below the declared lines: the seat's own private pieces and the parts.

    The table as seat 0 sees it:
      on the table:
        field 4: 4, 4*; seat 2: 4
        bank: 30000
      seat 0:
        supply: 1, 3 x2
        coins: 2
      BONUS:
        field: seat 1: 3
"""

from __future__ import annotations

from .table_text import members, pieces_text
from .values import format_value, zone_words


def table_in_words(view, names: list[str], shown=None) -> str:
    """The whole table in lines (see the module docstring). `shown(kind, face, owner)`: a piece
    in words (running/words.py), face None for a die not rolled yet."""
    shown = shown or _plain_piece
    shared, owned = [], {}
    for label, owner, text in _entries(view.zones, view.counts, {}, names, shown):
        (shared if owner is None else owned.setdefault(owner, [])).append(f"{label}: {text}")
    for label, owner, text in _entries({}, {}, view.vars, names, shown):
        # An imaginary player's vars are shown where it has pieces: its coins are no one's.
        if owner is None or owner < view.players or owner in owned:
            (shared if owner is None else owned.setdefault(owner, [])).append(f"{label}: {text}")
    lines = ["The table:" if view.seat is None else f"The table as {names[view.seat]} sees it:"]
    sections = [("on the table", shared)] + [(names[owner], owned[owner]) for owner in sorted(owned)]
    for part in view.parts:
        sections.append((part.title, [f"{label}: {text}" for label, _, text in
                                      _entries(part.zones, part.counts, part.vars, names, shown, empty=True)]))
    for heading, entries in sections:
        if entries:
            lines.append(f"  {heading}:")
            lines.extend(f"    {entry}" for entry in entries)
    return "\n".join(lines)


def added_lines(view, names: list[str], shown, private: set) -> list[str]:
    """What the table adds below a declared `view`: a line per private zone (the seat's own
    pieces in full, the others' as counts; every owner's pieces for the whole table) and a line
    per part in play, with its zones and vars."""
    lines = []
    for name in sorted(private & set(view.zones), key=list(view.zones).index):
        entries = []
        for owner, pile in enumerate(view.zones[name]):
            count = view.counts.get(name, [0] * len(names))[owner]
            if owner == view.seat:
                entries.insert(0, pieces_text(pile, names, shown, owner, True) or "empty")
            elif pile is not None and pile:
                entries.append(f"{names[owner]}: {pieces_text(pile, names, shown, owner, True)}")
            elif count:
                entries.append(f"{names[owner]}: {count} face down")
        if entries:
            label = f"your {zone_words(name)}" if view.seat is not None else zone_words(name)
            lines.append(f"{label}: {'; '.join(entries)}")
    for part in view.parts:
        entries = [f"{label}: {text}" for label, _, text in
                   _entries(part.zones, part.counts, part.vars, names, shown, empty=True)]
        if entries:
            lines.append(f"{part.title}: {'; '.join(entries)}")
    return lines


def _entries(zones: dict, counts: dict, variables: dict, names: list[str], shown, empty: bool = False):
    """(label in words, owner or None, text) of every zone member that holds something (every
    one, `empty`: a family that holds nothing as one), then every var member, in declaration order."""
    seen = set()
    for found, show in ((zones, lambda pieces, owner: pieces_text(pieces, names, shown, owner, True)),
                        (counts, lambda count, owner: f"{count} face down")):
        for name, shaped in found.items():
            each = members(name, shaped)
            if empty and isinstance(shaped, dict) and not any(content for _, _, content in each):
                each = [(zone_words(name), None, [])]
            for label, owner, content in each:
                if (label, owner) not in seen and content is not None and (content or empty):
                    seen.add((label, owner))
                    yield label, owner, show(content, owner) if content else "empty"
    for name, shaped in variables.items():
        for label, owner, text in members(name, shaped):
            yield label, owner, text


def _plain_piece(kind: str, face, owner) -> str:
    return kind if face is None else f"{kind}:{format_value(face)}"
