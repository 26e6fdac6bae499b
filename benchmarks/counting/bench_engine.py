"""Time the counting engine as a user runs it, beside the reference C counter, in one run.

    python benchmarks/counting/bench_engine.py              # n = 12..17, everything (many minutes)
    python benchmarks/counting/bench_engine.py --quick      # n = 12..15, fewer repeats
    python benchmarks/counting/bench_engine.py --sizes 16 17 --repeat 3

Compiles ``shared/reference/refcount.c`` with ``gcc -O3 -march=native`` into
``benchmarks/_build/`` (gitignored). Four parts, each timed side by side (A B A B ...):

1. *Whole process*, as a user types it: ``nqueens count N --workers W`` for W = 1 and 2,
   warm (numba's cache filled) and cold (a fresh, empty ``NUMBA_CACHE_DIR``: the first run
   after install), beside ``refcount N``.
2. *In process*, the engine alone (``run_count(N, workers=1)``, no start-up, no import)
   against refcount: the one-core ratio the project tracks at n = 17.
3. *Slicing*: the same subproblems counted by the kernel in bounded slices
   (:data:`~nqueens.engine.task.SLICE_NODES` nodes a call, as the engine runs it), in one
   call per batch (no slicing), and by the old per-subproblem kernel, CPU time.
4. *Start-up*: warm ``nqueens first 8`` and ``nqueens count 8`` against ``python -c pass``,
   and the cold quickstart ``nqueens first 8 && nqueens count 12 --unique`` in a fresh cache.

Writes docs/benchmarks-engine.md. Timings on a shared machine drift: compare within one run.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))  # _common

from _common import build_refcount, cpu_name, generated_line, kernels_at  # noqa: E402
from _results import publish  # noqa: E402

PY = sys.executable


def _env(cache: str | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src")
    env.pop("DASK_SCHEDULER_ADDRESS", None)
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = cache
    return env


def run_timed(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float, str]:
    """Run ``cmd``; return (wall seconds, CPU seconds of the child, stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out


def nqueens(*args: str) -> list[str]:
    return [PY, "-m", "nqueens", *args]


def shell_timed(script: str, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(["sh", "-c", script], check=True, env=env, capture_output=True)
    return time.perf_counter() - start


def whole_process(exe: Path, sizes: list[int], repeat: int) -> dict[int, dict[str, float]]:
    """Part 1: best wall time per (n, variant)."""
    best: dict[int, dict[str, float]] = {n: {} for n in sizes}
    warm_env = _env()
    subprocess.run(nqueens("count", "13", "-q"), check=True, env=warm_env,
                   capture_output=True)  # fill the warm cache

    def keep(n: int, name: str, wall: float) -> None:
        best[n][name] = min(wall, best[n].get(name, float("inf")))

    for n in sizes:
        expect = None
        for _ in range(repeat):
            wall, _cpu, out = run_timed([str(exe), str(n)])
            expect = int(out)
            keep(n, "refcount", wall)
            for w in (1, 2):
                wall, _cpu, out = run_timed(nqueens("count", str(n), "-q", "-w", str(w)),
                                            warm_env)
                assert int(out) == expect, (n, w, out)
                keep(n, f"warm {w}", wall)
            for w in (1, 2):
                with tempfile.TemporaryDirectory(prefix="nq-cold-") as cache:
                    wall, _cpu, out = run_timed(
                        nqueens("count", str(n), "-q", "-w", str(w)), _env(cache))
                assert int(out) == expect, (n, w, out)
                keep(n, f"cold {w}", wall)
        best[n]["solutions"] = float(expect or 0)
        print(f"n={n}: " + ", ".join(f"{k} {v:.2f}" for k, v in best[n].items()
                                     if k != "solutions"), file=sys.stderr)
    return best


def in_process(exe: Path, sizes: list[int], repeat: int) -> dict[int, tuple[float, float]]:
    """Part 2: best (refcount, engine one worker) wall seconds, alternated."""
    from nqueens.engine.run import run_count

    run_count(12, workers=1)  # load the kernels
    best: dict[int, tuple[float, float]] = {}
    for n in sizes:
        ref = eng = float("inf")
        for _ in range(repeat):
            ref = min(ref, run_timed([str(exe), str(n)])[0])
            start = time.perf_counter()
            run_count(n, workers=1, estimate=False)
            eng = min(eng, time.perf_counter() - start)
        best[n] = (ref, eng)
        print(f"in process n={n}: refcount {ref:.2f}, engine {eng:.2f}", file=sys.stderr)
    return best


OLD_KERNEL_REV = "543c573"
"""The last revision with the unsliced per-subproblem kernel (one uninterruptible call per
subproblem, the bit steps written inline): the 0.303x yardstick was measured on it."""


def slicing(n: int, repeat: int) -> dict[str, float]:
    """Part 3: best CPU seconds to count every subproblem of n, three ways, alternated."""
    from nqueens.engine.split import split
    from nqueens.engine.task import SLICE_NODES, count_batch

    count_subproblem = kernels_at(OLD_KERNEL_REV, ("constellations",),
                                  "nq_old")["constellations"].count_subproblem

    items = [tuple(s) for s in split(n)]
    batches = [items[i:i + 64] for i in range(0, len(items), 64)]

    def sliced() -> None:
        for b in batches:
            count_batch(n, b, slice_nodes=SLICE_NODES)

    def one_call() -> None:
        for b in batches:
            count_batch(n, b, slice_nodes=1 << 62)

    def old_kernel() -> None:
        for t, bo, lf, rt, sym, _stab in items:
            count_subproblem(n, t, bo, lf, rt, sym)

    ways: dict[str, Callable[[], None]] = {
        "sliced": sliced, "unsliced": one_call, "old kernel": old_kernel}
    count_batch(8, [(0, 2, 0, 3, 0, 1)])  # load both kernels before timing
    count_subproblem(8, 0, 2, 0, 3, 0)
    best = dict.fromkeys(ways, float("inf"))
    for _ in range(repeat):
        for name, fn in ways.items():
            c0 = time.process_time()
            fn()
            best[name] = min(best[name], time.process_time() - c0)
    print(f"slicing n={n}: " + ", ".join(f"{k} {v:.2f}" for k, v in best.items()),
          file=sys.stderr)
    return best


def startup(repeat: int) -> dict[str, float]:
    """Part 4: median wall seconds of short commands, warm; the cold quickstart."""
    env = _env()
    cmds = {
        "python -c pass": [PY, "-c", "pass"],
        "nqueens --version": nqueens("--version"),
        "nqueens first 8": nqueens("first", "8"),
        "nqueens count 8": nqueens("count", "8"),
        "nqueens count 12": nqueens("count", "12"),
        "python -c 'import numba'": [PY, "-c", "import numba"],
    }
    for cmd in cmds.values():
        subprocess.run(cmd, env=env, capture_output=True, check=True)
    times: dict[str, list[float]] = {k: [] for k in cmds}
    cpus: dict[str, list[float]] = {k: [] for k in cmds}
    for _ in range(max(5, repeat)):
        for name, cmd in cmds.items():
            wall, cpu, _out = run_timed(cmd, env)
            times[name].append(wall)
            cpus[name].append(cpu)
    out = {k: statistics.median(v) for k, v in times.items()}
    out.update({f"cpu {k}": statistics.median(v) for k, v in cpus.items()})
    cold: dict[str, list[float]] = {"quickstart": [], "first 8": [], "count 12 --unique": []}
    for _ in range(max(1, repeat // 2)):
        with tempfile.TemporaryDirectory(prefix="nq-cold-") as cache:
            cold["quickstart"].append(shell_timed(
                f"{PY} -m nqueens first 8 && {PY} -m nqueens count 12 --unique", _env(cache)))
        with tempfile.TemporaryDirectory(prefix="nq-cold-") as cache:
            cold["first 8"].append(run_timed(nqueens("first", "8"), _env(cache))[0])
            cold["count 12 --unique"].append(
                run_timed(nqueens("count", "12", "--unique"), _env(cache))[0])
    out.update({f"cold {k}": min(v) for k, v in cold.items()})
    print("start-up: " + ", ".join(f"{k} {v:.2f}" for k, v in out.items()), file=sys.stderr)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="n = 12..15, fewer repeats")
    parser.add_argument("--sizes", type=int, nargs="+", default=None, help="board sizes")
    parser.add_argument("--repeat", type=int, default=None, help="repetitions (best kept)")
    parser.add_argument("--out", type=Path, default=None,
                        help="write the markdown here instead of saving it in benchmarks/results")
    args = parser.parse_args()
    sizes = args.sizes or (list(range(12, 16)) if args.quick else list(range(12, 18)))
    repeat = args.repeat or (1 if args.quick else 2)
    exe = build_refcount()
    load0 = os.getloadavg()
    whole = whole_process(exe, sizes, repeat)
    inproc = in_process(exe, [n for n in sizes if n >= 16] or sizes[-1:], repeat)
    sliced = slicing(min(max(sizes), 16), max(repeat, 3))
    start = startup(repeat)
    write_doc(args.out, sizes, whole, inproc, sliced, start, repeat, load0, args)


def write_doc(path: Path, sizes: list[int], whole: dict[int, dict[str, float]],
              inproc: dict[int, tuple[float, float]], sliced: dict[str, float],
              start: dict[str, float], repeat: int, load0: tuple[float, float, float],
              args: argparse.Namespace) -> None:
    load = os.getloadavg()
    lines = [
        "# Counting engine benchmark",
        "",
        generated_line("bench_engine.py", sys.argv[1:]),
        f"Machine: {cpu_name()}, {os.cpu_count()} logical CPUs, load average "
        f"{load0[0]:.1f} at the start and {load[0]:.1f} at the end of the run; "
        f"gcc {shutil.which('gcc') and _gcc_version()}; best of {repeat} runs.",
        "",
        "## Whole process, as a user runs it",
        "",
        "Wall seconds of `nqueens count N --workers W` (Python start-up, imports, kernel load "
        "or compile, split, estimate and count), beside `refcount N` in the same run. "
        "*Cold*: a fresh empty `NUMBA_CACHE_DIR` (the first run after install); *warm*: the "
        "cache filled.",
        "",
        "| n | solutions | refcount.c | warm, 1 worker | warm, 2 workers | 2 vs 1 "
        "| 1 worker / refcount | cold, 1 worker | cold, 2 workers |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for n in sizes:
        b = whole[n]
        lines.append(
            f"| {n} | {int(b['solutions']):,} | {b['refcount']:.2f} | {b['warm 1']:.2f} "
            f"| {b['warm 2']:.2f} | {b['warm 1'] / b['warm 2']:.2f}x "
            f"| {b['warm 1'] / b['refcount']:.3f} | {b['cold 1']:.2f} | {b['cold 2']:.2f} |"
        )
    lines += [
        "",
        "## The engine alone, one core (in process)",
        "",
        "`run_count(n, workers=1)` in a warm process (split, count, add up; no start-up), "
        "against refcount. The project's yardstick: 0.303 at n = 17 before this change.",
        "",
        "| n | refcount.c (s) | engine, 1 worker (s) | ratio |",
        "|---|---|---|---|",
    ]
    for n, (ref, eng) in inproc.items():
        lines.append(f"| {n} | {ref:.2f} | {eng:.2f} | {eng / ref:.3f} |")
    sl = sliced
    lines += [
        "",
        "## What slicing costs",
        "",
        f"CPU seconds to count every subproblem of n = {min(max(sizes), 16)} in batches of "
        "64, best of the alternated runs: in slices of `SLICE_NODES` nodes a kernel call (as "
        "the engine runs), in one call per batch, and with the old unsliced "
        "per-subproblem kernel (one call per subproblem).",
        "",
        "| sliced | one call per batch | old kernel | sliced / one call | sliced / old |",
        "|---|---|---|---|---|",
        f"| {sl['sliced']:.3f} | {sl['unsliced']:.3f} | {sl['old kernel']:.3f} "
        f"| {sl['sliced'] / sl['unsliced']:.3f} | {sl['sliced'] / sl['old kernel']:.3f} |",
        "",
        "## Start-up",
        "",
        "Median seconds, warm cache (CPU: user + system of the process, steadier than wall "
        "on a loaded machine):",
        "",
        "| command | wall | CPU |",
        "|---|---|---|",
    ]
    for k in ("python -c pass", "python -c 'import numba'", "nqueens --version",
              "nqueens first 8", "nqueens count 8", "nqueens count 12"):
        lines.append(f"| `{k}` | {start[k]:.3f} | {start['cpu ' + k]:.3f} |")
    lines += [
        "",
        "Cold (a fresh empty `NUMBA_CACHE_DIR`), best of the runs:",
        "",
        "| command | seconds |",
        "|---|---|",
        f"| `nqueens first 8 && nqueens count 12 --unique` | {start['cold quickstart']:.2f} |",
        f"| `nqueens first 8` alone | {start['cold first 8']:.2f} |",
        f"| `nqueens count 12 --unique` alone | {start['cold count 12 --unique']:.2f} |",
        "",
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    publish("engine", "\n".join(lines), path)
    print("\n".join(lines))


def _gcc_version() -> str:
    out = subprocess.run(["gcc", "-dumpfullversion"], capture_output=True, text=True).stdout
    return out.strip() or "?"


if __name__ == "__main__":
    main()
