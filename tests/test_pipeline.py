"""The pipeline end to end on classic Las Vegas: parse, compose, check, compile, play, log."""

import json
import operator

from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from helpers import BANDIT, CLASSIC, NEUTRAL, ROOT, quick_first, random_agents, rules_from_text
from rulesrun.cli.main import main
from rulesrun.cli.transcript import transcript
from rulesrun.dsl.ast import dump
from rulesrun.dsl.parser import parse_file
from rulesrun.interpreter.running import builtins as implementation
from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.testing.scenario import Scenario
from rulesrun.interpreter.running import operations
from rulesrun.interpreter.running.values import Kind, Piece, Zone, ZoneChanged


@pytest.fixture(scope="module")
def classic():
    return load_rules(CLASSIC)


def test_parsed_classic_rules_snapshot(snapshot):
    assert dump(parse_file(CLASSIC)) == snapshot


def test_seeded_four_player_transcript_snapshot(classic, snapshot):
    log = []
    result = classic.play(4, 2024, random_agents(2024, 4), log)
    assert transcript(log) == snapshot
    assert result.winners == snapshot(name="winners")


def test_same_seed_gives_the_same_log(classic):
    first, second = [], []
    classic.play(4, 11, random_agents(11, 4), first)
    classic.play(4, 11, random_agents(11, 4), second)
    assert first == second


def test_different_seeds_give_different_games(classic):
    scores = {tuple(classic.play(4, seed, random_agents(seed, 4)).scores) for seed in range(20)}
    assert len(scores) > 15


def test_a_zone_refuses_assignment_and_the_operations_still_change_it():
    kind = Kind("d", (1, 2), (1, 2), 1, True)
    zone, other = Zone("pile"), Zone("other")
    first, second = Piece(kind, 0, 0, 0), Piece(kind, 0, 0, 1)
    game = SimpleNamespace(meter=None, score_changed=False)
    operations.put(game, first, zone)
    operations.put(game, second, other)

    for change in (lambda: operator.setitem(zone, 0, second), lambda: operator.iadd(zone, [second]),
                   lambda: operator.delitem(zone, 0), lambda: operator.imul(zone, 2)):
        with pytest.raises(ZoneChanged):
            change()
    assert list(zone) == [first] and list(other) == [second]
    operations.put_under(game, second, zone)
    assert list(zone) == [second, first] and list(other) == [] and second.zone is zone


def test_by_owner_groups_in_seat_order_with_the_unowned_last():
    kind = Kind("d", (1, 2), (1, 2), 1, True)
    pieces = [Piece(kind, owner, 0, i) for i, owner in enumerate([2, None, 0, 2, 5, None])]
    groups = implementation.b_by_owner(pieces)
    assert [(owner, [p.id for p in mine]) for owner, mine in groups] == [(0, [2]), (2, [0, 3]), (5, [4]), (None, [1, 5])]
    assert implementation.b_by_owner([]) == []


@pytest.mark.parametrize("fragments", quick_first([[], [NEUTRAL], [BANDIT], [NEUTRAL, BANDIT], [BANDIT, NEUTRAL]]))
def test_classic_and_its_variants_play_50_games(fragments):
    rules = load_rules(CLASSIC, fragments)
    for seed in range(50):
        players = 2 + seed % 3
        result = rules.play(players, seed, random_agents(seed, players))
        assert result.winners and all(0 <= w < players for w in result.winners)
        assert result.turns > 0


def test_neutral_dice_fragment_narrows_the_player_range():
    rules = load_rules(CLASSIC, [NEUTRAL])
    assert (rules.min_players, rules.max_players) == (2, 4)


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.mark.slow
def test_without_players_the_cli_seats_four_or_the_nearest_the_rules_allow(tmp_path):
    two_seats = ROOT / "tests" / "agent_games" / "guess_the_top_card.rules"
    three_seats = tmp_path / "three.rules"
    three_seats.write_text('game "Three"\nplayers 3..4\nphase game:\n    pass\nscore by p: 0\n')
    assert "2 players" in run(two_seats, "--seed", 1).output
    assert "4 players" in run(CLASSIC, "--seed", 1).output
    simulated = json.loads(run("simulate", two_seats, "--games", 5, "--json").output)
    assert simulated["players"] == 2
    compared = run("compare", two_seats, two_seats, "--games", 5)
    assert compared.exit_code == 0 and "2 players" in compared.output
    # No number of seats fits both: the one that cannot seat it says so.
    apart = run("compare", two_seats, three_seats, "--games", 5)
    assert apart.exit_code == 2 and "players" in apart.output


