"""Count on a CUDA GPU: exactness for n = 16..22, times beside the CPU engine and the
published GPU counters, the rows-placed-on-the-host sweep, and Nsight Compute's view.

    python benchmarks/bench_gpu.py                       # on a GPU machine (about 10 minutes)
    python benchmarks/bench_gpu.py --max-n 20 --rows 1,2,3 --cpu-max-n 18
    python benchmarks/bench_gpu.py --ncu                 # also profile one n with Nsight Compute
    python benchmarks/bench_gpu.py --ptx                 # no GPU needed: registers and stack
                                                         # of the kernel from ptxas (sm_90)

With a GPU it: (1) checks the GPU against the kernel's CPU twin on every subproblem of n = 14
(completions, fixed points and nodes, per subproblem); (2) for each n counts every subproblem
in one GPU batch for each ``--rows`` (rows placed on the host), best of ``--repeat``, and
checks totals and classes against tests/data/oeis.csv; (3) runs the engine end to end
(``run_count(n, device="gpu")``: batches, ledger-ready rows) for the default rows; (4) times
the CPU engine on every core for n <= ``--cpu-max-n``, alternating with the GPU runs.
``--ncu`` runs Nsight Compute (``ncu``) on a ``--profile-n`` count and keeps the occupancy,
registers per thread and issued-instruction lines. Writes docs/benchmarks-gpu.md (or
``--out``); the published figures are the ones quoted in issue 10.
"""

from __future__ import annotations

import argparse
import csv
import os
import shutil
import subprocess
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from _common import cpu_name, generated_line  # noqa: E402

DOC = ROOT / "docs" / "benchmarks-gpu.md"
PUBLISHED = {  # n -> (ygch H800, ygch RTX 5090, NQueensFAF RTX 3080), seconds, issue 10
    20: (4.14, 2.78, 5.85),
    21: (29.2, 21.2, 48.0),
    22: (249.9, 180.4, 416.0),
}
TARGETS = {21: 15.0, 22: 125.0}
NCU_SECTIONS = ["LaunchStats", "Occupancy", "SpeedOfLight", "InstructionStats"]
NCU_KEEP = ("Registers Per Thread", "Theoretical Occupancy", "Achieved Occupancy",
            "Executed Ipc", "Issued Instructions", "Executed Instructions",
            "Block Limit Registers", "Local Memory", "Duration", "Compute (SM) Throughput",
            "Threads", "Grid Size", "Block Size", "Waves Per SM")


def oeis() -> dict[int, tuple[int, int]]:
    with open(ROOT / "tests" / "data" / "oeis.csv", newline="") as f:
        return {int(r["n"]): (int(r["total"]), int(r["unique"])) for r in csv.DictReader(f)}


def items_of(n: int) -> list[tuple[int, ...]]:
    from nqueens.engine.split import split

    return [tuple(s) for s in split(n)]


def gpu_batch(n: int, rows: int, kernel: str = "numba") -> tuple[float, int, int]:
    from nqueens.engine.gpu import count_batch

    items = items_of(n)
    start = time.perf_counter()
    out = count_batch(n, items, rows=rows, kernel=kernel)
    return time.perf_counter() - start, sum(r[0] for r in out), sum(r[1] for r in out)


def engine(n: int, device: str) -> tuple[float, int, int]:
    from nqueens.engine.run import run_count

    start = time.perf_counter()
    r = run_count(n, device=device)
    return time.perf_counter() - start, r.total, r.unique


