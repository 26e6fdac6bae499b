"""Run independent pieces of a count on every core, in threads, stoppable by Ctrl-C.

The variant kernels release the GIL, so threads run them in parallel. Each piece runs in
slices and looks at a shared stop flag between them: an interrupt in the calling thread
sets it, the pieces running stop within a slice, the pieces not started never start, and
the interrupt goes on up. Nothing here knows what a piece counts.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from typing import TypeVar

from nqueens._signals import WAIT_STEP_SECONDS, HeldSignals
from nqueens.errors import PieceStopped as Stopped

__all__ = ["Stopped", "cores", "run_pieces"]

T = TypeVar("T")


def cores() -> int:
    """The cores this process may run on. Cost: O(1).

    >>> cores() >= 1
    True
    """
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        return os.cpu_count() or 1


def run_pieces(pieces: Sequence[Callable[[threading.Event], T]], *,
               workers: int | None = None) -> list[T]:
    """Each piece's result, in order, the pieces run on `workers` threads (default: every
    core). A piece takes the stop flag and raises `Stopped` once it is set.

    Cost: the pieces' own, shared over the threads; one thread runs them in this one.

    >>> run_pieces([lambda stop: 1, lambda stop: 2])
    [1, 2]
    """
    stop = threading.Event()
    workers = min(workers or cores(), len(pieces))
    if workers <= 1:
        return [piece(stop) for piece in pieces]
    pool = ThreadPoolExecutor(workers, thread_name_prefix="nqueens-variants")
    with HeldSignals() as held:  # no Ctrl-C inside a future's lock: a worker would hang
        try:
            futures = [pool.submit(piece, stop) for piece in pieces]
            while True:
                running = wait(futures, WAIT_STEP_SECONDS, FIRST_EXCEPTION).not_done
                held.deliver()
                for f in futures:
                    if f.done() and f.exception() is not None:
                        f.result()  # the first failure goes up at once
                if not running:
                    return [f.result() for f in futures]
        finally:
            stop.set()  # on an interrupt or a failure: the running pieces stop in a slice
            pool.shutdown(wait=True, cancel_futures=True)
