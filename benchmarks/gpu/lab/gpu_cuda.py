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

from nqueens.kernels.gpu_cuda_common import cupy_kernel

__all__ = ["HOST_SHIM", "KERNEL_NAME", "SOURCE", "cupy_kernel", "raw_kernel"]

KERNEL_NAME = "step_slots"

SOURCE = r"""
// nqueens GPU kernel, CUDA C twin of nqueens.kernels.gpu.step_slots (see gpu_tasks.py).
// Arrays (C order): next_task [1] int64 (the next task to hand out; atomic);
// slot_task, slot_level [nslots] int64; subs [m, 4] int64 (free rows, sym, top, cut);
// tables [m, 4, 32] uint32 (free-row masks, gaps, free rows, allowed); tsub [t] int32;
// state [t, 4] uint32; S [depth, 4, nslots] uint32; sums [m, 2] int64 (completions and
// nodes counted so far; atomic) and left [m] int64 (tasks not yet finished; atomic) per
// constellation (no symmetric one is cut into tasks: no fixed points to count).
#define NQ_FRESH (1 << 20)

// search_task: at most `budget` steps of task t in slot k from level i; returns the level
// (below d once the task is finished), adds its counts to its constellation's sums and
// sets *used to the steps taken.
// As in search_task, the current level's frame and table entries live in registers and S
// is touched only on a push (the parent's frame stored), on going back up (the parent's
// loaded), and on entry and exit; `p` walks the slot's column of S a level at a time.
__host__ __device__ static inline long long nq_search(
    int k, int d, long long t, long long i64, long long budget, int nslots,
    const long long *subs, const unsigned *tables, const int *tsub, unsigned *S,
    long long *sums, long long *used)
{
    const int s = tsub[t];
    const int lastlevel = (int)subs[s * 4 + 0] - 1;
    const unsigned *__restrict__ masks = tables + (size_t)s * 128;
    const unsigned *__restrict__ gaps = masks + 32;
    const size_t w = (size_t)nslots;        // words between the four words of a frame
    const size_t lw = 4 * (size_t)nslots;   // words between two levels' frames
    // at most 2^30 steps a call (the caller calls again), so the counters fit 32 bits
    const unsigned cap = budget >= 0 && budget < (1LL << 30) ? (unsigned)budget : (1u << 30);
    unsigned count = 0, nodes = 0, steps = 0;
    int i = (int)i64;
    if (i < d) { *used = 0; return i; }
    unsigned *p = S + (size_t)(i - d) * lw + k;
    unsigned lf = p[0], cl = p[w], rt = p[2 * w], b = p[3 * w];
    unsigned g = gaps[i], mj = masks[i + 1], gj = gaps[i + 1], mj1 = masks[i + 2];
    while (steps != cap) {
        steps++;
        if (b == 0u) {  // every square of this level tried: back up one level
            if (--i < d) break;
            p -= lw;
            lf = p[0]; cl = p[w]; rt = p[2 * w]; b = p[3 * w];
            gj = g; mj1 = mj;  // the level below's entries are one level down from here
            g = gaps[i]; mj = masks[i + 1];
            continue;
        }
        const unsigned bit = b & (~b + 1u);
        b ^= bit;
        const unsigned nl = (lf | bit) << g;
        const unsigned nd = cl | bit;
        const unsigned nr = (rt | bit) >> g;
        const unsigned nb = mj & ~(nl | nd | nr);
        if (nb == 0u) continue;
        if (i + 1 == lastlevel) { count++; nodes++; continue; }
        if ((mj1 & ~((nl << gj) | nd | (nr >> gj))) == 0u) continue;
        // push: the parent's frame to the stack, the child's into the registers
        p[0] = lf; p[w] = cl; p[2 * w] = rt; p[3 * w] = b;
        p += lw;
        i++;
        lf = nl; cl = nd; rt = nr; b = nb;
        g = gj; mj = mj1; gj = gaps[i + 1]; mj1 = masks[i + 2];
        nodes++;
    }
    if (i >= d) { p[0] = lf; p[w] = cl; p[2 * w] = rt; p[3 * w] = b; }
    unsigned long long *sum = (unsigned long long *)(sums + 2 * (size_t)s);
    if (count) atomicAdd(sum, (unsigned long long)count);
    if (nodes) atomicAdd(sum + 1, (unsigned long long)nodes);
    *used = steps;
    return i;
}

// One slot's share of a launch: `budget` steps, a new task taken as soon as one finishes.
__host__ __device__ static inline void nq_step_slot(
    int k, int d, long long budget, long long ntasks, long long *next_task, int nslots,
    long long *slot_task, long long *slot_level, const long long *subs,
    const unsigned *tables, const int *tsub, const unsigned *state, unsigned *S,
    long long *sums, long long *left)
{
    long long t = slot_task[k];
    long long i = slot_level[k];
    long long steps_left = budget;
    while (steps_left > 0) {
        if (t < 0) {
            if (*(volatile long long *)next_task >= ntasks) break;  // none left
            t = (long long)atomicAdd((unsigned long long *)next_task, 1ULL);
            if (t >= ntasks) { t = -1; break; }
            i = NQ_FRESH;
        }
        if (i == NQ_FRESH) {
            for (int w = 0; w < 4; w++) S[(size_t)w * nslots + k] = state[t * 4 + w];
            i = d;
        }
        long long used = 0;
        i = nq_search(k, d, t, i, steps_left, nslots, subs, tables, tsub, S, sums, &used);
        steps_left -= used;
        if (i < d) {  // finished: one task fewer left to its constellation; take the next
            atomicAdd((unsigned long long *)(left + tsub[t]), ~0ULL);  // minus one
            t = -1;
        }
    }
    slot_task[k] = t;
    slot_level[k] = i;
}

extern "C" __global__ void step_slots(
    int d, long long budget, long long ntasks, long long *next_task, int nslots,
    long long *slot_task, long long *slot_level, const long long *subs,
    const unsigned *tables, const int *tsub, const unsigned *state, unsigned *S,
    long long *sums, long long *left)
{
    for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < nslots;
         k += blockDim.x * gridDim.x)
        nq_step_slot(k, d, budget, ntasks, next_task, nslots, slot_task, slot_level, subs,
                     tables, tsub, state, S, sums, left);
}
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
    return cupy_kernel(SOURCE, KERNEL_NAME, max_registers)
