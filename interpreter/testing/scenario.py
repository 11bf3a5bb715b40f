"""Scenarios: set up a position, load the dice, script the choices, run one named part.

This is how a rule book's example becomes a test (docs/testing.md). A scenario is a real game
of the ruleset (same compiled rules, same state); it just starts where the example starts, and
everything it runs goes through the rules as a game would: a move with its events, an event
with all its handlers, a phase with its hooks.

    s = Scenario(load_rules("rulesets/some_game.rules"), players=4)
    s.call("setup")
    s.place(0, "small", [3, 3], "field", 3)          # two of seat 0's dice onto field 3
    s.move(0, "place", 3)                             # a move as if chosen, with every consequence
    assert s.asked("steal") == [] and s.total("won", 0) == 70000

Nothing here knows a game: parts, zones, kinds, events and moves are named by the test.
"""

from __future__ import annotations

from types import GeneratorType

import attrs

from ...dsl import ast
from ...dsl.errors import did_you_mean
from ..compiling.names import named
from ..lookahead.agents import ScriptedAgent
from ..lookahead.checkpoint import vars_changing
from ..running.driven import PlayError
from ..running.rules import PLAY_ERRORS, Rules
from ..running.runtime import Game, finish
from ..running.values import Piece, fixed


class ScenarioError(Exception):
    """A test asked for something the game cannot give (a die its owner does not have, a part
    that does not exist): said in the test's words, not the engine's."""


@attrs.frozen(slots=True)
class Asked:
    """One decision met while the scenario ran: who, where, the option labels, the index chosen."""

    seat: int
    point: str
    options: list
    choice: int

    @property
    def chosen(self) -> str:
        return self.options[self.choice]


