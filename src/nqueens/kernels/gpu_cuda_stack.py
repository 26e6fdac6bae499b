"""The GPU kernel that keeps every frame on its shared-memory stack, the current one too.

The same task search as `nqueens.kernels.gpu_tasks.search_task` (the same cut, the
same pruning and look-ahead, the same completions and nodes) in the fewest instructions a
try. `nqueens.kernels.gpu_cuda_shared` holds the current frame in registers, which
saves a shared-memory load a try but makes every step choose, lane by lane, between a
push, a pop (a load and an unpacking of the popped level's table entries) and neither: on
an H100 that came to 86 warp instructions a try (62 before frames could spill to global
memory; docs/gpu.md). Here a step is one straight run:

1. load the current frame (the top of the stack: left diagonals, columns, right diagonals,
   squares left) - one 16-byte shared-memory load;
2. take its lowest square and write the squares left back (one 4-byte store); when none is
   left the frame is dropped (the stack's height goes down by one, no branch);
3. the level's two table entries - the shift to the next free row and that row's mask, and
   the same for the row after it (the look-ahead's) - in one 8-byte load
   (`pair_tables`: 256 bytes a constellation). An entry is the row's mask over the
   shift, in its low 5 bits, and the boards sit in bits 5 to 31 (the columns' word keeps
   the level in its low 5 bits): a funnel shift reads only the low 5 bits of its amount,
   so the entry is the shift as it is, and nothing takes it out (two instructions a try
   fewer than with the shift in the high bits);
4. the child: counted if it is on the last free row, pushed (one 16-byte store, over the
   dropped frame if there was one) if its row has open squares and the row after it
   passes the look-ahead (which the last row never does: its look-ahead entry is 0, so
   the push needs no test of the level). The bit work is one 3-input `LOP3` an
   operation (the lowest square ORed into each of three words, the squares left with
   their test, the child's open squares less the low bits), written as such
   (`lop3.b32`): the compiler's own code kept the lowest square apart and spent three
   instructions more.

A task ends when its stack is empty. The stack (`[frame][thread]` in shared memory, so
a warp's 32 frames at one depth are 512 neighbouring bytes) holds every frame a task can
need - `frames` - so there is no test for frames kept elsewhere: the price is the
shared memory, `16 * frames` bytes a thread (n = 21: 208 bytes, about 1,000 threads an
H100 SM, where registers would allow more).

Every lane runs those 29 instructions (sm_90, CUDA 13.0 and NVRTC 13.5; 37 with the shifts
in the high bits, the compiler's own bit work, a test of the last row for the push, a
counter of tries for the budget and a second test of the open row for the count). A try
moves 4 + 4 wavefronts of shared memory (the 4-byte store at a 16-byte stride is a 4-way
bank conflict), 4 more when it pushes; `NQ_PLANES=1` (`raw_kernel`'s `planes`)
splits each frame in two 8-byte halves a warp's 256 bytes apart, for 2 + 2 + 2 (and 4)
at 31 instructions, in case the shared memory's bandwidth is what holds the first layout
back.

Arguments and the host's protocol are `nqueens.kernels.gpu_cuda_shared`'s (slots take
their next task from `next_task`; `sums` and `left` per constellation; between
launches a slot's frames wait in `S`, `slot_level` holding their number), except that
`tables` is `pair_tables`'s, the last argument is the frames a thread, all of them,
and a launch advances every slot by `budget` pushes, not tries (the counter the nodes
need anyway; the host sizes the budget by the launches' measured time either way).
`HOST_SHIM + SOURCE + HOST_ENTRY` builds the same source as plain C++ for the CPU (every
slot in turn, each with exactly that many frames and a canary past them), which is what
the tests check it with; `raw_kernel` needs CuPy.

>>> import numpy as np
>>> q = np.array([[0x8000005, 0x10000002] + [0] * 30], np.uint32)
>>> [hex(w) for w in pair_tables(q)[0, 0]]       # level 0: its entry and level 1's
['0xa1', '0x42']
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from nqueens.kernels.gpu_cuda_common import HOST_SHIM as _SHARED_HOST_SHIM
from nqueens.kernels.gpu_cuda_common import MAX_KERNEL_N, PRELUDE, shared_bytes
from nqueens.kernels.gpu_cuda_common import frames as _frames_below

__all__ = ["HOST_ENTRY", "HOST_SHIM", "KERNEL_NAME", "MAX_KERNEL_N", "SOURCE", "frames",
           "pair_tables", "raw_kernel", "shared_bytes"]

KERNEL_NAME = "step_slots_stack"

SOURCE = r"""
// nqueens GPU kernel: the task search of gpu_tasks.search_task with every frame on a
// shared-memory stack (see gpu_cuda_stack.py). Arrays (C order): next_task [1] int64;
// slot_task, slot_level [nslots] int64; subs [m, 4] int64 (free rows, sym, top, cut);
// q2 [m, 32, 2] uint32 (pair_tables); tsub [t] int32; state [t, 4] uint32; S [depth, 4,
// nslots] uint32 (stacks between launches); sums [m, 2] int64; left [m] int64.
""" + PRELUDE + r"""
// The stacks: frame e of thread i of a block at byte e * F + 16 i of the block's shared
// memory, F = 16 * blockDim.x (the frames of a warp at one depth are 512 neighbouring
// bytes). A slot's frames are addressed by that byte offset, on the host in an array
// standing in for the block's shared memory (one slot at a time, F = 16).
// NQ_PLANES=1 splits every frame in two 8-byte halves: at each depth a warp's frames take
// 512 bytes, the 32 halves (left diagonals, right diagonals) then the 32 halves (columns,
// squares left), NQ_GAP = 256 bytes further, so that the 4-byte store of the squares left
// meets 2-way bank conflicts instead of 4-way, for two more instructions a try (frame e
// of lane l of warp v at byte e * F + 512 v + 8 l, F = 512 warps a block). On the host a
// frame is its two halves side by side (NQ_GAP = 8).
#ifndef NQ_PLANES
#define NQ_PLANES 0
#endif
// NQ_UNROLL tries a turn of the loop, its tests (the stack empty? the budget spent?) once a
// turn. A try after the stack has emptied within a turn takes a square of the *sentinel*,
// a frame below the stack's first (each frame of a slot F bytes higher, one frame more a
// slot) whose four words are all ones: every square of its child's row is taken (no
// count, no push), and its 32 squares outlast a turn (it is made anew for every task).
#ifndef NQ_UNROLL
#define NQ_UNROLL 1
#endif
// A frame's four words: left diagonals, columns, right diagonals, squares left, the board's
// columns in bits 5 to 31 (NQ_BOARD) and the frame's level in the low 5 bits of the
// columns' word. A table entry is the row's mask (bits 5 to 31) over the shift to it (the
// low 5 bits), so that the shift is the entry itself: a funnel shift reads only the low 5
// bits of its amount (shf.*.wrap), and no instruction takes the shift out of the entry.
#define NQ_BOARD 5u
#define NQ_LEVELS 31u
// CUDA's funnel shifts (hi:lo shifted by s & 31, the high or the low word): on the GPU one
// instruction (shf.l/r.wrap), on the CPU the same definition, so both builds shift alike
#ifdef __CUDA_ARCH__
#define nq_funnel_l __funnelshift_l
#define nq_funnel_r __funnelshift_r
#else
static inline unsigned nq_funnel_l(unsigned lo, unsigned hi, unsigned s)
{
    s &= 31u;
    return s ? (hi << s) | (lo >> (32u - s)) : hi;
}
static inline unsigned nq_funnel_r(unsigned lo, unsigned hi, unsigned s)
{
    s &= 31u;
    return s ? (lo >> s) | (hi << (32u - s)) : lo;
}
#endif
// x << (s & 31) and x >> (s & 31)
__host__ __device__ static inline unsigned nq_shl(unsigned x, unsigned s)
{
    return nq_funnel_l(0u, x, s);
}
__host__ __device__ static inline unsigned nq_shr(unsigned x, unsigned s)
{
    return nq_funnel_r(x, 0u, s);
}
// A try's bit work, one 3-input LOP3 each on the GPU (where the compiler, left to itself,
// keeps the lowest square as a value of its own, ORs it in three times and tests the
// squares left apart from computing them). nq_lop3(a, b, c, LUT) is bit k of LUT for the
// bits (a, b, c) = k's (4, 2, 1), PTX's lop3.b32: on the GPU that one instruction, on the
// CPU the same table evaluated, so the CPU build runs the very tables the GPU runs.
#ifdef __CUDA_ARCH__
template <unsigned LUT>
__device__ static inline unsigned nq_lop3(unsigned a, unsigned b, unsigned c)
{
    unsigned r;
    asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(a), "r"(b), "r"(c), "n"(LUT));
    return r;
}
#else
template <unsigned LUT>
static inline unsigned nq_lop3(unsigned a, unsigned b, unsigned c)
{
    unsigned r = 0u;
    for (unsigned k = 0; k < 8u; k++)
        if ((LUT >> k) & 1u)
            r |= ((k & 4u) ? a : ~a) & ((k & 2u) ? b : ~b) & ((k & 1u) ? c : ~c);
    return r;
}
#endif
// with low = -w the lowest square of w is w & low: a word with it is a | (w & low), the
// squares left are w & ~low, and the child's open squares a mask's less the taken and
// the low 5 bits
__host__ __device__ static inline unsigned nq_with_square(unsigned a, unsigned w, unsigned low)
{
    return nq_lop3<0xF8u>(a, w, low);    // a | (b & c)
}
__host__ __device__ static inline unsigned nq_squares_left(unsigned w, unsigned low)
{
    return nq_lop3<0x30u>(w, low, 0u);   // a & ~b
}
__host__ __device__ static inline unsigned nq_open(unsigned mask, unsigned taken)
{
    return nq_lop3<0x20u>(mask, taken, ~NQ_LEVELS);  // a & ~b & c
}
#ifdef __CUDA_ARCH__
#define NQ_GAP 256u
#else
#define NQ_GAP 8u
#endif
#ifdef __CUDA_ARCH__
extern __shared__ uint4 nq_stack[];
#else
static uint4 *nq_stack;
#endif
#define NQ_AT(a) (*(uint4 *)((char *)nq_stack + (a)))
#define NQ_HALF(a) (*(uint2 *)((char *)nq_stack + (a)))

