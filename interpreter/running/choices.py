"""A decision's options as a person chooses among them: options that read the same are one
choice where they are the same move, and are told apart where they are not.

The rules may offer one move several times over: a `choose` among a seat's dice in a zone
offers each die, and four dice showing 1 are four options that each read `move your 1 onto
the field`. Dice of one kind, owner and face in one zone are the same to the person (and to
the rules, but for which of them moves), so those options are one choice, answered with the
first of them. Options that read the same but are not the same move (the same die
in two zones, or values the words leave out) are told apart by where their pieces lie, else
by their labels:

    choices(options, ["stop", "move your 1 onto the field", "move your 1 onto the field"], labels)
    # [Choice("stop", (0,)), Choice("move your 1 onto the field", (1, 2))]

The decision's options, their order and the answers logged never change: a choice answers
with an option's index, as an agent does.
"""

from __future__ import annotations

import attrs

from .values import Part, Piece, Zone, zone_words


@attrs.frozen(slots=True)
class Choice:
    """One choice as a person reads it, and the options (indexes) it stands for, the answer first."""

    words: str
    options: tuple


def choices(options: list, words: list[str], labels: list[str]) -> list[Choice]:
    """The choices among `options`, in the order of their first options (see the module docstring)."""
    groups: dict[str, dict] = {}
    for index, (option, text) in enumerate(zip(options, words)):
        groups.setdefault(text, {}).setdefault(_sameness(option), []).append(index)
    made = []
    for text, moves in groups.items():
        if len(moves) == 1:
            made.extend(Choice(text, tuple(indexes)) for indexes in moves.values())
            continue
        places = {key: _places(options[indexes[0]]) for key, indexes in moves.items()}
        apart = all(places.values()) and len(set(places.values())) == len(places)
        for key, indexes in moves.items():
            told = places[key] if apart else labels[indexes[0]]
            made.append(Choice(f"{text} ({told})", tuple(indexes)))
    return sorted(made, key=lambda choice: choice.options[0])


def _sameness(value):
    """What makes two options the same move: pieces by kind, face, owner and the zone they lie
    in, zones and parts by identity, lists, tuples and records item by item, anything else by value."""
    if isinstance(value, Piece):
        return ("piece", value.kind.name, value.face, value.owner, id(value.zone))
    if isinstance(value, (Zone, Part)):
        return ("at", id(value))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(_sameness(item) for item in value))
    if isinstance(value, dict):
        return ("map", tuple((key, _sameness(item)) for key, item in value.items()))
    if isinstance(value, (bool, int, float, str, type(None))):
        return value
    return ("at", id(value))


def _places(value) -> str:
    """Where the pieces of an option lie, in words (`in field 3`), or "" if it holds none."""
    found: list[str] = []
    _gather(value, found)
    return ", ".join(f"in {zone}" for zone in dict.fromkeys(found))


def _gather(value, found: list) -> None:
    if isinstance(value, Piece):
        found.append("no zone" if value.zone is None else zone_words(value.zone.name))
    elif isinstance(value, (list, tuple)):
        for item in value:
            _gather(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            _gather(item, found)
