"""What a seat sees, for libraries outside rulesrun: its view as text and as a vector of
fixed size, built from the ruleset's declarations alone, the same for every game.

    layout = layout_of(rules.start(players=4, seed=0), prompts(rules))   # any game of those seats
    vector = [0.0] * layout.size
    encode(layout, view_of(game, seat), game.decision, vector)
    layout.names[:3]                                  # ("seat[0]", "seat[1]", "seat[2]")

The vector counts the pieces of every zone by kind and face and by kind and owner (a
`hidden` zone, and another owner's `private` one, by its size only) and holds every var that holds a number, after a one-hot of
the seat looking, the seat deciding and the prompt; docs/bridges.md ("The observation
vector") lists the entries in order. Numbers are raw; the zones show only what the seat may
see (interpreter/running/view.py).
"""

from __future__ import annotations

import attrs

from .dsl import ast
from .interpreter.running.values import format_value
from .interpreter.running.view import seat_view


def view_of(game, seat: int):
    """What `seat` may see of a driven game now, decided or not (interpreter/running/view.py): the
    bridges observe for every seat, and a decision's `view` is its deciding seat's only."""
    return seat_view(game._state, seat)


# ------------------------------------------------------------------ text


def view_text(view, decision) -> str:
    """The view as lines of text: the seat, the decision (its options only to the seat that
    decides), every zone the seat sees into, how many pieces lie in those it does not (hidden
    ones, others' private ones), and every var."""
    lines = [f"seat {view.seat} of {view.players}", _decision_line(view.seat, decision)]
    seen = set()
    for name, value in view.zones.items():
        for key, pieces in _members(value):
            if pieces is not None:
                seen.add((name, key))
                lines.append(f"{name}{_suffix(key)}: {' '.join(_piece_text(p) for p in pieces)}".rstrip())
    for name, value in view.counts.items():
        for key, count in _members(value):
            if (name, key) not in seen:
                lines.append(f"{name}{_suffix(key)}: {count} unseen")
    for name, value in view.vars.items():
        lines.append(f"{name} = {format_value(value)}")
    return "\n".join(lines)


def history_text(view) -> str:
    """The decisions so far as the seat knows them: `seat:answer`, `?` for a secret it has not seen."""
    return "history: " + " ".join(f"{seat}:{'?' if answer is None else answer}" for seat, answer in view.history)


def _decision_line(seat: int, decision) -> str:
    if decision is None:
        return "game over"
    if decision.seat != seat:
        return f"seat {decision.seat} decides {decision.point}"
    return f"you decide {decision.point}: " + " | ".join(decision.labels())


def _piece_text(piece) -> str:
    kind, face, owner = piece
    return f"{kind}:{face}" if owner is None else f"{kind}:{face}@{owner}"


def _members(value):
    """(key, member) of a zone as the view shows it: a family is a dict, a zone per owner a
    list of piles (None for one the seat cannot see) or of counts; one zone is a pile of piece
    tuples, or a count."""
    if isinstance(value, dict):
        return list(value.items())
    if isinstance(value, list) and value and not isinstance(value[0], tuple):
        return list(enumerate(value))
    return [(None, value)]


def _suffix(key) -> str:
    return "" if key is None else f"[{key}]"


# ------------------------------------------------------------------ vector


@attrs.frozen(slots=True)
class Layout:
    """Where each fact of a view goes in the vector (the module docstring lists the order)."""

    players: int
    owners: int
    prompts: tuple
    # (name, key, counted, shown, start) per zone member; key None for a single zone. A counted
    # member starts with its size (hidden and private zones); a shown one has a block of
    # counts by kind, face and owner (public and private zones; empty for another's private).
    zones: tuple
    # kind name -> (start within a zone's block, {face: index}, number of faces)
    kinds: dict
    # (name, key, start) per var member; key None for a single var.
    variables: tuple
    size: int
    names: tuple


def layout_of(game, known_prompts: tuple) -> Layout:
    """The layout for games of `game`'s rules and seats, read off a started game: the zones,
    kinds and vars are declared, and their members (family indexes, owners) made at setup."""
    state = game._state
    program = game.rules.program
    view = view_of(game, 0)
    owners = len(state.owners)
    names = [f"seat[{p}]" for p in range(game.players)] + [f"decides[{p}]" for p in range(game.players)]
    names += [f"prompt:{prompt}" for prompt in known_prompts]

    kinds, block_names = {}, []
    for decl in program.parts.values():
        if isinstance(decl, (ast.Die, ast.Card)):
            faces = getattr(state, f"k_{decl.name}").faces
            kinds[decl.name] = (len(block_names), {face: i for i, face in enumerate(faces)}, len(faces))
            block_names += [f"{decl.name}/face {format_value(face)}" for face in faces]
            block_names += [f"{decl.name}/owner {o}" for o in range(owners)] + [f"{decl.name}/owner none"]

    zones = []
    for decl in program.of_kind(ast.Zone):
        counted, shown = decl.visibility in ("hidden", "private"), decl.visibility != "hidden"
        for key in _keys(decl.shape, (view.counts if counted else view.zones)[decl.name], owners):
            zones.append((decl.name, key, counted, shown, len(names)))
            label = f"{decl.name}{_suffix(key)}"
            names += [f"{label}/count"] * counted + [f"{label}/{entry}" for entry in block_names] * shown

    variables = []
    for decl in program.of_kind(ast.Var):
        for key in _keys(decl.shape, view.vars[decl.name], owners):
            variables.append((decl.name, key, len(names)))
            label = f"{decl.name}{_suffix(key)}"
            names += [label, f"{label}/set"]

    return Layout(game.players, owners, tuple(known_prompts), tuple(zones), kinds, tuple(variables), len(names),
                  tuple(names))


def _keys(shape, value, owners: int) -> list:
    if isinstance(shape, ast.Indexed):
        return list(value)
    if isinstance(shape, ast.PerPlayer):
        return list(range(owners))
    return [None]


def encode(layout: Layout, view, decision, out) -> None:
    """Write the vector of `view` (with the game's present `decision`, None once over) into
    `out`, a zeroed sequence of `layout.size` numbers (a list or a numpy array)."""
    out[view.seat] = 1
    if decision is not None:
        out[layout.players + decision.seat] = 1
        if decision.point in layout.prompts:
            out[2 * layout.players + layout.prompts.index(decision.point)] = 1
    kinds, none = layout.kinds, layout.owners
    for name, key, counted, shown, start in layout.zones:
        if counted:
            count = view.counts[name]
            out[start] = count if key is None else count[key]
            start += 1
        pieces = view.zones[name] if shown else None
        if key is not None and pieces is not None:
            pieces = pieces[key]
        for kind, face, owner in pieces or ():
            at, faces, width = kinds[kind]
            out[start + at + faces[face]] += 1
            out[start + at + width + (none if owner is None else owner)] += 1
    for name, key, start in layout.variables:
        value = view.vars[name]
        if key is not None:
            value = value[key]
        if isinstance(value, (int, float)):
            out[start] = value
            out[start + 1] = 1
