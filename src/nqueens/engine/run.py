"""The engine loop: run a count's subproblems on threads or an executor, record them, add up.

One loop serves every :class:`concurrent.futures.Executor` - a thread pool in this process
(the local default: the kernels release the GIL), a Dask cluster, a GPU executor. The parts
that decide things live in :class:`Scheduler` (which subproblems go out next, how many in a
batch, what a failure costs) and can be read and tested apart from the loop that waits on
futures. Finished batches are written to the ledger (when there is one) by this coordinator
only. Before counting, a count of n >= :data:`WEIGH_MIN_N` weighs every subproblem with
Knuth's estimator (so the progress ETA follows work, not subproblem numbers), and one of
n >= :data:`ESTIMATE_MIN_N` times the kernel briefly on this machine and reports the
estimated solutions and seconds to ``on_estimate`` before it starts.

Ctrl-C (or SIGTERM, as the CLI raises it) lands in the calling thread between two waits
or two kernel slices; the workers are then told to stop, finish their current slice (a few
milliseconds) and end; finished batches stay in the ledger.

>>> r = run_count(10, workers=1)
>>> r.total, r.unique, r.subproblems, r.workers
(724, 92, 272, 1)
"""

from __future__ import annotations

import collections
import concurrent.futures as cf
import contextlib
import inspect
import os
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from nqueens._validate import (
    check_bool,
    check_callable,
    check_engine_options,
    check_int,
    check_seconds,
    check_size,
)
from nqueens.errors import InvalidSizeError, NQueensError, NQueensRuntimeError
from nqueens.kernels import MAX_CONSTELLATION_N

__all__ = [
    "DEVICES",
    "ESTIMATE_MIN_N",
    "THREADS_MIN_N",
    "WEIGH_MIN_N",
    "CountEstimate",
    "CountProgress",
    "EngineError",
    "EngineResult",
    "Scheduler",
    "estimate_count",
    "run_count",
]

THREADS_MIN_N = 14
"""Below this n a count takes at most ~25 ms in one thread and more threads only add their
start-up (at n = 12 two threads took 20-30 ms against 11 ms): it runs in the calling thread."""
WEIGH_MIN_N = 15
"""From this n on, subproblems are weighed by Knuth's estimator for the progress ETA."""
ESTIMATE_MIN_N = 17
"""From this n on, a count times the kernel and reports its estimated cost before starting."""
ESTIMATE_PROBES = 16
"""Knuth probes per subproblem (the sum over thousands of subproblems averages them out)."""
ESTIMATE_MAX_PROBES = 200_000
"""At most this many probes in all: fewer per subproblem for the largest boards."""
PRESPLIT_N = 22
"""From this n on, making the split takes long (minutes at n = 28), so the estimate is made
first, on the unoriented orbits (the same weights and solutions, at most ~15% more nodes),
and reported before the split is made."""
CALIBRATION_SECONDS = 0.1
"""How long the kernel is timed on sample subproblems to learn this machine's speed."""
DEVICES = ("cpu", "gpu")
"""Where the subproblems are counted: the CPU kernels, or the CUDA kernel (numba-cuda)."""

Row = tuple[int, int, int, int]
Task = Callable[..., list[Row]]


class EngineError(NQueensRuntimeError):
    """A count that could not finish: a batch kept failing or the executor broke."""


def _broken(pool: Any, any_done: bool) -> EngineError:
    """The error for an executor that broke; a process pool that broke before its first
    batch came back most likely never started its workers, and the advice says why."""
    if not any_done and isinstance(pool, cf.ProcessPoolExecutor):
        return EngineError(
            "the process pool broke before any batch finished: its workers could not start "
            "(a script run without `if __name__ == \"__main__\":` under the spawn or "
            "forkserver start method cannot start them; see the multiprocessing docs)")
    return EngineError("the executor broke while counting; rerun with a ledger to resume")


