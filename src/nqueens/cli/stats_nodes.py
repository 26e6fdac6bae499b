"""`nqueens stats N --nodes-only`: the backtrack tree's node count (A319283) on the engine.

The count runs in subproblems (`nqueens.counting.count_tree`) on `--workers` threads,
recorded in `--ledger FILE` when given, so a rerun of the same command resumes after
Ctrl-C or SIGKILL; a count expected to take over a minute says so first. Only the nodes and
the solutions: the book's other columns and `--levels` / `--plot` need `stats` without it.
No algorithm lives here.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from nqueens.cli._common import UsageError, cap_workers, ledger_name

__all__ = ["add_nodes_options", "run_nodes"]

LONG_SECONDS = 60.0
"""A count expected to take longer than this says so on stderr before it starts."""


def add_nodes_options(p: Any) -> None:
    """`--nodes-only`, `--ledger`, `--workers` and `--quiet` on `stats`' parser."""
    p.add_argument("--nodes-only", action="store_true",
                   help="count only the tree's nodes (A319283) and solutions, on the engine: "
                   "N up to 30, resumable with --ledger")
    p.add_argument("--ledger", type=ledger_name, metavar="FILE", default=None,
                   help="with --nodes-only: record finished subproblems here; resume from it")
    p.add_argument("--workers", type=int, metavar="W", default=None,
                   help="with --nodes-only: worker threads (default every core)")
    p.add_argument("--quiet", "-q", action="store_true",
                   help="with --nodes-only: no progress bar and no cost line")


def run_nodes(args: argparse.Namespace) -> int:
    """The node counts of `args.n`: one line per N (or one JSON object)."""
    from nqueens.counting import count_tree
    from nqueens.engine.backends import ThreadBackend
    from nqueens.engine.problem_tree import MAX_TREE_N
    from nqueens.engine.progress import Progress, wants_progress

    _refuse(args, MAX_TREE_N)
    workers = cap_workers("stats", args.workers)
    for n in args.n:
        bar = Progress(enabled=wants_progress(quiet=args.quiet or args.json),
                       label=f"N = {n}")
        estimate: dict[str, object] | None = None

        def on_estimate(e: Any) -> None:
            nonlocal estimate
            estimate = e.to_json()
            if e.seconds >= LONG_SECONDS and not args.quiet:
                _say_cost(e)

        start = time.perf_counter()
        try:
            got = count_tree(n, backend=ThreadBackend(workers), ledger=args.ledger,
                             progress=bar, on_estimate=on_estimate)
        except KeyboardInterrupt as stop:
            if type(stop) is KeyboardInterrupt:
                stop.add_note(_resume_note(args, n))
            raise
        finally:
            bar.close()
        seconds = time.perf_counter() - start
        if args.json:
            print(json.dumps({"n": n, "nodes": got.nodes, "solutions": got.solutions,
                              "seconds": round(seconds, 6), "workers": workers,
                              "estimate": estimate}), flush=True)
        else:
            print(f"N = {n}: {got.nodes} nodes, {got.solutions} solutions", flush=True)
    return 0


def _refuse(args: argparse.Namespace, largest: int) -> None:
    if args.levels or args.plot is not None:
        raise UsageError(f"{'--levels' if args.levels else '--plot'} cannot be combined with "
                         "--nodes-only (it counts only the nodes and the solutions)")
    if args.ledger is not None and len(args.n) > 1:
        raise UsageError("--ledger holds the count of one N: give one N with --nodes-only "
                         "--ledger")
    if args.workers is not None and args.workers < 1:
        raise UsageError(f"--workers must be a positive integer, got {args.workers}")
    for n in args.n:
        if n > largest:
            raise UsageError(f"N must be from 1 to {largest} for stats --nodes-only, got {n}")


def _say_cost(e: Any) -> None:
    from nqueens.engine.progress import format_seconds

    who = "1 worker" if e.workers == 1 else f"{e.workers} workers"
    print(f"nqueens: N = {e.n}'s backtrack tree has about {e.solutions:.2g} nodes; counting "
          f"them should take about {format_seconds(e.seconds)} with {who} here",
          file=sys.stderr)
    print("nqueens: (foreseen from the tree's measured growth per n, at the rate timed on a "
          "small tree here; Ctrl-C stops, --ledger resumes)", file=sys.stderr, flush=True)


def _resume_note(args: argparse.Namespace, n: int) -> str:
    if args.ledger is None:
        return "nothing was kept: --ledger FILE makes a count resumable"
    import shlex

    return f"resume with: nqueens stats {n} --nodes-only --ledger {shlex.quote(args.ledger)}"
