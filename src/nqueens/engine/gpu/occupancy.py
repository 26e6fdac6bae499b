"""How many GPU threads a kernel keeps busy: the CUDA occupancy calculator's rule.

The slots a batch runs in (`resident_slots`), and for the `cuda-stack` kernel the
block and the tries a turn of its loop that keep the most warps resident
(`stack_block`, `stack_unroll`).

>>> occupancy_blocks(71, 128)   # Hopper: 7 blocks of 128 threads at 71 registers
7
"""

from __future__ import annotations

import functools
import importlib

from nqueens.engine.gpu.tuning import SLOTS

__all__ = ["occupancy_blocks", "resident_slots", "stack_block", "stack_launch",
           "stack_unroll", "stack_warps"]


@functools.cache
def resident_slots(kernel: str = "numba", block: int | None = None,
                   max_registers: int | None = None, shared: int = 0) -> int:
    """Slots that fill this GPU exactly: the blocks every SM keeps resident, times the block.

    The blocks of the kernel (of `block` threads, default
    `BLOCK`; at most `max_registers` registers a thread when
    given; `shared` bytes of dynamic shared memory a block) that
    every SM keeps resident at once, by the CUDA occupancy calculator;
    `SLOTS` where that cannot be read. Slots past that number would run as a
    further, partly filled wave of blocks in every launch (2^18 slots on an H100 at 896
    resident threads an SM are 2.2 waves: the third one 22% full, about a quarter of each
    launch's time wasted).
    Cost: O(1), after the kernel's compilation (once per kernel variant and process).

    >>> resident_slots.cache_clear()
    >>> resident_slots("opencl") == SLOTS    # no such kernel: the fixed number
    True
    """
    from nqueens.kernels.gpu import BLOCK

    size = block or BLOCK
    try:
        if kernel == "numba":
            from nqueens.kernels.gpu import SIGNATURE, step_slots_limited

            fn = step_slots_limited(max_registers)
            blocks = int(fn.compile(SIGNATURE).max_cooperative_grid_blocks(size))
        elif kernel == "cuda-stack":
            sms, regs, limits = _cupy_occupancy_inputs(kernel, max_registers)
            blocks = occupancy_blocks(regs, size, shared=shared, **limits) * sms
        else:
            return SLOTS
    except Exception:  # an older numba-cuda or CuPy, a driver without the calculator
        return SLOTS
    return blocks * size if blocks > 0 else SLOTS


