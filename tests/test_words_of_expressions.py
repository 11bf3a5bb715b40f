"""A move's `shown`, a point's question and a kind's `shown` are any expression, not only a text
written out (issue #40, item 2). Yahtzee asks one thing after the last roll and another before
it, and wrote `point after_roll "{question()}"` to call the procedure that knows which; a
keep of no dice read "keep , roll the rest" unless each text said its own `if`."""

import pytest

from helpers import rules_from_text
from rulesrun.dsl.errors import RulesError

KEEP = """
game "Keep"
players 2..2
param rolls = 2
die d6 faces 1..6 shown pips(face) "die"
zone dice
var left = 0

phase game:
    create d6 x 2 into dice
    for p in players:
        turn p:
            roll dice
            say "rolls {join(list(dice))}"
            left = rolls
            while left > 0:
                play again by p

proc pips(f):
    return "one" if f == 1 else "{f} pips"

proc question():
    if left == 1:
        return "Last roll: keep which?"
    return "{plural(left, 'roll')} left: keep which?"

point again question()

move keep(k in [[], [d.face for d in dice]]) for again shown "keep {join(k)}" if len(k) > 0 else "roll both":
    left -= 1

score by p: 0
"""


def test_the_question_and_the_options_read_as_their_expressions_say(tmp_path):
    game = rules_from_text(tmp_path, KEEP).start(players=2, seed=4)
    decision = game.decision
    faces = decision.labels()[1][len("keep(["):-2].split(", ")
    assert decision.prompt == "2 rolls left: keep which?"
    assert decision.words() == ["roll both", "keep " + ", ".join(faces)]
    game.play(0)
    assert game.decision.prompt == "Last roll: keep which?"


def test_a_logged_game_carries_the_words_and_the_labels_stay_the_machines(tmp_path):
    game = rules_from_text(tmp_path, KEEP).start(players=2, seed=4, log=True)
    game.play(1)
    (said,) = [e["text"] for e in game.log if e["t"] == "say"]
    (decided,) = [e for e in game.log if e["t"] == "decide"]
    assert decided["prompt"] == "2 rolls left: keep which?" and decided["words"][0] == "roll both"
    assert decided["options"][0] == "keep([])"
    shown = {1: "one", **{f: f"{f} pips" for f in range(2, 7)}}
    rolled = decided["options"][1][len("keep(["):-2].split(", ")
    assert said == "rolls " + ", ".join(shown[int(f)] for f in rolled)


@pytest.mark.parametrize("words, line, column, message", [
    ('shown x => "a"', 29, 62, "words are a value to read, not a function"),
    ('shown "roll {random_int(1, 6)}"', 29, 69, "words must not draw chance or ask for a decision")])
def test_words_that_are_no_text_or_change_the_game_are_refused_where_they_are_written(tmp_path, words, line,
                                                                                     column, message):
    text = KEEP.replace('shown "keep {join(k)}" if len(k) > 0 else "roll both"', words)
    with pytest.raises(RulesError) as error:
        rules_from_text(tmp_path, text)
    assert f"written.rules:{line}:{column}: error: {message}" in str(error.value)
