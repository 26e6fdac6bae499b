"""`nqueens stats`: the textbook's state-space table, per-depth profiles, and a log plot
(drawn by `nqueens.render.plot`)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from nqueens.cli._common import UsageError, atomic_output, board_size, file_name
from nqueens.cli.stats_nodes import add_nodes_options, run_nodes

__all__ = ["register", "run"]

_COLUMNS = (
    ("n", "n"),
    ("tree_nodes", "whole tree"),
    ("candidates", "n!"),
    ("checked", "checked"),
    ("promising", "promising"),
    ("solutions", "solutions"),
    ("speedup", "n^n/(checked-1)"),   # the slides' n^n over the squares tried
)


def register(sub: Any) -> None:
    p = sub.add_parser(
        "stats", help="state-space statistics of the backtracking search (the book's table)",
        description="For each N: nodes of the whole state-space tree (1 + n + ... + n^n), "
        "candidate solutions n!, nodes checked by backtracking (root included, as the "
        "textbook counts), promising nodes (root included), solutions, and the slides' "
        "speed-up n^n / squares tried. Exact, from a compiled kernel (N up to 18; "
        "16 takes seconds). See docs/statistics.md for the conventions.",
    )
    p.add_argument("n", type=board_size, nargs="+", metavar="N",
                   help="board sizes (1 to 18; with --nodes-only 1 to 30)")
    p.add_argument("--json", action="store_true", help="print one JSON object per N")
    p.add_argument("--levels", action="store_true",
                   help="also print nodes checked and promising nodes per depth")
    p.add_argument("--plot", type=file_name, metavar="FILE",
                   help="draw the columns against n on a log scale into FILE (.svg or .png)")
    add_nodes_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from nqueens.analysis.stats import MAX_STATS_N, tree_stats
    from nqueens.errors import InvalidSizeError, UnknownOptionError
    from nqueens.render.plot import PLOT_FORMATS, stats_plot

    if args.nodes_only:
        return run_nodes(args)
    for flag, value in (("--ledger", args.ledger), ("--workers", args.workers),
                        ("--quiet", args.quiet or None)):
        if value is not None:
            raise UsageError(f"{flag} applies only to --nodes-only (the node count on the "
                             "engine)")
    for n in args.n:
        if n > MAX_STATS_N:
            raise InvalidSizeError(f"N must be from 1 to {MAX_STATS_N} for stats, got {n} "
                                   "(stats N --nodes-only counts the nodes up to N = 30)")
    plot_format = None
    if args.plot is not None:
        name = Path(args.plot).name
        plot_format = Path(args.plot).suffix.lower().lstrip(".")
        if name[:1] == "." and name[1:].lower() in PLOT_FORMATS:  # ".svg": no suffix to Path
            raise UnknownOptionError(
                f"the plot file {args.plot!r} needs a name before {name}, such as plot{name}"
            )
        if plot_format not in PLOT_FORMATS:
            raise UnknownOptionError(
                f"cannot tell the plot format of {args.plot!r}; name the file .svg or .png"
            )
    if args.plot is not None:
        with atomic_output(args.plot, "wb") as handle:
            results = [tree_stats(n) for n in args.n]
            stats_plot(results, handle, fmt=plot_format or "svg")
    else:
        results = [tree_stats(n) for n in args.n]
    out = sys.stdout
    if args.json:
        for s in results:
            out.write(json.dumps(s.to_json()) + "\n")
        return 0
    out.write(_table(results))
    if args.levels:
        for s in results:
            out.write("\n" + _levels(s))
    return 0


def _cell(s: Any, key: str) -> str:
    value = s.n if key == "n" else getattr(s, key)
    if key == "speedup":
        return f"{value:,.1f}"
    return f"{value:,}"


def _table(results: list[Any]) -> str:
    rows = [[title for _, title in _COLUMNS]]
    rows += [[_cell(s, key) for key, _ in _COLUMNS] for s in results]
    widths = [max(len(r[i]) for r in rows) for i in range(len(_COLUMNS))]
    return "".join("  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) + "\n"
                   for r in rows)


def _levels(s: Any) -> str:
    rows = [["depth", "checked", "promising"]]
    rows += [[str(d), f"{c:,}", f"{p:,}"]
             for d, (c, p) in enumerate(zip(s.checked_levels, s.levels, strict=True))]
    rows.append(["total", f"{s.checked:,}", f"{s.promising:,}"])
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    head = f"n = {s.n}: nodes per depth (depth n holds the {s.solutions:,} solutions)\n"
    return head + "".join("  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) + "\n"
                          for r in rows)
