"""The code generator writes cheaper code where the program says what an operand is: a `put` or
`roll` of a named zone calls the operation for a zone's pile, `faces` and `showing` are written
out as comprehensions, and a decision point of one move calls it directly. In a game that keeps
no books the hot operations are written out in the rules (compiling/inlined.py), and an event
without a handler is not called. Each plays exactly as the general form does, with books kept
(look-aheads) or not, metered or not."""

from __future__ import annotations

import pytest

from helpers import ROOT, RULESETS, quick_first, random_agents, rules_from_text
from rulesrun.interpreter.lookahead.agents import make_agent
from rulesrun.interpreter.running import operations
from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.running.values import Zone

GAME = """\
game "piles"
players 2..3
die d6 faces 1..6
zone cup per player
zone tray per player
zone kept per player

phase game:
    for p in players:
        create d6 x 5 owned by p into cup[p]
    repeat 3:
        for p in players:
            turn p:
                play start by p

move throw() for start:
    put cup[player] into tray[player]
    roll tray[player]
    play keep by player
    put tray[player] into cup[player]

move keep(f in faces(tray[player])) for keep:
    put showing(tray[player], f) into kept[player]

score by p: sum([d.face for d in kept[p]])
"""


def test_a_named_zone_is_put_and_rolled_as_a_pile(tmp_path):
    source = rules_from_text(tmp_path, GAME).source.text()
    assert "put_pile(g, g.z_cup[l_player], g.z_tray[l_player])" in source
    assert "roll_pile(g, g.z_tray[l_player])" in source
    # a list of pieces is not a zone: the general put
    assert "put(g, [_p for _p in g.z_tray[l_player] if _p.face == l_f], g.z_kept[l_player])" in source
    assert "sorted({_p.face for _p in g.z_tray[l_player]})" in source
    assert "mv_keep(g, l_player, *_args)" in source


@pytest.mark.parametrize("meter", [False, True])
@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_the_pile_operations_play_as_the_general_ones(tmp_path, monkeypatch, meter, agent):
    rules = rules_from_text(tmp_path, GAME)
    agents = [make_agent(agent, 3, p) for p in range(3)] if agent == "greedy" else random_agents(3, 3)
    fast = rules.play(3, 3, agents, log=[], meter=meter)
    # The same rules with the pile operations replaced by the general ones, in every form that
    # calls them (those that keep books: tests/test_specialised_code.py's written-out ones below).
    for books in (True, False):
        names = rules.form(pausing=False, books=books)
        monkeypatch.setitem(names, "put_pile", names["put"])
        monkeypatch.setitem(names, "roll_pile", names["roll"])
    agents = [make_agent(agent, 3, p) for p in range(3)] if agent == "greedy" else random_agents(3, 3)
    general = rules.play(3, 3, agents, log=[], meter=meter)
    assert fast == general
    assert any(event["t"] == "roll" and event["zone"] == "tray[seat 0]" for event in fast.log)


def test_a_metered_game_credits_moves_and_decisions_to_the_innermost_rule(tmp_path):
    rules = rules_from_text(tmp_path, GAME)
    result = rules.play(2, 5, random_agents(5, 2), log=[], meter=True)
    rolls = [event["faces"] for event in result.log if event["t"] == "roll"]
    choices = [event for event in result.log if event["t"] == "decide" and event["point"] == "keep"]
    kept = sum(faces.count(int(choice["options"][choice["choice"]][len("keep("):-1]))
               for faces, choice in zip(rolls, choices))
    # `throw` moves the dice in and out of the tray and asks where to keep; `keep` moves what it keeps.
    assert result.rules["move throw"] == {"fired": 6, "paid": 0, "moved": 2 * sum(map(len, rolls)) - kept,
                                          "asked": sum(len(c["options"]) > 1 for c in choices)}
    assert result.rules["move keep"] == {"fired": 6, "paid": result.rules["move keep"]["paid"], "moved": kept,
                                         "asked": 0}
    assert result.rules["move keep"]["paid"] == sum(result.scores)


def test_put_pile_into_itself_moves_nothing():
    zone = Zone("z")
    operations.put_pile(_Game(), zone, zone)
    assert list(zone) == []


class _Game:
    meter = None
    score_changed = False


