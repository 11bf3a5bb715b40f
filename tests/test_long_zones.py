"""A pass over a long zone counts its pieces (interpreter/running/budget.py, `LongZone`).

The compiler leaves a pass over one zone uncounted, as it is bounded by the pieces budget; a
loop counts its passes, not the pieces each goes through. A file that made a zone of 90,000
dice and went through it at each of 900,000 passes ran for most of an hour within its budget
of a million steps (`roll pile` alike). Here each case goes through a zone of 500 dice a
hundred times with a budget of 20,000 steps: before, it finished (a hundred steps and a few);
now it stops with the located over-budget error, in a game without books and in one that keeps
them for a look-ahead agent.
"""

import time

import pytest

from helpers import finished_state
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.lookahead.agents import make_agent
from rulesrun.interpreter.running.budget import SHORT, Budget, LongZone
from rulesrun.interpreter.running.people import people_view
from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.running.values import Zone
from rulesrun.interpreter.running.view import seat_view, table_view

HEAD = ('game "long"\nplayers 2..2\nvar v = 0\nvar w = []\ndie d6 faces 1..6\nzone pile\nzone other\n'
        "score by p: v\nphase game:\n    create d6 x 500 into pile\n")
SMALL = Budget(steps=20_000)
PASSES = {
    "comprehension": "v = len([d for d in pile if d.face == 7])",
    "for": "for d in pile:\n            v = d.face",
    "count": "v = count(faces(pile), 7)",
    "sum of faces": "v = sum(faces(pile))",
    "sorted": "w = sorted(faces(pile))",
    "showing": "v = len(showing(pile, 7))",
    "max of faces": "v = max(faces(pile))",
    "in": "v = 1 if first(pile) in pile else 0",
    "roll": "roll pile",
    "shuffle": "shuffle pile",
    "put the pile and back": "put pile into other\n        put other into pile",
    "deal it all and back": "deal 500 from pile into other\n        deal 500 from other into pile",
    "put a list and back": "put [d for d in pile] into other\n        put [d for d in other] into pile",
}


def rules_of(tmp_path, body: str, budget=SMALL):
    path = tmp_path / "long.rules"
    path.write_text(HEAD + body)
    return load_rules(str(path), budget=budget)


def play(rules, agent: str):
    return rules.play(2, 1, [make_agent(agent, 1, p) for p in range(2)])


@pytest.mark.parametrize("agent", ["random", "greedy"])
@pytest.mark.parametrize("case", sorted(PASSES))
def test_a_pass_over_a_long_zone_in_a_loop_counts_its_pieces(tmp_path, case, agent):
    rules = rules_of(tmp_path, f"    repeat 100:\n        {PASSES[case]}\n")
    with pytest.raises(RulesError) as error:
        play(rules, agent)
    text = str(error.value)
    assert "went over its budget of 20,000 loop passes and calls" in text and "--budget steps=N" in text, text
    assert "long.rules:" in text


@pytest.mark.parametrize("case", sorted(PASSES))
def test_the_same_passes_over_a_short_zone_count_nothing_more(tmp_path, case):
    """What a pass costs a zone of at most SHORT pieces is as before: these games finish."""
    body = HEAD.replace("x 500", f"x {SHORT}").replace("deal 500", f"deal {SHORT}") + \
        f"    repeat 100:\n        {PASSES[case]}\n".replace("deal 500", f"deal {SHORT}")
    path = tmp_path / "short.rules"
    path.write_text(body)
    play(load_rules(str(path), budget=SMALL), "random")


def test_the_hang_a_red_team_wrote_stops_in_seconds(tmp_path):
    """90,000 dice gone through at each of 900,000 passes: an hour before, now the default budget
    stops it after its first dozen passes."""
    path = tmp_path / "hang.rules"
    path.write_text('game "hang"\nplayers 2\ndie d6 faces 1..6\nzone pile\nvar n = 0\nscore by p: n\n'
                    "phase game:\n    create d6 x 90000 into pile\n    repeat 900000:\n"
                    "        n = len([d for d in pile if d.face == 7])\n")
    start = time.process_time()
    with pytest.raises(RulesError, match="went over its budget of 1,000,000"):
        play(load_rules(str(path)), "random")
    assert time.process_time() - start < 20


def test_a_zone_turns_long_as_it_grows_past_short_and_stays_a_zone(tmp_path):
    state = finished_state(rules_of(tmp_path, "    put pile into other\n    put [first(other)] into pile\n"))
    assert type(state.z_other) is LongZone and type(state.z_pile) is LongZone
    assert state.z_other == state.z_other and state.z_other != state.z_pile
    assert len(state.z_other) == 499 and all(d.zone is state.z_other for d in state.z_other[:])
    short = finished_state(rules_of(tmp_path, "    deal 3 from pile into other\n"))
    assert type(short.z_other) is Zone


def test_looking_at_a_long_zone_spends_none_of_the_games_steps(tmp_path):
    state = finished_state(rules_of(tmp_path, "    v = 1\n", budget=Budget()))
    steps = state.steps
    seat_view(state, 0), table_view(state), people_view(state, 1), people_view(state, None, onlooker=True)
    assert state.steps == steps
