"""The progress bar of a long count: rich, on a terminal only, after about a second.

A `Progress` is the `progress` callback of `nqueens.count`: the engine calls
it with a `CountProgress` after each finished batch and a few
times a second. Nothing is drawn until the count has run for `delay` seconds, nothing at
all when the stream is not a terminal or the caller asked for quiet. The bar shows the
share of the *work* done (subproblems weighted by their estimated size) and the engine's
ETA. rich is imported only when a bar is actually drawn. Run from a notebook
(`!nqueens count ...`, a terminal that keeps every frame a live bar draws), the bar is
written once, when the count ends (`in_notebook`).

>>> p = Progress(enabled=False)
>>> p.close()
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from nqueens.engine.run import CountProgress

__all__ = ["Progress", "format_seconds", "in_notebook", "wants_progress"]


def in_notebook(environ: Mapping[str, str] | None = None) -> bool:
    """True in a command a Jupyter kernel started (`!nqueens count` in a notebook).

    jupyter_client gives its kernels `JPY_PARENT_PID`; ipykernel sets `TERM=xterm-color`,
    `CLICOLOR_FORCE=1` and `PAGER=cat` for the commands it runs (so VS Code's and
    Colab's kernels are seen too). Their output is a pseudo-terminal whose every frame the
    saved notebook keeps. Cost: O(1).

    >>> in_notebook({"JPY_PARENT_PID": "41"}), in_notebook({"TERM": "xterm-256color"})
    (True, False)
    """
    env = os.environ if environ is None else environ
    return bool(env.get("JPY_PARENT_PID")) or (
        env.get("TERM") == "xterm-color" and env.get("CLICOLOR_FORCE") == "1"
        and env.get("PAGER") == "cat")


def wants_progress(*, quiet: bool, stream: TextIO | None = None) -> bool:
    """True when a bar should be drawn: not quiet and `stream` (stderr) is a terminal.

    Cost: O(1) per call.

    >>> import io
    >>> class Terminal(io.StringIO):
    ...     def isatty(self) -> bool:
    ...         return True
    >>> tty = Terminal()
    >>> wants_progress(quiet=False, stream=tty), wants_progress(quiet=True, stream=tty)
    (True, False)
    >>> wants_progress(quiet=False, stream=io.StringIO())
    False
    """
    stream = sys.stderr if stream is None else stream
    try:
        return not quiet and stream.isatty()
    except (AttributeError, ValueError):
        return False


def format_seconds(seconds: float | None) -> str:
    """A duration for people: `0:42`, `3:07:12`, `12 days`, `3.1e+03 years`.

    Cost: O(1) per call.

    >>> format_seconds(42), format_seconds(11232), format_seconds(86400 * 12)
    ('0:42', '3:07:12', '12 days')
    >>> format_seconds(None), format_seconds(1e11)
    ('-:--', '3.2e+03 years')
    """
    if seconds is None:
        return "-:--"
    s = round(seconds)
    if s < 3600:
        return f"{s // 60}:{s % 60:02d}"
    if s < 86400 * 3:
        return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"
    days = seconds / 86400
    if days < 365 * 3:
        return f"{days:.0f} days"
    years = days / 365.25
    return f"{years:.0f} years" if years < 1000 else f"{years:.2g} years"


class Progress:
    """Work done, subproblems done of total, solutions so far, elapsed and ETA, on stderr."""

    def __init__(self, *, enabled: bool, delay: float = 1.0, label: str = "counting",
                 final_only: bool | None = None) -> None:
        self.enabled = enabled
        self.final_only = in_notebook() if final_only is None else final_only
        self.delay = delay
        self.label = label
        self._start = time.monotonic()
        self._bar: Any = None
        self._task: Any = None
        self.last: CountProgress | None = None

    def __call__(self, info: CountProgress) -> None:
        """Record the latest snapshot; draw it once `delay` has passed. O(1)."""
        self.last = info
        if not self.enabled or self.final_only:
            return
        if self._bar is None:
            if time.monotonic() - self._start < self.delay:
                return
            self._open()
        self._bar.update(self._task, completed=info.fraction,
                         done=f"{info.done}/{info.total}", solutions=info.solutions,
                         eta=format_seconds(info.eta))

    def _open(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        self._bar = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            TextColumn("{task.percentage:>5.1f}%"),
            TextColumn("{task.fields[done]} subproblems"),
            TextColumn("{task.fields[solutions]:,} solutions"),
            TimeElapsedColumn(),
            TextColumn("ETA {task.fields[eta]}"),
            console=Console(stderr=True),
            transient=True,
        )
        self._bar.start()
        self._task = self._bar.add_task(self.label, total=1.0, completed=0.0, done="",
                                        solutions=0, eta="-:--")

    def close(self) -> None:
        """Remove the bar (if it was drawn); the last snapshot stays in `last`.

        Cost: O(1) per call.

        >>> from nqueens.engine.run import CountProgress
        >>> p = Progress(enabled=True, delay=60.0)   # nothing drawn in the first minute
        >>> p(CountProgress(16, 5, 10, 700, 0.5, 2.0, 2.0, 1))
        >>> p.close()
        >>> p.last.done, p.last.total
        (5, 10)
        """
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
        elif (self.enabled and self.final_only and self.last is not None
              and time.monotonic() - self._start >= self.delay):
            # one line, the bar as it ended, where a live bar would leave every frame
            info = self.last
            filled = round(20 * info.fraction)
            print(f"{self.label} [{'#' * filled}{'.' * (20 - filled)}] "
                  f"{100 * info.fraction:5.1f}% {info.done}/{info.total} subproblems "
                  f"{info.solutions:,} solutions {format_seconds(info.elapsed)}",
                  file=sys.stderr, flush=True)
            self.enabled = False