@pytest.mark.parametrize("taken", [0, 1, 2])
def test_a_piece_put_elsewhere_leaves_its_zone_from_the_top_or_from_within(taken):
    """The top piece leaves without a search of its zone (`last(deck)`), any other by one; the
    rest keep their order, and the piece lies on top of its new zone."""
    source, dest = Zone("source"), Zone("dest")
    kind = operations.make_die("d", range(1, 7), None, 1)
    pieces = [operations.Piece(kind, None, 0, number) for number in range(3)]
    for piece in pieces:
        operations.put_piece(_Game(), piece, source)
    operations.put_piece(_Game(), pieces[taken], dest)
    assert list(source) == [piece for piece in pieces if piece is not pieces[taken]]
    assert list(dest) == [pieces[taken]] and pieces[taken].zone is dest


@pytest.mark.parametrize("ruleset", quick_first(["classic.rules", "royale.rules", "grosser_wurf.rules"]))
def test_both_forms_share_one_analysis_and_write_what_their_own_would(ruleset):
    """`analyse` runs once per program for both compiled forms (compiling/analysis.py): the code
    is the same as each form working its analyses out alone."""
    from rulesrun.dsl.compose import compose
    from rulesrun.interpreter.compiling.analysis import analyse
    from rulesrun.interpreter.compiling.compiler import generate

    program = compose(RULESETS / ruleset)
    shared = analyse(program)
    for pausing in (True, False):
        for books in (True, False):
            assert generate(program, pausing, shared, books).text() == generate(program, pausing, books=books).text()


def test_a_game_without_books_has_the_operations_written_out(tmp_path):
    rules = rules_from_text(tmp_path, GAME)
    kept = rules.source.text()
    from rulesrun.interpreter.compiling.compiler import generate

    plain = generate(rules.program, pausing=False, books=False).text()
    assert "put_pile(" in kept and "roll_pile(" in kept
    assert "put_pile(" not in plain and "roll_pile(" not in plain and "g.open" not in plain
    # Between two different named zones, no test whether they are the same one.
    assert "_to.extend(_pile)\n" in plain and "if _pile is not _to" not in plain
    # Nothing the score cannot read is marked changed: the score reads only `kept`.
    assert "if _pile.scored" not in plain and "if _to.scored: g.score_changed |= _to.scored" in plain


SHIPPED = [("classic.rules", ()), ("lasvegas.rules", ()), ("royale.rules", ()), ("pot.rules", ()),
           ("grosser_wurf.rules", ()), ("lasvegas2012.rules", ("variants/bandit.rules", "variants/kicker.rules")),
           ("lasvegas.rules", ("variants/neutral_dice_boulevard.rules",)), ("classic.rules", ("variants/rainbow.rules",)),
           ("grosser_wurf.rules", ("variants/grosser_wurf/points_ending.rules",))]


@pytest.mark.parametrize("ruleset, fragments", quick_first(SHIPPED))
def test_every_shipped_ruleset_plays_the_same_games_with_the_operations_written_out(ruleset, fragments):
    """Random games (log, meter) of the form without books, whose operations are written out,
    against the same games made to keep books, which call the operations: the same events,
    scores and tallies (moves counted, score paid), so the templates do what the operations do."""
    from rulesrun.interpreter.running.rules import load_rules

    rules = load_rules(str(RULESETS / ruleset), [str(RULESETS / f) for f in fragments])
    players = max(rules.min_players, min(4, rules.max_players))
    for seed in range(12):
        plain = rules.play(players, seed, random_agents(seed, players), log=[], meter=True)
        kept = rules.start(players, seed, log=True, lookahead=True, meter=True, agents=random_agents(seed, players))
        assert kept.form is rules.form(pausing=False, books=True)
        assert (plain.log, plain.scores, plain.rules) == (kept.log, kept.scores, kept.rules_fired)


EVENTS = """\
game "events"
players 2..2
die d6 faces 1..6
zone cup per player
zone field[1..6]
event landed(p, z)
event heard(p)
event told(p)

phase game:
    for p in players:
        create d6 x 2 owned by p into cup[p]
        emit heard(p)
        emit told(p)
        roll cup[p]
        emit landed(p, field[cup[p][0].face + 6])

on heard(p) when p > 0:
    say "heard {p}"

on told(p):
    say "told {p}"

on told(p):
    say "told {p} again"

score by p: 0
"""


