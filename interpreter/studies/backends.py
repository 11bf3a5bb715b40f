"""Where many games are played: worker processes on this machine, or Ray (a local instance
or a cluster).

A backend is an ordered map: `backend.map(function, items)` yields `function(item)` for
each item, in the order of the items, whatever order they finish in, reading the items
only as workers free up (`in_flight`), so they may be endless. Since a unit of games
depends only on itself (`simulate.play_games`), every backend and every number of workers
yields the same results. Ray is an optional dependency (`pip install 'rulesrun[ray]'`),
imported only when a Ray backend is asked for.
"""

from __future__ import annotations

import collections
import contextlib
import itertools
import logging
import multiprocessing
import os
import pickle
import signal
import socket
from multiprocessing.connection import wait
from typing import Callable, Iterable, Iterator

import attrs

NAMES = ("local", "ray")
# Units in flight per worker: enough that a worker finding its next unit never waits for the
# parent, few enough that results waiting behind a slow unit stay small.
AHEAD = 4


class BackendError(Exception):
    """A backend that cannot be used here, with a message that says what to do."""


@attrs.frozen(slots=True)
class Local:
    """`jobs` forked processes (none below two: the games run in this process). Each worker is
    forked with `function` itself, not a pickled copy, so what the function's object holds
    (simulate.Workshop: rules compiled in the parent) is there in every worker, made once."""

    jobs: int

    def session(self) -> contextlib.AbstractContextManager:
        """Nothing to keep between maps: each forks its workers, which then hold the rules
        compiled so far (a search's maps, `tune.py`, compile each point before its map)."""
        return contextlib.nullcontext()

    def map(self, function: Callable, items: Iterable) -> Iterator:
        if self.jobs <= 1:
            yield from map(function, items)
            return
        context = multiprocessing.get_context("fork")
        tasks, results = context.SimpleQueue(), context.SimpleQueue()
        workers = [context.Process(target=_work, args=(function, tasks, results), daemon=True)
                   for _ in range(self.jobs)]
        for worker in workers:
            worker.start()
        numbers = itertools.count()
        done: dict = {}

        def submit(item) -> int:
            number = next(numbers)
            tasks.put((number, item))
            return number

        def result(number: int):
            while number not in done:
                ready = wait([results._reader] + [worker.sentinel for worker in workers])
                if results._reader not in ready:
                    raise BackendError("a worker process died; hint: run with --jobs 1 to see why")
                finished, ok, value = pickle.loads(results.get())
                done[finished] = ok, value
            ok, value = done.pop(number)
            if not ok:
                raise value
            return value

        try:
            yield from in_flight(submit, result, items, AHEAD * self.jobs)
        finally:
            for worker in workers:
                # SIGKILL: the workers ignore SIGTERM, which is the parent's to handle.
                worker.kill()
            for worker in workers:
                worker.join()


def _work(function: Callable, tasks, results) -> None:
    """A worker's loop: `(number, item)` in, `(number, True, function(item))` out, or
    `(number, False, error)` for an error, which the parent raises; pickled here, so that
    one that cannot be is reported instead of lost."""
    _leave_interrupts_to_the_parent()
    # As multiprocessing.Pool's workers do: drop this process's copies of the ends the parent
    # uses, so that its death (even by SIGKILL) ends this loop, reading or writing, instead
    # of leaving an orphan.
    tasks._writer.close()
    results._reader.close()
    while True:
        try:
            number, item = tasks.get()
        except (EOFError, OSError):
            return
        try:
            outcome = number, True, function(item)
        except Exception as error:
            outcome = number, False, error
        try:
            sent = pickle.dumps(outcome)
        except Exception as error:
            sent = pickle.dumps((number, False, BackendError(f"a result could not be sent back: {error}")))
        try:
            results.put(sent)
        except OSError:
            return


