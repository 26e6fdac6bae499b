"""The engine loop: split a count, weigh it, hand it to a backend, record it, add up.

One loop serves every `Backend` - threads of this process
(the local default: the kernels release the GIL), any executor, a Dask cluster, a GPU.
The loop never names a device: the backend says how many batches run at once, how the
pending subproblems are cut into batches and how those run. Finished batches are written
to the ledger (when there is one) by this coordinator only. Before counting, a count of
n >= `WEIGH_MIN_N` weighs every subproblem with Knuth's estimator (so the progress
ETA follows work, not subproblem numbers), and one of n >= `ESTIMATE_MIN_N` times
the kernel briefly on this machine and reports the estimated solutions and seconds to
`on_estimate` before it starts (`nqueens.engine.estimate`).

Ctrl-C (or SIGTERM, as the CLI raises it) lands in the calling thread between two waits
or two kernel slices; the workers are then told to stop, finish their current slice (a few
milliseconds) and end; finished batches stay in the ledger.

>>> r = run_count(10, workers=1)
>>> r.total, r.unique, r.subproblems, r.workers
(724, 92, 272, 1)
"""

from __future__ import annotations

import concurrent.futures as cf
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nqueens._validate import (
    check_bool,
    check_callable,
    check_engine_options,
    check_executor,
    check_int,
    check_ledger_size,
    check_seconds,
    check_size,
)
from nqueens.engine.answers import check_rows
from nqueens.engine.backends import (
    THREADS_MIN_N,
    Backend,
    ExecutorBackend,
    GPUBackend,
    ThreadBackend,
)
from nqueens.engine.dispatch import Sink, Task
from nqueens.engine.estimate import (
    PRESPLIT_N,
    CountEstimate,
    Tally,
    calibrate,
    estimate_checked,
    estimate_count,
    weigh,
)
from nqueens.engine.scheduler import BATCH_SECONDS, Scheduler
from nqueens.engine.task import Row
from nqueens.errors import (
    ConflictingOptionsError,
    EngineError,
    UnknownOptionError,
    with_cli_hint,
)
from nqueens.kernels import MAX_CONSTELLATION_N

if TYPE_CHECKING:
    from nqueens.engine.ledger import Ledger
    from nqueens.engine.problems import Problem
    from nqueens.engine.split import Subproblem

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
    "needs_compiling",
    "run_count",
    "run_engine",
]

WEIGH_MIN_N = 15
"""From this n on, subproblems are weighed by Knuth's estimator for the progress ETA."""
ESTIMATE_MIN_N = 17
"""From this n on, a count times the kernel and reports its estimated cost before starting."""
SAMPLE_MIN = 256
"""A count of another problem (symmetric, a variant) with at least this many subproblems
states its cost first, from a sample of them (`sample_estimate`)."""
DEVICES = ("cpu", "gpu")
"""Where `run_count`'s `device` counts: the CPU kernels, or a CUDA GPU."""

Progress = Callable[["CountProgress"], None]
OnEstimate = Callable[[CountEstimate], None]


@dataclass(frozen=True)
class CountProgress:
    """A snapshot of a running count, handed to the `progress` callback."""

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


def run_count(
    n: int,
    *,
    workers: int | None = None,
    executor: cf.Executor | None = None,
    ledger: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    on_estimate: OnEstimate | None = None,
    estimate: bool | None = None,
    task: Task | None = None,
    target_seconds: float = BATCH_SECONDS,
    repair: bool = False,
    wait: bool = False,
    device: str = "cpu",
) -> EngineResult:
    """Count the solutions and classes of size `n` with the constellation engine.

    The engine's own keywords for the backends of `nqueens.engine.backends`
    (`run_engine` takes a backend itself): `executor` runs the batches when given
    (`workers` then says how many run at once); otherwise `workers` threads of this
    process do (None, or more than the cores: every core; 1, or n below
    `THREADS_MIN_N`: the calling thread). `task` replaces
    `count_batch` (same signature, e.g. a GPU kernel's);
    `target_seconds` is what one batch should last. `device="gpu"` counts on a CUDA GPU
    (`GPUBackend`: this machine's, or with `executor`
    its workers'). `progress`, `on_estimate`, `estimate`, `ledger`, `repair` and
    `wait` as for `run_engine`.
    Cost: O(n**4) subproblems whose subtrees total an eighth of the plain search,
    divided among the workers.

    Every argument is checked before any work starts: `n` must be an integer from 1 to
    `MAX_CONSTELLATION_N` (numpy integers too), `workers` a
    positive integer and `target_seconds` a positive finite number
    (`InvalidSizeError`); `executor`, `ledger`, the callbacks,
    `task` and the flags of the wrong kind raise
    `InvalidArgumentError`.

    >>> r = run_count(8, workers=1)
    >>> r.total, r.unique, r.subproblems, r.resumed, r.device
    (92, 12, 78, 0, 'cpu')
    >>> run_count(8, workers=0)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: workers must be a positive integer, got 0
    """
    n = check_size(n, largest=MAX_CONSTELLATION_N)
    repair, wait = check_engine_options(ledger=ledger, progress=progress,
                                        on_estimate=on_estimate, repair=repair, wait=wait)
    check_ledger_size(n, ledger)
    workers = None if workers is None else check_int(workers, "workers", low=1)
    check_executor(executor)
    check_callable(task, "task")
    if estimate is not None:
        check_bool(estimate, "estimate")
    target_seconds = check_seconds(target_seconds, "target_seconds")
    if device not in DEVICES:
        raise UnknownOptionError(f"device must be one of {', '.join(DEVICES)}, got {device!r}")
    backend: Backend
    if device == "gpu":
        backend = GPUBackend(executor=executor, workers=workers or 1, task=task)
    elif executor is not None:
        backend = ExecutorBackend(executor, workers or 1, task=task,
                                  batch_seconds=target_seconds)
    else:
        backend = ThreadBackend(workers, task=task, batch_seconds=target_seconds)
    return run_engine(n, backend, ledger=ledger, progress=progress, on_estimate=on_estimate,
                      estimate=estimate, repair=repair, wait=wait)


