"""The progress bar of a long count: rich, on a terminal only, after about a second.

The runner calls :meth:`Progress.update` after each finished batch and :meth:`Progress.tick`
while it waits; nothing is drawn until the count has run for ``delay`` seconds, nothing at
all when the stream is not a terminal or the caller asked for quiet. rich is imported only
when a bar is actually drawn.

>>> p = Progress(enabled=False)
>>> p.update(done=3, total=10, solutions=92)
>>> p.close()
"""

from __future__ import annotations

import sys
import time
from typing import Any, TextIO

__all__ = ["Progress", "wants_progress"]


def wants_progress(*, quiet: bool, stream: TextIO | None = None) -> bool:
    """True when a bar should be drawn: not quiet and ``stream`` (stderr) is a terminal."""
    stream = sys.stderr if stream is None else stream
    try:
        return not quiet and stream.isatty()
    except (AttributeError, ValueError):
        return False


class Progress:
    """Subproblems done of total, solutions so far, elapsed and ETA, drawn on stderr."""

    def __init__(self, *, enabled: bool, delay: float = 1.0, label: str = "counting") -> None:
        self.enabled = enabled
        self.delay = delay
        self.label = label
        self._start = time.monotonic()
        self._bar: Any = None
        self._task: Any = None
        self._state = (0, 0, 0)

    def update(self, *, done: int, total: int, solutions: int) -> None:
        """Record the latest totals; draw them if the bar is showing. O(1)."""
        self._state = (done, total, solutions)
        self.tick()

    def tick(self) -> None:
        """Start the bar once ``delay`` has passed, and refresh it. O(1)."""
        if not self.enabled:
            return
        if self._bar is None:
            if time.monotonic() - self._start < self.delay:
                return
            self._open()
        done, total, solutions = self._state
        self._bar.update(self._task, completed=done, total=total, solutions=solutions)

    def _open(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self._bar = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("subproblems"),
            TextColumn("{task.fields[solutions]:,} solutions"),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        self._bar.start()
        done, total, solutions = self._state
        self._task = self._bar.add_task(self.label, total=total, completed=done,
                                        solutions=solutions)

    def close(self) -> None:
        """Remove the bar (if it was drawn)."""
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
