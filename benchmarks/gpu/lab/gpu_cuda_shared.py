"""The GPU kernel with its stacks in shared memory, one try a step (CUDA C, for CuPy).

The same task search as :func:`nqueens.kernels.gpu_tasks.search_task` (the same cut, the
same pruning and look-ahead, the same completions and nodes), organised for the GPU's
SIMT execution after measuring :mod:`nqueens.kernels.gpu_cuda` on an H100 (docs/gpu.md):

* **One try a step, no back-up steps.** A level's frame goes to the stack only while it
  still has squares to try, so when its last square is taken the frame is dropped at once,
  and when a try leads nowhere on a level with nothing left the step ends by loading the
  nearest ancestor that still has squares (``top`` is the stack's height, not the level).
  Every step is the same short run of instructions whatever the lanes of a warp are doing
  (the pushes and pops are a few predicated instructions), where the global-memory kernel
  spent 38% of its steps backing up, on paths that diverge.
* **The stack in shared memory**, one 16-byte frame (left diagonals, columns, right
  diagonals, squares left) a level, laid out ``[frame][thread]`` so that the 32 lanes of a
  warp touch 32 neighbouring frames whatever their depths: a push or pop is one vector
  access free of bank conflicts, where the global-memory stack cost a cache line a lane.
  Between two launches the stacks wait in global memory (``S``), as before.
* **The level in the columns word.** Boards up to 27 columns leave the top 5 bits of the
  columns word free: they hold the frame's free-row level, so a popped frame knows its level
  without a register or a fifth word, and the last free row's parent is ``cl >= leaf``.
* **Small tables**: per constellation one 128-byte line ``q`` (:func:`pack_tables`) whose
  entry ``k`` packs the shift below free row ``k`` and the next row's mask; a push loads
  one entry (the new look-ahead's), a pop two.
* **Two shapes of step** (``NQ_PREDICATED``, :func:`raw_kernel`'s ``predicated``): the push
  and the pop as predicated stores, loads and selects, every lane running the same
  instructions (the default), or as branches.

Arguments and the host's protocol are those of :mod:`nqueens.kernels.gpu_cuda` (a launch
advances every slot by ``budget`` steps; slots take their next task from ``next_task``;
``sums`` and ``left`` per constellation), except ``tables``, which is :func:`pack_tables`'s
``q``, and the launch's dynamic shared memory, :func:`shared_bytes` (one slot a thread:
the grid covers the slots exactly). ``slot_level`` holds a resumed slot's stack height.
The per-slot function is ``__host__ __device__``, so ``HOST_SHIM + SOURCE + HOST_ENTRY``
builds the same source as plain C++ for the CPU (every slot in turn, each with exactly the
launch's frames and a canary past them), which is what the tests check it with;
:func:`raw_kernel` needs CuPy.

>>> import numpy as np
>>> t = np.zeros((1, 4, 32), np.uint32); t[0, 0, :3] = [7, 5, 2]; t[0, 1, :2] = [1, 2]
>>> [hex(w) for w in pack_tables(t)[0, :2]]     # level 0: gap 1, mask 5; level 1: 2, 2
['0x8000005', '0x10000002']
"""

from __future__ import annotations

import functools
from typing import Any

from nqueens.kernels.gpu_cuda_common import (
    HOST_SHIM,
    MAX_KERNEL_N,
    PRELUDE,
    cupy_kernel,
    frames,
    pack_tables,
    shared_bytes,
)

__all__ = ["HOST_ENTRY", "HOST_SHIM", "KERNEL_NAME", "MAX_KERNEL_N", "PRELUDE", "SOURCE", "frames",
           "pack_tables", "raw_kernel", "shared_bytes"]

