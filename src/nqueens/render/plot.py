"""The state-space plot: the whole tree, n!, the pruned search and the solutions against n.

It draws `TreeStats` it is given (the counting lives in
`nqueens.analysis.stats`) on a log scale with matplotlib, which is imported only when
a plot is drawn (once) and uses the Agg backend, so no display is needed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import IO

from nqueens._validate import check_choice
from nqueens.analysis.stats import TreeStats
from nqueens.errors import MissingDependencyError, RenderError, install_line

__all__ = ["INSTALL_HINT", "PLOT_FORMATS", "stats_plot"]

INSTALL_HINT = f"the plot needs matplotlib: {install_line('plot')}"


PLOT_FORMATS = ("svg", "png")
"""The picture formats `stats_plot` writes."""

_SERIES = (
    ("tree_nodes", "whole tree 1 + n + ... + n^n", "o-"),
    ("candidates", "candidates n!", "s-"),
    ("checked", "nodes checked (backtracking)", "^-"),
    ("promising", "promising nodes", "v-"),
    ("solutions", "solutions", "d-"),
)


def stats_plot(results: Sequence[TreeStats], handle: IO[bytes], *, fmt: str = "svg") -> None:
    """Draw the columns of `results` against n, on a log scale, into `handle`.

    Cost: O(len(results)) points, plus importing matplotlib the first time (docs/performance.md).
    `fmt` is `svg` (byte-identical for the same results: no date is written) or
    `png`; any other raises `UnknownOptionError` before a byte
    is written, and a missing matplotlib `MissingDependencyError`
    (saying what to install). Zero counts (no solutions for n = 2, 3) are left out of the
    log scale.

    >>> import io
    >>> from nqueens.analysis.stats import tree_stats
    >>> out = io.BytesIO()
    >>> try:  # with the plot extra an SVG; without it one line saying what to install
    ...     stats_plot([tree_stats(4), tree_stats(5)], out)
    ...     drawn = out.getvalue().startswith(b"<?xml") and b"</svg>" in out.getvalue()
    ... except MissingDependencyError as err:
    ...     drawn = str(err).startswith(INSTALL_HINT) and out.getvalue() == b""
    >>> drawn
    True
    >>> stats_plot([], out, fmt="gif")
    Traceback (most recent call last):
    ...
    nqueens.errors.UnknownOptionError: unknown fmt 'gif'; choose one of svg, png
    """
    check_choice(fmt, "fmt", PLOT_FORMATS)
    try:  # a bare Figure draws without pyplot: the caller's own backend is left alone
        from matplotlib.figure import Figure
    except ImportError as err:
        raise MissingDependencyError(f"{INSTALL_HINT} ({err})") from None
    except ValueError as err:  # matplotlib refuses its own settings (MPLBACKEND=garbage)
        reason = str(err).split("; supported values")[0]
        raise RenderError(f"matplotlib cannot start: {reason}") from None

    fig = Figure(figsize=(7, 4.5))
    ax = fig.add_subplot()
    ns = [s.n for s in results]
    for key, label, marker in _SERIES:
        ys = [getattr(s, key) for s in results]
        ax.plot(ns, [y if y > 0 else float("nan") for y in ys], marker, label=label)
    ax.set_yscale("log")
    ax.set_xlabel("n")
    ax.set_ylabel("nodes")
    ax.set_title("N-Queens state-space tree: whole vs pruned")
    ax.set_xticks(ns)
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(handle, format=fmt, metadata={"Date": None} if fmt == "svg" else None)
