"""What the shared frame helpers of kernels/bits.py (``start``, ``descend``) cost the kernels:
the kernels of a git revision against today's, side by side in one run.

    PYTHONPATH=src python benchmarks/bench_bits.py [--baseline REV] [--rounds 7] [--quick]

The baseline's ``kernels/bits.py``, ``backtrack.py``, ``stats.py`` and ``montecarlo.py``
are loaded as a throw-away package (default REV: 82bb131, before the frame helpers, when
each kernel wrote "go one row down" out by hand), so the comparison needs no second
checkout. Each kernel runs in one call (budget 2**62: no slicing, no Python between
slices), timed A B A B ... and the best of each side kept; ``new / old`` above 1 is what
the helpers cost. CPU seconds of this process (``time.process_time``), which a shared
machine disturbs less than wall time. Prints a Markdown table (and writes it with --out;
docs/benchmarks-bits.md holds the last run).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from _common import kernels_at, machine_line  # noqa: E402

ONE_SLICE = 1 << 62
NAMES = ("bits", "backtrack", "stats", "montecarlo")


def best(a: Callable[[], object], b: Callable[[], object], rounds: int) -> tuple[float, float]:
    """Best CPU times of ``a`` and ``b``, run in turn ``rounds`` times; results must agree."""
    ta: list[float] = []
    tb: list[float] = []
    ra = a()
    if ra != b():
        raise SystemExit(f"results differ: {ra} != {b()}")
    for _ in range(rounds):
        for fn, times in ((a, ta), (b, tb)):
            t = time.process_time()
            fn()
            times.append(time.process_time() - t)
    return min(ta), min(tb)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="82bb131")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--quick", action="store_true", help="smaller cases (a smoke run)")
    ap.add_argument("--completion-baseline", default="f3a3184",
                    help="revision whose completion kernel wrote its row step by hand")
    ap.add_argument("--out", type=Path, help="also write the table here (Markdown)")
    args = ap.parse_args()

    import numpy as np

    from nqueens.kernels import backtrack, completion, montecarlo, stats

    old = kernels_at(args.baseline, NAMES, "nq_bits_base")
    old.update(kernels_at(args.completion_baseline, ("completion",), "nq_compl_base"))
    q = args.quick
    n_count, n_stats, n_first, probes = (11, 11, 22, 10**5) if q else (14, 14, 28, 10**6)

    def count(k: ModuleType, n: int) -> int:
        full = (1 << n) - 1
        allowed = np.full(n, full, np.int64)
        av, cs, ls, rs = (np.zeros(n, np.int64) for _ in range(4))
        meta = np.zeros(2, np.int64)
        return int(k.count_slice(n, full, allowed, av, cs, ls, rs, meta, ONE_SLICE))

    def levels(k: ModuleType, n: int) -> tuple[int, ...]:
        full = (1 << n) - 1
        av, cs, ls, rs = (np.zeros(n, np.int64) for _ in range(4))
        meta = np.zeros(2, np.int64)
        out = np.zeros(n + 1, np.int64)
        k.levels_slice(n, full, full, av, cs, ls, rs, meta, out, ONE_SLICE)
        return tuple(out.tolist())

    def first(k: ModuleType, n: int) -> int:
        col, cs, ls, rs = (np.zeros(n, np.int64) for _ in range(4))
        meta = np.zeros(4, np.int64)
        k.first_solution_slice(n, (1 << n) - 1, col, cs, ls, rs, meta, ONE_SLICE)
        return int(meta[2])

    def enum(k: ModuleType, n: int) -> int:
        full = (1 << n) - 1
        allowed = np.full(n, full, np.int64)
        av, cs, ls, rs, pos = (np.zeros(n, np.int64) for _ in range(5))
        meta = np.zeros(2, np.int64)
        out = np.zeros((1024, n), np.int64)
        total = 0
        while meta[1] != k.STATE_DONE:
            total += int(k.fill_batch(n, full, allowed, av, cs, ls, rs, pos, meta, out,
                                      ONE_SLICE))
        return total

    def probe(k: ModuleType, n: int) -> list[float]:
        k.seed_probes(3)
        out = np.zeros((3, 2), np.float64)
        k.knuth_probes(n, 0, probes, out)
        return out.ravel().tolist()

    def complete_count(k: ModuleType, n: int) -> int:
        # the row-by-row counter behind complete --count: two queens placed, the rest free
        full = (1 << n) - 1
        allowed = np.full(n, full, np.int64)
        allowed[0] = 1 << 1
        allowed[1] = 1 << 3
        av, cs, ls, rs = (np.zeros(n, np.int64) for _ in range(4))
        meta = np.array([-1, 0, 0, -1], np.int64)
        k.count_rows(n, full, allowed, av, cs, ls, rs, meta, ONE_SLICE)
        return int(meta[1])

    cases = [
        (f"backtrack.count_slice, n = {n_count}", count, backtrack, "backtrack", n_count),
        (f"backtrack.fill_batch (all solutions), n = {n_count - 1}", enum, backtrack,
         "backtrack", n_count - 1),
        (f"stats.levels_slice, n = {n_stats}", levels, stats, "stats", n_stats),
        (f"stats.first_solution_slice, n = {n_first}", first, stats, "stats", n_first),
        (f"montecarlo.knuth_probes, n = 14, {probes:,} probes", probe, montecarlo,
         "montecarlo", 14),
        (f"completion.count_rows, n = {n_count + 2}, two queens placed "
         f"(baseline {args.completion_baseline})", complete_count, completion, "completion",
         n_count + 2),
    ]
    lines = [f"| kernel (one call) | {args.baseline} (CPU s) | today (CPU s) | today / old |",
             "|---|---|---|---|"]
    print("\n".join(lines))
    for name, fn, new_mod, old_name, n in cases:
        t_old, t_new = best(lambda f=fn, m=old[old_name], k=n: f(m, k),
                            lambda f=fn, m=new_mod, k=n: f(m, k), args.rounds)
        lines.append(f"| {name} | {t_old:.4f} | {t_new:.4f} | {t_new / t_old:.3f} |")
        print(lines[-1], flush=True)
    if args.out:
        loadavg = os.getloadavg()[0]
        args.out.write_text(
            "# What the shared frame helpers of kernels/bits.py cost\n\n"
            f"Measured by `python benchmarks/bench_bits.py --rounds {args.rounds}"
            f"{' --quick' if q else ''}` on {machine_line()}; load average {loadavg:.1f} at the "
            "end (a shared, loaded machine: read the ratios, not the seconds). Each kernel "
            "runs in one call; best of the rounds, run in turn A B A B ...; the results "
            "agree.\n\n" + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