def run_engine(
    n: int,
    backend: Backend,
    *,
    ledger: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    on_estimate: OnEstimate | None = None,
    estimate: bool | None = None,
    repair: bool = False,
    wait: bool = False,
    problem: Problem | None = None,
) -> EngineResult:
    """Count size `n` on `backend`, of values already checked (the public faces check).

    `problem` (a `Problem` of size `n`) counts it in
    place of Q(n): symmetric solutions, a variant; same backends, ledger and progress.

    `progress` receives a `CountProgress` after every batch and a few times a
    second; `on_estimate` the `CountEstimate` before
    counting starts (made for n >= `ESTIMATE_MIN_N` where the backend `estimates`,
    or whenever `estimate` is True; never when False). The ledger is held by this count
    alone (another holder is refused, or waited for with `wait`); `repair` recounts
    rows that fail their check instead of refusing the ledger.
    Cost: O(n**4) subproblems whose subtrees total an eighth of the plain search,
    divided among the backend's workers.

    >>> r = run_engine(9, ThreadBackend(workers=1))
    >>> r.total, r.unique, r.device
    (352, 46, 'cpu')
    """
    start = time.perf_counter()
    if problem is not None and backend.device != "cpu":
        raise with_cli_hint(ConflictingOptionsError(
            f"a count of the {problem.method} problem runs on CPUs only, not on a GPU"),
            f"count with {problem.flags()} without --gpu")
    with backend.open(n) as workers:
        count = _Count(n, backend, workers, progress, on_estimate, estimate, problem)
        count.presplit()
        subs = count.split()
        book = _Book(n, subs, ledger, repair, wait, problem)
        try:
            count.prepare(book)
            count.run(book)
        finally:
            book.close()
    return book.result(count, time.perf_counter() - start)


