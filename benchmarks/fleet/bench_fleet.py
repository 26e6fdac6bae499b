"""A mixed, churning fleet on this machine: pull against a static split, idle fraction.

    python benchmarks/fleet/bench_fleet.py                 # n = 17 and 18 (a few minutes)
    python benchmarks/fleet/bench_fleet.py --sizes 15 --kill-after 1   # a quick look

A loopback Dask cluster of four one-thread workers: ``w1``, ``w2``, ``w3`` and ``slow``,
the last made ``--slow`` times slower by a benchmark-only plug-in (``_stretch.Stretch``:
each of its units is counted, then it waits as long again, as a slower card would take).
``--kill-after`` seconds into each count ``w2`` is killed (SIGKILL) and a fresh worker
``w2b`` started in its place. Each size is counted twice, each time with a fresh ledger:

- **pull** (the product, ``DaskBackend``): every worker pulls its next unit, sized to its
  own measured speed, from one queue largest first;
- **static**: the same units, sized the same way, but from fixed equal shares of the
  estimated work dealt to the four workers before the count starts (the way the Q27
  re-count split its work over 8 GPUs); a replacement takes over its predecessor's share.

Every count is checked against tests/data/oeis.csv. The idle fraction is the count's own
(``DaskBackend.fleet_stats``): the share of worker time, from each worker's arrival to its
departure or the count's end, not spent counting.
"""

from __future__ import annotations

import argparse
import csv
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(HERE))         # _stretch
sys.path.insert(0, str(HERE.parent))  # _common, _results

NAMES = ("w1", "w2", "w3", "slow")


def oeis() -> dict[int, tuple[int, int]]:
    with open(ROOT / "tests" / "data" / "oeis.csv", newline="") as f:
        return {int(r["n"]): (int(r["total"]), int(r["unique"])) for r in csv.DictReader(f)}


class Fleet:
    """A scheduler and named one-thread workers on 127.0.0.1 (benchmarks/fleet on their
    path, for the plug-in)."""

    def __init__(self) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(HERE)]))
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self.scheduler = self._spawn("distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                     "--port", str(self.port), "--no-dashboard")

    def _spawn(self, *args: str) -> subprocess.Popen[bytes]:
        return subprocess.Popen([sys.executable, "-m", *args], env=self.env,
                                start_new_session=True, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)

    def add(self, name: str) -> None:
        self.procs[name] = self._spawn("distributed.cli.dask_worker", self.address,
                                       "--nthreads", "1", "--no-nanny", "--no-dashboard",
                                       "--host", "127.0.0.1", "--name", name)

    def kill(self, name: str) -> None:
        proc = self.procs.pop(name, None)
        if proc is not None and proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)

    def wait_for(self, names: tuple[str, ...], timeout: float = 120) -> None:
        from distributed import Client

        client = Client(self.address, timeout=timeout)
        try:
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                here = {w.get("name") for w in client.scheduler_info()["workers"].values()}
                if set(names) <= here and len(here) == len(names):
                    return
                time.sleep(0.2)
            raise SystemExit(f"bench_fleet: workers {names} did not all join")
        finally:
            client.close()

    def close(self) -> None:
        for name in list(self.procs):
            self.kill(name)
        if self.scheduler.poll() is None:
            os.killpg(self.scheduler.pid, signal.SIGKILL)
            self.scheduler.wait(timeout=30)


def static_backend(address: str, task: Any, config: Any) -> Any:
    """A DaskBackend whose units come from fixed shares dealt before the count (the
    comparison's push; benchmark-only)."""
    from nqueens.engine import fleet

    class StaticRun(fleet._Run):
        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            self.shares: dict[str, deque[int]] = {name: deque() for name in NAMES}
            loads = dict.fromkeys(NAMES, 0.0)
            for i in self.queue:   # largest first, each to the lightest share so far
                slot = min(loads, key=loads.__getitem__)
                self.shares[slot].append(i)
                loads[slot] += self.weight.get(i, 1.0)
            self.queue = deque()

        def slot(self, address: str) -> str:
            return self.name(address).rstrip("b")

        def waiting(self) -> bool:
            return any(self.shares.values()) or super().waiting()

        def take_unit(self, worker: Any) -> Any:
            self.queue = self.shares[self.slot(worker.address)]
            try:
                return super().take_unit(worker)
            finally:
                self.queue = deque()

        def requeue(self, unit: Any) -> None:
            self.queue = self.shares[self.slot(unit.worker)]
            try:
                super().requeue(unit)
            finally:
                self.queue = deque()

    class StaticBackend(fleet.DaskBackend):
        def run(self, n: int, items: Any, sched: Any, sink: Any) -> None:
            StaticRun(self, n, items, sched, sink).run()

    return StaticBackend(address, task=task, config=config)


