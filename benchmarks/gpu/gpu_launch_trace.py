"""One GPU batch of every subproblem of n, launch by launch: each launch's length and the
nodes a second it counted. One JSON line a batch.

    python benchmarks/gpu/gpu_launch_trace.py 21                         # on the GPU machine
    python benchmarks/gpu/gpu_launch_trace.py 21 --launch-seconds 0.2,2 --rounds 2
    NUMBA_ENABLE_CUDASIM=1 python benchmarks/gpu/gpu_launch_trace.py 9   # a rehearsal, no GPU

Why: the batch's ``phases`` say how long the launches took in all, not how the rate moved
from one launch to the next. This trace found (run 7, an H200) that each launch's step
budget was scaled by the time to queue the launch, not to run it, so the launches grew 4x
each, to 7.2 s at n = 21; and it is what says whether launches of ``LAUNCH_SECONDS``
(0.2 s, so that Ctrl-C lands within a second) count as fast as long ones:
``--launch-seconds 0.2,2`` runs the batch at each length in turn (rotated each round, so
the machine's drift falls on both alike), in one process after a warm-up batch of n = 10.

Each line: n, the kernel, the launch length asked for, the batch's seconds, total and
unique (and whether they are the OEIS numbers of tests/data/oeis.csv), its phases, and
``launches``: for each launch, the seconds from the batch's start at which its results
were on the host, its own seconds (from its start to then) and the nodes a second it counted,
in billions (the nodes the host counted in its cut are not in them).
With ``--results`` the lines are appended there too.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "src"))
sys.path.insert(0, str(HERE))  # bench_gpu
sys.path.insert(0, str(HERE.parent))  # _common, also when this file is loaded by path

from _common import emit_line  # noqa: E402
from bench_gpu import oeis  # noqa: E402


def trace(n: int, kernel: str, launch_seconds: float) -> dict[str, Any]:
    """One batch of every subproblem of ``n`` at launches of ``launch_seconds``, traced."""
    from nqueens.engine import gpu
    from nqueens.engine.gpu import batch
    from nqueens.engine.split import split

    items = [tuple(s) for s in split(n)]
    marks: list[tuple[float, float, int]] = []  # each launch: start, end, nodes so far
    phases: dict[str, Any] = {}
    start = time.perf_counter()

    class Traced(batch.Device):  # the engine's device, its launches and their results timed
        def launch(self, step: int) -> None:
            self.began = time.perf_counter() - start
            super().launch(step)

        def progress(self) -> tuple[Any, Any]:
            left, got = super().progress()  # waits for the launch
            marks.append((self.began, time.perf_counter() - start, int(got[:, 1].sum())))
            return left, got

    saved = batch.Device
    batch.Device = Traced
    try:
        rows = gpu.count_batch(n, items, kernel=kernel, phases=phases,
                               tuning=gpu.Tuning(launch_seconds=launch_seconds,
                                                 max_launch_seconds=launch_seconds))
    finally:
        batch.Device = saved
    seconds = time.perf_counter() - start
    total, unique = sum(r[0] for r in rows), sum(r[1] for r in rows)
    launches, counted = [], 0
    for began, ended, nodes in marks:
        own = ended - began
        launches.append([round(ended, 4), round(own, 4),
                         round((nodes - counted) / own / 1e9, 3) if own else 0])
        counted = nodes
    return {"n": n, "kernel": kernel, "launch_seconds": launch_seconds,
            "seconds": round(seconds, 4), "total": total, "unique": unique,
            "exact": oeis().get(n) == (total, unique), "phases": phases,
            "launches": launches}


def _lengths(text: str) -> list[float]:
    try:
        values = [float(v) for v in text.split(",") if v.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"seconds, comma-separated, got {text!r}") from None
    if not values or not all(0.001 <= v <= 60 for v in values):
        raise argparse.ArgumentTypeError(f"each from 0.001 to 60 seconds, got {text!r}")
    return values


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("n", type=int, help="the board size, 4 to 23")
    p.add_argument("--kernel", default="auto", help="auto (the engine's pick) or a kernel")
    p.add_argument("--launch-seconds", type=_lengths, default=None,
                   help="launch lengths to trace, comma-separated (default: LAUNCH_SECONDS)")
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--results", type=Path, default=None, help="append the lines here too")
    args = p.parse_args(argv)
    if not 4 <= args.n <= 23 or not 1 <= args.rounds <= 20:
        p.error(f"n must be from 4 to 23 and rounds from 1 to 20, got {args.n} and "
                f"{args.rounds}")
    from nqueens.engine import gpu
    from nqueens.engine.split import split
    from nqueens.errors import NQueensError

    lengths = args.launch_seconds or [gpu.LAUNCH_SECONDS]
    try:
        gpu.count_batch(10, [tuple(s) for s in split(10)], kernel=args.kernel)  # warm-up
        for r in range(args.rounds):
            for k in range(len(lengths)):
                rec = trace(args.n, args.kernel, lengths[(k + r) % len(lengths)])
                if emit_line(json.dumps(rec), args.results, "gpu_launch_trace.py"):
                    return 2
    except NQueensError as err:
        print(f"gpu_launch_trace.py: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # the lines of the batches that ended are out already
        print("gpu_launch_trace.py: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
