"""What cutting the kernels into Ctrl-C slices costs: old whole-call kernels against the new
sliced library paths, side by side in one run; writes docs/benchmarks-slicing.md.

    PYTHONPATH=src python benchmarks/bench_slicing.py [--baseline REV] [--rounds 5] [--quick]

The baseline kernels (one uninterruptible call each, bit steps written inline) are taken
from git revision REV (default: 2f92112, the commit before slicing and kernels/bits.py) and
loaded as a throw-away package, so the comparison needs no second checkout. Each pair is
timed A B A B ... for --rounds rounds and the best time of each side is kept; the ratio
new / old above 1 is the cost of slicing plus the shared bit helpers. Times are CPU
seconds of this process (``time.process_time``; every case runs in one thread), which a
shared machine disturbs far less than wall time. A third column runs
the new kernels in one single slice (budget 2**62), which isolates what the Python loop
over slices costs from what the kernels' budget counters and helpers cost.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from _common import DOCS, kernels_at, machine_line  # noqa: E402

ONE_SLICE = 1 << 62


def load_baseline(rev: str) -> dict[str, object]:
    """Import the kernels of revision ``rev`` as modules of a temporary package."""
    return dict(kernels_at(rev, ("backtrack", "stats", "montecarlo", "local_search"),
                           "nq_baseline"))


def best_pair(a: Callable[[], object], b: Callable[[], object], c: Callable[[], object],
              rounds: int) -> tuple[float, float, float]:
    """Best times of ``a``, ``b`` and ``c``, timed in turn ``rounds`` times; results must agree."""
    times: list[list[float]] = [[], [], []]
    results = []
    for _ in range(rounds):
        for i, fn in enumerate((a, b, c)):
            t = time.process_time()
            r = fn()
            times[i].append(time.process_time() - t)
            results.append((i, r))
    first = {i: r for i, r in results}
    if not (_same(first[0], first[1]) and _same(first[1], first[2])):
        raise SystemExit(f"results differ: {first}")
    return min(times[0]), min(times[1]), min(times[2])


def _same(x: object, y: object) -> bool:
    import numpy as np

    if isinstance(x, np.ndarray) or isinstance(y, np.ndarray):
        return bool(np.array_equal(np.asarray(x), np.asarray(y)))
    return x == y


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="2f92112")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="smaller cases (a smoke run)")
    ap.add_argument("--out", type=Path, default=DOCS / "benchmarks-slicing.md")
    args = ap.parse_args()

    import numpy as np

    from nqueens.analysis import estimate as est
    from nqueens.analysis import stats
    from nqueens.large import local
    from nqueens.strategies import bitmask

    old = load_baseline(args.baseline)
    ob, os_, om, ol = old["backtrack"], old["stats"], old["montecarlo"], old["local_search"]
    q = args.quick
    n_count = 12 if q else 15
    n_enum = 11 if q else 13
    n_stats = 12 if q else 15
    n_first = 25 if q else 28
    n_local = 10**5 if q else 10**6
    probes = 10**5 if q else 2 * 10**6

    def old_solutions(n: int) -> Iterator[tuple[int, ...]]:
        # the old strategies/bitmask.solutions_allowed, verbatim but for the kernel module
        full = (1 << n) - 1
        masks = np.full(n, full, np.int64)
        av, cs, ls, rs, pos = (np.zeros(n, np.int64) for _ in range(5))
        meta = np.zeros(2, np.int64)
        out = np.zeros((1024, n), np.int64)
        while True:
            k = ob.fill_batch(n, full, masks, av, cs, ls, rs, pos, meta, out)
            for row in out[:k].tolist():
                yield tuple(row)
            if k < out.shape[0]:
                return

    def old_enum(n: int) -> int:
        return sum(1 for _ in old_solutions(n))

    def new_enum(n: int, budget: int) -> int:
        return sum(1 for _ in bitmask.solutions_allowed(n, [(1 << n) - 1] * n, budget=budget))

    def old_local(n: int) -> object:
        cols = np.empty(n, np.int32)
        dneg = np.empty(2 * n - 1, np.int32)
        dpos = np.empty(2 * n - 1, np.int32)
        ol.min_conflicts(n, 5, cols, dneg, dpos, 10_000)
        return cols

    cases: list[tuple[str, Callable[[], object], Callable[[], object], Callable[[], object]]] = [
        (f"bitmask count({n_count})",
         lambda: int(ob.count_total(n_count)),
         lambda: bitmask.count(n_count),
         lambda: bitmask.count(n_count, budget=ONE_SLICE)),
        (f"bitmask solutions({n_enum}), all",
         lambda: old_enum(n_enum),
         lambda: new_enum(n_enum, bitmask.SLICE_NODES),
         lambda: new_enum(n_enum, ONE_SLICE)),
        (f"tree_stats({n_stats})",
         lambda: tuple(int(x) for x in os_.promising_levels(n_stats)),
         lambda: stats._levels(n_stats, stats.SLICE_NODES),
         lambda: stats._levels(n_stats, ONE_SLICE)),
        (f"first_solution_tries({n_first})",
         lambda: int(os_.first_solution_nodes(n_first)),
         lambda: stats._first_tries(n_first, stats.SLICE_NODES),
         lambda: stats._first_tries(n_first, ONE_SLICE)),
        (f"estimate(14), {probes:,} probes",
         lambda: om.knuth_probes(14, probes, 3),
         lambda: est._probes(14, probes, 3, est.SLICE_STEPS),
         lambda: est._probes(14, probes, 3, ONE_SLICE)),
        (f"local search n = {n_local:,}",
         lambda: old_local(n_local),
         lambda: local._search(5, n_local, local.SLICE_STEPS),
         lambda: local._search(5, n_local, ONE_SLICE)),
    ]
    rows = []
    for name, a, b, c in cases:
        a(), b(), c()  # compile, or load from the cache
        t_old, t_new, t_one = best_pair(a, b, c, args.rounds)
        rows.append((name, t_old, t_new, t_one))
        print(f"{name}: old {t_old:.4f}  sliced {t_new:.4f} ({t_new / t_old:.3f}x)  "
              f"one slice {t_one:.4f} ({t_one / t_old:.3f}x)", flush=True)

    load = os.getloadavg()
    lines = [
        "# What slicing the kernels for Ctrl-C costs",
        "",
        f"Measured by `python benchmarks/bench_slicing.py{' --quick' if q else ''}` on "
        f"{machine_line()}; load average {load[0]:.1f} at the end (a loaded machine "
        "shares its cores: read the ratios, not the seconds).",
        "",
        f"`old`: the kernels of revision `{args.baseline}` (one uninterruptible call, bit "
        "steps written inline). `sliced`: today's library path, the kernel called in slices "
        "of its default budget with Python between them (Ctrl-C lands there). `one slice`: "
        "today's kernel with a budget that never runs out (what the budget counters and the "
        "shared `kernels/bits.py` helpers cost, without the loop). "
        f"Best of {args.rounds} rounds, run in turn A B C A B C ...; all three results agree.",
        "",
        "| work | old (CPU s) | sliced (CPU s) | sliced / old | one slice (CPU s) "
        "| one slice / old |",
        "|---|---|---|---|---|---|",
    ]
    for name, t_old, t_new, t_one in rows:
        lines.append(f"| {name} | {t_old:.4f} | {t_new:.4f} | {t_new / t_old:.3f} | "
                     f"{t_one:.4f} | {t_one / t_old:.3f} |")
    lines.append("")
    args.out.write_text("\n".join(lines))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
