"""The CUDA kernel: one GPU thread searches one task at a time (numba-cuda).

Imports ``numba.cuda``, so it is imported only when the GPU is asked for
(:mod:`nqueens.engine.gpu`). The search is :func:`nqueens.kernels.gpu_tasks.search_task`,
compiled here as a device function: every bitboard is a ``uint32`` (numba would widen them to
int64), the per-thread stack (four words a level) and the board scratch are thread-local
arrays. Threads take tasks by a grid-stride loop over one launch's slice ``[start, stop)`` of
the task list, so the 32 threads of a warp search 32 neighbouring tasks of one constellation;
the host sizes the slices so a launch lasts well under a second. Each task's
``(completions, fixed90, fixed180, nodes)`` goes to its own row of ``out`` (no atomics; the
host adds them up per constellation). Under ``NUMBA_ENABLE_CUDASIM=1`` the very same kernel
runs on the CPU's numba-cuda simulator.
"""

from __future__ import annotations

from typing import Any

import numba.cuda
from numba import uint32

from nqueens.kernels.gpu_tasks import STACK, search_task

cuda: Any = numba.cuda  # numba.cuda has no type stubs for its device-side API

__all__ = ["BLOCK", "count_tasks_kernel"]

BLOCK = 128
"""Threads per block."""

_search = cuda.jit(device=True)(search_task)


@cuda.jit
def count_tasks_kernel(n, d, start, stop, subs, tables, tsub, state, pre, out):
    """Count tasks ``start..stop-1`` into ``out[t - start]``. Cost: their subtrees."""
    LS = cuda.local.array(STACK, uint32)
    DS = cuda.local.array(STACK, uint32)
    RS = cuda.local.array(STACK, uint32)
    BM = cuda.local.array(STACK, uint32)
    board = cuda.local.array(STACK, uint32)
    t = start + cuda.grid(1)
    stride = cuda.gridsize(1)
    while t < stop:
        s = tsub[t]
        c, f90, f180, nodes = _search(
            n, subs[s, 0], d, tables[s, 0], tables[s, 1], tables[s, 2], tables[s, 3],
            pre[t], subs[s, 2], subs[s, 1], state[t, 0], state[t, 1], state[t, 2],
            state[t, 3], LS, DS, RS, BM, board,
        )
        r = t - start
        out[r, 0] = c
        out[r, 1] = f90
        out[r, 2] = f180
        out[r, 3] = nodes
        t += stride