def cross_check(n: int, kernels: list[str]) -> str:
    """Every subproblem of ``n``: each GPU kernel's rows == the CPU twin's (total, unique,
    nodes)."""
    from nqueens.engine.gpu import count_batch, count_batch_twin

    items = items_of(n)
    cpu = [r[:3] for r in count_batch_twin(n, items)]
    for kernel in kernels:
        gpu = [r[:3] for r in count_batch(n, items, kernel=kernel)]
        bad = [i for i, (a, b) in enumerate(zip(gpu, cpu, strict=True)) if a != b]
        if bad:
            raise SystemExit(
                f"the {kernel} GPU kernel and the CPU twin disagree on {len(bad)} subproblems "
                f"of n = {n}, first {items[bad[0]]}: {gpu[bad[0]]} != {cpu[bad[0]]}")
    return (f"all {len(items)} subproblems of n = {n} agree with the CPU twin (total, unique, "
            f"nodes) for the {' and '.join(kernels)} kernel(s)")


def ptx_report() -> str:
    """Compile the kernel to PTX for sm_90 without a GPU and run ``ptxas -v`` on it."""
    import numba.cuda.dispatcher as dispatcher
    from numba import cuda
    from numba import types as t

    # typing the device function asks the current device for its compute capability
    dispatcher.get_current_device = lambda: types.SimpleNamespace(  # type: ignore[attr-defined]
        compute_capability=(9, 0))
    from nqueens.kernels import gpu

    sig = (t.int64, t.int64, t.int64, t.int64[::1], t.int64[::1], t.int64[:, ::1],
           t.uint32[:, :, ::1], t.int32[::1], t.uint32[:, ::1], t.uint32[:, ::1],
           t.uint32[:, :, ::1], t.int64[:, ::1])
    ptx, _ = cuda.compile_ptx(gpu.step_slots.py_func, sig, cc=(9, 0))
    build = ROOT / "benchmarks" / "_build"
    build.mkdir(exist_ok=True)
    (build / "gpu_kernel.ptx").write_text(ptx)
    ptxas = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"
    proc = subprocess.run([ptxas, "-arch=sm_90", "-v", str(build / "gpu_kernel.ptx"), "-o",
                           str(build / "gpu_kernel.cubin")], capture_output=True, text=True)
    info = [ln.split("info    : ", 1)[-1] for ln in proc.stderr.splitlines()
            if "registers" in ln or "stack frame" in ln]
    ops = [ln.split()[0] for ln in ptx.splitlines() if ln.startswith("\t") and ln.split()]
    wide = sum(op.endswith(("64", ".b64")) for op in ops)
    return "; ".join(s.strip() for s in info) + f"; PTX: {len(ops)} instructions, {wide} 64-bit"