def test_an_event_without_a_handler_is_not_called_but_its_arguments_still_fail_where_they_would(tmp_path):
    """An event without a handler is not called; one of a single handler calls the handler
    (its `when` tested there), one of two calls the event's function, which calls both."""
    from rulesrun.dsl.errors import RulesError

    rules = rules_from_text(tmp_path, EVENTS)
    text = rules.source.text()
    assert "ev_landed(g, l_p" not in text and "    on0_heard(g, l_p)" in text and "    ev_told(g, l_p)" in text
    with pytest.raises(RulesError) as error:
        rules.play(2, 1, random_agents(1, 2))
    assert "outside the zone or variable family" in str(error.value) and ":16:" in str(error.value)
    told = rules_from_text(tmp_path, EVENTS.replace(" + 6]", " - 1 + 1]"), name="told").play(2, 1, random_agents(1, 2), log=[])
    assert [line["text"] for line in told.log if line["t"] == "say"] == [
        "told 0", "told 0 again", "heard 1", "told 1", "told 1 again"]


@pytest.mark.parametrize("ruleset, fragments", quick_first(SHIPPED))
def test_without_a_log_the_rules_ask_a_blind_agent_as_game_decide_does(ruleset, fragments):
    """A game without a log takes a single option and a blind agent's answer in the rules
    themselves (compiling/moves.py, `_ask`): the same answers, counts and scores as a driven
    game, whose every decision goes through `Game.decide` to the caller."""
    from rulesrun.interpreter.running.rules import load_rules

    rules = load_rules(str(RULESETS / ruleset), [str(RULESETS / f) for f in fragments])
    players = max(rules.min_players, min(4, rules.max_players))
    for seed in range(8):
        closed = rules.start(players, seed, log=False, lookahead=False, meter=True, agents=random_agents(seed, players))
        assert closed.form is rules.form(pausing=False, books=False)
        driven = rules.start(players, seed, log=False, lookahead=False, meter=True)
        agents = random_agents(seed, players)
        while not driven.over:
            driven.play(agents[driven.decision.seat].pick(len(driven.decision.options)))
        assert (closed.history, closed.scores, closed.rules_fired, closed.decisions, closed.turns) == \
            (driven.history, driven.scores, driven.rules_fired, driven.decisions, driven.turns)


DEAD = """\
game "dead lets"
players 2..2
die d6 faces 1..6
zone cup per player
zone field[1..6]
event landed(p, before)

phase game:
    for p in players:
        create d6 x 2 owned by p into cup[p]
        roll cup[p]
        let f = cup[p][0].face
        let unread = [d for d in field[f] if d.owner == p]
        let read = [d for d in field[f]]
        let counted = [d.face + 1 for d in field[f]]
        let other = [d for d in field[f] if f.face == 1]
        emit landed(p, unread)
        say "{len(read)}"
        let off_the_board = [d for d in field[f + 6]]

score by p: 0
"""


def test_a_let_nobody_reads_is_not_computed_in_any_form_but_still_fails_where_it_would(tmp_path):
    from rulesrun.dsl.errors import RulesError
    from rulesrun.interpreter.compiling.compiler import generate
    from rulesrun.interpreter.lookahead.agents import make_agent

    rules = rules_from_text(tmp_path, DEAD)
    for pausing in (True, False):
        for books in (True, False):
            text = generate(rules.program, pausing=pausing, books=books).text()
            assert "l_unread =" not in text and "l_off_the_board =" not in text
            # read by `say`; a value that could fail (`+` of a face) is computed even if nobody reads it
            assert "l_read =" in text and "l_counted =" in text and "l_other =" in text
    for agents in (random_agents(1, 2), [make_agent("greedy", 1, p) for p in range(2)]):
        with pytest.raises(RulesError) as error:
            rules.play(2, 1, agents)
        assert "outside the zone or variable family" in str(error.value) and ":19:" in str(error.value)


RANGES = """\
game "ranges"
players 2..2
param low = 1
param high = 6
var total = 0

phase game:
    while total < 3:
        total += len([c for c in low..high])

score by p: total
"""


def test_a_range_of_params_short_enough_is_gone_through_uncounted_a_long_one_is_counted(tmp_path):
    from rulesrun.dsl.compose import set_params
    from rulesrun.dsl.errors import RulesError
    from rulesrun.interpreter.running.budget import Budget
    from rulesrun.interpreter.running.rules import Rules

    rules = rules_from_text(tmp_path, RANGES)
    assert "for l_c in range(1, 6 + 1)]" in rules.source.text()
    assert rules.play(2, 1, random_agents(1, 2)).scores == [6, 6]
    long = Rules(set_params(rules.program, {"high": str(10**12)}), Budget(steps=10**6))
    assert "spend(g, range(1, 1000000000000 + 1))" in long.source.text()
    with pytest.raises(RulesError, match="budget of 1,000,000"):
        long.play(2, 1, random_agents(1, 2))


