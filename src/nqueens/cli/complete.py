"""`nqueens complete`: finish a partial board, count its completions, or prove there is none."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from nqueens.cli._common import (
    EXIT_NEGATIVE,
    UsageError,
    add_given_option,
    add_json_shorthand,
    board_size,
    file_name,
    non_negative_int,
)
from nqueens.cli._searching import (
    EXIT_UNKNOWN,
    add_timeout,
    clear_progress,
    progress_line,
)

__all__ = ["EXIT_NONE", "EXIT_UNKNOWN", "register", "run_complete"]

EXIT_NONE = EXIT_NEGATIVE
"""Exit status when the exhaustive search found no completion."""


def register(sub: Any) -> None:
    p = sub.add_parser(
        "complete", help="finish a partial board, count completions, or prove there is none",
        description="Complete a board on which some queens are already placed (1-based "
        "ROW,COL squares), optionally with blocked squares; N up to 1000. 'no completion' is "
        "a proof (exit 1): the search that says so was exhaustive. Bad boards exit 2. A board "
        "FILE has one line per row of Q (placed queen), . (empty) and x (blocked); a "
        "completion puzzle, and every format nqueens writes, are read too (docs/formats.md). "
        "An "
        "--instance FILE is one of the field's benchmarks: CSPLib prob079 (excluded "
        "diagonals, .param), prob080 (blocked queens, .param, 1-based) or XCSP 2022 JSON "
        "(0-based), told from the content. --timeout S ends a search that has no answer "
        "after S seconds with 'unknown after S s' (exit 4). Ctrl-C "
        "stops any search within a second (exit 130).",
    )
    p.add_argument("n", type=board_size, metavar="N", nargs="?",
                   help="board size (optional with --board)")
    src = p.add_mutually_exclusive_group()
    add_given_option(src, "the given (placed) queens, 1-based, e.g. '1,1 2,5'")
    src.add_argument("--board", "-b", type=file_name, metavar="FILE",
                     help="read the partial board from FILE")
    src.add_argument("--random", type=non_negative_int, metavar="K",
                     help="a random instance with K placed non-attacking queens")
    src.add_argument("--instance", "-i", type=file_name, metavar="FILE",
                     help="a benchmark instance: CSPLib prob079 or prob080 .param, or XCSP "
                     "2022 BlockedQueens JSON")
    p.add_argument("--first", type=non_negative_int, metavar="D",
                   help="with a prob079 --instance: exclude only its first D diagonals (the "
                   "benchmark's instance at D; default all)")
    p.add_argument("--diagonals", "-d", default="", metavar="'sK dK ...'",
                   help="excluded diagonals, no queen on them: sK is row + col = K, dK is "
                   "row - col = K (1-based squares), e.g. 's7 d-2'")
    add_timeout(p)
    p.add_argument("--blocked", "-x", default="", metavar="'R,C ...'",
                   help="squares no queen may use, 1-based")
    p.add_argument("--seed", type=non_negative_int, help="random seed for --random")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--count", action="store_true", help="count the completions")
    what.add_argument("--all", action="store_true", help="stream every completion")
    p.add_argument("--limit", "-k", type=non_negative_int,
                   help="with --all: stop after K completions; with --count: stop counting "
                   "past K (prints 'more than K')")
    p.add_argument("--order", choices=("auto", "rows", "constrained"), default="auto",
                   help="search order. rows: the textbook order (rows top-down, columns "
                   "ascending): the answer is the FIRST completion in search order and --all "
                   "lists completions in that order; slow on large random boards. "
                   "constrained: the row or column with the fewest open squares first, with "
                   "seeded random restarts for one answer (fast up to N = 200 and beyond; "
                   "--all then lists in that search's order, not the textbook's). auto "
                   "(default): rows for N <= 24, constrained beyond. --count is the same in "
                   "any order")
    shape = p.add_mutually_exclusive_group()
    shape.add_argument("--format", "-f", choices=("board", "cols", "json"),
                       help="board (Q and .; the default, but cols on a terminal too narrow "
                       "for the board), cols (1-based columns) or json")
    add_json_shorthand(shape)
    p.set_defaults(func=run_complete)


def _default_format(n: int, out: Any) -> str:
    """`board`, or `cols` where the board would not fit the terminal it goes to (said
    on stderr, with how to get the board anyway)."""
    import shutil

    if not out.isatty() or 2 * n - 1 <= shutil.get_terminal_size().columns:
        return "board"
    print(f"nqueens: a {n}x{n} board is wider than this terminal: its 1-based columns "
          "follow (--format board draws it anyway)", file=sys.stderr)
    return "cols"


def _squares_text(squares: list[tuple[int, int]]) -> str:
    return " ".join(f"{r + 1},{c + 1}" for r, c in squares)


def _one(solution: Any) -> Any:
    return iter(() if solution is None else (solution,))


def run_complete(args: argparse.Namespace) -> int:
    from nqueens.completion import complete, completions, count_completions
    from nqueens.diagonals import format_diagonals
    from nqueens.errors import SearchTimeout

    _check_usage(args)
    n, placed, blocked, diagonals = _board(args)
    out = sys.stdout
    fmt = args.format or _default_format(n, out)
    instance = {"n": n, "queens": [[r + 1, c + 1] for r, c in placed],
                "blocked": [[r + 1, c + 1] for r, c in blocked]}
    if diagonals:
        instance["diagonals"] = format_diagonals(diagonals).split()
    # prose on stdout only with a board, which a person reads; cols and json are for programs
    say = out if fmt == "board" else sys.stderr
    if args.random is not None and fmt != "json":
        extra = f" --blocked {_squares_text(blocked)!r}" if blocked else ""
        say.write(f"instance: nqueens complete {n} --given {_squares_text(placed)!r}{extra}\n")

    # the library takes the command line's 1-based text too: its messages then speak 1-based
    queens_text, blocked_text = _squares_text(placed), _squares_text(blocked)
    limits = {"diagonals": format_diagonals(diagonals), "timeout": args.timeout,
              "progress": progress_line()}
    try:
        if args.count:
            total = count_completions(n, queens_text, blocked=blocked_text, limit=args.limit,
                                      **limits)
            clear_progress(limits["progress"])
            _print_count(out, fmt, instance, total, args.limit)
            return 0 if total else EXIT_NONE
        if args.all:
            stream = completions(n, queens_text, blocked=blocked_text, order=args.order,
                                 **limits)
        else:
            stream = _one(complete(n, queens_text, blocked=blocked_text, order=args.order,
                                   **limits))
        found = _print_completions(stream, args, out, fmt, instance, placed, blocked)
    except SearchTimeout as stop:
        clear_progress(limits["progress"])
        if fmt == "json":
            out.write(json.dumps({**instance, "unknown_after": args.timeout}) + "\n")
        print(f"nqueens: {stop}", file=sys.stderr)
        return EXIT_UNKNOWN
    clear_progress(limits["progress"])
    if found == 0:
        if fmt == "json":
            out.write(json.dumps({**instance, "index": None, "cols": None, "exhaustive": True})
                      + "\n")
        else:
            left = n - len(placed)
            say.write(f"no completion: the exhaustive search proves that no placement of the "
                      f"other {left} queen{'s' if left != 1 else ''} completes this board\n")
        return EXIT_NONE
    return 0


def _check_usage(args: argparse.Namespace) -> None:
    if args.seed is not None and args.random is None:
        raise UsageError("--seed applies only to --random K")
    if args.limit is not None and not (args.all or args.count):
        raise UsageError("--limit applies only to --all or --count")
    if args.limit == 0 and args.all:
        raise UsageError("--limit with --all must be at least 1")
    if args.first is not None and args.instance is None:
        raise UsageError("--first applies only to a prob079 --instance FILE")


def _board(args: argparse.Namespace) -> tuple[int, list[Any], list[Any], list[Any]]:
    """The board size, the placed queens, the blocked squares and the excluded diagonals
    (checked) the options give."""
    n, placed, blocked, diagonals = _squares_of(args)
    from nqueens.diagonals import check_diagonals

    given = check_diagonals(n, args.diagonals)  # 1-based text: its messages speak 1-based
    return n, placed, blocked, check_diagonals(n, diagonals + given)


def _squares_of(args: argparse.Namespace) -> tuple[int, list[Any], list[Any], list[Any]]:
    from nqueens.completion import parse_squares, random_instance

    blocked = parse_squares(args.blocked)
    if args.instance is not None:
        from nqueens.instances import read_instance

        inst = read_instance(args.instance, first=args.first)
        if args.n is not None and args.n != inst.n:
            raise UsageError(f"N is {args.n} but the instance in {args.instance!r} has "
                             f"n = {inst.n}")
        return inst.n, inst.queens, inst.blocked + blocked, inst.diagonals
    if args.board is not None:
        from nqueens.formats import partial_board

        # any format nqueens writes: a board, a grid, a completion puzzle, cols, json, npy
        n, placed, on_board = partial_board(args.board)
        if args.n is not None and args.n != n:
            raise UsageError(f"N is {args.n} but the board in {args.board!r} has {n} rows")
        return n, placed, on_board + blocked, []
    if args.n is None:
        raise UsageError("give the board size N (or a board with --board FILE)")
    n = args.n
    if args.random is None:
        return n, parse_squares(args.givens), blocked, []
    if args.random > n:
        raise UsageError(f"--random K places at most N = {n} queens, got {args.random}")
    return n, random_instance(n, args.random, seed=args.seed), blocked, []


def _print_count(out: Any, fmt: str, instance: dict[str, Any], total: int,
                 limit: int | None) -> None:
    more = limit is not None and total > limit
    if fmt == "json":
        record = {**instance, "count": None if more else total,
                  "more_than": limit if more else None, "exhaustive": not more}
        out.write(json.dumps(record) + "\n")
    else:
        out.write(f"more than {limit}\n" if more else f"{total}\n")


def _print_completions(stream: Any, args: argparse.Namespace, out: Any, fmt: str,
                       instance: dict[str, Any], placed: list[Any], blocked: list[Any]) -> int:
    """Print the completions (one, or up to `--limit` with `--all`); return how many."""
    colour = None
    if fmt == "board":
        from nqueens.render.terminal import colour_console

        colour = colour_console(out)
    found = 0
    for s in stream:
        found += 1
        if fmt == "json":
            # one shape for every record: exhaustive says whether a null is a proof
            record = {**instance, "index": found, "cols": list(s.cols), "exhaustive": False}
            out.write(json.dumps(record) + "\n")
        elif fmt == "cols":
            out.write(s.to_compact() + "\n")
        else:
            if found > 1:
                out.write("\n")
            if colour is not None:  # on a terminal: the given queens stand out
                from nqueens.render.terminal import board_text

                colour.print(board_text(s.placement, given=placed, blocked=blocked))
            else:
                out.write(s.to_text() + "\n")
        if not args.all or (args.limit is not None and found >= args.limit):
            break
    return found
