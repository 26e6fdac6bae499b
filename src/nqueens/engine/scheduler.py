"""Which subproblems go out next, how many in a batch, and what a failure costs.

The engine loop (`nqueens.engine.run`) hands a backend the pending subproblems in a
`Scheduler`; a backend takes its batches off it, tells it how long they took and
which failed. Read and tested apart from any loop that waits on futures.
"""

from __future__ import annotations

import collections
from collections.abc import Iterable, Sequence

from nqueens.errors import EngineError

__all__ = ["BATCH_SECONDS", "MAX_ATTEMPTS", "Scheduler"]

BATCH_SECONDS = 0.5
"""What one timed batch of the CPU kernel should last (the default `target_seconds`)."""
MAX_ATTEMPTS = 4
"""A subproblem that fails this many times stops the count with `EngineError`."""


class Scheduler:
    """Which subproblems go out next, how many in a batch, and what a failure costs.

    Batches are sized from the measured time per subproblem so that one runs about
    `target_seconds`, but never so large that fewer than four batches per worker remain
    (the last ones then balance). A failed batch goes back to the front of the queue; a
    subproblem that fails `max_attempts` times stops the count with `EngineError`.

    >>> s = Scheduler(range(100), workers=2, target_seconds=0.5)
    >>> s.next_batch()
    [0, 1, 2, 3, 4, 5, 6, 7]
    >>> s.finished(8, seconds=0.008)   # 1 ms each: 500 fit in 0.5 s, capped at 92 // 8
    >>> len(s.next_batch())
    11
    """

    def __init__(self, pending: Iterable[int], *, workers: int,
                 target_seconds: float = BATCH_SECONDS, max_attempts: int = MAX_ATTEMPTS,
                 batch_items: int | None = None) -> None:
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

        Always `batch_items` when that was given (one GPU: a batch as large as its memory
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
        """Note that `count` subproblems took `seconds` of worker time.

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

        The count gives up when one subproblem has failed `max_attempts` times.
        Cost: O(len(idxs)) per call.

        >>> s = Scheduler([], workers=1, max_attempts=2)
        >>> s.failed(8, [3], OSError("lost"))
        >>> list(s.pending)
        [3]
        >>> s.failed(8, [3], OSError("lost"))
        Traceback (most recent call last):
        ...
        nqueens.errors.EngineError: a batch of N = 8 failed 2 times: OSError: lost
        """
        for i in idxs:
            self.attempts[i] += 1
            if self.attempts[i] >= self.max_attempts:
                raise EngineError(
                    f"a batch of N = {n} failed {self.attempts[i]} times: "
                    f"{type(err).__name__}: {err}"
                ) from err
        self.requeue(idxs)