PASSES = """\
game "passes"
players 2..2
die d6 faces 1..6
zone cup
var total = 0

phase game:
    create d6 x 3 into cup
    total = len([f for f in faces(cup)]) + len([o for o, mine in by_owner(sorted(cup, key = d => d.face))])
    let long = [0] * 2000000
    total += len([x for x in sorted(long)])

score by p: total
"""


def test_a_builtins_answer_no_longer_than_a_zone_is_gone_through_uncounted_a_long_lists_is_counted(tmp_path):
    """`faces(cup)` and `by_owner(sorted(cup, ...))` have no more items than the zone has pieces
    (`no_longer` in dsl/builtins.py): bounded as a pass over the zone is. The same built-in
    over a long list is counted, both the list it goes through and its answer, which the
    comprehension goes through, and goes over the budget."""
    from rulesrun.dsl.errors import RulesError
    from rulesrun.interpreter.compiling.compiler import generate

    rules = rules_from_text(tmp_path, PASSES)
    for books in (True, False):
        source = generate(rules.program, pausing=False, books=books).text()
        assert "spend(g, sorted({" not in source and "spend(g, b_by_owner(" not in source
        assert "spend(g, sorted((l_long if type(l_long) in LISTS and len(l_long) <= 64 else walk(g, l_long))))" in source
    with pytest.raises(RulesError, match="budget of 1,000,000"):
        rules.play(2, 1, random_agents(1, 2))


BOUNDED = """\
game "bounded"
players 2..2
die d6 faces 1..6
zone cup
zone tray per player
var total = 0

proc owners_in(pieces):
    let seen = [d.owner for d in pieces]
    return len([o for o in distinct(seen)])

proc grown(pieces):
    let seen = [d for d in pieces]
    append 1 to seen
    return len([x for x in seen])

proc relayed(pieces):
    return len([d for d in pieces])

proc relay(xs):
    return relayed(xs)

phase game:
    create d6 x 3 owned by 0 into cup
    create d6 x 2 owned by 1 into tray[1]
    total = owners_in(cup) + owners_in(tray[1]) + grown(cup) + relayed(tray[1])
    total += relay([0, 0]) * 10
    total += relay([0] * 2000000)

score by p: total
"""


def test_a_parameter_always_given_a_zone_and_a_local_given_a_bounded_list_are_gone_through_uncounted(tmp_path):
    """A procedure's parameter that every call gives a zone (compiling/bounded.py, a fixpoint
    over the calls) and a local bound once to a comprehension over something bounded, and then
    only read, are bounded as a zone is: a first clause through them is not counted. A local
    grown after (`append`) and a parameter some call gives a list are counted, and a long list
    goes over the budget."""
    from rulesrun.dsl.errors import RulesError
    from rulesrun.interpreter.compiling.compiler import generate

    rules = rules_from_text(tmp_path, BOUNDED)
    for books in (True, False):
        source = generate(rules.program, pausing=False, books=books).text()
        assert "for l_d in l_pieces]" in source and "for l_o in b_distinct(l_seen)]" in source
        assert "for l_x in spend(g, l_seen)]" in source
        assert "spend(g, l_pieces)" in source and source.count("spend(g, l_pieces)") == 1
    with pytest.raises(RulesError, match="budget of 1,000,000"):
        rules.play(2, 1, random_agents(1, 2))
    short = rules_from_text(tmp_path, BOUNDED.replace("    total += relay([0] * 2000000)\n", ""), name="short")
    assert short.play(2, 1, random_agents(1, 2)).scores == [1 + 1 + 4 + 2 + 20] * 2
    # A handler's parameter named like a zone is no zone.
    hidden = rules_from_text(tmp_path, SHADOWED, name="shadowed")
    assert "for l_d in spend(g, l_pieces)]" in hidden.source.text()


SHADOWED = """\
game "shadowed"
players 2..2
zone cup
var total = 0
event told(cup)

proc counted(pieces):
    return len([d for d in pieces])

on told(cup):
    total += counted(cup)

phase game:
    emit told([1, 2])

score by p: total
"""


