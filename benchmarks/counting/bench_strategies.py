"""Time count(n) for each strategy beside the C counter, in one run; write a markdown table.

    python benchmarks/counting/bench_strategies.py [--nmin 10] [--nmax 15] [--budget 60]

Every cell is the best of a few runs (one run for slow cells). Ratios are against the C
counter ``refcount.c`` (gcc -O3 -march=native, mirror halving, one thread) measured in the
same run. A pure-Python strategy stops at the first n whose predicted time exceeds --budget.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # _common

from _common import best_of, build_refcount, machine_line, time_refcount
from _results import publish

from nqueens.strategies import strategy_module


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nmin", type=int, default=10)
    ap.add_argument("--nmax", type=int, default=15)
    ap.add_argument("--budget", type=float, default=60.0, help="seconds per pure-Python cell")
    ap.add_argument("--out", type=Path, default=None,
                    help="write the markdown here instead of saving it in benchmarks/results")
    args = ap.parse_args()

    exe = build_refcount()
    strategy_module("bitmask").count(8)  # compile (or load the cache) before timing
    names = ["bitmask", "arrays", "promising"]
    rows = []
    last: dict[str, float] = {}
    for n in range(args.nmin, args.nmax + 1):
        c_time, c_total = time_refcount(exe, n, repeats=3 if n < 15 else 2)
        row = {"n": n, "c": c_time}
        for name in names:
            predicted = last.get(name, 0.0) * 7
            if name != "bitmask" and predicted > args.budget:
                row[name] = None
                continue
            repeats = 3 if last.get(name, 0.0) < 1 else 1
            t, total = best_of(lambda name=name, n=n: strategy_module(name).count(n), repeats)
            if total != c_total:
                raise SystemExit(f"{name} counted {total} for n={n}; the C counter {c_total}")
            row[name] = t
            last[name] = t
        rows.append(row)
        print(" ".join(f"{k}={v:.4f}" if isinstance(v, float) else f"{k}={v}"
                       for k, v in row.items()), flush=True)

    lines = [
        "# Counting speed of the three strategies",
        "",
        f"Measured by `python benchmarks/counting/bench_strategies.py` on {machine_line()}.",
        "Seconds for `count(n)`, one thread; `x C` is the time divided by the C counter's "
        "(`refcount.c`, gcc -O3 -march=native) in the same run: below 1 is faster than C.",
        "",
        "| n | C refcount (s) | bitmask (s) | bitmask x C | arrays (s) | arrays x C "
        "| promising (s) | promising x C | bitmask gain over arrays |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        cells = [str(r["n"]), f"{r['c']:.4f}"]
        for name in names:
            t = r[name]
            cells += ["-", "-"] if t is None else [f"{t:.4f}", f"{t / r['c']:.2f}"]
        gain = "-" if r["arrays"] is None else f"{r['arrays'] / r['bitmask']:.0f}x"
        cells.append(gain)
        lines.append("| " + " | ".join(cells) + " |")
    lines += [
        "",
        "The C times have the cost of starting a process (the best of 20 runs of",
        "`refcount 1`) taken off; below n = 12 they are too short to compare well.",
        "`-` marks cells skipped because the pure-Python search would",
        f"take longer than {args.budget:.0f} s.",
        "",
    ]
    publish("strategies", "\n".join(lines), args.out)


if __name__ == "__main__":
    main()
