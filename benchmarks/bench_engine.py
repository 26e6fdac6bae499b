"""Time the counting engine against the reference C counter, side by side, in one run.

    python benchmarks/bench_engine.py            # n = 16 and 17, pools and Dask (minutes)
    python benchmarks/bench_engine.py --quick    # n = 14 and 15, a short sanity run

Compiles ``shared/reference/refcount.c`` with ``gcc -O3 -march=native`` into
``benchmarks/_build/`` (gitignored), then for each n times ``--repeat``
times (best kept): refcount, the engine with one worker (in this process), a warm local
pool of 2 workers, and a warm local Dask cluster of 2 single-thread workers. Wall and CPU
seconds are both recorded; the ratios use wall time (CPU time for the single-worker ratio
is given too, as it is steadier on a shared machine). Writes docs/benchmarks-engine.md.
"""

from __future__ import annotations

import argparse
import datetime
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from _common import build_refcount, cpu_name  # noqa: E402

DOC = ROOT / "docs" / "benchmarks-engine.md"


def time_refcount(exe: Path, n: int) -> tuple[float, float, int]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([str(exe), str(n)], capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, int(out)


def time_engine(n: int, **kwargs: object) -> tuple[float, float, int, int]:
    from nqueens.engine.run import run_count

    cpu0 = time.process_time()
    start = time.perf_counter()
    r = run_count(n, **kwargs)  # type: ignore[arg-type]
    wall = time.perf_counter() - start
    return wall, time.process_time() - cpu0, r.total, r.unique


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="n = 14 and 15 only")
    parser.add_argument("--repeat", type=int, default=None, help="repetitions (best kept)")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask cluster")
    parser.add_argument("--out", type=Path, default=DOC, help="markdown file to write")
    args = parser.parse_args()
    sizes = [14, 15] if args.quick else [16, 17]
    repeat = args.repeat or (3 if args.quick else 2)

    exe = build_refcount()
    from nqueens.engine import executors
    from nqueens.engine.task import count_batch

    count_batch(6, [(0, 2, 0, 3, 0, 1)])  # load the kernel before timing
    best: dict[int, dict[str, tuple[float, float]]] = {n: {} for n in sizes}
    totals: dict[int, int] = {}

    def keep(n: int, name: str, wall: float, cpu: float) -> None:
        if name not in best[n] or wall < best[n][name][0]:
            best[n][name] = (wall, cpu)

    def report(n: int, rep: int) -> None:
        print(f"n={n} rep {rep + 1}: " + ", ".join(
            f"{k} {v[0]:.2f}s" for k, v in best[n].items()), file=sys.stderr)

    # Phase 1, nothing else alive (an idle pool or Dask cluster still takes some CPU):
    # the C counter and one worker, alternately.
    for n in sizes:
        for rep in range(repeat):
            wall, cpu, totals[n] = time_refcount(exe, n)
            keep(n, "refcount", wall, cpu)
            w, c, t, _u = time_engine(n, workers=1)
            assert t == totals[n], (n, t, totals[n])
            keep(n, "engine, 1 worker", w, c)
            report(n, rep)

    # Phase 2: a warm local pool of 2, and a warm local Dask cluster of 2, alternately.
    pool = executors.local_pool(2)
    pool.submit(count_batch, 6, [(0, 2, 0, 3, 0, 1)]).result()
    list(pool.map(time.sleep, [0.5, 0.5]))  # both workers started and warm
    cluster = client = dask_ex = None
    if not args.no_dask:
        try:
            from distributed import Client, LocalCluster

            cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                   dashboard_address=None)
            client = Client(cluster)
            dask_ex = client.get_executor(pure=False)
            client.run(count_batch, 6, [(0, 2, 0, 3, 0, 1)])
        except ImportError:
            print("dask.distributed not installed: skipping the Dask rows", file=sys.stderr)
    for n in sizes:
        for rep in range(repeat):
            w, c, t, _u = time_engine(n, executor=pool, workers=2)
            assert t == totals[n]
            keep(n, "engine, local pool of 2", w, c)
            if dask_ex is not None:
                w, c, t, _u = time_engine(n, executor=dask_ex, workers=2)
                assert t == totals[n]
                keep(n, "engine, Dask cluster of 2", w, c)
            report(n, rep)
    rows = [(n, totals[n], best[n]) for n in sizes]

    pool.shutdown()
    if client is not None:
        client.close()
        cluster.close()  # type: ignore[union-attr]
    write_doc(args.out, rows, repeat, args.quick)


def write_doc(path: Path, rows: list, repeat: int, quick: bool) -> None:
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    cpu = cpu_name()
    lines = [
        "# Counting engine benchmark",
        "",
        "Generated by `python benchmarks/bench_engine.py"
        + (" --quick" if quick else "") + "` on "
        + datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC") + ".",
        f"Machine: {cpu}, {os.cpu_count()} logical CPUs, load average "
        f"{load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} at the end of the run; "
        f"gcc {shutil.which('gcc') and _gcc_version()}; best of {repeat} runs. "
        "The C counter and one worker are timed alternately with nothing else alive; then "
        "the pool and the Dask cluster alternately, both started and warm.",
        "",
        "| n | solutions | refcount.c (s) | engine, 1 worker (s) | ratio (wall) | ratio (CPU) "
        "| pool of 2 (s) | speedup 2 vs 1 | Dask of 2 (s) | Dask / pool |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for n, total, best in rows:
        ref_w, ref_c = best["refcount"]
        one_w, one_c = best["engine, 1 worker"]
        pool_w, _ = best["engine, local pool of 2"]
        dask = best.get("engine, Dask cluster of 2")
        dask_cols = (f"{dask[0]:.2f} | {dask[0] / pool_w:.2f}" if dask else "- | -")
        lines.append(
            f"| {n} | {total:,} | {ref_w:.2f} | {one_w:.2f} | {one_w / ref_w:.3f} "
            f"| {one_c / ref_c:.3f} | {pool_w:.2f} | {one_w / pool_w:.2f} | {dask_cols} |"
        )
    lines += [
        "",
        "- *ratio*: engine time over refcount time (lower is better; the target is <= 0.35).",
        "  The engine times include splitting into start constellations and adding up, "
        "not the Python start-up or numba import.",
        "- *speedup 2 vs 1*: one worker's wall time over a warm 2-process pool's "
        "(target >= 1.8 on two idle cores).",
        "- *Dask / pool*: a warm local Dask cluster (2 processes, 1 thread each) against the "
        "warm local pool (target <= 1.15).",
        "- Parallel rows are only meaningful on an otherwise idle machine: re-run this script "
        "there.",
        "",
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines))
    print("\n".join(lines))


def _gcc_version() -> str:
    out = subprocess.run(["gcc", "-dumpfullversion"], capture_output=True, text=True).stdout
    return out.strip() or "?"


if __name__ == "__main__":
    main()
