"""How long one slice of each compiled kernel lasts: the bound its budget puts on Ctrl-C.

Every long kernel searches a bounded number of nodes per call (the budgets named in
``nqueens.kernels``: ``SLICE_NODES`` and its multiples) and returns to Python, which then
sees Ctrl-C, a stop flag and progress. This script wraps each kernel's slice function with
a timer, runs a real workload through the public function that calls it (warm: a small run
first compiles), and reports the slices' median and longest wall time. A Ctrl-C lands at the
end of the slice running when it comes, so the longest slice bounds how late a command
stops (the tests of tests/test_interrupt.py and the CLI tests time the whole command).

    python benchmarks/counting/bench_slices.py              # under a minute, warm
    python benchmarks/counting/bench_slices.py --out x.md   # a trial run, kept out of the record

Saved to benchmarks/results/slices.jsonl (the "slices" section of docs/performance.md).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCH = HERE.parent
sys.path.insert(0, str(BENCH.parent / "src"))
sys.path.insert(0, str(BENCH))

from _common import generated_line, machine_line  # noqa: E402
from _results import publish  # noqa: E402


def _rows_grid(n: int) -> list[str]:
    """Regions that are the rows: every placement without touching queens is a solution."""
    return [chr(ord("A") + r) * n for r in range(n)]


def workloads() -> list[tuple[str, str, str, str, Callable[[], object], Callable[[], object]]]:
    """(what, budget name, kernel module, slice function, warm-up, workload)."""
    import importlib

    from nqueens.analysis.stats import first_solution_tries, tree_stats
    from nqueens.engine.backends import ThreadBackend
    from nqueens.engine.problems import Symmetric
    from nqueens.engine.run import run_count, run_engine
    from nqueens.puzzles.exact import count as puzzle_count
    from nqueens.puzzles.model import region_puzzle
    from nqueens.strategies import bitmask
    from nqueens.variants.search import count as variant_count
    from nqueens.variants.spec import Variant

    dominate = importlib.import_module("nqueens.variants.dominate").dominate

    def symmetric(n: int) -> object:
        return run_engine(n, ThreadBackend(workers=1), problem=Symmetric(n, "rot180"),
                          estimate=False)

    return [
        ("the engine's count of Q(16), one thread", "SLICE_NODES", "constellations",
         "count_slice", lambda: run_count(10, workers=1), lambda: run_count(16, workers=1)),
        ("a superqueens count, N = 15, one thread", "SLICE_NODES", "variants", "count_slice",
         lambda: variant_count(Variant(8, "superqueens"), workers=1),
         lambda: variant_count(Variant(15, "superqueens"), workers=1)),
        ("bitmask strategy, count(15)", "BITMASK_SLICE_NODES", "backtrack", "count_slice",
         lambda: bitmask.count(8), lambda: bitmask.count(15)),
        ("tree_stats(15)", "TREE_SLICE_NODES", "stats", "levels_slice",
         lambda: tree_stats(8), lambda: tree_stats(15)),
        ("first_solution_tries(28)", "TREE_SLICE_NODES", "stats", "first_solution_slice",
         lambda: first_solution_tries(8), lambda: first_solution_tries(28)),
        ("dominate(11)", "DOMINATION_SLICE_NODES", "domination", "search_slice",
         lambda: dominate(6), lambda: dominate(11)),
        ("half-turn solutions of 20, one thread", "ORBIT_SLICE_NODES", "symmetric",
         "count_slice", lambda: symmetric(10), lambda: symmetric(20)),
        ("every 1-star solution, 10 row regions", "REGION_SLICE_NODES", "puzzles", "search",
         lambda: puzzle_count(region_puzzle(_rows_grid(8))),
         lambda: puzzle_count(region_puzzle(_rows_grid(10)))),
        ("every 2-star solution, 10 row regions", "STARS_SLICE_NODES", "puzzles", "search",
         lambda: puzzle_count(region_puzzle(_rows_grid(8), stars=2)),
         lambda: puzzle_count(region_puzzle(_rows_grid(10), stars=2))),
    ]


def timed(module: str, name: str, run: Callable[[], object]) -> tuple[list[float], float]:
    """The wall seconds of each call of ``nqueens.kernels.<module>.<name>`` during ``run``,
    and the whole run's."""
    import importlib

    mod = importlib.import_module(f"nqueens.kernels.{module}")
    kernel = getattr(mod, name)
    calls: list[float] = []

    def watched(*args: object) -> object:
        t = time.perf_counter()
        try:
            return kernel(*args)
        finally:
            calls.append(time.perf_counter() - t)

    setattr(mod, name, watched)
    try:
        start = time.perf_counter()
        run()
        whole = time.perf_counter() - start
    finally:
        setattr(mod, name, kernel)
    return calls, whole


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", help="write the Markdown here instead of the results")
    args = ap.parse_args(argv)

    import os

    import nqueens.kernels as k

    load_start = os.getloadavg()[0]
    rows = []
    for what, budget, module, name, warm, run in workloads():
        timed(module, name, warm)
        calls, whole = timed(module, name, run)
        if not calls:
            raise SystemExit(f"{what}: the kernel {module}.{name} was never called")
        ms = sorted(c * 1000 for c in calls)
        rows.append([what, f"`{budget}` = {getattr(k, budget):,}", f"`{module}.{name}`",
                     len(ms), round(statistics.median(ms), 2), round(ms[-1], 2),
                     round(whole, 2)])
        print(*rows[-1], sep=" | ", flush=True)
    table = ["| workload | budget | kernel | slices | median ms | longest ms | whole s |",
             "|---|---|---|---:|---:|---:|---:|"]
    table += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    worst = max(r[5] for r in rows)
    md = "\n".join([
        "# Slices: how long a kernel call lasts before Ctrl-C is seen",
        "",
        generated_line("counting/bench_slices.py", argv or []),
        machine_line(),
        "",
        "Each kernel's slice function timed call by call on a real workload, warm (a small "
        "run compiled it first). The longest slice bounds how late Ctrl-C is seen: the "
        f"longest here is {worst} ms, against the second a command has. Load average "
        f"{load_start:.1f} at the start and {os.getloadavg()[0]:.1f} at the end (2 cores "
        "shared: a busy machine stretches every slice alike).",
        "",
        *table,
        "",
    ])
    publish("slices", md, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
