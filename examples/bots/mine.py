"""A bot of one's own, as `--agent examples/bots/mine.py:Mine` seats it (docs/agents.md).

It takes the option whose label sorts first: a plain, repeatable policy to start from. A bot
sees the decision its seat is asked (`decision.options`, `decision.labels()`, `decision.view`)
and answers with an option's index.
"""


class Mine:
    """Takes the option whose label sorts first."""

    name = "mine"
    blind = False

    def __init__(self, seed=0):
        self.seed = seed

    def choose(self, decision) -> int:
        labels = decision.labels()
        return labels.index(min(labels))
