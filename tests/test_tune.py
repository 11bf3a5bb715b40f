"""`rulesrun tune`: a side bet whose fair pay is known exactly (a 6 pays X on a stake of 1, fair
at X = 5) is found within the interval the search prints, as a number parameter and as one
entry of a list; the search stops where it was asked to, plays the same for a seed, and every
mistake in what it is asked is a hinted error before any game is played."""

import importlib.util
import json
import random
import re

import pytest
from click.testing import CliRunner

from helpers import ROOT
from rulesrun.cli import exit_codes
from rulesrun.cli.main import main
from rulesrun.interpreter.studies import tune

TUNE = ROOT / "tests" / "tune"
DICE, SIDE_BET, ODDS = TUNE / "dice.rules", TUNE / "side_bet.rules", TUNE / "odds_table.rules"


def invoke(*args):
    return CliRunner().invoke(main, ["tune", *map(str, args)], prog_name="rulesrun")


def side_bet(*args):
    return invoke(DICE, "--with", SIDE_BET, "--players", 1, "--jobs", 1, *args)


def answer(result) -> dict:
    assert result.exit_code == exit_codes.OK, result.output
    return json.loads(result.stdout)


def bets(pays: float, start: int, stop: int, rolls: int = 10):
    """What `rolls` seeded rolls of the side bet pay in each game start to stop - 1, game i on seed i."""
    for game in range(start, stop):
        dice = random.Random(game)
        yield sum(pays if dice.randint(1, 6) == 6 else -1 for _ in range(rolls))


@pytest.mark.slow
def test_the_fair_pay_of_the_side_bet_lies_in_the_interval_of_a_search_on_its_gaps():
    outcome = tune.search(tune.Search(0, 20, 0.5, 20000), bets)
    assert outcome.low <= 5 <= outcome.high and outcome.low <= outcome.value <= outcome.high
    assert outcome.stopped in ("width", "budget") and outcome.games <= 20000
    assert outcome.high - outcome.low < 2.5


def test_a_metric_that_falls_as_the_parameter_grows_is_found_as_well():
    outcome = tune.search(tune.Search(-20, 0, 0.5, 20000), lambda value, start, stop: bets(-value, start, stop))
    assert not outcome.increasing and outcome.low <= -5 <= outcome.high


def test_far_points_are_decided_in_a_first_look_and_the_search_stops_at_the_width_asked():
    outcome = tune.search(tune.Search(0, 20, 5, 100000), bets)
    assert outcome.stopped == "width" and outcome.high - outcome.low <= 5
    assert outcome.probes[0].games == 50 and outcome.probes[0].side == -1


def test_a_search_spends_no_more_than_its_budget():
    outcome = tune.search(tune.Search(0, 20, 0.001, 3000), bets)
    assert outcome.stopped == "budget" and outcome.games <= 3000 and outcome.low <= 5 <= outcome.high


def test_the_levels_of_all_looks_add_up_to_the_confidence_asked():
    search = tune.Search(0, 1, 0.1, 100, confidence=0.9)
    assert sum(1 - search.level(j) for j in range(1, 100000)) == pytest.approx(0.1, rel=1e-4)


@pytest.mark.slow
def test_the_side_bet_of_the_fragment_is_fair_within_the_interval_printed():
    result = side_bet("--param", "pays", "--range", "0..20", "--target", "score:0=0", "--games", 300)
    assert result.exit_code == exit_codes.OK, result.output
    first = result.stdout.splitlines()[0]
    low, high = map(float, re.fullmatch(r"pays = \S+   95% interval (\S+) \.\. (\S+)", first).groups())
    assert low <= 5 <= high
    found = answer(side_bet("--param", "pays", "--range", "0..20", "--target", "score:0=0", "--games", 4000,
                            "--width", 1, "--json"))
    assert found["interval"][0] <= 5 <= found["interval"][1]
    assert found["games"] <= 4000 and found["probes"][0]["value"] == 0 and found["probes"][1]["value"] == 20


def test_one_entry_of_a_list_is_tuned_in_whole_numbers_by_a_rule_s_pay():
    found = answer(invoke(DICE, "--with", ODDS, "--players", 1, "--jobs", 1, "--param", "odds[0]", "--range", "0..20",
                          "--target", "paid_per_game:odds_table=0", "--games", 4000, "--json"))
    assert found["param"] == "odds[0]" and found["interval"][0] <= 5 <= found["interval"][1]
    assert all(float(p["value"]).is_integer() for p in found["probes"]) and float(found["value"]).is_integer()


def test_a_parameter_that_moves_both_metrics_of_a_target_alike_leaves_the_whole_range():
    found = answer(invoke(DICE, "--with", SIDE_BET, "--players", 2, "--jobs", 1, "--param", "pays", "--range",
                          "0..20", "--target", "score:0=score:1", "--games", 600, "--json"))
    assert found["interval"] == [0, 20] and found["stopped"] == "budget"


@pytest.mark.slow
def test_a_seed_plays_the_same_search_on_one_process_and_two():
    args = ("--param", "pays", "--range", "0..20", "--target", "score:0=0", "--games", 1000, "--seed", 3, "--json")
    one = answer(invoke(DICE, "--with", SIDE_BET, "--players", 1, "--jobs", 1, *args))
    two = answer(invoke(DICE, "--with", SIDE_BET, "--players", 1, "--jobs", 2, *args))
    assert one == two and one["seed"] == 3


