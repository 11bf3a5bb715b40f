"""Random play that does not repeat work (issue #40, item 3): a decision point works out a part
of its conditions that names no option once, where it is first asked; a game without books
remembers a pure procedure's answers under the values of its arguments. Neither changes a
game: the policy written as forbids plays as the plain simulator of it does."""

from __future__ import annotations

import statistics
import sys

import pytest

from helpers import ROOT, RULESETS, finished_state, random_agents, rules_from_text
from rulesrun.interpreter.lookahead.agents import RandomAgent
from rulesrun.interpreter.running.rules import load_rules

sys.path.insert(0, str(ROOT / "benchmarks"))

import yahtzee_most_common  # noqa: E402

POLICY = str(ROOT / "examples" / "yahtzee_most_common.rules")


class NeverAsked:
    """A seat that fails if it is asked to choose: a decision of one option is answered by the rules."""

    blind = False

    def choose(self, decision) -> int:
        raise AssertionError(f"asked among {decision.labels()}")


class LookingAhead(RandomAgent):
    """A random seat in a game that keeps books (the form that remembers under zones' stamps)."""

    looks_ahead = True


@pytest.mark.slow
def test_the_most_common_face_policy_leaves_one_option_and_scores_as_the_plain_simulator():
    """Every decision of the forbids' policy has one option (no agent is asked), and the mean
    score of 30 four-seat games is within 4 standard errors of the plain simulator's over 2,000."""
    rules = load_rules(RULESETS / "games" / "yahtzee.rules", fragments=[POLICY])
    scores = []
    for seed in range(30):
        scores += rules.play(4, seed, [NeverAsked() for _ in range(4)]).scores
    plain = [s for seed in range(2000) for s in yahtzee_most_common.play_game(4, seed)["scores"]]
    error = statistics.pstdev(plain) * (1 / len(scores) + 1 / len(plain)) ** 0.5
    assert abs(statistics.mean(scores) - statistics.mean(plain)) < 4 * error


LAZY = """\
game "Lazy"
players 2..2

zone pool
var left = 3

phase game:
    while left > 0:
        turn left % 2:
            play pick by left % 2

proc broken():
    let none_here = []
    return first(none_here)

move pick(n in [n for n in 1..left if n > 5]) for pick:
    left -= 1

move wait() for pick:
    left -= 1

forbid pick when broken() > n

score by p: left
"""


def test_a_forbid_part_that_names_no_option_is_asked_only_where_an_option_asks_it(tmp_path):
    """`broken()` fails, but `pick` never has an option, so the forbid is never asked: worked out
    once per decision, it is still worked out only where it was before."""
    rules = rules_from_text(tmp_path, LAZY)
    assert rules.play(2, 1, random_agents(1, 2)).turns == 3


ALIASED = """\
game "Aliased"
players 2..2

var out = 0

phase game:
    let a = [1, 2]
    let b = same(a)
    append 3 to b
    let c = same(a)
    out = len(c) + len(twice(a)) + len(twice(a))

proc same(xs):
    return xs

proc twice(xs):
    return xs + xs

score by p: out
"""


@pytest.mark.parametrize("books", [False, True])
def test_a_remembered_answer_is_never_an_argument_itself(tmp_path, books):
    """`same(a)` answers `a` itself, so appending to the answer appends to `a`, remembered or not;
    `twice(a)` answers a new list each time, of what `a` holds then."""
    rules = rules_from_text(tmp_path, ALIASED)
    agents = [LookingAhead(p) if books else RandomAgent(p) for p in range(2)]
    assert rules.play(2, 1, agents).scores == [3 + 6 + 6, 3 + 6 + 6]


STALE = """\
game "Stale"
players 2..2

die d6 faces 1..6
zone cup
zone aside
var wrong = 0

phase game:
    create d6 x 4 into cup
    repeat 60:
        roll cup
        if pips(cup) != sum([d.face for d in cup]) or pips(cup) != sum([d.face for d in cup]):
            wrong += 1
        put first(cup) into aside
        if pips(cup) != sum([d.face for d in cup]):
            wrong += 1
        put aside into cup

proc pips(dice):
    let total = 0
    for d in dice:
        total += d.face
    return total

score by p: wrong
"""


@pytest.mark.parametrize("books", [False, True])
def test_a_zone_is_recognised_by_what_it_holds_and_shows(tmp_path, books):
    """A pure procedure of a zone asked again after a roll or a put answers what the zone holds
    then, in a game without books (recognised by its pieces and faces) as in one with books (its
    stamp)."""
    rules = rules_from_text(tmp_path, STALE)
    agents = [LookingAhead(p) if books else RandomAgent(p) for p in range(2)]
    assert rules.play(2, 3, agents).scores == [0, 0]


SHARED = """\
game "Shared"
players 2..2

var left = 4

phase game:
    while left > 0:
        turn left % 2:
            play pick by left % 2

proc listing():
    let found = []
    for i in 1..500:
        if i % 100 == 0:
            append (i, left) to found
    return found

proc same(m):
    return m

move pick(n in [n for n, _ in listing()]) for pick:
    left -= 1

forbid pick when n != first([m for m, _ in listing()])

score by p: left
"""


def test_a_call_a_domain_and_a_forbid_both_go_through_is_worked_out_once_a_decision(tmp_path):
    """`listing()` (500 passes; it reads a var, so no memory answers it) is the move's values and,
    in the forbid, what names the one allowed: asked once a decision, it spends 500 steps, not
    1,000 (4 decisions). Where the
    forbid's comprehension calls a procedure, which could change what it goes through, each
    asks its own."""
    once = finished_state(rules_from_text(tmp_path, SHARED)).steps
    assert 4 * 500 <= once < 4 * 1000
    twice = finished_state(rules_from_text(tmp_path, SHARED.replace("first([m for", "first([same(m) for"))).steps
    assert twice >= 4 * 1000