@dataclass(frozen=True)
class CountEstimate:
    """What a count is expected to cost, before it starts (Knuth's estimator, calibrated)."""

    n: int
    solutions: float
    """Estimated number of solutions."""
    nodes: float
    """Estimated kernel nodes still to count (subproblems already in the ledger excluded)."""
    rate: float
    """Kernel nodes per second one worker counted here during the calibration."""
    workers: int
    seconds: float
    """Estimated wall seconds: ``nodes / (rate * workers that run at once here)``."""

    def to_json(self) -> dict[str, object]:
        """The estimate as a JSON-ready dict (rounded).

        Cost: O(1) per call.

        >>> CountEstimate(8, 94.0, 168.875, 126228.4, 2, 0.00066).to_json()
        {'solutions': 94.0, 'seconds': 0.001, 'nodes': 168.9, 'rate': 126228, 'workers': 2}
        """
        return {"solutions": float(f"{self.solutions:.4g}"), "seconds": round(self.seconds, 3),
                "nodes": float(f"{self.nodes:.4g}"), "rate": round(self.rate),
                "workers": self.workers}


@dataclass(frozen=True)
class CountProgress:
    """A snapshot of a running count, handed to the ``progress`` callback."""

    n: int
    done: int
    """Subproblems finished (those resumed from the ledger included)."""
    total: int
    """Subproblems in all."""
    solutions: int
    """Solutions counted so far (in the finished subproblems)."""
    fraction: float
    """Share of the work done, weighted by each subproblem's estimated size when known."""
    elapsed: float
    eta: float | None
    """Estimated seconds left, or None while there is nothing to go on."""
    workers: int


@dataclass(frozen=True)
class EngineResult:
    """The answer of a count and how it was obtained."""

    n: int
    total: int
    unique: int
    nodes: int
    subproblems: int
    workers: int
    resumed: int
    """Subproblems whose answers came from the ledger rather than this run."""
    seconds: float
    estimate: CountEstimate | None = None
    device: str = "cpu"


