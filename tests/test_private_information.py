"""Private zones and fair what-if games: what each seat sees of a hidden or private zone, and
probes in which greedy and MCTS guess what they may not see at chance level and use what they
may see every time (tests/agent_games). Each probe is also run against a look-ahead that only
reorders hidden piles, as the engine once did, to show it catches that."""

from __future__ import annotations

import random

import pytest

from helpers import ROOT, quick_first, rules_from_text
from rulesrun.interpreter.compiling.reach import Reach
from rulesrun.interpreter.lookahead import determinize
from rulesrun.interpreter.lookahead.agents import make_agent
from rulesrun.interpreter.lookahead.bookkeeping import BOOKKEEPING
from rulesrun.interpreter.lookahead.checkpoint import Checkpoint
from rulesrun.interpreter.running.rules import Rules, load_rules
from rulesrun.interpreter.testing.scenario import Scenario

PROBES = ROOT / "tests" / "agent_games"
# The quick run tries greedy (tests/test_agents.py keeps MCTS's hidden decks and secret choices
# quick); CI also MCTS, and MCTS with random rollouts and no horizon.
SEARCHERS = quick_first(["greedy", "mcts:playouts=20", "mcts:playouts=12,rollout=random,horizon=0"])
GAMES = 100

CUPS = '''
game "Cups"
players 3..3

die d6 faces 1..6
card number values 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
zone deck hidden
zone hand per player private
zone cup per player private
zone table
var points per player = 0

phase game:
    create deck number into deck
    shuffle deck
    for p in players:
        create d6 x 2 owned by p into cup[p]
        deal 2 from deck into hand[p]
    create d6 x 1 into table
    roll table
    for p in players:
        roll cup[p]
    turn 0:
        play look by 0

move look(n in [1, 2]) for look:
    points[player] += n + highest(cup[player])

move peek(n in [1, 2]) for look:
    points[player] += highest(cup[1])

score by p: points[p]
'''


def scores_of(probe: str, spec: str, games: int = GAMES) -> list[int]:
    """Each seat's points summed over `games` seeded games of a probe, both seats played by `spec`."""
    rules = load_rules(str(PROBES / probe))
    totals = [0, 0]
    for seed in range(games):
        result = rules.play(2, seed, [make_agent(spec, seed, p) for p in range(2)])
        totals = [t + s for t, s in zip(totals, result.scores)]
    return totals


def only_reordering(g, zones, arrange, rng):
    """The look-ahead as it was before private zones: hidden piles shuffled, nothing else drawn anew."""
    for zone in zones:
        arrange(zone)


# ---------------------------------------------------------------- what a seat sees


def test_a_seat_sees_its_own_private_zone_and_only_counts_of_the_others_and_of_hidden_ones(tmp_path):
    rules = rules_from_text(tmp_path, CUPS)
    game = rules.start(players=3, seed=4)
    view = game.decision.view
    table = game.view()
    assert view.seat == 0
    # What the seat sees of its own cup and hand, and of the table, is the truth.
    cup, hand, middle = (table.zones[name][0] for name in ("cup", "hand", "table"))
    assert view.zones["cup"][0] == table.zones["cup"][0] == [("d6", face, 0) for _, face, _ in cup]
    assert view.zones["cup"][1:] == [None, None]
    assert view.counts["cup"] == [2, 2, 2] and view.counts["hand"] == [2, 2, 2]
    assert view.zones["hand"][0] == table.zones["hand"][0] == [("number", face, None) for _, face, _ in hand]
    assert "deck" not in view.zones and view.counts["deck"] == 4
    assert view.zones["table"] == table.zones["table"] == [("d6", middle[1], None)]


def test_the_transcript_shows_every_face_rolled_under_a_cup(tmp_path):
    """The log is the designer's view: the faces under each cup are in it."""
    rules = rules_from_text(tmp_path, CUPS)
    game = rules.start(players=3, seed=4)
    rolled = [event for event in game.log if event["t"] == "roll" and event["zone"].startswith("cup")]
    assert [event["faces"] for event in rolled] == [[face for _, face, _ in cup] for cup in game.view().zones["cup"]]


def test_private_needs_a_zone_per_player(tmp_path):
    from rulesrun.dsl.errors import RulesError

    with pytest.raises(RulesError) as error:
        rules_from_text(tmp_path, CUPS.replace("zone table", "zone table private"), "bad")
    rendered = error.value.render()
    assert "bad.rules:10:1" in rendered and "only a `per player` zone can be private" in rendered
    assert "zone table per player private" in rendered


def test_a_move_that_reads_a_private_zone_has_it_in_reach(tmp_path):
    program = rules_from_text(tmp_path, CUPS).program
    reach = Reach(program)
    by_name = {move.name: reach.of(move.body) for move in program.moves}
    assert by_name == {"look": {"cup"}, "peek": {"cup"}}


