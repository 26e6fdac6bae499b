"""The cost of trust: ``nqueens count N`` on a loopback Dask cluster with ``--replicate 0``,
``0.1`` and ``1``, beside the same count without Dask, timed side by side in one run.

Run from the repository root: ``python benchmarks/fleet/bench_trust.py [--n 17]
[--workers 2] [--repeat 1]`` (``--n 15`` for a short run). Starts one scheduler and
``--workers`` one-thread workers (``dask worker --nthreads 1 --no-nanny``) on 127.0.0.1,
lets them warm up on a small count (the kernels' first compile), then times each whole
command (wall seconds, the median of ``--repeat``) and checks its total against OEIS. The
count without Dask runs on as many threads (``--workers``). Saves
``benchmarks/results/trust.jsonl`` and renders docs/performance.md.

What replication costs: every replicated unit is counted twice, the second time by the
independent search of ``ledger verify`` (slower than the counting kernel), and units in
doubt are held until checked; spot checks and tie-breaks are recounted by the coordinator
itself (the ``coordinator`` column: subproblems it recounted).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
ENV.pop("DASK_SCHEDULER_ADDRESS", None)

from _results import save  # noqa: E402

OEIS = {12: 14200, 13: 73712, 14: 365596, 15: 2279184, 16: 14772512, 17: 95815104,
        18: 666090624}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def spawn(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", *args], env=ENV, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def timed(*args: str) -> tuple[float, dict]:
    start = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "nqueens", *args, "--json", "--quiet"],
                       env=ENV, capture_output=True, text=True, timeout=3600, check=False)
    seconds = time.perf_counter() - start
    if r.returncode != 0:
        raise SystemExit(f"nqueens {' '.join(args)} failed: {r.stderr.strip()}")
    return seconds, json.loads(r.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=17)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    procs = [spawn("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port",
                   str(port), "--no-dashboard")]
    rows = []
    try:
        for _ in range(args.workers):
            procs.append(spawn("distributed.cli.dask_worker", address, "--nthreads", "1",
                               "--no-nanny", "--no-dashboard", "--host", "127.0.0.1"))
        time.sleep(3)
        timed("count", "12", "--scheduler", address, "--replicate", "1")   # warm up
        timed("count", "12", "--workers", str(args.workers))
        cases = [("no Dask", ["--workers", str(args.workers)])] + [
            (f"--replicate {f}", ["--scheduler", address, "--replicate", f])
            for f in ("0", "0.1", "1")]
        times: dict[str, list[float]] = {name: [] for name, _ in cases}
        last: dict[str, dict] = {}
        for _ in range(args.repeat):
            for name, extra in cases:   # interleaved: a load change hits every case alike
                seconds, out = timed("count", str(args.n), *extra)
                if out["total"] != OEIS[args.n]:
                    raise SystemExit(f"{name}: total {out['total']}, not {OEIS[args.n]}")
                times[name].append(seconds)
                last[name] = out
        base = statistics.median(times["no Dask"])
        for name, _ in cases:
            fleet = last[name].get("fleet") or {}
            rep = fleet.get("replicated") or {}
            med = statistics.median(times[name])
            rows.append(f"| {name} | {med:.2f} | {med / base:.2f} | "
                        f"{fleet.get('units', '-')} | {rep.get('units', '-')} | "
                        f"{(fleet.get('spot_checks') or {}).get('units', '-')} | "
                        f"{fleet.get('coordinator_recounts', '-')} |")
    finally:
        for p in reversed(procs):
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait(timeout=30)
    cpu = platform.processor() or platform.machine()
    markdown = f"""## The cost of trust: a fleet count with replication

`benchmarks/fleet/bench_trust.py --n {args.n} --workers {args.workers} --repeat {args.repeat}`
on {os.cpu_count()} cores ({cpu}): `nqueens count {args.n}` on a loopback Dask cluster of
{args.workers} one-thread workers with `--replicate 0`, `0.1` and `1`, beside the same count
on {args.workers} threads without Dask; whole commands, wall seconds (median of
{args.repeat}), every total checked against OEIS. *units*: units the workers counted;
*replicated*: units recounted by a second worker (independent search); *spot*: units of
which the coordinator recounted one random subproblem itself; *coordinator*: subproblems
the coordinator recounted (spot checks, tie-breaks, replicas no other worker could take).

| count | seconds | x no Dask | units | replicated | spot | coordinator |
|---|---|---|---|---|---|---|
""" + "\n".join(rows) + """

`--replicate 1` pays for a second count of every unit with the independent search (slower
than the counting kernel), on the same cores: it is what makes one lying worker unable to
change the total. `--replicate 0` still spot-checks every worker's first unit here.
"""
    print(markdown)
    save("trust", markdown)


if __name__ == "__main__":
    main()
