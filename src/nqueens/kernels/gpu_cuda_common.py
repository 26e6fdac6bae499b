"""What the shipping CUDA C kernel (`nqueens.kernels.gpu_cuda_stack`) shares with its
laboratory forerunners (`benchmarks/gpu/lab/`): the level's place in the columns word, the
flush of a slot's counts, the plain C++ build's shim, the packed tables, the frames a
stack needs, and the one way to CuPy.

>>> shared_bytes(128, 12)
24576
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["HOST_SHIM", "MAX_KERNEL_N", "PRELUDE", "cupy_kernel", "frames", "pack_tables",
           "shared_bytes"]

MAX_KERNEL_N = 27
"""The widest board: 27 columns leave the columns word 5 bits for the level."""

PRELUDE = r"""
// the level's place in the columns word, and the masks of its two parts
#define NQ_SHIFT 27
#define NQ_ONE_LEVEL (1u << NQ_SHIFT)
#define NQ_LOW (NQ_ONE_LEVEL - 1u)

// the counts of a stretch of search go to the constellation's sums (atomic adds)
__host__ __device__ static inline void nq_flush(long long *sums, int s, unsigned count,
                                                unsigned nodes)
{
    unsigned long long *sum = (unsigned long long *)(sums + 2 * (size_t)s);
    if (count) atomicAdd(sum, (unsigned long long)count);
    if (nodes) atomicAdd(sum + 1, (unsigned long long)nodes);
}
"""
"""The C the shared-memory kernels begin with (`gpu_cuda_stack`'s
and the laboratory's): the level's place in the columns word and the flush of a slot's
counts."""

HOST_SHIM = r"""
// Build SOURCE as plain C++ for the CPU: the CUDA keywords vanish, the vector types are
// plain structs, and step_slots_shared runs every slot in turn with a stack of its own.
#include <cstddef>
#include <vector>
#define NQ_HOST
#define __host__
#define __device__
#define __restrict__
struct uint4 { unsigned x, y, z, w; };
static inline uint4 make_uint4(unsigned x, unsigned y, unsigned z, unsigned w)
{ uint4 v = {x, y, z, w}; return v; }
static inline unsigned long long atomicAdd(unsigned long long *p, unsigned long long v)
{ unsigned long long old = *p; *p += v; return old; }  // one thread: a plain add
// a slot's stand-in for its shared memory: kf frames, then a canary frame a write past
// them would break
static const unsigned NQ_CANARY = 0xdeadbeefu;
static inline std::vector<uint4> nq_frames_and_canary(int kf)
{ return std::vector<uint4>((size_t)kf + 1, make_uint4(NQ_CANARY, NQ_CANARY, NQ_CANARY,
                                                        NQ_CANARY)); }
static inline int nq_canary_broken(const std::vector<uint4> &stack, int kf)
{
    const uint4 c = stack[(size_t)kf];
    return c.x != NQ_CANARY || c.y != NQ_CANARY || c.z != NQ_CANARY || c.w != NQ_CANARY;
}
"""

def pack_tables(tables: Any) -> Any:
    """The kernel's table `q` (uint32 `(m, 32)`) from
    `expand`'s `tables` (free-row masks in `tables[:, 0]`, gaps in
    `tables[:, 1]`).

    `q[s, k] = gap_k << 27 | mask_{k+1}` (0 past the last row): the shift from free row
    `k` to the next and that row's open columns (27 bits: n <= 27). A frame at level
    `k` needs `q[s, k]` and `q[s, k + 1]` (the look-ahead's); a constellation's table
    is one 128-byte cache line, so the tables of the constellations an SM has in flight
    stay in its L1 (16-byte entries, four lines a constellation, did not: on an H100 the
    kernel's L2 traffic was 45% of the L2's peak with DRAM idle).
    Cost: O(m) numpy work.

    >>> t = np.zeros((1, 4, 32), np.uint32); t[0, 0, :3] = [7, 5, 2]; t[0, 1, :2] = [1, 2]
    >>> [hex(w) for w in pack_tables(t)[0, :3]]
    ['0x8000005', '0x10000002', '0x0']
    """
    masks = np.asarray(tables[:, 0, :], np.uint32)
    gaps = np.asarray(tables[:, 1, :], np.uint32)
    q = gaps << np.uint32(27)
    q[:, :-1] |= masks[:, 1:] & np.uint32((1 << 27) - 1)
    return np.ascontiguousarray(q)


def frames(subs: Any, d: int) -> int:
    """Frames a slot's stack needs for the constellations `subs` cut at `d` rows: one
    for each level that can be left with squares to try, `d` to the third-last free row.
    Cost: O(m).

    >>> frames(np.array([[17, 0, 1, 1], [16, 0, 2, 1]]), 3)
    12
    """
    return max(1, int(np.max(subs[:, 0])) - 2 - d) if len(subs) else 1


def shared_bytes(block: int, nframes: int) -> int:
    """Dynamic shared memory of a block: `nframes` 16-byte frames for each thread.
    Cost: O(1).

    >>> shared_bytes(128, 12)
    24576
    """
    return 16 * block * nframes


def cupy_kernel(source: str, name: str, max_registers: int | None = None,
                **defines: int) -> Any:
    """`cupy.RawKernel` of the CUDA C `source`'s kernel `name`: the CUDA C kernels'
    one way to CuPy.

    Compiled as C++14, at most `max_registers` registers a thread when given, each of
    `defines` a macro (`-DNAME=value`); needs CuPy.
    Cost: O(1) here; CuPy compiles at the first launch or attribute read (cached on disk).

    >>> import sys, types
    >>> from unittest import mock
    >>> fake = types.SimpleNamespace(RawKernel=lambda source, name, options: options)
    >>> with mock.patch.dict(sys.modules, {"cupy": fake}):    # the options CuPy is given
    ...     cupy_kernel("", "step", 40, NQ_PLANES=1)
    ('-std=c++14', '-DNQ_PLANES=1', '--maxrregcount=40')
    """
    import importlib

    cupy = importlib.import_module("cupy")  # optional, untyped
    options = ("-std=c++14", *(f"-D{k}={v}" for k, v in defines.items()))
    if max_registers is not None:
        options += (f"--maxrregcount={max_registers}",)
    return cupy.RawKernel(source, name, options=options)