def in_flight(submit: Callable, result: Callable, items: Iterable, most: int) -> Iterator:
    """`result(submit(item))` for each item, in order, with at most `most` items submitted and
    not yet taken: the items are read as workers free up (a lazy or endless iterable works),
    and finished results wait in memory only until those before them are done. The next item
    is submitted before a result is handed on, so the workers stay busy meanwhile."""
    items = iter(items)
    pending = collections.deque(submit(item) for item in itertools.islice(items, most))
    while pending:
        handle = pending.popleft()
        done = result(handle)
        pending.extend(submit(item) for item in itertools.islice(items, 1))
        yield done


def _leave_interrupts_to_the_parent() -> None:
    """Ctrl-C reaches every process of the terminal's group, and so may SIGTERM (`kill` of
    the group, a scheduler): the workers ignore both, and the parent stops the pool (leaving
    the `with`), so no worker prints a traceback or dies before the parent has the records
    it is waiting for."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


@attrs.frozen(slots=True)
class Ray:
    """Ray tasks: on the cluster at `address` (`auto` inside `ray job submit`), else at
    `RAY_ADDRESS` if that is set (as Ray's own tools read it), else on a Ray instance started
    here with `jobs` CPUs. The workers need no files: the function carries what they play
    (simulate.Workshop ships the rules' sources). A Ray already initialised by the caller is
    used as it is."""

    jobs: int
    address: str | None = None

    @contextlib.contextmanager
    def session(self) -> Iterator[None]:
        """Ray started once for the maps inside (a search's steps, `tune.py`), instead of once
        per map, and shut down after them; a Ray already initialised is used as it is."""
        ray = import_ray()
        if ray.is_initialized():
            yield
            return
        # "local": a Ray of its own, even where `ray start` left a cluster that ray.init()
        # would otherwise join (/tmp/ray/ray_current_cluster), --jobs CPUs and all.
        address = self.address or os.environ.get("RAY_ADDRESS") or "local"
        try:
            _answers(address)
            ray.init(address=address, num_cpus=self.jobs if address == "local" else None, include_dashboard=False,
                     log_to_driver=False, logging_level=logging.ERROR)
        except (ConnectionError, RuntimeError, ValueError) as error:
            where = "a Ray instance here" if address == "local" else f"the Ray cluster at `{address}`"
            hint = "check --address, or leave it out to start Ray here"
            if address != "local" and not self.address:
                where += " (from RAY_ADDRESS)"
                hint = "check RAY_ADDRESS, or unset it to start Ray here"
            raise BackendError(f"cannot reach {where}: {error}; hint: {hint}") from None
        try:
            yield
        finally:
            ray.shutdown()

    def map(self, function: Callable, items: Iterable) -> Iterator:
        ray = import_ray()

        def result(ref):
            try:
                return ray.get(ref)
            except ray.exceptions.RayTaskError as error:
                raise error.cause from None

        with self.session():
            # A cluster may have more CPUs than --jobs says: keep all of them busy.
            workers = max(self.jobs, int(ray.cluster_resources().get("CPU", 0)))
            # A plain function around `function` (which may be a bound method, as Workshop's):
            # Ray sends it to each worker once and keeps it there for the tasks that follow.
            task = ray.remote(lambda item: function(item))
            yield from in_flight(task.remote, result, items, AHEAD * workers)


def _answers(address: str, seconds: float = 5) -> None:
    """A ConnectionError at once if nothing listens at a `HOST:PORT` address (`ray://` too):
    Ray itself retries such an address for minutes before it says so. `local` and `auto`
    name no port and are left to Ray."""
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), seconds).close()
    except OSError as error:
        raise ConnectionError(f"nothing answers at {host}:{port} ({error.strerror or error})") from None


def import_ray():
    try:
        import ray
    except ImportError:
        raise BackendError("the Ray backend needs Ray, which is not installed; "
                           "hint: pip install 'rulesrun[ray]', or use --backend local") from None
    return ray


def backend(name: str, jobs: int, address: str | None = None) -> Local | Ray:
    """The backend called `name` (one of NAMES); BackendError when it cannot run here."""
    if name == "local":
        if address:
            raise BackendError("--address names a Ray cluster; hint: add --backend ray")
        return Local(jobs)
    if name == "ray":
        import_ray()
        return Ray(jobs, address)
    raise BackendError(f"unknown backend `{name}`; hint: one of {', '.join(NAMES)}")