class Scheduler:
    """Which subproblems go out next, how many in a batch, and what a failure costs.

    Batches are sized from the measured time per subproblem so that one runs about
    ``target_seconds``, but never so large that fewer than four batches per worker remain
    (the last ones then balance). A failed batch goes back to the front of the queue; a
    subproblem that fails ``max_attempts`` times stops the count with :class:`EngineError`.

    >>> s = Scheduler(range(100), workers=2, target_seconds=0.5)
    >>> s.next_batch()
    [0, 1, 2, 3, 4, 5, 6, 7]
    >>> s.finished(8, seconds=0.008)   # 1 ms each: 500 fit in 0.5 s, capped at 92 // 8
    >>> len(s.next_batch())
    11
    """

    def __init__(self, pending: Iterable[int], *, workers: int, target_seconds: float = 0.5,
                 max_attempts: int = 4, batch_items: int | None = None) -> None:
        self.pending = collections.deque(pending)
        self.workers = max(1, workers)
        self.target_seconds = target_seconds
        self.max_attempts = max_attempts
        self.batch_items = batch_items
        self.attempts: collections.Counter[int] = collections.Counter()
        self._finished = 0
        self._spent = 0.0

    @property
    def depth(self) -> int:
        """How many batches to keep in flight at once."""
        return 2 * self.workers

    def batch_size(self) -> int:
        """Subproblems in the next batch: at most 8 untimed, at most a quarter per worker.

        Always ``batch_items`` when that was given (one GPU: a batch as large as its memory
        allows, since the GPU reports what it finishes as it goes).
        Cost: O(1) per call.

        >>> s = Scheduler(range(100), workers=1)
        >>> s.batch_size()
        8
        >>> s.finished(10, seconds=1.0)   # 0.1 s each: 5 fit in the 0.5 s target
        >>> s.batch_size()
        5
        >>> Scheduler(range(100), workers=1, batch_items=60).next_batch()[-1]
        59
        """
        if self.batch_items is not None:
            return max(1, self.batch_items)
        cap = max(1, len(self.pending) // (4 * self.workers))
        if self._finished == 0:
            return max(1, min(cap, 8))
        per = self._spent / self._finished
        want = int(self.target_seconds / per) if per > 0 else cap
        return max(1, min(cap, want))

    def next_batch(self) -> list[int]:
        """Take the next batch of subproblem indexes off the queue (empty when none left).

        Cost: O(batch size) per call.

        >>> s = Scheduler([4, 5, 6], workers=1)
        >>> s.next_batch(), s.next_batch(), s.next_batch(), s.next_batch()
        ([4], [5], [6], [])
        """
        size = min(self.batch_size(), len(self.pending))
        return [self.pending.popleft() for _ in range(size)]

    def finished(self, count: int, *, seconds: float) -> None:
        """Note that ``count`` subproblems took ``seconds`` of worker time.

        Cost: O(1) per call.

        >>> s = Scheduler(range(1000), workers=1, target_seconds=0.5)
        >>> s.finished(100, seconds=1.0)   # 10 ms each: 50 fit in 0.5 s
        >>> s.batch_size()
        50
        """
        self._finished += count
        self._spent += seconds

    @property
    def any_finished(self) -> bool:
        """Whether a batch has come back finished (a broken pool before that never ran)."""
        return self._finished > 0

    def requeue(self, idxs: Sequence[int]) -> None:
        """Put subproblems back at the front of the queue, in order (no attempt counted).

        Cost: O(len(idxs)) per call.

        >>> s = Scheduler([7, 8], workers=1)
        >>> s.requeue([1, 2])
        >>> list(s.pending), sum(s.attempts.values())
        ([1, 2, 7, 8], 0)
        """
        self.pending.extendleft(reversed(idxs))

    def failed(self, n: int, idxs: Sequence[int], err: BaseException) -> None:
        """Count a failed attempt of each subproblem and requeue them (or raise EngineError).

        The count gives up when one subproblem has failed ``max_attempts`` times.
        Cost: O(len(idxs)) per call.

        >>> s = Scheduler([], workers=1, max_attempts=2)
        >>> s.failed(8, [3], OSError("lost"))
        >>> list(s.pending)
        [3]
        >>> s.failed(8, [3], OSError("lost"))
        Traceback (most recent call last):
        ...
        nqueens.engine.run.EngineError: a batch of N = 8 failed 2 times: OSError: lost
        """
        for i in idxs:
            self.attempts[i] += 1
            if self.attempts[i] >= self.max_attempts:
                raise EngineError(
                    f"a batch of N = {n} failed {self.attempts[i]} times: "
                    f"{type(err).__name__}: {err}"
                ) from err
        self.requeue(idxs)


class _Tally:
    """Kernel nodes counted by batches still in flight, added to by the worker threads."""

    def __init__(self) -> None:
        self.nodes = 0
        self._lock = threading.Lock()

    def __call__(self, nodes: int) -> None:
        with self._lock:
            self.nodes += nodes


def estimate_count(n: int, *, workers: int = 1, skip: Iterable[int] = ()) -> CountEstimate:
    """The estimated solutions and seconds of counting size ``n`` with ``workers`` here.

    Knuth's estimator runs on every subproblem (through the same pruned tree the kernel
    searches) and the kernel is timed for :data:`CALIBRATION_SECONDS` on sample subproblems;
    subproblems in ``skip`` (already counted) are left out of the time. ``n`` and
    ``workers`` are checked as in :func:`run_count` (:class:`~nqueens.errors.InvalidSizeError`).
    Cost: O(len(split(n)) * ESTIMATE_PROBES * n**2) compiled steps plus the calibration.

    >>> import nqueens.engine.run as run_module
    >>> saved, run_module.CALIBRATION_SECONDS = run_module.CALIBRATION_SECONDS, 0.001
    >>> e = estimate_count(8, workers=2, skip=range(78))   # all 78 subproblems counted
    >>> e.solutions, e.nodes, e.seconds, e.workers
    (94.0, 0, 0.0, 2)
    >>> run_module.CALIBRATION_SECONDS = saved
    """
    n = check_size(n, largest=MAX_CONSTELLATION_N)
    workers = check_int(workers, "workers", low=1)
    items = _orbits(n)
    weights, solutions = _weigh(n, items)
    return _calibrate(n, items, weights, solutions, workers, set(skip))


def _orbits(n: int) -> list[tuple[int, ...]]:
    """The subproblems to estimate: the split's below :data:`PRESPLIT_N`, else unoriented."""
    from nqueens.engine.split import split

    return [tuple(s) for s in split(n, orient=n < PRESPLIT_N)]


def run_count(
    n: int,
    *,
    workers: int | None = None,
    executor: cf.Executor | None = None,
    ledger: str | os.PathLike[str] | None = None,
    progress: Callable[[CountProgress], None] | None = None,
    on_estimate: Callable[[CountEstimate], None] | None = None,
    estimate: bool | None = None,
    task: Task | None = None,
    target_seconds: float = 0.5,
    repair: bool = False,
    wait: bool = False,
    device: str = "cpu",
) -> EngineResult:
    """Count the solutions and classes of size ``n`` with the constellation engine.

    ``executor`` runs the batches when given (``workers`` then says how many run at once);
    otherwise ``workers`` threads of this process do (None, or more than the cores: every
    core; 1, or n below :data:`THREADS_MIN_N`: the calling thread). ``task`` replaces
    :func:`~nqueens.engine.task.count_batch` (same signature, e.g. a GPU kernel's).
    ``progress`` receives a :class:`CountProgress` after every batch and a few times a
    second; ``on_estimate`` the :class:`CountEstimate` before counting starts (made for
    n >= :data:`ESTIMATE_MIN_N`, or whenever ``estimate`` is True; never when False).
    Cost: O(n**4) subproblems whose subtrees total an eighth of the plain search,
    divided among the workers.
    The ledger is held by this count alone (another holder is refused, or waited for with
    ``wait``); ``repair`` recounts rows that fail their check instead of refusing the ledger.
    ``device="gpu"`` counts the subproblems with the CUDA kernel: in the calling thread (one
    GPU, given its subproblems largest first in batches as large as its memory allows, each
    finished one recorded at once; Ctrl-C lands between launches), or, with ``executor``,
    on workers that have a GPU; its ``task`` defaults to :func:`nqueens.engine.gpu.
    count_batch` (``functools.partial(count_batch, kernel="cuda-stack")`` picks a kernel).
    A GPU count states no time estimate (the calibration times the CPU kernel).

    Every argument is checked before any work starts: ``n`` must be an integer from 1 to
    :data:`~nqueens.kernels.MAX_CONSTELLATION_N` (numpy integers too), ``workers`` a
    positive integer and ``target_seconds`` a positive finite number
    (:class:`~nqueens.errors.InvalidSizeError`); ``executor``, ``ledger``, the callbacks,
    ``task`` and the flags of the wrong kind raise
    :class:`~nqueens.errors.InvalidArgumentError`.

    >>> r = run_count(8, workers=1)
    >>> r.total, r.unique, r.subproblems, r.resumed, r.device
    (92, 12, 78, 0, 'cpu')
    >>> run_count(8, workers=0)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: workers must be a positive integer, got 0
    """
    from nqueens.engine import executors as ex
    from nqueens.engine.ledger import Job, Ledger
    from nqueens.engine.split import METHOD, METHOD_VERSION, split, split_hash, trivial_counts
    from nqueens.engine.task import count_batch

    start = time.perf_counter()
    n = check_size(n, largest=MAX_CONSTELLATION_N)
    workers, repair, wait = check_engine_options(
        workers=workers, executor=executor, ledger=ledger, progress=progress,
        on_estimate=on_estimate, repair=repair, wait=wait)
    if ledger is not None:
        from nqueens.engine.ledger import MAX_LEDGER_N

        if n > MAX_LEDGER_N:
            raise InvalidSizeError(f"a ledger holds N = 1..{MAX_LEDGER_N}; count N = {n} "
                                   "without one")
    check_callable(task, "task")
    if estimate is not None:
        check_bool(estimate, "estimate")
    target_seconds = check_seconds(target_seconds, "target_seconds")
    if device not in DEVICES:
        raise NQueensError(f"device must be one of {', '.join(DEVICES)}, got {device!r}")
    if device == "gpu":
        from nqueens.engine import gpu

        if executor is None:
            gpu.require_gpu()
            workers = 1
            if task is None:  # the kernel picked (CuPy, its self-check) while the host splits
                gpu.pick_kernel_soon(n)
        task = task or gpu.count_batch
        estimate = False if estimate is None else estimate
    gpu_items: int | None = None
    if executor is not None:
        nworkers = workers or 1
    else:
        nworkers = min(workers or ex.cpu_count(), ex.cpu_count())
        if n < THREADS_MIN_N:
            nworkers = 1
    found: CountEstimate | None = None
    wants = estimate or (estimate is None and n >= ESTIMATE_MIN_N)
    if wants and n >= PRESPLIT_N:
        found = estimate_count(n, workers=nworkers)
        if on_estimate is not None:
            on_estimate(found)
    # the split on this machine's cores: all of them unless the count is held to fewer
    local = executor is None and device == "cpu"
    subs = split(n, workers=nworkers if local else None)
    items = [tuple(s) for s in subs]
    keys = [s.key for s in subs]
    base_total, base_unique = trivial_counts(n)

    led = None
    results: dict[int, Row] = {}
    if ledger is not None:
        job = Job(n, METHOD, METHOD_VERSION, split_hash(n, subs), len(subs))
        led = Ledger.open(ledger, job, repair=repair, wait=wait, keys=keys)
        results = led.done()
    resumed = len(results)

    def keep(idxs: list[int], rows: list[Row]) -> None:
        for i, row in zip(idxs, rows, strict=True):
            results[i] = row
        if led is not None:
            led.record((i, keys[i], *row) for i, row in zip(idxs, rows, strict=True))

    try:
        weights: list[float] | None = None
        if items and estimate is not False and (n >= WEIGH_MIN_N or estimate):
            weights, solutions_est = _weigh(n, items)
            if wants and found is None:
                early: dict[int, Row] = {}
                found = _calibrate(n, items, weights, solutions_est, nworkers, set(results),
                                   keep=early)
                keep(list(early), list(early.values()))
                if on_estimate is not None:
                    on_estimate(found)
        one_gpu = device == "gpu" and executor is None
        if one_gpu and items and weights is None:
            # one GPU takes the largest subproblems first (below), and the progress bar
            # then moves with the work done, not the count of subproblems
            weights = _weigh(n, items)[0]
        watch = _Watch(n, len(items), nworkers, weights, progress)

        def record(idxs: list[int], rows: list[Row]) -> None:
            if len(rows) != len(idxs):
                raise EngineError("a worker returned a batch of the wrong size")
            keep(idxs, rows)
            watch.finished(idxs, rows)

        watch.start(results)
        pending = [i for i in range(len(items)) if i not in results]
        if pending:
            run = task or count_batch
            if device == "gpu":
                from nqueens.engine import gpu

                if one_gpu and weights is not None:
                    # the largest first, so that the batch ends on small tasks (0.84 ->
                    # 0.91 of a perfect schedule in benchmarks/bench_gpu_schedule.py's model)
                    sizes = weights
                    pending.sort(key=lambda i: -sizes[i])
                gpu_items = gpu.batch_items(n, [items[i] for i in pending])
                if not one_gpu:
                    # workers with GPUs (Dask) send rows back only with their batch: two
                    # batches a worker, so that they finish together - not the CPU's small
                    # timed batches, which would leave each GPU nearly empty
                    gpu_items = min(gpu_items, max(1, -(-len(pending) // (2 * nworkers))))
            sched = Scheduler(pending, workers=nworkers, target_seconds=target_seconds,
                              batch_items=gpu_items)
            if executor is None and nworkers == 1:
                _run_inline(n, items, sched, record, watch, run)
            else:
                _run_pool(n, items, sched, record, watch, run, executor, nworkers)
        watch.report(force=True)
    finally:
        if led is not None:
            led.close()

    total = base_total + sum(r[0] for r in results.values())
    unique = base_unique + sum(r[1] for r in results.values())
    nodes = sum(r[2] for r in results.values())
    return EngineResult(n, total, unique, nodes, len(subs), nworkers, resumed,
                        time.perf_counter() - start, found, device)


def _weigh(n: int, items: list[tuple[int, ...]]) -> tuple[list[float], float]:
    """Knuth's estimate of each subproblem's kernel nodes, and of the total solutions."""
    import numpy as np

    from nqueens.kernels.constellations import estimate_constellations

    arr = np.array(items, dtype=np.int64).reshape(len(items), 6)
    probes = max(4, min(ESTIMATE_PROBES, ESTIMATE_MAX_PROBES // max(1, len(items))))
    # in chunks of ~50,000 probes (milliseconds), so Ctrl-C is seen between them
    chunk = max(1, 50_000 // probes)
    est = np.concatenate([
        estimate_constellations(n, arr[lo:lo + chunk], probes, n * 100_003 + lo)
        for lo in range(0, len(items), chunk)
    ])
    mult = 8.0 / arr[:, 5]
    return [float(x) for x in est[:, 0]], float((est[:, 1] * mult).sum())


def _calibrate(n: int, items: list[tuple[int, ...]], weights: list[float], solutions: float,
               workers: int, skip: set[int],
               keep: dict[int, Row] | None = None) -> CountEstimate:
    """Time the kernel on sample subproblems not in ``skip``, on as many threads at once as
    will count here (``workers``, at most the cores), and scale the node estimate to
    seconds. The rows of the samples counted to the end go into ``keep`` when given, so a
    count that calibrates first loses no work to it."""
    from nqueens.engine.executors import cpu_count
    from nqueens.engine.task import Stopped, count_batch

    todo = [i for i in range(len(items)) if i not in skip]
    left = sum(weights[i] for i in todo)
    runners = max(1, min(workers, cpu_count()))
    sample = todo[::max(1, len(todo) // (32 * runners))]
    count_batch(8, [(0, 2, 0, 3, 0, 1)])  # load the kernel before timing it
    tally = _Tally()
    until = time.perf_counter() + CALIBRATION_SECONDS
    counted: dict[int, Row] = {} if keep is None else keep

    class Enough:
        def is_set(self) -> bool:
            return time.perf_counter() >= until

    def probe(part: list[int]) -> None:
        rows: list[Row] = []
        with contextlib.suppress(Stopped):
            rows = count_batch(n, [items[i] for i in part], stop=Enough(), tally=tally,
                               slice_nodes=1 << 16, finished=rows)
        counted.update(zip(part, rows, strict=False))

    t0 = time.perf_counter()
    if runners == 1:
        probe(sample)
    else:
        threads = [threading.Thread(target=probe, args=(sample[r::runners],), daemon=True)
                   for r in range(runners)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    seconds = max(time.perf_counter() - t0, 1e-6)
    rate = max(tally.nodes / seconds / runners, 1.0)
    return CountEstimate(n, solutions, left, rate, workers, left / (rate * runners))


class _Watch:
    """Progress bookkeeping: what is done, the weighted fraction, the ETA, the callback."""

    def __init__(self, n: int, total: int, workers: int, weights: list[float] | None,
                 callback: Callable[[CountProgress], None] | None) -> None:
        self.n = n
        self.total = total
        self.workers = workers
        self.weights = weights
        self.weight_total = sum(weights) if weights else 0.0
        self.callback = callback
        self.tally = _Tally()
        self.done = 0
        self.solutions = 0
        self.weight_done = 0.0
        self.start_time = time.perf_counter()
        self.start_fraction = 0.0
        self._last = 0.0

    def start(self, results: dict[int, Row]) -> None:
        self.done = len(results)
        self.solutions = sum(r[0] for r in results.values())
        if self.weights:
            self.weight_done = sum(self.weights[i] for i in results)
        self.start_time = time.perf_counter()
        self.start_fraction = self.fraction()
        self.report(force=True)

    def finished(self, idxs: list[int], rows: list[Row]) -> None:
        self.done += len(idxs)
        self.solutions += sum(r[0] for r in rows)
        if self.weights:
            self.weight_done += sum(self.weights[i] for i in idxs)
        self.tally(-sum(r[2] for r in rows))
        self.report()

    def fraction(self) -> float:
        if self.done >= self.total:
            return 1.0
        if self.weights and self.weight_total > 0:
            f = (self.weight_done + max(0, self.tally.nodes)) / self.weight_total
            return min(f, 0.999)
        return self.done / self.total if self.total else 1.0

    def report(self, *, force: bool = False) -> None:
        if self.callback is None:
            return
        now = time.perf_counter()
        if not force and now - self._last < 0.2:
            return
        self._last = now
        f = self.fraction()
        elapsed = now - self.start_time
        gained = f - self.start_fraction
        eta = elapsed * (1.0 - f) / gained if gained > 0 and elapsed > 0.5 else None
        if f >= 1.0:
            eta = 0.0
        self.callback(CountProgress(self.n, self.done, self.total, self.solutions, f,
                                    elapsed, eta, self.workers))


def _accepts(fn: Callable[..., Any], name: str) -> bool:
    try:
        return name in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False


def _run_inline(n: int, items: list[tuple[int, ...]], sched: Scheduler,
                record: Callable[[list[int], list[Row]], None], watch: _Watch,
                run: Task) -> None:
    """Count in the calling thread, batch by batch; Ctrl-C lands between kernel slices, and
    the subproblems the interrupted batch finished are recorded."""
    kwargs: dict[str, Any] = {}
    keeps = _accepts(run, "finished")
    idxs: list[int] = []
    partial: list[Row] = []
    kept = 0  # rows of ``partial`` already recorded

    def flush() -> None:
        # a task that reports finished items while its batch runs on (the GPU's one large
        # batch) has them in the ledger at once, not only when the batch ends
        nonlocal kept
        if len(partial) > kept:
            upto = len(partial)
            record(idxs[kept:upto], partial[kept:upto])
            kept = upto

    if _accepts(run, "tally"):
        def tally(nodes: int) -> None:
            watch.tally(nodes)
            flush()
            watch.report()

        kwargs["tally"] = tally
    while sched.pending:
        idxs = sched.next_batch()
        t0 = time.perf_counter()
        batch = [items[i] for i in idxs]
        partial = []
        kept = 0
        if keeps:
            kwargs["finished"] = partial
        try:
            rows = run(n, batch, **kwargs)
        except BaseException:
            flush()
            raise
        sched.finished(len(idxs), seconds=time.perf_counter() - t0)
        record(idxs[kept:], rows[kept:])


def _run_pool(n: int, items: list[tuple[int, ...]], sched: Scheduler,
              record: Callable[[list[int], list[Row]], None], watch: _Watch, run: Task,
              executor: cf.Executor | None, nworkers: int) -> None:
    """Keep ``sched.depth`` batches in flight on the executor (own threads when None)."""
    from nqueens.engine.executors import FinishedFutures

    own = executor is None
    pool: cf.Executor = executor or cf.ThreadPoolExecutor(
        max_workers=nworkers, thread_name_prefix="nqueens-count")
    stop = threading.Event()
    # in-process workers can be told to stop and can report partial work
    local = own or isinstance(executor, cf.ThreadPoolExecutor)
    kwargs: dict[str, Any] = {}
    if local and _accepts(run, "stop"):
        kwargs["stop"] = stop
    if local and _accepts(run, "tally"):
        kwargs["tally"] = watch.tally
    keeps = local and _accepts(run, "finished")
    inflight: dict[cf.Future[list[Row]], list[int]] = {}
    partials: dict[cf.Future[list[Row]], list[Row]] = {}
    finished = FinishedFutures()
    try:
        while sched.pending or inflight:
            while sched.pending and len(inflight) < sched.depth:
                idxs = sched.next_batch()
                batch = [items[i] for i in idxs]
                partial: list[Row] = []
                if keeps:
                    kwargs["finished"] = partial
                try:
                    fut = pool.submit(run, n, batch, **kwargs)
                except (cf.BrokenExecutor, RuntimeError) as err:
                    sched.requeue(idxs)
                    raise _broken(pool, sched.any_finished) from err
                inflight[fut] = idxs
                partials[fut] = partial
                finished.watch(fut)
            for fut in finished.take(timeout=0.25):
                idxs = inflight.pop(fut)
                partials.pop(fut)
                try:
                    rows = fut.result()
                except (cf.BrokenExecutor, cf.CancelledError) as err:
                    sched.requeue(idxs)
                    raise _broken(pool, sched.any_finished) from err
                except (NQueensError, NQueensRuntimeError):
                    raise
                except Exception as err:
                    sched.failed(n, idxs, err)
                    continue
                sched.finished(len(idxs), seconds=sum(r[3] for r in rows) / 1e6)
                record(idxs, rows)
            watch.report()
    finally:
        stop.set()
        for fut in inflight:
            fut.cancel()
        if own:
            # the workers see the stop flag within one kernel slice
            pool.shutdown(wait=True, cancel_futures=True)
        elif keeps:
            deadline = time.monotonic() + 1.0
            while any(not f.done() for f in inflight) and time.monotonic() < deadline:
                finished.take(timeout=0.05)
        # keep what the batches still in flight finished, wholly or in part
        for fut, idxs in inflight.items():
            if not fut.done() or fut.cancelled():
                continue
            if fut.exception() is None:
                record(idxs, fut.result())
            elif partials[fut]:
                record(idxs[:len(partials[fut])], partials[fut])