# ---------------------------------------------------------------- drawing anew


def test_a_redraw_keeps_what_the_seat_sees_and_each_zones_count_and_going_back_puts_the_real_pieces_back(tmp_path):
    rules = rules_from_text(tmp_path, CUPS)
    scenario = Scenario(rules, players=3, seed=4)
    scenario.start("game")  # up to seat 0's first decision, as rules.start(players=3, seed=4) plays
    state = scenario.game
    deck, hands, cups, table = (scenario.zone(name) for name in ("deck", "hand", "cup", "table"))
    zones = [deck, *hands, *cups, table]

    def looks():
        return [[(p.id, p.face, p.owner) for p in zone] for zone in zones]

    real = looks()
    shuffle = BOOKKEEPING["shuffle"]  # the operation a game that keeps books shuffles with
    unseen = rules.unseen_zones(state, 0)
    assert unseen == [deck, hands[1], hands[2], cups[1], cups[2]]
    changed_hands = changed_faces = 0
    for draw in range(20):
        here = Checkpoint(state)
        determinize.redraw(state, unseen, lambda zone: shuffle(state, zone), random.Random(draw))
        drawn = looks()
        assert [len(zone) for zone in drawn] == [len(zone) for zone in real]
        assert all(piece.zone is zone for zone in zones for piece in zone)
        assert sorted(i for zone in drawn[:4] for i, _, _ in zone) == sorted(i for zone in real[:4] for i, _, _ in zone)
        # What seat 0 sees stays: its hand, its cup, the table.
        for k in (1, 4, 7):
            assert drawn[k] == real[k]
        # Other cups keep their dice (kind and owner known), with faces drawn anew.
        for k in (5, 6):
            assert [i for i, _, _ in drawn[k]] == [i for i, _, _ in real[k]]
        changed_hands += drawn[2] != real[2]
        changed_faces += drawn[5] != real[5]
        here.restore(state)
        here.close()
        assert looks() == real
    assert changed_hands > 10 and changed_faces > 10


# ---------------------------------------------------------------- probes


@pytest.mark.parametrize("spec", SEARCHERS)
def test_search_agents_cannot_see_the_die_under_another_seats_cup(spec):
    """Seat 1 guesses the face of seat 0's die: right about one time in six, not always."""
    assert scores_of("guess_the_die_under_a_cup.rules", spec)[1] < 32


@pytest.mark.parametrize("spec", SEARCHERS)
def test_search_agents_see_the_die_under_their_own_cup(spec):
    """Seat 0 names the face of its own die: it may look, so it is right every time."""
    assert scores_of("peek_at_my_die.rules", spec)[0] == GAMES


@pytest.mark.parametrize("spec", SEARCHERS)
def test_search_agents_know_their_own_card_and_not_the_card_in_another_hand(spec):
    """Seat 0 names its own card every time; seat 1 guesses it about one time in nine."""
    own, guessed = scores_of("guess_the_card_in_a_hand.rules", spec)
    assert own == GAMES and guessed < 25


@pytest.mark.parametrize("spec", SEARCHERS)
def test_search_agents_cannot_see_a_die_in_a_hidden_zone(spec):
    """A die rolled into a box nobody sees: right about one time in six."""
    assert scores_of("guess_the_hidden_die.rules", spec)[0] < 32


@pytest.mark.parametrize("probe, seat", [("guess_the_die_under_a_cup.rules", 1), ("guess_the_card_in_a_hand.rules", 1),
                                         ("guess_the_hidden_die.rules", 0)])
@pytest.mark.parametrize("spec", ["greedy", "mcts:playouts=20"])
def test_the_probes_catch_a_look_ahead_that_only_reorders_hidden_piles(monkeypatch, probe, seat, spec):
    """With the redraw cut back to reordering, the search agents read the real die or card:
    the probes above would fail."""
    monkeypatch.setattr(determinize, "redraw", only_reordering)
    assert scores_of(probe, spec, games=30)[seat] == 30


@pytest.mark.parametrize("probe", ["peek_at_my_die.rules", "guess_the_card_in_a_hand.rules"])
@pytest.mark.parametrize("spec", ["greedy", "mcts:playouts=20"])
def test_the_probes_catch_a_look_ahead_that_redraws_the_seats_own_zone(monkeypatch, probe, spec):
    """With the seat's own private zone drawn anew too, it can no longer name its own die or card."""
    unseen_by = Rules.unseen_zones
    monkeypatch.setattr(Rules, "unseen_zones", lambda self, game, seat: unseen_by(self, game, None))
    assert scores_of(probe, spec, games=30)[0] < 20
