"""The CUDA C twin of :func:`nqueens.kernels.gpu.step_slots`, for CuPy's ``RawKernel``.

The issue's fallback if numba-cuda's code stays far from the speed targets: the same slot
kernel written in CUDA C, line for line after the simulator-tested
:func:`nqueens.kernels.gpu_tasks.search_task` (its executable specification), with the same
arguments and array layouts, so it can replace ``step_slots`` in
:func:`nqueens.engine.gpu.count_batch` and be checked against it on a GPU, slot by slot.

The per-slot step is a ``__host__ __device__`` function, so the same source also compiles
as plain C++ for the CPU (:data:`HOST_SHIM` supplies the CUDA keywords and a loop over the
slots): the tests build it with the system C++ compiler and check its counts against the
CPU kernel, and check that ``nvcc`` compiles the CUDA form where nvcc is installed. Not yet
run on a GPU. :func:`raw_kernel` needs CuPy (not a dependency: ``pip install cupy-cuda12x``).
"""

from __future__ import annotations

import functools
from typing import Any

__all__ = ["HOST_SHIM", "KERNEL_NAME", "SOURCE", "raw_kernel"]

KERNEL_NAME = "step_slots"

SOURCE = r"""
// nqueens GPU kernel, CUDA C twin of nqueens.kernels.gpu.step_slots (see gpu_tasks.py).
// Arrays (C order): next_task [1] int64 (the next task to hand out; atomic);
// slot_task, slot_level [nslots] int64; subs [m, 4] int64 (free rows, sym, top, cut);
// tables [m, 4, 32] uint32 (free-row masks, gaps, free rows, allowed); tsub [t] int32;
// state [t, 4] uint32; pre [t, width] uint32; S [depth, 4, nslots] uint32; acc [nslots, 4]
// int64 and task_out [t, 4] int64 (completions, fixed90, fixed180, nodes); task_done [t] uint8.
#define NQ_FRESH (1 << 20)
#define NQ_SYM_NONE 0
#define NQ_SYM_ROT90 2
#define NQ_S(level, w) S[((size_t)(level) * 4 + (w)) * (size_t)nslots + k]

// search_task: at most `budget` steps of task t in slot k from level i; returns the level
// (below d once the task is finished), adds to acc[k] and sets *used to the steps taken.
__host__ __device__ static inline long long nq_search(
    int k, int n, int d, long long t, long long i, long long budget, int nslots,
    const long long *subs, const unsigned *tables, const int *tsub, const unsigned *pre,
    int width, unsigned *S, long long *acc, long long *used)
{
    const int s = tsub[t];
    const int f = (int)subs[s * 4 + 0];
    const int sym = (int)subs[s * 4 + 1];
    const int top = (int)subs[s * 4 + 2];
    const unsigned *masks = tables + (size_t)s * 128;
    const unsigned *gaps = masks + 32;
    const unsigned *freerow = masks + 64;
    const unsigned *allowed = masks + 96;
    const unsigned *placed = pre + (size_t)t * width;
    const int lastlevel = f - 1;
    const int last = n - 1;
    long long count = 0, fixed90 = 0, fixed180 = 0, nodes = 0, steps = 0;
    unsigned board[32];
    while (i >= d) {
        if (steps == budget) break;
        steps++;
        const long long sl = i - d;
        const unsigned b = NQ_S(sl, 3);
        if (b == 0u) { i--; continue; }
        const unsigned bit = b & (~b + 1u);
        NQ_S(sl, 3) = b ^ bit;
        const unsigned g = gaps[i];
        const unsigned nl = (NQ_S(sl, 0) | bit) << g;
        const unsigned nd = NQ_S(sl, 1) | bit;
        const unsigned nr = (NQ_S(sl, 2) | bit) >> g;
        const long long j = i + 1;
        const unsigned nb = masks[j] & ~(nl | nd | nr);
        if (nb == 0u) continue;
        if (j == lastlevel) {
            count++;
            nodes++;
            if (sym != NQ_SYM_NONE) {
                for (int y = 0; y < n; y++) board[y] = allowed[y];
                board[0] = 1u << top;
                for (int q = 0; q < d; q++) board[freerow[q]] = placed[q];
                for (long long q = d; q < i; q++)
                    board[freerow[q]] = NQ_S(q + 1 - d, 1) & ~NQ_S(q - d, 1);
                board[freerow[i]] = bit;
                board[freerow[j]] = nb;
                int half = 1, quarter = (sym == NQ_SYM_ROT90);
                for (int r = 0; r < n; r++) {
                    int col = 0;
                    unsigned q = board[r];
                    while (q > 1u) { q >>= 1; col++; }
                    if (board[last - r] != (1u << (last - col))) half = 0;
                    if (board[col] != (1u << (last - r))) quarter = 0;
                }
                fixed180 += half;
                fixed90 += quarter;
            }
            continue;
        }
        const unsigned gj = gaps[j];
        if ((masks[j + 1] & ~((nl << gj) | nd | (nr >> gj))) == 0u) continue;
        const long long tl = j - d;
        NQ_S(tl, 0) = nl;
        NQ_S(tl, 1) = nd;
        NQ_S(tl, 2) = nr;
        NQ_S(tl, 3) = nb;
        i = j;
        nodes++;
    }
    acc[k * 4 + 0] += count;
    acc[k * 4 + 1] += fixed90;
    acc[k * 4 + 2] += fixed180;
    acc[k * 4 + 3] += nodes;
    *used = steps;
    return i;
}

// One slot's share of a launch: `budget` steps, a new task taken as soon as one finishes.
__host__ __device__ static inline void nq_step_slot(
    int k, int n, int d, long long budget, long long ntasks, long long *next_task,
    int nslots, long long *slot_task, long long *slot_level, const long long *subs,
    const unsigned *tables, const int *tsub, const unsigned *state, const unsigned *pre,
    int width, unsigned *S, long long *acc, long long *task_out, unsigned char *task_done)
{
    long long t = slot_task[k];
    long long i = slot_level[k];
    long long left = budget;
    while (left > 0) {
        if (t < 0) {
            if (*(volatile long long *)next_task >= ntasks) break;  // none left
            t = (long long)atomicAdd((unsigned long long *)next_task, 1ULL);
            if (t >= ntasks) { t = -1; break; }
            i = NQ_FRESH;
        }
        if (i == NQ_FRESH) {
            for (int w = 0; w < 4; w++) NQ_S(0, w) = state[t * 4 + w];
            i = d;
        }
        long long used = 0;
        i = nq_search(k, n, d, t, i, left, nslots, subs, tables, tsub, pre, width, S, acc,
                      &used);
        left -= used;
        if (i < d) {  // finished: hand the answer over, take the next task
            for (int w = 0; w < 4; w++) {
                task_out[t * 4 + w] = acc[k * 4 + w];
                acc[k * 4 + w] = 0;
            }
            task_done[t] = 1;
            t = -1;
        }
    }
    slot_task[k] = t;
    slot_level[k] = i;
}

extern "C" __global__ void step_slots(
    int n, int d, long long budget, long long ntasks, long long *next_task, int nslots,
    long long *slot_task, long long *slot_level, const long long *subs,
    const unsigned *tables, const int *tsub, const unsigned *state, const unsigned *pre,
    int width, unsigned *S, long long *acc, long long *task_out, unsigned char *task_done)
{
    for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < nslots;
         k += blockDim.x * gridDim.x)
        nq_step_slot(k, n, d, budget, ntasks, next_task, nslots, slot_task, slot_level, subs,
                     tables, tsub, state, pre, width, S, acc, task_out, task_done);
}
#undef NQ_S
"""

HOST_SHIM = r"""
// Compile SOURCE as plain C++ for the CPU: the CUDA keywords vanish, and the kernel is
// called once with a "grid" of one thread that loops over every slot.
#include <cstddef>
#define __host__
#define __device__
#define __global__
struct nq_dim3 { int x; };
static nq_dim3 blockIdx = {0}, threadIdx = {0}, blockDim = {1}, gridDim = {1};
static inline unsigned long long atomicAdd(unsigned long long *p, unsigned long long v)
{ unsigned long long old = *p; *p += v; return old; }  // one thread: a plain add
"""


@functools.cache
def raw_kernel(max_registers: int | None = None) -> Any:
    """The kernel compiled by CuPy (``cupy.RawKernel``), at most ``max_registers`` registers
    a thread when given; needs CuPy and a CUDA GPU."""
    import importlib

    cupy = importlib.import_module("cupy")  # optional, untyped
    options: tuple[str, ...] = ("-std=c++14",)
    if max_registers is not None:
        options += (f"--maxrregcount={max_registers}",)
    return cupy.RawKernel(SOURCE, KERNEL_NAME, options=options)
