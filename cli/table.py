"""The table in a terminal: people take seats beside bots and play a game decision by decision.

A driver of the steppable game (interpreter/running/driven.py), like `Rules.play`: a bot's decision
goes to its agent, a person's to the terminal. At each of a person's decisions the table
shows what happened since (the transcript), the question and its options numbered, and a
prompt marker (`seat 0> `), and reads an answer: the option's number or its label, `u` to
undo back to the seat's previous decision, `t` to show the table as the seat sees it, `?`
for help (each shows the question again after), `q` to stop. It reads lines, so a pipe
plays as well as a keyboard; but a pipe cannot read what the table says back and try again,
so a line from a pipe that answers nothing (no option, nothing to undo) ends the game
(NotAnswered) where a terminal asks again.

    table = Table(game, [None, greedy, greedy, greedy], read=input_line, write=print)
    table.run()                  # None in a seat's place: a person sits there

While people play, another seat's secret answer (`choose(..., secret = true)`) reads
`(secret)`; once the game is over the table says each one it hid, so the finished game's
transcript holds them as `replay --show` does. A table of bots only hides none.
"""

from __future__ import annotations

from .transcript import transcript, transcript_lines

HELP = """\
  a number   answer with that option
  a label    answer with the option of that label (as printed, or as the log names it)
  u          undo: back to your previous decision
  t          show the table as you see it
  ?          this help
  q          stop the game (it is kept in a log, to go on with later)"""


# What a person's answer is when it went back instead: the table asks the decision it is at now.
UNDONE = object()
# What a command that shows something (`t`, `?`) answers: the table shows the question again.
SHOWN = object()


class Stopped(Exception):
    """The person asked to stop (`q`)."""


class InputEnded(Exception):
    """The input ended before the game did (a pipe with too few answers)."""


class NotAnswered(Exception):
    """A line from a pipe that answers nothing (an option the decision does not have, nothing to
    undo): the pipe cannot read why and try again, so the game stops at the first."""


class Refusal(str):
    """What the table says back to a line that answers nothing."""


class Table:
    """One game played by people and bots; see the module docstring."""

    def __init__(self, game, agents: list, read, write, thinking=None, prompt=None, piped: bool = False,
                 verbose: bool = False):
        """`agents`: per seat an agent, or None where a person sits; `read()` returns the next
        line typed (None at the end of input); `write(text)` shows a line; `thinking(text)`, if
        given, shows a passing note while a bot that searches decides (None: it is done);
        `prompt(text)` shows the prompt marker, leaving the line open for the answer; `piped`:
        the lines come from a pipe or a file (see the module docstring), and each is said back
        after the marker, so that what is printed keeps a line per answer; `verbose`: a bot's
        decision lists every option it had, not only the one it took."""
        self.game = game
        self.agents = agents
        self.read = read
        self.write = write
        self.thinking = thinking
        self.prompt = prompt
        self.piped = piped
        self.verbose = verbose
        self.people = frozenset(seat for seat, agent in enumerate(agents) if agent is None)
        # How many lines of the transcript have been shown.
        self._shown = 0

    def run(self) -> None:
        """Play to the end of the game; raises Stopped if the person stops, InputEnded at the end
        of the input, NotAnswered at a line from a pipe that answers nothing."""
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
        self._revealed()

    # ------------------------------------------------------------ a person's decision

    def _ask(self, decision):
        """The index of the option the person picks, or UNDONE after going back. The options
        are listed as choices (interpreter/running/choices.py): those that read the same are one
        where they are the same move, else told apart."""
        listed = decision.choices()
        words = [choice.words for choice in listed]
        firsts = [choice.options[0] for choice in listed]
        self.write("")
        self._question(decision, words)
        while True:
            text = self._line(decision).strip()
            answer = self._answer(text, decision, words, firsts)
            if answer is SHOWN:
                self.write("")
                self._question(decision, words)
            elif isinstance(answer, Refusal):
                if self.piped:
                    raise NotAnswered(f"{answer.strip()} (a line from a pipe is read once)")
                self.write(answer)
            elif answer is not None:
                return answer

    def _question(self, decision, words: list[str]) -> None:
        self.write(f"{self.game.names[decision.seat]}: {decision.prompt}")
        for number, option in enumerate(words, start=1):
            self.write(f"  {number:>2}. {option}")

    def _line(self, decision) -> str:
        """The next line read at `decision`, after the prompt marker; InputEnded at the end of the input."""
        if self.prompt is not None:
            self.prompt(f"{self.game.names[decision.seat]}> ")
        line = self.read()
        if line is None:
            if self.prompt is not None:
                self.write("")
            raise InputEnded(f"the input ended at {self.game.names[decision.seat]}'s decision `{decision.point}` "
                             f"({decision.prompt}), before the game did")
        if self.piped and self.prompt is not None:
            self.write(_shortened(line.strip()))
        return line

    def _answer(self, text: str, decision, words: list[str], firsts: list[int]):
        """The index `text` answers, UNDONE, SHOWN after a command that shows something, a
        Refusal saying why it answers nothing, or None (an empty line). `words`: the choices as
        listed, `firsts`: the option each answers with."""
        if not text:
            return None
        if text == "q":
            raise Stopped("stopped at the table")
        if text == "?":
            self.write(HELP)
            return SHOWN
        if text == "t":
            self.write(decision.table())
            return SHOWN
        if text == "u":
            return self._undo(decision.seat)
        if text.isascii() and text.isdigit():
            if len(text) <= len(str(len(words))) and 1 <= int(text) <= len(words):
                return firsts[int(text) - 1]
            return Refusal(f"  no option {_shortened(text)}: answer 1 to {len(words)}")
        matches = [index for index, label in enumerate(decision.labels()) if label.lower() == text.lower()]
        if not matches:
            matches = [first for first, option in zip(firsts, words) if option.lower() == text.lower()]
        if len(matches) == 1:
            return matches[0]
        if matches:
            return Refusal(f"  {len(matches)} options read {_shortened(text)!r}: answer with the number")
        return Refusal(f"  {_shortened(text)!r} is none of the options: answer with a number, or ? for help")

    def _undo(self, seat: int):
        """Back to the seat's previous decision (UNDONE), or a Refusal if it has none."""
        history = self.game.history
        earlier = [k for k, (asked, _) in enumerate(history) if asked == seat]
        if not earlier:
            return Refusal("  nothing to undo: this is your first decision")
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
        the options just listed, a bot's with the option it took (every option, `verbose`), and
        no seat's secret answer while a person plays."""
        log = self.game.log
        people = bool(self.people)
        return transcript(log, self.people, at_the_table=people, short=people and not self.verbose).split("\n") if log else []

    def _revealed(self) -> None:
        """Once the game is over, each secret answer the transcript hid from the people at the table."""
        log = self.game.log
        if not self.people or not log:
            return
        secrets = {index for index, event in enumerate(log) if event["t"] == "decide" and event.get("secret")}
        lines = [line.strip() for index, line in transcript_lines(log, self.people) if index in secrets]
        if lines:
            self.write("\nThe secret answers, now that the game is over:\n" + "\n".join("  " + line for line in lines))


def _shortened(text: str) -> str:
    """An answer as said back: its first 40 characters, so a long one is not echoed whole."""
    return text if len(text) <= 40 else f"{text[:40]}..."
