"""The CUDA kernel: every GPU thread advances the task in its slot by a bounded number of steps.

Imports ``numba.cuda``, so it is imported only when the GPU is asked for
(:mod:`nqueens.engine.gpu`). The search is :func:`nqueens.kernels.gpu_tasks.search_task`,
compiled here as a device function with every bitboard a ``uint32`` (numba would widen them
to int64). The GPU holds a fixed number of *slots*, one per thread; slot ``k`` holds a task
(``slot_task[k]``, -1 when empty) and the level its search stopped at (``slot_level[k]``;
:data:`FRESH` for a task not started). A launch advances every slot by at most ``budget``
steps and adds what it found to ``acc[k]``; the stacks stay on the GPU between launches in
``S[level, word, k]`` (slot-minor, so a warp's 32 threads touch 32 neighbouring words).
The host (:func:`nqueens.engine.gpu.count_batch`) empties finished slots, refills them with
the next tasks and sizes ``budget`` so a launch lasts well under a second - whatever the
size of a task, so Ctrl-C lands between two launches and every SM stays busy to the end.
Under ``NUMBA_ENABLE_CUDASIM=1`` the very same kernel runs on numba-cuda's CPU simulator.
"""

from __future__ import annotations

from typing import Any

import numba.cuda
from numba import types, uint32

from nqueens.kernels.gpu_tasks import STACK, search_task

cuda: Any = numba.cuda  # numba.cuda has no type stubs for its device-side API

__all__ = ["BLOCK", "FRESH", "SIGNATURE", "step_slots"]

BLOCK = 128
"""Threads per block."""
FRESH = 1 << 20
"""``slot_level`` of a task whose search has not started."""

SIGNATURE = (
    types.int64, types.int64, types.int64,           # n, d, budget
    types.int64[::1], types.int64[::1],              # slot_task, slot_level
    types.int64[:, ::1], types.uint32[:, :, ::1],    # subs, tables
    types.int32[::1], types.uint32[:, ::1], types.uint32[:, ::1],  # tsub, state, pre
    types.uint32[:, :, ::1], types.int64[:, ::1],    # S, acc
)
"""The argument types :func:`step_slots` is launched with (``nqueens.engine.gpu``)."""

_search = cuda.jit(device=True)(search_task)


@cuda.jit
def step_slots(n, d, budget, slot_task, slot_level, subs, tables, tsub, state, pre, S, acc):
    """Advance each slot's task by at most ``budget`` steps. Cost: ``budget`` per slot."""
    board = cuda.local.array(STACK, uint32)
    k = cuda.grid(1)
    stride = cuda.gridsize(1)
    while k < slot_task.shape[0]:
        t = slot_task[k]
        if t >= 0:
            i = slot_level[k]
            if i >= d:
                if i == FRESH:
                    for w in range(4):
                        S[0, w, k] = state[t, w]
                    i = d
                s = tsub[t]
                i, c, f90, f180, nodes = _search(
                    n, subs[s, 0], d, tables[s, 0], tables[s, 1], tables[s, 2], tables[s, 3],
                    pre[t], subs[s, 2], subs[s, 1], S, k, i, budget, board,
                )
                slot_level[k] = i
                acc[k, 0] += c
                acc[k, 1] += f90
                acc[k, 2] += f180
                acc[k, 3] += nodes
        k += stride
