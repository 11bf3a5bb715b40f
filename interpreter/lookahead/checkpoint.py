"""Checkpoints: a game's state at one moment, to go back to, paying only for what changes.

Search agents try options on the running game and take them back, and a rule that asks a
`choose` is run again from where it started. Copying every zone for that would cost as much
as the game is big; a checkpoint instead copies a zone the first time an operation is about
to change it (or a piece in it). Every operation announces the zones it changes
(`changing`); a zone's stamp (values.Zone) and when it was last kept (`kept`) tell whether
the checkpoint has kept it since it was taken, so its pile is kept at the first change, and
only then; a piece about to show another face or pass to another owner has its looks kept
the same way. The vars are kept alike: the compiled rules announce every assignment that may
change a var or a list or mapping inside one (`var_changing` names the var; `vars_changing`,
for a change through a local holding a var's list, cannot), and the first change of a var
after a checkpoint keeps its value and every list and mapping in it, each with what it held
(a param's list is fixed, values.Fixed, so not kept). A value given to a var that may hold
lists from elsewhere (`a = b`) is announced after the assignment (`var_rebound`), so that
those are kept before a change through either var; lists are kept by identity, once, so a
list two vars share goes back once. `pieces_changing` does the same for the pieces made so
far. Going back puts the kept zones and looks back and refills those very lists and mappings
(a rule that holds one, `let mine = kept[p]`, sees it as the game has it), as often as
needed. The history of answers (`g.history`, what `undo`, `copy` and a log replay play the
game from) is kept alike: it only grows, except when a checkpoint goes back, so going back
to an older checkpoint first has every other checkpoint keep the answers it is about to
drop or overwrite (`_keep_history`); a look-ahead that runs a rule again from its start
with another seat's secret answer drawn anew (search.py) gives the present its real
answers back.

    here = Checkpoint(game)
    ... play on ...
    here.restore(game)         # the game as it was, zones, pieces, vars, counters, chance
    here.close()               # stop keeping (checkpoints close innermost first)

Two users of checkpoints live here too: `Frames`, the checkpoint of where each running rule
that asks a `choose` started (what a look-ahead re-runs the rule from), and `copy_nested`,
the copies of a rule's lists that a look-ahead changes in place instead of the originals.
"""

from __future__ import annotations

from ..running.values import next_stamp
from .luck import Tape

# The values that can hold lists or mappings, which may change in place: what checkpoints
# keep and look-aheads copy (search.py), and what compiled assignments announce.
NESTED = (list, dict, tuple)
is_nested = frozenset(NESTED).__contains__


_refill = list.__setitem__
_WHOLE = slice(None)


def changing(g, zone) -> None:
    """`zone` is about to change: open checkpoints keep it as it is. A zone stamped after the
    newest checkpoint was taken has been kept by all of them already (they are in the order
    they were taken), and so has one they all kept since the newest was taken (`kept`: when
    they last did; a look-ahead taken back gives the zone its old stamp, not its old keeping)."""
    opened = g.open
    if not opened:
        return
    newest = opened[-1].since
    stamp = zone.stamp
    if stamp > newest or zone.kept > newest:
        return
    for checkpoint in opened:
        if stamp < checkpoint.since and id(zone) not in checkpoint.kept:
            checkpoint.kept[id(zone)] = (zone, zone[:], stamp)
    zone.kept = next_stamp()


def turning(g, zone) -> None:
    """The pieces in `zone` are about to show other faces or pass to other owners."""
    changing(g, zone)
    for checkpoint in g.open:
        looks = checkpoint.looks
        for piece in zone:
            if id(piece) not in looks:
                looks[id(piece)] = (piece, piece.face, piece.value, piece.owner)


def moving_piece(g, piece) -> None:
    """A piece is about to leave where it lies (a zone, or none)."""
    if piece.zone is not None:
        changing(g, piece.zone)
    else:
        for checkpoint in g.open:
            checkpoint.loose.setdefault(id(piece), piece)


def turning_piece(g, piece) -> None:
    """A piece is about to show another face or pass to another owner."""
    if piece.zone is not None:
        changing(g, piece.zone)
    for checkpoint in g.open:
        checkpoint.looks.setdefault(id(piece), (piece, piece.face, piece.value, piece.owner))


def var_changing(g, index: int) -> None:
    """Var number `index` of `g` (in `rules.variable_attributes`), or a list or mapping inside
    it, is about to change: the open checkpoints of `g` keep what it holds, unless they have
    already. A var's stamp works like a zone's: newer than the newest checkpoint, all have
    kept it, and every list and mapping it has held since (`var_rebound`)."""
    stamps = g.var_stamps
    if not g.open or stamps[index] > g.open[-1].since:
        return
    _keep_variable(g, index, g.open)
    stamps[index] = next_stamp()