KERNEL_NAME = "step_slots_shared"
SOURCE = r"""
// nqueens GPU kernel: the task search of gpu_tasks.search_task, one try a step, with the
// stack in shared memory (see gpu_cuda_shared.py). Arrays (C order): next_task [1] int64;
// slot_task, slot_level [nslots] int64; subs [m, 4] int64 (free rows, sym, top, cut);
// q [m, 32] uint32 (pack_tables); tsub [t] int32; state [t, 4] uint32; S [depth, 4,
// nslots] uint32 (stacks between launches); sums [m, 2] int64; left [m] int64.
// NQ_PREDICATED (0 or 1) picks the shape of a step: 1 writes the push and the pop as
// predicated stores, loads and selects, so that every lane of a warp runs the same
// instructions; 0 writes them as branches.
#ifndef NQ_PREDICATED
#define NQ_PREDICATED 1
#endif
""" + PRELUDE + r"""
// a slot's task: its constellation, its table and its search's registers
struct nq_task {
    long long t;
    int s;
    const unsigned *qs;    // q[s]: per level, the gap below it and the next row's mask
    unsigned leaf;         // columns words from here on are the last free row's parent
    unsigned lf, cl, rt, b, g, mj, gj, mj1;
};

// The slot's stack: frame e at stk[e * stride]. On the GPU it is addressed by its 32-bit
// shared-memory address (computed once; the compiler would otherwise rebuild the shared
// window's base at every access), on the host by a plain pointer.
#ifdef __CUDA_ARCH__
typedef unsigned nq_sp;
__device__ static inline nq_sp nq_stack_at(uint4 *stk) {
    unsigned long long a;
    asm("cvta.to.shared.u64 %0, %1;" : "=l"(a) : "l"((unsigned long long)stk));
    return (unsigned)a;
}
__device__ static inline void nq_put(nq_sp a, uint4 v) {
    asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};"
                 :: "r"(a), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w));
}
__device__ static inline uint4 nq_get(nq_sp a) {
    uint4 v;
    asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "r"(a));
    return v;
}
#define NQ_FRAME(stride) (16u * (unsigned)(stride))
#else
typedef uint4 *nq_sp;
static inline nq_sp nq_stack_at(uint4 *stk) { return stk; }
static inline void nq_put(nq_sp a, uint4 v) { *a = v; }
static inline uint4 nq_get(nq_sp a) { return *a; }
#define NQ_FRAME(stride) ((size_t)(stride))
#endif

__host__ __device__ static inline void nq_level(nq_task &x)
{
    const unsigned i = x.cl >> NQ_SHIFT;
    const unsigned p = x.qs[i], p1 = x.qs[i + 1];
    x.g = p >> NQ_SHIFT; x.mj = p & NQ_LOW; x.gj = p1 >> NQ_SHIFT; x.mj1 = p1 & NQ_LOW;
}

__host__ __device__ static inline void nq_open(nq_task &x, const long long *subs,
                                               const unsigned *q, const int *tsub)
{
    x.s = tsub[x.t];
    x.qs = q + (size_t)x.s * 32;
    x.leaf = (unsigned)(subs[(size_t)x.s * 4] - 2) << NQ_SHIFT;
}

// the next task into x (x.t = -1 when none is left); a task with nothing to try (the
// host's cut never makes one) is finished at once
__host__ __device__ static inline void nq_take(
    nq_task &x, int d, long long ntasks, long long *next_task, const long long *subs,
    const unsigned *q, const int *tsub, const unsigned *state, long long *left)
{
    for (;;) {
        x.t = -1;
        if (*(volatile long long *)next_task >= ntasks) return;  // none left
        const long long t = (long long)atomicAdd((unsigned long long *)next_task, 1ULL);
        if (t >= ntasks) return;
        x.t = t;
        nq_open(x, subs, q, tsub);
        x.lf = state[t * 4]; x.cl = state[t * 4 + 1] | ((unsigned)d << NQ_SHIFT);
        x.rt = state[t * 4 + 2]; x.b = state[t * 4 + 3];
        if (x.b != 0u) break;
        atomicAdd((unsigned long long *)(left + x.s), ~0ULL);
    }
    nq_level(x);
}

// Frame e of slot k: in the slot's shared-memory stack (stk[e * stride]) below kf, else in
// S, where the whole stack waits between launches (S[e, word, k]; deep stacks are rare).
__host__ __device__ static inline void nq_store(nq_sp base, int stride, int kf, unsigned *S,
                                                size_t w, int k, int e, uint4 v)
{
    if (e < kf) {
        nq_put(base + (unsigned)e * NQ_FRAME(stride), v);
    } else {
        unsigned *p = S + (size_t)e * 4 * w + k;
        p[0] = v.x; p[w] = v.y; p[2 * w] = v.z; p[3 * w] = v.w;
    }
}

__host__ __device__ static inline uint4 nq_load(nq_sp base, int stride, int kf,
                                                const unsigned *S, size_t w, int k, int e)
{
    if (e < kf) return nq_get(base + (unsigned)e * NQ_FRAME(stride));
    const unsigned *p = S + (size_t)e * 4 * w + k;
    return make_uint4(p[0], p[w], p[2 * w], p[3 * w]);
}

// x's task is finished: its last counts to its constellation, one task fewer left there,
// and the next task into x
__host__ __device__ static inline void nq_finish(
    nq_task &x, unsigned &count, unsigned &nodes, int d, long long ntasks,
    long long *next_task, const long long *subs, const unsigned *q, const int *tsub,
    const unsigned *state, long long *sums, long long *left)
{
    nq_flush(sums, x.s, count, nodes);
    count = nodes = 0;
    atomicAdd((unsigned long long *)(left + x.s), ~0ULL);  // minus one
    nq_take(x, d, ntasks, next_task, subs, q, tsub, state, left);
}

// One slot's share of a launch: `budget` tries, a new task taken as soon as one finishes.
// stk[e * stride] is the slot's frame e for e < kf (shared memory on the GPU).
__host__ __device__ static inline void nq_slot(
    int k, int d, long long budget, long long ntasks, long long *next_task, int nslots,
    long long *slot_task, long long *slot_level, const long long *subs,
    const unsigned *__restrict__ q, const int *tsub, const unsigned *state, unsigned *S,
    long long *sums, long long *left, uint4 *stk, int stride, int kf)
{
    const size_t w = (size_t)nslots;  // S: words between a frame's words, 4 w between frames
    const unsigned cap = budget < (1LL << 30) ? (unsigned)budget : (1u << 30);
    const nq_sp base = nq_stack_at(stk);
    nq_task x;
    x.t = slot_task[k];
    int top = 0;  // frames on the stack (the current one is in registers)
    if (x.t >= 0) {  // resume: the frames kept in shared memory, then the current one
        top = (int)slot_level[k];
        for (int e = 0; e < top && e < kf; e++) {
            const unsigned *p = S + (size_t)e * 4 * w + k;
            nq_put(base + (unsigned)e * NQ_FRAME(stride),
                   make_uint4(p[0], p[w], p[2 * w], p[3 * w]));
        }
        const unsigned *p = S + (size_t)top * 4 * w + k;
        x.lf = p[0]; x.cl = p[w]; x.rt = p[2 * w]; x.b = p[3 * w];
        nq_open(x, subs, q, tsub);
        nq_level(x);
    } else {
        nq_take(x, d, ntasks, next_task, subs, q, tsub, state, left);
    }
    unsigned count = 0, nodes = 0, steps = 0;
    while (steps < cap && x.t >= 0) {
        steps++;
        const unsigned bit = x.b & (0u - x.b);
        x.b ^= bit;
        const unsigned nl = (x.lf | bit) << x.g;
        const unsigned nd = x.cl | bit;
        const unsigned nr = (x.rt | bit) >> x.g;
        const unsigned nb = x.mj & ~(nl | nd | nr);
        const bool last = x.cl >= x.leaf;   // the child is on the last free row
        const bool open = nb != 0u;
        const bool ahead = (x.mj1 & ~((nl << x.gj) | nd | (nr >> x.gj))) != 0u;
        count += (unsigned)open & (unsigned)last;
        nodes += (unsigned)open & ((unsigned)last | (unsigned)ahead);
        const bool push = open && !last && ahead;
#if NQ_PREDICATED
        const bool keep = push && x.b != 0u;   // the frame still has squares to try
        const bool pop = !push && x.b == 0u;   // spent: back to the nearest that has
        if (pop && top == 0) {                 // none: the task is finished
            nq_finish(x, count, nodes, d, ntasks, next_task, subs, q, tsub, state, sums, left);
            continue;
        }
        if (keep) nq_store(base, stride, kf, S, w, k, top, make_uint4(x.lf, x.cl, x.rt, x.b));
        top += keep ? 1 : 0;
        top -= pop ? 1 : 0;
        if (pop) {
            const uint4 f = nq_load(base, stride, kf, S, w, k, top);
            x.lf = f.x; x.cl = f.y; x.rt = f.z; x.b = f.w;
        }
        if (push) {
            x.lf = nl; x.cl = nd + NQ_ONE_LEVEL; x.rt = nr; x.b = nb;
            x.g = x.gj; x.mj = x.mj1;
        }
        if (push || pop) {  // the new level's look-ahead row, and on a pop its own
            const unsigned i = x.cl >> NQ_SHIFT;
            const unsigned p1 = x.qs[i + 1];
            x.gj = p1 >> NQ_SHIFT; x.mj1 = p1 & NQ_LOW;
            if (pop) {
                const unsigned p = x.qs[i];
                x.g = p >> NQ_SHIFT; x.mj = p & NQ_LOW;
            }
        }
#else
        if (push) {  // keep this frame only if it has squares left
            if (x.b != 0u) {
                nq_store(base, stride, kf, S, w, k, top, make_uint4(x.lf, x.cl, x.rt, x.b));
                top++;
            }
            x.lf = nl; x.cl = nd + NQ_ONE_LEVEL; x.rt = nr; x.b = nb;
            x.g = x.gj; x.mj = x.mj1;
            const unsigned p1 = x.qs[(x.cl >> NQ_SHIFT) + 1];
            x.gj = p1 >> NQ_SHIFT; x.mj1 = p1 & NQ_LOW;
        } else if (x.b == 0u) {  // this level is spent: the nearest ancestor with squares
            if (top == 0) {      // none: the task is finished
                nq_finish(x, count, nodes, d, ntasks, next_task, subs, q, tsub, state, sums,
                          left);
                continue;
            }
            top--;
            const uint4 f = nq_load(base, stride, kf, S, w, k, top);
            x.lf = f.x; x.cl = f.y; x.rt = f.z; x.b = f.w;
            nq_level(x);
        }
#endif
    }
    if (x.t >= 0) {  // stopped by the budget: the stack back to S, to resume from
        nq_flush(sums, x.s, count, nodes);
        for (int e = 0; e < top && e < kf; e++) {
            const uint4 f = nq_get(base + (unsigned)e * NQ_FRAME(stride));
            unsigned *p = S + (size_t)e * 4 * w + k;
            p[0] = f.x; p[w] = f.y; p[2 * w] = f.z; p[3 * w] = f.w;
        }
        unsigned *p = S + (size_t)top * 4 * w + k;
        p[0] = x.lf; p[w] = x.cl; p[2 * w] = x.rt; p[3 * w] = x.b;
        slot_level[k] = top;
    }
    slot_task[k] = x.t;
}

#ifndef NQ_HOST
extern "C" __global__ void step_slots_shared(
    int d, long long budget, long long ntasks, long long *next_task, int nslots,
    long long *slot_task, long long *slot_level, const long long *subs,
    const unsigned *q, const int *tsub, const unsigned *state, unsigned *S,
    long long *sums, long long *left, int kf)
{
    extern __shared__ uint4 nq_stack[];  // kf frames a thread: blockDim.x * kf * 16 bytes
    const int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < nslots)
        nq_slot(k, d, budget, ntasks, next_task, nslots, slot_task, slot_level, subs, q,
                tsub, state, S, sums, left, nq_stack + threadIdx.x, blockDim.x, kf);
}
#endif
"""

