"""`nqueens dominate N`: the fewest queens that occupy or attack every square.

Prints the domination number of the N x N queen graph (OEIS A075458) with a board that
reaches it, or with `--independent` the independent domination number (the queens attack
no other; OEIS A075324). `--json` prints `{"n": N, "size": S, "queens": [[row, col],
...]}` with 1-based squares. The search is `nqueens.variants.dominate`.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from nqueens.cli._common import board_size

__all__ = ["register", "run"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "dominate", help="the fewest queens that attack or occupy every square",
        description="Find the domination number of the N x N queen graph (OEIS A075458) "
        "with a witness board: the fewest queens that occupy or attack every square. "
        "--independent: queens that attack no other (OEIS A075324). Exact and exponential "
        "in N (N = 11 takes seconds, N = 12 tens of seconds); Ctrl-C stops it.",
    )
    p.add_argument("n", type=board_size, metavar="N", help="board size")
    p.add_argument("--independent", action="store_true",
                   help="the queens may not attack each other")
    p.add_argument("--json", action="store_true",
                   help='print {"n": N, "size": S, "queens": [[row, col], ...]} (1-based)')
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from nqueens.variants import dominate
    from nqueens.variants.spec import MAX_WIDTH

    if args.n > MAX_WIDTH:
        from nqueens.errors import InvalidSizeError

        raise InvalidSizeError(f"N = {args.n} is too large (at most {MAX_WIDTH})")
    d = dominate(args.n, independent=args.independent)
    queens = [[r + 1, c + 1] for r, c in d.queens]
    if args.json:
        print(json.dumps({"n": d.n, "size": d.size, "queens": queens,
                          "independent": d.independent}))
        return 0
    what = ("independent domination number, OEIS A075324" if d.independent
            else "domination number, OEIS A075458")
    kind = "non-attacking queens" if d.independent else "queens"
    print(f"{d.size} {kind} dominate the {d.n}x{d.n} board ({what}):")
    taken = set(d.queens)
    for r in range(d.n):
        print(" ".join("Q" if (r, c) in taken else "." for c in range(d.n)))
    return 0