def var_rebound(g, index: int) -> None:
    """Var number `index` of `g` has just been given a value that may hold lists or mappings
    from elsewhere (`a = b`, `a[0] = b`, `a += [b]`): the open checkpoints keep those they
    have not kept yet, as they are, before a later change through this var (which its stamp
    would not announce again) changes them."""
    if g.open:
        _walk_variable(g, index, getattr(g, g.rules.variable_attributes[index]))


def vars_changing(g) -> None:
    """Some var of `g` may change where the rules cannot tell which: through a local or a
    parameter that holds one of its lists. Every var is kept, as `var_changing` keeps one."""
    if not g.open:
        return
    since = g.open[-1].since
    stamps = g.var_stamps
    for index, stamp in enumerate(stamps):
        if stamp < since:
            _keep_variable(g, index, g.open)
            stamps[index] = next_stamp()


def vars_rebound(g) -> None:
    """`var_rebound` for a value given through a local or a parameter: any var may hold it."""
    if g.open:
        _keep_lists(g, containers(g.rules.read_variables(g)), g.open)


def pieces_changing(g) -> None:
    """Pieces are about to be made in `g`: open checkpoints keep the pieces made so far."""
    _keep_made(g, g.open)


def _keep_made(g, checkpoints) -> None:
    record = None
    for checkpoint in checkpoints:
        if checkpoint.made is None and checkpoint.game is g:
            if record is None:
                record = {kind: pieces[:] for kind, pieces in g.pieces_by_kind.items()}
            checkpoint.made = record


def _keep_variable(g, index: int, checkpoints) -> None:
    """The checkpoints of `g` keep var `index`'s value (the very object) and the lists and
    mappings in it, each with what it holds now, unless they have kept them already."""
    value = getattr(g, g.rules.variable_attributes[index])
    for checkpoint in checkpoints:
        if checkpoint.game is g and index not in checkpoint.variables:
            checkpoint.variables[index] = value
    if type(value) in NESTED:
        walked = g.var_walks[index]
        # Kept by every open checkpoint already: the same value was gone through since the
        # newest was taken, and any list it has been given since was kept (`var_rebound`).
        if walked is None or walked[0] is not value or walked[1] < g.open[-1].since:
            _walk_variable(g, index, value)


def _walk_variable(g, index: int, value) -> None:
    """Every open checkpoint of `g` keeps the lists and mappings in `value`, var `index`'s,
    that it has not kept yet."""
    _keep_lists(g, containers((value,)), g.open)
    g.var_walks[index] = (value, next_stamp())


def _keep_lists(g, found: list, checkpoints) -> None:
    copies = {}
    for checkpoint in checkpoints:
        if checkpoint.game is g:
            kept = checkpoint.lists
            for container in found:
                if id(container) not in kept:
                    copy = copies.get(id(container))
                    if copy is None:
                        copy = copies[id(container)] = container.copy()
                    kept[id(container)] = (container, copy)


def containers(values) -> list:
    """Every list and mapping in `values` or inside them (through tuples too), each once: a
    tuple too is gone through once (`s = (s, s)`, repeated, holds one tuple many times over)."""
    found: dict[int, object] = {}
    for value in values:
        if type(value) in NESTED:
            _gather(value, found)
    return [value for value in found.values() if type(value) is not tuple]


def _gather(value, found: dict) -> None:
    if id(value) in found:
        return
    found[id(value)] = value
    items = value.values() if type(value) is dict else value
    if any(map(is_nested, map(type, items))):
        for item in items:
            if type(item) in NESTED:
                _gather(item, found)


def _keep_history(g, going_back, first: int) -> None:
    """`going_back` is about to drop or overwrite entry `first` of `g.history` and those after
    it: every other open checkpoint of `g` whose history reaches past `first` keeps its own
    entries from there, unless it has kept them from there already. An entry before the
    first one a checkpoint kept has not changed since it was taken (the history only grows,
    but for a checkpoint going back), nor has any entry of one that has kept nothing."""
    history = g.history
    for checkpoint in g.open:
        length = checkpoint.counters[3]
        if checkpoint is going_back or length <= first:
            continue
        kept = checkpoint.answers
        if kept is None:
            checkpoint.answers = (first, history[first:length])
        elif first < kept[0]:
            checkpoint.answers = (first, history[first:kept[0]] + kept[1])


