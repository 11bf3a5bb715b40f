"""Every way of running a game agrees on generated programs too (issue #37, item 4): the closed
loop with seated agents, the game driven from outside with the same answers, the same with
explicit chance resolved with the seed's outcomes, a copy taken at a decision and played on,
and an answer undone and given again. The programs are test_fuzz's, with decisions added
(`choose`, by either seat) so that there is something to answer; those the checker refuses, or
that stop with a located error in the closed loop, must stop with the same error every way.
The default run tries 40 programs (about 35 of them play with decisions answered), CI 2,000: four
parts of 500, each drawn from a seed of its own, which CI's processes share out.
"""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import seed as drawn_from
from hypothesis import strategies as st

from helpers import random_agents
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.running.budget import Budget
from rulesrun.interpreter.running.rules import load_rules
from test_fuzz import EXPR, _program, _statements

CHOICES = st.one_of(
    st.just('let a = choose(0, "pick", [1, 2, 3])'),
    st.just('let b = choose(1, "other", faces(pool) + [0])'),
    EXPR.map(lambda e: f'total += choose(0, "add", [0, 1, {e}])'),
    st.just('if choose(1, "again?", [true, false]):\n    roll pool'),
)


def _with_choices(body: list[str], choices: list[str], at: list[int]) -> list[str]:
    """`body` with each choice put before one of its statements (never inside a block) or at its end."""
    lines = list(body)
    for choice, where in zip(choices, at):
        starts = [i for i, line in enumerate(lines) if not line.startswith(" ")] + [len(lines)]
        place = starts[where % len(starts)]
        lines[place:place] = choice.split("\n")
    return lines


PROGRAMS = st.builds(_program,
                     st.builds(_with_choices, _statements(2), st.lists(CHOICES, min_size=1, max_size=3),
                               st.lists(st.integers(0, 12), min_size=3, max_size=3)),
                     _statements(1))


def _outcome(run) -> tuple:
    """(log, scores) of `run()`, or ("error", the first message) if it stops with a located error."""
    try:
        return run()
    except RulesError as error:
        return "error", error.diagnostics[0].message


def _ways(rules, seed: int):
    log: list = []
    try:
        closed = log, rules.play(2, seed, random_agents(seed, 2), log).scores
    except RulesError as error:
        # A game stopped by a mistake in its rules hands on its log up to there (PlayError).
        closed, log = ("error", error.diagnostics[0].message), getattr(error, "log", None) or []
    answers = [event["choice"] for event in log if event["t"] == "decide" and len(event["options"]) > 1]

    def driven(chance="seeded", copy_at=None, undo_at=None):
        def run():
            game = rules.start(2, seed, chance=chance)
            given = iter(answers)
            played: list = []
            while not game.over:
                if game.chance is not None:
                    game.resolve(game.chance.seeded)
                    continue
                if len(played) == copy_at:
                    game = game.copy()
                if len(played) == undo_at and played:
                    game.undo()
                    game.play(played[-1])
                played.append(min(next(given, 0), len(game.decision.options) - 1))
                game.play(played[-1])
            return [event for event in game.log if event["t"] != "chance"], game.scores
        return _outcome(run)

    return closed, answers, driven


def _agree(tmp_path, text: str, seed: int) -> None:
    path = tmp_path / "generated.rules"
    path.write_text(text)
    try:
        rules = load_rules(str(path), budget=Budget(steps=20_000))
    except RulesError:
        assume(False)
    closed, answers, driven = _ways(rules, seed)
    if closed[0] == "error":
        assert driven()[0] == "error" and driven()[1] == closed[1]
        return
    middle = len(answers) // 2
    for way, outcome in [("driven", driven()), ("explicit chance", driven("explicit")),
                         ("copied", driven(copy_at=middle)), ("undone", driven(undo_at=middle))]:
        assert outcome == closed, f"{way} differs on:\n{text}"


def _check(count: int, part: int | None = None):
    """`count` generated programs: the same ones every run (`part` None), else those of the
    part's seed."""
    @settings(max_examples=count, deadline=None, suppress_health_check=list(HealthCheck), database=None,
              derandomize=part is None)
    @given(PROGRAMS, st.integers(0, 10**6))
    def run(tmp_path_factory, text, game_seed):
        _agree(tmp_path_factory.mktemp("ways"), text, game_seed)
    return run if part is None else drawn_from(part)(run)


@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")
def test_every_way_agrees_on_generated_programs(tmp_path_factory):
    _check(40)(tmp_path_factory)


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")
@pytest.mark.parametrize("part", range(4))
def test_every_way_agrees_on_two_thousand_generated_programs(tmp_path_factory, part):
    _check(500, part)(tmp_path_factory)
