"""Count on a CUDA GPU within a time budget: exactness for n = 16..22, times beside the CPU
engine and the published GPU counters, a rows-placed-on-the-host sweep, Nsight Compute.

    bash benchmarks/gpu/gpu_device_run.sh                   # what a GPU session runs (480 s)
    python benchmarks/gpu/bench_gpu.py --budget 400         # the Python part alone
    python benchmarks/gpu/bench_gpu.py                      # no budget: every stage, however long
    python benchmarks/gpu/bench_gpu.py --render gpu_results.jsonl   # rebuild the doc, no GPU
    python benchmarks/gpu/bench_gpu.py --ptx                # no GPU: ptxas -v of the kernel (sm_90)

The stages run in order of value; each step is wrapped, so a failure is one recorded line
and the next step still runs:

(a) compile each kernel (``--kernel``; by default ``numba``, or where CuPy imports
    ``cuda-stack``, ``cuda-shared``, ``cuda-c`` and ``numba``), count every subproblem of
    ``--check-n`` (14) with the kernel's CPU twin, and cross-check each kernel against it
    subproblem by subproblem (total, unique, nodes); warm up the CPU engine;
(b) for n = ``--min-n``..``--max-n`` (16..22): one GPU batch of every subproblem per kernel
    (the default rows; the kernels after the first only up to ``--baseline-max-n``, 19),
    then the engine end to end with the first kernel (``run_count(n, device="gpu",
    task=partial(count_batch, kernel=...))``, up to ``--engine-max-n``),
    then the CPU engine on every core for n <= ``--cpu-max-n`` (18); every total and class
    count is checked against tests/data/oeis.csv;
(c) a sweep of the rows placed on the host (``--sweep-rows`` 2,3,4: one row was slower
    in every run so far, four never measured) at one n (``--sweep-n``, default two below
    ``--max-n``: 20, where four rows take one more frame off ``cuda-stack``'s stacks and
    allow it 4 more warps an SM), for the first kernel;
(e) one more GPU batch at that n for each variant of the first kernel (:data:`VARIANTS`:
    ``cuda-shared``'s branching step and fewer shared frames, the engine's largest-first
    order, a limit of 32 or 40 registers, 64 and 256 threads a block);
(d) throughout: before each step its time is projected from the same step at the previous n
    (times grow about 8x per n: the larger of 8 and the last measured ratio), and a step
    whose projection (times 1.1) does not fit in what is left of ``--budget`` is skipped,
    with the reason recorded; a step that still overruns is stopped at the budget's end
    (between two kernel launches) and recorded as such. Steps that are not the first
    kernel's batch are also skipped when they would crowd out that batch at ``--max-n``
    while it is projected to fit (``--no-reserve`` turns this off).

Every step appends one JSON object to ``--results`` (default ``$OUT/gpu_results.jsonl``) as
it ends (stage, n, kernel, rows, seconds, total, unique, exact, error, skipped, ...), so a
killed run still leaves what it finished; the doc (``--doc``; by default it is saved as
``gpu`` in benchmarks/results and docs/performance.md) is rendered from that file at the
end, and ``--render FILE`` renders it again from a file brought back from a GPU machine.
``--add-ncu`` and ``--ptx`` append Nsight Compute's and ptxas's views to the same file
(gpu_device_run.sh does this).
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import datetime
import importlib
import json
import math
import os
import platform
import shutil
import signal
import subprocess
import sys
import time
import traceback
import types
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(HERE))  # bench_gpu
sys.path.insert(0, str(HERE.parent))  # _common, also when this file is loaded by path (the tests)

from _common import cpu_name  # noqa: E402

PUBLISHED = {  # n -> (ygch H800, ygch RTX 5090, NQueensFAF RTX 3080), seconds, issue 10
    20: (4.14, 2.78, 5.85),
    21: (29.2, 21.2, 48.0),
    22: (249.9, 180.4, 416.0),
}
TARGETS = {21: 15.0, 22: 125.0}
NCU_SECTIONS = ["LaunchStats", "Occupancy", "SpeedOfLight", "InstructionStats"]
NCU_KEEP = ("Registers Per Thread", "Theoretical Occupancy", "Achieved Occupancy",
            "Theoretical Active Warps", "Achieved Active Warps", "Executed Ipc",
            "Issue Slots Busy", "Issued Instructions", "Executed Instructions",
            "Block Limit Registers", "Local Memory", "Duration", "Compute (SM) Throughput",
            "Memory Throughput", "DRAM Throughput", "Threads", "Grid Size", "Block Size",
            "Waves Per SM", "SM Frequency")
GROWTH = 8.0
"""The least growth of a step's time from one n to the next that a projection assumes (the
count grows 6.5-8.6x per n from 16 to 22)."""
SAFETY = 1.1
"""A step runs only if its projected time times this fits in what is left of the budget."""
FIELDS = ("stage", "n", "kernel", "rows", "seconds", "total", "unique", "exact", "error",
          "skipped", "variant")
VARIANTS = (("branching", {"predicated": False}), ("7 shared frames", {"shared_frames": 7}),
            ("unroll 1", {"unroll": 1}), ("planes", {"planes": True}),
            ("largest first", {"order": "estimate"}), ("max 32 registers", {"max_registers": 32}),
            ("block 64", {"block": 64}), ("block 256", {"block": 256}),
            ("max 40 registers", {"max_registers": 40}), ("unroll 2", {"unroll": 2}))
"""Stage (e): one GPU batch of the sweep's n for each of these variants of the first kernel
(the knobs of :func:`nqueens.engine.gpu.count_batch`, and the engine's largest-first
order), most telling first. ``branching`` and ``7 shared frames`` are ``cuda-shared``'s
alone: its push and pop as branches instead of predicated instructions, and at most 7 stack
frames a thread in shared memory (the rest in global memory), which leaves the L1 cache
more room; ``unroll 1``, ``planes`` and ``unroll 2`` are ``cuda-stack``'s alone: one try a
turn of its loop (the default at the n where the sentinel frame of two would cost warps:
:func:`nqueens.engine.gpu.stack_unroll`), each frame in two 8-byte halves, so the store of
the squares left meets 2-way bank conflicts instead of 4-way, and two tries a turn.
Registers (ptxas, sm_90): numba's 48, the CUDA C twin's 40, cuda-shared's 40, cuda-stack's 32 (40 in
planes; so its ``max 32 registers`` is its default again)."""


# --- projection and skipping: pure functions ---------------------------------------------


def growth(times: Mapping[int, float], m: int, floor: float = GROWTH) -> float:
    """The per-n growth of a step's time after ``m``: the ratio ``times[m] / times[m - 1]``
    when both were measured, never less than ``floor``.

    >>> growth({18: 1.0, 19: 9.5}, 19), growth({18: 1.0, 19: 5.0}, 19), growth({19: 5.0}, 19)
    (9.5, 8.0, 8.0)
    """
    prev = times.get(m - 1)
    if prev is not None and prev > 0:
        return max(floor, times[m] / prev)
    return floor


def project(times: Mapping[int, float], n: int, *, same_n: bool = False,
            floor: float = GROWTH) -> float | None:
    """A step's time at ``n`` projected from its times at smaller n (``times``: n -> s), or
    None when there is nothing to project from. ``same_n`` lets a time at ``n`` itself count
    (for projecting one step from another step's time at the same n).

    >>> project({16: 0.5, 17: 4.0, 18: 36.0}, 20)   # 36 x 9 x 9 (measured 9x beats 8x)
    2916.0
    >>> project({16: 2.0}, 18), project({}, 18), project({18: 3.0}, 18, same_n=True)
    (128.0, None, 3.0)
    """
    below = [m for m in times if m < n or (same_n and m == n)]
    if not below:
        return None
    m = max(below)
    return times[m] * growth(times, m, floor) ** (n - m)


def chain(times: Mapping[int, float], after: int, last: int,
          floor: float = GROWTH) -> float | None:
    """The projected time of a step at every n from ``after + 1`` to ``last`` together (each
    projected from the one before), or None when there is nothing to project from.

    >>> chain({20: 10.0, 21: 85.0}, 21, 22), chain({20: 10.0}, 20, 22), chain({}, 20, 22)
    (722.5, 720.0, None)
    """
    known = dict(times)
    total = 0.0
    for n in range(after + 1, last + 1):
        p = project(known, n, floor=floor)
        if p is None:
            return None
        known[n] = p
        total += p
    return total


def skip_reason(projected: float | None, left: float, safety: float = SAFETY) -> str | None:
    """Why a step projected to take ``projected`` seconds must not start with ``left``
    seconds of the budget left, or None when it may (an unknown projection may).

    >>> skip_reason(100.0, 200.0) is None, skip_reason(None, 5.0) is None
    (True, True)
    >>> skip_reason(190.0, 200.0)
    'skipped: projected 190.0 s, 200.0 s left'
    >>> skip_reason(None, -1.0)
    'skipped: the budget is spent'
    """
    if left <= 0:
        return "skipped: the budget is spent"
    if projected is not None and projected * safety > left:
        return f"skipped: projected {projected:.1f} s, {left:.1f} s left"
    return None


def reserve_reason(projected: float | None, left: float, reserve: float | None, what: str,
                   safety: float = SAFETY) -> str | None:
    """Why a step of lower value must not start: the ``reserve`` seconds that the steps of
    more value still to come (``what``) are projected to need fit in ``left`` now, but would
    not after this step. None when it may start.

    >>> reserve_reason(30.0, 200.0, 150.0, "the numba batch at n = 22") is None
    True
    >>> reserve_reason(40.0, 200.0, 150.0, "the numba batch at n = 22")
    'skipped: projected 40.0 s, 200.0 s left, of which the numba batch at n = 22 needs 150.0 s'
    >>> reserve_reason(40.0, 100.0, 150.0, "x") is None   # the reserve no longer fits anyway
    True
    """
    if projected is None or reserve is None or reserve * safety > left:
        return None
    if (reserve + projected) * safety > left:
        return (f"skipped: projected {projected:.1f} s, {left:.1f} s left, of which {what} "
                f"needs {reserve:.1f} s")
    return None


# --- the results file and the budget -----------------------------------------------------


class OutOfBudget(BaseException):
    """Raised in the main thread when the budget's end comes during a step (a BaseException,
    like KeyboardInterrupt, so no ``except Exception`` in the code under test swallows it)."""


class Results:
    """The JSONL results file: one object per line, each written whole by one ``write``."""

    def __init__(self, path: Path, fresh: bool = True) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        if fresh:
            path.write_text("")

    def add(self, rec: dict[str, Any]) -> None:
        line = (json.dumps(rec, default=str) + "\n").encode()
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, line)
        finally:
            os.close(fd)


def read_results(path: Path) -> list[dict[str, Any]]:
    """The records of a results file; a last line cut short (a killed writer) is left out."""
    recs = []
    for line in path.read_text().splitlines():
        with contextlib.suppress(json.JSONDecodeError):
            recs.append(json.loads(line))
    return recs


def project_engine(recs: list[dict[str, Any]], n: int, *, growth: float = GROWTH) -> int | None:
    """Seconds to keep for the whole command at ``n``: the engine's exact time there in
    ``recs``, else at the largest n below times ``growth`` an n (8; ``cuda-stack``'s engine
    grew 5.8x from n = 20 to 21 and 7.5x to 22); times 1.15, plus 5 s for the process's
    start. None without an engine time at or below ``n``.

    >>> project_engine([{"stage": "engine", "n": 21, "seconds": 15.8, "exact": True}], 22)
    151
    >>> project_engine([{"stage": "engine", "n": 21, "seconds": 15.8, "exact": False}], 21)
    """
    got = {r["n"]: r["seconds"] for r in recs if r.get("stage") == "engine"
           and r.get("exact") and r.get("seconds") is not None and r.get("n", n + 1) <= n}
    if not got:
        return None
    m = max(got)
    return math.ceil(got[m] * growth ** (n - m) * 1.15 + 5)


Key = tuple[Any, ...]


class Bench:
    """Runs steps within a budget: projects, skips, times, catches, records.

    ``clock`` is injectable (tests drive it by hand); ``alarm`` stops a step that overruns
    the budget with SIGALRM (main thread only).
    """

    def __init__(self, results: Results, budget: float = math.inf, *,
                 clock: Callable[[], float] = time.monotonic, alarm: bool = True,
                 echo: Callable[[str], None] | None = None,
                 fail: frozenset[tuple[str, int]] = frozenset(),
                 known: Mapping[int, tuple[int, int]] | None = None,
                 floor: float = GROWTH) -> None:
        self.results, self.budget, self.clock, self.floor = results, budget, clock, floor
        self.echo = echo or (lambda line: print(line, flush=True))
        self.alarm = alarm and math.isfinite(budget)
        self.fail = fail
        self.known = known or {}
        self.start = clock()
        self.times: dict[Key, dict[int, float]] = {}
        self.errors: dict[Key, int] = {}  # key -> failures in a row
        self.dropped: dict[Key, str] = {}

    def elapsed(self) -> float:
        return self.clock() - self.start

    def left(self) -> float:
        return self.budget - self.elapsed()

    def record(self, **fields: Any) -> dict[str, Any]:
        rec: dict[str, Any] = {f: None for f in FIELDS}
        rec.update(fields)
        rec["t"] = round(self.elapsed(), 3)
        self.results.add(rec)
        self.echo(describe(rec))
        return rec

    def drop(self, key: Key, why: str) -> None:
        self.dropped[key] = why

    @contextlib.contextmanager
    def _deadline(self) -> Iterator[None]:
        if not self.alarm:
            yield
            return

        def ring(signum: int, frame: Any) -> None:
            raise OutOfBudget

        old = signal.signal(signal.SIGALRM, ring)
        signal.setitimer(signal.ITIMER_REAL, max(self.left(), 0.001))
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)

    def step(self, stage: str, n: int, kernel: str, rows: int | None,
             fn: Callable[[], dict[str, Any]], *, key: Key | None = None,
             projected: float | None = None,
             reserve: tuple[float | None, str] | None = None,
             variant: str | None = None) -> dict[str, Any] | None:
        """Run ``fn`` (which returns the record's fields: seconds, total, unique, ...) as one
        step, unless it is projected not to fit; the record, with ``payload`` (if ``fn``
        gave one) taken out and returned in it. None when skipped or failed."""
        key = key or (stage, kernel)
        where = {"stage": stage, "n": n, "kernel": kernel, "rows": rows}
        if variant is not None:
            where["variant"] = variant
        for k in (key, ("kernel", kernel)):
            if k in self.dropped:
                self.record(**where, skipped=f"skipped: {self.dropped[k]}")
                return None
        left = self.left()
        proj = None if projected is None else round(projected, 3)
        why = skip_reason(projected, left)
        if why is None and reserve is not None:
            why = reserve_reason(projected, left, reserve[0], reserve[1])
        if why is not None:
            self.record(**where, skipped=why, projected=proj)
            return None
        t0 = self.clock()
        try:
            with self._deadline():
                if (stage, n) in self.fail:
                    raise RuntimeError(f"injected failure (--fail {stage}:{n})")
                out = fn()
        except OutOfBudget:
            wall = self.clock() - t0
            self.record(**where, projected=proj, wall=round(wall, 3),
                        error=f"stopped at the budget's end after {wall:.1f} s")
            return None
        except KeyboardInterrupt:
            wall = self.clock() - t0
            self.record(**where, projected=proj, wall=round(wall, 3),
                        error=f"interrupted after {wall:.1f} s (SIGINT or SIGTERM)")
            raise
        except Exception as err:
            wall = self.clock() - t0
            msg = [ln.strip() for ln in f"{type(err).__name__}: {err}".splitlines() if ln.strip()]
            tb = traceback.extract_tb(err.__traceback__)
            self.record(**where, projected=proj, wall=round(wall, 3),
                        error=" | ".join(msg[:3])[:500],
                        where=f"{Path(tb[-1].filename).name}:{tb[-1].lineno}" if tb else None)
            self.errors[key] = self.errors.get(key, 0) + 1
            if self.errors[key] >= 2:
                self.drop(key, f"{stage} with {kernel} failed twice in a row (last at n = {n})")
            return None
        wall = self.clock() - t0
        self.errors.pop(key, None)
        self.times.setdefault(key, {})[n] = wall
        payload = out.pop("payload", None)
        if out.get("total") is not None and n in self.known and "exact" not in out:
            out["exact"] = (out["total"], out["unique"]) == self.known[n]
        rec = self.record(**where, projected=proj, wall=round(wall, 3), **out)
        return {**rec, "payload": payload}

    def projection(self, key: Key, n: int, *fallbacks: tuple[Key, float]) -> float | None:
        """``key``'s projected time at ``n`` from its own history, else from the first
        fallback key with a time at n or below, times its factor."""
        own = project(self.times.get(key, {}), n, floor=self.floor)
        if own is not None:
            return own
        for other, factor in fallbacks:
            p = project(self.times.get(other, {}), n, same_n=True, floor=self.floor)
            if p is not None:
                return p * factor
        return None


def describe(rec: dict[str, Any]) -> str:
    """One log line for a record."""
    head = f"[{rec.get('t', 0):7.1f} s] {rec['stage']:<8}"
    if rec.get("n") is not None:
        head += f" n={rec['n']:<3}"
    if rec.get("kernel"):
        head += f" {rec['kernel']:<8}"
    if rec.get("rows") is not None:
        head += f" rows={rec['rows']}"
    if rec.get("skipped"):
        return f"{head}  {rec['skipped']}"
    if rec.get("error"):
        return f"{head}  ERROR {rec['error']}"
    parts = []
    if rec.get("seconds") is not None:
        parts.append(f"{rec['seconds']:.3f} s")
    if rec.get("total") is not None:
        parts.append(f"total {rec['total']} unique {rec['unique']}")
    if rec.get("exact") is not None:
        parts.append("exact" if rec["exact"] else "WRONG (not OEIS)")
    if rec.get("note"):
        parts.append(str(rec["note"]))
    ph = rec.get("phases")
    if ph:
        parts.append(f"(cut {ph['cut']:.3f} s, setup {ph['setup']:.3f} s, gpu {ph['gpu']:.3f} s "
                     f"of which underfull {ph['underfull']:.3f} s; {ph['launches']} launches, "
                     f"{ph['tasks']} tasks)")
    return f"{head}  {'  '.join(parts)}"


# --- what the steps run ----------------------------------------------------------------


def oeis() -> dict[int, tuple[int, int]]:
    with open(ROOT / "tests" / "data" / "oeis.csv", newline="") as f:
        return {int(r["n"]): (int(r["total"]), int(r["unique"])) for r in csv.DictReader(f)}


class GpuOps:
    """The steps' work on this machine's GPU (and CPU), through the engine's public calls."""

    def __init__(self) -> None:
        self._items: dict[int, list[tuple[int, ...]]] = {}

    def items(self, n: int) -> list[tuple[int, ...]]:
        if n not in self._items:
            from nqueens.engine.split import split

            self._items[n] = [tuple(s) for s in split(n)]
        return self._items[n]

    def rows(self, n: int, kernel: str = "numba") -> int:
        from nqueens.engine.gpu import default_rows

        return default_rows(n, kernel)

    def batch(self, n: int, kernel: str, rows: int | None, *, order: str = "split",
              **knobs: Any) -> dict[str, Any]:
        """One GPU batch of every subproblem of ``n`` (in the split's order, or with
        ``order="estimate"`` the engine's: largest first by Knuth's estimate); ``knobs``
        go to count_batch (block, max_registers). Rows come back in the split's order."""
        from nqueens.engine.gpu import count_batch

        items = self.items(n)
        perm = list(range(len(items)))
        if order == "estimate":
            from nqueens.engine.run import _weigh

            sizes = _weigh(n, list(items))[0]
            perm.sort(key=lambda i: -sizes[i])
        phases: dict[str, float] = {}
        start = time.perf_counter()
        got = count_batch(n, [items[i] for i in perm], rows=rows, kernel=kernel,
                          phases=phases, **knobs)
        secs = time.perf_counter() - start
        out: list[Any] = [None] * len(items)
        for i, row in zip(perm, got, strict=True):
            out[i] = row
        return {"seconds": round(secs, 4), "total": sum(r[0] for r in out),
                "unique": sum(r[1] for r in out), "subproblems": len(items),
                "phases": {k: round(v, 4) if isinstance(v, float) else v
                           for k, v in phases.items()},
                "payload": [tuple(r[:3]) for r in out]}

    def twin(self, n: int) -> dict[str, Any]:
        """Every subproblem of ``n`` counted by the GPU kernel's CPU twin."""
        from nqueens.engine.gpu import count_batch_twin

        items = self.items(n)
        start = time.perf_counter()
        out = count_batch_twin(n, items)
        secs = time.perf_counter() - start
        return {"seconds": round(secs, 4), "total": sum(r[0] for r in out),
                "unique": sum(r[1] for r in out), "subproblems": len(items),
                "payload": [tuple(r[:3]) for r in out]}

    def engine_kernel(self, n: int) -> str:
        """The kernel the engine's GPU count of ``n`` runs (``kernel="auto"``)."""
        from nqueens.engine.gpu import pick_kernel

        return pick_kernel(n)

    def engine(self, n: int, device: str, estimate: bool | None = None,
               kernel: str | None = None) -> dict[str, Any]:
        """The engine end to end (``run_count``); on the GPU with ``kernel`` when given,
        else the one ``nqueens count N --gpu`` picks."""
        import functools

        from nqueens.engine.gpu import count_batch
        from nqueens.engine.run import run_count

        task = functools.partial(count_batch, kernel=kernel) if kernel else None
        start = time.perf_counter()
        r = run_count(n, device=device, estimate=estimate, task=task)
        secs = time.perf_counter() - start
        return {"seconds": round(secs, 4), "total": r.total, "unique": r.unique,
                "subproblems": r.subproblems, "workers": r.workers}


def cross_check(gpu: dict[str, Any], twin: dict[str, Any] | None, items: list[Any],
                n: int, kernel: str) -> str:
    """Compare a kernel's rows with the CPU twin's, subproblem by subproblem (total, unique,
    nodes); raise on any difference."""
    if twin is None:
        return "the CPU twin did not run: checked against OEIS only"
    mine, theirs = gpu["payload"], twin["payload"]
    bad = [i for i, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b]
    if bad:
        raise AssertionError(
            f"the {kernel} kernel and the CPU twin disagree on {len(bad)} of {len(items)} "
            f"subproblems of n = {n}, first {items[bad[0]]}: {mine[bad[0]]} != {theirs[bad[0]]}")
    return (f"all {len(items)} subproblems of n = {n} agree with the CPU twin "
            "(total, unique, nodes)")


def run_stages(args: argparse.Namespace, bench: Bench, ops: Any, kernels: list[str]) -> None:
    """Stages (a) to (c) in order of value; see the module's docstring."""
    first_n = min(12, args.check_n)
    # (a) compile, cross-check, warm up the CPU engine
    good = []
    for kernel in kernels:
        if bench.step("compile", first_n, kernel, 1,
                      lambda k=kernel: ops.batch(first_n, k, 1)) is not None:
            good.append(kernel)
        else:
            bench.drop(("kernel", kernel), f"the {kernel} kernel did not compile and run")
    check = args.check_n
    twin = bench.step("twin", check, "cpu-twin", ops.rows(check), lambda: ops.twin(check))
    for kernel in good:
        def checked(k: str = kernel) -> dict[str, Any]:
            out = ops.batch(check, k, None)
            out["note"] = cross_check(out, twin, ops.items(check), check, k)
            return out

        bench.step("check", check, kernel, ops.rows(check, kernel), checked)
    if good:  # the engine's own first-use compiles (its Knuth estimator), kept out of (b)
        bench.step("compile", first_n, "engine", ops.rows(first_n),
                   lambda: ops.engine(first_n, "gpu", kernel=good[0]))
    if args.cpu_max_n >= args.min_n:
        bench.step("compile", first_n, "cpu", None,
                   lambda: ops.engine(first_n, "cpu", estimate=True))
    # (b) every n: a batch per kernel, the engine end to end, the CPU engine
    head = ("batch", good[0]) if good else None

    def reserve(n: int) -> tuple[float | None, str] | None:
        """What the head batches after ``n`` are projected to need (now)."""
        if head is None or n >= args.max_n or args.no_reserve:
            return None
        at = f"n = {args.max_n}" if n + 1 == args.max_n else f"n = {n + 1}..{args.max_n}"
        return (chain(bench.times.get(head, {}), n, args.max_n, bench.floor),
                f"the {head[1]} batches at {at}")

    for n in range(args.min_n, args.max_n + 1):
        for kernel in kernels:
            key = ("batch", kernel)
            if key != head and n > args.baseline_max_n:
                continue  # the kernels after the first are baselines, to baseline-max-n
            rows = ops.rows(n, kernel)
            bench.step("batch", n, kernel, rows, lambda n=n, k=kernel, r=rows: ops.batch(n, k, r),
                       projected=bench.projection(key, n, (("check", kernel), 1.0)),
                       reserve=None if key == head else reserve(n))
        # the engine end to end with the first kernel (the one being measured for the
        # engine's default), else the one the engine picks
        auto = good[0] if good else ops.engine_kernel(n)
        if n <= args.engine_max_n:
            bench.step("engine", n, auto, ops.rows(n, auto),
                       lambda n=n, k=auto: ops.engine(n, "gpu", kernel=k),
                       projected=bench.projection(("engine", auto), n, (("batch", auto), 1.5)),
                       reserve=reserve(n))
        if n <= args.cpu_max_n:
            bench.step("cpu", n, "cpu", None, lambda n=n: ops.engine(n, "cpu"),
                       projected=bench.projection(("cpu", "cpu"), n), reserve=reserve(n))
    # (c) rows placed on the host, at one n (the default rows were measured in (b))
    sn = args.sweep_n if args.sweep_n is not None else max(args.min_n, args.max_n - 2)
    for kernel in good[:1]:  # the first kernel's: the others are baselines
        default = ops.rows(sn, kernel)
        for r in args.sweep_rows:
            if r == default:
                continue
            factor = 4.0 if r < default else 2.0  # fewer rows: fewer, longer tasks
            key = ("sweep", kernel, r)
            bench.step("sweep", sn, kernel, r, lambda k=kernel, r=r: ops.batch(sn, k, r),
                       key=key, projected=bench.projection(key, sn, (("batch", kernel), factor)))
    # (e) kernel variants at the same n: the order, threads a block, a register limit
    for kernel in good[:1]:
        for name, knobs in VARIANTS:
            if ({"predicated", "shared_frames"} & set(knobs)) and kernel != "cuda-shared":
                continue
            if ({"planes", "unroll"} & set(knobs)) and kernel != "cuda-stack":
                continue
            key = ("variant", kernel, name)
            bench.step("variant", sn, kernel, ops.rows(sn, kernel),
                       lambda k=kernel, kw=knobs: ops.batch(sn, k, ops.rows(sn, k), **kw),
                       key=key, variant=name,
                       projected=bench.projection(key, sn, (("batch", kernel), 1.5)))


# --- the environment ---------------------------------------------------------------------


def versions() -> dict[str, str | None]:
    from importlib.metadata import PackageNotFoundError, version

    out: dict[str, str | None] = {"python": platform.python_version()}
    for name in ("numpy", "numba", "numba-cuda", "cupy-cuda13x", "cupy-cuda12x", "rich"):
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = None
    return out


def default_kernels() -> list[str]:
    """``numba``; where CuPy imports ``cuda-stack`` first (the engine's kernel there, which
    (b) runs to ``--max-n``, the engine end to end too, and (c), (e) sweep), then
    ``cuda-shared`` (the engine's kernel before it), ``cuda-c`` and ``numba``
    as baselines (never under the simulator, which runs numba-cuda's kernels only)."""
    if os.environ.get("NUMBA_ENABLE_CUDASIM") == "1":
        return ["numba"]
    try:
        importlib.import_module("cupy")
    except Exception:
        return ["numba"]
    return ["cuda-stack", "cuda-shared", "cuda-c", "numba"]


# --- Nsight Compute and ptxas ------------------------------------------------------------


def ncu_command(n: int, kernel: str, *, shown: bool = False) -> list[str]:
    """Nsight Compute on the first launch of a ``kernel`` count of ``n`` (``shown``: as the
    doc prints it, without this machine's paths)."""
    ncu = "ncu" if shown else shutil.which("ncu") or "ncu"
    python, script = (("python", "benchmarks/gpu/bench_gpu.py") if shown
                      else (sys.executable, str(Path(__file__).resolve())))
    return [ncu, "--kernel-name", "regex:step_slots", "--launch-skip", "0", "--launch-count",
            "1", "--clock-control", "none", *[a for s in NCU_SECTIONS for a in ("--section", s)],
            python, script, "--profile-n", str(n), "--profile-kernel", kernel]


def ncu_lines(text: str) -> list[str]:
    """The lines of Nsight Compute's report worth keeping (occupancy, registers, ...).

    >>> ncu_lines("  Section: Launch Statistics\\n    Registers Per Thread  register/thread  71")
    ['Registers Per Thread  register/thread  71']
    """
    return [ln.strip() for ln in text.splitlines() if ln.strip().startswith(NCU_KEEP)]


def ncu_record(text: str, n: int, kernel: str, rc: int | None) -> dict[str, Any]:
    kept = ncu_lines(text)
    status = "stopped by its timeout (exit 124)" if rc == 124 else f"exit {rc}"
    error = None
    if not kept:
        tail = [ln for ln in text.strip().splitlines() if ln.strip()][-3:]
        error = f"ncu kept nothing ({status}): " + " | ".join(tail)[-400:]
    elif rc not in (0, None):
        error = f"ncu: {status}"
    return {"stage": "ncu", "n": n, "kernel": kernel, "lines": kept, "error": error,
            "command": " ".join(ncu_command(n, kernel, shown=True))}


def run_ncu(n: int, kernel: str, timeout: float) -> dict[str, Any]:
    """Nsight Compute on one launch of a ``kernel`` count of ``n``, stopped after
    ``timeout`` seconds (its whole process group)."""
    if shutil.which("ncu") is None:
        return {"stage": "ncu", "n": n, "kernel": kernel, "error": "ncu not found"}
    proc = subprocess.Popen(ncu_command(n, kernel), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        text, _ = proc.communicate(timeout=timeout)
        rc: int | None = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        text, _ = proc.communicate()
        rc = 124
    return ncu_record(text, n, kernel, rc)


def ptx_report() -> str:
    """Compile the kernel to PTX for sm_90 without a GPU and run ``ptxas -v`` on it."""
    import numba.cuda.dispatcher as dispatcher
    from numba import cuda

    # typing the device function asks the current device for its compute capability
    dispatcher.get_current_device = lambda: types.SimpleNamespace(  # type: ignore[attr-defined]
        compute_capability=(9, 0))
    from nqueens.kernels import gpu

    ptx, _ = cuda.compile_ptx(gpu.step_slots.py_func, gpu.SIGNATURE, cc=(9, 0))
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


# --- the doc -----------------------------------------------------------------------------


def _cell(recs: list[dict[str, Any]]) -> str:
    """A table cell for the records of one (step, n): seconds, or what happened instead."""
    if not recs:
        return ""
    rec = recs[-1]
    if rec.get("skipped"):
        proj = rec.get("projected")
        return f"skipped (~{proj:.0f} s)" if proj is not None else "skipped"
    if rec.get("error"):
        if str(rec["error"]).startswith("stopped"):
            return f"> {rec.get('wall') or 0:.0f} (stopped)"
        return "failed"
    secs = rec.get("seconds")
    text = "?" if secs is None else f"{secs:.2f}" if secs >= 1 else f"{secs:.3f}"
    return text if rec.get("exact") is not False else f"{text} (WRONG)"


def render(recs: list[dict[str, Any]], source: str = "gpu_results.jsonl") -> str:
    """docs/benchmarks-gpu.md from a results file's records."""
    env = next((r for r in recs if r.get("stage") == "env"), {})
    end = next((r for r in reversed(recs) if r.get("stage") == "end"), None)
    a = env.get("args", {})
    lo, hi = a.get("min_n", 16), a.get("max_n", 22)
    kernels = a.get("kernels") or sorted({r["kernel"] for r in recs if r.get("stage") == "batch"})
    cpus = env.get("cpus", "?")
    steps = [r for r in recs if r.get("stage") in ("batch", "engine", "cpu", "sweep")]
    v = env.get("versions", {})
    cupy = v.get("cupy-cuda13x") or v.get("cupy-cuda12x")
    lines = [
        "# GPU counting benchmark",
        "",
        f"Measured by `{env.get('command', 'bash benchmarks/gpu/gpu_device_run.sh')}` on "
        f"{env.get('started', '?')}; rendered from `{source}` by "
        f"`python benchmarks/gpu/bench_gpu.py --render {source}`.",
        f"GPU: {env.get('device', '?')}; host: {env.get('host', '?')}, {cpus} logical CPUs; "
        f"Python {v.get('python')}, numpy {v.get('numpy')}, numba {v.get('numba')}, "
        f"numba-cuda {v.get('numba-cuda')}, CuPy {cupy or 'not installed'}. "
        + (f"Budget {a['budget']:.0f} s" if a.get("budget") else "No budget")
        + (f" (of the script's {env['script_budget']} s)" if env.get("script_budget") else "")
        + (f", used {end['t']:.0f} s ({end.get('note') or end.get('error')})." if end
           else "; the run did not reach its end (killed?)."),
    ]
    if env.get("device") == "simulator":
        lines += ["", "**numba-cuda's simulator (NUMBA_ENABLE_CUDASIM=1): these times are a "
                  "CPU's simulating the kernel, not a GPU's.**"]
    if env.get("error"):
        lines += ["", f"GPU: {env['error']}"]
    checks = [r for r in recs if r.get("stage") in ("twin", "check")]
    if checks:
        lines += ["", "Cross-check against the kernel's CPU twin:", ""]
        for r in checks:
            what = (r.get("skipped") or (f"ERROR {r['error']}" if r.get("error") else None)
                    or r.get("note") or (f"total {r.get('total')}, unique {r.get('unique')}, "
                                         f"{r.get('seconds')} s"))
            lines.append(f"- n = {r['n']}, {r['kernel']}: {what}")
    head = ["n", "exact (OEIS)", *[f"GPU batch, {k} (s)" for k in kernels], "engine --gpu (s)",
            f"CPU engine, {cpus} cores (s)", "ygch H800 (s)", "ygch RTX 5090 (s)",
            "NQueensFAF RTX 3080 (s)", "target (s)"]
    lines += ["", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for n in range(lo, hi + 1):
        mine = [r for r in steps if r.get("n") == n and r["stage"] != "sweep"]
        exact = [r["exact"] for r in mine if r.get("exact") is not None]
        ok = ("not run" if not exact else "yes" if all(exact)
              else f"NO ({exact.count(False)} wrong)")

        def at(stage: str, kernel: str | None = None, n: int = n) -> list[dict[str, Any]]:
            return [r for r in steps if r["stage"] == stage and r.get("n") == n
                    and (kernel is None or r.get("kernel") == kernel)]

        pub = PUBLISHED.get(n, ("", "", ""))
        cells = [str(n), ok, *[_cell(at("batch", k)) for k in kernels], _cell(at("engine")),
                 _cell(at("cpu")) or ("" if n > a.get("cpu_max_n", 18) else "not run"),
                 *[str(p) for p in pub], str(TARGETS.get(n, ""))]
        lines.append("| " + " | ".join(cells) + " |")
    sweep = [r for r in recs if r.get("stage") == "sweep"]
    if sweep:
        sn = sweep[0]["n"]
        rows_all = sorted({r["rows"] for r in sweep}
                          | {r["rows"] for r in steps if r["stage"] == "batch" and r["n"] == sn})
        lines += ["", f"Rows placed on the host, n = {sn} (one GPU batch of every subproblem, "
                  "seconds; the default is stage (b)'s batch):", "",
                  "| kernel | " + " | ".join(f"rows = {r}" for r in rows_all) + " |",
                  "|---|" + "---|" * len(rows_all)]
        for k in kernels:
            cells = [_cell([r for r in steps if r["stage"] in ("sweep", "batch")
                            and r["n"] == sn and r["kernel"] == k and r["rows"] == rr])
                     for rr in rows_all]
            lines.append(f"| {k} | " + " | ".join(cells) + " |")
    variants = [r for r in recs if r.get("stage") == "variant"]
    if variants:
        vn = variants[0]["n"]
        names = [v for v, _ in VARIANTS if any(r.get("variant") == v for r in variants)]
        lines += ["", f"Kernel variants, n = {vn} (one GPU batch of every subproblem, seconds; "
                  "'default': stage (b)'s batch, split order, 128 threads a block "
                  "(cuda-stack: stack_block's), no register limit):", "",
                  "| kernel | default | " + " | ".join(names) + " |",
                  "|---|---|" + "---|" * len(names)]
        for k in kernels:
            base = _cell([r for r in steps if r["stage"] in ("batch", "sweep") and r["n"] == vn
                          and r["kernel"] == k and r["rows"] == variants[0].get("rows")])
            cells = [_cell([r for r in variants if r.get("kernel") == k
                            and r.get("variant") == v]) for v in names]
            lines.append(f"| {k} | {base} | " + " | ".join(cells) + " |")
    notes = [r for r in recs if (r.get("skipped") or r.get("error"))
             and r.get("stage") not in ("ncu", "ptx", "env")]
    if notes:
        lines += ["", "Skipped and failed steps:", ""]
        for r in notes:
            what = r.get("skipped") or f"ERROR {r['error']}" + (
                f" (at {r['where']})" if r.get("where") else "")
            where = ", ".join(str(x) for x in (f"n = {r['n']}" if r.get("n") is not None else None,
                                               r.get("kernel"), r.get("variant"),
                                               f"rows {r['rows']}" if r.get("rows") else None)
                              if x)
            lines.append(f"- {r['stage']} ({where}): {what}")
    for r in recs:
        if r.get("stage") == "ncu":
            lines += ["", f"Nsight Compute, one launch of the {r.get('kernel')} kernel "
                      f"(n = {r.get('n')}):", ""]
            if r.get("command"):
                lines += [f"`{r['command']}`", ""]
            lines += [f"    {ln}" for ln in r.get("lines") or []]
            if r.get("error"):
                lines += ["", f"({r['error']})"]
        elif r.get("stage") == "ptx":
            lines += ["", f"ptxas -v, sm_90 (numba kernel): {r.get('note') or r.get('error')}"]
    return "\n".join(lines) + "\n"


def write_doc(results: Path, doc: Path | None) -> None:
    """The rendered results: into ``doc``, or saved as ``gpu`` in benchmarks/results."""
    text = render(read_results(results), results.name)
    if doc is None:
        from _results import publish

        publish("gpu", text)
        return
    doc.parent.mkdir(parents=True, exist_ok=True)
    doc.write_text(text)
    print(f"wrote {doc}", file=sys.stderr)


# --- the command line --------------------------------------------------------------------


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def _fail(text: str) -> tuple[str, int]:
    stage, _, n = text.partition(":")
    return stage, int(n)


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    out = os.environ.get("OUT")
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--budget", type=float, default=math.inf,
                   help="seconds for everything, from this process's start (default: none)")
    p.add_argument("--min-n", type=int, default=16)
    p.add_argument("--max-n", type=int, default=22)
    p.add_argument("--check-n", type=int, default=14,
                   help="cross-check every subproblem of this n against the CPU twin")
    p.add_argument("--cpu-max-n", type=int, default=18,
                   help="time the CPU engine up to this n (it takes hours beyond ~19)")
    p.add_argument("--kernel", default=None,
                   help="GPU kernels: numba, cuda-c (needs CuPy) or numba,cuda-c "
                   "(default: both where CuPy imports)")
    p.add_argument("--engine-max-n", type=int, default=99,
                   help="run the engine end to end in (b) up to this n (default: every n)")
    p.add_argument("--baseline-max-n", type=int, default=19,
                   help="the kernels after the first run to this n in (b) (default 19)")
    p.add_argument("--sweep-n", type=int, default=None,
                   help="the n of the rows sweep and the variants (default: max-n - 2)")
    p.add_argument("--sweep-rows", type=_ints, default=[2, 3, 4],
                   help="rows placed on the host in the sweep, e.g. 2,3,4 ('' for none)")
    p.add_argument("--growth", type=float, default=GROWTH,
                   help="the least growth of a step's time per n that projections assume "
                   f"(default {GROWTH:g})")
    p.add_argument("--no-reserve", action="store_true",
                   help="do not skip steps that would crowd out the first kernel's batch at "
                   "max-n")
    p.add_argument("--ncu", action="store_true",
                   help="run Nsight Compute after the stages, within the budget")
    p.add_argument("--ncu-n", type=int, default=18, help="the n --ncu profiles")
    p.add_argument("--results", type=Path,
                   default=Path(out) / "gpu_results.jsonl" if out
                   else HERE.parent / "_build" / "gpu_results.jsonl",
                   help="the JSONL results file (default $OUT/gpu_results.jsonl)")
    p.add_argument("--doc", type=Path, default=None,
                   help="the doc to render (default: saved in benchmarks/results)")
    p.add_argument("--render", type=Path, default=None, metavar="FILE",
                   help="only render --doc from a results file")
    p.add_argument("--add-ncu", type=Path, default=None, metavar="FILE",
                   help="append the Nsight Compute report FILE (of --ncu-n, --kernel) to "
                   "--results")
    p.add_argument("--ncu-rc", type=int, default=None, help=argparse.SUPPRESS)
    p.add_argument("--ncu-command", action="store_true",
                   help="print the Nsight Compute command for --ncu-n and --kernel, one "
                   "argument a line")
    p.add_argument("--fail", type=_fail, action="append", default=[], metavar="STAGE:N",
                   help="for testing: make the step STAGE at n raise")
    p.add_argument("--project-engine", type=int, default=None, metavar="N",
                   help="print the seconds to keep for the whole command at N, projected "
                   "from the engine's times in --results (exit 1 without one)")
    p.add_argument("--ptx", action="store_true",
                   help="ptxas statistics only (no GPU); appended to --results with --append")
    p.add_argument("--append", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--profile-n", type=int, default=None, help=argparse.SUPPRESS)
    p.add_argument("--profile-kernel", default="numba", help=argparse.SUPPRESS)
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    started = time.monotonic()
    args = parse(argv)
    if args.render is not None:
        write_doc(args.render, args.doc)
        return 0
    if args.ncu_command:
        print("\n".join(ncu_command(args.ncu_n, args.kernel or "numba")))
        return 0
    if args.project_engine is not None:
        need = project_engine(read_results(args.results) if args.results.exists() else [],
                              args.project_engine)
        if need is None:
            return 1
        print(need)
        return 0
    if args.add_ncu is not None:
        text = args.add_ncu.read_text(errors="replace") if args.add_ncu.exists() else ""
        rec = ncu_record(text, args.ncu_n, args.kernel or "numba", args.ncu_rc)
        Results(args.results, fresh=False).add(rec)
        print(describe({**rec, "t": 0}) + "".join(f"\n    {ln}" for ln in rec["lines"]))
        return 0
    if args.ptx:
        try:
            rec: dict[str, Any] = {"stage": "ptx", "note": ptx_report()}
        except Exception as err:
            rec = {"stage": "ptx", "error": f"{type(err).__name__}: {err}"[:500]}
        print(rec.get("note") or rec["error"])
        if args.append:
            Results(args.results, fresh=False).add(rec)
        return 0 if "note" in rec else 1
    if args.profile_n is not None:  # the target ncu runs
        ops = GpuOps()
        ops.batch(args.profile_n, args.profile_kernel, None)
        return 0
    return budgeted(args, started)


def budgeted(args: argparse.Namespace, started: float) -> int:
    """The stages within ``args.budget`` (counted from ``started``); the doc at the end."""
    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    # a process started in the background by a non-interactive shell inherits SIGINT ignored:
    # take both signals explicitly, so that `timeout -s INT` and a kill end the run cleanly
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    results = Results(args.results)
    bench = Bench(results, args.budget, known=oeis(), fail=frozenset(args.fail),
                  floor=args.growth)
    bench.start = started
    kernels = args.kernel.split(",") if args.kernel else default_kernels()
    env: dict[str, Any] = {
        "stage": "env", "started": datetime.datetime.now(datetime.UTC).strftime(
            "%Y-%m-%d %H:%M UTC"),
        "command": os.environ.get("NQ_BENCH_COMMAND")
        or " ".join(["python benchmarks/gpu/bench_gpu.py", *sys.argv[1:]]),
        "script_budget": os.environ.get("NQ_BENCH_SCRIPT_BUDGET"),
        "host": cpu_name(), "cpus": os.cpu_count(), "versions": versions(),
        "args": {"budget": args.budget if math.isfinite(args.budget) else None,
                 "min_n": args.min_n, "max_n": args.max_n, "check_n": args.check_n,
                 "cpu_max_n": args.cpu_max_n, "kernels": kernels,
                 "sweep_rows": args.sweep_rows, "sweep_n": args.sweep_n},
    }
    try:
        from nqueens.engine import gpu

        gpu.require_gpu()
        env["device"] = gpu.device_name()
        env["note"] = f"device: {env['device']}; kernels: {', '.join(kernels)}"
    except Exception as err:
        env["device"] = None
        env["error"] = f"{type(err).__name__}: {err}"
    bench.record(**env)
    end: dict[str, Any] = {"stage": "end", "note": "finished"}
    code = 0
    try:
        run_stages(args, bench, GpuOps(), kernels)
        if args.ncu:
            left = bench.left()
            if left > 30:
                rec = run_ncu(args.ncu_n, kernels[0], min(left - 5, 300))
                bench.record(**rec)
            else:
                bench.record(stage="ncu", skipped=f"skipped: {left:.1f} s left")
    except KeyboardInterrupt:
        end = {"stage": "end", "error": "interrupted (SIGINT or SIGTERM)"}
        code = 130
    except OutOfBudget:  # between two steps
        end = {"stage": "end", "error": "stopped at the budget's end"}
    bench.record(**end)
    write_doc(args.results, args.doc)
    return code


if __name__ == "__main__":
    sys.exit(main())
