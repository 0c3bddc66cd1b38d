"""Chunks of work on a Dask distributed cluster (`unospec stats --cluster`), instead of the
local process pool, with the same results.

Dask does the scheduling. A chunk whose worker dies is computed again on another worker,
and a chunk's result depends only on the chunk, so the results do not depend on which
worker ran what, nor on how many died. Each chunk has its own key, so each task has
exactly one result. dask is an optional extra: it is imported only when a cluster runs.
"""

from __future__ import annotations

import importlib
import logging
import signal
import socket
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import CancelledError
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import urlsplit

from unospec.model.errors import InputError, MissingExtra

T = TypeVar("T")
R = TypeVar("R")

_EXPECTED = "expected local:N (N >= 1) or tcp://HOST:PORT"


class ClusterError(InputError):
    """A cluster that cannot be used (a malformed address, a scheduler out of reach): like
    any unusable input, one line and exit 2, no traceback. Without dask installed, a run
    raises `MissingExtra` instead."""


@dataclass(frozen=True)
class ClusterAddress:
    """Where the chunks run: `local_workers` processes on this machine, or on the cluster
    whose scheduler is at `scheduler` (``tcp://HOST:PORT``); one of the two is None."""

    local_workers: int | None
    scheduler: str | None


def parse_address(text: str) -> ClusterAddress:
    """The cluster that `text` names: ``local:N`` or ``tcp://HOST:PORT``.

    >>> parse_address("local:2")
    ClusterAddress(local_workers=2, scheduler=None)
    >>> parse_address("tcp://10.0.0.5:8786").scheduler
    'tcp://10.0.0.5:8786'
    """
    kind, _, rest = text.partition(":")
    if kind == "local" and rest.isascii() and rest.isdigit() and int(rest) >= 1:
        return ClusterAddress(local_workers=int(rest), scheduler=None)
    if kind == "tcp" and _host_and_port(text) is not None:
        return ClusterAddress(local_workers=None, scheduler=text)
    raise ClusterError(f"{_EXPECTED}, found {text!r}")


def _host_and_port(address: str) -> tuple[str, int] | None:
    """The host and port of ``tcp://HOST:PORT``, None if `address` has anything else."""
    parts = urlsplit(address)
    try:
        port = parts.port
    except ValueError:  # not a number, or out of range
        return None
    if parts.scheme != "tcp" or not parts.hostname or not port or parts.username is not None:
        return None
    if parts.path or parts.query or parts.fragment or address.endswith(("?", "#")):
        return None
    return parts.hostname, port


def run_on_cluster(
    address: ClusterAddress,
    function: Callable[[T], R],
    tasks: Sequence[T],
    *,
    progress: Callable[[int, int], None] | None = None,
    connect_timeout: float = 10.0,
) -> list[R]:
    """function(task) for each task on the cluster, returned in the tasks' order.

    `function` and the tasks travel to the workers pickled: `function` must be a
    module-level function of a module the workers can import (unospec installed on them),
    and must not depend on the worker it runs on. `progress(done, total)` is called here as
    each task finishes. An exception that `function` raises is raised here; Ctrl-C
    cancels the tasks left. A `local:N` cluster is closed on return, error or Ctrl-C.
    """
    deadline = time.monotonic() + connect_timeout
    distributed = _distributed()
    with _client(address, deadline, connect_timeout) as client:
        run = uuid.uuid4().hex  # keys of their own: another run's results are not ours
        keys = [f"unospec-chunk-{run}-{index}" for index in range(len(tasks))]
        futures = dict(zip(keys, client.map(function, tasks, key=keys), strict=True))
        position = {key: index for index, key in enumerate(keys)}
        results: dict[int, R] = {}
        try:
            for future, result in distributed.as_completed(futures.values(), with_results=True):
                if isinstance(result, CancelledError):  # the scheduler gone, say: no result
                    left = len(tasks) - len(results)
                    reason = getattr(result, "msg", None) or getattr(result, "reason", "")
                    raise ClusterError(
                        f"the cluster gave up {left} of {len(tasks)} tasks: {reason}"
                    )
                results[position[future.key]] = result
                del futures[future.key]  # its result fetched: the cluster may forget it
                if progress is not None:
                    progress(len(results), len(tasks))
        except distributed.KilledWorker as error:  # its workers died, again and again
            raise ClusterError(f"the cluster gave up a task: {error}") from None
        finally:
            if futures:  # stopped early: an error, or Ctrl-C; a failed cancel leaves them
                with suppress(Exception):  # to the client's close, which releases them too
                    client.cancel(list(futures.values()))
        return [results[index] for index in range(len(tasks))]