class Checkpoint:
    """The state of one game now; see the module docstring."""

    __slots__ = ("game", "since", "kept", "loose", "looks", "made", "pieces_stamp", "variables", "lists",
                 "var_stamps", "counters", "answers", "rng")

    def __init__(self, g, chance: bool = True):
        """`chance=False`: the random stream is not kept (whoever goes back puts it back himself)."""
        self.game = g
        self.since = next_stamp()
        self.kept: dict[int, tuple] = {}
        # Pieces that lay in no zone, and the looks (face, value, owner) pieces showed.
        self.loose: dict[int, object] = {}
        self.looks: dict[int, tuple] = {}
        # Kept at the first change after now (pieces_changing, vars_changing).
        self.made = None
        self.pieces_stamp = g.pieces_stamp
        # Each var's value, and each list or mapping in the vars with what it held, by id.
        self.variables: dict[int, object] = {}
        self.lists: dict[int, tuple] = {}
        self.var_stamps = g.var_stamps[:]
        self.counters = (g.turns, g.decisions, g.next_piece_id, len(g.history))
        # (k, the answers g.history held from entry k to its length then), kept when an older
        # checkpoint going back first drops or overwrites entry k (`_keep_history`).
        self.answers = None
        self.rng = g.rng.getstate() if chance else None
        g.open.append(self)

    def restore(self, g, chance: bool = True) -> None:
        """Put the game back as it was; `chance=False` leaves the random stream as it is (for a
        look-ahead that drew from a stream of its own, or a checkpoint that did not keep it).
        Each zone refilled keeps what it held, under which stamp, in `undone`, for a real
        change that leaves it the same (bookkeeping.restamp)."""
        opened = g.open
        if opened and opened[-1] is not self:
            self._tell_newer(g, [kept for kept in self.kept.values() if kept[0].stamp != kept[2]])
        # What is put back goes by the operations: the meter must measure the score anew.
        g.score_changed = -1
        if self.loose:
            for piece in self.loose.values():
                piece.zone = None
        turned = g.turned
        for zone, pieces, stamp in self.kept.values():
            if zone.stamp != stamp:
                zone.undone = (zone.stamp, zone[:], turned)
                # list's own method: a rule's assignment cannot reach a zone (values.Zone).
                _refill(zone, _WHOLE, pieces)
                zone.stamp = stamp
                for piece in pieces:
                    piece.zone = zone
        if self.looks:
            g.turned += 1
            for piece, face, value, owner in self.looks.values():
                piece.face, piece.value, piece.owner = face, value, owner
        if g.pieces_stamp != self.pieces_stamp:
            g.pieces_by_kind.clear()
            g.pieces_by_kind.update((kind, pieces[:]) for kind, pieces in self.made.items())
            g.pieces_stamp = self.pieces_stamp
        if g.var_stamps != self.var_stamps:
            self._put_variables_back(g)
        g.turns, g.decisions, g.next_piece_id, length = self.counters
        history = g.history
        if self.answers is None:
            if len(history) > length:
                _keep_history(g, self, length)
                del history[length:]
        else:
            first, answers = self.answers
            _keep_history(g, self, first)
            history[first:] = answers
        if chance and self.rng is not None:
            g.rng.setstate(self.rng)

    def _put_variables_back(self, g) -> None:
        """Every kept list and mapping is refilled, also one equal to what it held: equal
        lists inside it may be others than the ones it held (`other[0] = rows[0]` where both
        held [0])."""
        for container, content in self.lists.values():
            if type(container) is list:
                container[:] = content
            else:
                container.clear()
                container.update(content)
        attributes = g.rules.variable_attributes
        for index, value in self.variables.items():
            if getattr(g, attributes[index]) is not value:
                setattr(g, attributes[index], value)
        g.var_stamps[:] = self.var_stamps

    def _tell_newer(self, g, changed: list) -> None:
        """Newer checkpoints keep the present first, before anything is put back (a re-run goes
        back to its rule's start and later to the present). Every zone going back has changed
        since this checkpoint, pieces leaving a zone included, so the zones and looks do, and
        so do the vars and the pieces made if they are going back."""
        opened = g.open
        newer = opened[opened.index(self) + 1:] if self in opened else opened
        for checkpoint in newer:
            since, kept, looks = checkpoint.since, checkpoint.kept, checkpoint.looks
            for zone, _, _ in changed:
                if zone.stamp < since and id(zone) not in kept:
                    kept[id(zone)] = (zone, zone[:], zone.stamp)
            for piece, _, _, _ in self.looks.values():
                if id(piece) not in looks:
                    looks[id(piece)] = (piece, piece.face, piece.value, piece.owner)
        if g.var_stamps != self.var_stamps:
            for index in self.variables:
                _keep_variable(g, index, newer)
            _keep_lists(g, [container for container, _ in self.lists.values()], newer)
        if g.pieces_stamp != self.pieces_stamp:
            _keep_made(g, newer)

    def close(self) -> None:
        opened = self.game.open
        if opened[-1] is self:
            opened.pop()
        else:
            opened.remove(self)


