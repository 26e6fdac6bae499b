"""What the GPU kernel's steps are made of, and their instructions, without a GPU.

    python benchmarks/bench_gpu_steps.py            # every task of n = 16 at the default cut
    python benchmarks/bench_gpu_steps.py --n 17

A step of :func:`nqueens.kernels.gpu_tasks.search_task` is one of: a square pruned (its row
has no open square left, or the look-ahead finds the row after it closed), a push (the
square is kept and the search goes down), a completion (the last free row reached), or a
back-up (every square of a level tried). This script runs the real search (the CPU twin,
:func:`~nqueens.kernels.gpu_tasks.count_tasks`) over every task of ``--n`` and derives the
mix from what the search returns: pushes = nodes - completions; back-ups = one for each
frame ever on the stack (every task's own and every push); the rest are prunes.

``PATHS`` holds the SASS instructions of each kind of step in the kernels as compiled
for sm_90, read by hand off ``nvdisasm`` of the cubin (``nvcc -arch=sm_90 -cubin``, CUDA
13.5): from the top of the step loop back to it, the loop's own bookkeeping included. The
weighted sum is the kernel's instructions per step: a GPU that issues every cycle runs at
that many instructions per thread-step. It prints the mix, the weighted instructions per
step before and after the change it names, and global-memory instructions per step.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from nqueens.kernels.gpu_tasks import NO_BUDGET, count_tasks, expand  # noqa: E402

PATHS = {
    # kind: SASS instructions of the CUDA C twin's step (before: the stack frame re-read
    # from global memory each step, and the rotation test; now: the frame in registers, no
    # rotation test), then its global-memory loads + stores, before and now
    "prune (row closed)": (62, 30, 7, 0),
    "prune (look-ahead)": (74, 39, 9, 0),
    "push": (97, 67, 13, 6),
    "completion": (62, 35, 7, 0),
    "back-up": (31, 43, 1, 6),
}


def main(argv: list[str] | None = None) -> int:
    from nqueens.engine.gpu import default_rows
    from nqueens.engine.split import split

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=16)
    args = ap.parse_args(argv)
    n = args.n
    d = default_rows(n)
    items = np.array([tuple(s) for s in split(n)], np.int64).reshape(-1, 6)
    subs, tables, _host, (tsub, state, _pre) = expand(n, items, d, False)
    out = np.zeros((tsub.shape[0], 4), np.int64)
    steps = count_tasks(d, subs, tables, tsub, state, out, NO_BUDGET)
    completions, nodes = int(out[:, 0].sum()), int(out[:, 3].sum())
    pushes = nodes - completions
    backups = pushes + tsub.shape[0]
    prunes = steps - pushes - backups - completions
    print(f"n = {n}, cut at {d} rows: {tsub.shape[0]:,} tasks, {steps:,} steps, "
          f"{steps / nodes:.2f} steps a node")
    mix = {"push": pushes, "back-up": backups, "completion": completions, "prunes": prunes}
    for kind, k in mix.items():
        print(f"  {kind}: {k / steps:.3f}")
    # the two kinds of prune are not told apart by the counts: both bounds
    for label, split_at in (("all prunes at the row", 1.0), ("all at the look-ahead", 0.0)):
        share = {"prune (row closed)": prunes * split_at,
                 "prune (look-ahead)": prunes * (1 - split_at),
                 "push": pushes, "completion": completions, "back-up": backups}
        before, now, mem_b, mem_n = (sum(share[k] * PATHS[k][col] for k in share) / steps
                                     for col in range(4))
        print(f"  {label}: SASS instructions a step {before:.1f} -> {now:.1f} "
              f"({now / before:.2f}x); global memory instructions a step {mem_b:.1f} -> "
              f"{mem_n:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
