"""Checkpoints put a game back exactly, however the pieces were moved, turned or handed over,
also when an older checkpoint was gone back to while a newer one stayed open."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rulesrun.interpreter.lookahead.agents import RandomAgent
from rulesrun.interpreter.lookahead.checkpoint import Checkpoint
from rulesrun.interpreter.running.runtime import Game
from rulesrun.interpreter.lookahead.checkpoint import copy_nested
from rulesrun.interpreter.testing.scenario import Scenario

from tests.helpers import quick_first, rules_from_text
from tests.test_agents import rules_of

TABLE = '''
game "Table"
players 2..2

die d6 faces 1..6
zone a
zone b
zone c[1..2]
var count = 0
var tally per player = 0
var rows per player = [0]
var other per player = 0

phase game:
    create d6 x 5 owned by 0 into a
    create d6 x 3 into b

proc count_up(n):
    count += n

proc tally_up(p, n):
    tally[p] += n

proc link():
    other[0] = rows[0]

proc unlink(n):
    other[0] = [n]

proc push(n):
    rows[0] += [n]

proc poke(n):
    if other[0] != 0:
        other[0][0] += n

proc through_a_local(n):
    let mine = tally
    mine[n % 2] += 1

# The operations a step of the test plays, each as a rule: piece i of all the pieces, zone z of a, b, c[1], c[2].
proc piece_at(i):
    let all = [d for d in a] + [d for d in b] + [d for d in c[1]] + [d for d in c[2]]
    return all[i % len(all)]

proc zone_at(z):
    return [a, b, c[1], c[2]][z]

proc put_one(i, z):
    put piece_at(i) into zone_at(z)

proc put_all(i, z):
    put zone_at(i % 4) into zone_at(z)

proc put_some(i, z):
    "A list of pieces from up to three zones (some maybe in the target already) in one put."
    put [piece_at(i), piece_at(i + 3), piece_at(i * 5 + 1)] into zone_at(z)

proc put_one_under(i, z):
    put [piece_at(i)] under zone_at(z)

proc deal_some(i, z):
    deal i % 3 from zone_at(i % 4) into zone_at(z)

proc roll_zone(i, z):
    roll zone_at(z)

proc turn_one(i, z):
    piece_at(i).face = i % 6 + 1

proc hand_over(i, z):
    piece_at(i).owner = none if z == 3 else z % 2

proc shuffle_zone(i, z):
    shuffle zone_at(z)

proc create_one(i, z):
    create d6 x 1 into zone_at(z)

proc ask(i):
    count += choose(i % 2, "ask", [1, 2, 3, 4])

score by p: 0
'''

ZONES = ("a", "b", "c1", "c2")
# One step of play: (operation, first, second) with operands picked by index.
STEP = st.tuples(st.sampled_from(["put", "put_some", "put_all", "put_under", "deal", "roll", "face", "owner", "shuffle",
                                  "create", "count", "tally", "link", "unlink", "push", "poke", "held", "ask"]),
                 st.integers(0, 7), st.integers(0, 3))


@pytest.fixture(scope="module")
def rules(tmp_path_factory):
    return rules_from_text(tmp_path_factory.mktemp("table"), TABLE)


def new_game(rules) -> Scenario:
    scenario = Scenario(rules, 2, log=False)
    scenario.call("game")
    return scenario


def zone(game, name):
    return game.z_c[int(name[1])] if name.startswith("c") else getattr(game, f"z_{name}")


# Each step runs a rule of TABLE with its operands, as a game would.
RULE = {"put": "put_one", "put_some": "put_some", "put_all": "put_all", "put_under": "put_one_under", "deal": "deal_some", "roll": "roll_zone",
        "face": "turn_one", "owner": "hand_over", "shuffle": "shuffle_zone", "create": "create_one"}


def play(scenario, step) -> None:
    what, first, second = step
    if what in RULE:
        scenario.call(RULE[what], first, second)
    elif what == "count":
        scenario.call("count_up", first)
    elif what == "tally":
        scenario.call("tally_up", second % 2, first)
    elif what == "link":
        # Two vars holding one list: a change through either changes both.
        scenario.call("link")
    elif what == "unlink":
        scenario.call("unlink", first)
    elif what == "push":
        scenario.call("push", first)
    elif what == "poke":
        scenario.call("poke", first)
    elif what == "ask":
        # A decision answered: an entry of the history, which undo and copy replay.
        scenario.script(first % 2, second)
        scenario.call("ask", first)
    else:
        scenario.call("through_a_local", first)


def state(game) -> tuple:
    """Everything a checkpoint must put back, pieces by identity."""
    zones = tuple((name, zone(game, name).stamp, tuple((id(p), p.face, p.value, p.owner, p.zone is zone(game, name))
                                                        for p in zone(game, name))) for name in ZONES)
    made = tuple((kind, tuple(id(p) for p in pieces)) for kind, pieces in game.pieces_by_kind.items())
    held = game.v_other[0]
    lists = (tuple(game.v_tally), tuple(game.v_rows[0]), tuple(held) if held != 0 else held, held is game.v_rows[0])
    return zones, made, game.v_count, lists, game.next_piece_id, tuple(game.history)


@settings(max_examples=150, deadline=None)
@given(st.lists(STEP, max_size=12), st.lists(STEP, max_size=12))
def test_going_back_restores_everything_as_often_as_asked(rules, first, second):
    scenario = new_game(rules)
    game = scenario.game
    before = state(game)
    tally = game.v_tally
    here = Checkpoint(game)
    try:
        for step in first:
            play(scenario, step)
        here.restore(game)
        assert state(game) == before
        for step in second:
            play(scenario, step)
        here.restore(game)
        assert state(game) == before
        # The very list, refilled: a rule holding it sees what the game has.
        assert game.v_tally is tally
    finally:
        here.close()
    assert not game.open


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.lists(STEP, max_size=10), st.lists(STEP, max_size=10), st.lists(STEP, max_size=10))
def test_a_newer_checkpoint_survives_going_back_to_an_older_one(rules, before_newer, after_newer, after_going_back):
    """How a re-run works: the rule's start (older) is gone back to while the present (newer)
    is open, the rule runs again (with other answers, maybe), and then the present is put
    back, the answers given before it included."""
    scenario = new_game(rules)
    game = scenario.game
    start = Checkpoint(game)
    try:
        for step in before_newer:
            play(scenario, step)
        present_position = state(game)
        present = Checkpoint(game)
        try:
            for step in after_newer:
                play(scenario, step)
            start.restore(game)
            for step in after_going_back:
                play(scenario, step)
            present.restore(game)
            assert state(game) == present_position
        finally:
            present.close()
    finally:
        start.close()
    assert not game.open


# A look-ahead's round: options tried and taken back, a few steps, then one option played for real.
ROUND = st.tuples(st.lists(st.lists(STEP, min_size=1, max_size=3), min_size=1, max_size=3), st.integers(0, 2),
                  st.lists(STEP, max_size=2))


@settings(max_examples=200, deadline=None)
@given(st.lists(ROUND, max_size=4))
# A die turned and put in one try, put as it shows in another: the second must not get the
# first one's stamp, though the pile holds the same pieces and nothing turned since going back.
@pytest.mark.slow
@example(rounds=[([[("face", 1, 0), ("put", 1, 1)], [("put", 1, 1)]], 1, [])])
def test_a_stamp_names_one_pile_showing_one_thing(rules, rounds):
    """Remembered answers trust it: whenever a zone shows a stamp seen before, it is the same
    zone holding the very same pieces, in the same order, showing the same faces, values and
    owners. Each round plays like a look-ahead bot: every option is tried and taken back, a few
    other steps follow (maybe another piece put, a die turned or rolled), then one option is
    played for real, which may leave a pile as its try did (bookkeeping.restamp)."""
    scenario = new_game(rules)
    game = scenario.game
    seen: dict[int, tuple] = {}

    def check() -> None:
        for name in ZONES:
            pile = zone(game, name)
            # The pieces themselves are kept (not their ids, which a new piece could take).
            now = (name, tuple(pile), tuple((p.face, p.value, p.owner) for p in pile))
            was = seen.setdefault(pile.stamp, now)
            assert was[0] == now[0] and len(was[1]) == len(now[1]) and all(map(
                lambda a, b: a is b, was[1], now[1])) and was[2] == now[2], (name, pile.stamp)

    check()
    for tries, chosen, between in rounds:
        for steps in tries:
            trying = Checkpoint(game)
            try:
                for step in steps:
                    play(scenario, step)
                    check()
                trying.restore(game)
                check()
            finally:
                trying.close()
        for step in between + tries[chosen % len(tries)]:
            play(scenario, step)
            check()


@pytest.mark.parametrize("game", quick_first(["classic+bandit+kicker", "royale", "pot"]))
def test_keeping_books_changes_no_game(game):
    """Random play runs the plain operations, look-ahead games the bookkeeping ones: the same
    seed gives the same game either way."""
    rules = rules_of(game)
    players = max(rules.min_players, 3)
    logs = []
    for books in (False, True):
        agents = [RandomAgent(f"7:{p}") for p in range(players)]
        log: list = []
        played = Game(rules, players, 7, agents, log, 200_000)
        played.books = books
        rules.run(played)
        logs.append(log)
    assert logs[0] == logs[1] and len(logs[0]) > 100


def test_a_look_aheads_copy_reaches_lists_inside_tuples():
    """`pairs[i][1][0] = 3` changes a list inside a tuple: the copy a look-ahead runs on must
    not share that list; tuples of plain values need no copy."""
    value = [(1, [2]), (3, 4), {5: (6, [7])}]
    copy = copy_nested(value, {})
    assert copy == value
    assert copy[0][1] is not value[0][1] and copy[2][5][1] is not value[2][5][1]
    assert copy[1] is value[1]


def test_a_copy_keeps_aliases_and_the_lists_it_is_told_to_keep():
    """Two names holding one list still hold one after copying, and a var's list (mapped to
    itself) is not copied: a rule's `let mine = kept[p]` must go on changing the var."""
    shared, inner = [1], [2]
    memo = {id(shared): shared}
    first = copy_nested([shared, inner, inner], memo)
    second = copy_nested((inner, [shared]), memo)
    assert first[0] is shared and second[1][0] is shared
    assert first[1] is not inner and first[1] is first[2] is second[0]
