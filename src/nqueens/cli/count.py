"""``nqueens count``: the number of solutions, and of classes up to symmetry."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from nqueens.cli._common import board_size

__all__ = ["register"]


def register(sub: Any) -> None:
    from nqueens.strategies import DEFAULT_STRATEGY, STRATEGIES

    p = sub.add_parser(
        "count", help="count the solutions (and the classes up to symmetry)",
        description="Count the solutions of the N-queens problem exactly. --unique also "
        "counts the classes up to rotation and reflection (OEIS A002562).",
    )
    p.add_argument("n", type=board_size, metavar="N", help="board size")
    p.add_argument("--unique", "-u", action="store_true", help="also count symmetry classes")
    p.add_argument(
        "--strategy", "-s", choices=STRATEGIES, default=DEFAULT_STRATEGY,
        help=f"search strategy (default: {DEFAULT_STRATEGY})",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from nqueens.counting import count

    start = time.perf_counter()
    if args.unique:
        result = count(args.n, unique=True, strategy=args.strategy)
        total, unique = result.total, result.unique
    else:
        total, unique = count(args.n, strategy=args.strategy), None
    seconds = time.perf_counter() - start
    if args.json:
        record: dict[str, object] = {"n": args.n, "total": total}
        if unique is not None:
            record["unique"] = unique
        record["seconds"] = round(seconds, 6)
        print(json.dumps(record))
    elif unique is None:
        print(total)
    else:
        print(f"{total} solutions, {unique} unique up to rotation and reflection")
    return 0
