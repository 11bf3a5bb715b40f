"""Pure procedures and their remembered answers: which procedures count as pure, that an
answer is reused only while its zones hold the same, that games without books share answers
as they were given, and that remembering changes no game, nor the steps it spends."""

from __future__ import annotations

import pytest

from rulesrun.interpreter.compiling.purity import pure_procs
from rulesrun.interpreter.lookahead.agents import make_agent
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.lookahead import remember
from rulesrun.interpreter.lookahead.bookkeeping import ALWAYS_RUNNING, BOOKKEEPING, PLAIN, running, running_through
from rulesrun.interpreter.lookahead.checkpoint import Checkpoint
from rulesrun.interpreter.testing.scenario import Scenario

from tests.helpers import SHIPPED, compiled, finished_state, quick_first, rules_from_text
from tests.test_agents import GAMES, rules_of

PROCS = '''
game "Purity"
players 2..2

param bonus = 3
die d6 faces 1..6
zone pile
zone other
var tally = 0

phase game:
    create d6 x 3 into pile

proc faces_of(pieces):
    let shown = sorted([x.face for x in pieces])
    return shown

proc with_bonus(pieces):
    let total = [0, bonus]
    total[0] += len(pieces)
    return total

proc through_pure(pieces):
    return faces_of(pieces)

proc ranked_by(pieces, key):
    return sorted(pieces, key = key)

proc nested(pieces):
    return [[x.face] for x in pieces]

proc moved_while_looping():
    "Goes through the remembered faces of `pile` while it moves the pile away."
    let seen = []
    for f in faces_of(pile):
        seen = seen + [f]
        put pile into other
    return seen

proc tamper():
    let t = with_bonus(pile)
    t[0] += 100
    return with_bonus(pile)

proc nests(pieces):
    let answer = nested(pieces)
    return answer

proc ranks(pieces):
    let answer = ranked_by(pieces, d => d.face)
    return answer

proc names_a_zone():
    return len(pile)

proc reads_a_var(x):
    return x + tally

proc sets_a_var(x):
    tally = x
    return x

proc rolls(pieces):
    roll pieces
    return 1

proc draws(x):
    return chance(x)

proc says(x):
    say "x"
    return x

proc turns(pieces):
    first(pieces).face = 1
    return 0

proc through_impure(x):
    return reads_a_var(x)

score by p: 0
'''


@pytest.fixture()
def rules(tmp_path):
    return rules_from_text(tmp_path, PROCS)


def test_pure_procedures_are_those_that_read_only_their_arguments(rules):
    assert pure_procs(rules.program.parts) == {"faces_of", "with_bonus", "through_pure", "ranked_by", "nested",
                                                  "nests", "ranks"}


def kept(s) -> int:
    """How many answers the game's memory holds: each is one run of a pure procedure whose
    answer is kept (a call answered from memory adds none)."""
    return sum(1 for key in s.game.remembered if isinstance(key, tuple))


def test_an_answer_is_reused_while_the_zone_holds_the_same(rules):
    s = Scenario(rules, players=2)
    s.call("game")
    first = s.call("through_pure", s.zone("pile"))
    assert s.call("through_pure", s.zone("pile")) == first
    assert kept(s) == 1
    die = s.zone("pile")[0]
    s.turn(die, 1 if die.face != 1 else 2)
    assert s.call("through_pure", s.zone("pile")) == sorted(p.face for p in s.zone("pile")) != first
    s.put(die, "other")
    assert s.call("through_pure", s.zone("pile")) == sorted(p.face for p in s.zone("pile"))
    assert kept(s) == 3


def test_a_restored_zone_is_recognised_again(rules):
    s = Scenario(rules, players=2)
    s.call("game")
    before = Checkpoint(s.game)
    first = s.call("through_pure", s.zone("pile"))
    s.call("rolls", s.zone("pile"))
    s.call("through_pure", s.zone("pile"))
    assert kept(s) == 2
    before.restore(s.game)
    before.close()
    assert s.call("through_pure", s.zone("pile")) == first
    assert kept(s) == 2, "the pile put back is recognised: answered from memory, no new run"


def test_a_real_change_that_ends_where_a_taken_back_one_did_is_recognised(rules):
    """A look-ahead puts a die onto `other` and asks about it, then is taken back; the real
    move then puts the same die there: the pile gets the look-ahead's stamp again, and the
    answer worked out in the look-ahead is found (a greedy bot's real move used to make every
    zone it changed new to the memory, though an option just tried had left it so)."""
    s = Scenario(rules, players=2)
    s.call("game")
    die = s.zone("pile")[0]
    trying = Checkpoint(s.game, chance=False)
    s.put(die, "other")
    tried = s.zone("other").stamp
    answer = s.call("through_pure", s.zone("other"))
    trying.restore(s.game, chance=False)
    trying.close()
    assert kept(s) == 1 and s.zone("other").stamp != tried
    s.put(die, "other")
    assert s.zone("other").stamp == tried
    assert s.call("through_pure", s.zone("other")) == answer
    assert kept(s) == 1, "answered from memory: no new run"


