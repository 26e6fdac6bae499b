"""The CUDA kernel: persistent threads, each searching tasks for a bounded number of steps.

Imports `numba.cuda`, so it is imported only when the GPU is asked for
(`nqueens.engine.gpu`). The search is `nqueens.kernels.gpu_tasks.search_task`,
compiled here as a device function with every bitboard a `uint32` (numba would widen them
to int64). The GPU holds a fixed number of *slots*, one per thread (as many as it keeps
resident); slot `k` holds a task (`slot_task[k]`, -1 when it has none) and the level its
search stopped at (`slot_level[k]`; `FRESH` for a task not started). A launch gives
every slot at most `budget` steps; after each call of the search a slot adds what it
counted to its constellation's `sums` (completions, nodes; atomically), and a slot whose
task finishes takes one off its constellation's `left` (the tasks not yet finished) and
the next task at once (`next_task`, an atomic counter), so no thread waits for the launch
to end while tasks are left. A constellation is finished when its `left` is 0, and its
`sums` are then exact: all the host reads between launches is those two small arrays,
one row per constellation, whatever the number of tasks. The stacks stay on the GPU between
launches in `S[level, word, k]` (slot-minor, so a warp's 32 threads touch 32 neighbouring
words), and so do the slots: the host (`nqueens.engine.gpu.count_batch`) sizes
`budget` so a launch lasts well under a second - whatever the size of a task, so Ctrl-C
lands between two launches.
Under `NUMBA_ENABLE_CUDASIM=1` the very same kernel runs on numba-cuda's CPU simulator.
"""

from __future__ import annotations

import functools
import importlib
from typing import Any

import numba
import numba.cuda
import numpy as np
from numba import types

from nqueens.kernels.gpu_tasks import search_task

cuda: Any = numba.cuda  # numba.cuda has no type stubs for its device-side API


def _load_cuda_numpy_support() -> None:
    """Load numba-cuda's numpy support now, past its reference to `np.row_stack`.

    numba-cuda 0.30.4 registers its `np.vstack` for `np.row_stack` too, an alias numpy
    2.5 removed, so its first compilation of any kernel stops with "module 'numpy' has no
    attribute 'row_stack'" (seen on an H100 with numpy 2.5.2, 2026-11-26). Where the alias
    is gone it is lent back while that module loads, and taken away again. Cost: one
    import, once a process.
    """
    if hasattr(np, "row_stack") or getattr(numba.config, "ENABLE_CUDASIM", False):
        return
    setattr(np, "row_stack", np.vstack)  # noqa: B010 - numpy's stubs differ by version
    try:
        importlib.import_module("numba.cuda.np.arrayobj")
    except ImportError:  # another numba-cuda layout: nothing to load early
        pass
    finally:
        delattr(np, "row_stack")


_load_cuda_numpy_support()

__all__ = ["BLOCK", "FRESH", "SIGNATURE", "step_slots", "step_slots_limited"]

BLOCK = 128
"""Threads per block."""
FRESH = 1 << 20
"""`slot_level` of a task whose search has not started."""

SIGNATURE = (
    types.int64, types.int64, types.int64,                # d, budget, ntasks
    types.int64[::1],                                     # next_task (one counter)
    types.int64[::1], types.int64[::1],                   # slot_task, slot_level
    types.int64[:, ::1], types.uint32[:, :, ::1],         # subs, tables
    types.int32[::1], types.uint32[:, ::1],               # tsub, state
    types.uint32[:, :, ::1],                              # S
    types.int64[:, ::1], types.int64[::1],                # sums, left
)
"""The argument types `step_slots` is launched with (`nqueens.engine.gpu`)."""

_search = cuda.jit(device=True)(search_task)


@cuda.jit
def step_slots(d, budget, ntasks, next_task, slot_task, slot_level, subs, tables, tsub,
               state, S, sums, left):
    """Give each slot `budget` steps, taking new tasks as its tasks finish.

    Cost: `budget` steps per slot (fewer once the tasks run out).
    """
    k = cuda.grid(1)
    stride = cuda.gridsize(1)
    while k < slot_task.shape[0]:
        t = slot_task[k]
        i = slot_level[k]
        steps_left = budget
        while steps_left > 0:
            if t < 0:
                if next_task[0] >= ntasks:  # none left: no atomic needed to know it
                    break
                t = cuda.atomic.add(next_task, 0, 1)
                if t >= ntasks:
                    t = -1
                    break
                i = FRESH
            if i == FRESH:
                for w in range(4):
                    S[0, w, k] = state[t, w]
                i = d
            s = tsub[t]
            i, c, nodes, used = _search(subs[s, 0], d, tables[s, 0], tables[s, 1], S, k, i,
                                        steps_left)
            steps_left -= used
            if c:
                cuda.atomic.add(sums, (s, 0), c)
            if nodes:
                cuda.atomic.add(sums, (s, 1), nodes)
            if i < d:  # finished: one task fewer left to its constellation; take the next
                cuda.atomic.add(left, s, -1)
                t = -1
        slot_task[k] = t
        slot_level[k] = i
        k += stride


@functools.cache
def step_slots_limited(max_registers: int | None) -> Any:
    """`step_slots` compiled to use at most `max_registers` registers a thread
    (`None`: `step_slots` itself, as many as the compiler likes). Fewer registers
    let an SM keep more threads resident, at the price of spills to local memory; which
    wins is measured on a GPU (`benchmarks/gpu/bench_gpu.py`'s variants). Under the
    simulator, which has no registers, it is `step_slots`.
    Cost: a compilation at the first launch of each limit.
    """
    if max_registers is None:
        return step_slots
    try:
        return cuda.jit(max_registers=max_registers)(step_slots.py_func)
    except TypeError:  # the simulator's jit takes no register limit
        return step_slots