// the frame at byte `at` (its halves at `at` and at + NQ_GAP with NQ_PLANES)
__host__ __device__ static inline uint4 nq_load(unsigned at)
{
#if NQ_PLANES
    const uint2 a = NQ_HALF(at), c = NQ_HALF(at + NQ_GAP);
    return make_uint4(a.x, c.x, a.y, c.y);
#else
    return NQ_AT(at);
#endif
}

__host__ __device__ static inline void nq_store(unsigned at, uint4 f)
{
#if NQ_PLANES
    NQ_HALF(at) = make_uint2(f.x, f.z);
    NQ_HALF(at + NQ_GAP) = make_uint2(f.y, f.w);
#else
    NQ_AT(at) = f;
#endif
}

// the squares left of the frame at byte `at`, alone
__host__ __device__ static inline void nq_store_left(unsigned at, unsigned b)
{
#if NQ_PLANES
    NQ_HALF(at + NQ_GAP).y = b;
#else
    NQ_AT(at).w = b;
#endif
}

// the sentinel below the stack (NQ_UNROLL > 1; else nothing: the turn tests every try)
__host__ __device__ static inline void nq_sentinel(unsigned empty)
{
#if NQ_UNROLL > 1
    nq_store(empty, make_uint4(~0u, ~0u, ~0u, ~0u));
#else
    (void)empty;
#endif
}
__host__ __device__ static inline unsigned nq_min(unsigned a, unsigned b)
{
    return a < b ? a : b;
}

