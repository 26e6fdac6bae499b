"""What the GPU kernel's steps are made of, and their instructions, without a GPU.

    python benchmarks/bench_gpu_steps.py            # every task of n = 16 at the default cut
    python benchmarks/bench_gpu_steps.py --n 17

A step of :func:`nqueens.kernels.gpu_tasks.search_task` is one of: a square pruned (its row
has no open square left, or the look-ahead finds the row after it closed), a push (the
square is kept and the search goes down), a completion (the last free row reached), or a
back-up (every square of a level tried). This script runs the real search (the CPU twin's
compilation of it) over every task of ``--n`` and derives the mix from what the search
returns: pushes = nodes - completions; back-ups = one for each frame ever on the stack
(every task's own and every push); the rest are prunes.

``PATH_SASS`` holds the SASS instructions of each kind of step in the kernels as compiled
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

from nqueens._jit import njit  # noqa: E402
from nqueens.kernels.gpu_tasks import NO_BUDGET, STACK, expand, search_task  # noqa: E402

_search = njit(search_task)

PATH_SASS = {
    # kind: (before: stack frame in global memory each step, with the rotation test;
    #        now: frame in registers, no rotation test), SASS instructions of the CUDA C twin
    "prune (row closed)": (62, 30),
    "prune (look-ahead)": (74, 39),
    "push": (97, 67),
    "completion": (62, 35),
    "back-up": (31, 43),
}
PATH_MEMORY = {
    # global loads + stores of the step, before and now
    "prune (row closed)": (7, 0),
    "prune (look-ahead)": (9, 0),
    "push": (13, 6),
    "completion": (7, 0),
    "back-up": (1, 6),
}


@njit
def _steps(d, subs, tables, tsub, state):
    """Total ``(steps, completions, nodes)`` over every task, each run to its end."""
    S = np.zeros((STACK, 4, 1), np.uint32)
    steps = 0
    count = 0
    nodes = 0
    for t in range(tsub.shape[0]):
        s = tsub[t]
        for w in range(4):
            S[0, w, 0] = state[t, w]
        _, c, k, used = _search(subs[s, 0], d, tables[s, 0], tables[s, 1], S, 0, d, NO_BUDGET)
        steps += used
        count += c
        nodes += k
    return steps, count, nodes


def main(argv: list[str] | None = None) -> int:
    from nqueens.engine.gpu import default_rows
    from nqueens.engine.split import split

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=16)
    args = ap.parse_args(argv)
    n = args.n
    d = default_rows(n)
    items = np.array([tuple(s) for s in split(n)], np.int64).reshape(-1, 6)
    subs, tables, _host, (tsub, state, _pre) = expand(n, items, d)
    steps, completions, nodes = _steps(d, subs, tables, tsub, state)
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
        before = sum(share[k] * PATH_SASS[k][0] for k in share) / steps
        now = sum(share[k] * PATH_SASS[k][1] for k in share) / steps
        mem_b = sum(share[k] * PATH_MEMORY[k][0] for k in share) / steps
        mem_n = sum(share[k] * PATH_MEMORY[k][1] for k in share) / steps
        print(f"  {label}: SASS instructions a step {before:.1f} -> {now:.1f} "
              f"({now / before:.2f}x); global memory instructions a step {mem_b:.1f} -> "
              f"{mem_n:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
