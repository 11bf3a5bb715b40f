"""What the page shows of a game at one moment, as JSON: the table as a seat (or the designer)
is shown it, the question asked, the transcript so far and, at the end, the standing.

Values are put in words here, once, as the table at the terminal says them
(interpreter/running/people.py), so the page only lays text out and never learns how the
rules language writes a value:

    view_json(game.shown(0))
    # {"seat": 0, "zones": {"casino": {"1": [["small", 3, 0]], ...}, "cup": [[...], null]},
    #  "counts": {"deck": 24}, "vars": {"bank": "3480000", "jetons": ["2", "2", "2", "2", "0"]},
    #  "parts": [{"name": "double_down", "title": "DOUBLE DOWN", "zones": {"field": []}, ...}],
    #  "lines": ["casino 1 (40000, 30000), board DOUBLE DOWN: no dice", ...]}
"""

from __future__ import annotations

from ..cli.transcript import is_shown_decision, offered_words, standing, transcript_lines
from ..interpreter.running.values import format_value


def view_json(shown) -> dict:
    """A PeopleView as JSON: zones keep their shape with pieces as [kind, face, owner] (face
    null for a die not rolled yet; a zone the seat cannot see is null), counts of unseen zones,
    every var shown as text shaped by its declaration (a list per owner, an object per index,
    or one text), the parts shown now with theirs, and the table in words."""
    return {
        "seat": shown.seat,
        "zones": _keyed(shown.zones),
        "counts": _keyed(shown.counts),
        "vars": _keyed(shown.vars),
        "parts": [{"name": part.name, "title": part.title, "zones": _keyed(part.zones), "counts": _keyed(part.counts),
                   "vars": _keyed(part.vars)} for part in shown.parts],
        "lines": list(shown.lines),
    }


def decision_json(decision) -> dict:
    """A decision for the page: `point` and `options` (labels) are its keys, `prompt` and `words`
    what people read; `choices` the buttons, each with the options it stands for (the first is
    the answer it gives): options that read the same are one where they are the same move,
    else told apart (interpreter/running/choices.py)."""
    return {"seat": decision.seat, "point": decision.point, "prompt": decision.prompt, "options": decision.labels(),
            "words": decision.words(), "secret": decision.secret,
            "choices": [{"words": choice.words, "options": list(choice.options)} for choice in decision.choices()]}


def transcript_json(log: list | None, at_the_table: bool = False, options_of=None) -> tuple[list[str], dict]:
    """The transcript's lines, and for each decision's line (by its number, as text) every
    option it had, in words, those that read the same once with how many (`... (x4)`): a line
    names the option taken and how many there were, and the page lists them on a click.
    `at_the_table`: people read it while they play, so secret answers read `(secret)`
    (cli/transcript.py). `options_of(seat)`: whether the options of that seat's decisions are
    listed (None: every seat's); a seat over the network sees only its own, since another seat's
    options may be its private pieces (the cards in its hand)."""
    if not log:
        return [], {}
    lines, offered = [], {}
    for index, line in transcript_lines(log, at_the_table=at_the_table, short=True):
        event = log[index]
        listed = options_of is None or options_of(event.get("player"))
        if is_shown_decision(event) and listed and line.lstrip().startswith(">"):
            offered[str(len(lines))] = merged(offered_words(event))
        lines.append(line)
    while lines and not lines[0]:
        lines.pop(0)
        offered = {str(int(k) - 1): v for k, v in offered.items()}
    return lines, offered


def merged(words: list[str]) -> list[str]:
    """Options in words, each text once, in order, with how many times it was offered if more."""
    counted: dict[str, int] = {}
    for text in words:
        counted[text] = counted.get(text, 0) + 1
    return [text if count == 1 else f"{text} (x{count})" for text, count in counted.items()]


def standing_text(game, seats: list[str]) -> str:
    """The final standing, as the terminal prints it (cli/transcript.py)."""
    return standing(game, seats, game.rules.lowest_wins, game.rules.score_names)


def _keyed(shaped):
    """Families' members by index as JSON objects (JSON keys are text); lists and pieces as they are."""
    if isinstance(shaped, dict):
        return {format_value(index) if not isinstance(index, str) else index: _keyed(member)
                for index, member in shaped.items()}
    return shaped
