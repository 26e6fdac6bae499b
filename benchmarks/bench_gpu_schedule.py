"""How well the GPU engine keeps a GPU busy: a model driven by the real tasks, no GPU needed.

    python benchmarks/bench_gpu_schedule.py                 # n = 16's tasks, modelled as n = 20
    python benchmarks/bench_gpu_schedule.py --n 17 --like 21 --rows 2

The kernel's speed can only be measured on a GPU; how much of the GPU's time goes to waiting
can be worked out without one, because it depends only on the sizes of the tasks and on how
the host hands them out. This script counts every task of ``--n`` (cut as the engine cuts
``--like``, or at ``--rows``) with the kernel's CPU twin to get each task's nodes, then
replays the GPU's schedule on a model GPU: ``S`` slots (threads), each searching its task at
one constant rate, ``S`` chosen so that the tasks per slot are those of ``--like`` on an
H100 (132 SMs of :data:`RESIDENT_PER_SM` resident threads, the kernel's 48 registers). Time
is scaled so that a perfect schedule (every slot busy to the end) takes ``--seconds`` (15 s:
the n = 21 target). The schedules, each reported as the share of the perfect time it
reaches:

* before: batches sized by the CPU scheduler's rule (8 subproblems untimed, then
  ``OLD_BATCH_SECONDS`` = 2 s of measured time each, at most a quarter of what is left), each
  batch a launch loop whose host refilled the finished slots between launches, one batch
  after the other (the GPU waits for each batch's last task);
* batches of :func:`nqueens.engine.gpu.batch_items` subproblems (all of them up to
  n = 22), the same host-refilled launch loop;
* the same batches, and a slot takes its next task inside the kernel as soon as its task
  finishes (persistent threads, an atomic task counter), not at the next launch;
* now: that, with the constellations handed out largest first by Knuth's estimate (the
  engine's order for one GPU);
* the same with the largest tasks first (task sizes are not known in advance: a bound).

The model leaves out that a thread alone on an SM runs faster than one among many, so
the waiting it shows is an upper bound; the ranking of the schedules is what it is for.
Writes docs/benchmarks-gpu-schedule.md (or ``--out``).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from _common import generated_line  # noqa: E402

DOC = ROOT / "docs" / "benchmarks-gpu-schedule.md"
SMS = 132
RESIDENT_PER_SM = 1280
"""Threads an H100 SM keeps resident at the numba kernel's 48 registers a thread (65,536
registers; it was 896 at 71 registers, before the rotation test left the kernel)."""
OLD_BATCH_SECONDS = 2.0
"""What the engine aimed a GPU batch at before it gave one GPU a single large batch."""
ALONE = (1.0, 4.0)
"""How much faster than on a full GPU a slot runs when few are busy, at most (two cases)."""
REFILL_SPLIT = 32
"""A kernel that refills at once is modelled as launches this many times shorter."""


def task_nodes(n: int, rows: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Every task's nodes (CPU twin), the item of each task, and the number of items."""
    from nqueens.engine.split import split
    from nqueens.kernels.gpu_tasks import NO_BUDGET, count_tasks, expand

    items = np.array([tuple(s) for s in split(n)], dtype=np.int64).reshape(-1, 6)
    subs, tables, _host, (tsub, state, _pre) = expand(n, items, rows, False)
    out = np.zeros((tsub.shape[0], 4), np.int64)
    count_tasks(rows, subs, tables, tsub, state, out, NO_BUDGET)
    return out[:, 3].astype(np.float64), tsub.astype(np.int64), items.shape[0]


def tasks_of(n: int, rows: int) -> int:
    from nqueens.engine.split import split
    from nqueens.kernels.gpu_tasks import expand

    items = np.array([tuple(s) for s in split(n)], dtype=np.int64).reshape(-1, 6)
    return int(expand(n, items, rows)[3][0].shape[0])


def launch_loop(sizes: np.ndarray, slots: int, budget: float, alone: float) -> float:
    """Time of the launch loop, in launches of ``budget`` nodes a slot at full occupancy.

    Each launch advances every busy slot by ``budget`` times its speed-up: a slot's rate
    rises as fewer slots are busy (the GPU's throughput shared among them), up to
    ``alone`` times the full-occupancy rate; a launch lasts its time while any slot still
    has work. Finished slots take the next tasks only after the launch; a small
    ``budget`` models a kernel that refills a slot at once.
    """
    rem = np.zeros(min(slots, sizes.size))
    rem[:] = sizes[:rem.size]
    nxt, t = rem.size, 0.0
    while True:
        busy = rem > 0
        active = int(busy.sum())
        if not active:
            return t
        speed = min(alone, slots / active)
        step = budget * speed
        t += min(1.0, float(rem[busy].max()) / step) * budget
        rem[busy] -= step
        done = np.nonzero(busy & (rem <= 0))[0]
        rem[done] = 0.0
        take = min(done.size, sizes.size - nxt)
        rem[done[:take]] = sizes[nxt:nxt + take]
        nxt += take


def batched(sizes: np.ndarray, owner: np.ndarray, sizes_of_batches: list[int],
            run: Callable[[np.ndarray], float]) -> float:
    """Batches of consecutive items, one after the other."""
    starts = np.searchsorted(owner, np.cumsum([0, *sizes_of_batches]))
    return sum(run(sizes[a:b]) for a, b in itertools.pairwise(starts))


