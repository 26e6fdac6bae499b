"""`nqueens worksheet`: a printable PDF worksheet from the real search, with answer key."""

from __future__ import annotations

import argparse
from typing import Any

from nqueens.cli._common import UsageError, file_name
from nqueens.narrate import LANGUAGES

__all__ = ["register", "run"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "worksheet", help="write a printable worksheet (PDF) with its answer key",
        description="Write a two-page PDF for a class: exercises drawn from the real "
        "search for N queens (which squares of a row are promising after the queens "
        "shown; how many nodes the pruned tree has; the first four solutions in order, "
        "the slides' homework for N = 5), and the answer key on its own page. Needs "
        "cairosvg (the png extra); Japanese and Korean need a CJK font (fonts-noto-cjk).",
    )
    p.add_argument("n", type=_size, metavar="N", help="board size (4 to 8)")
    p.add_argument("--lang", "-l", choices=LANGUAGES, default="en",
                   help="language of the worksheet (default: en)")
    p.add_argument("-o", "--out", type=file_name, metavar="FILE.pdf", required=True,
                   help="the PDF to write")
    p.set_defaults(func=run)


def _size(text: str) -> int:
    from nqueens.render.worksheet import WORKSHEET_SIZES

    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"N must be a whole number, got {text!r}") from None
    if n not in WORKSHEET_SIZES:
        raise argparse.ArgumentTypeError(
            f"a worksheet is made for boards of {WORKSHEET_SIZES.start} to "
            f"{WORKSHEET_SIZES.stop - 1} queens, got {n}")
    return n


def run(args: argparse.Namespace) -> int:
    from nqueens.cli._common import say_wrote
    from nqueens.render.worksheet import write_worksheet

    if not args.out.lower().endswith(".pdf"):
        raise UsageError(f"the worksheet is a PDF: name the file FILE.pdf, not {args.out!r}")
    write_worksheet(args.out, args.n, args.lang)
    say_wrote(args.out)
    return 0
