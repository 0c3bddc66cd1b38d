"""Chunks on a Dask cluster give the results of the local loop, in order, one per task,
even when a worker dies mid-run; an unusable cluster is one line, soon (`checks.jobs.cluster`).

The slow tests start real clusters of two worker processes on the loopback interface.
"""

from __future__ import annotations

import importlib
import logging
import os
import signal
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pytest

from unospec.checks import jobs
from unospec.checks.jobs.cluster import (
    ClusterAddress,
    ClusterError,
    parse_address,
    run_on_cluster,
)
from unospec.model.errors import MissingExtra
from unospec.views.errors import error_text

if TYPE_CHECKING:
    from distributed import LocalCluster


def _draws(task: int) -> int:
    """A chunk's stand-in: a seeded computation whose result depends only on the task."""
    return int(np.random.default_rng(task).integers(0, 1_000_000, size=1_000).sum())


def _slow_identity(task: tuple[str, int]) -> int:
    """Its task's number, after 0.2 s, leaving a mark of each start (number and process)."""
    folder, number = task
    (Path(folder) / f"{number}.{os.getpid()}").touch()
    time.sleep(0.2)
    return number


@pytest.mark.slow
def test_a_local_cluster_gives_the_local_results_in_order() -> None:
    """`local:2` computes what the local loop computes, in the tasks' order, and reports
    each chunk done once."""
    tasks = list(range(20))
    seen: list[tuple[int, int]] = []
    results = run_on_cluster(
        parse_address("local:2"), _draws, tasks, progress=lambda *p: seen.append(p)
    )
    assert results == [_draws(task) for task in tasks]
    assert seen == [(done, 20) for done in range(1, 21)]


@pytest.fixture
def cluster() -> Iterator[LocalCluster]:
    """A cluster of two worker processes (each under a nanny) that a test may harm."""
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=logging.CRITICAL,  # the scheduler's warnings about the killed worker
    ) as started:
        yield started


@pytest.mark.slow
def test_a_worker_killed_mid_run_loses_no_chunk_and_doubles_none(
    cluster: LocalCluster, tmp_path: Path
) -> None:
    """A chunk whose worker is killed is computed again elsewhere: one result per task."""
    from distributed import Client

    with Client(cluster) as client:
        victim = min(client.run(os.getpid).values())
    killed_at: list[int] = []

    def kill_once(done: int, total: int) -> None:
        if done == 3:
            os.kill(victim, signal.SIGKILL)
            killed_at.append(done)

    tasks = [(str(tmp_path), number) for number in range(20)]
    address = ClusterAddress(local_workers=None, scheduler=cluster.scheduler_address)
    results = run_on_cluster(address, _slow_identity, tasks, progress=kill_once)

    assert results == list(range(20))
    assert killed_at == [3]  # mid-run: 3 of 20 done
    starts = [mark.name.split(".") for mark in tmp_path.iterdir()]
    lost = {number for number, pid in starts if pid == str(victim)}
    again = {number for number, pid in starts if pid != str(victim)}
    assert lost & again, "the killed worker was running no chunk"


@pytest.mark.slow
def test_a_scheduler_gone_mid_run_is_an_error_never_results(
    cluster: LocalCluster, tmp_path: Path
) -> None:
    """Tasks cancelled as the scheduler goes away are a ClusterError, never results: dask's
    `as_completed` hands each over with its cancellation where its result would be."""

    def close_once(done: int, total: int) -> None:
        if done == 3:
            cluster.close()

    tasks = [(str(tmp_path), number) for number in range(20)]
    address = ClusterAddress(local_workers=None, scheduler=cluster.scheduler_address)
    started = time.monotonic()
    with pytest.raises(ClusterError, match=r"^the cluster gave up 1\d of 20 tasks: \S"):
        run_on_cluster(address, _slow_identity, tasks, progress=close_once, connect_timeout=2)
    assert time.monotonic() - started < 10


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.mark.slow
def test_an_address_nothing_listens_at_fails_at_once_in_one_line() -> None:
    """A refused connection is reported at once, not after dask's retries."""
    address = f"tcp://127.0.0.1:{_free_port()}"
    started = time.monotonic()
    with pytest.raises(ClusterError) as raised:
        run_on_cluster(parse_address(address), _draws, [1])
    assert time.monotonic() - started < 10
    assert str(raised.value) == f"cannot reach the Dask scheduler at {address}: connection refused"


@pytest.mark.slow
def test_a_listener_that_says_nothing_fails_within_the_timeout() -> None:
    """A port that accepts but never greets (not a scheduler, a stuck one) fails within
    `connect_timeout`, where dask alone would wait for its greeting for ever."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
        started = time.monotonic()
        with pytest.raises(ClusterError, match=r"^cannot reach .*: no answer within 1 s$"):
            run_on_cluster(parse_address(address), _draws, [1], connect_timeout=1)
        assert time.monotonic() - started < 3


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("local:1", ClusterAddress(local_workers=1, scheduler=None)),
        ("local:16", ClusterAddress(local_workers=16, scheduler=None)),
        ("tcp://127.0.0.1:8786", ClusterAddress(None, "tcp://127.0.0.1:8786")),
        ("tcp://scheduler.example:8786", ClusterAddress(None, "tcp://scheduler.example:8786")),
        ("tcp://[::1]:8786", ClusterAddress(None, "tcp://[::1]:8786")),
    ],
)
def test_parse_address_accepts_local_workers_and_tcp_schedulers(
    text: str, expected: ClusterAddress
) -> None:
    """Each accepted form gives its address."""
    assert parse_address(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "", "xyz", "local", "local:", "local:0", "local:-1", "local:two", "local:٣",
        "tcp://", "tcp://host", "tcp://:8786", "tcp://host:0", "tcp://host:99999",
        "tcp://host:port", "tcp://host:8786/path", "tcp://user@host:8786", "tls://host:8786",
        "127.0.0.1:8786", "tcp://host:8786\nlocal:2",
    ],
)  # fmt: skip
def test_parse_address_rejects_anything_else_naming_the_value(text: str) -> None:
    """Anything else is one line naming what is expected and what was found."""
    with pytest.raises(ClusterError) as raised:
        parse_address(text)
    message = str(raised.value)
    assert message.startswith("expected local:N (N >= 1) or tcp://HOST:PORT, found '")
    assert "\n" not in message and raised.value.exit_code == 2


def test_without_dask_the_module_imports_and_the_run_names_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """dask is an optional extra: the module imports without it, and a run says which."""
    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "distributed", None)
    monkeypatch.delitem(sys.modules, "unospec.checks.jobs.cluster")
    monkeypatch.setattr(jobs, "cluster", jobs.cluster)  # the import below binds the fresh one
    fresh = importlib.import_module("unospec.checks.jobs.cluster")
    with pytest.raises(MissingExtra) as raised:
        fresh.run_on_cluster(fresh.parse_address("local:2"), _draws, [1])
    assert raised.value.extra == "cluster" and raised.value.exit_code == 2
    assert error_text(raised.value) == (
        "the cluster's scheduler (Dask's distributed) is not installed: install the optional "
        "extra, pip install 'unospec[cluster]'"
    )