REPEATS = """\
game "repeats"
players 1..1
die d6 faces 1..6
zone a
zone b
point go "Go?"

move twice() for go:
    let d = [x for x in a][0]
    put [d, d] into b
    let e = [x for x in a][0]
    put [e, d, e] under b

phase game:
    create d6 x 3 into a
    play go by 0
    say "{len(a)} {len(b)} {b[0] != b[1]}"

score by p: 0
"""


@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_a_piece_named_twice_in_one_put_lies_in_its_zone_once(tmp_path, agent):
    """`put [d, d] into b` moves d once, written out (no books) or through the books, and the
    meter counts each piece once: a piece lies in one zone, once."""
    rules = rules_from_text(tmp_path, REPEATS)
    log = []
    result = rules.play(1, 1, [make_agent(agent, 1, 0)], log=log, meter=True)
    assert [event["text"] for event in log if event["t"] == "say"] == ["1 2 true"]
    assert result.rules["move twice"]["moved"] == 3


def test_a_param_the_same_in_every_game_is_made_once_and_every_game_holds_it(tmp_path):
    """A param made of literals, lists, records and parts (Royale's reward tracks; a pair of
    parts, below) is made when the rules are compiled, not at every game's start; one that depends
    on the game (`players == 2`) is each game's own. Either stays fixed."""
    from rulesrun.interpreter.running.rules import load_rules
    from rulesrun.interpreter.running.values import ParamChanged

    rules = load_rules(RULESETS / "royale.rules")
    four, two = (rules.start(players=n, seed=n, log=False) for n in (4, 2))
    for name in ("lucky_punch_rewards", "jackpot_track"):
        assert four.param(name) is two.param(name), name
    assert four.part("board") is two.part("board")
    assert four.part("board")[0] is four.part("jackpot")
    assert (four.param("neutral_colour"), two.param("neutral_colour")) == (False, True)
    with pytest.raises(ParamChanged):
        four.param("jackpot_track").append(0)
    changed = load_rules(RULESETS / "royale.rules", params={"jackpot_track": [1, 2, 3, 4, 5, 6]})
    assert changed.start(players=4, seed=4, log=False).param("jackpot_track") == [1, 2, 3, 4, 5, 6]
    (tmp_path / "pair.rules").write_text('fragment "pair"\nparam pair = [[one, two]]\n')
    parts = load_rules(ROOT / "tests" / "parts" / "base.rules", [tmp_path / "pair.rules"])
    first, second = (parts.start(players=2, seed=n, log=False) for n in (1, 2))
    assert first.param("pair") is second.param("pair") and first.param("pair")[0][1] is first.part("two")



FOLDED = """\
game "folded"
players 2..2
param divisors = [5, 0]
var total = 0

phase game:
    let q = 7
    let left = [3, 1, 0]
    while any([n > 0 for n in left]):
        left = [n - 1 if n > 0 else 0 for n in left]
        total += 1
        if total > 10:
            break
    if all([a != b for a in [1, 2, 0] if a > 0 for b in [3, 4]]):
        say "all pairs differ"
    if not any([x > 5 for x in [1, 2]]):
        say "none above five"
    if all([x > 1 for x in [1, 2]]):
        say "wrong: not all above one"
    if any([q > 5 for q in [1, 2]]):
        say "wrong: shadowed"
    say "q is {q}"
    if any([10 / d > 1 for d in divisors]):
        say "ten over the divisors"

score by p: total
"""


def test_any_and_all_of_a_comprehension_in_a_condition_are_loops_that_decide_alike(tmp_path):
    """`while any([...])` and `if all([...])` are worked out by loops written into the rule, with
    no list and no call (`Statements._folded`): the same answers, every item still worked out
    (one that fails after a true one fails alike, located), and a comprehension variable that is
    also a local of the rule is left to a comprehension of its own."""
    from rulesrun.dsl.errors import RulesError

    rules = rules_from_text(tmp_path, FOLDED.replace("[5, 0]", "[5, 20]"))
    text = rules.source.text()
    assert "while True:" in text and "any([(l_n > 0)" not in text
    assert "all([" not in text and "any([(l_x > 5)" not in text
    assert "any([(l_q > 5) for l_q in" in text
    result = rules.play(2, 1, random_agents(1, 2), log=[])
    said = [line["text"] for line in result.log if line["t"] == "say"]
    assert said == ["all pairs differ", "none above five", "q is 7", "ten over the divisors"]
    assert result.scores == [3, 3]

    failing = rules_from_text(tmp_path, FOLDED, name="failing")
    with pytest.raises(RulesError) as error:
        failing.play(2, 1, random_agents(1, 2))
    assert ":23:" in str(error.value) and "division by zero" in str(error.value)


