"""The size of every export of the n-queens problem, n = 8, 16, 32 (and a few variants).

Counts what the writers write, line by line (no estimate): CNF variables and clauses for each
at-most-one encoding, OPB and XCSP3 constraints, MiniZinc constraints, XCC items and options.
The table goes to docs/exports.md between the markers, and to stdout.

    python benchmarks/exports/export_sizes.py            # writes docs/exports.md
    python benchmarks/exports/export_sizes.py --print    # stdout only
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from _common import generated_line  # noqa: E402

from nqueens.exports import ENCODINGS, board_problem, export_lines  # noqa: E402
from nqueens.exports.cnf import cnf_size  # noqa: E402

DOC = ROOT / "docs" / "exports.md"
BEGIN, END = "<!-- export_sizes:begin -->", "<!-- export_sizes:end -->"

CASES = [
    ("classic", {}),
    ("toroidal", {"variant": "toroidal"}),
    ("superqueens", {"variant": "superqueens"}),
    ("K = N/2 queens", "half"),
]


def _problem(n: int, how: object):  # type: ignore[no-untyped-def]
    if how == "half":
        return board_problem(n, k=n // 2)
    return board_problem(n, **how)  # type: ignore[arg-type]


def _count(problem, fmt: str, prefix: str) -> int:  # type: ignore[no-untyped-def]
    return sum(1 for line in export_lines(problem, fmt) if line.startswith(prefix))


def _xcc(problem) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    lines = [line for line in export_lines(problem, "xcc") if not line.startswith("|")]
    return len(lines[0].replace("|", " ").split()), len(lines) - 1


def table() -> str:
    head = ("| board | n | " + " | ".join(f"CNF {e} (vars / clauses)" for e in ENCODINGS)
            + " | OPB constraints | MiniZinc constraints | XCSP3 constraints "
            "| XCC items / options |")
    rows = [head, "|" + "---|" * (head.count("|") - 1)]
    for name, how in CASES:
        for n in (8, 16, 32):
            p = _problem(n, how)
            cnf = [cnf_size(p, e) for e in ENCODINGS]
            opb = _count(p, "opb", ("+", "-"))  # type: ignore[arg-type]
            mzn = _count(p, "mzn", "constraint")
            xml = _count(p, "xcsp3", ("    <sum>", "    <instantiation>"))  # type: ignore[arg-type]
            items, options = _xcc(p)
            cells = [f"{v:,} / {c:,}" for v, c in cnf]
            rows.append(f"| {name} | {n} | " + " | ".join(cells)
                        + f" | {opb:,} | {mzn:,} | {xml:,} | {items:,} / {options:,} |")
    return "\n".join(rows) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--print", action="store_true", help="print only; leave the docs")
    args = parser.parse_args()
    text = generated_line("exports/export_sizes.py", []) + "\n\n" + table()
    print(text)
    if not args.print:
        doc = DOC.read_text()
        head, rest = doc.split(BEGIN)
        _, tail = rest.split(END)
        DOC.write_text(head + BEGIN + "\n" + text + END + tail)
    return 0


if __name__ == "__main__":
    sys.exit(main())
