"""What-if games for agents that search, fair to the seat that asks.

Compiled rules run as ordinary Python calls, so a game cannot be copied in the middle of
a rule (a `choose` deep inside a board's handler, say). A what-if game is therefore the
real game replayed from its seed with the answers given so far, up to the present
decision, and played on from there with chance the seat's agent draws itself. On the way
it is made fair to the seat (a determinization):

- the answers of other seats' `secret` decisions that the seat cannot have seen yet
  (`view.visible_history`) are drawn anew, at random;
- from the present decision on, every `hidden` zone is shuffled and all chance comes from
  the agent's stream, so the real order of a face-down deck or the real next roll is never
  seen.

    explorer = decision.explorer
    values = explorer.lookahead(option, rng)     # each seat's `value` one step ahead
    shares = explorer.playout(rng, policy)       # each seat's share of the win, game over
    shares = explorer.playout(rng, policy, 8)    # ... or 8 decisions on, judged by `value`

Replaying costs as much as the game so far, so look-aheads avoid it where they can:

- at a move (`play`), the move's body is self-contained: it runs on the game itself while a
  trail records every change, and the trail then puts everything back;
- at a `choose`, in a game where a look-ahead agent plays (`looks_ahead = True`), every rule
  that asks a `choose` remembers the state it started from (`Frames`): the look-ahead puts
  that state back, runs the rule again with the answers given so far and then the option,
  to the rule's end, and restores the present.
"""

from __future__ import annotations

import math
import operator
import random

from rulesrun.interpreter.operations import EXPORTS
from rulesrun.interpreter.runtime import Game, Piece, next_stamp
from rulesrun.interpreter.view import visible_history


class _Horizon(Exception):
    """A look-ahead has reached the next decision: it stops there with each seat's value."""

    def __init__(self, values):
        super().__init__()
        self.values = values


class Explorer:
    """What-if games from one decision of one seat."""

    def __init__(self, game: Game, decision):
        self._game = game
        self._decision = decision
        self.rules = game.rules
        self.players = game.n
        self.seed = game.seed
        self.step_budget = game.step_budget
        self.seat = decision.player
        self._history = game.history[:]
        self._past = None
        self._present = None
        self._away = False
        self._hidden_orders: dict[int, list] = {}

    def _hidden_order(self, zone, rng) -> list:
        """One order of a hidden zone per decision, drawn independently of the real one (from a
        copy of the look-ahead's stream, which it leaves as it was): every option's look-ahead
        meets the same unknown deck and the same later luck, and none of them the real deck."""
        order = self._hidden_orders.get(id(zone))
        if order is None:
            order = self._hidden_orders[id(zone)] = zone[:]
            shuffler = random.Random()
            shuffler.setstate(rng.getstate())
            shuffler.shuffle(order)
        return order

    def playout(self, rng, policy, horizon: int | None = None) -> list[float]:
        """Play a what-if game on; `policy(decision) -> index` answers the present decision and
        every later one. Returns each seat's reward in 0..1: its share of the win (1/k for k
        winners) at the game's end; or, with a `horizon`, after that many more decisions, how far
        its declared `value` leads (above 1/2) or trails (below) the best other seat's."""
        values_of = self.rules.values_of
        players = range(self.players)
        asked = [0]

        def bounded(decision):
            asked[0] += 1
            if asked[0] > horizon + 1:
                raise _Horizon(values_of(decision._game))
            return policy(decision)

        game = self._replay(rng, policy if horizon is None else bounded)
        try:
            results = self.rules.run(game)
            winners = self.rules.winners(results)
        except _Horizon as cut:
            return margins(cut.values)
        share = 1 / len(winners)
        return [share if p in winners else 0.0 for p in players]

    def lookahead(self, option: int, rng) -> list[float]:
        """Each seat's `value` after answering `option` now, with the agent's chance and decisions
        inside answered at random: for a move, once the move is done; for a `choose`, once the
        rule that asked it has run to its end (in games that keep frames), else once the rules
        have run on to the next decision or the game's end."""
        if self._decision.is_move:
            return _Trail(self._game, rng, self._hidden_order).try_move(self._decision.player, self._decision.options[option])
        if self._game.frames is not None and self._game.frames.stack:
            return self._rerun_rule(option, rng)
        values_of = self.rules.values_of
        asked = []

        def policy(decision):
            if not asked:
                asked.append(decision)
                return option
            raise _Horizon(values_of(decision._game))

        game = self._replay(rng, policy)
        try:
            self.rules.run(game)
        except _Horizon as horizon:
            return horizon.values
        return values_of(game)

    @property
    def past(self) -> list:
        """The decisions so far as the seat knows them: what replays and re-runs answer."""
        if self._past is None:
            self._past = list(visible_history(self._history, self.seat))
        return self._past

    def close(self) -> None:
        """The agent has answered: put back the present if a look-ahead left the game elsewhere."""
        if self._away:
            self._present.restore(self._game)
            self._away = False

    def _rerun_rule(self, option: int, rng) -> list:
        """The rule that asks, run again from its start to its end with `option`. The present is
        put back when the agent has answered (`close`), not between two look-aheads."""
        g = self._game
        function, args, start, first = g.frames.stack[-1]
        if self._present is None:
            self._present = Snapshot(g)
        answered = [False]

        def policy(decision):
            if answered[0]:
                return int(rng.random() * len(decision.options))
            answered[0] = True
            return option

        real = (g.rng, g.random, g.agents, g.log, g.meter, g.frames)
        self._away = True
        try:
            start.restore(g)
            g.agents, g.log, g.meter, g.frames = [_Replay(self.past[first:], rng, policy)] * g.n, None, None, None
            function(g, *args)
            return self.rules.values_of(g)
        finally:
            g.rng, g.random, g.agents, g.log, g.meter, g.frames = real

    def _replay(self, rng, policy) -> Game:
        driver = _Replay(self.past, rng, policy)
        return Game(self.rules, self.players, self.seed, [driver] * self.players, None, self.step_budget)


