"""``nqueens count``: the number of solutions, and of classes up to symmetry.

The default strategy runs the counting engine: every core (``--workers``), a Dask cluster
(``--scheduler`` or ``DASK_SCHEDULER_ADDRESS``), a resumable ledger (``--ledger``), and a
progress bar on a terminal. The pure strategies count in this process only.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from nqueens.cli._common import UsageError, board_size, positive_int

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
        help="local worker processes (default: every core; 1 counts in this process)",
    )
    p.add_argument(
        "--scheduler", metavar="ADDR", default=None,
        help="run on the Dask cluster at ADDR, e.g. tcp://10.0.0.5:8786 "
        "(default: $DASK_SCHEDULER_ADDRESS when set)",
    )
    p.add_argument(
        "--ledger", metavar="FILE", default=None,
        help="record finished subproblems in this SQLite file and resume from it",
    )
    p.add_argument(
        "--gpu", action="store_true",
        help="count on a CUDA GPU (pip install \"nqueens[gpu]\"); with --scheduler, on "
        "workers that have one",
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from nqueens.strategies import DEFAULT_STRATEGY

    strategy = args.strategy or DEFAULT_STRATEGY
    scheduler = args.scheduler or os.environ.get("DASK_SCHEDULER_ADDRESS") or None
    start = time.perf_counter()
    if strategy != "bitmask":
        used = [opt for opt, value in (("--workers", args.workers), ("--ledger", args.ledger),
                                       ("--scheduler", args.scheduler),
                                       ("--gpu", args.gpu or None)) if value is not None]
        if used:
            raise UsageError(
                f"nqueens count: {' and '.join(used)} cannot be combined with "
                f"--strategy {strategy} (the engine needs the default bitmask strategy)"
            )
        from nqueens.counting import count

        result = count(args.n, unique=True, strategy=strategy) if args.unique else None
        total = result.total if result else count(args.n, strategy=strategy)
        unique = result.unique if result else None
        workers, subproblems, device = 1, 1, "cpu"
    else:
        from nqueens.counting import MAX_COUNT_N
        from nqueens.engine.progress import Progress, wants_progress
        from nqueens.engine.run import run_count
        from nqueens.errors import InvalidSizeError

        if args.n > MAX_COUNT_N:
            raise InvalidSizeError(
                f"N = {args.n} is too large to count exactly (at most {MAX_COUNT_N})"
            )
        device = "gpu" if args.gpu else "cpu"
        bar = Progress(enabled=wants_progress(quiet=args.quiet or args.json),
                       label=f"N = {args.n}")
        if scheduler:
            from nqueens.engine.executors import dask_executor

            with dask_executor(scheduler) as (executor, threads):
                engine = run_count(args.n, workers=args.workers or threads, executor=executor,
                                   ledger=args.ledger, progress=bar, device=device)
        else:
            engine = run_count(args.n, workers=args.workers, ledger=args.ledger, progress=bar,
                               device=device)
        total = engine.total
        unique = engine.unique if args.unique else None
        workers, subproblems = engine.workers, engine.subproblems
    seconds = time.perf_counter() - start
    if args.json:
        record: dict[str, object] = {"n": args.n, "total": total}
        if unique is not None:
            record["unique"] = unique
        record["seconds"] = round(seconds, 6)
        record["workers"] = workers
        record["subproblems"] = subproblems
        if device == "gpu":
            from nqueens.engine.gpu import device_name

            record["device"] = "gpu"
            if not scheduler:
                record["gpu"] = device_name()
        print(json.dumps(record))
    elif unique is None:
        print(total)
    else:
        print(f"{total} solutions, {unique} unique up to rotation and reflection")
    return 0
