"""Simulation as a stream: records written as games finish, the report built from running
statistics that equal the whole-list ones bit for bit, work handed out lazily (a run of
10**12 games starts at once), memory that does not grow with the games, and agent specs
parsed once per run."""

from __future__ import annotations

import itertools
import json
import math
import subprocess
import sys
import time
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import CLASSIC
from rulesrun.interpreter.lookahead import agents
from rulesrun.interpreter.running.budget import Budget
from rulesrun.interpreter.studies import backends, compare, report, simulate, stats
from rulesrun.interpreter.studies.streaming import Counts, ExactSum

NUMBERS = st.one_of(st.integers(-10**6, 10**6), st.floats(-1e6, 1e6, allow_nan=False),
                    st.sampled_from([0.1, 0.2, 0.3, 1 / 3, 2 ** 60 + 1, -(2 ** 55) - 3]))


def counted(values) -> Counts:
    counts = Counts()
    for value in values:
        counts.add(value)
    return counts


# --- running statistics equal the whole-list ones ------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.lists(NUMBERS, max_size=40))
def test_counts_give_the_mean_sd_and_quantiles_of_the_list_bit_for_bit(values):
    counts = counted(values)
    ordered = sorted(values)
    assert counts.mean() == stats.mean(values) and counts.sd() == stats.sd(values)
    qs = [q / 100 for q in report.QUANTILES]
    assert counts.quantiles(qs) == tuple(stats.quantile(ordered, q) for q in qs)
    assert report.Spread.of_counts(counts) == report.Spread.of(values)


@settings(max_examples=60, deadline=None)
@given(st.lists(NUMBERS, max_size=40))
def test_an_exact_sum_is_fsum_of_every_value(values):
    total = ExactSum()
    for value in values:
        total.add(value)
    assert total.value() == math.fsum(values)


def test_many_equal_values_sum_as_fsum_sums_them_not_as_a_float_loop():
    counts = counted([0.1] * 1000 + [0.7] * 3)
    assert counts.mean() == math.fsum([0.1] * 1000 + [0.7] * 3) / 1003 != sum([0.1] * 1000 + [0.7] * 3) / 1003


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(NUMBERS, NUMBERS), max_size=30))
def test_a_paired_row_tests_as_the_lists_of_its_values(pairs):
    row = compare.PairedRow()
    for x, y in pairs:
        row.add(x, y)
    a, b = [x for x, _ in pairs], [y for _, y in pairs]
    p = stats.paired_t([y - x for x, y in pairs])
    change = row.change(0.05)
    assert (change.a, change.b, change.p) == (stats.mean(a), stats.mean(b), p)


def test_a_rule_first_met_late_counts_zero_in_the_games_before_in_a_comparison():
    def game(seed, paid):
        return {"seed": seed, "scores": [0, 0], "winners": [0], "turns": 1,
                "rules": {"bonus": {"fired": 1, "paid": paid}} if paid is not None else {}}

    a = [game(0, None), game(1, None), game(2, 4), game(3, 4)]
    b = [game(0, None), game(1, 2), game(2, 6), game(3, 6)]
    (bonus,) = compare.build(a, b).rules
    assert bonus.paid_per_game.difference == stats.mean([0, 2, 2, 2]) and bonus.paid_per_game.a == 2.0
    assert bonus.paid_per_game.p == stats.paired_t([0, 2, 2, 2])


@pytest.mark.slow
def test_the_running_report_keeps_no_records():
    """Twenty times the games, about the same memory: sums and counts of distinct values only."""
    def record(i):
        return {"game": i, "seed": i, "scores": [i % 7 * 10000, i % 5 * 10000], "winners": [i % 2], "turns": 60 + i % 9,
                "decisions": 60, "agents": ["random", "random"],
                "rules": {"move place": {"fired": 60, "paid": i % 3, "moved": 80, "asked": 0}}}

    def peak(games):
        tracemalloc.start()
        tally = report.Tally()
        for i in range(games):
            tally.add(record(i))
        used = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return used, tally.report()

    small, _ = peak(500)
    large, built = peak(10_000)
    assert built.games == 10_000 and large < 1.5 * small + 20_000