SHORT = """\
game "short"
players 2..3
param last_field = 6
die d6 faces 1..6
zone cup per player
zone field[1..last_field]
var marks per player = 0

proc left_in(p):
    return len(cup[p])

proc fields_over(k):
    return len([f for f in 1..6 if len(field[f]) > k])

phase game:
    for p in players:
        create d6 x 2 owned by p into cup[p]
    while any([left_in(q) > 0 for q in players]):
        for p in players:
            if left_in(p) > 0:
                put first(cup[p]) into field[1]
                marks[p] += 1
    if any([len(field[f]) > 3 for f in 1..6]):
        say "a full field"
    if all([marks[q] > 0 for q in players]):
        say "everybody placed"
    if not all([d.face != 7 for d in field[1]]):
        say "wrong: no die shows 7"
    if any([fields_over(k) > 0 for k in 0..1]):
        say "a field with more than none"
    if any([len(field[f]) > 3 for f in 1..7]):
        say "wrong: field 7 does not exist"

score by p: marks[p]
"""


def test_any_and_all_stop_at_the_first_item_that_settles_them_where_no_item_can_fail(tmp_path):
    """Where every item is total (cannot fail, change the game or spend: a seat's zone counted,
    a family member of a range within the family's, a var of numbers, `!=`; through one-line
    procedures), the loops of `_folded` stop at the first item that settles the answer; an
    item that may fail (a member beyond the family's range, a procedure with a loop of its
    own) keeps every item worked out, so the game still fails where it did."""
    from rulesrun.dsl.errors import RulesError

    rules = rules_from_text(tmp_path, SHORT)
    lines = rules.source.text().splitlines()
    stopping = [line.strip() for line in lines if line.strip().endswith("; break")]
    assert len(stopping) == 4, stopping
    assert any("len(g.z_cup[(l_q)])" in line and "= True; break" in line for line in stopping)
    assert any("l_d.face" in line and "= False; break" in line for line in stopping)
    assert not any("fields_over" in line or "l_k" in line for line in stopping)
    with pytest.raises(RulesError) as error:
        rules.play(3, 4, random_agents(4, 3), log=[])
    assert ":31:" in str(error.value) and "index 7" in str(error.value)

    fixed = rules_from_text(tmp_path, SHORT.replace("1..7", "1..6"), name="fixed")
    result = fixed.play(3, 4, random_agents(4, 3), log=[])
    said = [line["text"] for line in result.log if line["t"] == "say"]
    assert said == ["a full field", "everybody placed", "a field with more than none", "wrong: field 7 does not exist"]
    assert result.scores == [2, 2, 2]


REPEATED = """\
game "repeated"
players 2..3
zone cup per player
var pairs = [[1, 2], [3]]

phase game:
    let zeros = [0 for p in players]
    zeros[1] += 5
    say "zeros {zeros} words {['x' for c in 1..3]}"
    say "unpacked {[0 for a, b in pairs]}"

score by p: 0
"""


def test_a_literal_for_each_item_is_a_repeated_list_unless_its_items_are_unpacked(tmp_path):
    """`[0 for p in players]` is `[0] * len(...)`: a new list each time, of one literal (which
    cannot change in place); a clause that unpacks its items still goes through them, so an item
    that cannot be unpacked fails, located."""
    from rulesrun.dsl.errors import RulesError

    rules = rules_from_text(tmp_path, REPEATED.replace("[3]]", "[3, 4]]"))
    text = rules.source.text()
    assert "[0] * len(g.players)" in text and "['x'] * len(range(1, 3 + 1))" in text
    result = rules.play(3, 1, random_agents(1, 3), log=[])
    said = [line["text"] for line in result.log if line["t"] == "say"]
    assert said == ["zeros [0, 5, 0] words [x, x, x]", "unpacked [0, 0]"]
    with pytest.raises(RulesError) as error:
        rules_from_text(tmp_path, REPEATED, name="failing").play(3, 1, random_agents(1, 3), log=[])
    assert ":10:" in str(error.value)


LITERAL_PARAMS = """\
game "literal params"
players 2..2
param low = -2
param high = 2
param half = 0.5
param word = "dice"
param loud = true
var total = 0

phase game:
    total = low * low + half * 2
    if loud:
        say "{word} {0 - low}"
    for c in low..high:
        total += 1
    repeat high:
        total += 10

score by p: total
"""