def run_ncu(n: int) -> list[str]:
    ncu = shutil.which("ncu")
    cmd = [ncu or "ncu", "--kernel-name", "regex:step_slots", "--launch-skip", "2",
           "--launch-count", "1", *[a for s in NCU_SECTIONS for a in ("--section", s)],
           sys.executable, str(Path(__file__).resolve()), "--profile-n", str(n)]
    line = " ".join(cmd)
    if ncu is None:
        return [f"ncu not found; the command is: `{line}`"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    kept = [ln.strip() for ln in proc.stdout.splitlines() if ln.strip().startswith(NCU_KEEP)]
    return [f"`{line}`", *kept] if kept else [f"`{line}`", "(ncu printed nothing to keep:",
                                                proc.stderr.strip()[-500:] + ")"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min-n", type=int, default=16)
    parser.add_argument("--max-n", type=int, default=22)
    parser.add_argument("--rows", default=None, help="rows placed on the host, e.g. 1,2,3 "
                        "(default: the engine's default_rows(n) only)")
    parser.add_argument("--kernel", default="numba",
                        help="GPU kernels to time: numba, cuda-c (needs CuPy) or numba,cuda-c")
    parser.add_argument("--cpu-max-n", type=int, default=18,
                        help="time the CPU engine up to this n (it takes hours beyond ~19)")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--check-n", type=int, default=14,
                        help="cross-check every subproblem of this n against the CPU twin")
    parser.add_argument("--ncu", action="store_true", help="profile with Nsight Compute")
    parser.add_argument("--ncu-n", type=int, default=18, help="the n --ncu profiles")
    parser.add_argument("--profile-n", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--ptx", action="store_true", help="ptxas statistics only (no GPU)")
    parser.add_argument("--out", type=Path, default=DOC)
    args = parser.parse_args()

    if args.ptx:
        print(ptx_report())
        return
    from nqueens.engine import gpu

    if args.profile_n is not None:  # the target ncu runs
        gpu.count_batch(args.profile_n, items_of(args.profile_n))
        return
    gpu.require_gpu()
    name = gpu.device_name()
    known = oeis()
    kernels = args.kernel.split(",")
    for kernel in kernels:
        gpu_batch(12, 1, kernel)  # compile the kernels before timing
    check = cross_check(args.check_n, kernels)
    print(check, file=sys.stderr)

    results: list[dict[str, object]] = []
    for n in range(args.min_n, args.max_n + 1):
        sweep = ([int(r) for r in args.rows.split(",")] if args.rows
                 else [gpu.default_rows(n)])
        row: dict[str, object] = {"n": n, "batch": {}}
        for _ in range(args.repeat):
            for kernel in kernels:
                for r in sweep:
                    secs, total, unique = gpu_batch(n, r, kernel)
                    if (total, unique) != known[n]:
                        raise SystemExit(f"n = {n}, {kernel}, rows {r}: GPU counted "
                                         f"{total, unique}, OEIS says {known[n]}")
                    b = row["batch"]
                    assert isinstance(b, dict)
                    key = f"{kernel}, rows={r}"
                    b[key] = min(b.get(key, secs), secs)
            secs, total, unique = engine(n, "gpu")
            assert (total, unique) == known[n], (n, total, unique)
            row["engine"] = min(float(row.get("engine", secs)), secs)  # type: ignore[arg-type]
            if n <= args.cpu_max_n:
                secs, total, unique = engine(n, "cpu")
                assert (total, unique) == known[n]
                row["cpu"] = min(float(row.get("cpu", secs)), secs)  # type: ignore[arg-type]
        print(row, file=sys.stderr)
        results.append(row)
    ncu_lines = run_ncu(args.ncu_n) if args.ncu else []
    write_doc(args, name, check, results, ncu_lines)


def write_doc(args: argparse.Namespace, name: str, check: str,
              results: list[dict[str, object]], ncu_lines: list[str]) -> None:
    sweep = sorted({r for row in results for r in row["batch"]})  # type: ignore[attr-defined]
    head = ["n", "exact (OEIS)", *[f"GPU batch, {r} (s)" for r in sweep], "engine --gpu (s)",
            f"CPU engine, {os.cpu_count()} cores (s)", "ygch H800 (s)", "ygch RTX 5090 (s)",
            "NQueensFAF RTX 3080 (s)", "target (s)"]
    lines = [
        "# GPU counting benchmark",
        "",
        generated_line("bench_gpu.py", sys.argv[1:]),
        f"GPU: {name}; host: {cpu_name()}, {os.cpu_count()} logical CPUs; best of "
        f"{args.repeat}. Cross-check: {check}.",
        "",
        "| " + " | ".join(head) + " |",
        "|" + "---|" * len(head),
    ]
    for row in results:
        n = int(row["n"])  # type: ignore[call-overload]
        batch = row["batch"]
        assert isinstance(batch, dict)
        pub = PUBLISHED.get(n, ("", "", ""))
        cells = [str(n), "yes", *[f"{batch[r]:.2f}" if r in batch else "" for r in sweep],
                 f"{row['engine']:.2f}", f"{row['cpu']:.2f}" if "cpu" in row else "",
                 *[str(p) for p in pub], str(TARGETS.get(n, ""))]
        lines.append("| " + " | ".join(cells) + " |")
    if ncu_lines:
        lines += ["", "Nsight Compute (one launch of the kernel):", ""]
        lines += [f"    {ln}" if not ln.startswith("`") else ln for ln in ncu_lines]
    args.out.write_text("\n".join(lines) + "\n")
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
