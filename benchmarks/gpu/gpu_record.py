"""The record run: counts of n = 20, 21, 22 on one GPU as a user runs them, and what
0.2-s launches cost against long ones; one JSON line a step. A GPU session's one command:

    python3 benchmarks/gpu/gpu_record.py --results $OUT/record.jsonl --budget 420
    NUMBA_ENABLE_CUDASIM=1 python benchmarks/gpu/gpu_record.py 8 9 --launch-n 9 --warm-n 8

Steps, in order of value, each skipped (and recorded as skipped) when its projected time
does not fit in what is left of ``--budget``:

1. ``env``: the card, the driver, the versions;
2. ``warm``: ``nqueens count 12 --gpu`` once, so CuPy's compile of the kernel and numba's
   of the host's cut are cached before anything is timed (a fresh install pays them once);
3. ``cli``: ``nqueens count N --gpu --unique --json --quiet`` for each N, a fresh process
   each, timed whole, its total and unique checked against tests/data/oeis.csv;
4. ``launch``: in one process, ``nqueens.count(N, backend=GPUBackend(task=...))`` at
   ``--launch-n`` with the engine's launch length (``Tuning.launch_seconds``, 0.2 s so that
   Ctrl-C lands within a second) and with long launches (5 s), in rotated rounds, so the
   machine's drift falls on both alike: what holding launches short costs.

5. ``fleet`` (with ``--fleet-n N``): a loopback Dask cluster on this machine, one worker
   with the GPU (``--resources GPU=1``) and ``--fleet-cpus`` one-thread CPU workers,
   counting N with ``nqueens count N --scheduler ... --replicate 0.25 --json``: units sized
   per device, replicas on the other device class (needs dask.distributed there).

``benchmarks/gpu/record.py`` turns the lines into docs/record.md (growth per n, projection).
"""

from __future__ import annotations

import argparse
import csv
import importlib
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SRC = ROOT / "src"
"""The package the steps run (``--src`` names another checkout's, a fallback)."""

GROWTH = 9.0
"""A step at n + 1 is projected at this many times its time at n (measured 7-8.5)."""


def oeis() -> dict[int, tuple[int, int]]:
    with open(ROOT / "tests" / "data" / "oeis.csv", newline="") as f:
        return {int(r["n"]): (int(r["total"]), int(r["unique"])) for r in csv.DictReader(f)}


def emit(record: dict[str, Any], results: Path | None) -> None:
    line = json.dumps(record)
    print(line, flush=True)
    if results is not None:
        with results.open("a") as out:
            out.write(line + "\n")


def _env() -> dict[str, str]:
    """This environment with :data:`SRC` first on the path (packages carried there too)."""
    return dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (str(SRC), os.environ.get("PYTHONPATH", "")) if p))


def env() -> dict[str, Any]:
    rec: dict[str, Any] = {"stage": "env", "python": platform.python_version(),
                           "host": platform.node(), "cpus": os.cpu_count(),
                           "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    for name in ("numpy", "numba", "numba_cuda", "cupy"):
        try:
            rec[name] = importlib.import_module(name).__version__
        except Exception:
            rec[name] = None
    try:
        rec["gpu"] = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,clocks.sm",
                                     "--format=csv,noheader"], capture_output=True, text=True,
                                    timeout=20).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        rec["gpu"] = None
    rec["simulator"] = os.environ.get("NUMBA_ENABLE_CUDASIM") == "1"
    return rec


def cli(n: int, timeout: float) -> dict[str, Any]:
    """One whole command in a fresh process, timed and checked."""
    envs = _env()
    command = [sys.executable, "-m", "nqueens", "count", str(n), "--gpu", "--unique",
               "--json", "--quiet"]
    start = time.perf_counter()
    proc = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=envs)
    seconds = time.perf_counter() - start
    rec: dict[str, Any] = {"stage": "cli", "n": n, "seconds": round(seconds, 3),
                           "rc": proc.returncode,
                           "command": f"nqueens count {n} --gpu --unique --json --quiet"}
    try:
        out = json.loads(proc.stdout)
        rec.update(total=out["total"], unique=out["unique"], engine_seconds=out["seconds"],
                   subproblems=out.get("subproblems"), gpu=out.get("gpu"))
        rec["exact"] = (out["total"], out["unique"]) == oeis().get(n)
    except (ValueError, KeyError, TypeError):
        lines = proc.stderr.strip().splitlines()
        rec["error"] = lines[-1] if lines else f"exit {proc.returncode}"
    return rec


def launch(n: int, seconds: float) -> dict[str, Any]:
    """``count(n)`` through the GPU backend with launches of ``seconds``, in this process."""
    from functools import partial

    import nqueens
    from nqueens.engine import gpu
    from nqueens.engine.backends import GPUBackend

    task = partial(gpu.count_batch, tuning=gpu.Tuning(launch_seconds=seconds,
                                                      max_launch_seconds=seconds))
    start = time.perf_counter()
    got = nqueens.count(n, unique=True, backend=GPUBackend(task=task))
    took = time.perf_counter() - start
    return {"stage": "launch", "n": n, "launch_seconds": seconds, "seconds": round(took, 3),
            "total": got.total, "unique": got.unique,
            "exact": (got.total, got.unique) == oeis().get(n)}


