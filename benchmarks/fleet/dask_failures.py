"""Time each Dask failure mode to its one line: bad addresses, a killed or frozen scheduler.

Run from the repository root: ``python benchmarks/fleet/dask_failures.py [--lost-after S]``.
Starts a loopback scheduler and one worker per case, runs ``nqueens count 17 --scheduler``,
kills (SIGKILL) or freezes (SIGSTOP) the scheduler once the ledger has rows, and reports for
each case: the exit status, the stderr lines, whether a traceback appeared, and the seconds
from the fault to the process's exit. Writes docs/dask_failures.md.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
ENV.pop("DASK_SCHEDULER_ADDRESS", None)
sys.path.insert(0, str(ROOT / "src"))

from nqueens.engine.ledger import Ledger  # noqa: E402
from nqueens.errors import NQueensError  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def spawn(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", *args], env=ENV, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def cli(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "nqueens", *args], env=ENV, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)


def rows(path: Path) -> int:
    """Finished subproblems in the ledger a count is writing (0 before it has a readable one)."""
    try:
        with Ledger.read(path, check_rows=False) as led:
            return led.summary().done
    except NQueensError:
        return 0


def bad_address(address: str) -> tuple[str, int, list[str], float]:
    start = time.perf_counter()
    p = cli("count", "12", "--scheduler", address, "--quiet")
    _, err = p.communicate(timeout=120)
    return address, p.returncode, err.strip().splitlines(), time.perf_counter() - start


def fault(kind: str, lost_after: float, tmp: Path) -> tuple[str, int, list[str], float]:
    port = free_port()
    addr = f"tcp://127.0.0.1:{port}"
    sched = spawn("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port),
                  "--no-dashboard")
    worker = spawn("distributed.cli.dask_worker", addr, "--nthreads", "1", "--no-nanny",
                   "--no-dashboard", "--host", "127.0.0.1")
    ledger = tmp / f"{kind}.sqlite"
    try:
        time.sleep(3)
        p = cli("count", "17", "--scheduler", addr, "--ledger", str(ledger), "--quiet",
                "--scheduler-timeout", str(lost_after))
        deadline = time.monotonic() + 120
        while rows(ledger) < 5 and time.monotonic() < deadline and p.poll() is None:
            time.sleep(0.2)
        start = time.perf_counter()
        os.killpg(sched.pid, signal.SIGKILL if kind == "killed" else signal.SIGSTOP)
        try:
            _, err = p.communicate(timeout=lost_after + 120)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            _, err = p.communicate()
            err += "\n(HUNG: killed by the benchmark)"
        took = time.perf_counter() - start
        kept = rows(ledger)
        return f"{kind} scheduler ({kept} rows kept)", p.returncode, err.strip().splitlines(), took
    finally:
        for proc in (worker, sched):
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lost-after", type=float, default=5.0)
    ap.add_argument("--out", default=None,
                    help="write the markdown here instead of saving it in benchmarks/results")
    args = ap.parse_args()
    results = [bad_address(a) for a in ("tls://127.0.0.1:8786", "ucx://127.0.0.1:8786",
                                         "ws://h:1", "garbage", "tcp://127.0.0.1:99999",
                                         "tcp://:8786", "127.0.0.1:notaport", "%%%://x",
                                         f"tcp://127.0.0.1:{free_port()}")]
    with tempfile.TemporaryDirectory() as d:
        results += [fault(k, args.lost_after, Path(d)) for k in ("killed", "frozen")]
    lines = [
        "# Dask failure modes: time from the fault to the one line",
        "",
        f"`python benchmarks/fleet/dask_failures.py --lost-after {args.lost_after:g}` "
        "(loopback scheduler, one worker, `count 17`; the machine was shared and loaded).",
        "",
        "| case | exit | stderr lines | traceback | seconds | the line |",
        "|---|---|---|---|---|---|",
    ]
    for case, code, err, took in results:
        tb = any("Traceback" in line for line in err)
        first = err[0].replace("|", "\\|") if err else ""
        lines.append(f"| `{case}` | {code} | {len(err)} | {'YES' if tb else 'no'} | "
                     f"{took:.2f} | {first} |")
    text = "\n".join(lines) + "\n"
    print(text)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from _results import publish  # benchmarks/_results.py
    publish("dask_failures", text, args.out)


if __name__ == "__main__":
    main()