def margins(values: list) -> list[float]:
    """Each seat's lead over the best other seat, squashed into 0..1 (1/2: level), measured
    against the seats' mean absolute value so that every ruleset's scale reads alike."""
    scale = sum(abs(v) for v in values) / len(values) or 1
    out = []
    for p, value in enumerate(values):
        lead = value - max(v for q, v in enumerate(values) if q != p) if len(values) > 1 else 0
        out.append(0.5 + 0.5 * math.tanh(lead / scale))
    return out


class _Replay:
    """Answers the past as it was (what the seat knows of it), then hands over to a policy."""

    blind = False

    def __init__(self, past, rng, policy):
        self.past = past
        self.rng = rng
        self.policy = policy
        self.asked = 0

    def choose(self, decision) -> int:
        k = self.asked
        self.asked += 1
        if k < len(self.past):
            answer = self.past[k][1]
            count = len(decision.options)
            if answer is None or answer >= count:
                return int(self.rng.random() * count)
            return answer
        if k == len(self.past):
            _fresh_chance(decision._game, self.rng)
        return self.policy(decision)


def _fresh_chance(game: Game, rng) -> None:
    """From now on chance is the agent's: its own stream, and hidden piles in an order it drew."""
    game.rng = rng
    game.random = rng.random
    for zone in game.rules.hidden_zones(game):
        rng.shuffle(zone)
        zone.stamp = next_stamp()


def _forget_pieces_made_since(game: Game, made: dict) -> None:
    """Drop the pieces made after `made` (pieces per kind) was counted."""
    for kind in list(game.pieces_by_kind):
        if kind in made:
            del game.pieces_by_kind[kind][made[kind]:]
        else:
            del game.pieces_by_kind[kind]


class _Trail:
    """Runs one move on the game itself, recording every change, then undoes them all.

    The compiled rules change the game only through the operations (put, deal, roll, ...),
    variables, counters and the random stream; while the move runs the operations are the
    trail's recording versions, and afterwards zones, faces, owners, variables and counters are put
    back as they were.
    """

    def __init__(self, game: Game, rng, hidden_order):
        self.game = game
        self.rng = rng
        self.hidden_order = hidden_order
        self.names = game.rules.namespace
        self.zones: dict[int, tuple] = {}
        self.looks: list[tuple] = []

    def try_move(self, player: int, option) -> list:
        g = self.game
        saved = (g.rng, g.random, g.agents, g.log, g.meter, g.frames, g.turns, g.decisions, len(g.history), g.next_piece_id)
        made = {kind: len(pieces) for kind, pieces in g.pieces_by_kind.items()}
        variables = _Variables(g)
        real = {name: self.names[name] for name in _RECORDED}
        self.names.update({name: getattr(self, name) for name in _RECORDED})
        g.rng, g.random, g.agents, g.log, g.meter, g.frames = self.rng, self.rng.random, [_AtRandom(self.rng)] * g.n, None, None, None
        try:
            for zone in g.rules.hidden_zones(g):
                self._touch(zone)
                zone[:] = self.hidden_order(zone, self.rng)
                zone.stamp = next_stamp()
            name, args = option
            self.names["MOVES"][name](g, player, *args)
            return g.rules.values_of(g)
        finally:
            self.names.update(real)
            for piece, face, value, owner in reversed(self.looks):
                piece.face, piece.value, piece.owner = face, value, owner
            for zone, pieces, stamp in self.zones.values():
                if zone.stamp != stamp:
                    zone[:] = pieces
                    zone.stamp = stamp
                    for piece in pieces:
                        piece.zone = zone
            variables.restore(g, copy=False)
            _forget_pieces_made_since(g, made)
            (g.rng, g.random, g.agents, g.log, g.meter, g.frames, g.turns, g.decisions, history, g.next_piece_id) = saved
            del g.history[history:]

    def _touch(self, zone) -> None:
        if zone is not None and id(zone) not in self.zones:
            self.zones[id(zone)] = (zone, zone[:], zone.stamp)

    def _touch_sources(self, pieces) -> None:
        for piece in [pieces] if type(pieces) is Piece else pieces:
            self._touch(piece.zone)

    def put(self, pieces, zone) -> None:
        self._touch(zone)
        self._touch_sources(pieces)
        _OPERATIONS["put"](pieces, zone)

    def put_under(self, pieces, zone) -> None:
        self._touch(zone)
        self._touch_sources(pieces)
        _OPERATIONS["put_under"](pieces, zone)

    def deal(self, count, source, dest) -> None:
        self._touch(source)
        self._touch(dest)
        _OPERATIONS["deal"](count, source, dest)

    def roll(self, g, pieces) -> None:
        for piece in [pieces] if type(pieces) is Piece else pieces:
            self._touch(piece.zone)
            self.looks.append((piece, piece.face, piece.value, piece.owner))
        _OPERATIONS["roll"](g, pieces)

    def set_face(self, piece, face) -> None:
        self._touch(piece.zone)
        self.looks.append((piece, piece.face, piece.value, piece.owner))
        _OPERATIONS["set_face"](piece, face)

    def set_owner(self, piece, owner) -> None:
        self._touch(piece.zone)
        self.looks.append((piece, piece.face, piece.value, piece.owner))
        _OPERATIONS["set_owner"](piece, owner)

    def shuffle(self, g, zone) -> None:
        self._touch(zone)
        _OPERATIONS["shuffle"](g, zone)

    def create(self, g, kind, count, owner, zone) -> None:
        self._touch(zone)
        _OPERATIONS["create"](g, kind, count, owner, zone)

    def create_deck(self, g, kind, entries, zone) -> None:
        self._touch(zone)
        _OPERATIONS["create_deck"](g, kind, entries, zone)


