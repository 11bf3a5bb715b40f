"""What a person reads of one game: its transcript and its final standing.

The transcript is built from the log alone: what the rules narrate (`say`), grouped under
each turn, with every real decision (more than one option) shown as the seat's choice.
A narration that starts with `===` or `---` is a heading and ends the current turn's group.
"""

from __future__ import annotations


def transcript(log: list[dict]) -> str:
    lines = []
    indent = ""
    for event in log:
        kind = event["t"]
        if kind == "turn":
            lines.append(f"turn {event['number']} - seat {event['player']}")
            indent = "  "
        elif kind == "say":
            text = event["text"]
            if text.startswith(("===", "---")):
                indent = ""
                if text.startswith("==="):
                    lines.append("")
            lines.append(indent + text)
        elif kind == "decide" and len(event["options"]) > 1:
            chosen = event["options"][event["choice"]]
            others = len(event["options"]) - 1
            lines.append(f"{indent}> seat {event['player']} chooses {chosen} (of {others + 1}: {', '.join(event['options'])})")
    return "\n".join(lines).strip("\n")


def standing(result, seats: list[str], lowest_wins: bool) -> str:
    order = sorted(range(len(seats)), key=lambda p: result.keys[p], reverse=not lowest_wins)
    lines = ["Final standing:"]
    for rank, seat in enumerate(order, start=1):
        keys = ", ".join(str(k) for k in result.keys[seat])
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

