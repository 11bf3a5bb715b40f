"""Der große Wurf (seed 004): the example turn, the rules of a turn and the endings."""

import pytest

from helpers import ROOT, quick_first, random_agents
from rulesrun.cli.transcript import transcript
from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.testing.scenario import Scenario

WURF = ROOT / "rulesets" / "grosser_wurf.rules"
POINTS = ROOT / "rulesets" / "variants" / "grosser_wurf" / "points_ending.rules"
HIT, MISS = 0.1, 0.9  # draws below/above the hit chance (0.35 clustered) and the fly-out chance (0.05)


def scenario(players=3, **kw):
    s = Scenario(load_rules(WURF), players, **kw)
    s.call("setup")
    s.set("in_game", list(range(players)))
    return s


def test_beispiel_the_example_turn_takes_two_3s_and_two_5s_and_leaves_the_6():
    """Arena 2, 3, 5; clustered, the throw shows 2, 3, 4, 6; one more throw gives 3, 3, 5, 5, 6: take four, the 6 stays."""
    s = scenario()
    s.place(2, "wurf", [2, 3, 5], "arena")  # dice seat 2 left in the arena
    f = lambda face: s.face_draw(face, "wurf")  # noqa: E731
    s.load_random(MISS, MISS, HIT, f(4), f(6), MISS, MISS)               # throw 1: the 5 is hit and shows 6
    s.load_random(HIT, MISS, MISS, HIT, f(3), f(5), f(5), MISS, MISS, MISS)  # arena 2, 3, 6, 4: the 2 and the 4 are hit, both show 5
    s.script(0, "cluster", "throw", "cluster")
    before = len(s.zone("supply", 0))
    s.call("take_turn", 0)
    assert s.faces("arena") == [6]
    assert len(s.zone("supply", 0)) == before - 2 + 4
    assert not s.var("big_throw")


def test_an_x_leaves_the_game_at_once_but_does_not_end_the_turn():
    """'Das war wohl X!': X dice leave the arena for good; only taking matching dice ends the turn."""
    s = scenario()
    s.place(2, "wurf", [2, 3], "arena")
    s.load_random(MISS, MISS, s.face_draw("X", "wurf"), MISS)
    s.script(0, "spread", "stop")
    out = len(s.zone("out_of_game"))
    s.call("take_turn", 0)
    assert s.faces("arena") == [2, 3]
    assert len(s.zone("out_of_game")) == out + 1
    assert [e["point"] for e in s.log if e["t"] == "decide"] == ["grouping", "throw_again"]


def test_a_die_that_flies_out_leaves_the_game():
    """'Das war wohl niX!': a die flying out of the arena is out of the game; the turn goes on."""
    s = scenario()
    s.place(2, "wurf", [2, 3], "arena")
    s.load_random(MISS, MISS, s.face_draw(4, "wurf"), 0.01)
    s.script(0, "spread", "stop")
    out = len(s.zone("out_of_game"))
    s.call("take_turn", 0)
    assert s.faces("arena") == [2, 3] and len(s.zone("out_of_game")) == out + 1


@pytest.mark.parametrize("dice_to_group, asked, hit", [(2, [], False), (1, ["grouping"], True)])
def test_a_single_die_in_the_arena_is_not_grouped_unless_dice_to_group_is_1(dice_to_group, asked, hit):
    """'umgruppieren, um ... gleich mehrere Würfel auf einmal umzuwürfeln': one die is not grouped, the throw counts as spread.

    A draw of 0.2 hits a clustered die (0.35) but not a spread one (0.15).
    """
    s = Scenario(load_rules(WURF, params={"dice_to_group": str(dice_to_group)}), 3)
    s.call("setup")
    s.set("in_game", [0, 1, 2])
    s.place(None, "wurf", [4], "arena")
    # hit chance for the 4, the thrown die shows 2, the hit 4 is re-rolled to 3, nothing flies out
    s.load_random(0.2, s.face_draw(2, "wurf"), *([s.face_draw(3, "wurf"), MISS] if hit else []), MISS)
    s.script(0, *(["cluster"] if asked else []), "stop")
    s.call("take_turn", 0)
    assert [e["point"] for e in s.log if e["t"] == "decide"] == asked + ["throw_again"]
    assert s.faces("arena") == ([2, 3] if hit else [2, 4])


def test_emptying_the_arena_makes_the_next_player_throw_all_dice():
    """'Der große Wurf!': after a turn that empties the arena, the next player throws all dice at once."""
    s = scenario()
    s.place(None, "wurf", [4], "arena")
    s.load_random(MISS, s.face_draw(4, "wurf"), MISS)  # no hit on the 4, the throw shows 4, stays in
    s.call("take_turn", 0)
    assert s.faces("arena") == [] and s.var("big_throw")
    dice = len(s.zone("supply", 1))
    s.load_random(*([s.face_draw(2, "wurf")] * dice + [MISS] * dice))
    s.call("take_turn", 1)
    assert len(s.zone("supply", 1)) == dice, "all thrown, all matching, all taken back"
    assert not s.var("big_throw") or s.faces("arena") == []


def test_a_player_without_dice_at_the_end_of_the_turn_drops_out_and_the_last_one_wins():
    """Spielende: whoever has no dice at the end of their turn is out; the last one left wins."""
    rules = load_rules(WURF)
    for seed in range(30):
        result = rules.play(3, seed, random_agents(seed, 3))
        assert len(result.winners) == 1
        assert result.keys[result.winners[0]][0] == 3


@pytest.mark.parametrize("players", quick_first([2, 3, 5]))
def test_200_seeded_games_play_without_error(players):
    """Both endings play 200 seeded games at 2, 3 and 5 players."""
    for fragments in ([], [POINTS]):
        rules = load_rules(WURF, fragments)
        for seed in range(200):
            assert rules.play(players, seed, random_agents(seed, players)).winners


def test_alternative_ending_points_are_the_players_still_in_and_fewest_win():
    """Alternatives Spielende: one game per player; dropping out scores the players still in; fewest points win."""
    rules = load_rules(WURF, [POINTS])
    log = []
    result = rules.play(3, 7, random_agents(7, 3), log)
    games = [e for e in log if e["t"] == "say" and e["text"].startswith("=== Game")]
    assert len(games) == 3
    outs = [e["text"] for e in log if e["t"] == "say" and "is out" in e["text"]]
    assert len(outs) == 3 * 2
    assert sum(result.scores) == 3 * (2 + 1 + 0)
    assert result.winners == [p for p in range(3) if result.scores[p] == min(result.scores)]


def test_seeded_transcript_snapshot(snapshot):
    rules = load_rules(WURF)
    log = []
    rules.play(3, 21, random_agents(21, 3), log)
    assert transcript(log) == snapshot