def _distributed() -> Any:
    """The `distributed` module, imported only now (dask is an optional extra), typed Any:
    its Client, LocalCluster and as_completed carry no annotations."""
    try:
        return importlib.import_module("distributed")
    except ImportError:
        raise MissingExtra("cluster", "the cluster's scheduler (Dask's distributed)") from None


@contextmanager
def _client(address: ClusterAddress, deadline: float, timeout: float) -> Iterator[Any]:
    """A client of the cluster at `address`, with a worker at least: a local cluster is
    started for it and closed with it; a scheduler must answer by `deadline`."""
    distributed = _distributed()
    with ExitStack() as stack:
        # dask's own log: what fails reaches the caller as an exception, or as a ClusterError
        stack.enter_context(distributed.utils.silence_logging_cmgr(logging.CRITICAL))
        if address.scheduler is None:
            cluster = distributed.LocalCluster(
                n_workers=address.local_workers,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address=None,
                silence_logs=logging.CRITICAL,  # the workers' log, as the caller's below
                preload=[__name__],  # dask_setup, as each worker starts
            )
            stack.enter_context(cluster)
            yield stack.enter_context(distributed.Client(cluster))
            return
        where = f"the Dask scheduler at {address.scheduler}"
        _probe(where, address.scheduler, deadline, timeout)
        try:  # the whole timeout: the client also waits so long to reconnect, or to close
            client = stack.enter_context(distributed.Client(address.scheduler, timeout=timeout))
        except (OSError, TimeoutError):
            raise ClusterError(f"cannot reach {where}: no answer within {timeout:g} s") from None
        except Exception as error:  # whatever dask makes of a server that is not a scheduler
            raise ClusterError(
                f"cannot reach {where}: what answers is not one ({type(error).__name__})"
            ) from None
        try:
            client.wait_for_workers(1, timeout=_left(deadline))
        except TimeoutError:
            raise ClusterError(f"{where} has no workers (waited {timeout:g} s)") from None
        yield client


def dask_setup(worker: object) -> None:
    """What each worker of a `local:N` cluster runs as it starts (a dask preload). Ctrl-C
    reaches every process of the terminal's group: the caller cancels the workers' work
    and closes them, so they ignore it, rather than each print a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _probe(where: str, scheduler: str, deadline: float, timeout: float) -> None:
    """Fail at once when nothing listens at `scheduler`, where dask would retry until its
    timeout, and within `timeout` when what listens says nothing, where dask would wait
    for ever: a Dask scheduler greets first."""
    host_and_port = _host_and_port(scheduler)
    assert host_and_port is not None
    try:
        with socket.create_connection(host_and_port, timeout=_left(deadline)) as connection:
            connection.settimeout(_left(deadline))
            greeting = connection.recv(1)
    except TimeoutError:
        reason = f"no answer within {timeout:g} s"
    except ConnectionRefusedError:
        reason = "connection refused"
    except OSError as error:
        reason = error.strerror or str(error)
    else:
        if greeting:
            return
        reason = "the connection was closed at once"
    raise ClusterError(f"cannot reach {where}: {reason}")


def _left(deadline: float) -> float:
    """The seconds left until `deadline` (a little at least: dask refuses 0)."""
    return max(deadline - time.monotonic(), 0.1)
