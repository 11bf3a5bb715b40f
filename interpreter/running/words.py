"""What people read of a game: the question a decision asks, its options and the pieces, in
the words the rules give (`point`, `shown`, `choose(..., prompt = ..., shown = ...)`).

The machine keeps its own names beside them: a decision's `point` and `labels()` key logs,
search trees and bridges' layouts, and never change when a designer rewords a question. The
words are computed only when someone reads them (a log, the table, a bridge), so a simulated
game never spends time on them; where the rules give none, they are built from the names.

    decision.point, decision.labels()     # "after_roll", ["place(3)", "pass_with_token()"]
    decision.prompt, decision.words()     # "Which face do you place?", ["field 3", "pass with a token"]
"""

from __future__ import annotations

from collections import Counter

from ...dsl import ast
from .runtime import option_label, option_labels
from .values import SHOWN, Piece, format_value, written_at_most, zone_words


def in_words(value, limit: int = SHOWN) -> str:
    """A value as people read it: pieces through their kind's `shown` (`4*`), kinds and parts
    by their titles (`big die`, `BONUS`), zones by their names in words (`field 3`), everything
    else as the rules language writes it (format_value); cut after `limit` characters
    (values.SHOWN). The rules' own texts are written with `values.written`, within the game's
    budget."""
    return written_at_most(value, limit, True)


def prompt(game, player: int, point: str, is_move: bool, asked) -> str:
    """The question: the point's `point NAME "..."` or the `choose`'s `prompt`, else its name in words."""
    worded = given_prompt(game, player, point, is_move, asked)
    return worded if worded is not None else point.replace("_", " ")


def given_prompt(game, player: int, point: str, is_move: bool, asked) -> str | None:
    """The question as the rules word it, or None if they do not."""
    if is_move:
        question = game.code["PROMPTS"].get(point)
        return None if question is None else question(game, player)
    if asked is not None and asked[0] is not None:
        return in_words(asked[0]())
    return None


def option_words(game, player: int, options: list, is_move: bool, asked, apart: bool = True) -> list[str]:
    """Each option in words: a move's `shown` text, a `choose`'s `shown` function, else the
    move's name and values (`pass with token`, `place 3`) or the value itself, pieces as their
    kinds show them; options that would read alike are told apart (`told_apart`) unless
    `apart` is false (the table merges those that are the same move first: choices.py)."""
    if is_move:
        shown = game.code["SHOWN"]
        words = [shown[name](game, player, *args) if name in shown else _move_words(name, args)
                 for name, args in options]
    elif asked is not None and asked[1] is not None:
        shown = asked[1]()
        words = [in_words(shown(option)) for option in options]
    else:
        words = [in_words(option) for option in options]
    return told_apart(words, options) if apart else words


def told_apart(words: list[str], options: list) -> list[str]:
    """`words`, where two options read alike, each of those followed by its label in brackets,
    and by where its pieces lie where that differs among them: a die of each of two kinds
    that read alike (`re-roll the 5 ([o_die:5])`, `re-roll the 5 ([t_die:5])`), two dice that
    look the same, one placed and one in hand (`your 1 onto the board (small:1@2 in pile 1)`,
    `your 1 onto the board (small:1@2 #2 in hand 2)`). Options equal in every way are offered
    once already (runtime.once); these differ, so a person is shown what differs, and an
    answer typed in words is never ambiguous.

        >>> told_apart(["the 5", "the 5", "the 6"], [5, 5.0, 6])
        ['the 5 (5)', 'the 5 (5.0)', 'the 6']
    """
    if len(set(words)) == len(words):
        return words
    labels = option_labels(options)
    groups: dict = {}
    for index, word in enumerate(words):
        groups.setdefault(word, []).append(index)
    told = list(words)
    for indexes in groups.values():
        if len(indexes) < 2:
            continue
        places = [_places(options[i]) for i in indexes]
        for index, where in zip(indexes, places):
            apart = f" in {where}" if where and len(set(places)) > 1 else ""
            if words[index] == option_label(options[index]):
                # Read as the machine writes it: its numbered label is what tells it apart.
                told[index] = labels[index] + (f" ({apart[1:]})" if apart else "")
            else:
                told[index] = f"{words[index]} ({labels[index]}{apart})"
    return told


def _places(option) -> str:
    """Where the pieces of an option lie, in words: of a piece, of the items of a list or tuple,
    and of a move's values (`pile 1, hand 2`); empty if it holds none."""
    if isinstance(option, tuple) and len(option) == 2 and isinstance(option[0], str) and isinstance(option[1], tuple):
        option = option[1]
    values = option if isinstance(option, (list, tuple)) else [option]
    items = [item for value in values for item in (value if isinstance(value, (list, tuple)) else [value])]
    zones = dict.fromkeys(item.zone.name for item in items if isinstance(item, Piece) and item.zone is not None)
    return ", ".join(zone_words(name) for name in zones)


def _move_words(name: str, args: tuple) -> str:
    readable = name.replace("_", " ")
    return f"{readable} {', '.join(in_words(a) for a in args)}" if args else readable


def logged_words(game, player: int, point: str, options: list, is_move: bool, asked) -> dict:
    """What a decision's log event carries in words: `prompt` where the rules word the
    question, `words` where the options read otherwise than their labels. A ruleset without
    words logs exactly what it logged before words existed."""
    fields = {}
    question = given_prompt(game, player, point, is_move, asked)
    if question is not None:
        fields["prompt"] = question
    if is_move:
        if any(name in game.code["SHOWN"] for name, _ in options):
            fields["words"] = option_words(game, player, options, is_move, asked)
        return fields
    words = option_words(game, player, options, is_move, asked)
    if (asked is not None and asked[1] is not None) or words != [format_value(option) for option in options]:
        fields["words"] = words
    return fields


def piece_words(game):
    """A function (kind name, face, owner) -> the piece in words, for views, which hold pieces
    as such triples: through the kind's `shown` where it has one, else `kind:face`; a die not
    rolled yet (face None, people.py) by its kind's name in words (`blank die`)."""
    declared = game.rules.program.of_kind((ast.Die, ast.Card))
    kinds = {decl.name: getattr(game, f"k_{decl.name}") for decl in declared}

    def shown(kind_name: str, face, owner) -> str:
        kind = kinds.get(kind_name)
        if face is None:
            return kind_name if kind is None or kind.title is None else kind.title
        if kind is None or kind.shown is None:
            return f"{kind_name}:{format_value(face)}"
        return kind.shown(face, kind.values[kind.faces.index(face)], owner)

    return shown


def declared_table(game) -> str | None:
    """The table as the rules' `view` shows it, a line per item of its list; None without one."""
    lines = game.code["VIEW"]
    if lines is None:
        return None
    value = lines(game)
    if isinstance(value, (list, tuple)):
        return "\n".join(in_words(line) for line in value)
    return in_words(value)


def table_words(game) -> str:
    """The whole table in words (the built-in `view()`): the rules' `view`, else every zone by owner."""
    from .table_text import table_text
    from .view import table_view

    return declared_table(game) or table_text(table_view(game), game.names, piece_words(game))
