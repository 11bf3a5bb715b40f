"""`rulesrun sweep --backend ray` on a Ray cluster of two nodes, set up as docs/sweeps.md says:
a head and a worker node started with `ray start` (token authentication on, as Ray 2.59 and
later turn it on), the sweep run against it with `--address`, with `RAY_ADDRESS` alone, and
submitted as a Ray job with the project's folder as its working directory. Rules are named by
paths relative to the project, which the Ray workers, running in folders of their own, could
not read: the workshop ships the rules' sources (interpreter/studies/simulate.py). Each way
prints the table and writes the `--out` lines of the same sweep on the local backend."""

from __future__ import annotations

import importlib.util
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers import ROOT
from rulesrun.cli.main import main

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(importlib.util.find_spec("ray") is None or importlib.util.find_spec("aiohttp") is None,
                       reason="Ray with its dashboard is not installed: pip install 'rulesrun[ray]'"),
]

BIN = Path(sys.executable).parent
SWEEP = ["sweep", "rulesets/royale.rules", "--with", "rulesets/tafeln/jackpot.rules",
         "--grid", "jackpot_track=30000,40000;60000,80000", "--players", "2", "--games", "6"]


def _free_port() -> int:
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        return listening.getsockname()[1]


def _stop(process: subprocess.Popen) -> None:
    """Stop a `ray start --block` and every process it started (its own session): SIGTERM to
    the group, which it answers by stopping its services, then SIGKILL to what is left."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(20)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        pass
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


@pytest.fixture
def cluster(tmp_path):
    """A head node and a worker node of one CPU each, on 127.0.0.1, in a Ray folder of their
    own (so no other Ray on this machine finds them); (gcs address, dashboard url, env)."""
    token = tmp_path / "token"
    token.write_text(secrets.token_hex(32))
    temp = tempfile.mkdtemp(prefix="rr", dir="/tmp")   # Ray's socket paths must stay short
    env = dict(os.environ, RAY_AUTH_MODE="token", RAY_AUTH_TOKEN_PATH=str(token), RAY_USAGE_STATS_ENABLED="0",
               PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    env.pop("RAY_ADDRESS", None)
    port, dashboard = _free_port(), _free_port()
    ray = str(BIN / "ray")
    common = ["--block", "--num-cpus=1", "--node-ip-address=127.0.0.1", "--disable-usage-stats"]
    started = []
    try:
        started.append(subprocess.Popen(
            [ray, "start", "--head", f"--port={port}", f"--temp-dir={temp}", "--include-dashboard=true",
             "--dashboard-host=127.0.0.1", f"--dashboard-port={dashboard}", *common],
            env=env, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        _wait_for(ray, port, env, "1.0 CPU")
        started.append(subprocess.Popen([ray, "start", f"--address=127.0.0.1:{port}", *common], env=env,
                                        start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        _wait_for(ray, port, env, "2.0 CPU")
        yield f"127.0.0.1:{port}", f"http://127.0.0.1:{dashboard}", env
    finally:
        for process in reversed(started):
            _stop(process)
        shutil.rmtree(temp, ignore_errors=True)


def _wait_for(ray: str, port: int, env: dict, words: str, seconds: float = 180) -> None:
    """Wait until `ray status` of the cluster says `words` (its CPUs), or fail saying what it said."""
    end = time.monotonic() + seconds
    said = ""
    while time.monotonic() < end:
        status = subprocess.run([ray, "status", f"--address=127.0.0.1:{port}"], env=env, capture_output=True,
                                text=True, timeout=120)
        said = status.stdout + status.stderr
        if status.returncode == 0 and words in said:
            return
        time.sleep(1)
    pytest.fail(f"the Ray cluster did not come up with {words}:\n{said[-2000:]}")


@pytest.fixture
def project(tmp_path) -> Path:
    """The shipped rulesets in a project folder of their own (a sweep's paths are relative to it)."""
    folder = tmp_path / "project"
    shutil.copytree(ROOT / "rulesets", folder / "rulesets")
    (folder / "rulesrun.toml").write_text("")
    return folder


def _local(project: Path, monkeypatch) -> tuple[str, str]:
    """The table and the --out lines of the sweep on the local backend."""
    monkeypatch.chdir(project)
    result = CliRunner().invoke(main, SWEEP + ["--out", "local.jsonl"], prog_name="rulesrun")
    assert result.exit_code == 0, result.output
    return result.stdout, (project / "local.jsonl").read_text()


def _rulesrun(args: list[str], cwd: Path, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / "rulesrun"), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=600)


def test_a_sweep_on_a_two_node_cluster_by_address_by_ray_address_and_as_a_job(cluster, project, monkeypatch):
    address, dashboard, env = cluster
    table, lines = _local(project, monkeypatch)
    assert "jackpot" in table and len(lines.splitlines()) == 2

    by_address = _rulesrun(SWEEP + ["--backend", "ray", "--address", address, "--out", "ray.jsonl"], project, env)
    assert by_address.returncode == 0, by_address.stderr
    assert by_address.stdout == table and (project / "ray.jsonl").read_text() == lines

    by_environment = _rulesrun(SWEEP + ["--backend", "ray", "--out", "env.jsonl"], project, {**env, "RAY_ADDRESS": address})
    assert by_environment.returncode == 0, by_environment.stderr
    assert by_environment.stdout == table and (project / "env.jsonl").read_text() == lines

    job = subprocess.run([str(BIN / "ray"), "job", "submit", "--address", dashboard, "--working-dir", str(project),
                          "--", "rulesrun", *SWEEP, "--backend", "ray", "--address", "auto"],
                         env=env, capture_output=True, text=True, timeout=600)
    assert job.returncode == 0, job.stdout[-3000:] + job.stderr[-3000:]
    assert all(line in job.stdout for line in table.splitlines() if line.strip()), job.stdout[-3000:]


def test_a_cluster_that_is_not_there_is_status_2_naming_ray_address(tmp_path, monkeypatch):
    """RAY_ADDRESS is honoured, and a wrong one is named as where the address came from."""
    monkeypatch.setenv("RAY_ADDRESS", f"127.0.0.1:{_free_port()}")
    monkeypatch.setenv("RAY_gcs_rpc_server_connect_timeout_s", "2")
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, SWEEP + ["--games", "1", "--backend", "ray"], prog_name="rulesrun")
    assert result.exit_code == 2, result.output
    assert "RAY_ADDRESS" in result.output and "Traceback" not in result.output
