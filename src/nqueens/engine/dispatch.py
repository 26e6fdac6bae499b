"""How batches run: in the calling thread, or kept in flight on an executor.

The two ways every bundled backend (`nqueens.engine.backends`) runs the batches a
`Scheduler` hands out: `run_inline` counts them in
the calling thread (one worker; Ctrl-C lands between two kernel slices), `run_pool`
keeps `sched.depth` of them in flight on a `concurrent.futures.Executor` (its own
threads when none is given). Both hand each finished batch to a `Sink` - the engine
loop's ledger, tally and progress - and nothing else; deciding what to count and recording
it is the loop's business (`nqueens.engine.run`).

>>> from nqueens.engine.scheduler import Scheduler
>>> from nqueens.engine.split import split
>>> from nqueens.engine.task import count_batch
>>> items = [tuple(s) for s in split(8)]
>>> got = {}
>>> sink = Sink(lambda idxs, rows: got.update(zip(idxs, rows)), lambda nodes: None,
...             lambda: None)
>>> run_inline(8, items, Scheduler(range(len(items)), workers=1), sink, count_batch)
>>> len(got), sum(r[0] for r in got.values())   # 92 less the trivial ones (none at 8)
(78, 92)
"""

from __future__ import annotations

import concurrent.futures as cf
import inspect
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from nqueens._signals import WAIT_STEP_SECONDS, HeldSignals
from nqueens.engine.scheduler import Scheduler
from nqueens.engine.task import Row
from nqueens.errors import EngineError, NQueensError, NQueensRuntimeError

__all__ = ["Sink", "Task", "accepts", "run_inline", "run_pool"]

Task = Callable[..., list[Row]]
"""What counts a batch: `task(n, items, **hooks) -> rows`, as
`nqueens.engine.task.count_batch` (hooks it may take: `stop`, `tally`,
`finished`)."""

Items = Sequence[tuple[int, ...]]


@dataclass(frozen=True)
class Sink:
    """Where a backend hands what it counted: the engine loop's side of a count.

    `record(idxs, rows)` takes finished subproblems (their indexes and rows; called from
    the thread that runs the backend, never from a worker thread); `tally(nodes)` the
    nodes counted by batches still running (any thread); `report()` asks for a progress
    update (cheap: it reports at most a few times a second); `forget(idxs)`, where given,
    takes back recorded rows found untrustworthy (a fleet's quarantined worker's).
    """

    record: Callable[[list[int], list[Row]], None]
    tally: Callable[[int], None]
    report: Callable[[], None]
    forget: Callable[[list[int]], None] | None = None


def accepts(fn: Callable[..., Any], name: str) -> bool:
    """Whether the callable `fn` takes a keyword argument `name`.

    Cost: O(parameters) per call.

    >>> accepts(lambda n, items, stop=None: [], "stop"), accepts(len, "stop")
    (True, False)
    """
    try:
        return name in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False


def run_inline(n: int, items: Items, sched: Scheduler, sink: Sink, task: Task) -> None:
    """Count the scheduled batches in the calling thread, one after another.

    Ctrl-C lands between kernel slices, and the subproblems the interrupted batch finished
    are recorded; a task that reports finished items while its batch runs on (the GPU's one
    large batch, through `finished`) has them recorded at once, not when the batch ends.
    Cost: O(the batches' work), in this thread.

    >>> from nqueens.engine.task import count_batch
    >>> rows = []
    >>> sink = Sink(lambda i, r: rows.extend(r), lambda nodes: None, lambda: None)
    >>> run_inline(8, [(0, 2, 0, 3, 0, 1)], Scheduler([0], workers=1), sink, count_batch)
    >>> rows[0][:2]
    (8, 1)
    """
    feed = _Feed(sink)
    kwargs: dict[str, Any] = {}
    keeps = accepts(task, "finished")
    if accepts(task, "tally"):
        kwargs["tally"] = feed.tally
    while sched.pending:
        feed.idxs = sched.next_batch()
        t0 = time.perf_counter()
        batch = [items[i] for i in feed.idxs]
        feed.partial, feed.kept = [], 0
        if keeps:
            kwargs["finished"] = feed.partial
        try:
            rows = task(n, batch, **kwargs)
        except BaseException:
            feed.flush()
            raise
        sched.finished(len(feed.idxs), seconds=time.perf_counter() - t0)
        sink.record(feed.idxs[feed.kept:], rows[feed.kept:])


@dataclass
class _Feed:
    """The inline batch in progress: the rows it has finished, and how many are recorded."""

    sink: Sink
    idxs: list[int] = field(default_factory=list)
    partial: list[Row] = field(default_factory=list)
    kept: int = 0

    def flush(self) -> None:
        if len(self.partial) > self.kept:
            upto = len(self.partial)
            self.sink.record(self.idxs[self.kept:upto], self.partial[self.kept:upto])
            self.kept = upto

    def tally(self, nodes: int) -> None:
        self.sink.tally(nodes)
        self.flush()
        self.sink.report()