class _Count:
    """One count's steps before and around its backend's run."""

    def __init__(self, n: int, backend: Backend, workers: int, progress: Progress | None,
                 on_estimate: OnEstimate | None, estimate: bool | None,
                 problem: Problem | None = None) -> None:
        self.n, self.backend, self.workers = n, backend, workers
        self.problem = problem
        self.progress, self.on_estimate = progress, on_estimate
        if estimate is None and not backend.estimates:
            estimate = False
        self.estimate = estimate
        self.wants = bool(estimate or (estimate is None and n >= ESTIMATE_MIN_N))
        self.found: CountEstimate | None = None
        self.items: list[tuple[int, ...]] = []
        self.weights: list[float] | None = None

    def tell(self, found: CountEstimate) -> None:
        self.found = found
        if self.on_estimate is not None:
            self.on_estimate(found)

    def presplit(self) -> None:
        """The estimate of a board whose split takes long, made (and told) before it."""
        if self.wants and self.n >= PRESPLIT_N and self.problem is None:
            self.tell(estimate_checked(self.n, self.workers, set()))

    def split(self) -> list[Subproblem]:
        from nqueens.engine.split import split

        if self.problem is not None:
            self.items = self.problem.items()
            return self.items  # type: ignore[return-value]

        subs = split(self.n, workers=self.workers if self.backend.splits_here else None)
        self.items = [tuple(s) for s in subs]
        return subs

    def prepare(self, book: _Book) -> None:
        """Weigh the subproblems (and calibrate the estimate) where the count asks for it."""
        n, items = self.n, self.items
        if self.problem is not None:
            self.foresee(book)
            return
        if items and self.estimate is not False and (n >= WEIGH_MIN_N or self.estimate):
            self.weights, solutions = weigh(n, items)
            if self.wants and self.found is None:
                early: dict[int, Row] = {}
                found = calibrate(n, items, self.weights, solutions, self.workers,
                                  set(book.results), keep=early)
                book.keep(list(early), list(early.values()))
                self.tell(found)
        if items and self.weights is None and self.backend.weighs:
            self.weights = weigh(n, items)[0]

    def foresee(self, book: _Book) -> None:
        """A problem's cost stated first: random subproblems counted, scaled up."""
        from nqueens.engine.problems import sample_estimate

        wanted = self.estimate or (self.estimate is None and len(self.items) >= SAMPLE_MIN)
        if not wanted or self.problem is None:
            return
        pending = [i for i in range(len(self.items)) if i not in book.results]
        early: dict[int, Row] = {}
        solutions, nodes, seconds = sample_estimate(self.problem, self.items, pending,
                                                    self.workers, early)
        book.keep(list(early), list(early.values()))
        rate = nodes / seconds / self.workers if seconds > 0 else 0.0
        self.tell(CountEstimate(self.n, solutions, nodes, rate, self.workers, seconds))

    def run(self, book: _Book) -> None:
        """Hand the pending subproblems to the backend; record and report what comes back."""
        watch = _Watch(self.n, len(self.items), self.workers, self.weights, self.progress)

        def record(idxs: list[int], rows: list[Row]) -> None:
            # never an unchecked answer
            rows = check_rows(self.n, len(idxs), rows, loose=self.problem is not None)
            why = self.problem.check(rows) if self.problem is not None else None
            if why is not None:
                raise EngineError(f"a worker's answer for n = {self.n} is not a count: {why}")
            book.keep(idxs, rows)
            watch.finished(idxs, rows)

        watch.start(book.results)
        pending = [i for i in range(len(self.items)) if i not in book.results]
        if pending:
            sched = self.backend.schedule(self.n, self.items, pending, self.weights,
                                          self.workers)
            self.backend.run(self.n, self.items, sched,
                             Sink(record, watch.tally, watch.report, book.forget))
        watch.report(force=True)


class _Book:
    """A count's answers: those resumed from the ledger and those counted, kept in both."""

    def __init__(self, n: int, subs: Sequence[Subproblem],
                 ledger: str | os.PathLike[str] | None, repair: bool, wait: bool,
                 problem: Problem | None = None) -> None:
        from nqueens.engine.ledger import Job, Ledger
        from nqueens.engine.split import METHOD, METHOD_VERSION, split_hash

        self.n, self.subproblems = n, len(subs)
        self.problem = problem
        self.keys = ([problem.key(s) for s in subs] if problem is not None
                     else [s.key for s in subs])
        self.led: Ledger | None = None
        self.results: dict[int, Row] = {}
        if ledger is not None:
            if problem is not None:
                from nqueens.engine.problems import problem_hash

                job = Job(n, problem.method, problem.version, problem_hash(problem, subs),
                          len(subs))
            else:
                job = Job(n, METHOD, METHOD_VERSION, split_hash(n, subs), len(subs))
            self.led = Ledger.open(ledger, job, repair=repair, wait=wait, keys=self.keys)
            self.results = self.led.done()
        self.resumed = len(self.results)

    def keep(self, idxs: list[int], rows: list[Row]) -> None:
        for i, row in zip(idxs, rows, strict=True):
            self.results[i] = row
        if self.led is not None:
            keys = self.keys
            self.led.record((i, keys[i], *row) for i, row in zip(idxs, rows, strict=True))

    def forget(self, idxs: list[int]) -> None:
        for i in idxs:
            self.results.pop(i, None)
        if self.led is not None:
            self.led.forget(idxs)

    def close(self) -> None:
        if self.led is not None:
            self.led.close()

    def result(self, count: _Count, seconds: float) -> EngineResult:
        from nqueens.engine.split import trivial_counts

        rows = self.results.values()
        total, unique = sum(r[0] for r in rows), sum(r[1] for r in rows)
        if self.problem is not None:
            total, unique = self.problem.result(total, unique)
        else:
            base_total, base_unique = trivial_counts(self.n)
            total, unique = base_total + total, base_unique + unique
        return EngineResult(self.n, total, unique, sum(r[2] for r in rows),
                            self.subproblems, count.workers, self.resumed, seconds,
                            count.found, count.backend.device)


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
        self.tally = Tally()
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




def needs_compiling(n: int) -> bool:
    """Whether a CPU count of size `n` compiles kernels first (none cached on disk yet).

    Cost: O(1) per kernel: a look at numba's on-disk cache.

    >>> needs_compiling(8) in (True, False)
    True
    """
    from nqueens._jit import needs_compiling as any_uncached
    from nqueens.kernels import constellations as k

    kernels: list[object] = [k.list_orbit_block, k.count_slice]
    if n >= WEIGH_MIN_N:
        kernels.append(k.estimate_constellations)
    return bool(any_uncached(*kernels))
