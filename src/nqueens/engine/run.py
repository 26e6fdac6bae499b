"""The engine loop: run a count's subproblems on an executor, record them, add them up.

One loop serves every :class:`concurrent.futures.Executor` - this process, the local spawn
pool, a Dask cluster. Subproblems go out in batches sized from the measured speed so a task
runs about ``target_seconds``; finished batches are written to the ledger (when there is one)
by this coordinator only. When the local pool breaks (a worker killed), the loop builds a new
pool and resubmits what was lost; a failing batch is retried a few times before the count
gives up. Choosing the subproblems is :mod:`~nqueens.engine.split`'s job; drawing progress is
:mod:`~nqueens.engine.progress`'s.

>>> r = run_count(10, workers=1)
>>> r.total, r.unique, r.subproblems, r.workers
(724, 92, 272, 1)
"""

from __future__ import annotations

import collections
import concurrent.futures as cf
import os
import time
from collections.abc import Callable
from dataclasses import dataclass

from nqueens.engine.progress import Progress
from nqueens.errors import NQueensError

__all__ = ["DEVICES", "POOL_MIN_N", "EngineError", "EngineResult", "run_count"]

POOL_MIN_N = 15
"""Below this n a count is too short to be worth starting worker processes."""

_MAX_ATTEMPTS = 4
_MAX_REBUILDS = 20


class EngineError(NQueensError):
    """A count that could not finish: a batch kept failing or the pool kept breaking."""


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
    device: str = "cpu"
    """``"cpu"`` or ``"gpu"``: what counted this run's subproblems."""


DEVICES = ("cpu", "gpu")
"""What can count the subproblems: the CPU kernel, or a CUDA GPU (:mod:`~nqueens.engine.gpu`)."""


def run_count(
    n: int,
    *,
    workers: int | None = None,
    executor: cf.Executor | None = None,
    ledger: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    target_seconds: float = 0.5,
    device: str = "cpu",
) -> EngineResult:
    """Count the solutions and classes of size ``n`` with the constellation engine.

    ``executor`` runs the batches when given (``workers`` then says how many run at once);
    otherwise ``workers`` local processes do (None: every core, 1: this process; boards
    below :data:`POOL_MIN_N` always run here). ``device="gpu"`` counts the subproblems on a
    CUDA GPU: in this process (one GPU), or, with ``executor``, on workers that have one.
    Cost: about n**4 / 20 subproblems whose
    subtrees total an eighth of the plain search, divided among the workers.
    """
    from nqueens.engine import executors as ex
    from nqueens.engine.ledger import Job, Ledger, LedgerError
    from nqueens.engine.split import METHOD, METHOD_VERSION, split, split_hash, trivial_counts
    from nqueens.engine.task import count_batch

    start = time.perf_counter()
    if workers is not None and workers < 1:
        raise NQueensError(f"workers must be at least 1, got {workers}")
    if device not in DEVICES:
        raise NQueensError(f"device must be one of {', '.join(DEVICES)}, got {device!r}")
    batch_fn = count_batch
    if device == "gpu":
        from nqueens.engine import gpu

        if executor is None:
            gpu.require_gpu()
            workers = 1
        batch_fn = gpu.count_batch
        target_seconds = max(target_seconds, gpu.BATCH_SECONDS)
    subs = split(n)
    items = [tuple(s) for s in subs]
    keys = [s.key for s in subs]
    base_total, base_unique = trivial_counts(n)

    led = None
    results: dict[int, tuple[int, int, int, int]] = {}
    if ledger is not None:
        job = Job(n, METHOD, METHOD_VERSION, split_hash(n, subs), len(subs))
        led = Ledger.open(ledger, job)
        results = led.done()
        wrong = [i for i, key in led.keys().items() if key != keys[i]]
        if wrong:
            led.close()
            raise LedgerError(
                f"{os.fspath(ledger)!r} is a damaged ledger: subproblem {wrong[0]} is recorded "
                f"under the wrong key"
            )
    resumed = len(results)

    factory: Callable[[], cf.Executor] | None
    if executor is not None:
        nworkers = workers or 1
        factory = None
    else:
        nworkers = workers if workers is not None else ex.cpu_count()
        if nworkers == 1 or n < POOL_MIN_N:
            nworkers = 1
            factory = ex.InlineExecutor
        else:
            factory = lambda: ex.local_pool(nworkers)  # noqa: E731

    bar = progress or Progress(enabled=False)
    pending = collections.deque(i for i in range(len(subs)) if i not in results)
    solutions = sum(r[0] for r in results.values())
    bar.update(done=len(results), total=len(subs), solutions=solutions)

    def record(idxs: list[int], rows: list[tuple[int, int, int, int]]) -> None:
        nonlocal solutions
        if len(rows) != len(idxs):
            raise EngineError("a worker returned a batch of the wrong size")
        for i, row in zip(idxs, rows, strict=True):
            results[i] = row
            solutions += row[0]
        if led is not None:
            led.record((i, keys[i], *row) for i, row in zip(idxs, rows, strict=True))
        bar.update(done=len(results), total=len(subs), solutions=solutions)

    try:
        if pending:
            _loop(n, items, pending, record, bar, executor, factory, nworkers,
                  target_seconds, batch_fn)
    finally:
        bar.close()
        if led is not None:
            led.close()

    total = base_total + sum(r[0] for r in results.values())
    unique = base_unique + sum(r[1] for r in results.values())
    nodes = sum(r[2] for r in results.values())
    return EngineResult(n, total, unique, nodes, len(subs), nworkers, resumed,
                        time.perf_counter() - start, device)


