"""Where a count's batches run: the `Backend` the engine loop talks to.

The engine loop (`nqueens.engine.run.run_engine`) splits the count into subproblems,
weighs them, keeps the ledger and reports progress, the same for every backend; it never
names a device. A backend says three things: how many batches run at once (
`Backend.open`, which also connects to a cluster or checks for a GPU, and lets go at the end), how
the pending subproblems are cut into batches (`Backend.schedule`: a
`Scheduler`), and how those batches run
(`Backend.run`, handing what it counts to a `Sink`).

The backends bundled here:

* `ThreadBackend` - threads of this process (the default; the kernels release the
  GIL), or the calling thread alone for one worker;
* `ExecutorBackend` - any `concurrent.futures.Executor`;
* `DaskBackend` - a Dask cluster at an address whose workers
  pull units sized to their speed (the `dask` extra; in `nqueens.engine.fleet`);
* `GPUBackend` - a CUDA GPU of this machine (the `gpu` extra), or the
  workers of an executor that have one.

A new one (a pull-based cluster scheduler, say) subclasses `Backend` and
implements `run` (and `open` and `schedule`
where the defaults do not fit): the loop, the ledger and the progress stay as they are.
Every constructor checks its arguments (bad input raises a
`NQueensError` at once, before any work).

>>> import nqueens
>>> nqueens.count(12, unique=True, backend=ThreadBackend(workers=1))
Counts(n=12, total=14200, unique=1787)
>>> ThreadBackend(workers=0)
Traceback (most recent call last):
...
nqueens.errors.InvalidSizeError: workers must be a positive integer, got 0
"""

from __future__ import annotations

import abc
import concurrent.futures as cf
import contextlib
from collections.abc import Iterator, Sequence

from nqueens._validate import (
    check_callable,
    check_executor,
    check_int,
    check_seconds,
)
from nqueens.engine.dispatch import Sink, Task, run_inline, run_pool
from nqueens.engine.scheduler import BATCH_SECONDS, Scheduler
from nqueens.errors import InvalidArgumentError

__all__ = [
    "THREADS_MIN_N",
    "Backend",
    "ExecutorBackend",
    "GPUBackend",
    "Sink",
    "ThreadBackend",
]

THREADS_MIN_N = 14
"""Below this n a count is so small that more threads only add their start-up (two
threads were slower than one at n = 12: docs/performance.md, "Decisions"): it runs in the
calling thread."""

Items = Sequence[tuple[int, ...]]


class Backend(abc.ABC):
    """Runs a count's batches somewhere; the engine loop does the rest.

    Attributes a backend sets: `device` (`"cpu"` or `"gpu"`: what counts, as
    reported in the result), `estimates` (whether a large count times the CPU kernel
    here to state its cost first; not where another device counts), `weighs` (whether
    the subproblems must be weighed whatever the size, for `schedule` to order them)
    and `splits_here` (whether the split of the count may use as many threads of this
    process as `open` says run at once).
    """

    device: str = "cpu"
    estimates: bool = True
    weighs: bool = False
    splits_here: bool = False
    batch_seconds: float = BATCH_SECONDS

    @contextlib.contextmanager
    def open(self, n: int) -> Iterator[int]:
        """Make ready to count size `n`; yield how many batches run at once.

        The default yields 1. A backend that connects somewhere (a cluster) or needs
        something present (a GPU) does it here, and lets go when the block ends.
        Cost: O(1) here; a connection's where a backend makes one.

        >>> with ExecutorBackend(cf.ThreadPoolExecutor(2), workers=2).open(12) as lanes:
        ...     lanes
        2
        """
        yield 1

    def schedule(self, n: int, items: Items, pending: list[int],
                 weights: list[float] | None, workers: int) -> Scheduler:
        """The `Scheduler` of a count's pending subproblems.

        `items` are all the subproblems, `pending` the indexes still to count (in
        order), `weights` their estimated sizes where known, `workers` what
        `open` yielded. The default: batches timed to last about `batch_seconds`.
        The loop hands what this returns to `run` and nothing else, so a backend with
        its own queue may return that instead.
        Cost: O(len(pending)).

        >>> ThreadBackend().schedule(8, [], [3, 4], None, 1).next_batch()   # 1 untimed: 2 // 4
        [3]
        """
        return Scheduler(pending, workers=workers, target_seconds=self.batch_seconds)

    @abc.abstractmethod
    def run(self, n: int, items: Items, sched: Scheduler, sink: Sink) -> None:
        """Count every batch `sched` hands out; hand each finished one to `sink`."""

    def hardware(self) -> str | None:
        """The name of the device this process counts on, where one is named (a GPU's).

        Cost: O(1).

        >>> ThreadBackend().hardware() is None
        True
        """
        return None

    def stats(self) -> dict[str, object]:
        """What the backend measured of its last count, for a caller to report (empty here).

        A backend that balances, requeues or replicates work says how it went here (idle
        time, units replicated and agreed, ...); the CLI's `--json` can carry it, and the
        engine loop never reads it. Cost: O(1).

        >>> ThreadBackend().stats()
        {}
        """
        return {}


