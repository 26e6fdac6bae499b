"""A search's time limit and progress callback, checked between the slices of its work.

Every long search of the package (the completion search, the region-puzzle search, the SAT
solver of k-star puzzles) works in bounded slices and calls `Limits.check` between them: a
deadline passed raises `SearchTimeout` (the answer is unknown, not negative), and the
progress callback hears the nodes and seconds so far. The message of a timeout is defined
here, once. Validating `timeout` (`limits`) is here too, so every public face words it
alike.

>>> lim = limits(None, None)
>>> lim.deadline is None, lim.check(10)
(True, None)
>>> limits(-1, None)
Traceback (most recent call last):
...
nqueens.errors.InvalidArgumentError: timeout must be a positive number of seconds, got -1
"""

from __future__ import annotations

import time
from collections.abc import Callable

from nqueens.errors import InvalidArgumentError, SearchTimeout

__all__ = ["NO_LIMITS", "Limits", "Progress", "limits", "timeout_message"]

Progress = Callable[[int, float], None]
"""Called after each slice with the nodes searched so far and the seconds elapsed."""


def timeout_message(seconds: float, nodes: int | None = None) -> str:
    """The one line of a search stopped at its time limit. Cost: O(1).

    >>> timeout_message(0.5, 1234)
    'unknown after 0.5 s: the search stopped at its time limit (1,234 nodes) without an answer'
    >>> timeout_message(2)
    'unknown after 2 s: the search stopped at its time limit without an answer'
    """
    work = "" if nodes is None else f" ({nodes:,} nodes)"
    return (f"unknown after {seconds:g} s: the search stopped at its time limit{work} "
            "without an answer")


class Limits:
    """A deadline (`timeout` seconds from now, or None) and a progress callback, checked
    between slices. Cost: one clock read per slice."""

    def __init__(self, timeout: float | None = None, progress: Progress | None = None) -> None:
        self.start = time.monotonic()
        self.timeout = timeout
        self.deadline = None if timeout is None else self.start + timeout
        self.progress = progress
        self.base = 0
        """Nodes of earlier searches under the same limits (added to what they report)."""

    def check(self, nodes: int | None = None) -> None:
        """Report progress; raise `SearchTimeout` past the deadline. `nodes` None: a
        search that counts no nodes (the SAT solver)."""
        shown = self.base + (nodes or 0)
        now = time.monotonic()
        if self.progress is not None:
            self.progress(shown, now - self.start)
        if self.deadline is not None and now >= self.deadline:
            raise SearchTimeout(timeout_message(float(self.timeout or 0),
                                                None if nodes is None else shown),
                                seconds=float(self.timeout or 0), nodes=shown)


NO_LIMITS = Limits()
"""No deadline, no progress (never changed: `base` stays 0)."""


def limits(timeout: object, progress: Progress | None) -> Limits:
    """Checked limits for a public call's `timeout` (positive seconds below 10**9, or None;
    else `InvalidArgumentError`) and `progress`. Cost: O(1)."""
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float))
                                or not 0 < timeout < 10**9):
        raise InvalidArgumentError(f"timeout must be a positive number of seconds, got "
                                   f"{timeout!r}")
    return Limits(None if timeout is None else float(timeout), progress)