// count += the child is a completion (open, on the last row); pushes += it is pushed.
// On the GPU two predicated adds: the compiler's own code for these two sums kept a copy of
// each, three instructions a sum in the loop where one does.
#ifdef __CUDA_ARCH__
__device__ static inline void nq_count(unsigned &count, unsigned &pushes, bool open,
                                       unsigned cl, unsigned leaf, bool push)
{
    asm("{\n\t.reg .pred c, p;\n\t"
        "setp.ne.u32 c, %2, 0;\n\t"
        "setp.ge.and.u32 c, %3, %4, c;\n\t"
        "setp.ne.u32 p, %5, 0;\n\t"
        "@c add.u32 %0, %0, 1;\n\t"
        "@p add.u32 %1, %1, 1;\n\t}"
        : "+r"(count), "+r"(pushes) : "r"((unsigned)open), "r"(cl), "r"(leaf),
          "r"((unsigned)push));
}
// the constellation's table; on the GPU opaque to the compiler, which otherwise rebuilds
// the address from s at every try (four 64-bit instructions where one does)
__device__ static inline const uint2 *nq_table(const uint2 *q2, int s)
{
    const uint2 *p = q2 + (size_t)s * 32;
    asm("mov.b64 %0, %0;" : "+l"(p));
    return p;
}

