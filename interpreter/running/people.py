"""What a person at the table is shown of a game: a seat's view (view.py) laid out for people,
as the terminal's `t`, the web page and the built-in `view()` show it.

An agent's view holds every fact the seat may observe, as data. What people read differs:

- A seat sees its own private pieces in full and the others' as counts, whatever `view` the
  rules declare. A declared view is computed for the whole table, alike for every seat, so it
  can say how many dice lie under each cup but never which: it arranges the table in words,
  and the seat's own pieces are added below it.
- What a part's own file declares (a board's field, its groups, its vars) is shown with the
  part, under its title, while the part is in play (as its kind says: `kind board in play when
  ...`; a part of a kind that says nothing is always shown) or holds pieces.
- Vars the rules mark `internal` (`var used internal = []`) are left out, and the others are
  in words (a part by its title, a piece as its kind shows it).
- A die not rolled yet (made, and neither rolled nor turned since, in a game that keeps its
  log, as every table does) shows no face: `(kind, None, owner)`.

    shown = people_view(game, 0)
    shown.zones["cup"]               # [[("d6", 4, 0), ("d6", 6, 0)], None]: its own cup
    shown.counts["cup"]              # [2, 3]
    shown.parts[0].title             # "BONUS"
    shown.parts[0].zones["field"]    # [("small", 3, 1)]
    shown.lines                      # the table in words, as `t` prints it
"""

from __future__ import annotations

import attrs

from ...dsl import ast
from ...dsl.parts import in_play_name
from ..compiling.names import named
from .people_text import added_lines, table_in_words
from .view import seen_zones
from .words import declared_table, in_words, piece_words


@attrs.frozen(slots=True)
class PartShown:
    """A part in play and what its own file declares, by the names its file gives them
    (`field` for `bonus_field`)."""

    name: str
    title: str
    zones: dict
    counts: dict
    vars: dict


@attrs.frozen(slots=True)
class PeopleView:
    """The table as a person at `seat` (None: the whole table) is shown it: the game's own zones
    (pieces as `(kind, face or None, owner)`, another owner's private zone None) and counts of
    those the seat cannot see into, its vars in words, shaped like their declarations, the parts
    shown now, and the whole in words (`lines`)."""

    seat: int | None
    players: int
    zones: dict
    counts: dict
    vars: dict
    parts: tuple
    lines: tuple


def people_view(game, seat: int | None, onlooker: bool = False) -> PeopleView:
    """What a person at `seat` is shown of the runtime game `game` now (None: the whole table;
    None and `onlooker`: the table as someone at no seat sees it, every private zone a count)."""
    program = game.rules.program
    unrolled = game.unrolled
    zones, counts = seen_zones(game, seat, lambda p: (p.kind.name, None if p in unrolled else p.face, p.owner),
                               onlooker)
    part_of = program.part_of
    internal = {d.name for d in program.of_kind(ast.Var) if d.internal}
    variables = {name: _in_words(getattr(game, f"v_{name}"), program.parts[name].shape)
                 for name in game.rules.namespace["VARS"] if name not in internal}
    parts = tuple(_part(decl, part_of, zones, counts, variables) for decl in program.of_kind(ast.Part)
                  if _shown(game, decl, zones))
    zones, counts, variables = (_without(found, part_of) for found in (zones, counts, variables))
    view = PeopleView(seat, game.n, zones, counts, variables, parts, ())
    words = piece_words(game)
    declared = declared_table(game)
    if declared is None:
        lines = table_in_words(view, game.names, words).split("\n")
    else:
        lines = declared.split("\n") + added_lines(view, game.names, words, _private(program))
    return attrs.evolve(view, lines=tuple(lines))


def _shown(game, decl: ast.Part, zones: dict) -> bool:
    """Whether a part is shown: in play, as its kind says (always, if its kind says nothing),
    or holding pieces."""
    program = game.rules.program
    kind = program.parts.get(decl.kind)
    if not isinstance(kind, ast.PartKind) or kind.in_play is None:
        return True
    if game.code[named("pr", in_play_name(kind))](game, getattr(game, f"t_{decl.name}")):
        return True
    return any(_holds(zones[name]) for name, part in program.part_of.items() if part == decl.name and name in zones)


def _part(decl: ast.Part, part_of: dict, zones: dict, counts: dict, variables: dict) -> PartShown:
    """A part with its own zones and vars, by the names its file gives them (dsl/parts.py,
    `owned`: every one of them begins with the part's name)."""
    short = len(decl.name) + 1

    def mine(found: dict) -> dict:
        return {name[short:]: value for name, value in found.items() if part_of.get(name) == decl.name}

    return PartShown(decl.name, decl.title or decl.name.replace("_", " "), mine(zones), mine(counts), mine(variables))


def _without(found: dict, part_of: dict) -> dict:
    return {name: value for name, value in found.items() if name not in part_of}


def _private(program) -> set:
    return {d.name for d in program.of_kind(ast.Zone) if d.visibility == "private"}


def _holds(shaped) -> bool:
    """Whether a zone, a family or a zone per owner as a view shapes it holds a piece."""
    if isinstance(shaped, dict):
        shaped = list(shaped.values())
    elif shaped and isinstance(shaped[0], tuple):
        return True
    return any(member for member in shaped)


def _in_words(value, shape) -> object:
    """A var's value in words, shaped like its declaration: a text per owner, per index, or one."""
    if isinstance(shape, ast.PerPlayer):
        return [in_words(item) for item in value]
    if isinstance(shape, ast.Indexed):
        return {index: in_words(item) for index, item in value.items()}
    return in_words(value)
