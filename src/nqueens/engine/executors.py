"""Where subproblems run: in this process, a local spawn process pool, or a Dask cluster.

Every one is a :class:`concurrent.futures.Executor`, so :mod:`nqueens.engine.run` has one
loop for all. The local pool uses the *spawn* context (numba is not fork-safe) and its
workers import only the kernel. A Dask cluster is reached with
``Client(address).get_executor()``; dask is imported only here, only when asked for.
Deciding what to run and recording answers is the runner's business.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import os
from collections.abc import Callable, Iterator
from typing import Any

from nqueens.errors import NQueensError, NQueensRuntimeError

__all__ = [
    "SCHEDULER_ENV",
    "DaskUnavailableError",
    "InlineExecutor",
    "SchedulerError",
    "cpu_count",
    "dask_executor",
    "local_pool",
]

SCHEDULER_ENV = "DASK_SCHEDULER_ADDRESS"
"""The environment variable naming a Dask scheduler when ``--scheduler`` is not given."""


class SchedulerError(NQueensRuntimeError):
    """A Dask scheduler that cannot be reached, or that has no workers."""


class DaskUnavailableError(NQueensError):
    """``--scheduler`` was given but dask.distributed is not installed."""


class InlineExecutor(cf.Executor):
    """Runs each call at ``submit`` time in this process: the one-worker executor.

    >>> InlineExecutor().submit(pow, 2, 10).result()
    1024
    """

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
        """Run ``fn(*args, **kwargs)`` now; return a finished future. O(the call)."""
        future: cf.Future[Any] = cf.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as err:  # handed to the caller through the future
            if isinstance(err, KeyboardInterrupt):
                raise
            future.set_exception(err)
        return future


def cpu_count() -> int:
    """The cores this process may use (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def _warm_worker() -> None:
    """Pool initializer: load the kernel (numba, compiled or cached) before the first task."""
    from nqueens.engine.task import count_batch

    count_batch(5, [(0, 2, 0, 3, 0, 1)])


def local_pool(workers: int) -> cf.ProcessPoolExecutor:
    """A spawn-context process pool of ``workers`` processes, each with the kernel loaded."""
    import multiprocessing

    return cf.ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_warm_worker,
    )


@contextlib.contextmanager
def dask_executor(address: str, *, timeout: float = 5.0) -> Iterator[tuple[cf.Executor, int]]:
    """Connect to the Dask scheduler at ``address``; yield ``(executor, worker threads)``.

    Raises :class:`SchedulerError` when it cannot be reached within ``timeout`` seconds or
    has no workers, :class:`DaskUnavailableError` when dask.distributed is not installed.
    """
    try:
        from distributed import Client
    except ImportError:
        raise DaskUnavailableError(
            'a Dask scheduler needs dask.distributed: pip install "nqueens[dask]"'
        ) from None
    try:
        client = Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as err:
        reason = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise SchedulerError(
            f"cannot reach the Dask scheduler at {address!r}: {reason}"
        ) from None
    try:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except (TimeoutError, OSError):
            raise SchedulerError(
                f"the Dask scheduler at {address!r} has no workers"
            ) from None
        threads = sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values())
        yield client.get_executor(pure=False), max(1, threads)
    finally:
        with contextlib.suppress(Exception):
            client.close()