@pytest.mark.parametrize("between", ["another die", "a roll", "a roll taken back", "a die turned"])
def test_a_real_change_to_another_pile_or_other_looks_is_new(rules, between):
    """The stamp comes back only for the same pieces showing the same: another die put, or any
    die turned or rolled since the look-ahead (even one taken back), makes a new stamp."""
    s = Scenario(rules, players=2)
    s.call("game")
    die, second, third = s.zone("pile")
    trying = Checkpoint(s.game, chance=False)
    s.put(die, "other")
    tried = s.zone("other").stamp
    if between == "a roll taken back":
        s.call("rolls", [second])
    trying.restore(s.game, chance=False)
    trying.close()
    if between == "a roll":
        s.call("rolls", [third])
    if between == "a die turned":
        s.turn(third, 1 if third.face != 1 else 2)
    s.put(second if between == "another die" else die, "other")
    assert s.zone("other").stamp != tried


def test_a_loop_goes_through_a_remembered_answer_as_it_was_when_the_loop_began(rules):
    """`for` over a pure call reads the answer the memory holds (not a copy), twice the same."""
    s = Scenario(rules, players=2)
    s.call("game")
    faces = sorted(p.face for p in s.zone("pile"))
    assert s.call("moved_while_looping") == faces
    s.put(s.zone("other"), "pile")
    assert s.call("moved_while_looping") == faces


def test_a_caller_changing_a_remembered_list_does_not_change_the_memory(rules):
    s = Scenario(rules, players=2)
    s.call("game")
    assert s.call("tamper") == [3, 3]


def test_answers_that_could_change_in_place_and_calls_with_functions_are_not_remembered(rules):
    s = Scenario(rules, players=2)
    s.call("game")
    for _ in range(2):
        s.call("nests", s.zone("pile"))
        s.call("ranks", s.zone("pile"))
    assert kept(s) == 0


@pytest.mark.parametrize("game", quick_first(sorted(GAMES)))
def test_remembering_changes_no_game(game, monkeypatch):
    """Greedy games (which evaluate `value` after every option) play out event for event the
    same whether pure procedures are remembered or always run."""
    rules = rules_of(game)
    players = max(rules.min_players, min(3, rules.max_players))

    def play():
        log: list = []
        rules.play(players, 5, [make_agent("greedy", 5, p) for p in range(players)], log)
        return log

    remembering = play()
    for name, always_running in ALWAYS_RUNNING.items():
        monkeypatch.setitem(BOOKKEEPING, name, always_running)
    assert play() == remembering


# Games without books share one memory per Rules and number of seats, keyed by values
# (remember.py, `remembered_values`).

SHARED = '''
game "Shared"
players 2..3

die d6 faces 1..6
zone pile
var rows_first = []
var rows_again = []
var same_list = []
var top_is_first = false
var seats = 0

phase game:
    create d6 x 3 into pile
    roll pile
    let a = pairs(pile)
    a[0][1] = 99
    a[1] = [7]
    rows_first = a
    rows_again = pairs(pile)
    let xs = [1, 2]
    let ys = same(xs)
    ys[0] = 5
    same_list = xs
    top_is_first = top(pile) == first(pile)
    seats = how_many()

proc pairs(ds):
    let rows = [[d.face, 1] for d in ds]
    return rows

proc same(xs):
    "Two statements, so that it is called, not written in place."
    let n = len(xs)
    return xs

proc top(ds):
    let n = len(ds)
    return first(ds)

proc how_many():
    let n = 1
    return num_players

score by p: 0
'''


def test_a_shared_answer_comes_back_as_it_was_given_in_every_game(tmp_path):
    """A caller changing a remembered list of lists changes neither the memory nor the next
    answer; an argument list answered comes back as that very list; an answer that is a piece
    of the game is never shared (a piece of an earlier game would come back); a procedure
    reading the number of seats answers each number its own."""
    rules = rules_from_text(tmp_path, SHARED)
    for seed, players in ((1, 2), (1, 2), (2, 3), (1, 2)):
        state = finished_state(rules, players, seed)
        faces = [d.face for d in state.z_pile]
        assert state.v_rows_first == [[faces[0], 99], [7], [faces[2], 1]]
        assert state.v_rows_again == [[face, 1] for face in faces]
        assert state.v_same_list == [5, 2]
        assert state.v_top_is_first is True
        assert state.v_seats == players
    memory = rules.shared_memory(2)
    remembered = {procedure.__name__: calls for procedure, calls in memory.items() if callable(procedure)}
    assert remembered["pr_same"] is None and remembered["pr_top"] is None
    assert len(remembered["pr_pairs"].answers) == 1 and remembered["pr_pairs"].asked == 6, "one roll, asked twice a game"
    assert rules.shared_memory(3) is not memory


def _played(rules, players: int, seed: int, step_budget: int | None = None):
    """(log, steps) of a game of random seats without books, or the error that stopped it."""
    log: list = []
    try:
        return log, finished_state(rules, players, seed, log, step_budget).steps
    except RulesError as error:
        return log, str(error)


POLICY = ("games/yahtzee.rules", ("../examples/yahtzee_most_common.rules",), {})


