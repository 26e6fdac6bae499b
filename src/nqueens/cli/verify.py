"""`nqueens verify`: check every solution of a file or a stream, each in O(n)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from nqueens.cli._common import EXIT_NEGATIVE, file_name

__all__ = ["register", "run_verify"]

EXIT_CLASH = EXIT_NEGATIVE
"""Exit status when two queens of a solution attack each other."""

FORMATS = ("board", "grid", "cols", "json", "npy")
"""The formats verify reads (every solution format nqueens writes; see docs/formats.md)."""

SET_CHECK_MAX_N = 4096
"""Up to this n a solution is checked with three Python sets (fast for streams of small
boards); beyond it with the numpy checker of `nqueens.large.verify`."""


def register(sub: Any) -> None:
    p = sub.add_parser(
        "verify", help="check solutions (ok, or the first clashing pair of each)",
        description="Check that FILE ('-': standard input) holds solutions, in any format "
        "nqueens writes (board, grid, cols one solution a line or one column a line, json "
        "lines, npy; told from a .npy or .json name, else the content: docs/formats.md). "
        "One solution: prints 'ok n=N' (exit 0), or the first clashing pair in 1-based "
        "<row,col> and how they "
        "clash (exit 1). Several: one line per clashing solution, then how many were "
        "checked. Malformed input exits 2, naming the format seen and the one wanted.",
    )
    p.add_argument("file", type=file_name, metavar="FILE",
                   help="solution file ('-' for standard input)")
    p.add_argument("--format", "-f", choices=FORMATS,
                   help="the input's format; default: told from its content")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object: n, ok, checked, clashing and the first "
                   "clashing pair (1-based)")
    p.set_defaults(func=run_verify)


def run_verify(args: argparse.Namespace) -> int:
    from nqueens.formats import format_of, open_input, solutions_in
    from nqueens.large.verify import verify_file

    with open_input(args.file) as (head, stream):
        fmt = format_of(args.file, head, args.format)
        if fmt == "npy" and args.file != "-":  # read in chunks: memory 5n/8 bytes
            checks: Any = iter([(1, None, verify_file(args.file, fmt="npy"))])
        else:
            check = _checker()
            checks = ((f.index, f.line, check(f.cols, f.ok))
                      for f in solutions_in(stream, args.file, fmt=fmt))
        return _report(checks, as_json=args.json)


def _checker() -> Any:
    """`check(cols, ok)`: the verdict on 0-based columns (already on the board); `ok`
    says the reader's own check found no clash (True) or one (False), None that it did not
    check. Imports once: a stream may hold hundreds of thousands of solutions."""
    from nqueens.board import first_conflict
    from nqueens.large.verify import Verdict, verify_cols

    sound: dict[int, Any] = {}  # one "no clash" verdict per size

    def check(cols: Any, ok: bool | None) -> Any:
        n = len(cols)
        if ok is None:
            if n > SET_CHECK_MAX_N:
                return verify_cols(cols)
            c = cols.tolist()
            ok = len(set(c)) == n and len({r - x for r, x in enumerate(c)}) == n \
                and len({r + x for r, x in enumerate(c)}) == n
        if ok:
            verdict = sound.get(n)
            if verdict is None:
                verdict = sound[n] = Verdict(n, None)
            return verdict
        return Verdict(n, first_conflict(cols.tolist()))

    return check


def _report(checks: Any, *, as_json: bool) -> int:
    """Print the verdicts: one as before (`ok n=N`), several one line per clash and a
    count at the end; return the exit status."""
    checked = clashing = 0
    sizes: set[int] = set()
    first: tuple[int, int | None, Any] | None = None
    held: tuple[int, int | None, Any] | None = None  # the first verdict, until a second
    for index, line, verdict in checks:
        checked += 1
        sizes.add(verdict.n)
        if not verdict.ok:
            clashing += 1
            first = first or (index, line, verdict)
        if checked == 1:
            held = (index, line, verdict)
            continue
        if held is not None:
            _say_clash(held, as_json)
            held = None
        _say_clash((index, line, verdict), as_json)
    if as_json:
        print(json.dumps(_record(first, checked, clashing, sizes)))
    elif checked == 1 and held is not None:
        print(held[2].describe())
    else:
        n = f"n={min(sizes)}" if len(sizes) == 1 else f"n={min(sizes)}..{max(sizes)}"
        if clashing:
            print(f"{clashing} of {checked} solutions clash ({n})")
        else:
            print(f"ok: {checked} solutions checked ({n})")
    return EXIT_CLASH if clashing else 0


def _say_clash(check: tuple[int, int | None, Any], as_json: bool) -> None:
    index, line, verdict = check
    if verdict.ok or as_json:
        return
    where = f"solution {index}" + ("" if line is None else f" (line {line})")
    print(f"{where}: {verdict.describe()}")


def _record(first: tuple[int, int | None, Any] | None, checked: int, clashing: int,
            sizes: set[int]) -> dict[str, Any]:
    """The verdicts as JSON: `clash` is null, or the first clashing solution's pair
    (1-based squares) and its kind; `solution` and `line` say where that solution is."""
    clash = index = line = None
    if first is not None:
        index, line, verdict = first
        c = verdict.conflict
        clash = {"first": [c.row_a + 1, c.col_a + 1], "second": [c.row_b + 1, c.col_b + 1],
                 "kind": c.kind}
    n = next(iter(sizes)) if len(sizes) == 1 else None
    return {"n": n, "ok": clashing == 0, "clash": clash, "solution": index, "line": line,
            "checked": checked, "clashing": clashing}