class ThreadBackend(Backend):
    """Threads of this process: `workers` of them (None, or more than the cores: every
    core), the calling thread alone for one worker or below `THREADS_MIN_N`.

    `task` replaces `count_batch` (same signature);
    `batch_seconds` is what one batch should last (a tuning knob; the answers do not
    depend on it).
    """

    splits_here = True

    def __init__(self, workers: int | None = None, *, task: Task | None = None,
                 batch_seconds: float = BATCH_SECONDS) -> None:
        self.workers = None if workers is None else check_int(workers, "workers", low=1)
        self.task = check_callable(task, "task")
        self.batch_seconds = check_seconds(batch_seconds, "batch_seconds")

    @contextlib.contextmanager
    def open(self, n: int) -> Iterator[int]:
        """Yield the threads that count size `n` here (at most the cores).

        Cost: O(1).

        >>> with ThreadBackend(workers=10**6).open(16) as lanes:
        ...     from nqueens.engine.executors import cpu_count
        ...     lanes == cpu_count()
        True
        """
        from nqueens.engine.executors import cpu_count

        cores = cpu_count()
        yield 1 if n < THREADS_MIN_N else min(self.workers or cores, cores)

    def run(self, n: int, items: Items, sched: Scheduler, sink: Sink) -> None:
        """Count the batches in this thread (one worker) or on a pool of threads.

        Cost: O(the batches' work), shared out over the threads.

        >>> from nqueens.engine.dispatch import Sink
        >>> rows = []
        >>> sink = Sink(lambda i, r: rows.extend(r), lambda nodes: None, lambda: None)
        >>> ThreadBackend().run(8, [(0, 2, 0, 3, 0, 1)], Scheduler([0], workers=1), sink)
        >>> rows[0][:2]
        (8, 1)
        """
        from nqueens.engine.task import count_batch

        task = self.task or count_batch
        if sched.workers == 1:
            run_inline(n, items, sched, sink, task)
        else:
            run_pool(n, items, sched, sink, task, None, sched.workers)


class ExecutorBackend(Backend):
    """Any `concurrent.futures.Executor`, `workers` batches in flight per worker
    pair (`workers` says how many run at once there). `task` and `batch_seconds` as
    for `ThreadBackend`."""

    def __init__(self, executor: cf.Executor, workers: int = 1, *, task: Task | None = None,
                 batch_seconds: float = BATCH_SECONDS) -> None:
        if executor is None:
            raise InvalidArgumentError("executor must be a concurrent.futures.Executor, "
                                       "got None")
        self.executor = check_executor(executor)
        self.workers = check_int(workers, "workers", low=1)
        self.task = check_callable(task, "task")
        self.batch_seconds = check_seconds(batch_seconds, "batch_seconds")

    @contextlib.contextmanager
    def open(self, n: int) -> Iterator[int]:
        """Yield `workers`: the executor is the caller's, ready and let go by the caller.

        Cost: O(1).

        >>> with ExecutorBackend(cf.ThreadPoolExecutor(1), workers=3).open(8) as lanes:
        ...     lanes
        3
        """
        yield self.workers

    def run(self, n: int, items: Items, sched: Scheduler, sink: Sink) -> None:
        """Keep the batches in flight on the executor.

        Cost: O(the batches' work), shared out over the executor's workers.

        >>> from nqueens.engine.dispatch import Sink
        >>> from nqueens.engine.executors import InlineExecutor
        >>> rows = []
        >>> sink = Sink(lambda i, r: rows.extend(r), lambda nodes: None, lambda: None)
        >>> be = ExecutorBackend(InlineExecutor())
        >>> be.run(8, [(0, 2, 0, 3, 0, 1)], Scheduler([0], workers=1), sink)
        >>> rows[0][:2]
        (8, 1)
        """
        from nqueens.engine.task import count_batch

        run_pool(n, items, sched, sink, self.task or count_batch, self.executor,
                 sched.workers)


