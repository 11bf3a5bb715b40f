"""What the page shows of a game at one moment, as JSON: the table as a seat (or the designer)
sees it, the question asked, the transcript so far and, at the end, the standing.

Values are formatted here, once, as the transcript writes them (`format_value`), so the page
only lays text out and never learns how the rules language writes a value:

    view_json(game.view(0), plan)
    # {"seat": 0, "zones": {"casino": {"1": [["small", 3, 0]], ...}, "cup": [[...], null]},
    #  "counts": {"deck": 24}, "vars": {"bank": "3480000", "jetons": ["2", "2", "2", "2", "0"]}}
"""

from __future__ import annotations

from ..cli.transcript import standing, transcript
from ..interpreter.running.values import format_value


def view_json(view, plan: dict) -> dict:
    """A SeatView as JSON: zones keep their shape with pieces as [kind, face, owner] (a zone the
    seat cannot see is null), counts of unseen zones, and every var as text shaped by its
    declaration (a list per owner, an object per index, or one text)."""
    shapes = {var["name"]: var["shape"] for var in plan["vars"]}
    return {
        "seat": view.seat,
        "zones": {name: _keyed(shaped) for name, shaped in view.zones.items()},
        "counts": {name: _keyed(shaped) for name, shaped in view.counts.items()},
        "vars": {name: _var_text(value, shapes.get(name, "one")) for name, value in view.vars.items()},
    }


def decision_json(decision) -> dict:
    """A decision for the page: `point` and `options` (labels) are its keys, `prompt` and `words` what people read."""
    return {"seat": decision.seat, "point": decision.point, "prompt": decision.prompt, "options": decision.labels(),
            "words": decision.words(), "secret": decision.secret}


def transcript_lines(log: list | None, at_the_table: bool = False) -> list[str]:
    """`at_the_table`: people read it while they play, so secret answers read `(secret)` (cli/transcript.py)."""
    return transcript(log, at_the_table=at_the_table).split("\n") if log else []


def standing_text(game, seats: list[str]) -> str:
    """The final standing, as the terminal prints it (cli/transcript.py)."""
    return standing(game, seats, game.rules.lowest_wins, game.rules.score_names)


def _keyed(shaped):
    """A family's members by index as a JSON object (JSON keys are text); lists and pieces as they are."""
    if isinstance(shaped, dict):
        return {format_value(index): _keyed(member) for index, member in shaped.items()}
    return shaped


def _var_text(value, shape: str):
    if shape == "owners" and isinstance(value, list):
        return [format_value(item) for item in value]
    if shape == "indexed" and isinstance(value, dict):
        return {format_value(index): format_value(item) for index, item in value.items()}
    return format_value(value)