def test_cli_plays_a_game_with_transcript_and_winner():
    out = run(CLASSIC, "--players", 3, "--seed", 5)
    assert out.exit_code == 0
    assert "seed 5" in out.output and "Final standing" in out.output and "Winner" in out.output
    assert "turn 1 - seat 0" in out.output


def test_cli_check_exits_zero_for_valid_rules_and_lists_params():
    out = run("check", CLASSIC, "--with", BANDIT, "--params")
    assert out.exit_code == 0
    assert "biggy_weight = 2" in out.output


def test_cli_set_changes_a_parameter_and_rejects_unknown_ones():
    assert run(CLASSIC, "--seed", 1, "--set", "rounds=1").exit_code == 0
    bad = run(CLASSIC, "--seed", 1, "--set", "roundz=1")
    assert bad.exit_code == 2
    assert "did you mean `rounds`" in bad.output


def test_cli_simulate_out_has_the_contract_fields(tmp_path):
    out_file = tmp_path / "games.jsonl"
    result = run("simulate", CLASSIC, "--players", 4, "--games", 30, "--seed", 3, "--agent", "random", "--out", out_file)
    assert result.exit_code == 0
    records = [json.loads(line) for line in out_file.read_text().splitlines()]
    assert len(records) == 30
    for record in records:
        assert len(record["scores"]) == 4
        assert record["winners"] and set(record["winners"]) <= {0, 1, 2, 3}
        assert record["turns"] > 0


def test_cli_simulate_results_do_not_depend_on_jobs(tmp_path):
    outputs = []
    for jobs in (1, 2):
        path = tmp_path / f"jobs{jobs}.jsonl"
        assert run("simulate", CLASSIC, "--players", 3, "--games", 40, "--seed", 9, "--jobs", jobs, "--out", path).exit_code == 0
        outputs.append(path.read_text())
    assert outputs[0] == outputs[1]


@pytest.mark.slow
def test_cli_log_replays_identically(tmp_path):
    log = tmp_path / "game.jsonl"
    assert run(CLASSIC, "--with", BANDIT, "--players", 5, "--seed", 8, "--log", log).exit_code == 0
    out = run("replay", log)
    assert out.exit_code == 0 and "identical" in out.output


@pytest.mark.slow  # tests/test_bad_inputs.py keeps tampered logs quick
def test_cli_replay_notices_a_tampered_log(tmp_path):
    log = tmp_path / "game.jsonl"
    run(CLASSIC, "--players", 2, "--seed", 8, "--log", log)
    lines = log.read_text().splitlines()
    events = [json.loads(line) for line in lines]
    roll = next(i for i, e in enumerate(events) if e.get("t") == "roll")
    events[roll]["faces"][0] = 7
    log.write_text("\n".join(json.dumps(e) for e in events) + "\n")
    out = CliRunner().invoke(main, ["replay", str(log)])
    assert out.exit_code == 1
    assert "differs at event" in out.output


def test_cli_list_shows_what_a_fragment_adds():
    out = run("list", CLASSIC, "--with", BANDIT)
    assert out.exit_code == 0
    assert "place_on_bandit" in out.output and "after score_casinos" in out.output


def test_cli_rejects_a_player_count_outside_the_range():
    out = run(CLASSIC, "--with", NEUTRAL, "--players", 5, "--seed", 1)
    assert out.exit_code == 2
    assert "2-4 players" in out.output and "neutral_dice.rules" in out.output


def test_no_game_words_in_the_engine():
    words = ("casino", "biggy", "jeton", "tafel", "bandit", "kicker", "jackpot", "vegas", "royale")
    for folder in ("dsl", "interpreter"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".lark"):
                text = path.read_text().lower()
                assert not [w for w in words if w in text], path


@pytest.mark.parametrize("players", [2, 4])
def test_seeded_lasvegas_transcript_snapshot(players, snapshot):
    rules = load_rules(ROOT / "rulesets" / "lasvegas.rules")
    log = []
    rules.play(players, 77, random_agents(77, players), log)
    assert transcript(log) == snapshot


@pytest.mark.parametrize("ruleset", quick_first(["lasvegas2012", "lasvegas"]))
@pytest.mark.parametrize("players", quick_first([2, 3, 4, 5]))
def test_simulate_works_on_both_editions(ruleset, players):
    out = run("simulate", ROOT / "rulesets" / f"{ruleset}.rules", "--players", players, "--games", 20, "--json")
    assert out.exit_code == 0
    summary = json.loads(out.output)
    assert summary["games"] == 20
    assert abs(sum(s["win_share"] for s in summary["seats"]) - 1) < 1e-9