def _loop(
    n: int,
    items: list[tuple[int, ...]],
    pending: collections.deque[int],
    record: Callable[[list[int], list[tuple[int, int, int, int]]], None],
    bar: Progress,
    executor: cf.Executor | None,
    factory: Callable[[], cf.Executor] | None,
    nworkers: int,
    target_seconds: float,
    count_batch: Callable[..., list[tuple[int, int, int, int]]],
) -> None:
    """Submit batches, collect answers, survive a broken pool, until nothing is pending."""
    own = executor is None
    assert factory is not None or executor is not None
    pool = executor if executor is not None else factory()  # type: ignore[misc]
    inflight: dict[cf.Future[list[tuple[int, int, int, int]]], list[int]] = {}
    attempts: collections.Counter[int] = collections.Counter()
    rebuilds = 0
    barren = 0  # rebuilds in a row with no finished subproblem in between
    finished_at_rebuild = 0
    spent = 0.0  # summed seconds of finished subproblems, for the batch size
    finished = 0
    depth = 2 * nworkers  # batches in flight at once

    def batch_size() -> int:
        left = len(pending)
        # keep enough batches for every worker to the end, so the last ones balance
        cap = max(1, left // (4 * nworkers))
        if finished == 0:
            return max(1, min(cap, 8))
        per = spent / finished
        want = int(target_seconds / per) if per > 0 else cap
        return max(1, min(cap, want))

    try:
        while pending or inflight:
            broken = False
            lost: list[int] = []
            while pending and len(inflight) < depth:
                size = batch_size()
                idxs = [pending.popleft() for _ in range(min(size, len(pending)))]
                batch = [items[i] for i in idxs]
                try:
                    fut = pool.submit(count_batch, n, batch)
                except (cf.BrokenExecutor, RuntimeError):
                    # a broken pool refuses new work (RuntimeError: shut down)
                    broken = True
                    lost.extend(idxs)
                    break
                inflight[fut] = idxs
            done, _ = cf.wait(list(inflight), timeout=0.25, return_when=cf.FIRST_COMPLETED)
            bar.tick()
            for fut in done:
                idxs = inflight.pop(fut)
                try:
                    rows = fut.result()
                except (cf.BrokenExecutor, cf.CancelledError):
                    broken = True
                    lost.extend(idxs)
                    continue
                except NQueensError:
                    raise
                except Exception as err:
                    for i in idxs:
                        attempts[i] += 1
                        if attempts[i] >= _MAX_ATTEMPTS:
                            raise EngineError(
                                f"a batch of N = {n} failed {attempts[i]} times: "
                                f"{type(err).__name__}: {err}"
                            ) from err
                    lost.extend(idxs)
                    continue
                record(idxs, rows)
                finished += len(rows)
                spent += sum(r[3] for r in rows) / 1e6
            if broken:
                if not own:
                    raise EngineError(
                        "the executor broke while counting; rerun with --ledger to resume"
                    )
                rebuilds += 1
                barren = barren + 1 if finished == finished_at_rebuild else 0
                finished_at_rebuild = finished
                if barren >= 3:
                    raise EngineError(
                        "the local worker processes keep dying before they finish any work; "
                        "when calling nqueens.count from a script, put the call under "
                        "if __name__ == '__main__':"
                    )
                if rebuilds > _MAX_REBUILDS:
                    raise EngineError(
                        f"the local worker pool broke {rebuilds} times; giving up"
                    )
                for fut, idxs in inflight.items():
                    fut.cancel()
                    lost.extend(idxs)
                inflight.clear()
                pool.shutdown(wait=False, cancel_futures=True)
                assert factory is not None
                pool = factory()
            if lost:
                pending.extendleft(sorted(lost, reverse=True))
    finally:
        if own:
            for fut in inflight:
                fut.cancel()
            pool.shutdown(wait=not inflight, cancel_futures=True)