def occupancy_blocks(regs: int, block: int, *, regs_per_sm: int = 65536,
                     threads_per_sm: int = 2048, blocks_per_sm: int = 32, shared: int = 0,
                     shared_per_sm: int = 233472, shared_reserved: int = 1024) -> int:
    """Blocks of `block` threads an SM keeps resident for a kernel's registers and memory.

    For a kernel of `regs` registers a thread and `shared` bytes of shared memory a
    block, by the occupancy calculator's rule: registers go to a warp in units of 256, and an SM has
    `regs_per_sm` of them, `threads_per_sm` threads, `blocks_per_sm` blocks and
    `shared_per_sm` bytes of shared memory at most, of which each block that uses any
    also holds `shared_reserved` (Hopper: 228 KB an SM, 1 KB a block).
    Cost: O(1).

    >>> occupancy_blocks(71, 128), occupancy_blocks(56, 128)   # Hopper: 896 and 1152 threads
    (7, 9)
    >>> occupancy_blocks(32, 128)                               # then threads are the limit
    16
    >>> occupancy_blocks(34, 128, shared=128 * 13 * 16)         # 13 frames: 1,024 threads
    8
    """
    per_warp = -(-regs * 32 // 256) * 256
    warps = regs_per_sm // per_warp if per_warp else threads_per_sm // 32
    by_shared = shared_per_sm // (shared + shared_reserved) if shared else blocks_per_sm
    return max(0, min(warps // max(1, block // 32), threads_per_sm // block, blocks_per_sm,
                      by_shared))


def _cupy_occupancy_inputs(kernel: str, max_registers: int | None, planes: bool = False,
                           unroll: int = 1) -> tuple[int, int, dict[str, int]]:
    """This GPU's SMs, the compiled CUDA C kernel's registers a thread, and an SM's limits
    as `occupancy_blocks` takes them (CuPy's device attributes; Hopper's where one is
    missing). Raises where CuPy or the device cannot tell."""
    from nqueens.engine.gpu.device import raw_kernel

    fn = raw_kernel(max_registers, planes, unroll)
    regs = int(fn.attributes["num_regs"])
    dev = importlib.import_module("cupy").cuda.Device().attributes
    return int(dev["MultiProcessorCount"]), regs, {
        "regs_per_sm": int(dev["MaxRegistersPerMultiprocessor"]),
        "threads_per_sm": int(dev["MaxThreadsPerMultiProcessor"]),
        "blocks_per_sm": int(dev.get("MaxBlocksPerMultiprocessor", 32)),
        "shared_per_sm": int(dev.get("MaxSharedMemoryPerMultiprocessor", 233472)),
        "shared_reserved": int(dev.get("ReservedSharedMemoryPerBlock", 1024))}


def stack_block(regs: int, nframes: int, **limits: int) -> int:
    """Threads a block for the `cuda-stack` kernel, by the occupancy calculator.

    Of 128, 64 and 256, the first that keeps the most warps an SM resident
    (`occupancy_blocks`) with `nframes` 16-byte frames a thread in shared memory
    and `regs` registers a thread (blocks of whole frames leave different remainders of
    the SM's shared memory unused).
    Cost: O(1).

    >>> stack_block(32, 13), stack_block(32, 14), stack_block(32, 11)   # n = 21, 22, 19
    (128, 256, 256)
    """
    return max((128, 64, 256), key=lambda block: _warps_at(regs, nframes, block, **limits))


def _warps_at(regs: int, nframes: int, block: int, **limits: int) -> int:
    """Warps an SM keeps resident of the `cuda-stack` kernel in blocks of `block`."""
    return occupancy_blocks(regs, block, shared=16 * block * nframes, **limits) * block // 32


def stack_warps(regs: int, nframes: int, **limits: int) -> int:
    """Warps an SM keeps resident of the `cuda-stack` kernel at `stack_block`'s block.

    Cost: O(1).

    >>> stack_warps(32, 13), stack_warps(32, 14), stack_warps(32, 15)   # n = 21, 22
    (32, 32, 28)
    """
    return _warps_at(regs, nframes, stack_block(regs, nframes, **limits), **limits)


def stack_unroll(regs: int, nframes: int, **limits: int) -> int:
    """Tries a turn of the `cuda-stack` loop: 2 where the sentinel frame costs no warps.

    Else 1. Two tries a turn test the stack and the budget once for both (27.5 instructions
    a try against 29, read from the SASS) but need a sentinel frame below each slot's stack
    for the tries after a stack empties within the turn: one 16-byte frame more a thread,
    which the SM's shared memory may or may not have room for (`nframes` frames without
    it, `regs` registers a thread, the limits of `occupancy_blocks`).
    Cost: O(1).

    >>> [stack_unroll(32, f) for f in (9, 10, 11, 12, 13, 14)]   # n = 16, 17, 18, 19, 21, 22
    [1, 2, 1, 1, 2, 1]
    """
    same = stack_warps(regs, nframes + 1, **limits) >= stack_warps(regs, nframes, **limits)
    return 2 if same else 1


def stack_launch(nframes: int, max_registers: int | None, planes: bool,
                  unroll: int | None) -> tuple[int, int]:
    """`(block, unroll)` of the `cuda-stack` kernel for this GPU and its registers.

    `stack_unroll`'s where `unroll` is None, then `stack_block`'s for its
    frames (the default block, and one try a turn where the device cannot be read).
    Cost: O(1), after the kernel's compilation.

    >>> import sys
    >>> from unittest import mock
    >>> with mock.patch.dict(sys.modules, {"cupy": None}):   # no device to read
    ...     stack_launch(13, None, False, None)
    (128, 1)
    """
    from nqueens.kernels.gpu import BLOCK

    try:
        _sms, regs, limits = _cupy_occupancy_inputs("cuda-stack", max_registers, planes=planes)
        unroll = unroll or stack_unroll(regs, nframes, **limits)
        if unroll > 1:  # that build's registers
            _sms, regs, limits = _cupy_occupancy_inputs("cuda-stack", max_registers,
                                                        planes=planes, unroll=unroll)
    except Exception:  # no device attributes (a stand-in, an old CuPy): the defaults
        return BLOCK, unroll or 1
    return stack_block(regs, nframes + (unroll > 1), **limits), unroll
