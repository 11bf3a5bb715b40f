"""One game played over the network: each person at a browser of their own, holding the link of
their seat, bots in the other seats, onlookers at a link of their own (docs/web.md, "Seats over
the network").

A link carries a token (`secrets.token_urlsafe`, 32 bytes): the token *is* the seat. Whatever a
request asks, it is answered from what its token's holder may see, never more:

- a seat sees the table as `game.shown(seat)` shows it (its own private pieces, the others' as
  counts), the options of its own decisions only, secret answers as `(secret)`, and the scores
  once the game is over (mid-game only where no zone is private or hidden, since a score may
  count hidden pieces); never the seed, from which every die could be worked out;
- an onlooker sees the public table (`spectators="table"`: every private zone a count), or the
  whole table with every secret (`"all"`: a commentator's view, for a screen nobody plays at);
- only the seat a decision asks may answer it, and only at the version of the table its page
  shows (`version` counts every change, so an answer meant for a table since changed by
  someone's undo is refused as Stale);
- undo is the last mover's: a seat may take back its own last answer (and every bot's since)
  while no other person has answered after it. Nobody is asked: once another person has
  answered, their answer stands;
- once the game is over, any seat may deal the next one, on a fresh random seed, to the same
  seats and links.

    table = SharedTable(rules, 3, seed=7, seats=["human", "human", "greedy"])
    for label, token in table.links(): ...          # ("seat 0", "Xq..."), ("seat 1", ...), ("spectators", ...)
    viewer = table.viewer(token)                     # Viewer(seat=0) or None
    table.moment(viewer)["decision"]                 # the question, with options only for its seat
    table.answer(viewer, 2, version=table.version)
"""

from __future__ import annotations

import random
import secrets
import threading

import attrs

from ..interpreter.lookahead.agents import HUMAN
from .live import LiveTable, Stale
from .shown import decision_json, standing_text, transcript_json, view_json

SPECTATORS = ("table", "all")


@attrs.frozen(slots=True)
class Viewer:
    """Who holds a token: a seat (its number), or an onlooker (`seat` None) shown the public
    table, or with `everything` the whole table."""

    seat: int | None
    everything: bool = False

    @property
    def label(self) -> str:
        return "spectators" if self.seat is None else f"seat {self.seat}"


class NotYours(Exception):
    """An answer or undo from a token whose holder may not give it now (another seat's turn, an onlooker)."""


class SharedTable:
    """The game and its tokens; see the module docstring. `lock` serialises every request of the
    table; call the methods holding it."""

    def __init__(self, rules, players: int, seed: int, seats: list[str], spectators: str = "table"):
        if spectators not in SPECTATORS:
            raise ValueError(f"spectators see the table or all: {spectators!r}")
        self._dealt = (rules, players, list(seats))
        self.live = LiveTable(rules, players, seed, list(seats))
        self.lock = threading.Lock()
        viewers = [Viewer(seat) for seat, spec in enumerate(seats) if spec == HUMAN]
        self._tokens = {secrets.token_urlsafe(32): viewer for viewer in viewers + [Viewer(None, spectators == "all")]}
        # Private or hidden zones: a score mid-game may count what a seat cannot see.
        self._covered = any(seen != "public" for _, seen in rules.namespace["ZONES"])
        self.version = 0

    def links(self) -> list[tuple[str, str]]:
        """(who, token) of every person's seat, then the onlookers'."""
        return [(viewer.label, token) for token, viewer in self._tokens.items()]

    def viewer(self, token: str | None) -> Viewer | None:
        """The holder of `token`, None for no token or one this table never gave (each compared
        in constant time)."""
        if not token:
            return None
        found = None
        for known, viewer in self._tokens.items():
            if secrets.compare_digest(known.encode(), token.encode()):
                found = viewer
        return found

    def answer(self, viewer: Viewer, option: int, version: int) -> None:
        """`viewer`'s answer to the present decision, the bots' after it; Stale if the page showed
        an older version of the table, NotYours if the decision is not this viewer's."""
        if version != self.version:
            raise Stale(f"the table has changed since this page saw it (version {version}, now {self.version})")
        decision = self.live.game.decision
        if viewer.seat is None:
            raise NotYours("onlookers watch: this link plays no seat")
        if decision is None or decision.seat != viewer.seat:
            whose = "nobody" if decision is None else f"seat {decision.seat}"
            raise NotYours(f"{whose} decides now; this link plays seat {viewer.seat}")
        self.live.answer(option, len(self.live.game.answers))
        self.version += 1

    def can_undo(self, viewer: Viewer) -> bool:
        """Whether `viewer` answered last of the people (the bots' answers since go back with it)."""
        people = [seat for seat, _ in self.live.game.history if self.live.agents[seat] is None]
        return viewer.seat is not None and bool(people) and people[-1] == viewer.seat

    def undo(self, viewer: Viewer) -> None:
        """Back to before `viewer`'s last answer; NotYours unless it answered last of the people."""
        if not self.can_undo(viewer):
            raise NotYours("undo takes back your own last answer, until another person answers: "
                           "there is none to take back now")
        self.live.undo()
        self.version += 1

    def next_game(self, viewer: Viewer) -> None:
        """A new game on the same seats, on a seed nobody is shown; NotYours before the end, or
        for an onlooker."""
        if viewer.seat is None or not self.live.game.over:
            raise NotYours("the people at the seats deal the next game, once this one is over")
        rules, players, seats = self._dealt
        self.live = LiveTable(rules, players, random.SystemRandom().randrange(10**9), seats)
        self.version += 1

    def moment(self, viewer: Viewer) -> dict:
        """What `viewer`'s page shows now (see the module docstring)."""
        live, game = self.live, self.live.game
        decision = None if live.error else game.decision
        if viewer.seat is not None:
            shown = game.shown(viewer.seat)
        else:
            shown = game.shown(None, onlooker=not viewer.everything)
        lines, offered = transcript_json(game.log, at_the_table=not viewer.everything,
                                         options_of=None if viewer.everything else lambda seat: seat == viewer.seat)
        scored = live.error is None and (game.over or viewer.everything or not self._covered)
        return {
            "version": self.version,
            "viewer": {"seat": viewer.seat, "everything": viewer.everything},
            "seats": live.seats,
            "names": game.names,
            "answered": len(game.answers),
            "over": game.over,
            "decision": self._question(decision, viewer),
            "view": view_json(shown),
            "transcript": lines,
            "offered": offered,
            "scores": game.scores if scored else None,
            "winners": game.winners if live.error is None else [],
            "standing": standing_text(game, live.seats) if game.over else None,
            "can_undo": self.can_undo(viewer),
            "can_deal": game.over and viewer.seat is not None,
            "error": live.error,
        }

    def _question(self, decision, viewer: Viewer) -> dict | None:
        """The decision in full for the seat it asks (or an onlooker who sees everything); for
        anyone else who is asked and what, with no options: they may be the asked seat's secrets."""
        if decision is None:
            return None
        if decision.seat == viewer.seat or viewer.everything:
            return {**decision_json(decision), "yours": decision.seat == viewer.seat}
        return {"seat": decision.seat, "point": decision.point, "prompt": decision.prompt, "options": [],
                "words": [], "secret": decision.secret, "choices": [], "yours": False}
