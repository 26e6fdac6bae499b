"""What the long searches of the command line share: `--timeout S`, its exit status and
line, and the progress line a person at a terminal sees past `PROGRESS_AFTER` seconds.

`nqueens complete` and `nqueens puzzle solve|count` use them, so a search stopped at its
limit reads alike everywhere: "nqueens: unknown after S s: ..." on stderr, exit
`EXIT_UNKNOWN`.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

__all__ = ["EXIT_UNKNOWN", "PROGRESS_AFTER", "add_timeout", "clear_progress", "progress_line",
           "seconds"]

EXIT_UNKNOWN = 4
"""Exit status when `--timeout` stopped the search before it had an answer."""

PROGRESS_AFTER = 3.0
"""Seconds before a search on a terminal starts showing its progress line."""


def seconds(text: str) -> float:
    """argparse type: a positive number of seconds below 10**9.

    >>> seconds("2.5"), seconds("1e3")
    (2.5, 1000.0)
    """
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < 10**9:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def add_timeout(p: argparse.ArgumentParser) -> None:
    """The `--timeout S` option, worded once."""
    p.add_argument("--timeout", type=seconds, metavar="S",
                   help=f"give up after S seconds: prints 'unknown after S s', exit "
                   f"{EXIT_UNKNOWN}")


def progress_line() -> Any:
    """On a terminal (stderr), a callback that shows the search's time and nodes once it has
    run past `PROGRESS_AFTER` seconds (at most twice a second); None elsewhere."""
    if not sys.stderr.isatty():
        return None
    shown = [0.0]

    def show(nodes: int, seconds: float) -> None:
        if seconds >= PROGRESS_AFTER and seconds - shown[0] >= 0.5:
            shown[0] = seconds
            work = f", {nodes:,} nodes" if nodes else ""   # the SAT solver counts none
            sys.stderr.write(f"\rnqueens: searching, {seconds:.0f} s{work} (Ctrl-C stops)"
                             "\x1b[K")
            sys.stderr.flush()

    show.shown = shown  # type: ignore[attr-defined]
    return show


def clear_progress(show: Any) -> None:
    """Wipe the progress line, if one was shown."""
    if show is not None and show.shown[0]:
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()
