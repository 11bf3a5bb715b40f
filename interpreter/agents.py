"""Agents: whoever answers a seat's decisions. Generic, so they work for every ruleset.

An agent has one method, `choose(decision) -> index` into `decision.options`, and a flag
`blind`: an agent that never looks at the decision (it only needs how many options there
are) sets `blind = True` and implements `pick(count) -> index` instead, which spares the
game building a `Decision` for every choice. Agents get their own random stream, derived
from the game seed and the seat, so the same seed gives the same game whatever the agents'
internals draw.

    class FirstOption:
        blind = False

        def choose(self, decision):
            return 0
"""

from __future__ import annotations

import random


class RandomAgent:
    """Picks uniformly among the legal options."""

    name = "random"
    blind = True

    def __init__(self, seed=0):
        self._random = random.Random(seed).random

    def pick(self, count: int) -> int:
        return int(self._random() * count)

    def choose(self, decision) -> int:
        return self.pick(len(decision.options))


class ScriptedAgent:
    """Answers from a list, by option label or index: scenario tests and log replay.

    A label names the option as the transcript shows it, e.g. "place(3)"; an index is taken
    as is. When the script runs out, the agent raises, so a test notices the game asked more
    than it scripted.
    """

    name = "scripted"
    blind = False

    def __init__(self, answers):
        self.answers = list(answers)

    def choose(self, decision) -> int:
        if not self.answers:
            raise ScriptExhausted(f"seat {decision.player} was asked `{decision.point}` "
                                  f"({', '.join(decision.labels())}) but the script has no answer left")
        answer = self.answers.pop(0)
        if isinstance(answer, int):
            return answer
        labels = decision.labels()
        if answer not in labels:
            raise ScriptExhausted(f"seat {decision.player} at `{decision.point}`: `{answer}` is not one of {labels}")
        return labels.index(answer)


class ScriptExhausted(Exception):
    """A scripted seat was asked something its script does not answer."""


AGENTS = {"random": RandomAgent}


def make_agent(spec: str, game_seed: int, seat: int):
    """An agent from its command-line name, e.g. `random`."""
    name = spec.split(":", 1)[0]
    return AGENTS[name](f"{game_seed}:{seat}:{name}")
