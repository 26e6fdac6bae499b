"""`nqueens find`: one solution for huge n, streamed to a file or stdout."""

from __future__ import annotations

import argparse
from typing import Any

from nqueens.cli._common import (
    UsageError,
    atomic_output,
    board_size,
    file_name,
    non_negative_int,
)

__all__ = ["register", "run_find"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "find", help="one solution for huge n (explicit construction or local search)",
        description="Print or save one solution of the N-queens problem for any N >= 4 "
        "(N = 1 too). cols: 1-based columns, one per line (line r holds the column of row "
        "r). npy: numpy .npy file of the 0-based int32 columns (numpy.load gives them back). "
        "Without --out the columns go to stdout.",
    )
    p.add_argument("n", type=board_size, metavar="N", help="board size")
    p.add_argument("--method", "-m", choices=("construct", "local"), default="construct",
                   help="construct: explicit O(n) formula (default); local: min-conflicts "
                   "local search, random, reproducible with --seed")
    p.add_argument("--seed", type=non_negative_int, help="random seed for --method local")
    p.add_argument("--out", "--output", "-o", type=file_name, metavar="FILE",
                   help="write to FILE instead of stdout")
    p.add_argument("--format", "-f", choices=("cols", "npy"),
                   help="cols (text) or npy; default: npy when FILE ends in .npy, else cols")
    p.set_defaults(func=run_find)


def run_find(args: argparse.Namespace) -> int:
    from nqueens.large import find
    from nqueens.large.output import write_solution

    fmt = args.format
    if fmt is None:
        fmt = "npy" if args.out and args.out.lower().endswith(".npy") else "cols"
    if fmt == "npy" and not args.out:
        raise UsageError("--format npy writes a binary file: give it with --out FILE")
    cols = find(args.n, method=args.method, seed=args.seed)
    if args.out:
        with atomic_output(args.out, "wb", say=False) as handle:  # it says so below
            write_solution(cols, handle, fmt=fmt)
        seed = f", seed {args.seed}" if args.seed is not None else ""
        print(f"wrote n={args.n} ({args.method}{seed}, {fmt}) to {args.out}")
    else:
        from nqueens.cli._streams import StdoutBytes

        write_solution(cols, StdoutBytes(), fmt=fmt)  # type: ignore[arg-type]
    return 0
