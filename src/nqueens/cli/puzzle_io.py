"""`nqueens puzzle import` and `nqueens puzzle export`: puzzles from the wild and back.

`import SOURCE [-o FILE] [--stars K]` writes our text format; `export SOURCE --to FORMAT
[-o FILE]` writes any format of `nqueens.puzzles.io.WRITERS` (url, sbn, text, json,
and what other modules register). SOURCE is a file (a screenshot, a puzzle text, a plain
grid, JSON, or a URL or SBN string in a file), `-` for standard input, or a puzz.link URL
or an SBN string given on the command line. Bad input: one line, exit 2, nothing written.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from nqueens.cli._common import UsageError, file_name, positive_int, same_file

__all__ = ["MAX_SOURCE_BYTES", "register"]

MAX_SOURCE_BYTES = 64 << 20
"""The largest source file read (64 MiB: a screenshot is far smaller)."""

BUILT_IN = "url, sbn, text, json"


def register(ps: Any) -> None:
    """Add `import` and `export` to the `puzzle` subcommands `ps`."""
    source_help = ("a puzz.link URL or an SBN string, or a file: a screenshot (PNG or JPEG; "
                   "needs the image extra), a puzzle text or plain letter grid with "
                   "optional progress, JSON ('-' reads stdin)")
    q = ps.add_parser(
        "import", help="read a puzzle from a screenshot, a puzz.link URL, an SBN string "
        "or a letter grid, and write our text format",
        description="Read a puzzle as a player has it and write it in our text format "
        "(stdout by default). A screenshot is read only when the board, its size and every "
        "region are clear; otherwise one line says what was unclear and nothing is written "
        "(exit 2). See docs/puzzle-import.md.")
    q.add_argument("source", metavar="SOURCE", help=source_help)
    _common_options(q)
    q.set_defaults(func=_import)

    q = ps.add_parser(
        "export", help=f"write a puzzle as a puzz.link URL, an SBN string, text or JSON "
        f"({BUILT_IN})",
        description="Write a puzzle (any SOURCE that import reads) in another format: "
        "url (puzz.link), sbn (StarBattleLab), text or json. Round trips are exact.")
    q.add_argument("source", metavar="SOURCE", help=source_help)
    q.add_argument("--to", "-t", required=True, metavar="FORMAT",
                   help=f"the format: {BUILT_IN}, or one another module registered in "
                   "nqueens.puzzles.io.WRITERS (an unknown name lists them all)")
    _common_options(q)
    q.set_defaults(func=_export)


def _common_options(q: argparse.ArgumentParser) -> None:
    q.add_argument("--stars", "-k", type=positive_int, metavar="K",
                   help="stars per row, column and region where the source does not say "
                   "(a screenshot, a plain grid); default 1")
    q.add_argument("--output", "--out", "-o", type=file_name, metavar="FILE",
                   help="write here instead of stdout")


def _source(text: str) -> str | bytes:
    """The file's bytes when SOURCE names a file (or is '-'), else SOURCE itself."""
    from nqueens.files import read_limited
    from nqueens.puzzles.io.pzprjs import looks_like_url
    from nqueens.puzzles.io.sbn import looks_like_sbn

    if text == "-" or os.path.exists(text):
        if os.path.isdir(text):
            raise UsageError(f"SOURCE {text!r} is a directory: give a file, a URL or an SBN "
                             "string")
        data: bytes = read_limited(text, MAX_SOURCE_BYTES, what="puzzle source", binary=True)
        return data
    if looks_like_url(text) or looks_like_sbn(text):
        return text
    shown = text if len(text) <= 40 else text[:40] + "..."
    raise UsageError(f"SOURCE {shown!r} is no file, and neither a puzz.link URL "
                     "(https://puzz.link/p?starbattle/...) nor an SBN string (AA2W...)")


def _read(args: argparse.Namespace) -> Any:
    from nqueens.puzzles.io import read_source, with_stars

    if args.output is not None and args.source != "-" and same_file(args.source, args.output):
        raise UsageError(f"--output {args.output!r} is the source itself; writing there "
                         "would replace it: give another file")
    data = _source(args.source)
    imported = read_source(data)
    if args.stars is not None:
        imported = with_stars(imported, args.stars)
    else:
        from nqueens.cli._puzzle_source import refuse_other_reading

        refuse_other_reading(imported, data, "the source")
    return imported


def _import(args: argparse.Namespace) -> int:
    from nqueens.puzzles.io import export

    _write(export(_read(args), "text"), args.output)
    return 0


def _export(args: argparse.Namespace) -> int:
    from nqueens.errors import UnknownOptionError
    from nqueens.puzzles.io import WRITERS, export

    if args.to not in WRITERS:
        raise UnknownOptionError(f"--to {args.to!r}: choose one of {', '.join(WRITERS)}")
    _write(export(_read(args), args.to), args.output)
    return 0


def _write(text: str, output: str | None) -> None:
    if output is None:
        from nqueens.cli._streams import write_document

        write_document(text)
        return
    from nqueens.cli._common import atomic_output

    with atomic_output(output) as f:
        f.write(text)
