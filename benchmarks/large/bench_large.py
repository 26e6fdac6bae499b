"""Time and peak memory of huge-board construction, local search, verification, completion.

Each case runs in a fresh Python process (``--worker CASE``), started by its own fresh
parent (``--measure CASE``) that reads the child's peak resident memory with
``resource.getrusage(RUSAGE_CHILDREN).ru_maxrss`` after it exits: one case, one reading.
The worker compiles the numba kernels on a tiny board first, so times exclude JIT compiles
and imports; peak memory includes the interpreter, numpy and numba (see the ``baseline``
row). Results go to docs/benchmarks-large.md.

    python benchmarks/large/bench_large.py            # everything (needs ~3 GB free for 10**8)
    python benchmarks/large/bench_large.py --quick    # skip the 10**7 and 10**8 cases
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"

CASES = {
    "baseline": "python + numpy + numba imported, kernels compiled on n = 8",
    "construct:1000000": "find(n) construct + verify_cols",
    "construct:10000000": "find(n) construct + verify_cols",
    "construct:100000000": "find(n) construct + verify_cols",
    "local:100000": "find(n, method='local', seed=1) + verify_cols",
    "local:1000000": "find(n, method='local', seed=1) + verify_cols",
    "local:10000000": "find(n, method='local', seed=1) + verify_cols",
    "cli-npy:100000000": "nqueens find N --out q.npy --format npy (whole CLI process)",
    "cli-verify-npy:100000000": "nqueens verify q.npy (whole CLI process)",
    "cli-txt:10000000": "nqueens find N --method local --seed 1 --out q.txt (whole CLI process)",
    "cli-verify-txt:10000000": "nqueens verify q.txt (whole CLI process)",
    "complete:16:4": "complete + count_completions, 10 random instances of 4 queens",
    "complete:20:5": "complete + count_completions, 10 random instances of 5 queens",
    "complete:24:12": "complete, 10 random instances of 12 queens",
    "complete:32:8": "complete, 10 random instances of 8 queens",
    "complete:32:16": "complete, 10 random instances of 16 queens",
}
BIG = ("10000000", "100000000")


def worker(case: str, scratch: str) -> dict[str, object]:
    """Run one case in this process; return its timings."""
    kind, _, arg = case.partition(":")
    if kind.startswith("cli-"):
        return cli_worker(kind, int(arg), scratch)
    sys.path.insert(0, str(SRC))
    from nqueens.completion import complete, count_completions, random_instance
    from nqueens.large import find
    from nqueens.large.verify import verify_cols

    find(8, method="local", seed=0)  # compile the kernels outside the timed part
    complete(8, [(0, 0)])
    count_completions(8, [(0, 0)])
    if kind == "baseline":
        return {}
    if kind in ("construct", "local"):
        n = int(arg)
        t0 = time.perf_counter()
        cols = find(n, method=kind, seed=1 if kind == "local" else None)
        t1 = time.perf_counter()
        ok = verify_cols(cols).ok
        t2 = time.perf_counter()
        assert ok
        return {"find_s": t1 - t0, "verify_s": t2 - t1}
    n, k = (int(x) for x in arg.split(":"))
    firsts, counts, found, total = [], [], 0, 0
    for seed in range(10):
        placed = random_instance(n, k, seed=seed)
        t0 = time.perf_counter()
        s = complete(n, placed)
        firsts.append(time.perf_counter() - t0)
        found += s is not None
        if n <= 20:
            t0 = time.perf_counter()
            total += count_completions(n, placed)
            counts.append(time.perf_counter() - t0)
    out: dict[str, object] = {
        "find_s": max(firsts),
        "note": f"slowest of 10 (mean {sum(firsts) / len(firsts):.3g} s); "
        f"{found}/10 completable, the others proven not",
    }
    if counts:
        out["verify_s"] = max(counts)
        out["note"] += f"; {total} completions in all, slowest count in the verify column"
    return out


def cli_worker(kind: str, n: int, scratch: str) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(SRC))
    npy, txt = os.path.join(scratch, "q.npy"), os.path.join(scratch, "q.txt")
    cmd = {
        "cli-npy": ["find", str(n), "--out", npy, "--format", "npy"],
        "cli-verify-npy": ["verify", npy],
        "cli-txt": ["find", str(n), "--method", "local", "--seed", "1", "--out", txt],
        "cli-verify-txt": ["verify", txt],
    }[kind]
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "nqueens", *cmd], env=env,
                          capture_output=True, text=True)
    dt = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"{cmd}: exit {proc.returncode}: {proc.stderr.strip()}")
    return {"find_s": dt, "note": proc.stdout.strip().replace(scratch + os.sep, "")}


def measure(case: str, scratch: str) -> dict[str, object]:
    """Run ``case`` in a fresh child; its peak RSS is this (fresh) process's RUSAGE_CHILDREN."""
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, __file__, "--worker", case, "--scratch", scratch],
                          capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"{case} failed: {proc.stderr.strip()[-500:]}")
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    # ru_maxrss is in KiB on Linux; for cli-* cases the grandchild (the CLI) is included
    # because the worker waits for it, and RUSAGE_CHILDREN covers waited-for descendants.
    result["peak_rss_mib"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    result["wall_s"] = wall
    return result


def fmt_s(v: object) -> str:
    return "" if v is None else f"{float(v):.3g}"  # type: ignore[arg-type]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="skip the 10**7 and 10**8 cases")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--measure", help=argparse.SUPPRESS)
    ap.add_argument("--scratch", help=argparse.SUPPRESS)
    ap.add_argument("--out", default=None,
                    help="write the markdown here instead of saving it in benchmarks/results")
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.scratch)))
        return 0
    if args.measure:
        print(json.dumps(measure(args.measure, args.scratch)))
        return 0

    rows = []
    with tempfile.TemporaryDirectory(prefix="bench_large_") as scratch:
        for case, what in CASES.items():
            if args.quick and case.endswith(BIG):
                continue
            # a fresh measuring parent per case, so RUSAGE_CHILDREN sees only that case
            proc = subprocess.run([sys.executable, __file__, "--measure", case,
                                   "--scratch", scratch], capture_output=True, text=True)
            if proc.returncode != 0:
                raise SystemExit(proc.stderr.strip())
            r = json.loads(proc.stdout.strip().splitlines()[-1])
            print(case, r, flush=True)
            rows.append((case, what, r))
            if case.startswith("cli-verify"):  # big files go as soon as they are checked
                for name in ("q.npy", "q.txt"):
                    p = Path(scratch, name)
                    if p.exists() and case.endswith("npy") == name.endswith("npy"):
                        p.unlink()

    load = os.getloadavg()[0]
    lines = [
        "# Benchmarks: huge boards and partial boards",
        "",
        "Written by `benchmarks/large/bench_large.py`. Each case ran in a fresh process; peak",
        "memory is that process's maximum resident set size (`ru_maxrss` of RUSAGE_CHILDREN,",
        "read by a fresh parent per case), so it includes the interpreter, numpy and numba",
        "(the `baseline` row). Times exclude imports and JIT compiles, except the `cli-*` rows,",
        "which time the whole command as a user runs it.",
        "",
        f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; load average {load:.1f} when the run ended "
        "(the machine is shared, so absolute times drift; compare rows of one run).",
        "",
        "| case | what | time (s) | verify (s) | peak RSS (MiB) | note |",
        "|---|---|---:|---:|---:|---|",
    ]
    for case, what, r in rows:
        lines.append(
            f"| `{case}` | {what} | {fmt_s(r.get('find_s'))} | {fmt_s(r.get('verify_s'))} | "
            f"{float(r['peak_rss_mib']):.0f} | {r.get('note', '')} |"  # type: ignore[arg-type]
        )
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from _results import publish  # benchmarks/_results.py
    publish("large", "\n".join(lines) + "\n", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