class GPUBackend(Backend):
    """A CUDA GPU (the `gpu` extra): this machine's, or, with `executor`, those
    of the executor's workers (`workers` of them at once).

    On this machine the GPU counts in the calling thread, given the subproblems largest
    first in batches as large as its memory allows, each finished one recorded at once
    (Ctrl-C lands between launches); `task` replaces
    `nqueens.engine.gpu.count_batch` (`functools.partial(count_batch, kernel=...)`
    picks a kernel). A GPU count states no time estimate (the calibration times the CPU
    kernel). Without numba-cuda `open` raises
    `GPUPackageError` (an `ImportError`), without a GPU
    `GPUUnavailableError`.
    """

    device = "gpu"
    estimates = False

    def __init__(self, *, executor: cf.Executor | None = None, workers: int = 1,
                 task: Task | None = None) -> None:
        self.executor = check_executor(executor)
        self.workers = check_int(workers, "workers", low=1)
        self.task = check_callable(task, "task")
        self.weighs = executor is None

    @contextlib.contextmanager
    def open(self, n: int) -> Iterator[int]:
        """Check for numba-cuda and a GPU here; yield 1 (`workers` on an executor).

        The kernel is picked meanwhile, on a thread, while the host splits the count.
        Cost: O(1), after numba-cuda's import and the CUDA driver's first start.

        >>> import sys
        >>> from unittest import mock
        >>> with mock.patch.dict(sys.modules, {"numba.cuda": None}):   # as if absent
        ...     with GPUBackend().open(8):
        ...         pass
        Traceback (most recent call last):
        ...
        nqueens.errors.GPUPackageError: counting on a GPU needs numba-cuda: \
pip install "nqueens-toolkit[gpu]"
        """
        if self.executor is not None:
            yield self.workers
            return
        from nqueens.engine import gpu

        gpu.require_gpu()
        if self.task is None:  # the kernel picked (CuPy, its self-check) while the host splits
            gpu.pick_kernel_soon(n)
        yield 1

    def schedule(self, n: int, items: Items, pending: list[int],
                 weights: list[float] | None, workers: int) -> Scheduler:
        """Batches as large as a GPU's memory allows; here, the largest subproblems first.

        The largest first, so that the batch ends on small tasks (0.84 -> 0.91 of a perfect
        schedule in a model of the GPU's slots: docs/performance.md, "Decisions"). Workers
        with GPUs on an executor send rows back only with their batch: two batches a
        worker, so that they finish together (not the CPU's small timed batches, which
        would leave each GPU nearly empty).
        Cost: O(len(pending) log len(pending)), and the host's cut of 64 subproblems.

        >>> from nqueens.engine.split import split
        >>> items = [tuple(s) for s in split(10)]
        >>> sched = GPUBackend().schedule(10, items, [0, 1, 2], [1.0, 3.0, 2.0], 1)
        >>> sched.next_batch()
        [1, 2, 0]
        """
        from nqueens.engine import gpu

        if self.executor is None and weights is not None:
            pending = sorted(pending, key=lambda i: -weights[i])
        size = gpu.batch_items(n, [items[i] for i in pending])
        if self.executor is not None:
            size = min(size, max(1, -(-len(pending) // (2 * workers))))
        return Scheduler(pending, workers=workers, batch_items=size)

    def run(self, n: int, items: Items, sched: Scheduler, sink: Sink) -> None:
        """Count the batches on this GPU (in this thread), or on the executor's workers.

        Cost: O(the batches' work) on the GPU, plus the host's cut.

        >>> GPUBackend(workers=2).workers
        2
        """
        from nqueens.engine import gpu

        task = self.task or gpu.count_batch
        if self.executor is None:
            run_inline(n, items, sched, sink, task)
        else:
            run_pool(n, items, sched, sink, task, self.executor, sched.workers)

    def hardware(self) -> str | None:
        """The GPU's name where this process counts on it; None on an executor's workers.

        `"simulator"` under numba-cuda's simulator.
        Cost: O(1) after numba-cuda's import.

        >>> GPUBackend(executor=cf.ThreadPoolExecutor(1)).hardware() is None
        True
        """
        if self.executor is not None:
            return None
        from nqueens.engine import gpu

        return gpu.device_name()
