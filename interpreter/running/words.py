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

from ...dsl import ast
from .values import SHOWN, format_value, written_at_most


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


def option_words(game, player: int, options: list, is_move: bool, asked) -> list[str]:
    """Each option in words: a move's `shown` text, a `choose`'s `shown` function, else the
    move's name and values (`pass with token`, `place 3`) or the value itself, pieces as their kinds show them."""
    if is_move:
        shown = game.code["SHOWN"]
        return [shown[name](game, player, *args) if name in shown else _move_words(name, args)
                for name, args in options]
    if asked is not None and asked[1] is not None:
        shown = asked[1]()
        return [in_words(shown(option)) for option in options]
    return [in_words(option) for option in options]


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
