"""Rollouts: options that one step of look-ahead cannot tell apart, played on to the end of the turn.

In a push-your-luck game the ruleset's `value` says the same after "roll again" as after
"stop": what the turn risks is not won or lost yet. So where greedy's look-ahead values of the
best options tie (or lie a rounding apart), each of them is played on with a cheap policy until
the turn ends, a few times, with the same luck for every option (common random numbers,
luck.py), and the seat's lead over the best other seat there decides.

    settle(decision, options=[0, 1], rollouts=4, rng=rng, policy=policy)   # -> the options still best

Greedy rolls out only the questions a turn comes back to (`Recurring`): where a question ends
the seat's part of the turn (a die placed, say), a rollout would replay the look-ahead at the
cost of the turn so far.

Where a rollout ends. A `turn` whose body calls a rule (`turn p: take_turn(p)`) runs it as a
kept frame in a game that keeps books (checkpoint.Frames, compiling/turns.py): the rollout runs
that rule again on the game itself from the turn's start, the turn's answers and chance so far
given again, then the option, then the policy, to the rule's end, which is the turn's end
(`Explorer.rollout`), and the game is put back. A turn is a turn however many questions its
seat answers in it, and others' questions inside it (a roll all seats may use) are played too.
In rules whose turns are all kept, a decision outside them (a scoring phase's) lies between
turns: nothing is rolled out. Elsewhere (a turn whose body is no call of a rule, rules without
`turn` blocks) a what-if game (`explorer.copy`) is played on until the count of turns changes
(read at the next decision), the game ends, or `HORIZON` decisions were answered after the
option: a game without `turn` blocks is looked that many decisions ahead. Every rollout stops
after `HORIZON` decisions. A rollout that met no decision and drew no chance is the same every
time: it is played once.
"""

from __future__ import annotations

from .luck import Luck
from .search import Horizon, fitting

HORIZON = 10
"""The most decisions a rollout answers after the option (a turn that never ends, a game
without `turn` blocks)."""

EPSILON = 1e-9
"""Values this close (relative to their size) tie: sums of fractions that differ only by
rounding."""


def tied(totals: list[float]) -> list[int]:
    """The indexes of the totals that tie with the largest."""
    best = max(totals)
    floor = best - EPSILON * max(1.0, abs(best))
    return [index for index, total in enumerate(totals) if total >= floor]


def lead(values: list, seat: int) -> float:
    """The seat's value less the best other seat's (its own value alone in a game of one). The
    list is the caller's to spend: the seat's entry gives way to another seat's, which leaves
    the best other seat's value the list's largest, with no copy."""
    mine = values[seat]
    if len(values) > 1:
        values[seat] = values[seat - 1]
        mine -= max(values)
    return mine


class Recurring:
    """The questions (decision points, `choose` labels) a seat has been asked twice in one turn:
    those of a turn that comes back to them until the seat stops or the dice end it (which
    dice to set aside, whether to roll again), whose rollouts weigh the seat's own later
    answers and the chance between them. A question a turn asks once (a placement that ends
    the turn) is not rolled out: its rollout would replay the look-ahead at the cost of the
    turn so far. In rules without `turn` blocks a game is one turn."""

    __slots__ = ("turn", "asked", "recurring")

    def __init__(self):
        self.turn = None
        self.asked: set = set()
        self.recurring: set = set()

    def met(self, decision) -> bool:
        """Counts the decision; whether its question has been asked twice in one turn."""
        turn = decision.explorer.turns
        if turn != self.turn:
            self.turn, self.asked = turn, set()
        point = decision.point
        if point in self.asked:
            self.recurring.add(point)
        self.asked.add(point)
        return point in self.recurring


def settle(decision, options: list[int], rollouts: int, rng, policy) -> list[int]:
    """Of `options` (which the look-ahead found equally good), those whose rollouts leave the
    seat furthest ahead at the end of the turn, summed over `rollouts` draws of luck from `rng`
    shared by every option. `policy(decision, rng) -> index` answers the decisions after the
    option."""
    explorer = decision.explorer
    if explorer.between_turns:
        return options
    seat = decision.player
    totals = [0.0] * len(options)
    fixed: list = [None] * len(options)
    for _ in range(rollouts):
        if None not in fixed:
            # Every option's rollout is the same every time: one each settles it.
            break
        luck = Luck(rng.random)
        for k, option in enumerate(options):
            if fixed[k] is not None:
                totals[k] += fixed[k]
                continue
            reader = luck.again()
            answering = _Policy(policy, reader)
            values = explorer.rollout(option, reader, answering)
            if values is None:
                values = _in_what_if(explorer, option, reader, answering)
            gained = lead(values, seat)
            totals[k] += gained
            if answering.asked == 0 and reader.drawn() == 0:
                fixed[k] = gained
    return [options[k] for k in tied(totals)]


class _Policy:
    """The rollout's answers after the option: the policy's, counted; past `HORIZON` of them the
    rollout stops where it stands (`Horizon`)."""

    __slots__ = ("policy", "rng", "asked")

    def __init__(self, policy, rng):
        self.policy = policy
        self.rng = rng
        self.asked = 0

    def __call__(self, decision) -> int:
        self.asked += 1
        if self.asked > HORIZON:
            raise Horizon
        return self.policy(decision, self.rng)


def _in_what_if(explorer, option: int, rng, policy: _Policy) -> list:
    """The rollout in a what-if game: the option, then the policy until the count of turns
    changes, the game ends or the horizon is reached; each seat's value there."""
    twin = explorer.copy(rng, lookahead=True)
    try:
        turns = twin.turns
        if not twin.over:
            twin.play(fitting(option, len(twin.decision.options), rng))
        while not twin.over and twin.turns == turns and policy.asked < HORIZON:
            twin.play(policy(twin.decision))
        return twin.values
    finally:
        twin.release()
