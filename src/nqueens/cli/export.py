"""`nqueens export`: write a board, a partial board or a variant for another solver."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from nqueens.cli._common import (
    UsageError,
    add_given_option,
    atomic_output,
    board_size,
    file_name,
    non_negative_int,
    positive_int,
    same_file,
)

__all__ = ["register", "run_export"]

_FORMATS = ("cnf", "opb", "mzn", "xcsp3", "xcc")
_ENCODINGS = ("pairwise", "sequential", "commander")
_VARIANTS = ("classic", "toroidal", "superqueens")


def register(sub: Any) -> None:
    p = sub.add_parser(
        "export", help="write the problem for a SAT, PB, CP or exact-cover solver",
        description="Write the N-queens problem (or a partial board, or a variant) in a "
        "solver's format: DIMACS CNF, OPB, MiniZinc, XCSP3 or Knuth's XCC. Square (row r, "
        "column c), 0-based, is variable r*M + c + 1 (M columns) in CNF and OPB. Every "
        "solution of the file is one board, so a solver that counts its models counts "
        "ours. --given gives placed queens as in 'complete'; the number of queens of the "
        "K-queens problem is --k K. See docs/exports.md.",
    )
    p.add_argument("n", type=board_size, metavar="N", nargs="?",
                   help="board size: N rows (optional with --board)")
    p.add_argument("--to", "-t", required=True, choices=_FORMATS, metavar="FORMAT",
                   help="cnf, opb, mzn (MiniZinc), xcsp3 (save it as FILE.xml for ACE) or "
                   "xcc (Knuth's exact cover with colours)")
    p.add_argument("--output", "--out", "-o", type=file_name, metavar="FILE",
                   help="write to FILE (default: standard output)")
    p.add_argument("--encoding", "-e", choices=_ENCODINGS, metavar="ENCODING",
                   help="with --to cnf: the at-most-one encoding, pairwise (default), "
                   "sequential or commander")
    src = p.add_mutually_exclusive_group()
    add_given_option(src, "the given (placed) queens, 1-based, e.g. '1,1 2,5' (as in "
                     "complete)")
    src.add_argument("--board", "-b", type=file_name, metavar="FILE",
                     help="read the partial board from FILE (Q queen, . empty, x blocked)")
    p.add_argument("--blocked", "-x", default="", metavar="'R,C ...'",
                   help="squares no queen may use, 1-based")
    p.add_argument("--variant", choices=_VARIANTS, default="classic", metavar="VARIANT",
                   help="classic (default), toroidal (diagonals wrap around) or superqueens "
                   "(queens also move as knights)")
    p.add_argument("--width", "-w", type=positive_int, metavar="M",
                   help="N queens on N rows and M >= N columns")
    p.add_argument("--k", type=non_negative_int, metavar="K",
                   help="exactly K queens on the N x N board, at most one per row and "
                   "column (the K-queens problem)")
    p.set_defaults(func=run_export)


XCSP3_SUFFIX_NOTE = ("ACE, pycsp3's XCSP3 solver, reads an XCSP3 file only when its name "
                     "ends in .xml")
"""Said when `--to xcsp3` writes to a file named otherwise (ACE takes it for a class)."""


def _givens(text: str) -> list[tuple[int, int]]:
    from nqueens.completion import parse_squares

    if text.strip().isdigit():
        raise UsageError(f"--given takes placed queens 'R,C ...' (as in complete), got "
                         f"{text.strip()!r}; for K queens on the board write --k {text.strip()}")
    return parse_squares(text)


def run_export(args: argparse.Namespace) -> int:
    from nqueens.completion import parse_board, parse_squares
    from nqueens.exports import board_problem, export_lines

    if args.encoding is not None and args.to != "cnf":
        raise UsageError(f"--encoding applies only to --to cnf, not --to {args.to}")
    blocked = parse_squares(args.blocked)
    if args.board is not None:
        from nqueens.files import read_limited

        if args.width is not None:
            raise UsageError("--board reads a square board; --width does not apply")
        text = read_limited(args.board, 1 << 24, what="board file").removeprefix("\ufeff")
        n, placed, on_board = parse_board(text)
        if args.n is not None and args.n != n:
            raise UsageError(f"N is {args.n} but the board in {args.board!r} has {n} rows")
        blocked = on_board + blocked
        if args.output is not None and same_file(args.output, args.board):
            raise UsageError(f"--output names the board file {args.board!r}; the export "
                             "would overwrite it")
    else:
        if args.n is None:
            raise UsageError("give the board size N (or a board with --board FILE)")
        n = args.n
        placed = _givens(args.givens)
    problem = board_problem(n, width=args.width, variant=args.variant, k=args.k,
                            givens=placed, blocked=blocked)
    lines = export_lines(problem, args.to, encoding=args.encoding)
    if args.to == "xcsp3" and args.output is not None and not args.output.endswith(".xml"):
        print(f"nqueens: note: {XCSP3_SUFFIX_NOTE}", file=sys.stderr)
    if args.output is None:
        sys.stdout.writelines(lines)
    else:
        with atomic_output(args.output) as out:
            out.writelines(lines)
    return 0
