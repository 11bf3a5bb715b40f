"""The table in a terminal: people take seats beside bots and play a game decision by decision.

A driver of the steppable game (interpreter/running/driven.py), like `Rules.play`: a bot's decision
goes to its agent, a person's to the terminal. At each of a person's decisions the table
shows what happened since (the transcript), the question and its options numbered, and
reads an answer: the option's number or its label, `u` to undo back to the seat's previous
decision, `t` to show the table as the seat sees it, `?` for help, `q` to stop. It reads
lines, so a pipe plays as well as a keyboard.

    table = Table(game, [None, greedy, greedy, greedy], read=input_line, write=print)
    table.run()                  # None in a seat's place: a person sits there
"""

from __future__ import annotations

from collections import Counter

from .transcript import transcript
from ..interpreter.running.runtime import format_value

HELP = """\
  a number   answer with that option
  a label    answer with the option of that label (as printed)
  u          undo: back to your previous decision
  t          show the table as you see it
  ?          this help
  q          stop the game"""


# What a person's answer is when it went back instead: the table asks the decision it is at now.
UNDONE = object()


class Stopped(Exception):
    """The person asked to stop (`q`)."""


class InputEnded(Exception):
    """The input ended before the game did (a pipe with too few answers)."""


class Table:
    """One game played by people and bots; see the module docstring."""

    def __init__(self, game, agents: list, read, write, thinking=None):
        """`agents`: per seat an agent, or None where a person sits; `read()` returns the next
        line typed (None at the end of input); `write(text)` shows a line; `thinking(text)`, if
        given, shows a passing note while a bot that searches decides (None: it is done)."""
        self.game = game
        self.agents = agents
        self.read = read
        self.write = write
        self.thinking = thinking
        # How many lines of the transcript have been shown.
        self._shown = 0

    def run(self) -> None:
        """Play to the end of the game; raises Stopped if the person stops."""
        game = self.game
        while not game.over:
            decision = game.decision
            agent = self.agents[decision.seat]
            if agent is None:
                self._news()
                answer = self._ask(decision)
                if answer is not UNDONE:
                    game.play(answer)
            elif agent.blind or self.thinking is None:
                game.play(game.rules.answer(agent, decision))
            else:
                self.thinking(f"turn {game.turns}: {game.names[decision.seat]} ({agent.name}) is thinking ...")
                answer = game.rules.answer(agent, decision)
                self.thinking(None)
                game.play(answer)
        self._news()

    # ------------------------------------------------------------ a person's decision

    def _ask(self, decision):
        """The index of the option the person picks, or UNDONE after going back."""
        labels = decision.labels()
        self.write("")
        self.write(f"{self.game.names[decision.seat]}, {decision.prompt}:")
        for number, label in enumerate(labels, start=1):
            self.write(f"  {number:>2}. {label}")
        while True:
            line = self.read()
            if line is None:
                raise InputEnded(f"the input ended at {self.game.names[decision.seat]}'s decision `{decision.prompt}`, "
                                 "before the game did")
            answer = self._answer(line.strip(), decision, labels)
            if answer is not None:
                return answer

    def _answer(self, text: str, decision, labels: list[str]):
        """The index `text` answers, UNDONE, or None after saying why it does not (or after a command)."""
        if not text:
            return None
        if text == "q":
            raise Stopped("stopped at the table")
        if text == "?":
            self.write(HELP)
            return None
        if text == "t":
            self.write(table_text(decision.view, self.game.names))
            return None
        if text == "u":
            return self._undo(decision.seat)
        if text.isdigit():
            if 1 <= int(text) <= len(labels):
                return int(text) - 1
            self.write(f"  no option {text}: answer 1 to {len(labels)}")
            return None
        matches = [index for index, label in enumerate(labels) if label.lower() == text.lower()]
        if len(matches) == 1:
            return matches[0]
        if matches:
            self.write(f"  {len(matches)} options read {text!r}: answer with the number")
        else:
            self.write(f"  {text!r} is none of the options: answer with a number, or ? for help")
        return None

    def _undo(self, seat: int):
        """Back to the seat's previous decision (UNDONE), or None if it has none."""
        history = self.game.history
        earlier = [k for k, (asked, _) in enumerate(history) if asked == seat]
        if not earlier:
            self.write("  nothing to undo: this is your first decision")
            return None
        self.game.undo(len(history) - earlier[-1])
        self._shown = len(self._transcript())
        self.write("  (undone: back to your previous decision)")
        return UNDONE

    def _news(self) -> None:
        """The lines of the transcript the table has not shown yet."""
        lines = self._transcript()
        if len(lines) > self._shown:
            self.write("\n".join(lines[self._shown:]))
            self._shown = len(lines)

    def _transcript(self) -> list[str]:
        return transcript(self.game.log).split("\n") if self.game.log else []


def table_text(view, names: list[str]) -> str:
    """What a seat sees, in lines, when the ruleset declares no view of its own: every zone
    that holds something, the shared ones first, then each owner's under the owner's name
    (pieces as kind:face, repeated ones counted, face-down piles as counts), then the vars."""
    shared, owned, seen = [], {}, set()
    for zones, show in ((view.zones, lambda pieces, owner: _pieces_text(pieces, names, owner)),
                        (view.counts, lambda count, owner: f"{count} face down")):
        for name, shaped in zones.items():
            for label, owner, content in _members(name, shaped):
                if content and (label, owner) not in seen:
                    seen.add((label, owner))
                    entries = shared if owner is None else owned.setdefault(owner, [])
                    entries.append(f"{label}: {show(content, owner)}")
    lines = [f"The table as {names[view.seat]} sees it:"]
    for heading, entries in [("on the table", shared)] + [(names[owner], owned[owner]) for owner in sorted(owned)]:
        if entries:
            lines.append(f"  {heading}:")
            lines.extend(f"    {entry}" for entry in entries)
    if view.vars:
        lines.append("  vars:")
        lines.extend(f"    {name} = {format_value(value)}" for name, value in view.vars.items())
    return "\n".join(lines)


def _members(name: str, shaped):
    """(label, owner or None, content) of a zone, of each zone of a family, or of each owner's zone."""
    if isinstance(shaped, dict):
        return [(f"{name}[{index}]", None, content) for index, content in shaped.items()]
    if isinstance(shaped, list) and shaped and not isinstance(shaped[0], tuple):
        return [(name, owner, content) for owner, content in enumerate(shaped)]
    return [(name, None, shaped)]


def _pieces_text(pieces: list, names: list[str], home=None) -> str:
    """Pieces grouped by owner, each group's pieces as kind:face, repeated ones counted; the
    owner is named unless it is `home`, the owner of the zone they lie in."""
    owners: dict = {}
    for kind, face, owner in pieces:
        owners.setdefault(owner, Counter())[f"{kind}:{format_value(face)}"] += 1
    groups = []
    for owner, counted in owners.items():
        shown = ", ".join(f"{label} x{count}" if count > 1 else label for label, count in counted.items())
        groups.append(shown if owner is None or owner == home else f"{names[owner]}: {shown}")
    return "; ".join(groups)