def remembering_nothing(monkeypatch) -> None:
    """Rules compiled from now on (in this test) remember nothing in games without books."""
    monkeypatch.setitem(PLAIN, "remembered_values", running)
    monkeypatch.setitem(PLAIN, "recalled_values", running_through)


@pytest.mark.parametrize("ruleset, fragments, params", quick_first([POLICY, *SHIPPED.values()]))
def test_a_game_plays_and_spends_the_same_whatever_the_memory_holds(ruleset, fragments, params, monkeypatch):
    """Each game the same event for event and step for step: with nothing remembered, with a
    memory of its own, and after the other games filled the memory (in both orders). A call
    answered from memory spends what it cost, so the steps are those of a game that
    remembers nothing."""
    def fresh():
        return compiled(ruleset, fragments, params)

    rules = fresh()
    players = max(rules.min_players, min(3, rules.max_players))
    seeds = range(4)
    alone = _played(fresh(), players, seeds[-1])
    shared = [_played(rules, players, seed) for seed in seeds]
    backwards = [_played(rules, players, seed) for seed in reversed(seeds)][::-1]
    remembering_nothing(monkeypatch)
    forgetting = [_played(fresh(), players, seed) for seed in seeds]
    assert shared == backwards == forgetting
    assert alone == shared[-1]


def test_a_game_stops_over_its_steps_where_it_would_alone(monkeypatch):
    """A game whose budget runs out stops at the same place with the same words, however much
    the memory other games filled answers: a remembered call that would go over runs, to stop
    where it goes over. Budgets one step apart, so that some run out within a remembered call."""
    rules = compiled(*POLICY)
    for seed in range(6):
        _played(rules, 2, seed)
    _, steps = _played(rules, 2, 9)
    budgets = range(steps // 3, steps // 3 + 60)
    remembering = [_played(rules, 2, 9, budget) for budget in budgets]
    remembering_nothing(monkeypatch)
    forgetting = compiled(*POLICY)
    assert remembering == [_played(forgetting, 2, 9, budget) for budget in budgets]
    assert all("steps" in error for _, error in remembering)


KINDS = """\
game "Kinds"
players 2..2

die a faces 1..6
die b faces 1..6
zone pile
zone aside
var seen = []

phase game:
    if random_int(1, 2) == 1:
        create a x 1 into pile
    else:
        create b x 1 into pile
    seen = seen + [kind_of(pile)]
    create b x 1 into aside
    create a x 1 into aside
    for d in pile:
        d.face = 1
    for d in aside:
        d.face = 1
    seen = seen + [kind_of(pile)]
    put pile into aside
    put first(aside) into pile
    seen = seen + [kind_of(pile)]

proc kind_of(ds):
    "Two statements, so that it is called, not written in place."
    let d = first(ds)
    return "a" if d.kind == a else "b"

score by p: 0
"""


def test_a_shared_answer_tells_kinds_apart(tmp_path):
    """Two kinds of die showing the same face are two calls, whether the game has made pieces
    of one kind (its name is then part of the key once) or of both (each piece's)."""
    rules = rules_from_text(tmp_path, KINDS)
    firsts = set()
    for seed in range(12):
        seen = finished_state(rules, 2, seed).v_seen
        assert seen[0] == seen[1] and seen[2] == "b"
        firsts.add(seen[0])
    assert firsts == {"a", "b"}


def test_a_full_memory_forgets_and_the_games_stay_the_same(monkeypatch):
    """Past its answers or items, the procedure with the most answers forgets the older half;
    the memory stays within both, and every game plays and spends as with no memory."""
    monkeypatch.setattr(remember, "_SHARED_ENTRIES", 40)
    monkeypatch.setattr(remember, "_KEPT_ITEMS", 900)
    rules = compiled(*POLICY)
    remembering = [_played(rules, 2, seed) for seed in range(3)]
    memory = rules.shared_memory(2)
    answers = [len(calls.answers) for calls in memory.values() if type(calls) is remember._Calls]
    assert 0 < sum(answers) <= 40 and 0 < memory[remember._ROOM].items <= 900
    assert sum(answers) == memory[remember._ROOM].answers
    remembering_nothing(monkeypatch)
    assert remembering == [_played(compiled(*POLICY), 2, seed) for seed in range(3)]


def test_a_shared_memory_keeps_one_copy_of_each_inner_tuple():
    """Interning: the rows of `keeps`' answers and the pieces of the keys repeat across calls,
    and the memory holds each once (some 30 MB down to 10 after 1,500 Yahtzee games)."""
    rules = compiled(*POLICY)
    for seed in range(3):
        _played(rules, 2, seed)
    memory = rules.shared_memory(2)
    keeps = next(calls for procedure, calls in memory.items() if getattr(procedure, "__name__", "") == "pr_keeps")
    rows = [row for frozen, *_ in keeps.answers.values() for row in frozen]
    looks = [look for key in keeps.answers for look in key[-1]]
    assert len({id(row) for row in rows}) == len(set(rows)) < len(rows) / 4
    assert len({id(look) for look in looks}) == len(set(looks)) < len(looks) / 4