def one(n: int, mode: str, args: argparse.Namespace) -> dict[str, Any]:
    from _stretch import Stretch

    import nqueens
    from nqueens.engine.fleet import DaskBackend, FleetConfig

    fleet = Fleet()
    try:
        for name in NAMES:
            fleet.add(name)
        fleet.wait_for(NAMES)
        task = Stretch(("slow",), args.slow)
        config = FleetConfig(unit_seconds=args.unit_seconds)
        backend = (DaskBackend(fleet.address, task=task, config=config) if mode == "pull"
                   else static_backend(fleet.address, task, config))

        def churn() -> None:
            fleet.kill("w2")
            fleet.add("w2b")

        timer = threading.Timer(args.kill_after, churn)
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            timer.start()
            try:
                got = nqueens.count(n, unique=True, backend=backend,
                                    ledger=Path(tmp) / "l.sqlite")
            finally:
                timer.cancel()
            seconds = time.perf_counter() - start
        s = backend.fleet_stats
        return {"n": n, "mode": mode, "seconds": seconds, "exact": (got.total, got.unique)
                == oeis()[n], "units": s.units, "requeued": s.requeued,
                "workers": s.workers_seen, "idle": s.idle_fraction,
                "busy": s.busy_seconds, "alive": s.alive_seconds}
    finally:
        fleet.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[17, 18])
    ap.add_argument("--slow", type=float, default=3.0,
                    help="how many times slower the slow worker is (default 3)")
    ap.add_argument("--kill-after", type=float, default=4.0,
                    help="seconds into each count at which w2 is killed and replaced")
    ap.add_argument("--unit-seconds", type=float, default=2.0,
                    help="what a unit should last on its worker (default 2 s on this "
                         "machine's short counts; the product's default is 60 s)")
    ap.add_argument("--out", default=None,
                    help="write the markdown here instead of saving it in benchmarks/results")
    args = ap.parse_args(argv)
    rows = []
    for n in args.sizes:
        for mode in ("pull", "static"):
            r = one(n, mode, args)
            print(f"n = {n} {mode:6}: {r['seconds']:.1f} s, idle {r['idle']:.1%}, "
                  f"{r['units']} units, {r['requeued']} requeued, exact {r['exact']}",
                  flush=True)
            rows.append(r)
    from _common import machine_line
    from _results import publish

    lines = ["# A mixed, churning fleet: pull against a static split", "",
             f"Measured by `python benchmarks/fleet/bench_fleet.py --sizes "
             f"{' '.join(map(str, args.sizes))} --slow {args.slow:g} --kill-after "
             f"{args.kill_after:g} --unit-seconds {args.unit_seconds:g}` on "
             f"{machine_line()}. Four one-thread workers on this machine's 2 cores, one "
             f"{args.slow:g}x slower (a benchmark-only plug-in), `w2` killed "
             f"{args.kill_after:g} s into each count and replaced; every count exact "
             "against OEIS or marked.", "",
             "| n | split | seconds | idle fraction | units | requeued | workers seen | "
             "exact |", "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['n']} | {r['mode']} | {r['seconds']:.1f} | {r['idle']:.1%} | "
                     f"{r['units']} | {r['requeued']} | {r['workers']} | "
                     f"{'yes' if r['exact'] else 'NO'} |")
    lines += ["", "Idle fraction: the share of the workers' time, from each one's arrival "
              "(or the count's start) to its departure (or the count's end), not spent "
              "counting a unit; a lost unit's time counts as spent. Both splits run the same "
              "plug-in, churn and unit sizing; only where a worker's next unit comes from "
              "differs."]
    publish("fleet", "\n".join(lines) + "\n", args.out)
    return 0 if all(r["exact"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