def test_a_param_that_is_a_literal_is_written_into_the_code_and_its_ranges_spend_a_known_count(tmp_path):
    """A param whose value is a literal (declared, or given with `--set`) is written into the code
    as that literal (a negative number in parentheses); a `for` over a range,
    or a `repeat`, of such params spends a number of steps worked out when the rules are compiled:
    the same count as before, so a step budget one short still stops the game."""
    from rulesrun.dsl.errors import RulesError

    rules = rules_from_text(tmp_path, LITERAL_PARAMS)
    text = rules.source.text()
    assert "((-2) * (-2))" in text and "g.p_low" not in text.split("def ph_game")[1]
    assert "g.steps += 5" in text and "g.steps += 2" in text
    result = rules.play(2, 1, random_agents(1, 2), log=[])
    assert result.scores == [30, 30]
    assert [line["text"] for line in result.log if line["t"] == "say"] == ["dice 2"]
    changed = load_rules(str(tmp_path / "written.rules"), params={"low": 1, "word": "cards"})
    assert changed.play(2, 1, random_agents(1, 2)).scores == [1 + 1 + 2 + 20] * 2
    rules.play(2, 1, random_agents(1, 2), step_budget=7)
    with pytest.raises(RulesError) as error:
        rules.play(2, 1, random_agents(1, 2), step_budget=6)
    assert "steps" in str(error.value)


NUMBERS = """\
game "numbers"
players 2..2
param worth = 5
var chips per player = 0
var bag per player = 0
var label = "x"
var pot = 1

phase game:
    for p in players:
        add p + 1 to chips[p]
        chips[p] -= 1
        bag[p] += 2
        pot += chips[p] * worth
        label = label * 2
    bag[0] = [1]
    pot += bag[1] * 0

score by p: chips[p] * worth + pot * pot
"""


def test_times_of_a_var_of_numbers_and_a_literal_is_written_plainly(tmp_path):
    """`*` of an entry of a var that only ever holds numbers (`add`, `+=`, `-=` keep a number one:
    anything else added fails) and a number written in the rules (a param's) needs no check of
    what it makes; a var that is given a list somewhere, text, or a product of two vars keeps it."""
    from rulesrun.dsl import ast
    from rulesrun.interpreter.compiling.scored import number_vars

    rules = rules_from_text(tmp_path, NUMBERS)
    program = rules.program
    assert number_vars(program, [d.name for d in program.parts.values() if isinstance(d, ast.Var)]) \
        == {"chips", "pot"}
    text = rules.source.text()
    assert "(g.v_chips[l_p] * 5)" in text and "times(g, g.v_label, 2)" in text
    assert "times(g, g.v_bag[1], 0)" in text and "times(g, g.v_pot, g.v_pot)" in text
    assert rules.play(2, 1, random_agents(1, 2)).scores == [0 + 36, 5 + 36]


# Each seat rolls four dice three times and answers `keep` after each roll.
KEEP_THREE_TIMES = """\
phase game:
    for p in players:
        create d6 x 4 owned by p into cup[p]
    repeat 3:
        for p in players:
            roll cup[p]
            play keep by p
"""


POINT = """\
game "point"
players 2..2
die d6 faces 1..6
zone cup per player
zone kept per player
var passes per player = 1
var asked = 0
var closed = 3

""" + KEEP_THREE_TIMES + """
proc open(f):
    return f != closed

proc counted(f):
    asked += 1
    return f != closed

move keep(f in faces(cup[player])) for keep:
    put showing(cup[player], f) into kept[player]

move skip() for keep when passes[player] > 0:
    passes[player] -= 1

forbid keep when not open(f)
forbid skip when not any([open(f) for f in faces(cup[player])])

score by p: len(kept[p]) + asked
"""