// entry i of a table, through the read-only data cache (i opaque to the compiler, which
// otherwise turns i * 8 into a shift, a mask and a 64-bit add: one IMAD.WIDE does it)
__device__ static inline uint2 nq_entry(const uint2 *qs, unsigned i)
{
    asm("mov.b32 %0, %0;" : "+r"(i));
    return __ldg(qs + i);
}

// at -= F if b == 0, as one predicated subtraction
__device__ static inline void nq_drop_if_spent(unsigned &at, unsigned b, unsigned F)
{
    asm("{\n\t.reg .pred e;\n\tsetp.eq.u32 e, %1, 0;\n\t@e sub.u32 %0, %0, %2;\n\t}"
        : "+r"(at) : "r"(b), "r"(F));
}
#else
static inline const uint2 *nq_table(const uint2 *q2, int s) { return q2 + (size_t)s * 32; }
static inline uint2 nq_entry(const uint2 *qs, unsigned i) { return qs[i]; }
static inline void nq_drop_if_spent(unsigned &at, unsigned b, unsigned F)
{
    at -= b == 0u ? F : 0u;
}
static inline void nq_count(unsigned &count, unsigned &pushes, bool open, unsigned cl,
                            unsigned leaf, bool push)
{
    count += open && cl >= leaf;
    pushes += push;
}
#endif

// the next task's number from the counter all slots share, -1 when none is left (read
// first, so that slots with nothing left stop adding to it)
__host__ __device__ static inline long long nq_next(long long *next_task, long long ntasks)
{
    if (*(volatile long long *)next_task >= ntasks) return -1;
    const long long t = (long long)atomicAdd((unsigned long long *)next_task, 1ULL);
    return t < ntasks ? t : -1;
}

// The next task: its constellation into s, its root frame at `base` (the bottom of the
// slot's empty stack); returns the task (-1 when none is left). A task with nothing to
// try (the host's cut never makes one) is finished at once.
__host__ __device__ static inline long long nq_take(
    int &s, unsigned base, int d, long long ntasks, long long *next_task, const int *tsub,
    const unsigned *state, long long *left)
{
    for (;;) {
        const long long t = nq_next(next_task, ntasks);
        if (t < 0) return -1;  // none left
        s = tsub[t];
        const uint4 f = make_uint4(state[t * 4] << NQ_BOARD,
                                   (state[t * 4 + 1] << NQ_BOARD) | (unsigned)d,
                                   state[t * 4 + 2] << NQ_BOARD, state[t * 4 + 3] << NQ_BOARD);
        if (f.w != 0u) {
            nq_store(base, f);
            return t;
        }
        atomicAdd((unsigned long long *)(left + s), ~0ULL);
    }
}

