"""`rulesrun simulate` on classic agrees statistically with an independent, hand-written
simulator of the same rules (benchmarks/reference_classic.py), over a few thousand games."""

import importlib.util
import math

import pytest

from helpers import CLASSIC, ROOT
from rulesrun.interpreter.studies.simulate import Plan, run

GAMES = 3000


def _reference():
    spec = importlib.util.spec_from_file_location("reference_classic", ROOT / "benchmarks" / "reference_classic.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _mean_sd(values):
    mean = sum(values) / len(values)
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))


def _close(a, b, label):
    """Two independent sample means agree within 4 standard errors."""
    (mean_a, sd_a), (mean_b, sd_b) = _mean_sd(a), _mean_sd(b)
    error = math.sqrt(sd_a**2 / len(a) + sd_b**2 / len(b))
    assert abs(mean_a - mean_b) < 4 * error, f"{label}: {mean_a:.1f} vs {mean_b:.1f} (se {error:.1f})"


@pytest.mark.slow
def test_simulated_classic_matches_the_independent_simulator():
    reference = [_reference().play_game(4, 10_000 + seed) for seed in range(GAMES)]
    ours = list(run(Plan(str(CLASSIC), (), {}, 4, ("random",), 0, GAMES)))
    _close([r["turns"] for r in ours], [r["turns"] for r in reference], "turns")
    for seat in range(4):
        _close([r["scores"][seat] for r in ours], [r["scores"][seat] for r in reference], f"score of seat {seat}")
        wins = [1 / len(r["winners"]) if seat in r["winners"] else 0 for r in ours]
        reference_wins = [1 / len(r["winners"]) if seat in r["winners"] else 0 for r in reference]
        _close(wins, reference_wins, f"win share of seat {seat}")
    total = sum(sum(r["scores"]) for r in ours) / GAMES
    reference_total = sum(sum(r["scores"]) for r in reference) / GAMES
    assert abs(total - reference_total) / reference_total < 0.02, "money paid out per game"