def old_engine_batches(sizes: np.ndarray, owner: np.ndarray, items: int, per_node: float,
                       run: Callable[[np.ndarray], float]) -> tuple[float, int]:
    """The CPU scheduler's batch sizes with the GPU's 2 s target, timed by the model."""
    from nqueens.engine.scheduler import Scheduler

    sched = Scheduler(range(items), workers=1, target_seconds=OLD_BATCH_SECONDS)
    starts = np.searchsorted(owner, np.arange(items + 1))
    total, batches = 0.0, 0
    while sched.pending:
        idxs = sched.next_batch()
        a, b = starts[idxs[0]], starts[idxs[-1] + 1]
        secs = run(sizes[a:b]) * per_node
        sched.finished(len(idxs), seconds=secs)
        total += secs
        batches += 1
    return total, batches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=16, help="the n whose tasks are counted")
    parser.add_argument("--like", type=int, default=20,
                        help="the n whose tasks per GPU slot the model keeps")
    parser.add_argument("--seconds", type=float, default=15.0,
                        help="the perfect schedule's time the model is scaled to")
    parser.add_argument("--rows", type=int, default=None,
                        help="free rows placed on the host for both n (default: the engine's)")
    parser.add_argument("--out", type=Path, default=DOC)
    args = parser.parse_args()

    from nqueens.engine.estimate import weigh as _weigh
    from nqueens.engine.gpu import LAUNCH_SECONDS, batch_items, default_rows
    from nqueens.engine.split import split

    # n's tasks stand in for like's: cut both as the engine cuts like
    rows = default_rows(args.like) if args.rows is None else args.rows
    t0 = time.perf_counter()
    sizes, owner, items = task_nodes(args.n, rows)
    twin = time.perf_counter() - t0
    like_rows = default_rows(args.like) if args.rows is None else args.rows
    like_tasks = tasks_of(args.like, like_rows)
    resident = SMS * RESIDENT_PER_SM
    per_slot = like_tasks / resident
    slots = max(1, round(sizes.size / per_slot))
    perfect = sizes.sum() / slots
    per_node = args.seconds / perfect          # model seconds per node of one slot
    budget = LAUNCH_SECONDS / per_node          # a launch's step budget, in nodes

    listed = [tuple(s) for s in split(args.n)]
    now = batch_items(args.n, listed)
    parts = [now] * (items // now) + ([items % now] if items % now else [])
    refill_now = budget / REFILL_SPLIT
    order = np.argsort(sizes, kind="stable")[::-1]
    # the engine's order for one GPU: constellations by Knuth's estimate, largest first
    estimate = _weigh(args.n, listed)[0]
    starts = np.searchsorted(owner, np.arange(items + 1))
    ranked = sorted(range(items), key=lambda i: -estimate[i])
    by_estimate = np.concatenate([sizes[starts[i]:starts[i + 1]] for i in ranked])
    owner_by_estimate = np.concatenate([np.full(starts[i + 1] - starts[i], r) for r, i in
                                        enumerate(ranked)])
    table: list[tuple[str, str, list[float]]] = []
    cells: dict[str, list[float]] = {}
    for alone in ALONE:
        def loop(s: np.ndarray, b: float = budget, a: float = alone) -> float:
            return launch_loop(s, slots, b, a)

        def at_once(s: np.ndarray, a: float = alone) -> float:
            return launch_loop(s, slots, refill_now, a)

        old, nb = old_engine_batches(sizes, owner, items, per_node, loop)
        cells.setdefault("old", []).append(old)
        cells.setdefault("new", []).append(batched(sizes, owner, parts, loop) * per_node)
        cells.setdefault("once", []).append(batched(sizes, owner, parts, at_once) * per_node)
        cells.setdefault("knuth", []).append(batched(by_estimate, owner_by_estimate, parts,
                                                     at_once) * per_node)
        cells.setdefault("best", []).append(at_once(sizes[order]) * per_node)
    table.append(("before: the CPU scheduler's batches (2 s target), slots refilled "
                  "by the host between launches", f"{nb}", cells["old"]))
    table.append(("batch_items() subproblems a batch, slots refilled by the host between "
                  "launches", f"{len(parts)}", cells["new"]))
    table.append(("batch_items() subproblems a batch, a slot takes its next task inside "
                  "the kernel (persistent threads)", f"{len(parts)}", cells["once"]))
    table.append(("**now**: the same, constellations handed out largest first by Knuth's "
                  "estimate", f"{len(parts)}", cells["knuth"]))
    table.append(("refilled inside the kernel, largest tasks first (a bound: sizes are not "
                  "known in advance)", "1", cells["best"]))

    lines = [
        "# GPU schedule model: how much of the GPU's time the engine keeps busy",
        "",
        generated_line("bench_gpu_schedule.py", sys.argv[1:]),
        f"Tasks: every task of n = {args.n} cut at {rows} rows ({sizes.size:,} tasks of "
        f"{items:,} subproblems, {sizes.sum():.3g} nodes; counted by the CPU twin in "
        f"{twin:.1f} s), on {slots:,} model slots: {per_slot:.1f} tasks a slot, as n = "
        f"{args.like} cut at {like_rows} rows ({like_tasks:,} tasks) has on an H100's "
        f"{resident:,} resident threads. Largest task {sizes.max() / sizes.mean():.1f}x "
        "the mean. Time scaled so that the perfect schedule takes "
        f"{args.seconds:g} s; a launch lasts {LAUNCH_SECONDS} s.",
        "",
        "| schedule | batches | "
        + " | ".join(f"time (s), alone {a:g}x | share of perfect" for a in ALONE) + " |",
        "|---|---|" + "---|---|" * len(ALONE),
    ]
    for name, count, secs in table:
        lines.append(f"| {name} | {count} | "
                     + " | ".join(f"{t:.1f} | {args.seconds / t:.2f}" for t in secs) + " |")
    lines += ["", "'alone Kx': a slot's rate rises as fewer slots are busy, up to K times its "
              "rate on a full GPU (1: never; a warp alone on an SM is latency-bound, so K is "
              "small). A perfect schedule keeps every slot busy to the end."]
    args.out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