// One slot's share of a launch: `budget` pushes (the nodes below the tasks' roots, less
// the completions), a new task taken as soon as one finishes.
// Its frame e is at byte base + e * F of the stacks.
__host__ __device__ static inline void nq_slot(
    int k, int d, long long budget, long long ntasks, long long *next_task, int nslots,
    long long *slot_task, long long *slot_level, const long long *subs,
    const uint2 *__restrict__ q2, const int *tsub, const unsigned *state, unsigned *S,
    long long *sums, long long *left, unsigned base, unsigned F)
{
    const size_t w = (size_t)nslots;  // S: words between a frame's words, 4 w between frames
    // pushes left, at most 2^27: a try takes one of a frame's at most 27 squares, so the
    // launch's tries, and its completions and nodes, stay below 2^32 (27 * (2^27 + 27);
    // a turn of NQ_UNROLL tries may push NQ_UNROLL - 1 past the budget)
    unsigned cap = budget < (1LL << 27) ? (unsigned)budget : (1u << 27);
    const unsigned empty = base - F;  // `at` of an empty stack: the sentinel's frame, if any
    nq_sentinel(empty);
    long long t = slot_task[k];
    int s = 0;
    unsigned at = base;  // the current frame: the top of the stack
    if (t >= 0) {        // resume: the frames saved in S back onto the stack
        s = tsub[t];
        const int top = (int)slot_level[k];
        for (int e = 0; e < top; e++) {
            const unsigned *p = S + (size_t)e * 4 * w + k;
            nq_store(base + (unsigned)e * F, make_uint4(p[0], p[w], p[2 * w], p[3 * w]));
        }
        at = base + (unsigned)(top - 1) * F;
    } else {
        t = nq_take(s, base, d, ntasks, next_task, tsub, state, left);
    }
    const uint2 *qs = nq_table(q2, s);
    unsigned leaf = (unsigned)(subs[(size_t)s * 4] - 2);  // the last free row's parent level
    unsigned count = 0, pushes = 0;  // the task's nodes: the completions and the pushes
    while (t >= 0) {
        // one try; the budget counted in the pushes the task's count needs anyway (a
        // counter of tries would cost two instructions a try, this one)
        while (at != empty && pushes < cap) {
#if NQ_UNROLL > 1
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
          for (int turn = 0; turn < NQ_UNROLL; turn++) {
#endif
            const uint4 f = nq_load(at);
            const unsigned low = 0u - f.w;       // the lowest square is f.w & low
            const unsigned b = nq_squares_left(f.w, low);
            nq_store_left(at, b);
            nq_drop_if_spent(at, b, F);           // its last square: the frame is spent
            const unsigned level = f.y & NQ_LEVELS;
            const uint2 p = nq_entry(qs, level);  // this level's entry and the next's
            const unsigned nl = nq_shl(nq_with_square(f.x, f.w, low), p.x);  // << the shift
            const unsigned nd = nq_with_square(f.y, f.w, low);
            const unsigned nr = nq_shr(nq_with_square(f.z, f.w, low), p.x);  // >> the shift
            // the squares open on the child's row (the low bits: the shift, the level and
            // right diagonals past the board's edge)
            const unsigned nb = nq_open(p.x, nl | nd | nr);
            const bool open = nb != 0u;
            const unsigned near = nq_shl(nl, p.y) | nd | nq_shr(nr, p.y);  // the row after
            const bool ahead = (p.y & ~near & ~NQ_LEVELS) != 0u;
            // pushed if its row is open and the row after it passes the look-ahead - never
            // on the last free row (level >= leaf), whose look-ahead entry is 0
            const bool push = open && ahead;
            nq_count(count, pushes, open, level, leaf, push);  // counted there if open
            if (push) {                           // the child's frame on top
                at += F;
                nq_store(at, make_uint4(nl, nd + 1u, nr, nb));
            }
#if NQ_UNROLL > 1
          }
#endif
        }
        if (at != empty) break;  // the budget is spent
        // the task is finished: its counts out, the next task in
        nq_flush(sums, s, count, count + pushes);
        cap -= nq_min(pushes, cap);  // the loop stops when they reach it (or a turn later)
        count = pushes = 0;
        atomicAdd((unsigned long long *)(left + s), ~0ULL);  // minus one
        t = nq_take(s, base, d, ntasks, next_task, tsub, state, left);
        if (t < 0) break;
        qs = nq_table(q2, s);
        leaf = (unsigned)(subs[(size_t)s * 4] - 2);
        at = base;
        nq_sentinel(empty);
    }
    if (t >= 0) {  // stopped by the budget: the stack to S, to resume from
        nq_flush(sums, s, count, count + pushes);
        const int top = (int)((at - empty) / F);
        for (int e = 0; e < top; e++) {
            const uint4 f = nq_load(base + (unsigned)e * F);
            unsigned *p = S + (size_t)e * 4 * w + k;
            p[0] = f.x; p[w] = f.y; p[2 * w] = f.z; p[3 * w] = f.w;
        }
        slot_level[k] = top;
    }
    slot_task[k] = t;
}