HOST_ENTRY = r"""
// `kf` frames of "shared memory" a slot, as the GPU's launch gives, the deeper ones in S;
// returns 1 if a slot wrote past its kf frames (the frame after them is a canary), else 0
extern "C" int step_slots_shared(
    int d, long long budget, long long ntasks, long long *next_task, int nslots,
    long long *slot_task, long long *slot_level, const long long *subs,
    const unsigned *q, const int *tsub, const unsigned *state, unsigned *S,
    long long *sums, long long *left, int kf)
{
    std::vector<uint4> stack = nq_frames_and_canary(kf);
    for (int k = 0; k < nslots; k++)
        nq_slot(k, d, budget, ntasks, next_task, nslots, slot_task, slot_level, subs, q,
                tsub, state, S, sums, left, stack.data(), 1, kf);
    return nq_canary_broken(stack, kf);
}
"""


@functools.cache
def raw_kernel(max_registers: int | None = None, predicated: bool = True) -> Any:
    """The kernel compiled by CuPy (``cupy.RawKernel``), at most ``max_registers`` registers
    a thread when given, the step ``predicated`` or branching; needs CuPy and a CUDA GPU.
    Cost: one compilation a process and variant."""
    return cupy_kernel(SOURCE, KERNEL_NAME, max_registers, NQ_PREDICATED=int(predicated))


def frames_in_shared(block: int, nframes: int, blocks: int, *, shared_per_sm: int = 233472,
                     shared_reserved: int = 1024) -> int:
    """Stack frames a thread of the ``cuda-shared`` kernel keeps in shared memory.

    All ``nframes`` where they fit beside the ``blocks`` blocks of ``block`` threads that the
    registers let an SM keep; else as many as fit, the deeper frames waiting in global
    memory. Deep stacks are rare (at n = 18, 0.13% of the pushes find more than 7 frames on
    the stack, of the 10 it can hold), while the shared memory of the deepest one would
    cost a third of the SM's threads (n = 21: 32 warps an SM instead of 40 at 40 registers).
    Cost: O(1).

    >>> frames_in_shared(128, 13, 12)     # n = 21 at 40 registers: 9 of its 13 frames
    9
    >>> frames_in_shared(128, 6, 12)      # all of them, where they fit
    6
    """
    per_block = shared_per_sm // max(1, blocks) - shared_reserved
    return max(1, min(nframes, per_block // (16 * block)))
