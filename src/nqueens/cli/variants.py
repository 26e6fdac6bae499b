"""`count`, `solve` and `first` for the variants: `--variant`, `--width`, `--queens`.

`count` and `solve`/`first` add these options through `add_variant_options`.
A variant's count (its total, and with `--unique` its classes) runs on the engine
(`nqueens.cli.count`: ledger, scheduler and all); `solve` and `first` hand the whole
command over here when one of them is given (`wants_variant`) and stream from
`nqueens.variants` in this process. No algorithm lives here.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Iterator
from typing import IO, Any

from nqueens.cli._common import UsageError, non_negative_int, positive_int

__all__ = ["add_variant_options", "classes_words", "run_first", "run_solve", "variant_of",
           "wants_variant"]

_GROUP_WORDS = {
    "square": "up to rotation and reflection",
    "rectangle": "up to the rectangle's mirrors and half turn",
    "torus": "up to rotation, reflection and torus shifts",
}


def add_variant_options(parser: Any) -> None:
    """`--variant KIND`, `--width M` and `--queens K` on a parser (or a parent)."""
    parser.add_argument(
        "--variant", metavar="KIND", default=None,
        help="classic, toroidal (diagonals wrap around) or superqueens (queens that also "
             "move as knights); see docs/variants.md for the OEIS terms",
    )
    parser.add_argument("--width", type=positive_int, metavar="M", default=None,
                        help="N queens on N rows and M >= N columns")
    parser.add_argument("--queens", type=non_negative_int, metavar="K", default=None,
                        help="place K <= N non-attacking queens instead of N")


def wants_variant(args: argparse.Namespace) -> bool:
    """Whether the command line asked for a variant (any of the three options)."""
    return any(getattr(args, name, None) is not None for name in ("variant", "width", "queens"))


def variant_of(args: argparse.Namespace) -> Any:
    """The `Variant` the options ask for (bad ones: exit 2)."""
    return _variant(args)


def classes_words(variant: Any) -> str:
    """What a count's classes are up to: the variant's group in words (the square's
    8 symmetries when `variant` is None: a count of Q(n))."""
    return _GROUP_WORDS["square" if variant is None else variant.group]


def run_solve(args: argparse.Namespace) -> int:
    """`nqueens solve N` with variant options: stream the placements."""
    import itertools

    from nqueens.variants import solutions

    variant = _check_solve(args)
    found: Iterator[Any] = solutions(variant)
    if args.limit is not None:
        found = itertools.islice(found, args.limit)
    head = next(found, None)
    if head is None:
        if args.format != "json":
            print(_none(variant))
        return 0
    with _output(args.out) as out:
        for index, p in enumerate(itertools.chain([head], found), 1):
            if args.format in ("board", "grid") and index > 1:
                out.write("\n")
            out.write(_render(args.format, variant, p, index) + "\n")
        out.flush()
    return 0


def run_first(args: argparse.Namespace) -> int:
    """`nqueens first N` with variant options: the first placement, or a sentence."""
    from nqueens.variants import first_solution

    variant = _check_solve(args)
    p = first_solution(variant)
    if p is None:
        print("null" if args.format == "json" else _none(variant))
        return 0
    with _output(args.out) as out:
        out.write(_render(args.format, variant, p, 1) + "\n")
    return 0


# -- private ------------------------------------------------------------------------------


def _variant(args: argparse.Namespace) -> Any:
    from nqueens.errors import NQueensError
    from nqueens.variants import KINDS, Variant

    kind = "classic" if args.variant is None else args.variant
    if kind not in KINDS:
        raise UsageError(f"unknown --variant {kind!r}; choose one of {', '.join(KINDS)}")
    if kind == "toroidal" and args.width is not None and args.width != args.n:
        raise UsageError("--width does not apply to --variant toroidal (the torus is "
                         "square: N x N)")
    try:
        return Variant(args.n, kind, width=args.width, queens=args.queens)
    except NQueensError as e:  # the library names arguments; say the flags
        text = str(e)
        if text.startswith("at most"):
            text = f"--queens {args.queens}: {text}"
        raise UsageError(f"--{text}" if text.startswith(("width", "queens")) else text) from None


def _check_solve(args: argparse.Namespace) -> Any:
    from nqueens.strategies import DEFAULT_STRATEGY

    if args.format not in ("board", "grid", "cols", "json"):
        raise UsageError(f"--format {args.format} is not available with --variant, --width "
                         "or --queens (choose board, grid, cols or json)")
    if args.attacks:
        raise UsageError("--attacks is not available with --variant, --width or --queens")
    if args.strategy != DEFAULT_STRATEGY:
        raise UsageError(f"--strategy {args.strategy} cannot be combined with --variant, "
                         "--width or --queens (variants search with their own kernels)")
    return _variant(args)


def _none(variant: Any) -> str:
    return f"no solution: {variant.describe()} cannot be placed without an attack"


def _render(fmt: str, variant: Any, p: tuple[int, ...], index: int) -> str:
    if fmt == "json":
        return json.dumps({"n": variant.n, "index": index, "variant": variant.kind,
                           "width": variant.width,
                           "queens": [[r + 1, c + 1] for r, c in enumerate(p) if c >= 0]})
    if fmt == "cols":
        return " ".join(str(c + 1) if c >= 0 else "-" for c in p)
    dot, sep = (".", " ") if fmt == "board" else ("#", "")
    return "\n".join(sep.join("Q" if col == c else dot for col in range(variant.width))
                     for c in p)


@contextlib.contextmanager
def _output(path: str | None) -> Iterator[IO[str]]:
    """stdout, or `path` written whole or not at all."""
    if path is None:
        yield sys.stdout
        return
    from nqueens.cli._common import atomic_output

    with atomic_output(path, "w") as handle:
        yield handle
