"""Words for people: a decision's question and options, pieces and parts as the rules word
them, and the table's view; the machine's keys (`point`, `labels()`) never change with them."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesrun.cli.transcript import transcript
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.running.driven import PlayError

from helpers import random_agents, rules_from_text

PEEK = """\
game "Peek"
players 2..2
die d6 faces 1..6
die big faces 1..6 weight 2 shown "{face}*" "big die"
kind bonus
bonus star "STAR"
zone hand per player
zone pile
point keep_or_roll "You hold {highest(hand[player])}. Keep it?"
phase game:
    for p in players:
        create d6 x 1 owned by p into hand[p]
        create big x 1 owned by p into hand[p]
    for p in players:
        turn p:
            roll hand[p]
            say "{name(p)} rolls {sorted(hand[p], key = d => d.face)}, {star}"
            play keep_or_roll by p
            let d = choose(p, "to_pile", list(hand[p]), prompt = "Which die goes to the pile, {name(p)}?")
            let c = choose(p, "colour", ["red", "blue"], shown = c => "the {c} one")
            put d into pile
    say view()
move keep() for keep_or_roll shown "keep the roll":
    pass
move reroll(n in 1..2) for keep_or_roll shown "roll {n} more":
    roll hand[player]
score by p: len(hand[p])
"""

PLAIN = """\
game "Plain"
players 2..2
die d6 faces 1..6
zone hand per player
phase game:
    for p in players:
        create d6 x 2 owned by p into hand[p]
        turn p:
            roll hand[p]
            play pick by p
            let d = choose(p, "which", list(hand[p]))
move take_it(k in 1..2) for pick:
    pass
move pass_on() for pick:
    pass
score by p: len(hand[p])
"""


def logged_game(rules, seed=1):
    log = []
    rules.play(2, seed, random_agents(seed, 2), log)
    return log


def test_a_decision_asks_in_the_rules_words_and_keeps_its_key(tmp_path):
    game = rules_from_text(tmp_path, PEEK).start(2, 1)
    decision = game.decision
    high = max(face for _, face, owner in decision.view.zones["hand"][0])
    assert decision.point == "keep_or_roll" and decision.prompt == f"You hold {high}. Keep it?"
    assert decision.labels() == ["keep()", "reroll(1)", "reroll(2)"]
    assert decision.words() == ["keep the roll", "roll 1 more", "roll 2 more"]


def test_a_choose_words_its_question_and_its_options_and_pieces_read_as_their_kind_shows_them(tmp_path):
    game = rules_from_text(tmp_path, PEEK).start(2, 1)
    game.play(0)
    decision = game.decision
    assert decision.point == "to_pile" and decision.prompt == "Which die goes to the pile, seat 0?"
    assert decision.labels()[1].startswith("big:") and decision.words()[1].endswith("*")
    # A kind without `shown` reads as the machine writes it.
    assert decision.words()[0] == decision.labels()[0]
    game.play(0)
    assert game.decision.prompt == "colour" and game.decision.words() == ["the red one", "the blue one"]


def test_without_words_a_question_and_its_options_read_from_their_names(tmp_path):
    game = rules_from_text(tmp_path, PLAIN).start(2, 1)
    decision = game.decision
    assert decision.prompt == "pick" and decision.words() == ["take it 1", "take it 2", "pass on"]


def test_the_log_carries_the_words_and_the_transcript_reads_them(tmp_path):
    log = logged_game(rules_from_text(tmp_path, PEEK))
    decided = [e for e in log if e["t"] == "decide"]
    assert decided[0]["prompt"].startswith("You hold") and decided[0]["words"][0] == "keep the roll"
    assert decided[2]["point"] == "colour" and "prompt" not in decided[2]
    text = transcript(log)
    assert "> seat 0: You hold" in text and " -> " in text
    assert "> seat 0 chooses the " in text and "(of 2: the red one; the blue one)" in text
    assert "rolls [" in text and "*" in text and ", STAR" in text


def test_rules_without_words_log_what_they_always_logged(tmp_path):
    log = logged_game(rules_from_text(tmp_path, PLAIN))
    assert all(set(e) <= {"t", "player", "point", "options", "choice"} for e in log if e["t"] == "decide")
    assert "> seat 0 chooses " in transcript(log)


def test_words_are_computed_only_when_someone_reads_them(tmp_path):
    text = PEEK.replace('prompt = "Which die goes to the pile, {name(p)}?"', 'prompt = "{1 // len(pile)}"')
    rules = rules_from_text(tmp_path, text)
    rules.play(2, 1, random_agents(1, 2))
    with pytest.raises(PlayError):
        logged_game(rules)


def test_the_rules_view_is_said_where_the_rules_say_it_and_shown_at_the_table(tmp_path):
    text = PEEK + 'view: ["pile: {len(pile)} dice"] + ["{name(p)}: {list(hand[p])}" for p in players]\n'
    rules = rules_from_text(tmp_path, text)
    said = transcript(logged_game(rules)).split("\n")
    assert said[-3:][0] == "  pile: 2 dice" and said[-2].startswith("  seat 0: [")
    assert rules.start(2, 1).decision.table().startswith("pile: 0 dice\nseat 0: [")


def test_without_a_view_the_table_is_every_zone_by_owner(tmp_path):
    said = transcript(logged_game(rules_from_text(tmp_path, PEEK)))
    assert "The table:" in said and "pile: " in said
    assert rules_from_text(tmp_path, PEEK).start(2, 1).decision.table().startswith("The table as seat 0 sees it:\n")


@pytest.mark.parametrize("line, message", [
    ('point nowhere "Where?"', "`point nowhere`: no move is declared for `nowhere`"),
    ('override point keep_or_roll "{chance(0.5)}"', "words must not draw chance or ask for a decision"),
    ('point keep_or_roll "A"\npoint keep_or_roll "B"', "`point keep_or_roll` is declared twice"),
    ('view: [choose(0, "x", [1, 2])]', "words must not draw chance or ask for a decision"),
])
def test_mistakes_in_words_are_located(tmp_path, line, message):
    with pytest.raises(RulesError) as error:
        rules_from_text(tmp_path, PEEK + line + "\n")
    assert message in str(error.value)


def test_a_move_words_its_options_with_one_text(tmp_path):
    text = PEEK.replace('shown "keep the roll"', 'shown "keep" "the roll"')
    with pytest.raises(RulesError) as error:
        rules_from_text(tmp_path, text)
    assert "a move's options read as one text" in str(error.value)


def test_a_point_can_be_reworded_by_override(tmp_path):
    (tmp_path / "base.rules").write_text(PEEK)
    text = 'extends "base.rules"\noverride point keep_or_roll "Stay?"\n'
    game = rules_from_text(tmp_path, text, "reworded").start(2, 1)
    assert game.decision.prompt == "Stay?" and game.decision.point == "keep_or_roll"
    assert json.dumps(game.decision.labels()) == '["keep()", "reroll(1)", "reroll(2)"]'


LISTS = """\
game "Lists"
players 2..2
die d6 faces 1..6
die big faces 1..6 weight 2 shown "{face}*" "big die"
zone hand per player
zone bag[1..2]
phase game:
    for p in players:
        create d6 x 2 owned by p into hand[p]
        create big x 1 owned by p into hand[p]
        turn p:
            roll hand[p]
            say "{name(p)} rolls {join(sorted(hand[p], key = d => d.face))}"
            say "{join([1, 2, 3], ' or ')}; {join([1, 2, 3], ', ', last = ' and ')}; {join([7], ', ', last = ' and ')}; [{join([])}]"
            say "{plural(1, 'die', 'dice')}, {plural(2, 'die', 'dice')}, {plural(0, 'jeton')}, {plural(len(hand[p]), 'piece')}"
            say "into {bag[2]}"
    create d6 x 1 into bag[2]
    say view()