def interrupt(n: int, after: float, timeout: float) -> dict[str, Any]:
    """Ctrl-C (SIGINT) ``after`` seconds into ``nqueens count n --gpu``: how long the
    process takes to end, its exit status and its last line."""
    import signal

    def default_sigint() -> None:   # as from a terminal, even where this runs in background
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    proc = subprocess.Popen([sys.executable, "-m", "nqueens", "count", str(n), "--gpu",
                             "--quiet"], env=_env(), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=default_sigint)
    time.sleep(after)
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=timeout)
    lines = err.strip().splitlines()
    return {"stage": "interrupt", "n": n, "after": after, "rc": proc.returncode,
            "exit_seconds": round(time.perf_counter() - sent, 3),
            "stderr": lines[-1] if lines else ""}


def fleet(n: int, cpus: int, timeout: float) -> dict[str, Any]:
    """``nqueens count n --scheduler`` on a loopback cluster: one GPU worker, ``cpus`` CPU
    workers, a quarter of the units replicated."""
    import signal
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    envs = _env()
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": envs,
             "start_new_session": True}
    worker = [sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1",
              "--no-nanny", "--no-dashboard", "--host", "127.0.0.1"]
    procs = [subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler",
                               "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
                              **quiet)]
    try:
        time.sleep(2)
        procs.append(subprocess.Popen([*worker, "--name", "gpu0", "--resources", "GPU=1"],
                                      **quiet))
        procs += [subprocess.Popen([*worker, "--name", f"cpu{i}"], **quiet)
                  for i in range(cpus)]
        time.sleep(5)
        command = [sys.executable, "-m", "nqueens", "count", str(n), "--scheduler", address,
                   "--replicate", "0.25", "--unique", "--json", "--quiet"]
        start = time.perf_counter()
        proc = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                              env=envs)
        rec: dict[str, Any] = {"stage": "fleet", "n": n, "cpus": cpus, "rc": proc.returncode,
                               "seconds": round(time.perf_counter() - start, 3)}
        try:
            out = json.loads(proc.stdout)
            rec.update(total=out["total"], unique=out["unique"], fleet=out["fleet"],
                       exact=(out["total"], out["unique"]) == oeis().get(n))
        except (ValueError, KeyError, TypeError):
            lines = proc.stderr.strip().splitlines()
            rec["error"] = lines[-1] if lines else f"exit {proc.returncode}"
        return rec
    finally:
        for p in procs:
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", nargs="*", type=int, default=[20, 21, 22],
                    help="the sizes counted as whole commands (default 20 21 22)")
    ap.add_argument("--budget", type=float, default=420.0, help="seconds for all the steps")
    ap.add_argument("--results", type=Path, default=None, help="append the lines here too")
    ap.add_argument("--launch-n", type=int, default=21, help="n of the launch-length rounds")
    ap.add_argument("--launch-seconds", default="0.2,5",
                    help="launch lengths compared in process (default 0.2,5)")
    ap.add_argument("--rounds", type=int, default=2, help="rounds of the launch comparison")
    ap.add_argument("--interrupt-n", type=int, default=None,
                    help="also send Ctrl-C into a count of this n on the GPU")
    ap.add_argument("--interrupt-after", type=float, default=10.0,
                    help="seconds into that count (default 10)")
    ap.add_argument("--fleet-n", type=int, default=None,
                    help="also count N on a loopback fleet: one GPU worker and CPU workers")
    ap.add_argument("--fleet-cpus", type=int, default=4, help="CPU workers of that fleet")
    ap.add_argument("--warm-n", type=int, default=12,
                    help="n of the warm-up count (default 12; 8 on the simulator)")
    ap.add_argument("--src", type=Path, default=None,
                    help="run this package checkout's src/ instead of the one beside the script")
    args = ap.parse_args(argv)
    global SRC
    SRC = (args.src or SRC).resolve()
    sys.path.insert(0, str(SRC))
    lengths = [float(x) for x in args.launch_seconds.split(",") if x]
    t0 = time.perf_counter()

    def left() -> float:
        return args.budget - (time.perf_counter() - t0)

    emit(env(), args.results)
    emit(cli(args.warm_n, timeout=max(30.0, left())) | {"stage": "warm"}, args.results)
    times: dict[int, float] = {}
    for n in sorted(args.n):
        projected = times[n - 1] * GROWTH if n - 1 in times else None
        if projected is not None and projected * 1.1 > left():
            emit({"stage": "cli", "n": n, "skipped": f"projected {projected:.0f} s, "
                  f"{left():.0f} s left"}, args.results)
            continue
        rec = cli(n, timeout=max(10.0, left()))
        times[n] = rec["seconds"]
        emit(rec, args.results)
    base = times.get(args.launch_n)
    for r in range(args.rounds):
        order = lengths[r % len(lengths):] + lengths[:r % len(lengths)]
        for seconds in order:
            if base is not None and base * 1.2 > left():
                emit({"stage": "launch", "n": args.launch_n, "launch_seconds": seconds,
                      "skipped": f"{left():.0f} s left"}, args.results)
                continue
            try:
                rec = launch(args.launch_n, seconds)
            except Exception as err:
                emit({"stage": "launch", "n": args.launch_n, "launch_seconds": seconds,
                      "error": f"{type(err).__name__}: {err}"}, args.results)
                break
            base = max(base or 0.0, rec["seconds"])
            emit(rec | {"round": r}, args.results)
    if args.interrupt_n is not None and left() > args.interrupt_after + 20:
        emit(interrupt(args.interrupt_n, args.interrupt_after, timeout=30.0), args.results)
    if args.fleet_n is not None and left() > 60:
        try:
            emit(fleet(args.fleet_n, args.fleet_cpus, timeout=left() - 10), args.results)
        except (OSError, subprocess.SubprocessError) as err:
            emit({"stage": "fleet", "n": args.fleet_n, "error": str(err)}, args.results)
    print(f"gpu_record: done in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