@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_a_domain_a_point_writes_again_is_worked_out_once(tmp_path, agent):
    """A move's domain that a later forbid or `when` of the same point writes again, where nothing
    the point asks changes anything, is worked out once (`DecisionPoints._common`), and a
    forbid's `not any([...])` is worked out by loops only once the `when` before it holds; a
    point that asks a procedure that changes the game works every writing out as written. The
    games are the same either way."""
    rules = rules_from_text(tmp_path, POINT)
    text = rules.source.text()
    assert "_s0 = sorted({_p.face for _p in g.z_cup[l_player]})" in text and "for l_f in _s0:" in text
    changing = rules_from_text(tmp_path, POINT.replace("not open(f)\nforbid skip", "not counted(f)\nforbid skip"),
                               name="changing")
    assert "_s0 =" not in changing.source.text()
    agents = [make_agent(agent, 4, p) for p in range(2)]
    played = rules.play(2, 4, agents, log=[])
    plain = rules_from_text(tmp_path, POINT.replace("faces(cup[player])])", "faces(list(cup[player]))])"),
                            name="plain")
    assert "_s0 =" not in plain.source.text()
    again = plain.play(2, 4, [make_agent(agent, 4, p) for p in range(2)], log=[])
    assert played.scores == again.scores and played.decisions == again.decisions
    assert [e for e in played.log if e["t"] == "decide"] == [e for e in again.log if e["t"] == "decide"]


STATEMENT_PROCS = """\
game "statement procs"
players 2..2
zone pile per player
var total = 0
var many = [1, 2]

phase game:
    for p in players:
        step(p)
        step(p)
        twice(p + 0)
        count_down(2)
        look(p)

proc step(p):
    "A docstring does not count."
    bump(p, 1)

proc bump(p, n):
    total += n + p

proc twice(p):
    bump(p, 2)

proc count_down(n):
    if n > 0: count_down(n - 1)

proc look(p):
    shout(many[p + 5])

proc shout(x):
    say "item {x}"

score by p: total
"""


def test_a_procedure_of_one_call_is_written_in_place_of_a_call_standing_as_a_statement(tmp_path):
    """`step(p)`, whose body is the one call `bump(p, 1)`, is written as that call (one call fewer),
    where the arguments are names or literals; a call with a worked-out argument, and a
    procedure that can call itself, stay calls. An error inside is still located in the
    procedure's body."""
    from rulesrun.dsl.errors import RulesError

    rules = rules_from_text(tmp_path, STATEMENT_PROCS)
    phase = rules.source.text().split("def ph_game")[1].split("\ndef ")[0]
    assert "pr_bump(g, l_p, 1)" in phase and "pr_step(" not in phase
    assert "pr_twice(g, (l_p + 0))" in phase and "pr_count_down" in phase and "pr_look(" not in phase
    with pytest.raises(RulesError) as error:
        rules.play(2, 1, random_agents(1, 2))
    assert ":29:" in str(error.value) and "shout(many" in str(error.value)
    fine = rules_from_text(tmp_path, STATEMENT_PROCS.replace("many[p + 5]", "many[p]"), name="fine")
    result = fine.play(2, 1, random_agents(1, 2), log=[])
    assert result.scores == [11, 11]
    assert [line["text"] for line in result.log if line["t"] == "say"] == ["item 1", "item 2"]


POINT_LATER = """\
game "point two"
players 2..2
die d6 faces 1..6
zone cup per player
zone kept per player
var passes per player = 1

""" + KEEP_THREE_TIMES + """
move spend_pass(f in faces(cup[player])) for keep when passes[player] > 0:
    passes[player] -= 1

move keep(f in faces(cup[player])) for keep:
    put showing(cup[player], f) into kept[player]

forbid keep when not any([f > 1 for f in faces(cup[player])])

score by p: len(kept[p])
"""


def test_a_domain_is_worked_out_once_where_its_move_goes_through_it_unconditionally(tmp_path):
    """A domain written first under a `when` tested before it (`spend_pass`) is worked out there as
    written; the once-worked-out local starts at the first move that goes through it whatever
    holds (`keep`), and a forbid whose comprehension rebinds that move's parameter keeps its own
    comprehension (its loops would change the parameter's local)."""
    rules = rules_from_text(tmp_path, POINT_LATER)
    point = rules.source.text().split("def pt_keep")[1].split("\ndef ")[0]
    guarded, rest = point.split("_s0 = sorted({_p.face for _p in g.z_cup[l_player]})")
    assert "for l_f in sorted({_p.face for _p in g.z_cup[l_player]}):" in guarded
    assert "for l_f in _s0:" in rest and "any([(l_f > 1) for l_f in _s0])" in rest
    played = rules.play(2, 5, random_agents(5, 2), log=[])
    plain = rules_from_text(tmp_path, POINT_LATER.replace("for f in faces(cup[player])])", "for f in faces(list(cup[player]))])"),
                            name="plain")
    assert played.log[1:] == plain.play(2, 5, random_agents(5, 2), log=[]).log[1:]
