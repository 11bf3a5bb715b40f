"""One budget for a game: how much work and memory rules someone else wrote may take.

A game counts its steps (each pass of a loop, of a comprehension's clause, each call of a
rule that can call itself) in one counter, `Game.steps`, across every loop and call; and
the pieces it has created. A list or text made by repetition (`[1] * n`, `"a" * n`) and a
number made by multiplication must stay within a size. Going over any of them stops the
game with a located error (exit 3) that names the limit and how to raise it:

    rulesrun RULES --budget steps=50000000

The checks are where the work is decided, not on every expression: a `for`, `repeat` or
comprehension counts all its passes when it starts (`spend`, or its lines written out in a
`for` over a list; a comprehension's first clause over the seats or over one zone is bounded
already, as a built-in's pass over a zone is, and is not counted), a `while` each pass,
a recursive rule each call, `*` its result's size before making it. The plain `+` is not
checked: doubling a list or a number with it takes a pass of a loop per doubling, which
the step budget bounds, and memory running out is a located error too.
"""

from __future__ import annotations

import attrs

from ...dsl.limits import MAX_MEMBERS


@attrs.frozen(slots=True)
class Budget:
    """The limits of one game; `--budget NAME=N` sets one (NAME a field)."""

    steps: int = 1_000_000
    """Loop passes and calls of recursive rules, all together (the longest shipped game, with
    greedy agents trying moves on the game itself, takes about 21,000)."""
    pieces: int = 100_000
    """Pieces created (dice, cards), all kinds together."""
    size: int = 10_000_000
    """Items of a list or characters of a text made by `*`."""
    digits: int = 4_000
    """Decimal digits of a whole number made by `*`."""

    @classmethod
    def parse(cls, settings) -> "Budget":
        """A budget from `NAME=N` texts; ValueError names what is wrong."""
        values = {}
        names = [field.name for field in attrs.fields(cls)]
        for setting in settings:
            name, _, text = setting.partition("=")
            if name.strip() not in names:
                raise ValueError(f"`{setting}`: the budget's limits are {', '.join(names)} (e.g. steps=50000000)")
            if not text.strip().isdigit() or len(text.strip()) > 18 or int(text) < 1:
                raise ValueError(f"`{setting}`: a limit is a whole number from 1 to {10 ** 18 - 1:,}")
            values[name.strip()] = int(text)
        return cls(**values)


class TooMany(Exception):
    """A declaration makes more than the language allows (dsl/limits.py): args (what, how many
    it makes, the limit). Not a budget: no game needs more."""


def at_most_members(items, what: str):
    """`items` (a family's indexes, a die's faces), if there are at most MAX_MEMBERS of them."""
    if len(items) > MAX_MEMBERS:
        raise TooMany(what, len(items), MAX_MEMBERS)
    return items


def members(low: int, high: int) -> range:
    """The indexes `low..high` of a family of zones or vars."""
    return at_most_members(range(low, high + 1), "members of a family")


class OverBudget(Exception):
    """The game went over one of its limits: args (the limit's name, its value, what went over)."""


def spend(g, items):
    """`items`, after counting a pass for each against the game's steps (a loop about to run)."""
    try:
        count = len(items)
    except TypeError:
        return items
    except OverflowError:
        over_steps(g)
    g.steps += count
    if g.steps > g.step_budget:
        over_steps(g)
    return items


def times(g, left, right):
    """`left * right`, refused if it would make a list or text longer than the game's size or
    a whole number longer than its digits."""
    budget = g.budget
    if type(left) is int and type(right) is int:
        if (left.bit_length() + right.bit_length()) * 0.30103 > budget.digits + 1:
            raise OverBudget("digits", budget.digits, "digits of a number")
        return left * right
    if type(right) is int and hasattr(left, "__len__"):
        length, count = len(left), right
    elif type(left) is int and hasattr(right, "__len__"):
        length, count = len(right), left
    else:
        return left * right
    if length * count > budget.size:
        raise OverBudget("size", budget.size, "items of a list or characters of a text")
    return left * right


def over_steps(g):
    """Raised from a counted call of a recursive rule that went over the game's steps."""
    raise OverBudget("steps", g.step_budget, "loop passes and calls")
