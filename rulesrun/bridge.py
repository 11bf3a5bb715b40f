"""What the bridges to other libraries (rulesrun.openspiel, rulesrun.pettingzoo) ask of a
ruleset beyond the driven game: how many seats by default, whether it hides anything, which
prompts its decisions can show, how many options a decision may offer, and who won how much.

    rules = open_rules("rulesets/royale.rules", params={"rounds": 2})
    hides_information(rules)        # True: a face-down pile, a private zone or a secret choice
    win_shares(game)                # [0.0, 1.0, 0.0, 0.0] once the game is over

Both bridges number a decision's options 0, 1, ... as the driven game does, so an action is
an option's index. How many options a decision can offer is not known before the game runs
(a choice among the ways to split a roll grows with the dice), so the bridges take a bound,
`max_actions`, and a decision beyond it is an error that names the decision and the fix.
"""

from __future__ import annotations

import os

import rulesrun
from .dsl import ast

# Generous for the shipped rulesets (their largest decision offers 41 options) and small
# enough for the output layer of a network or a mask per step.
DEFAULT_MAX_ACTIONS = 256


class TooManyOptions(ValueError):
    """A decision offers more options than the bridge's `max_actions` bound."""


def open_rules(rules, with_=(), params: dict | None = None):
    """Compiled rules from a path (with fragments and parameters, as `rulesrun.load`), or the
    compiled rules themselves."""
    if isinstance(rules, (str, os.PathLike)):
        return rulesrun.load(rules, with_=with_, params=params)
    if with_ or params:
        raise ValueError("`with_` and `params` apply to a path: give them to rulesrun.load instead")
    return rules


def default_players(rules) -> int:
    """Four seats, or the nearest number the rules allow (as the `rulesrun` command chooses)."""
    return max(rules.min_players, min(4, rules.max_players))


def hides_information(rules) -> bool:
    """Whether some seat may not know everything: a zone declared `hidden` or `private`, or a
    `choose` with `secret` not written as false."""
    if any(seen != "public" for _, seen in rules.namespace["ZONES"]):
        return True
    return any(_is_secret_keyword(node) for node in _nodes(rules.program))


def prompts(rules) -> tuple:
    """Every decision's key (`decision.point`, not its words: `decision.prompt`) that the rules
    name literally: the decision points of moves and of `play`, and the labels of `choose`
    written as text. Sorted. Observation layouts are keyed by these, so rewording a question
    never changes a layout."""
    found = {move.point for move in rules.program.moves}
    for node in _nodes(rules.program):
        if isinstance(node, ast.Play):
            found.add(node.point)
        elif _is_choose(node) and len(node.args) > 1 and isinstance(node.args[1], ast.Literal):
            found.add(str(node.args[1].value))
    return tuple(sorted(found))


def check_options(decision, max_actions: int) -> None:
    """Raise TooManyOptions if `decision` offers more than `max_actions` options."""
    count = len(decision.options)
    if count > max_actions:
        raise TooManyOptions(f"seat {decision.seat}'s decision `{decision.point}` offers {count} options, "
                             f"more than max_actions={max_actions}: make the bridge with max_actions={count} or more")


def win_shares(game) -> list[float]:
    """1/k for each of the k winners of a finished game, 0 for every other seat."""
    winners = game.winners
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(game.players)]


def _nodes(program):
    for root in (*program.parts.values(), *program.moves, *program.forbids, *program.handlers, *program.hooks):
        yield from ast.walk(root)


def _is_choose(node) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "choose"


def _is_secret_keyword(node) -> bool:
    if not _is_choose(node):
        return False
    return any(isinstance(arg, ast.Keyword) and arg.name == "secret"
               and not (isinstance(arg.value, ast.Literal) and arg.value.value is False) for arg in node.args)
