"""The benchmark script runs and prints every figure the issue asks of it (with tiny settings:
its numbers are not checked here, only that it measures what it says)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from helpers import ROOT


@pytest.mark.slow
def test_the_benchmark_prints_rates_ratios_meter_agents_and_memory():
    result = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench.py"), "--seconds", "0.01", "--rounds", "1",
                             "--memory", "3,6", "--no-mcts"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    for ruleset in ("classic", "royale", "pot", "grosser_wurf"):
        assert any(line.strip().startswith(f"{ruleset}:") and "x reference" in line for line in lines), result.stdout
    assert any("4 x greedy" in line and "x random" in line for line in lines)
    assert any("cost of the per-rule meter" in line for line in lines)
    assert any(line.strip().startswith("6 games:") and "MB" in line for line in lines)
