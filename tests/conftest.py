"""Fixtures shared by the test modules."""

from __future__ import annotations

import signal

import pytest

# How long a command may take before the test calls it hung: a hang is for ever, and a loaded
# machine (CI's tests run on every core, beside other work) makes a sound run slow, not endless.
HANG_SECONDS = 60


@pytest.fixture
def no_hang():
    """A test that would hang (a read that blocks, a loop without end) fails instead, after
    HANG_SECONDS of wall time."""
    def stop(signum, frame):
        raise TimeoutError("the tool hung")
    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(HANG_SECONDS)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)
