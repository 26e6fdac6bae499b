"""The OEIS terms of the variants, reproduced and timed: the tables of docs/variants.md.

For each sequence in tests/data/oeis-variants.csv, up to the reach given below, this runs
the public call a user runs (``nqueens.variants.count`` or ``dominate``), one after the other
in one process, after one small call per kernel so no time includes compiling. Each row
shows the published term, ours, and the wall seconds of our call; a term we do not
reproduce is marked MISMATCH and the script exits 1. The run is saved as data in
benchmarks/results/variants.jsonl (the "variants" section of docs/performance.md), or to
``--out FILE`` for a trial run.

    python benchmarks/variants/bench_variants.py            # save the run, print the tables
    python benchmarks/variants/bench_variants.py --write    # also put them in docs/variants.md
    python benchmarks/variants/bench_variants.py --quick --out /tmp/v.md   # a trial run
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCH = HERE.parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(BENCH))

from _common import generated_line, machine_line  # noqa: E402
from _results import publish  # noqa: E402

from nqueens.variants import Variant, count, dominate  # noqa: E402

DATA = ROOT / "tests" / "data" / "oeis-variants.csv"
DOC = ROOT / "docs" / "variants.md"
START, END = "<!-- bench_variants:start -->", "<!-- bench_variants:end -->"
HEADING = "## Variants: the OEIS terms reproduced and timed"

# sequence -> (title, which terms: a predicate on (n, width, queens), full reach, quick)
SECTIONS = {
    "A051906": ("toroidal queens, all solutions (`count N --variant toroidal`)",
                lambda n, w, k: True, 19, 13),
    "A053994": ("toroidal queens up to rotation, reflection and torus shifts "
                "(`count N --variant toroidal --unique`; odd N)", lambda n, w, k: True, 19, 13),
    "A051223": ("superqueens, all solutions (`count N --variant superqueens`)",
                lambda n, w, k: True, 16, 12),
    "A051224": ("superqueens up to rotation and reflection "
                "(`count N --variant superqueens --unique`)", lambda n, w, k: True, 16, 12),
    "A269133": ("N queens on N rows and 12 columns (`count N --width 12`)",
                lambda n, w, k: w == 12, 12, 8),
    "A348129": ("K queens on the 10 x 10 board (`count 10 --queens K`)",
                lambda n, w, k: n == 10, 10, 10),
    "A075458": ("domination number of the queen graph (`dominate N`)",
                lambda n, w, k: True, 12, 9),
    "A075324": ("independent domination number (`dominate N --independent`)",
                lambda n, w, k: True, 12, 9),
}


def _terms() -> list[dict[str, str]]:
    with open(DATA, newline="") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def _ours(t: dict[str, str]) -> int:
    n, what = int(t["n"]), t["what"]
    if what in ("domination", "independent"):
        return dominate(n, independent=what == "independent").size
    v = Variant(n, t["kind"], width=int(t["width"]), queens=int(t["queens"]))  # type: ignore[arg-type]
    result = count(v, unique=what == "unique")
    return result.total if what == "total" else int(result.unique or 0)


def _warm_up() -> None:
    count(Variant(6, "toroidal"), unique=True)
    count(Variant(6, "superqueens", width=7, queens=4), unique=True)
    dominate(4)
    dominate(4, independent=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smaller reach")
    parser.add_argument("--write", action="store_true", help="update docs/variants.md")
    parser.add_argument("--out", metavar="FILE", default=None,
                        help="write the run here instead of into benchmarks/results")
    args = parser.parse_args(argv)
    terms = _terms()
    _warm_up()
    out = [generated_line("variants/bench_variants.py",
                          [a for a in ("--quick", "--write") if getattr(args, a[2:])]),
           f"Machine: {machine_line()}.", ""]
    bad = 0
    for seq, (title, pick, full, quick) in SECTIONS.items():
        reach = quick if args.quick else full
        out += [f"**{seq}**: {title}", "",
                "| N | width | K | OEIS | ours | seconds |", "|---:|---:|---:|---:|---:|---:|"]
        for t in terms:
            n, w, k = int(t["n"]), int(t["width"]), t["queens"]
            if t["sequence"] != seq or n > reach or not pick(n, w, int(k or 0)):
                continue
            start = time.perf_counter()
            ours = _ours(t)
            seconds = time.perf_counter() - start
            mark = "" if ours == int(t["value"]) else " MISMATCH"
            bad += bool(mark)
            out.append(f"| {n} | {w} | {k or '-'} | {t['value']} | {ours}{mark} | "
                       f"{seconds:.3f} |")
            print(out[-1], file=sys.stderr, flush=True)
        out.append("")
    table = "\n".join(out)
    print(table)
    publish("variants", f"{HEADING}\n\n{table}", args.out)
    if args.write:
        text = DOC.read_text()
        head, rest = text.split(START, 1)
        _, tail = rest.split(END, 1)
        DOC.write_text(f"{head}{START}\n{table}\n{END}{tail}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