#ifndef NQ_HOST
extern "C" __global__ void step_slots_stack(
    int d, long long budget, long long ntasks, long long *next_task, int nslots,
    long long *slot_task, long long *slot_level, const long long *subs,
    const uint2 *q2, const int *tsub, const unsigned *state, unsigned *S,
    long long *sums, long long *left, int kf)
{
    // kf frames a thread in shared memory, the sentinel's among them: blockDim.x * kf * 16
    // bytes (whole warps)
    const int k = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned F = 16u * blockDim.x, below = NQ_UNROLL > 1 ? F : 0u;  // the sentinel
#if NQ_PLANES
    const unsigned base = 512u * (threadIdx.x >> 5) + 8u * (threadIdx.x & 31u) + below;
#else
    const unsigned base = 16u * threadIdx.x + below;
#endif
    if (k < nslots)
        nq_slot(k, d, budget, ntasks, next_task, nslots, slot_task, slot_level, subs, q2,
                tsub, state, S, sums, left, base, F);
}
#endif
"""

HOST_SHIM = _SHARED_HOST_SHIM + r"""
struct uint2 { unsigned x, y; };
static inline uint2 make_uint2(unsigned x, unsigned y) { uint2 v = {x, y}; return v; }
"""
"""Build SOURCE as plain C++ for the CPU: `gpu_cuda_shared`'s shim
and the 8-byte vector type of the tables."""

HOST_ENTRY = r"""
// `kf` frames a slot, as the GPU's launch gives; returns 1 if a slot wrote past them
// (the frame after them is a canary), else 0
extern "C" int step_slots_stack(
    int d, long long budget, long long ntasks, long long *next_task, int nslots,
    long long *slot_task, long long *slot_level, const long long *subs,
    const uint2 *q2, const int *tsub, const unsigned *state, unsigned *S,
    long long *sums, long long *left, int kf)
{
    std::vector<uint4> stack = nq_frames_and_canary(kf);
    nq_stack = stack.data();
    for (int k = 0; k < nslots; k++)
        nq_slot(k, d, budget, ntasks, next_task, nslots, slot_task, slot_level, subs, q2,
                tsub, state, S, sums, left, NQ_UNROLL > 1 ? 16u : 0u, 16u);
    return nq_canary_broken(stack, kf);
}
"""


def pair_tables(q: Any) -> Any:
    """The kernel's table (uint32 `(m, 32, 2)`) from
    `pack_tables`'s `q`: entry `k` is
    `(q[s, k], q[s, k + 1])`, so a step reads its level's shift and mask and the
    look-ahead's in one 8-byte load (0 past the last entry), each entry laid out as the
    kernel's boards are: the mask in bits 5 to 31 over the shift in bits 0 to 4 (`q`'s is
    the shift in bits 27 to 31 over the mask).
    Cost: O(m) numpy work.

    >>> q = np.array([[(1 << 27) | 0b101, (2 << 27) | 0b11] + [0] * 30], np.uint32)
    >>> [bin(v) for v in pair_tables(q)[0, 0]]      # (mask, shift) of levels 0 and 1
    ['0b10100001', '0b1100010']
    >>> pair_tables(q)[0, 1].tolist(), pair_tables(q)[0, 31].tolist()
    ([98, 0], [0, 0])
    """
    q = np.asarray(q, np.uint32)
    shift, mask = q >> np.uint32(27), q & np.uint32((1 << 27) - 1)
    entry = (mask << np.uint32(5)) | shift
    out = np.zeros((*q.shape, 2), np.uint32)
    out[:, :, 0] = entry
    out[:, :-1, 1] = entry[:, 1:]
    return out


def frames(subs: Any, d: int) -> int:
    """Frames a slot's stack needs for the constellations `subs` cut at `d` rows: one
    for each level from `d` to the second-last free row (the last is counted, never
    pushed), the current level's included. Cost: O(m).

    >>> frames(np.array([[17, 0, 1, 1], [16, 0, 2, 1]]), 3)
    13
    """
    return _frames_below(subs, d) + 1


@functools.cache
def raw_kernel(max_registers: int | None = None, planes: bool = False,
               unroll: int = 1) -> Any:
    """The kernel compiled by CuPy (`cupy.RawKernel`), at most `max_registers` registers
    a thread when given, its frames whole or in two `planes` (`NQ_PLANES`), `unroll`
    tries a turn of its loop (`NQ_UNROLL`; past 1, a sentinel frame more a thread); needs
    CuPy and a CUDA GPU.
    Cost: one compilation a process and variant."""
    from nqueens.kernels.gpu_cuda_common import cupy_kernel

    more = {"NQ_UNROLL": unroll} if unroll != 1 else {}
    return cupy_kernel(SOURCE, KERNEL_NAME, max_registers, NQ_PLANES=int(planes), **more)
