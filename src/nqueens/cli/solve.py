"""`nqueens solve` and `nqueens first`: stream solutions, or print the first one.

Text formats go to stdout (`--out FILE` writes them to a file instead; `board` is in
colour when stdout is a colour terminal and plain text otherwise). Picture formats (`svg`,
`png`) draw one board per file: `solve` needs `--limit 1`, or an `--out` name with
`{index}` in it (`board-{index}.svg`) to write one numbered file per solution.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import sys
from collections.abc import Callable, Iterator
from typing import IO, Any

from nqueens.cli import variants
from nqueens.cli._common import (
    add_json_shorthand,
    board_size,
    file_name,
    hint_if_slow,
    positive_int,
)
from nqueens.cli.variants import add_variant_options, wants_variant

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
"""Text format name -> (render one solution, whether solutions are separated by a blank line).

The picture formats (`PICTURES`) draw one board per file instead."""

PICTURES = ("svg", "png")
"""Formats that draw one board per file rather than streaming text."""

_SLOW = ("no solution yet: the textbooks' order can take minutes or hours at large N "
         "(`nqueens find {n}` builds one at once; Ctrl-C stops)")

_NONE = "no solution: {n} queens cannot be placed on a {n}x{n} board"

INDEX = "{index}"
"""The placeholder in `--out` that numbers picture files, one per solution."""


def register(sub: Any) -> None:
    from nqueens.strategies import DEFAULT_STRATEGY, STRATEGIES

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("n", type=board_size, metavar="N", help="board size")
    shape = common.add_mutually_exclusive_group()
    shape.add_argument(
        "--format", "-f", choices=(*FORMATS, *PICTURES), default="board", help="output format"
    )
    add_json_shorthand(shape)
    common.add_argument(
        "--strategy", "-s", choices=STRATEGIES, default=DEFAULT_STRATEGY,
        help=f"search strategy (default: {DEFAULT_STRATEGY})",
    )
    common.add_argument(
        "--out", "--output", "-o", type=file_name, metavar="FILE",
        help="write to FILE instead of stdout (written whole or not at all); for svg/png "
        "with several solutions, put {index} in the name for one numbered file each",
    )
    common.add_argument(
        "--attacks", action="store_true",
        help="svg/png: shade the squares the queens attack",
    )
    add_variant_options(common)

    solve = sub.add_parser(
        "solve", parents=[common], help="stream every solution in search order",
        description="Stream the solutions of the N-queens problem in the textbooks' order "
        "(row by row, columns ascending). json: one object per line with n, index "
        "(1-based) and cols (1-based columns). svg/png draw one board per file: use "
        "--limit 1, or --out with {index} in the name (board-{index}.svg).",
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
    if wants_variant(args):  # --variant, --width, --queens: nqueens.cli.variants
        return variants.run_solve(args)
    from nqueens.search import solutions

    _check_options(args, several=args.limit != 1)
    found = solutions(args.n, strategy=args.strategy, limit=args.limit)
    with hint_if_slow(_SLOW.format(n=args.n)):
        head = next(found, None)
    if head is None:  # as `first` says it (json: no lines, as JSON Lines has for none)
        _say_none(args)
        return 0
    found = itertools.chain([head], found)
    if args.format in PICTURES:
        _write_pictures(found, args)
        return 0
    render, spaced = FORMATS[args.format]
    with _text_output(args.out) as out:
        colour = _colour_console(args, out)
        for index, s in enumerate(found, 1):
            if spaced and index > 1:
                out.write("\n")
            if colour is not None:
                _print_colour(colour, s)
            else:
                out.write(render(s, index) + "\n")
        out.flush()
    return 0


def run_first(args: argparse.Namespace) -> int:
    if wants_variant(args):
        return variants.run_first(args)
    from nqueens.search import first_solution

    _check_options(args, several=False)
    with hint_if_slow(_SLOW.format(n=args.n)):
        s = first_solution(args.n, strategy=args.strategy)
    if s is None:
        if args.format == "json":
            print("null")
        _say_none(args)
        return 0
    if args.format in PICTURES:
        _write_picture(s, 1, args)
        return 0
    render, _ = FORMATS[args.format]
    with _text_output(args.out) as out:
        colour = _colour_console(args, out)
        if colour is not None:
            _print_colour(colour, s)
        else:
            out.write(render(s, 1) + "\n")
    return 0


HUMAN = ("board", "grid")
"""Formats a person reads: the "no solution" sentence goes with them on stdout. Every other
format is for a program, whose stdout carries data only: the sentence goes to stderr."""


def _say_none(args: argparse.Namespace) -> None:
    print(_NONE.format(n=args.n), file=sys.stdout if args.format in HUMAN else sys.stderr)


def _check_options(args: argparse.Namespace, *, several: bool) -> None:
    """Refuse option combinations that cannot work, before any search or file is made."""
    from nqueens.cli._common import UsageError
    from nqueens.strategies import MAX_STRATEGY_N

    most = MAX_STRATEGY_N.get(args.strategy)
    if most is not None and args.n > most:
        raise UsageError(f"N = {args.n} is too large for the {args.strategy} strategy (at most "
                         f"{most}): the textbooks' search order cannot reach it; `nqueens "
                         f"find {args.n}` builds one solution at once")

    picture = args.format in PICTURES
    if args.attacks and not picture:
        raise UsageError(f"--attacks needs --format svg or png, not {args.format}")
    if not picture:
        return
    numbered = args.out is not None and INDEX in args.out
    if several and not numbered:
        raise UsageError(
            f"--format {args.format} draws one board per file: add --limit 1, or give "
            f"--out with {INDEX} in the name (board-{INDEX}.{args.format}) for one file "
            "per solution"
        )
    if args.format == "png":
        if args.out is None and sys.stdout.isatty():
            raise UsageError("PNG is binary: give --out FILE or redirect stdout to a file")
        from nqueens.render.png import svg_to_png

        svg_to_png('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')


def _write_pictures(found: Iterator[Any], args: argparse.Namespace) -> None:
    """One picture per solution; a failure or an interrupt says which files are whole.

    Each file is written whole or not at all, and the files before a failure stay (they
    are finished work): the error or the interrupt line names them, so that a user knows
    how far the set got.
    """
    written = 0
    index, before = 0, None
    try:
        for index, s in enumerate(found, 1):
            if args.out is not None:
                before = _file_identity(args.out.replace(INDEX, str(index)))
            _write_picture(s, index, args)
            written = index
    except (Exception, KeyboardInterrupt) as stop:
        if args.out is not None and index == written + 1:
            # a stop just after the file was put in place, before it was counted: a new
            # file at its name is whole (it is only ever renamed there finished)
            now = _file_identity(args.out.replace(INDEX, str(index)))
            if now is not None and now != before:
                written = index
        if written and args.out is not None:
            first, last = (args.out.replace(INDEX, str(i)) for i in (1, written))
            files = f"{first!r}" if written == 1 else f"{first!r} to {last!r}"
            stop.add_note(f"{written} file{'s' * (written > 1)} written whole "
                          f"({files})")
        raise


def _file_identity(path: str) -> tuple[int, int] | None:
    """The device and inode of the file at `path`, or None when there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _write_picture(s: Any, index: int, args: argparse.Namespace) -> None:
    from nqueens.cli._common import atomic_output
    from nqueens.render.svg import board_svg

    svg = board_svg(s, attacks=args.attacks)
    data: str | bytes = svg
    if args.format == "png":
        from nqueens.render.png import svg_to_png

        data = svg_to_png(svg)
    if args.out is None:
        from nqueens.cli._streams import write_document

        write_document(data)
        return
    path = args.out.replace(INDEX, str(index))
    mode = "wb" if isinstance(data, bytes) else "w"
    handle: Any
    with atomic_output(path, mode) as handle:
        handle.write(data)


@contextlib.contextmanager
def _text_output(path: str | None) -> Iterator[IO[str]]:
    if path is None:
        yield sys.stdout
        return
    from nqueens.cli._common import atomic_output

    with atomic_output(path, "w") as handle:
        yield handle


def _colour_console(args: argparse.Namespace, out: IO[str]) -> Any | None:
    """A rich console when a board goes to a colour terminal; `None` means plain text."""
    if args.format != "board" or out is not sys.stdout or not out.isatty():
        return None
    from nqueens.render.terminal import colour_console

    return colour_console(out)


def _print_colour(console: Any, s: Any) -> None:
    from nqueens.render.terminal import board_text

    console.print(board_text(s.placement))