@pytest.mark.slow
def test_royale_plays_from_the_cli_with_board_activations_in_the_transcript():
    out = run(ROOT / "rulesets" / "royale.rules", "--seed", 5)
    assert out.exit_code == 0
    assert "lies at casino 1" in out.output and "activates" in out.output and "Winner" in out.output


@pytest.mark.slow
def test_royale_simulates_with_jobs_and_its_parameters_are_settable(tmp_path):
    royale = ROOT / "rulesets" / "royale.rules"
    outputs = []
    for jobs in (1, 2):
        path = tmp_path / f"royale{jobs}.jsonl"
        result = run("simulate", royale, "--players", 4, "--games", 30, "--jobs", jobs, "--out", path,
                     "--set", "boards_per_round=6")
        assert result.exit_code == 0
        outputs.append(path.read_text())
    assert outputs[0] == outputs[1]
    params = run("check", royale, "--params")
    assert "boards_per_round = 3" in params.output and "jackpot_track" in params.output


@pytest.mark.slow
def test_royale_forced_boards_lie_at_the_first_casinos():
    out = run(ROOT / "rulesets" / "royale.rules", "--seed", 2, "--set", "forced_boards=jackpot,no_entry")
    assert out.exit_code == 0
    assert "board JACKPOT lies at casino 1" in out.output and "board NO ENTRY! lies at casino 2" in out.output


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ["pot", "grosser_wurf"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_pot_and_grosser_wurf_check_play_and_simulate(ruleset, players):
    path = ROOT / "rulesets" / f"{ruleset}.rules"
    assert run("check", path).exit_code == 0
    assert run(path, "--players", players, "--seed", players).exit_code == 0
    out = run("simulate", path, "--players", players, "--games", 25, "--json", "--jobs", 2)
    assert out.exit_code == 0 and json.loads(out.output)["games"] == 25


def test_a_hook_with_when_runs_and_is_metered_only_when_its_condition_holds(tmp_path):
    rules_file = tmp_path / "hooks.rules"
    rules_file.write_text(
        'game "Hooks"\nplayers 2..2\nvar round_no = 0\nvar points per player = 0\n'
        "phase game:\n    repeat 4 as r:\n        round_no = r\n        tally()\n"
        "phase tally:\n    pass\n"
        "after tally when round_no % 2 == 0:\n    points[0] += 10\n    say \"even round {round_no}\"\n"
        "score by p: points[p]\n")
    rules = load_rules(str(rules_file))
    result = rules.play(2, 1, random_agents(1, 2), [], meter=True)
    assert result.scores == [20, 0]
    assert [e["text"] for e in result.log if e["t"] == "say"] == ["even round 2", "even round 4"]
    assert result.rules == {"hooks: after tally": {"fired": 2, "paid": 20, "moved": 0, "asked": 0}}


def test_taking_one_attribute_of_each_piece_is_compiled_without_a_call_per_piece(tmp_path):
    rules_file = tmp_path / "attributes.rules"
    rules_file.write_text(
        'game "Attributes"\nplayers 2..2\ndie d6 faces 1..6\nzone pile\nzone empty\n'
        "phase game:\n    create d6 x 3 into pile\n"
        "proc shown(z):\n    return [d.face for d in z]\n"
        "proc total(z):\n    return sum([d.value for d in z])\n"
        "proc top(z):\n    return max([d.value for d in z])\n"
        "score by p: 0\n")
    rules = load_rules(str(rules_file))
    s = Scenario(rules, players=2)
    s.call("game")
    faces = [d.face for d in s.zone("pile")]
    assert s.call("shown", s.zone("pile")) == faces
    assert s.call("total", s.zone("pile")) == sum(faces)
    assert s.call("top", s.zone("pile")) == max(faces)
    assert s.call("total", s.zone("empty")) == 0
    assert "map(get_face" in rules.source.text() and "sum(map(get_value" in rules.source.text()


SHADOWED = """\
game "Shadow"
players 2..2
zone pile
zone kept
die d6 faces 1..6

phase game:
    create d6 x 3 into pile
    for p in players:
        play take by p

proc spare():
    let pile = 5
    return pile

move take(d in pile) for take:
    let pile = kept
    put d into pile

score by p: len(kept) + spare() - 5
"""


def test_a_move_domain_reads_the_global_a_let_elsewhere_shadows(tmp_path):
    """#19: a move's options are computed in a scope of their own, not in the locals of whatever
    rule the compiler wrote last (here a move and a procedure that `let` the zone's name)."""
    rules = rules_from_text(tmp_path, SHADOWED)
    result = rules.play(2, 1, random_agents(1, 2))
    assert result.scores == [2, 2]
