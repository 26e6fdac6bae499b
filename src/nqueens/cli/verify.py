"""``nqueens verify``: check a solution file of any size in O(n)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from nqueens.cli._common import file_name

__all__ = ["register", "run_verify"]

EXIT_CLASH = 1


def register(sub: Any) -> None:
    p = sub.add_parser(
        "verify", help="check a solution file (ok, or the first clashing pair)",
        description="Check that FILE holds a solution: prints 'ok n=N' (exit 0), or the "
        "first clashing pair in 1-based <row,col> and how they clash (exit 1). Malformed "
        "files exit 2. Formats: cols (1-based columns separated by spaces, commas or "
        "newlines), npy (0-based integer array), json ({\"cols\": [...]} 1-based, or a list).",
    )
    p.add_argument("file", type=file_name, metavar="FILE",
                   help="solution file ('-' for standard input)")
    p.add_argument("--format", "-f", choices=("cols", "npy", "json"),
                   help="the file's format; default: from the extension (.npy, .json, anything "
                   "else: cols)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object: n, ok, and the first clashing pair (1-based)")
    p.set_defaults(func=run_verify)


def run_verify(args: argparse.Namespace) -> int:
    from nqueens.large.verify import verify_file

    verdict = verify_file(args.file, fmt=args.format)
    if args.json:
        print(json.dumps(_record(verdict)))
    else:
        print(verdict.describe())
    return 0 if verdict.ok else EXIT_CLASH


def _record(verdict: Any) -> dict[str, Any]:
    """The verdict as JSON: ``clash`` is null, or the pair's 1-based squares and its kind."""
    c = verdict.conflict
    clash = None if c is None else {"first": [c.row_a + 1, c.col_a + 1],
                                    "second": [c.row_b + 1, c.col_b + 1], "kind": c.kind}
    return {"n": verdict.n, "ok": verdict.ok, "clash": clash}
