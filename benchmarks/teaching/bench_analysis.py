"""Time the analysis kernels side by side and write docs/benchmarks-analysis.md.

Measures, in one run: the exact state-space statistics (compiled, mirror-halved walk of
promising nodes) against the plain solution count of the same n (the bitmask kernel) and
against the Python event stream (TreeCounter visitor); the nodes to the first solution;
and Knuth's estimator at 10**6 probes. Not collected by pytest.

    PYTHONPATH=src python benchmarks/teaching/bench_analysis.py [--quick]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path


def best(fn, repeat=3):  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="smaller n, one repeat")
    args = parser.parse_args()
    from nqueens.analysis.estimate import estimate
    from nqueens.analysis.stats import TreeCounter, first_solution_tries, tree_stats
    from nqueens.counting import count
    from nqueens.trace import events, visit

    repeat = 1 if args.quick else 3
    tree_stats(8), count(8), first_solution_tries(8), estimate(8, trials=10, seed=0)  # compile
    rows = []
    for n in ((12, 13) if args.quick else (12, 13, 14, 15)):
        t_stats = best(lambda n=n: tree_stats(n), repeat)
        t_count = best(lambda n=n: count(n), repeat)
        rows.append((n, f"{tree_stats(n).checked:,}", f"{t_stats:.3f}", f"{t_count:.3f}",
                     f"{t_stats / t_count:.2f}"))
    py_rows = []
    for n in (8, 9, 10):
        t_py = best(lambda n=n: visit(events(n), TreeCounter(n)), 1)
        t_k = best(lambda n=n: tree_stats(n), repeat)
        py_rows.append((n, f"{t_py:.3f}", f"{t_k * 1e3:.3f}", f"{t_py / t_k:,.0f}"))
    first_rows = []
    for n in (20, 28) if args.quick else (20, 28, 30):
        t = best(lambda n=n: first_solution_tries(n), 1)
        first_rows.append((n, f"{first_solution_tries(n):,}", f"{t:.3f}"))
    t_est = best(lambda: estimate(14, trials=10**6, seed=1), repeat)

    load = os.getloadavg()[0]
    lines = [
        "# Analysis kernels: measured times",
        "",
        f"Written by `benchmarks/teaching/bench_analysis.py`{' --quick' if args.quick else ''}, "
        f"best of {repeat}, one run, load average {load:.1f} on a shared machine "
        f"({os.cpu_count()} cores): absolute times drift, ratios are side by side.",
        "",
        "## Exact statistics vs counting solutions (same n, same run)",
        "",
        "| n | nodes checked | `tree_stats` s | `count` s | ratio |",
        "|---|---|---|---|---|",
        *[f"| {' | '.join(map(str, r))} |" for r in rows],
        "",
        "## Compiled kernel vs the Python event stream (TreeCounter visitor)",
        "",
        "| n | Python stream s | kernel ms | speed-up |",
        "|---|---|---|---|",
        *[f"| {' | '.join(map(str, r))} |" for r in py_rows],
        "",
        "## Squares tried before the first solution (`first_solution_tries`)",
        "",
        "| n | squares tried | s |",
        "|---|---|---|",
        *[f"| {' | '.join(map(str, r))} |" for r in first_rows],
        "",
        "## Knuth's estimator",
        "",
        f"10^6 probes for n = 14: {t_est:.2f} s (kernel only, compiled).",
        "",
    ]
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from _results import publish  # benchmarks/_results.py
    publish("analysis", "\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
