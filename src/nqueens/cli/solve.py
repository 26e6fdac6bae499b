"""``nqueens solve`` and ``nqueens first``: stream solutions, or print the first one."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from nqueens.cli._common import board_size, positive_int

__all__ = ["FORMATS", "register"]


def _board(s: Any, index: int) -> str:
    return str(s.to_text())


def _grid(s: Any, index: int) -> str:
    return "\n".join("".join(row) for row in s.to_grid())


def _cols(s: Any, index: int) -> str:
    return str(s.to_compact())


def _json(s: Any, index: int) -> str:
    return json.dumps({"n": s.n, "index": index, "cols": list(s.cols)})


FORMATS: dict[str, tuple[Callable[[Any, int], str], bool]] = {
    "board": (_board, True),
    "grid": (_grid, True),
    "cols": (_cols, False),
    "json": (_json, False),
}
"""Format name -> (render one solution, whether solutions are separated by a blank line)."""


def register(sub: Any) -> None:
    from nqueens.strategies import DEFAULT_STRATEGY, STRATEGIES

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("n", type=board_size, metavar="N", help="board size")
    common.add_argument(
        "--format", "-f", choices=tuple(FORMATS), default="board", help="output format"
    )
    common.add_argument(
        "--strategy", "-s", choices=STRATEGIES, default=DEFAULT_STRATEGY,
        help=f"search strategy (default: {DEFAULT_STRATEGY})",
    )

    solve = sub.add_parser(
        "solve", parents=[common], help="stream every solution in search order",
        description="Stream the solutions of the N-queens problem in the textbooks' order "
        "(row by row, columns ascending). json: one object per line with n, index "
        "(1-based) and cols (1-based columns).",
    )
    solve.add_argument("--limit", "-k", type=positive_int, help="stop after K solutions")
    solve.set_defaults(func=run_solve)

    first = sub.add_parser(
        "first", parents=[common], help="print the first solution, or say there is none",
        description="Print the first solution in search order; a board without one prints "
        "a plain sentence (json: null) and exits 0.",
    )
    first.set_defaults(func=run_first)


def run_solve(args: argparse.Namespace) -> int:
    from nqueens.search import solutions

    render, spaced = FORMATS[args.format]
    out = sys.stdout
    for index, s in enumerate(solutions(args.n, strategy=args.strategy, limit=args.limit), 1):
        if spaced and index > 1:
            out.write("\n")
        out.write(render(s, index) + "\n")
    out.flush()
    return 0


def run_first(args: argparse.Namespace) -> int:
    from nqueens.search import first_solution

    s = first_solution(args.n, strategy=args.strategy)
    if s is None:
        if args.format == "json":
            print("null")
        else:
            print(f"no solution: {args.n} queens cannot be placed on a {args.n}x{args.n} board")
        return 0
    render, _ = FORMATS[args.format]
    print(render(s, 1))
    return 0
