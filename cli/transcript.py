"""What a person reads of one game: its transcript and its final standing.

The transcript is built from the log alone: what the rules narrate (`say`), grouped under
each turn, with every real decision (more than one option) shown as the seat's choice, in
the words the rules give (the question, the options as they read), else by their labels:

    > seat 0: Which casino does the sign close? -> casino 6 (of 5: casino 1; casino 3; ...)
    > seat 0 chooses place(6) (of 2: place(1); place(6))
A narration that starts with `===` or `---` is a heading and ends the current turn's group.
"""

from __future__ import annotations


def transcript(log: list[dict], brief=frozenset(), at_the_table: bool = False, short: bool = False) -> str:
    return "\n".join(line for _, line in transcript_lines(log, brief, at_the_table, short)).strip("\n")


def transcript_lines(log: list[dict], brief=frozenset(), at_the_table: bool = False,
                     short: bool = False) -> list[tuple[int, str]]:
    """The transcript's lines, each with the index of the event that made it (to cut a
    transcript at a decision, as `replay --step` does). The decisions of the seats in
    `brief` leave out the options: the table's people have just read them, numbered.
    `at_the_table`: people read it while they play, so a secret answer (`choose(...,
    secret = true)`) reads `(secret)`: the rules say what it was when the game reveals it.
    `short`: every other decision names the option taken and how many there were, not each
    of them (a bot's line at the table; `--verbose` and the page's click list them)."""
    lines = []
    indent = ""
    for index, event in enumerate(log):
        kind = event["t"]
        if kind == "turn":
            lines.append((index, f"turn {event['number']} - seat {event['player']}"))
            indent = "  "
        elif kind == "say":
            text = event["text"]
            if text.startswith(("===", "---")):
                indent = ""
                if text.startswith("==="):
                    lines.append((index, ""))
            lines.extend((index, indent + line) for line in text.split("\n"))
        elif is_shown_decision(event):
            hidden = at_the_table and event.get("secret", False)
            offered = NONE if event["player"] in brief else COUNT if short else ALL
            lines.append((index, indent + decision_line(event, offered, hidden)))
    return lines


# How much of a decision's options its line says: all of them, how many, or nothing.
ALL, COUNT, NONE = "all", "count", "none"


def decision_line(event: dict, offered: str = ALL, hidden: bool = False) -> str:
    """A logged decision as a player reads it: the question where the rules word it, the answer
    (unless `hidden`) and the options in words where they have them (`offered`: all of them,
    how many, or nothing)."""
    options = offered_words(event)
    chosen = "(secret)" if hidden else options[event["choice"]]
    among = {ALL: f" (of {len(options)}: {listed(options)})", COUNT: f" (of {len(options)})", NONE: ""}[offered]
    if "prompt" in event:
        return f"> seat {event['player']}: {event['prompt']} -> {chosen}{among}"
    return f"> seat {event['player']} chooses {chosen}{among}"


def offered_words(event: dict) -> list[str]:
    """A logged decision's options in words where the rules word them, else by their labels."""
    return event.get("words") or event["options"]


def listed(options: list[str]) -> str:
    """Options in a line, always parted by semicolons: words may hold commas (`2 dice, 1 left`),
    and one separator for every decision reads the same from line to line."""
    return "; ".join(options)


def is_shown_decision(event: dict) -> bool:
    """A decision the transcript shows: one with a choice (more than one option)."""
    return event["t"] == "decide" and len(event["options"]) > 1


def standing(result, seats: list[str], lowest_wins: bool, names=()) -> str:
    """The seats ranked by their score keys, each key after its name where the rules name it
    (`score by p: money(p) as "money"` shows `money 760000`)."""
    order = sorted(range(len(seats)), key=lambda p: result.keys[p], reverse=not lowest_wins)
    lines = ["Final standing:"]
    for rank, seat in enumerate(order, start=1):
        keys = ", ".join(str(k) if name is None else f"{name} {k}"
                         for k, name in zip(result.keys[seat], tuple(names) + (None,) * len(result.keys[seat])))
        crown = "  <- winner" if seat in result.winners else ""
        lines.append(f"  {rank}. seat {seat} ({seats[seat]}): {keys}{crown}")
    shared = " (shared)" if len(result.winners) > 1 else ""
    if not result.winners:
        lines.append(f"Nobody wins after {result.turns} turns")
    else:
        lines.append(f"Winner{'s' if len(result.winners) > 1 else ''}: "
                     + ", ".join(f"seat {w}" for w in result.winners) + shared
                     + f" after {result.turns} turns")
    return "\n".join(lines)

