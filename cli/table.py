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

from .transcript import transcript
from ..interpreter.running.table_text import table_text

HELP = """\
  a number   answer with that option
  a label    answer with the option of that label (as printed, or as the log names it)
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
        words = decision.words()
        self.write("")
        self.write(f"{self.game.names[decision.seat]}: {decision.prompt}")
        for number, option in enumerate(words, start=1):
            self.write(f"  {number:>2}. {option}")
        while True:
            line = self.read()
            if line is None:
                raise InputEnded(f"the input ended at {self.game.names[decision.seat]}'s decision `{decision.point}` "
                                 f"({decision.prompt}), before the game did")
            answer = self._answer(line.strip(), decision, words)
            if answer is not None:
                return answer

    def _answer(self, text: str, decision, words: list[str]):
        """The index `text` answers, UNDONE, or None after saying why it does not (or after a command)."""
        if not text:
            return None
        if text == "q":
            raise Stopped("stopped at the table")
        if text == "?":
            self.write(HELP)
            return None
        if text == "t":
            self.write(decision.table() or table_text(decision.view, self.game.names, decision.piece_words()))
            return None
        if text == "u":
            return self._undo(decision.seat)
        if text.isascii() and text.isdigit():
            if len(text) <= len(str(len(words))) and 1 <= int(text) <= len(words):
                return int(text) - 1
            self.write(f"  no option {_shortened(text)}: answer 1 to {len(words)}")
            return None
        matches = [index for index, label in enumerate(decision.labels()) if label.lower() == text.lower()]
        if not matches:
            matches = [index for index, option in enumerate(words) if option.lower() == text.lower()]
        if len(matches) == 1:
            return matches[0]
        if matches:
            self.write(f"  {len(matches)} options read {text!r}: answer with the number")
        else:
            self.write(f"  {_shortened(text)!r} is none of the options: answer with a number, or ? for help")
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
        """The transcript so far as people at the table may read it: their own decisions without
        the options just listed, and no seat's secret answer."""
        people = frozenset(seat for seat, agent in enumerate(self.agents) if agent is None)
        return transcript(self.game.log, people, at_the_table=True).split("\n") if self.game.log else []


def _shortened(text: str) -> str:
    """An answer as said back: its first 40 characters, so a long one is not echoed whole."""
    return text if len(text) <= 40 else f"{text[:40]}..."