def changeable(value, seen: set | None = None) -> bool:
    """Whether `value` is or holds (inside tuples) a list or mapping: something a look-ahead
    could change in place. Answers such as `(3, "money")` need no copy. Each tuple is gone
    through once (`seen`)."""
    kind = type(value)
    if kind is tuple:
        seen = set() if seen is None else seen
        if id(value) in seen:
            return False
        seen.add(id(value))
        return any(changeable(item, seen) for item in value)
    return kind is list or kind is dict


def copy_nested(value, memo: dict):
    """A list, mapping or tuple copied down to its last list or mapping (tuples holding them
    included): what a look-ahead may change in place at any depth as it likes (`tally[1] +=
    pick`, `pairs[i][1][0] = 3`). Each list or mapping is copied once, so two names holding
    one still hold one; `memo` maps the id of each already copied to its copy, and a list
    mapped to itself stays itself. Zones and pieces inside are the game's own."""
    kind = type(value)
    known = memo.get(id(value))
    if known is not None:
        return known
    if kind is tuple:
        if not any(map(is_nested, map(type, value))):
            return value
        copied = memo[id(value)] = tuple(copy_nested(item, memo) if type(item) in NESTED else item for item in value)
        return copied
    items = value.values() if kind is dict else value
    if not any(map(is_nested, map(type, items))):
        copied = memo[id(value)] = value.copy()
    elif kind is list:
        copied = memo[id(value)] = []
        copied.extend(copy_nested(item, memo) if type(item) in NESTED else item for item in value)
    else:
        copied = memo[id(value)] = {}
        copied.update((key, copy_nested(item, memo) if type(item) in NESTED else item) for key, item in value.items())
    return copied


class Frames:
    """The rules running now that ask `choose`s, innermost last, each with a checkpoint of the
    state it started from; and the turn the game is in (`turn`), whose rule (`turn p:
    take_turn(p)`, compiling/turns.py) a rollout plays again to the turn's end. Every turn
    is kept, a checkpoint and a tape of its chance, from the game's start: a copy or an undone
    game, replayed from the seed, then holds the very turns the game held, and a rollout takes
    the same way in both (kept only from an agent's first rollout on, a copy had not kept the
    turn it was copied in, rolled it out as a what-if game and played another game)."""

    __slots__ = ("stack", "turn")

    def __init__(self):
        self.stack: list[tuple] = []
        self.turn: Turn | None = None

    def run(self, function, g, args):
        self._enter(function, g, args)
        try:
            return function(g, *args)
        finally:
            self._leave()

    def run_pausing(self, function, g, args):
        """`run` for rules that pause at decisions (a generator)."""
        self._enter(function, g, args)
        try:
            return (yield from function(g, *args))
        finally:
            self._leave()

    def run_turn(self, function, g, args):
        """`function(g, *args)` as the rule of the turn the game is in (of a turn inside it, the
        innermost, while that one runs)."""
        outer = self.turn
        self.turn = turn = Turn(function, args, g)
        try:
            return function(g, *args)
        finally:
            turn.end(g)
            self.turn = outer

    def run_turn_pausing(self, function, g, args):
        """`run_turn` for rules that pause at decisions (a generator)."""
        outer = self.turn
        self.turn = turn = Turn(function, args, g)
        try:
            return (yield from function(g, *args))
        finally:
            turn.end(g)
            self.turn = outer

    def _enter(self, function, g, args) -> None:
        self.stack.append((function, args, Checkpoint(g), len(g.history)))

    def _leave(self) -> None:
        self.stack.pop()[2].close()


class Turn:
    """A turn the game is in: its rule, the rule's arguments and the game's count of turns, a
    checkpoint of the state it began in, how many answers had been given, and the game's
    stream drawn through a tape (luck.Tape; none in a game whose chance a driver gives)."""

    __slots__ = ("function", "args", "number", "start", "first", "tape")

    def __init__(self, function, args, g):
        self.function = function
        self.args = args
        self.number = g.turns
        self.start = Checkpoint(g, chance=False)
        self.first = len(g.history)
        self.tape = None
        if g.explicit is None:
            self.tape = Tape(g.rng)
            g.rng, g.random = self.tape, self.tape.random

    def end(self, g) -> None:
        self.start.close()
        tape = self.tape
        if tape is not None and g.rng is tape:
            g.rng, g.random = tape.source, tape.source.random
