"""The built-in functions of the language: names, arity and what each is for.

This table is part of the language (the checker checks calls against it, docs/language.md
documents it); interpreter/builtins.py implements each entry, and a test keeps both in step.
"""

from __future__ import annotations

import attrs


@attrs.frozen(slots=True)
class Builtin:
    name: str
    low: int
    high: int
    doc: str
    keywords: tuple[str, ...] = ()


BUILTINS = {
    b.name: b
    for b in (
        Builtin("len", 1, 1, "number of items in a list or pieces in a zone"),
        Builtin("sum", 1, 1, "sum of a list of numbers"),
        Builtin("max", 1, 1, "largest item of a non-empty list"),
        Builtin("min", 1, 1, "smallest item of a non-empty list"),
        Builtin("abs", 1, 1, "absolute value"),
        Builtin("sorted", 1, 1, "the list sorted; key=x => ..., desc=true for high to low", ("key", "desc")),
        Builtin("zip", 2, 2, "pairs (a[i], b[i]) up to the shorter list"),
        Builtin("count", 2, 2, "how often a value occurs in a list"),
        Builtin("any", 1, 1, "true if some item of the list is true"),
        Builtin("all", 1, 1, "true if every item of the list is true"),
        Builtin("distinct", 1, 1, "the list without repeats, first occurrence kept"),
        Builtin("first", 1, 1, "the first item of a non-empty list"),
        Builtin("last", 1, 1, "the last item of a non-empty list (the top of a pile)"),
        Builtin("faces", 1, 1, "the distinct faces shown by a list of dice, low to high"),
        Builtin("weight", 1, 1, "total weight of pieces (a die of weight 2 counts as two)"),
        Builtin("facesum", 1, 1, "sum of the face values of pieces"),
        Builtin("highest", 1, 1, "the highest face value among pieces (0 for none)"),
        Builtin("owned", 2, 2, "the pieces owned by an owner"),
        Builtin("showing", 2, 2, "the dice showing a face"),
        Builtin("owners_of", 1, 1, "the distinct owners of pieces, in seat order"),
        Builtin("by_owner", 1, 1, "pairs (owner, that owner's pieces), in seat order"),
        Builtin("of_kind", 2, 2, "the pieces of one kind"),
        Builtin("pieces", 1, 1, "every piece of a kind in the game, wherever it lies"),
        Builtin("left", 1, 1, "the next seat clockwise"),
        Builtin("right", 1, 1, "the previous seat (counter-clockwise)"),
        Builtin("name", 1, 1, "an owner's display name (seats and imaginary players)"),
        Builtin("is_player", 1, 1, "true for a seat, false for an imaginary player"),
        Builtin("choose", 3, 3, "choose(player, label, options): the player picks one option; secret=true: no other seat learns which", ("secret",)),
        Builtin("chance", 1, 1, "true with the given probability (one draw of the game's random stream)"),
        Builtin("random_int", 2, 2, "a uniform whole number from low to high inclusive"),
        Builtin("combinations", 2, 2, "every way to pick k items of a list, each as a list, in list order"),
        Builtin("without", 2, 2, "the items of the first list that are not in the second"),
        Builtin("shuffled", 1, 1, "a new list with the items in random order (the game's random stream)"),
    )
}

GLOBAL_VALUES = {
    "players": "the seats in play, 0..n-1 clockwise",
    "num_players": "how many seats play",
    "owners": "every owner: the seats, then the imaginary players",
}
