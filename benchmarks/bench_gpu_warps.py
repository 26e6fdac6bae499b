"""Two shapes of the kernel's step loop, run warp by warp on a model of a GPU's SIMT.

    python benchmarks/bench_gpu_warps.py            # the tasks of n = 14 at two rows
    python benchmarks/bench_gpu_warps.py --n 15 --warps 400

A warp's 32 threads run in lockstep: in one trip round the step loop, every block of code
that at least one thread needs is issued once for the whole warp, the threads that do not
need it waiting. So a loop in which going back up a level is a step of its own (the
*separate* shape: a trip either backs up or tries a square) issues both kinds of block in
most trips, each for part of the warp; the *merged* shape (a trip backs up as many levels
as it takes, then tries a square) gives every thread a square to try in every trip. This
script runs the real search decisions (the same pruning, look-ahead and stack as
:func:`nqueens.kernels.gpu_tasks.search_task`) for warps of 32 persistent threads, each
taking the next of its warp's tasks when its task ends, and adds up the SASS instructions
of the blocks each trip issues (read off ``nvdisasm`` of the CUDA C twin for sm_90, CUDA
13.5; see ``docs/gpu.md``). It prints, per shape, the instructions issued per node and the
share of issued thread-slots that did useful work.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from nqueens._jit import njit  # noqa: E402

# SASS instructions of each block of the loop (CUDA C twin, sm_90): (separate, merged)
HEAD = (11, 4)          # the loop's top (the merged one tests b == 0 there)
BACKUP = (27, 26)       # one level back up (the merged shape: per level, in its inner loop)
BACKUP_ENTRY = (0, 14)  # the merged shape's inner loop set-up, and its exit test
TRY = (12, 13)          # take a square, the next row's open squares, the prune test
LOOKAHEAD = (9, 9)      # the row after it
PUSH = (28, 31)         # store the parent's frame, the child's into registers
COMPLETION = (2, 2)
TAIL = (7, 6)           # the bottom of the loop: the budget test, the branch back


@njit
def _warp_costs(d, subs, tables, tsub, state, first, count, merged, out):
    """Run tasks ``first .. first+count-1`` on one warp of 32 threads; add to ``out``:
    (instructions issued, thread-slots issued, thread-slots used, nodes)."""
    S = np.zeros((32, 4, 32), np.uint32)
    lvl = np.full(32, -1, np.int64)   # a thread's level (-1: no task)
    task = np.full(32, -1, np.int64)
    nxt = first
    end = first + count
    k = 1 if merged else 0
    while True:
        # idle threads take their next task (the kernel does it inside the loop)
        for th in range(32):
            if lvl[th] < d and nxt < end:
                task[th] = nxt
                for w in range(4):
                    S[0, w, th] = state[nxt, w]
                lvl[th] = d
                nxt += 1
        active = 0
        for th in range(32):
            if lvl[th] >= d:
                active += 1
        if active == 0:
            break
        cost = HEAD[k] + TAIL[k]
        used = 0
        any_backup = 0
        most_levels = 0
        any_try = 0
        any_look = 0
        any_push = 0
        any_done = 0
        for th in range(32):
            i = lvl[th]
            if i < d:
                continue
            s = tsub[task[th]]
            masks = tables[s, 0]
            gaps = tables[s, 1]
            f = subs[s, 0]
            levels = 0
            if merged:
                while S[i - d, 3, th] == 0:
                    i -= 1
                    levels += 1
                    if i < d:
                        break
            elif S[i - d, 3, th] == 0:
                i -= 1
                levels = 1
                lvl[th] = i
                any_backup = 1
                most_levels = max(most_levels, 1)
                used += 1
                continue
            if levels:
                any_backup = 1
                most_levels = max(most_levels, levels)
            lvl[th] = i
            if i < d:
                used += 1
                continue
            used += 1
            any_try = 1
            b = S[i - d, 3, th]
            bit = np.uint32(b & np.uint32(~b + np.uint32(1)))
            S[i - d, 3, th] = np.uint32(b ^ bit)
            g = gaps[i]
            nl = np.uint32((S[i - d, 0, th] | bit) << g)
            nd = np.uint32(S[i - d, 1, th] | bit)
            nr = np.uint32((S[i - d, 2, th] | bit) >> g)
            nb = np.uint32(masks[i + 1] & ~(nl | nd | nr))
            if nb == 0:
                continue
            if i + 1 == f - 1:
                any_done = 1
                out[3] += 1
                continue
            any_look = 1
            gj = gaps[i + 1]
            if np.uint32(masks[i + 2] & ~(np.uint32(nl << gj) | nd | np.uint32(nr >> gj))) == 0:
                continue
            any_push = 1
            out[3] += 1
            j = i + 1 - d
            S[j, 0, th] = nl
            S[j, 1, th] = nd
            S[j, 2, th] = nr
            S[j, 3, th] = nb
            lvl[th] = i + 1
        if any_backup:
            cost += BACKUP_ENTRY[k] + BACKUP[k] * most_levels
        if any_try:
            cost += TRY[k]
        if any_look:
            cost += LOOKAHEAD[k]
        if any_push:
            cost += PUSH[k]
        if any_done:
            cost += COMPLETION[k]
        out[0] += cost
        out[1] += 32
        out[2] += used


def main(argv: list[str] | None = None) -> int:
    from nqueens.engine.gpu import default_rows
    from nqueens.engine.split import split
    from nqueens.kernels.gpu_tasks import expand

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=14)
    ap.add_argument("--warps", type=int, default=0,
                    help="model only this many warps, spread over the tasks (0: all)")
    ap.add_argument("--tasks-per-thread", type=int, default=10,
                    help="tasks a thread takes in turn (a warp gets 32 times this many)")
    args = ap.parse_args(argv)
    n = args.n
    d = default_rows(n)
    items = np.array([tuple(s) for s in split(n)], np.int64).reshape(-1, 6)
    subs, tables, _host, (tsub, state, _pre) = expand(n, items, d)
    per_warp = 32 * args.tasks_per_thread
    starts = np.arange(0, tsub.shape[0], per_warp)
    if args.warps:
        starts = starts[np.linspace(0, starts.size - 1, args.warps).astype(np.int64)]
    print(f"n = {n}, cut at {d} rows: {tsub.shape[0]:,} tasks; {starts.size:,} warps of "
          f"32 threads, {per_warp} tasks a warp")
    results = {}
    for merged, name in ((0, "separate back-up steps"), (1, "merged (back up, then try)")):
        out = np.zeros(4, np.int64)
        for first in starts:
            count = min(per_warp, tsub.shape[0] - first)
            _warp_costs(d, subs, tables, tsub, state, first, count, merged, out)
        issued, slots, used, nodes = (int(x) for x in out)
        results[name] = issued / nodes
        print(f"  {name}: {issued / nodes:.1f} warp instructions issued a node "
              f"(x32 for thread-slots); {used / slots:.2f} of the trips' thread-slots busy")
    a, b = results.values()
    print(f"  merged / separate: {b / a:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