score by p: len(hand[p])
"""


def test_join_reads_a_list_without_brackets_and_pieces_as_their_kind_shows_them(tmp_path):
    said = [e["text"] for e in logged_game(rules_from_text(tmp_path, LISTS)) if e["t"] == "say"]
    assert said[0].startswith("seat 0 rolls ") and "[" not in said[0] and "*" in said[0] and said[0].count(", ") == 2
    assert said[1] == "1 or 2 or 3; 1, 2 and 3; 7; []"


def test_plural_puts_the_noun_that_goes_with_the_count(tmp_path):
    said = [e["text"] for e in logged_game(rules_from_text(tmp_path, LISTS)) if e["t"] == "say"]
    assert said[2] == "1 die, 2 dice, 0 jetons, 3 pieces"


@pytest.mark.parametrize("call, message", [
    ("join([1, 2], 3)", "`join` puts texts between the items"),
    ("join([1, 2], ', ', last = 4)", "`join` puts texts between the items"),
    ("plural(2, 5)", "`plural` names what is counted in texts")])
def test_join_and_plural_given_no_text_are_located_errors(tmp_path, call, message):
    rules = rules_from_text(tmp_path, f'game "T"\nplayers 2..2\nphase game:\n    say {call}\nscore by p: 0\n')
    with pytest.raises(PlayError) as error:
        rules.play(2, 0, random_agents(0, 2), [])
    assert message in str(error.value) and "written.rules:4:5" in str(error.value)


def test_a_zone_in_a_text_reads_as_its_name_in_words(tmp_path):
    said = [e["text"] for e in logged_game(rules_from_text(tmp_path, LISTS)) if e["t"] == "say"]
    assert said[3] == "into bag 2"
    # The generic table labels a zone of a family so too.
    assert "    bag 2: d6:" in said[-1]


def test_a_text_in_single_quotes_reads_like_one_in_double_quotes(tmp_path):
    text = LISTS.replace('            say "into {bag[2]}"\n', "            say 'into {bag[2]}, \"quoted\"'\n")
    said = [e["text"] for e in logged_game(rules_from_text(tmp_path, text)) if e["t"] == "say"]
    assert said[3] == 'into bag 2, "quoted"'


@pytest.mark.slow
@given(st.one_of(st.integers(), st.floats(allow_nan=True), st.text(), st.booleans(), st.none(),
                 st.lists(st.one_of(st.integers(), st.text(), st.booleans()), max_size=4)))
def test_a_text_writes_a_value_as_in_words_does_by_its_quick_way_too(value):
    """`show`, what a text of the rules calls for each `{...}`, takes texts and numbers its own
    quick way: it must read exactly as `in_words` (true, none, [1, a]...)."""
    from types import SimpleNamespace

    from rulesrun.interpreter.running.budget import Budget
    from rulesrun.interpreter.running.operations import show
    from rulesrun.interpreter.running.words import in_words

    game = SimpleNamespace(steps=0, step_budget=1000, budget=Budget())
    assert show(game, value) == in_words(value)
