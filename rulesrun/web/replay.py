"""A logged game as steps a page can go through: one step per decision that had a choice, then
the end. Each step is the table at that decision (the whole table, as the log shows the
designer every piece), the question with the answer the log gave, and the transcript so far.

The game is played again from its seed with the logged answers (interpreter/studies/log.py
says why a log is enough), once, keeping a step at each decision. Whether a log file is a game
of its rules, event for event, is `log.replay`'s to check (`rulesrun serve LOG` does, first);
answers that do not fit the game at all are refused here too (`LogMismatch`).

    replay = Replay(rules, players=4, seed=7, events=events, seats=["greedy"] * 4)
    replay.summary()["steps"][0]   # {"turn": 1, "seat": 0, "prompt": "after_roll", "chosen": "place(5)"}
    replay.step(0)["view"]         # the table at the first decision
"""

from __future__ import annotations

import attrs

from ..interpreter.running.driven import NotAnOption
from .shown import decision_json, standing_text, transcript_json, view_json


class LogMismatch(Exception):
    """The logged answers do not fit the game the rules and seed play; says where."""


@attrs.frozen(slots=True)
class Step:
    turn: int
    # The question asked and the option the log chose; None at the end.
    decision: dict | None
    chosen: int | None
    # How many events of the log lie before this step.
    events: int
    view: dict


class Replay:
    """The steps of one logged game; see the module docstring."""

    def __init__(self, rules, players: int, seed: int, events: list[dict], seats: list[str]):
        self.seed = seed
        self.seats = list(seats)
        self.events = events
        answers = [event["choice"] for event in events if event["t"] == "decide" and len(event["options"]) > 1]
        game = rules.start(players, seed, lookahead=False)
        self.names = game.names
        steps = []
        for number, answer in enumerate(answers, start=1):
            if game.over:
                raise LogMismatch(f"the game ended after {number - 1} decisions, the log has {len(answers)}")
            decision = game.decision
            steps.append(Step(game.turns, decision_json(decision), answer, len(game.log), view_json(game.shown())))
            try:
                game.play(answer)
            except NotAnOption:
                raise LogMismatch(f"decision {number} ({decision.point}) has {len(decision.options)} options, "
                                  f"the log answers {answer!r}") from None
        if not game.over:
            raise LogMismatch(f"the log ends after {len(answers)} decisions, before the game does "
                              f"(next: {game.decision.point} of seat {game.decision.seat})")
        steps.append(Step(game.turns, None, None, len(game.log), view_json(game.shown())))
        self.steps = steps
        self.standing = standing_text(game, self.seats)
        self.scores = game.scores
        self.winners = game.winners

    def summary(self) -> dict:
        """The timeline: per step its turn, who decided what; the page fetches each step's table."""
        return {
            "seed": self.seed,
            "seats": self.seats,
            "names": self.names,
            "steps": [{"turn": step.turn, "seat": step.decision["seat"] if step.decision else None,
                       "prompt": step.decision["prompt"] if step.decision else None,
                       "chosen": step.decision["options"][step.chosen] if step.decision else None}
                      for step in self.steps],
        }

    def step(self, index: int) -> dict:
        """Step `index` (IndexError past the end): the table, the question and answer, the transcript."""
        step = self.steps[index]
        end = step.decision is None
        lines, offered = transcript_json(self.events[:step.events])
        return {
            "index": index,
            "turn": step.turn,
            "decision": step.decision,
            "chosen": step.chosen,
            "view": step.view,
            "transcript": lines,
            "offered": offered,
            "over": end,
            "standing": self.standing if end else None,
            "scores": self.scores if end else None,
            "winners": self.winners if end else [],
        }