@pytest.mark.parametrize("args, message, hint", [
    (("--param", "payz"), "unknown parameter `payz`", "did you mean `pays`?"),
    (("--param", "pays[0]"), "`pays` is not a list of numbers written out", "--param pays"),
    (("--param", "rounds", "--range", "1.5..4"), "`rounds` takes whole numbers", "--range 0..10"),
    (("--range", "5..2"), "the range is empty", "--range 2..5"),
    (("--range", "two..5"), "not LO..HI", "two numbers"),
    (("--target", "scor:0=0"), "unknown metric `scor`", "did you mean `score`?"),
    (("--target", "score:3=0"), "`score` needs a seat from 0 to 0", "score:0"),
    (("--target", "paid_per_game:side=0"), "no rule or part `side`", "did you mean"),
    (("--target", "turns"), "not METRIC=VALUE", "--target turns=40"),
    (("--target", "turns:2=10"), "`turns` takes no `:2`", "write turns alone"),
    (("--set", "pays=2"), "`pays` is also set by --set", "leave it out of --set"),
])
def test_a_mistake_in_what_is_asked_is_a_hinted_error_before_any_game(args, message, hint):
    given = {"--param": "pays", "--range": "0..20", "--target": "score:0=0"}
    extra = []
    for name, value in zip(args[::2], args[1::2]):
        if name in given:
            given[name] = value
        else:
            extra += [name, value]
    result = side_bet(*[word for pair in given.items() for word in pair], *extra)
    assert result.exit_code == exit_codes.INVALID
    assert message in result.stderr and "hint: " in result.stderr and hint in result.stderr
    assert "Traceback" not in result.output


def test_an_entry_past_the_end_of_a_list_names_its_declaration():
    result = invoke(DICE, "--with", ODDS, "--players", 1, "--param", "odds[4]", "--range", "0..9",
                    "--target", "turns=1")
    assert result.exit_code == exit_codes.INVALID
    assert "`odds` has 4 entries" in result.stderr and "odds_table.rules:5:" in result.stderr


def test_a_target_outside_the_range_is_said_with_both_ends():
    result = side_bet("--param", "pays", "--range", "8..20", "--target", "score:0=0", "--games", 1000)
    assert result.exit_code == exit_codes.INVALID
    assert "above the target at both ends of the range" in result.stderr and "widen --range" in result.stderr


class FakeRay:
    """What the Ray backend calls of Ray, run in this process, counting the Rays started."""

    class exceptions:
        RayTaskError = RuntimeError

    def __init__(self):
        self.started, self.running = 0, False

    def is_initialized(self):
        return self.running

    def init(self, **options):
        self.started, self.running = self.started + 1, True

    def shutdown(self):
        self.running = False

    def cluster_resources(self):
        return {"CPU": 2}

    def remote(self, function):
        return type("Task", (), {"remote": staticmethod(function)})

    def get(self, ref):
        return ref


@pytest.mark.slow
def test_a_search_on_ray_starts_ray_once_for_all_its_points_and_answers_as_locally(monkeypatch):
    fake = FakeRay()
    monkeypatch.setitem(__import__("sys").modules, "ray", fake)
    args = ("--param", "pays", "--range", "0..20", "--target", "score:0=0", "--games", 600, "--json")
    on_ray = answer(side_bet("--backend", "ray", *args))
    assert fake.started == 1 and not fake.running and len(on_ray["probes"]) > 3
    assert on_ray == answer(side_bet(*args))


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed: pip install 'rulesrun[ray]'")
@pytest.mark.slow
def test_ray_gives_the_search_of_the_local_backend():
    args = ("--param", "pays", "--range", "0..20", "--target", "score:0=0", "--games", 600, "--json")
    assert answer(side_bet("--backend", "ray", "--jobs", 2, *args)) == answer(side_bet(*args))


def test_a_list_tuned_whole_is_refused_with_the_entry_to_tune_instead():
    result = invoke(DICE, "--with", ODDS, "--players", 1, "--param", "odds", "--range", "0..9", "--target", "turns=1")
    assert result.exit_code == exit_codes.INVALID
    assert "`odds` is not a number" in result.stderr and "hint: tune one entry: --param odds[0]" in result.stderr


@pytest.mark.slow
def test_a_game_gone_wrong_at_a_point_is_status_3_with_the_game_to_replay(tmp_path):
    rules = tmp_path / "spinning.rules"
    rules.write_text('game "spinning"\nplayers 1..4\nparam spins = 0\nscore by p: 0\nphase game:\n'
                     '    let n = 0\n    while n < spins:\n        pass\n')
    result = invoke(rules, "--players", 1, "--jobs", 1, "--param", "spins", "--range", "0..3", "--target", "turns=1")
    assert result.exit_code == exit_codes.PLAY_ERROR, result.output
    assert "spinning.rules:7:5: error: the game went over its budget" in result.stderr
    assert "replay: rulesrun " in result.stderr and "spins=3" in result.stderr
