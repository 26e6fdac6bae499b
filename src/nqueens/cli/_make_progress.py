"""The progress line of `nqueens puzzle make`: boards tried, fresh starts, time elapsed.

A `MakeProgress` is the `tally` of `nqueens.puzzles.generate.make`, called
before each board the generator tries. Nothing is drawn for the first `delay` seconds,
nothing at all when stderr is not a terminal (a script's stderr stays empty); the line
goes away when the command ends. rich is imported only when the line is drawn.

>>> with MakeProgress(25, 1, enabled=False) as shown:
...     shown(3, 1)
>>> shown.boards, shown.starts
(3, 1)
"""

from __future__ import annotations

import time
from typing import Any

from nqueens.engine.progress import wants_progress

__all__ = ["MakeProgress"]


class MakeProgress:
    """"making 25 x 25, 1 star: 412 boards, start 2" and the time elapsed, on stderr."""

    def __init__(self, n: int, stars: int, *, enabled: bool | None = None,
                 delay: float = 1.0) -> None:
        self.enabled = wants_progress(quiet=False) if enabled is None else enabled
        self.delay = delay
        each = "1 star" if stars == 1 else f"{stars} stars"
        self.label = f"making {n} x {n}, {each}"
        self.boards = 0
        self.starts = 0
        self._start = time.monotonic()
        self._shown = 0.0
        self._bar: Any = None
        self._task: Any = None

    def __enter__(self) -> MakeProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None

    def __call__(self, boards: int, starts: int) -> None:
        """Record the counts; redraw at most ten times a second once `delay` has passed."""
        self.boards, self.starts = boards, starts
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._start < self.delay or now - self._shown < 0.1:
            return
        self._shown = now
        if self._bar is None:
            self._open()
        self._bar.update(self._task, boards=boards, starts=starts)

    def _open(self) -> None:
        from rich.console import Console
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        self._bar = Progress(
            SpinnerColumn(), TextColumn("[bold]{task.description}"),
            TextColumn("{task.fields[boards]:,} boards tried, start {task.fields[starts]}"),
            TimeElapsedColumn(), TextColumn("(Ctrl-C stops)"),
            console=Console(stderr=True), transient=True)
        self._bar.start()
        self._task = self._bar.add_task(self.label, total=None, boards=0, starts=0)