def broken(pool: Any, any_done: bool) -> EngineError:
    """The error for an executor that broke.

    A process pool that broke before its first batch came back most likely never started
    its workers, and the advice says why.
    Cost: O(1).

    >>> str(broken(None, True))
    'the executor broke while counting; rerun with a ledger to resume'
    """
    if not any_done and isinstance(pool, cf.ProcessPoolExecutor):
        return EngineError(
            "the process pool broke before any batch finished: its workers could not start "
            "(a script run without `if __name__ == \"__main__\":` under the spawn or "
            "forkserver start method cannot start them; see the multiprocessing docs)")
    return EngineError("the executor broke while counting; rerun with a ledger to resume")


def run_pool(n: int, items: Items, sched: Scheduler, sink: Sink, task: Task,
             executor: cf.Executor | None, workers: int) -> None:
    """Keep `sched.depth` batches in flight on `executor` (own threads when None).

    In-process workers (own threads, a thread pool) are told to stop within one kernel slice
    when the count ends early, and what they finished is recorded; a failed batch is
    retried (`Scheduler.failed`); a broken executor raises
    `EngineError`.
    Cost: O(the batches' work), shared out over the workers.

    >>> from nqueens.engine.task import count_batch
    >>> rows = []
    >>> sink = Sink(lambda i, r: rows.extend(r), lambda nodes: None, lambda: None)
    >>> run_pool(8, [(0, 2, 0, 3, 0, 1)] * 3, Scheduler(range(3), workers=2), sink,
    ...          count_batch, None, 2)
    >>> [r[:2] for r in rows]
    [(8, 1), (8, 1), (8, 1)]
    """
    with HeldSignals() as held:  # no Ctrl-C inside a future's lock: a worker would hang
        flight = _Flight(n, items, sched, sink, task, executor, workers)
        try:
            flight.run(held)
        finally:
            flight.end()


class _Flight:
    """The batches in flight on one executor, and what to do as each one ends."""

    def __init__(self, n: int, items: Items, sched: Scheduler, sink: Sink, task: Task,
                 executor: cf.Executor | None, workers: int) -> None:
        from nqueens.engine.executors import FinishedFutures

        self.n, self.items, self.sched, self.sink, self.task = n, items, sched, sink, task
        self.own = executor is None
        self.pool: cf.Executor = executor or cf.ThreadPoolExecutor(
            max_workers=workers, thread_name_prefix="nqueens-count")
        self.stop = threading.Event()
        # in-process workers can be told to stop and can report partial work
        local = self.own or isinstance(executor, cf.ThreadPoolExecutor)
        self.kwargs: dict[str, Any] = {}
        if local and accepts(task, "stop"):
            self.kwargs["stop"] = self.stop
        if local and accepts(task, "tally"):
            self.kwargs["tally"] = sink.tally
        self.keeps = local and accepts(task, "finished")
        self.inflight: dict[cf.Future[list[Row]], list[int]] = {}
        self.partials: dict[cf.Future[list[Row]], list[Row]] = {}
        self.finished = FinishedFutures()

    def run(self, held: HeldSignals) -> None:
        while self.sched.pending or self.inflight:
            self.fill()
            for fut in self.finished.take(timeout=WAIT_STEP_SECONDS):
                self.land(fut)
            self.sink.report()
            held.deliver()  # a Ctrl-C noted meanwhile goes up from here

    def fill(self) -> None:
        """Submit batches until `sched.depth` are in flight or none is left."""
        sched = self.sched
        while sched.pending and len(self.inflight) < sched.depth:
            idxs = sched.next_batch()
            partial: list[Row] = []
            kwargs = dict(self.kwargs, finished=partial) if self.keeps else self.kwargs
            try:
                fut = self.pool.submit(self.task, self.n, [self.items[i] for i in idxs],
                                       **kwargs)
            except (cf.BrokenExecutor, RuntimeError) as err:
                sched.requeue(idxs)
                raise broken(self.pool, sched.any_finished) from err
            self.inflight[fut] = idxs
            self.partials[fut] = partial
            self.finished.watch(fut)

    def land(self, fut: cf.Future[list[Row]]) -> None:
        """Record a finished batch, or requeue it (a failure), or stop the count."""
        idxs = self.inflight.pop(fut)
        self.partials.pop(fut)
        try:
            rows = fut.result()
        except (cf.BrokenExecutor, cf.CancelledError) as err:
            self.sched.requeue(idxs)
            raise broken(self.pool, self.sched.any_finished) from err
        except (NQueensError, NQueensRuntimeError):
            raise
        except Exception as err:
            self.sched.failed(self.n, idxs, err)
            return
        self.sched.finished(len(idxs), seconds=sum(r[3] for r in rows) / 1e6)
        self.sink.record(idxs, rows)

    def end(self) -> None:
        """Stop the workers, and keep what the batches still in flight finished."""
        self.stop.set()
        for fut in self.inflight:
            fut.cancel()
        if self.own:
            # the workers see the stop flag within one kernel slice
            self.pool.shutdown(wait=True, cancel_futures=True)
        elif self.keeps:
            deadline = time.monotonic() + 1.0
            while any(not f.done() for f in self.inflight) and time.monotonic() < deadline:
                self.finished.take(timeout=0.05)
        for fut, idxs in self.inflight.items():
            if not fut.done() or fut.cancelled():
                continue
            if fut.exception() is None:
                self.sink.record(idxs, fut.result())
            elif self.partials[fut]:
                self.sink.record(idxs[:len(self.partials[fut])], self.partials[fut])