_RECORDED = ("put", "put_under", "deal", "roll", "set_face", "set_owner", "shuffle", "create", "create_deck")
_OPERATIONS = {name: EXPORTS[name] for name in _RECORDED}


class _Variables:
    """The values of every `var` of a game at one moment. Lists and mappings are copied: rules
    change per-owner and family variables in place."""

    __slots__ = ("names", "values")

    def __init__(self, g: Game):
        self.names = g.rules.variable_attributes
        self.values = [value.copy() if type(value) in _CONTAINERS else value for value in g.rules.read_variables(g)]

    def restore(self, g: Game, copy: bool = True) -> None:
        """Put the values back; `copy=False` hands over the saved copies (no second restore)."""
        for name, value in zip(self.names, self.values):
            setattr(g, name, value.copy() if copy and type(value) in _CONTAINERS else value)


_CONTAINERS = (list, dict)


class _AtRandom:
    """Answers decisions inside a look-ahead: at random, from the look-ahead's own stream."""

    blind = True

    def __init__(self, rng):
        self.pick = lambda count: int(rng.random() * count)


class Frames:
    """The rules running now that ask `choose`s, innermost last, each with its start state."""

    __slots__ = ("stack",)

    def __init__(self):
        self.stack: list[tuple] = []

    def run(self, function, g, args):
        self.stack.append((function, args, Snapshot(g), len(g.history)))
        try:
            return function(g, *args)
        finally:
            self.stack.pop()


_LOOKS = operator.attrgetter("face", "value", "owner")


class Snapshot:
    """The whole state of a game at one moment, to be put back (as often as needed)."""

    __slots__ = ("zones", "loose", "made", "variables", "counters", "rng")

    def __init__(self, g: Game):
        self.zones = [(zone, zone[:], zone.stamp, list(map(_LOOKS, zone))) for zone in g.rules.all_zones(g)]
        self.loose = [(p, p.face, p.value, p.owner) for pieces in g.pieces_by_kind.values() for p in pieces if p.zone is None]
        self.made = {kind: len(pieces) for kind, pieces in g.pieces_by_kind.items()}
        self.variables = _Variables(g)
        self.counters = (g.turns, g.decisions, g.next_piece_id, len(g.history))
        self.rng = g.rng.getstate()

    def restore(self, g: Game) -> None:
        """Only zones whose stamp moved are put back, with the pieces they held as they were:
        a piece that changed since lay in such a zone then (or in none, and is `loose`)."""
        _forget_pieces_made_since(g, self.made)
        for zone, pieces, stamp, looks in self.zones:
            if zone.stamp != stamp:
                zone[:] = pieces
                zone.stamp = stamp
                for piece, (face, value, owner) in zip(pieces, looks):
                    piece.zone, piece.face, piece.value, piece.owner = zone, face, value, owner
        for piece, face, value, owner in self.loose:
            piece.zone, piece.face, piece.value, piece.owner = None, face, value, owner
        self.variables.restore(g)
        g.turns, g.decisions, g.next_piece_id, history = self.counters
        del g.history[history:]
        g.rng.setstate(self.rng)
