"""A game played at the page: people in some seats (hot-seat, one browser), bots in the others.

A driver of the steppable game (interpreter/running/driven.py), like the terminal table
(cli/table.py): the bots answer here on the server, between two decisions of people, so the
page only ever waits at a person's decision or at the end. Undo goes back to the decision a
person answered last, and with it every bot's answer since.

    table = LiveTable(rules, players=2, seed=7, seats=["human", "greedy"])
    table.moment()["decision"]        # {"seat": 0, "prompt": "after_roll", "options": [...]}
    table.answer(2, answered=0)       # the page says how many answers it has seen
    table.undo()

A seat's spec may name a bot's code (`bots/mine.py:Mine`) only as a `TrustedSpec`, which
`rulesrun serve RULES --agent` gives; the seats of `serve LOG` come from the log, and anything
a request sends is JSON: plain texts, refused before anything is imported (NamesCode).
"""

from __future__ import annotations

import threading

from ..interpreter.lookahead.agents import HUMAN, make_agent
from ..interpreter.lookahead.own_bot import BotError
from ..interpreter.running.driven import PlayError
from .shown import decision_json, standing_text, transcript_json, view_json


class Stale(Exception):
    """An answer given to a decision the game has left (a second click, another tab)."""


class LiveTable:
    """One game with its seats; see the module docstring. `lock` serialises the requests of one game."""

    def __init__(self, rules, players: int, seed: int, seats: list[str]):
        self.seed = seed
        self.seats = list(seats)
        self.lock = threading.Lock()
        self.agents = [None if spec == HUMAN else make_agent(spec, seed, p) for p, spec in enumerate(seats)]
        # What went wrong in the rules or a bot: the game cannot go on, the page shows it.
        self.error: str | None = None
        self.game = rules.start(players, seed, lookahead=any(getattr(a, "looks_ahead", False) for a in self.agents))
        self._bots_move()

    def answer(self, index: int, answered: int) -> None:
        """Answer the present decision with option `index`; `answered` is how many answers the page
        had seen, so an answer meant for an earlier decision is refused (Stale), never misapplied.
        NotAnOption for an index the decision does not have."""
        if answered != len(self.game.answers) or self.error is not None:
            raise Stale(f"this answer was meant for decision {answered + 1}, the game is at decision "
                        f"{len(self.game.answers) + 1}")
        self._guarded(self.game.play, index)
        self._bots_move()

    def undo(self) -> bool:
        """Back to the decision a person answered last; False if no person has answered yet."""
        history = self.game.history
        people = [k for k, (seat, _) in enumerate(history) if self.agents[seat] is None]
        if not people:
            return False
        self.game.undo(len(history) - people[-1])
        self.error = None
        return True

    def moment(self) -> dict:
        """Everything the page shows now: the table as the deciding person sees it (the whole table
        once the game is over), the question, the transcript, and the standing at the end."""
        game = self.game
        decision = None if self.error else game.decision
        shown = game.shown(decision.seat if decision is not None else None)
        lines, offered = transcript_json(game.log, at_the_table=not game.over)
        return {
            "seed": self.seed,
            "seats": self.seats,
            "names": game.names,
            "answered": len(game.answers),
            "over": game.over,
            "decision": decision_json(decision) if decision is not None else None,
            "view": view_json(shown),
            "transcript": lines,
            "offered": offered,
            "scores": game.scores if self.error is None else None,
            "winners": game.winners if self.error is None else [],
            "standing": standing_text(game, self.seats) if game.over else None,
            "can_undo": any(self.agents[seat] is None for seat, _ in game.history),
            "error": self.error,
        }

    def _bots_move(self) -> None:
        game = self.game
        while self.error is None and not game.over and self.agents[game.decision.seat] is not None:
            agent = self.agents[game.decision.seat]
            answer = self._guarded(game.rules.answer, agent, game.decision)
            if answer is None:
                return
            self._guarded(game.play, answer)

    def _guarded(self, step, *args):
        """`step(*args)`, or None with `error` set when the rules or a bot go wrong."""
        try:
            return step(*args)
        except PlayError as error:
            self.error = error.render()
        except BotError as error:
            self.error = str(error)
        return None
