"""Walking a logged game decision by decision (`rulesrun replay LOG --step`).

The transcript is cut after each decision with a choice: step k shows what happened from
the decision before up to decision k, step N (the last) the rest of the game. The walker
reads one command a line, so a pipe drives it as well as a keyboard:

    enter, n   the next step            b     the step before
    t N        the first step of turn N (or the next turn with a decision)
    p          play on from here: a new game from this step's decision, asked anew
    q          stop (so does the end of the input)

`p` ends the walk with `PlayOn`: the caller seats people and bots anew and plays the game on
from the decision (cli/sitting.py), the answers before it as the log gave them.
"""

from __future__ import annotations

import attrs

from .transcript import is_shown_decision, transcript_lines

HELP = "  enter or n: next decision   b: back   t N: jump to turn N   p: play on from here   q: quit"


@attrs.frozen(slots=True)
class Step:
    """One stretch of the transcript, ending at a decision (or at the end of the game)."""

    lines: tuple[str, ...]
    # The turn the stretch ends in (0 before the first turn).
    turn: int


def steps(log: list[dict]) -> list[Step]:
    """The transcript of `log` cut after each shown decision; the last step is what follows the last one."""
    lines = transcript_lines(log)
    cuts = [index for index, event in enumerate(log) if is_shown_decision(event)] + [len(log)]
    turns, turn = [], 0
    for index, event in enumerate(log):
        if event["t"] == "turn":
            turn = event["number"]
        turns.append(turn)
    out, start = [], -1
    for cut in cuts:
        out.append(Step(tuple(line for at, line in lines if start < at <= cut), turns[min(cut, len(log) - 1)] if log else 0))
        start = cut
    return out


@attrs.frozen(slots=True)
class PlayOn:
    """`p` at step `step`: play on from its decision, given the `step` answers before it."""

    step: int


def walk(log: list[dict], read, write, ending: str = "", over: bool = True) -> PlayOn | None:
    """Show the steps of `log` as the lines `read()` returns ask (None: the input ended);
    `ending` follows the last step (the final standing). PlayOn if asked to play on; `over`:
    the game ended (else it was stopped, and the last step waits at its decision)."""
    walked = steps(log)
    last = len(walked) - 1
    at = 0
    write(HELP)
    while True:
        step = walked[at]
        where = f"decision {at + 1} of {last}" if at < last else "the end"
        write(f"[{where}, turn {step.turn}]")
        if step.lines:
            write("\n".join(step.lines))
        if at == last and ending:
            write(ending)
        at = _command(read, write, at, last, walked, over)
        if at is None or isinstance(at, PlayOn):
            return at


def _command(read, write, at: int, last: int, walked: list[Step], over: bool) -> int | PlayOn | None:
    """The step the next command asks for, PlayOn, or None to stop."""
    while True:
        line = read()
        if line is None:
            return None
        text = line.strip().lower()
        if text in ("", "n"):
            if at < last:
                return at + 1
            write("  this is the end of the game: b to go back, q to quit")
        elif text == "b":
            if at > 0:
                return at - 1
            write("  this is the first decision")
        elif text == "q":
            return None
        elif text == "p":
            if at < last or not over:
                return PlayOn(at)
            write("  the game is over here: b goes back to a decision to play on from")
        elif text[:1] == "t" and (text[1:2].isspace() or text[1:2].isdigit()) and text[1:].strip():
            turn = _turn(text[1:].strip())
            found = None if turn is None else next((k for k, step in enumerate(walked) if step.turn >= turn), None)
            if found is not None:
                return found
            shown = text[1:].strip()
            shown = repr(shown if len(shown) <= 20 else shown[:20] + "...")
            write(f"  no turn {shown}: the game has turns 1 to {walked[-1].turn}, t 3 goes to turn 3")
        else:
            write(f"  {line.strip()!r} is no command here")
            write(HELP)


def _turn(text: str) -> int | None:
    """The turn `t TEXT` asks for: ASCII digits only (`t ²`, `t ٣`, `t 1e9` ask for none), of
    a length no game reaches past (a number of thousands of digits is none either)."""
    if not text.isascii() or not text.isdigit() or len(text) > 18:
        return None
    return int(text)
