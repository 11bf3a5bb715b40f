"""What a person reads: a game's transcript, its final standing, a simulation's summary.

The transcript is built from the log alone: what the rules narrate (`say`), grouped under
each turn, with every real decision (more than one option) shown as the seat's choice.
A narration that starts with `===` or `---` is a heading and ends the current turn's group.
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table


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
    lines.append(f"Winner{'s' if len(result.winners) > 1 else ''}: "
                 + ", ".join(f"seat {w}" for w in result.winners) + shared
                 + f" after {result.turns} turns")
    return "\n".join(lines)


def summary_table(summary) -> None:
    table = Table(title=f"{summary.games} games, mean turns {summary.mean_turns:.1f}")
    for column in ("seat", "agent", "win share", "mean score", "sd score"):
        table.add_column(column, justify="right")
    for seat in summary.seats:
        table.add_row(str(seat.seat), seat.agent, f"{seat.win_share:.3f}", f"{seat.mean_score:,.0f}", f"{seat.sd_score:,.0f}")
    Console(width=100).print(table)
