"""The course of one game, as the game metrics read it (interpreter/studies/standings.py): every
seat's first score key at the start of each turn, whose turn it was, and the options of each
decision that had a choice.

A game keeps one only when asked (`Rules.play(..., course=True)`, `simulate --metrics`); else
`Game.course` is None and a turn or a decision costs one test of it more. The standing is the
meter's (interpreter/running/meter.py): at a turn's start the meter measures again only the
seats whose key may have changed since it last measured (`Meter.now`), as it would at the next
rule's start, and credits the change to the rule running, so the rules' pay is the same with a
course kept or not. Nothing of the game is read twice, and the rules run as they do without it.

    course = Course()          # game.course = course: the generated code of `turn p:` and of
                               # each decision of more than one option calls it
    course.seats               # [0, 1, 2, 0, 1, 2, ...]: whose turn began, in order
    course.standings           # [(0, 0, 0), (0, 0, 0), (5, 0, 0), ...]: first keys at each start
    course.options, course.choices   # 37, 12: options offered by the 12 decisions with a choice

In a look-ahead (interpreter/lookahead/search.py) the game has no course, as it has no meter:
what-if turns are not the game's.
"""

from __future__ import annotations


class Course:
    """One game's course, kept while it is played: an accumulator, as the meter is."""

    __slots__ = ("seats", "standings", "options", "choices")

    def __init__(self):
        self.seats: list = []
        self.standings: list[tuple] = []
        self.options = 0
        self.choices = 0

    def turn(self, g, player) -> None:
        """A turn of `player` begins in `g`: every seat's first score key, as the meter has it now."""
        self.seats.append(player)
        self.standings.append(tuple(g.meter.now(g)))

    def asked(self, options: int) -> None:
        """A decision of `options` options (more than one) was asked."""
        self.options += options
        self.choices += 1
