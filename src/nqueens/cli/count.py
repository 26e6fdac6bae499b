"""``nqueens count``: the number of solutions, and of classes up to symmetry.

The default strategy runs the counting engine through :func:`nqueens.count`: threads on
every core (``--workers``), a Dask cluster (``--scheduler`` or ``DASK_SCHEDULER_ADDRESS``),
a resumable ledger (``--ledger``), a progress bar on a terminal, and - for a count expected
to take over a minute - its estimated cost on stderr before it starts (and in ``--json``).
The pure strategies count in this process only.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from nqueens.cli._common import (
    UsageError,
    add_dask_options,
    board_size,
    cap_workers,
    check_address,
    check_dask_options,
    dask_options,
    file_name,
    ledger_options,
    positive_int,
)
from nqueens.cli.variants import add_variant_options, wants_variant
from nqueens.cli.variants import run_count as run_variant_count

__all__ = ["register", "run"]


def register(sub: Any) -> None:
    from nqueens.strategies import DEFAULT_STRATEGY, STRATEGIES

    p = sub.add_parser(
        "count", help="count the solutions (and the classes up to symmetry)",
        description="Count the solutions of the N-queens problem exactly. --unique also "
        "counts the classes up to rotation and reflection (OEIS A002562). The default "
        "strategy counts start constellations under the full symmetry group on every core; "
        "--scheduler runs it on a Dask cluster, --ledger makes it resumable.",
    )
    p.add_argument("n", type=board_size, metavar="N", help="board size")
    p.add_argument("--unique", "-u", action="store_true", help="also count symmetry classes")
    p.add_argument(
        "--strategy", "-s", choices=STRATEGIES, default=None,
        help=f"search strategy (default: {DEFAULT_STRATEGY}, the counting engine)",
    )
    p.add_argument(
        "--workers", "-w", type=positive_int, default=None, metavar="W",
        help="worker threads (default: every core; 1 counts in the calling thread)",
    )
    p.add_argument(
        "--scheduler", metavar="ADDR", default=None,
        help="run on the Dask cluster at ADDR, e.g. tcp://10.0.0.5:8786 "
        "(default: $DASK_SCHEDULER_ADDRESS when set)",
    )
    p.add_argument(
        "--ledger", type=file_name, metavar="FILE", default=None,
        help="record finished subproblems in this SQLite file and resume from it",
    )
    p.add_argument("--repair", action="store_true",
                   help="recount the ledger rows that fail their check instead of refusing")
    p.add_argument("--wait", action="store_true",
                   help="wait for another count holding the ledger instead of refusing")
    add_dask_options(p)
    p.add_argument(
        "--gpu", action="store_true",
        help="count on a CUDA GPU (pip install \".[gpu]\"); with --scheduler, on "
        "workers that have one",
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_variant_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if wants_variant(args):  # --variant, --width, --queens: nqueens.cli.variants
        return run_variant_count(args)
    from nqueens.counting import count
    from nqueens.strategies import DEFAULT_STRATEGY

    strategy = args.strategy or DEFAULT_STRATEGY
    scheduler = (args.scheduler if args.scheduler is not None
                 else os.environ.get("DASK_SCHEDULER_ADDRESS") or None)
    for flag in ("repair", "wait"):
        if getattr(args, flag) and args.ledger is None:
            raise UsageError(f"--{flag} applies only to --ledger FILE")
    check_dask_options(args, scheduler, from_env=True, ledger=args.ledger)
    start = time.perf_counter()
    estimate: dict[str, object] | None = None
    if strategy != "bitmask":
        used = [opt for opt, value in (("--workers", args.workers), ("--ledger", args.ledger),
                                       ("--scheduler", args.scheduler),
                                       ("--scheduler-timeout", args.scheduler_timeout),
                                       ("--dask-log", args.dask_log),
                                       ("--gpu", args.gpu or None)) if value is not None]
        if used:
            raise UsageError(
                f"{' and '.join(used)} cannot be combined with "
                f"--strategy {strategy} (the engine needs the default bitmask strategy)"
            )
        result = count(args.n, unique=True, strategy=strategy) if args.unique else None
        total = result.total if result else count(args.n, strategy=strategy)
        workers, subproblems, device = 1, 1, "cpu"
    else:
        from nqueens.counting import MAX_COUNT_N, SMALL_N
        from nqueens.engine.progress import Progress, wants_progress
        from nqueens.errors import InvalidSizeError

        if args.n > MAX_COUNT_N:
            raise InvalidSizeError(
                f"N = {args.n} is too large to count exactly (at most {MAX_COUNT_N})"
            )
        if scheduler is not None:
            check_address(scheduler)
        device = "gpu" if args.gpu else "cpu"
        bar = Progress(enabled=wants_progress(quiet=args.quiet or args.json),
                       label=f"N = {args.n}")

        def on_estimate(e: Any) -> None:
            nonlocal estimate
            estimate = e.to_json()
            if e.seconds >= LONG_SECONDS and not args.quiet:
                _say_cost(e)

        if args.n > SMALL_N and device == "cpu":
            _announce_compiling(args.n)
        try:
            workers = args.workers
            if scheduler is None and workers is not None:
                workers = cap_workers("count", workers)
            dask = dask_options(args)
            result = count(args.n, unique=True, workers=workers, scheduler=scheduler,
                           ledger=args.ledger, progress=bar, on_estimate=on_estimate,
                           scheduler_timeout=dask["lost_after"], dask_log=dask["log"],
                           device=device, **ledger_options(args))
        finally:
            bar.close()
        last = bar.last
        workers = last.workers if last else 1
        subproblems = last.total if last else 1
        total = result.total
    unique = result.unique if result and args.unique else None
    seconds = time.perf_counter() - start
    if args.json:
        # one shape for every N and option: a key not measured is null, never left out
        gpu = None
        if device == "gpu" and not scheduler:
            from nqueens.engine.gpu import device_name

            gpu = device_name()
        print(json.dumps({"n": args.n, "total": total, "unique": unique,
                          "seconds": round(seconds, 6), "workers": workers,
                          "subproblems": subproblems, "estimate": estimate,
                          "device": device, "gpu": gpu}))
    elif unique is None:
        print(total)
    else:
        word = "solution" if total == 1 else "solutions"
        print(f"{total} {word}, {unique} unique up to rotation and reflection")
    return 0


LONG_SECONDS = 60.0
"""A count expected to take longer than this says so on stderr before it starts."""


def _say_cost(e: Any) -> None:
    from nqueens.engine.progress import format_seconds

    who = "1 worker" if e.workers == 1 else f"{e.workers} workers"
    print(f"nqueens: N = {e.n} has about {e.solutions:.2g} solutions; counting them should "
          f"take about {format_seconds(e.seconds)} with {who} here", file=sys.stderr)
    print("nqueens: (Knuth's estimate, timed on this machine; Ctrl-C stops, --ledger resumes)",
          file=sys.stderr, flush=True)


def _announce_compiling(n: int) -> None:
    """On a terminal, say once that the first run compiles the counting kernels."""
    if sys.stderr is None or not sys.stderr.isatty():
        return
    from nqueens._jit import needs_compiling
    from nqueens.engine.run import WEIGH_MIN_N
    from nqueens.kernels import constellations as k

    kernels: list[object] = [k.list_orbit_block, k.count_slice]
    if n >= WEIGH_MIN_N:
        kernels.append(k.estimate_constellations)
    if needs_compiling(*kernels):
        print("nqueens: compiling the counting kernels (first run only; this takes a while)",
              file=sys.stderr, flush=True)