class Scenario:
    """A game of `rules` stopped before `phase game`, for tests to arrange and run parts of."""

    def __init__(self, rules: Rules, players: int, seed: int = 0, answers=None, log: bool = True, agents=None,
                 supply: str = "supply", deck: str = "deck"):
        """`supply` names the per-owner zone `place` takes dice from; `deck`, the zone `cards` prefers."""
        answers = answers or {}
        self.rules = rules
        self.supply_zone = supply
        self.deck_zone = deck
        self.agents = agents or [ScriptedAgent(answers.get(p, [])) for p in range(players)]
        self.log = [] if log else None
        self.game = Game(rules, players, seed, self.agents, self.log, 100_000)
        self._code = rules.namespace
        self._code["init"](self.game)
        self._loaded: list[float] = []
        self._real_random = self.game.random
        self._run = None
        self.decision = None
        self.result = None

    # ------------------------------------------------------------ arranging

    def script(self, seat: int, *answers) -> None:
        """Queue answers for a seat: option labels as the transcript prints them ("place(3)"; a
        label met twice in one decision is numbered, "small:1@0 #2"), or indexes."""
        self.agents[seat].answers.extend(answers)

    def load_dice(self, *faces, kind: str | None = None) -> None:
        """The next dice rolled show `faces`, in the order they lie; `kind` defaults to the first die declared."""
        if kind is None:
            kind = next(d.name for d in self.rules.program.parts.values() if isinstance(d, ast.Die))
        self._loaded.extend(self.face_draw(f, kind) for f in faces)
        self.game.random = self._next_random

    def load_random(self, *values: float) -> None:
        """The next draws of the game's random stream return `values` (for `chance`, say: 0.1 < 0.35 hits)."""
        self._loaded.extend(values)
        self.game.random = self._next_random

    def face_draw(self, face, kind: str) -> float:
        """The random draw that makes a die of `kind` show `face` when rolled."""
        sides = self.kind(kind).faces
        if face not in sides:
            raise ScenarioError(f"a {kind} die has no face {face!r}: its faces are {list(sides)}")
        return (sides.index(face) + 0.5) / len(sides)

    def _next_random(self) -> float:
        if self._loaded:
            return self._loaded.pop(0)
        return self._real_random()

    def place(self, owner, kind: str, faces, zone: str, index=None, source=None) -> list[Piece]:
        """Turn dice of `owner` (a seat, an imaginary player's name, or None) to `faces` and move
        them into a zone; returns them.

        The dice are the owner's own, taken from where it keeps them: `source` (a zone's name,
        or a zone) if given; else its entry of the per-owner supply zone (see `__init__`); else,
        for an imaginary player or None, the zone that holds most of its dice of that kind. The
        dice move as `put` moves them; none is made up: an owner without such a die left is a
        `ScenarioError` (run the setup phase first, or give `source`).
        """
        owner = self.owner(owner)
        target = self.zone(zone, index)
        chosen: list[Piece] = []
        for face in faces:
            piece = self._take(owner, kind, target, chosen, source)
            self._turn(piece, face)
            chosen.append(piece)
        self.put(chosen, target)
        return chosen

    def create(self, kind: str, faces, owner, zone: str, index=None) -> list[Piece]:
        """Make new dice of `kind` for `owner`, as `create` does, showing `faces`, on top of a
        zone; returns them. For rules that make their dice during play rather than in a setup
        phase; where a setup makes them, `place` the owner's own."""
        owner = self.owner(owner)
        target = self.zone(zone, index)
        k = self.kind(kind)
        if not k.is_die:
            raise ScenarioError(f"`{kind}` is a card: cards come with their deck (`cards` moves them)")
        self._code["create"](self.game, k, len(faces), owner, target)
        made = self.game.pieces_by_kind[kind][-len(faces):] if faces else []
        for piece, face in zip(made, faces):
            self._turn(piece, face)
        return made

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

    def put(self, pieces, zone, index=None) -> None:
        """Move pieces (one, a list, or a zone's pile) onto the top of a zone (a zone, or its
        name and index), in order, as `put` does: each leaves where it lay."""
        target = self.zone(zone, index) if isinstance(zone, str) else zone
        self._code["put"](self.game, pieces, target)

    def turn(self, piece: Piece, face) -> None:
        """Turn a die to one of its faces, as `d.face = f` does."""
        self._turn(piece, face)

    def set(self, name: str, value, index=None) -> None:
        """Set a `var` (or one entry of a `var` family)."""
        self._declared(name, ast.Var)
        vars_changing(self.game)
        if index is None:
            setattr(self.game, named("v", name), value)
        else:
            getattr(self.game, named("v", name))[self.owner(index) if isinstance(index, str) else index] = value

    def set_param(self, name: str, value) -> None:
        """Give a `param` another value for the rest of this game (lists nested to any depth).
        What was computed from it when the game was made (a family's size, a var's first value)
        stays: for those, load the rules with `params=` (`load_rules(path, params={...})`)."""
        self._declared(name, ast.Param)
        setattr(self.game, named("p", name), fixed(value))

    def score_keys(self) -> list:
        """Every seat's score keys now, as `score by` declares them."""
        return self.rules.score_keys_of(self.game)

    # ------------------------------------------------------------ running

    def call(self, name: str, *args):
        """Run a phase (with its hooks) or a procedure by name, its decisions answered by the
        scripted agents; returns what a procedure returns."""
        return self._finish(lambda: self._part(name, args))

    def play(self, point: str, seat: int) -> bool:
        """Offer a seat the moves of a decision point, as `play POINT by seat` does."""
        if named("pt", point) not in self._code:
            raise ScenarioError(self._unknown("decision point", point, [m.point for m in self.rules.program.moves]))
        return self._finish(lambda: self._code[named("pt", point)](self.game, seat))

    def move(self, seat: int, name: str, *args):
        """Make `seat` take the move `name` with these parameter values, as if it had chosen it at
        its decision point: the move's body runs with all it sets off (events, their handlers,
        decisions it asks). Whether the move would be offered is not checked: see `options`."""
        moves = self._code["MOVES"]
        if name not in moves:
            raise ScenarioError(self._unknown("move", name, moves))
        return self._finish(lambda: moves[name](self.game, seat, *args))

    def emit(self, event: str, *values) -> None:
        """Emit an event with its values, as `emit` does: every handler whose `when` holds runs."""
        declared = self.rules.program.parts.get(event)
        if not isinstance(declared, ast.Event):
            events = [d.name for d in self.rules.program.of_kind(ast.Event)]
            raise ScenarioError(self._unknown("event", event, events))
        if len(values) != len(declared.params):
            raise ScenarioError(f"event `{event}` carries {len(declared.params)} values "
                                f"({', '.join(declared.params)}), given {len(values)}")
        self._finish(lambda: self._code[named("ev", event)](self.game, *values))

    def start(self, name: str, *args) -> None:
        """Run a phase or procedure step by step: up to the first decision that no script answers,
        which `decision` then shows (`.seat`, `.point`, `.labels()`); `answer` goes on.
        Scripted answers are used first. When the part ends, `decision` is None and `result`
        holds what it returned."""
        self.game.agents = [None] * len(self.agents)
        self.result = None
        try:
            self._run = self._part(name, args)
        except PLAY_ERRORS as error:
            self._ended(None)
            raise PlayError(self.rules._located(error), self.log) from None
        self._step(None)

    def answer(self, choice) -> None:
        """Answer the decision shown by `decision` (a label or an index) and run on to the next
        unscripted decision or the end of the part."""
        if self.decision is None:
            raise ScenarioError("no decision is waiting: `start` a part first")
        self._step(self._index(self.decision, choice))

    def _step(self, answer) -> None:
        run = self._run
        try:
            while True:
                if type(run) is not GeneratorType:
                    self._ended(run)
                    return
                decision = run.send(answer)
                if self.agents[decision.player].answers:
                    answer = self.agents[decision.player].choose(decision)
                    continue
                self.decision = decision
                return
        except StopIteration as end:
            self._ended(end.value)
        except PLAY_ERRORS as error:
            self._ended(None)
            raise PlayError(self.rules._located(error), self.log) from None

    def _ended(self, result) -> None:
        self.result, self.decision, self._run = result, None, None
        self.game.agents = self.agents

    @staticmethod
    def _index(decision, choice) -> int:
        if isinstance(choice, int):
            return choice
        labels = decision.labels()
        if choice not in labels:
            raise ScenarioError(f"`{choice}` is not an option of `{decision.point}`: {labels}")
        return labels.index(choice)

    def _part(self, name: str, args):
        if named("ph", name) in self._code:
            return self._code[named("ph", name)](self.game, *args)
        if named("pr", name) in self._code:
            return self._code[named("pr", name)](self.game, *args)
        parts = [d.name for d in self.rules.program.parts.values() if isinstance(d, (ast.Proc, ast.Phase))]
        raise ScenarioError(self._unknown("phase or procedure", name, parts))

    def _finish(self, rule):
        """Run a rule (`rule()` starts it) to its end with the scripted agents; a mistake in the
        rules is a located play error, as in a game."""
        try:
            return finish(rule())
        except PLAY_ERRORS as error:
            raise PlayError(self.rules._located(error), self.log) from None

    # ------------------------------------------------------------ looking

    def zone(self, name: str, index=None):
        zones = getattr(self.game, named("z", name), None)
        if zones is None:
            raise ScenarioError(self._unknown("zone", name, self._names(ast.Zone)))
        if index is None:
            return zones
        return zones[self.owner(index) if isinstance(index, str) else index]

    def var(self, name: str, index=None):
        self._declared(name, ast.Var)
        value = getattr(self.game, named("v", name))
        return value if index is None else value[self.owner(index) if isinstance(index, str) else index]

    def param(self, name: str):
        """A `param`'s value in this game (its default, a `--set`/`params=` value, or `set_param`'s)."""
        self._declared(name, ast.Param)
        return getattr(self.game, named("p", name))

    def faces(self, name: str, index=None, owner=None) -> list:
        """Faces of the pieces in a zone (of one owner, if given), sorted."""
        owner = None if owner is None else self.owner(owner)
        return sorted(p.face for p in self.zone(name, index) if owner is None or p.owner == owner)

    def total(self, name: str, index=None) -> int:
        """Sum of the values of the pieces in a zone (a seat's money, say)."""
        return sum(p.value for p in self.zone(name, index))

    def kind(self, name: str):
        kind = getattr(self.game, named("k", name), None)
        if kind is None:
            raise ScenarioError(self._unknown("die or card", name, self._names(ast.Die) + self._names(ast.Card)))
        return kind

    def owner(self, owner):
        """An owner's number: a seat as is, an imaginary player by its name."""
        if isinstance(owner, str):
            if owner not in self.game.imaginary:
                raise ScenarioError(self._unknown("imaginary player", owner, self.game.imaginary))
            return getattr(self.game, named("i", owner))
        return owner

    def said(self) -> list[str]:
        return [e["text"] for e in self.log or () if e["t"] == "say"]

    def decided(self, point: str | None = None) -> list[Asked]:
        """Every decision met so far (at `point`, if given), oldest first, single-option ones
        included: the rules take those without asking anyone, but log them."""
        return [Asked(e["player"], e["point"], e["options"], e["choice"]) for e in self.log or ()
                if e["t"] == "decide" and (point is None or e["point"] == point)]

    def asked(self, point: str | None = None) -> list[Asked]:
        """The decisions that were put to a seat (two or more options), oldest first: what a
        script must answer. A decision with one option is never asked (see `decided`)."""
        return [d for d in self.decided(point) if len(d.options) > 1]

    def options(self, point: str) -> list[str]:
        """The option labels of the last decision met at `point`."""
        met = self.decided(point)
        if not met:
            raise ScenarioError(f"no decision at `{point}` was met")
        return met[-1].options

    def left_over(self) -> dict:
        """What was arranged but not used: scripted answers per seat, loaded draws. Empty when a
        scenario went as its test expected (`assert not s.left_over()`)."""
        left = {f"seat {p}": agent.answers for p, agent in enumerate(self.agents) if getattr(agent, "answers", None)}
        if self._loaded:
            left["draws"] = list(self._loaded)
        return left

    # ------------------------------------------------------------ helpers

    def _take(self, owner, kind: str, target, chosen: list, source) -> Piece:
        k = self.kind(kind)
        for zone in self._sources(owner, k, target, source):
            for piece in zone:
                if piece.kind is k and piece.owner == owner and piece not in chosen:
                    return piece
        who = "nobody" if owner is None else self.game.names[owner]
        where = ", ".join(getattr(z, "name", "?") for z in self._sources(owner, k, target, source)) or "no zone"
        raise ScenarioError(f"{who} has no {kind} left to place (looked in {where}); run the setup phase first, "
                            f"or say where the dice lie: source=...")

    def _sources(self, owner, kind, target, source) -> list:
        """Where `owner` keeps its dice of `kind`, best first (see `place`)."""
        if source is not None:
            return [self.zone(source) if isinstance(source, str) else source]
        supplies = getattr(self.game, named("z", self.supply_zone), None)
        zones = []
        if isinstance(supplies, list) and owner is not None and owner < len(supplies):
            zones.append(supplies[owner])
        if owner is None or owner >= self.game.n:
            holding: dict[int, tuple[int, object]] = {}
            for piece in self.game.pieces_by_kind.get(kind.name, ()):
                if piece.owner == owner and piece.zone is not None and piece.zone is not target:
                    count, _ = holding.get(id(piece.zone), (0, piece.zone))
                    holding[id(piece.zone)] = (count + 1, piece.zone)
            zones += [zone for _, zone in sorted(holding.values(), key=lambda held: -held[0]) if zone not in zones]
        return zones

    def _turn(self, piece: Piece, face) -> None:
        if face not in piece.kind.faces:
            raise ScenarioError(f"a {piece.kind.name} die has no face {face!r}: its faces are {list(piece.kind.faces)}")
        self._code["set_face"](self.game, piece, face)

    def _find_card(self, value, target, kind: str | None, chosen: set[int]) -> Piece:
        candidates = [p for pieces in self.game.pieces_by_kind.values() for p in pieces
                      if not p.kind.is_die and p.value == value and id(p) not in chosen
                      and (kind is None or p.kind.name == kind)]
        for piece in sorted(candidates, key=lambda p: (p.zone is None or p.zone.name != self.deck_zone, p.zone is target)):
            return piece
        raise ScenarioError(f"no more cards worth {value}: call the setup phase first")

    def _declared(self, name: str, kind) -> None:
        declared = self.rules.program.parts.get(name)
        if not isinstance(declared, kind):
            raise ScenarioError(self._unknown(kind.__name__.lower(), name, self._names(kind)))

    def _names(self, kind) -> list[str]:
        return [d.name for d in self.rules.program.parts.values() if isinstance(d, kind)]

    @staticmethod
    def _unknown(what: str, name: str, known) -> str:
        return f"no {what} is named `{name}`" + (f"; {did_you_mean(name, known)}" if did_you_mean(name, known) else "")
