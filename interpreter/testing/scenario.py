"""Scenarios: set up a position, load the dice, script the choices, run one named part.

This is how a rule book's example becomes a test. A scenario is a real game of the ruleset
(same compiled rules, same state); it just starts where the example starts.

    s = Scenario(load_rules("rulesets/some_game.rules"), players=4)
    s.call("setup")
    s.place(0, "small", [3, 3], "field", 3)          # seat 0 has two dice on field 3
    s.cards("prizes_at", 3, [70000, 30000])
    s.call("score_fields")
    assert s.total("won", 0) == 70000
"""

from __future__ import annotations

from ...dsl import ast
from ..lookahead.agents import ScriptedAgent
from ..lookahead.checkpoint import pieces_changing, vars_changing
from ..running.rules import Rules
from ..running.runtime import Game, Piece, finish, next_stamp


class Scenario:
    """A game of `rules` stopped before `phase game`, for tests to arrange and run parts of."""

    def __init__(self, rules: Rules, players: int, seed: int = 0, answers=None, log: bool = True, agents=None,
                 supply: str = "supply", deck: str = "deck"):
        """`supply` names the per-owner zone `place` takes dice from; `deck`, the zone `cards` prefers."""
        answers = answers or {}
        self.rules = rules
        self.supply_zone = f"z_{supply}"
        self.deck_zone = deck
        self.agents = agents or [ScriptedAgent(answers.get(p, [])) for p in range(players)]
        self.log = [] if log else None
        self.game = Game(rules, players, seed, self.agents, self.log, 100_000)
        rules.namespace["init"](self.game)
        self._loaded: list[float] = []
        self._real_random = self.game.random

    # ------------------------------------------------------------ arranging

    def script(self, seat: int, *answers) -> None:
        """Queue answers (option labels such as "place(3)", or indexes) for a seat."""
        self.agents[seat].answers.extend(answers)

    def load_dice(self, *faces, kind: str | None = None) -> None:
        """The next dice rolled show `faces`, in the order they lie; `kind` defaults to the first die declared."""
        if kind is None:
            kind = next(d.name for d in self.rules.program.parts.values() if isinstance(d, ast.Die))
        sides = self.kind(kind).faces
        self._loaded.extend((sides.index(f) + 0.5) / len(sides) for f in faces)
        self.game.random = self._next_random

    def load_random(self, *values: float) -> None:
        """The next draws of the game's random stream return `values` (for `chance`, say: 0.1 < 0.35 hits)."""
        self._loaded.extend(values)
        self.game.random = self._next_random

    def face_draw(self, face, kind: str) -> float:
        """The random draw that makes a die of `kind` show `face` when rolled."""
        sides = self.kind(kind).faces
        return (sides.index(face) + 0.5) / len(sides)

    def _next_random(self) -> float:
        if self._loaded:
            return self._loaded.pop(0)
        return self._real_random()

    def place(self, owner, kind: str, faces, zone: str, index=None) -> list[Piece]:
        """Move dice of `owner` (a seat or an imaginary player's name) showing `faces` into a zone.

        Dice come from the owner's supply zone (see `__init__`) if it holds that kind;
        otherwise new dice are made, as a designer would take them from the box.
        """
        owner = self.owner(owner)
        target = self.zone(zone, index)
        moved = []
        for face in faces:
            piece = self._take(owner, kind)
            piece.face = face
            piece.value = piece.values[piece.faces.index(face)]
            self.put(piece, target)
            moved.append(piece)
        return moved

    def cards(self, zone: str, index, values, kind: str | None = None) -> None:
        """Put cards with `values` (of one card kind, if given) into a zone, in order.

        Each card is taken from wherever it lies, the deck first, and no card twice in one
        call: stacking `[40000, 40000]` onto the deck moves two different cards to the top.
        """
        target = self.zone(zone, index)
        chosen: set[int] = set()
        for value in values:
            piece = self._find_card(value, target, kind, chosen)
            chosen.add(id(piece))
            self.put(piece, target)

    def set(self, name: str, value, index=None) -> None:
        """Set a `var` (or one entry of a `var` family)."""
        vars_changing(self.game)
        if index is None:
            setattr(self.game, f"v_{name}", value)
        else:
            getattr(self.game, f"v_{name}")[index] = value

    # ------------------------------------------------------------ running

    def call(self, name: str, *args):
        """Run a phase (with its hooks) or a procedure by name, its decisions answered by the
        scripted agents."""
        ns = self.rules.namespace
        if f"ph_{name}" in ns:
            return finish(ns[f"ph_{name}"](self.game))
        return finish(ns[f"pr_{name}"](self.game, *args))

    def play(self, point: str, seat: int) -> bool:
        """Offer a seat the moves of a decision point, as `play POINT by seat` does."""
        return finish(self.rules.namespace[f"pt_{point}"](self.game, seat))

    def put(self, pieces, zone) -> None:
        """Move pieces (one, a list, or a zone's pile) into a zone, as `put` does."""
        self.rules.namespace["put"](self.game, pieces, zone)

    def score_keys(self) -> list:
        """Every seat's score keys now, as `score by` declares them."""
        return self.rules.score_keys_of(self.game)

    # ------------------------------------------------------------ looking

    def zone(self, name: str, index=None):
        zones = getattr(self.game, f"z_{name}")
        if index is None:
            return zones
        return zones[self.owner(index) if isinstance(index, str) else index]

    def var(self, name: str, index=None):
        value = getattr(self.game, f"v_{name}")
        return value if index is None else value[index]

    def faces(self, name: str, index=None, owner=None) -> list:
        """Faces of the pieces in a zone (of one owner, if given), sorted."""
        owner = None if owner is None else self.owner(owner)
        return sorted(p.face for p in self.zone(name, index) if owner is None or p.owner == owner)

    def total(self, name: str, index=None) -> int:
        """Sum of the values of the pieces in a zone (a seat's money, say)."""
        return sum(p.value for p in self.zone(name, index))

    def kind(self, name: str):
        return getattr(self.game, f"k_{name}")

    def owner(self, owner):
        if isinstance(owner, str):
            return getattr(self.game, f"i_{owner}")
        return owner

    def said(self) -> list[str]:
        return [e["text"] for e in self.log or () if e["t"] == "say"]

    # ------------------------------------------------------------ helpers

    def _take(self, owner, kind: str) -> Piece:
        k = self.kind(kind)
        supplies = getattr(self.game, self.supply_zone, None)
        if supplies is not None and owner is not None and owner < len(supplies):
            for piece in supplies[owner]:
                if piece.kind is k:
                    return piece
        pieces_changing(self.game)
        made = self.game.pieces_by_kind.setdefault(k.name, [])
        self.game.pieces_stamp = next_stamp()
        piece = Piece(k, owner, 0, self.game.next_piece_id)
        self.game.next_piece_id += 1
        made.append(piece)
        return piece

    def _find_card(self, value, target, kind: str | None, chosen: set[int]) -> Piece:
        candidates = [p for pieces in self.game.pieces_by_kind.values() for p in pieces
                      if not p.kind.is_die and p.value == value and id(p) not in chosen
                      and (kind is None or p.kind.name == kind)]
        for piece in sorted(candidates, key=lambda p: (p.zone is None or p.zone.name != self.deck_zone, p.zone is target)):
            return piece
        raise LookupError(f"no more cards worth {value}: call the setup phase first")