# --- work handed out lazily, records in order ----------------------------------------------

def test_the_backend_reads_its_items_only_as_workers_free_up():
    read = []

    def items():
        for i in itertools.count():
            read.append(i)
            yield i

    first = list(itertools.islice(backends.Local(2).map(abs, items()), 3))
    assert first == [0, 1, 2] and len(read) <= 3 + backends.AHEAD * 2


def test_units_are_lazy_and_grow_from_one_game():
    plan = simulate.Plan(str(CLASSIC), (), {}, 2, ("random",), 0, 10 ** 12)
    assert [(start, stop) for _, start, stop in itertools.islice(simulate.units(plan, 200), 10)] == \
        [(0, 1), (1, 3), (3, 7), (7, 15), (15, 31), (31, 63), (63, 127), (127, 255), (255, 455), (455, 655)]


@pytest.mark.slow  # a process of its own, some 1.5 s; the signal tests below start `simulate` quick
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_trillion_games_start_at_once_and_stream_their_records_in_order(tmp_path, jobs):
    out = tmp_path / "games.jsonl"
    process = subprocess.Popen([sys.executable, "-m", "rulesrun", "simulate", str(CLASSIC), "--games", str(10 ** 12),
                                "--jobs", str(jobs), "--out", str(out)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        lines = []
        deadline = time.monotonic() + 60
        while len(lines) < 20 and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.2)
            partial = list(tmp_path.glob(".games.jsonl.*.part"))
            lines = partial[0].read_text().splitlines() if partial else []
    finally:
        process.kill()
        _, errors = process.communicate(timeout=30)
    assert len(lines) >= 20, errors
    assert [json.loads(line)["game"] for line in lines[:20]] == list(range(20))


def test_two_plans_played_together_pair_game_i_of_each_in_order_on_any_number_of_processes():
    plans = [simulate.Plan(str(CLASSIC), (), {"rounds": "1"}, 2, ("random",), 3, 5),
             simulate.Plan(str(CLASSIC), (), {"rounds": "2"}, 2, ("random",), 3, 5)]
    alone = [list(simulate.run(plan)) for plan in plans]
    for jobs in (1, 2):
        pairs = list(simulate.run_together(plans, jobs))
        assert [a for a, _ in pairs] == alone[0] and [b for _, b in pairs] == alone[1]


@pytest.mark.slow
def test_peak_memory_of_a_simulation_does_not_grow_with_its_games(tmp_path):
    def peak(games):
        script = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
                  "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
        command = [sys.executable, "-m", "rulesrun", "simulate", str(CLASSIC), "--games", str(games), "--jobs", "1",
                   "--out", str(tmp_path / f"{games}.jsonl")]
        return int(subprocess.run([sys.executable, "-c", script, *command], capture_output=True, text=True,
                                  check=True).stdout)

    assert peak(10_000) < 1.5 * peak(500)


# --- agent specs parsed once per run ---------------------------------------------------------

def test_a_run_parses_each_agent_spec_once_not_per_game(tmp_path, monkeypatch):
    calls = []
    parse = agents.parse_agent
    monkeypatch.setattr(agents, "parse_agent", lambda spec: calls.append(spec) or parse(spec))
    # A budget of its own: a plan no earlier test prepared in this process.
    plan = simulate.Plan(str(CLASSIC), (), {"rounds": "1"}, 3, ("greedy", "random"), 0, 6,
                         budget=Budget(steps=987_654))
    records = list(simulate.run(plan))
    assert len(records) == 6 and sorted(calls) == ["greedy", "random"]


def test_agents_made_from_a_parsed_spec_play_as_those_made_from_the_spec():
    rules = simulate.Workshop().rules_for(simulate.Plan(str(CLASSIC), (), {}, 2, ("greedy",), 0, 1))
    parsed = agents.AgentSpec.parse("greedy:samples=2")
    for seed in (3, 4):
        made = rules.play(2, seed, [agents.make_agent("greedy:samples=2", seed, p) for p in range(2)], [])
        again = rules.play(2, seed, [parsed.make(seed, p) for p in range(2)], [])
        assert made.log == again.log


def test_a_bot_file_is_loaded_once_per_run(tmp_path):
    loads = tmp_path / "loads.txt"
    bot = tmp_path / "first.py"
    bot.write_text(f"open({str(loads)!r}, 'a').write('loaded\\n')\n\n"
                   "class First:\n    blind = False\n\n    def __init__(self, seed):\n        pass\n\n"
                   "    def choose(self, decision):\n        return 0\n")
    plan = simulate.Plan(str(CLASSIC), (), {"rounds": "1"}, 2, (agents.TrustedSpec(f"{bot}:First"),), 0, 5)
    assert len(list(simulate.run(plan))) == 5
    assert loads.read_text().splitlines() == ["loaded"]


@pytest.fixture
def signals_as_a_terminal_leaves_them():
    """Ctrl-C and SIGTERM at their defaults while a test sends them to its own process: a run
    started in the background of a script inherits SIGINT ignored, and a run of simulate then
    leaves both signals to whoever set that, so the SIGTERM would stop pytest itself."""
    import signal

    saved = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    yield
    for number, handler in saved.items():
        signal.signal(number, handler)


def test_a_ctrl_c_while_a_record_is_written_stops_after_it_with_tally_and_file_alike(signals_as_a_terminal_leaves_them):
    """SIGINT lands inside `write` of the third record: the run stops right after that record,
    which both the tally and the file have (no game counted but not written, or written but
    not counted)."""
    import os
    import signal

    written = []

    def write(record):
        if len(written) == 2:
            os.kill(os.getpid(), signal.SIGINT)
        written.append(record["game"])

    tally = report.Tally()
    plan = simulate.Plan(str(CLASSIC), (), {}, 4, ("random",), 0, 50)
    with pytest.raises(KeyboardInterrupt):
        simulate.play_into(plan, tally, write)
    assert tally.games == len(written) == 3 and written == [0, 1, 2]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_sigterm_stops_a_run_as_ctrl_c_does_and_says_which_it_was(signals_as_a_terminal_leaves_them):
    """`timeout` and schedulers send SIGTERM: held to the end of the record like Ctrl-C, so
    the caller can write and report the games so far (exit 143 at the command line)."""
    import os
    import signal

    written = []

    def write(record):
        if len(written) == 1:
            os.kill(os.getpid(), signal.SIGTERM)
        written.append(record["game"])

    tally = report.Tally()
    plan = simulate.Plan(str(CLASSIC), (), {}, 4, ("random",), 0, 50)
    with pytest.raises(simulate.Interrupted) as stopped:
        simulate.play_into(plan, tally, write)
    assert stopped.value.signal == signal.SIGTERM
    assert tally.games == len(written) == 2
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL


# Seconds of work within the budget: 990,000 passes (of its million steps), each going twice
# through a zone of 64 dice, as short a zone as goes uncounted (budget.LongZone).
SLOW_GAME = '''game "slow"
players 2..2
die d6 faces 1..6
zone pool
var total = 0
score by p: total
phase game:
    create d6 x 64 into pool
    repeat 990000:
        total += len([x for x in pool if x.face > 0]) + len([x for x in pool if x.face < 7])
'''


@pytest.mark.parametrize("jobs", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_a_signal_while_a_game_is_played_stops_the_run_at_once(signals_as_a_terminal_leaves_them, tmp_path, jobs):
    """A game may run for minutes: a SIGTERM (`timeout`) that comes while the run waits for one
    stops it then, the game unplayed, instead of after it. It was held to the end of the next
    record, and `timeout 120 rulesrun simulate` of a slow game went on for ten minutes more."""
    import os
    import signal
    import threading

    path = tmp_path / "slow.rules"
    path.write_text(SLOW_GAME)
    tally = report.Tally()
    plan = simulate.Plan(str(path), (), {}, 2, ("random",), 0, 3)
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGTERM))
    started = time.monotonic()
    timer.start()
    with pytest.raises(simulate.Interrupted) as stopped:
        simulate.play_into(plan, tally, jobs=jobs)
    timer.join()
    assert stopped.value.signal == signal.SIGTERM and tally.games == 0
    assert time.monotonic() - started < 20
