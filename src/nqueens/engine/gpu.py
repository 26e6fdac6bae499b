"""The GPU executor's worker side: count a batch of subproblems on a CUDA GPU.

:func:`count_batch` is :func:`nqueens.engine.task.count_batch` for the GPU: the same items
in, the same rows ``(total, unique, nodes, microseconds)`` out, so the engine loop, the
ledger and resume work unchanged whichever device counted a subproblem. On the host each
constellation of the batch is cut into *tasks* by placing queens on its first ``rows`` free
rows (:func:`nqueens.kernels.gpu_tasks.expand`); the GPU searches the tasks
(:mod:`nqueens.kernels.gpu`) a fixed number at a time, each launch advancing every task in
progress by a step budget sized so the launch lasts well under a second whatever the size of
a task (so Ctrl-C lands between two launches), finished tasks replaced by the next ones (so
the GPU stays full to the end); the tasks' answers are added back per constellation and
weighed exactly as the CPU engine weighs them. The answers do not depend on ``rows``, the
budget or the number of slots - only the speed does.

numba-cuda is an optional extra (``pip install ".[gpu]"``, or ``pip install numba-cuda``)
imported only here, only when a GPU count runs. With ``NUMBA_ENABLE_CUDASIM=1`` its
simulator runs the same kernel on the CPU (slowly: for tests of small boards).

>>> count_batch_twin(8, [(0, 2, 0, 3, 0, 1)])[0][:2]   # the kernel's CPU twin: no GPU needed
(8, 1)
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import itertools
import os
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from nqueens.engine.task import Item, Row, StopFlag, Stopped, weigh
from nqueens.errors import GPUPackageError, GPUUnavailableError, NQueensError

__all__ = [
    "KERNELS",
    "LAUNCH_SECONDS",
    "MAX_TASKS",
    "SLOTS",
    "GPUUnavailableError",
    "batch_items",
    "count_batch",
    "count_batch_twin",
    "default_rows",
    "device_name",
    "frames_in_shared",
    "occupancy_blocks",
    "pick_kernel",
    "pick_kernel_soon",
    "require_gpu",
    "resident_slots",
    "stack_block",
    "stack_kernel_checked",
    "stack_unroll",
    "stack_warps",
]

LAUNCH_SECONDS = 0.2
"""What one kernel launch should last; each launch's step budget is scaled from the last one's
time."""
SLOTS = 1 << 18
"""Tasks in progress on the GPU at once, one per thread, where :func:`resident_slots` cannot
read the GPU's occupancy (an H100 keeps 120-150 K threads resident, depending on the
kernel's registers)."""
_FIRST_BUDGET = 1 << 14
"""Steps per slot in the first launch of a batch, before any launch has been timed."""
_MIN_BUDGET = 1 << 8
_MAX_BUDGET = 1 << 30
_SIM_SLOTS = 32
"""Slots under the simulator: one block (each simulated thread is a Python thread)."""
_SIM_BUDGET = 1 << 10
SELF_CHECK_N = 10
"""The board whose every subproblem the ``cuda-stack`` kernel must count as the CPU kernel
does, on this GPU, before ``kernel="auto"`` picks it (:func:`pick_kernel`)."""


NEEDS_NUMBA_CUDA = 'counting on a GPU needs numba-cuda: pip install numba-cuda (the ".[gpu]" extra)'


def default_rows(n: int, kernel: str = "numba") -> int:
    """How many free rows the host places before the GPU takes over, for board size ``n``.

    Enough tasks that a GPU's slots (about 170,000 on an H100) take several each, so that
    the last ones to finish are small. For ``numba``, ``cuda-c`` and ``cuda-shared``: three
    rows from n = 18 (3.6 M tasks for n = 18, 17.8 M for n = 21, 28.3 M for n = 22), where
    two rows left the slots a few tasks each and the batch ending on a few large tasks
    (benchmarks/bench_gpu_schedule.py: 0.82-0.95 of a perfect schedule at n = 20 with two
    rows, 0.95-0.98 with three). ``cuda-stack`` takes a new task in a few instructions and
    keeps two rows up to n = 20, three from 21, as measured on an H100 (docs/gpu.md,
    "Measured"): one batch of n = 18, 19 and 20 took 0.118, 0.344 and 2.02 s at two rows
    against 0.274, 0.661 and 2.54 s at three; n = 21 took 15.43 s at two rows and 15.41
    and 14.90 s at three on one machine, n = 22 123.6 s at two and 117.2 s at three.
    Cost: O(1) per call.

    >>> [default_rows(n) for n in (8, 16, 18, 22)]
    [1, 2, 3, 3]
    >>> [default_rows(n, "cuda-stack") for n in (8, 16, 20, 21)]
    [1, 2, 2, 3]
    """
    if n < 12:
        return 1
    if kernel == "cuda-stack":
        return 2 if n <= 20 else 3
    return 2 if n < 18 else 3


@functools.cache
def resident_slots(kernel: str = "numba", block: int | None = None,
                   max_registers: int | None = None, shared: int = 0) -> int:
    """Slots that fill this GPU exactly: the blocks every SM keeps resident, times the block.

    The blocks of the kernel (of ``block`` threads, default
    :data:`~nqueens.kernels.gpu.BLOCK`; at most ``max_registers`` registers a thread when
    given; ``shared`` bytes of dynamic shared memory a block, for ``cuda-shared``) that
    every SM keeps resident at once, by the CUDA occupancy calculator;
    :data:`SLOTS` where that cannot be read. Slots past that number would run as a
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
        elif kernel in ("cuda-c", "cuda-shared", "cuda-stack"):
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
    """Blocks of ``block`` threads an SM keeps resident for a kernel's registers and memory.

    For a kernel of ``regs`` registers a thread and ``shared`` bytes of shared memory a
    block, by the occupancy calculator's rule: registers go to a warp in units of 256, and an SM has
    ``regs_per_sm`` of them, ``threads_per_sm`` threads, ``blocks_per_sm`` blocks and
    ``shared_per_sm`` bytes of shared memory at most, of which each block that uses any
    also holds ``shared_reserved`` (Hopper: 228 KB an SM, 1 KB a block).
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


def _cupy_occupancy_inputs(kernel: str, max_registers: int | None, predicated: bool = True,
                           planes: bool = False,
                           unroll: int = 1) -> tuple[int, int, dict[str, int]]:
    """This GPU's SMs, the compiled CUDA C kernel's registers a thread, and an SM's limits
    as :func:`occupancy_blocks` takes them (CuPy's device attributes; Hopper's where one is
    missing). Raises where CuPy or the device cannot tell."""
    fn = _raw_kernel(kernel, max_registers, predicated, planes, unroll)
    regs = int(fn.attributes["num_regs"])
    dev = importlib.import_module("cupy").cuda.Device().attributes
    return int(dev["MultiProcessorCount"]), regs, {
        "regs_per_sm": int(dev["MaxRegistersPerMultiprocessor"]),
        "threads_per_sm": int(dev["MaxThreadsPerMultiProcessor"]),
        "blocks_per_sm": int(dev.get("MaxBlocksPerMultiprocessor", 32)),
        "shared_per_sm": int(dev.get("MaxSharedMemoryPerMultiprocessor", 233472)),
        "shared_reserved": int(dev.get("ReservedSharedMemoryPerBlock", 1024))}


def _shared_frames(block: int, nframes: int, max_registers: int | None,
                   predicated: bool) -> int:
    """:func:`frames_in_shared` for this GPU and the compiled kernel's registers (all
    ``nframes`` where the device cannot be read)."""
    try:
        _sms, regs, limits = _cupy_occupancy_inputs("cuda-shared", max_registers, predicated)
    except Exception:  # no device attributes (a stand-in, an old CuPy): every frame
        return nframes
    blocks = occupancy_blocks(regs, block, **limits)
    return frames_in_shared(block, nframes, blocks, shared_per_sm=limits["shared_per_sm"],
                            shared_reserved=limits["shared_reserved"])


def stack_block(regs: int, nframes: int, **limits: int) -> int:
    """Threads a block for the ``cuda-stack`` kernel, by the occupancy calculator.

    Of 128, 64 and 256, the first that keeps the most warps an SM resident
    (:func:`occupancy_blocks`) with ``nframes`` 16-byte frames a thread in shared memory
    and ``regs`` registers a thread (blocks of whole frames leave different remainders of
    the SM's shared memory unused).
    Cost: O(1).

    >>> stack_block(32, 13), stack_block(32, 14), stack_block(32, 11)   # n = 21, 22, 19
    (128, 256, 256)
    """
    return max((128, 64, 256), key=lambda block: _warps_at(regs, nframes, block, **limits))


def _warps_at(regs: int, nframes: int, block: int, **limits: int) -> int:
    """Warps an SM keeps resident of the ``cuda-stack`` kernel in blocks of ``block``."""
    return occupancy_blocks(regs, block, shared=16 * block * nframes, **limits) * block // 32


def stack_warps(regs: int, nframes: int, **limits: int) -> int:
    """Warps an SM keeps resident of the ``cuda-stack`` kernel at :func:`stack_block`'s block.

    Cost: O(1).

    >>> stack_warps(32, 13), stack_warps(32, 14), stack_warps(32, 15)   # n = 21, 22
    (32, 32, 28)
    """
    return _warps_at(regs, nframes, stack_block(regs, nframes, **limits), **limits)


def stack_unroll(regs: int, nframes: int, **limits: int) -> int:
    """Tries a turn of the ``cuda-stack`` loop: 2 where the sentinel frame costs no warps.

    Else 1. Two tries a turn test the stack and the budget once for both (27.5 instructions
    a try against 29, read from the SASS) but need a sentinel frame below each slot's stack
    for the tries after a stack empties within the turn: one 16-byte frame more a thread,
    which the SM's shared memory may or may not have room for (``nframes`` frames without
    it, ``regs`` registers a thread, the limits of :func:`occupancy_blocks`).
    Cost: O(1).

    >>> [stack_unroll(32, f) for f in (9, 10, 11, 12, 13, 14)]   # n = 16, 17, 18, 19, 21, 22
    [1, 2, 1, 1, 2, 1]
    """
    same = stack_warps(regs, nframes + 1, **limits) >= stack_warps(regs, nframes, **limits)
    return 2 if same else 1


def _stack_launch(nframes: int, max_registers: int | None, planes: bool,
                  unroll: int | None) -> tuple[int, int]:
    """``(block, unroll)`` of the ``cuda-stack`` kernel for this GPU and the compiled
    kernel's registers: :func:`stack_unroll`'s where ``unroll`` is None, then
    :func:`stack_block`'s for its frames (the default block, and one try a turn where the
    device cannot be read)."""
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


MAX_TASKS = 1 << 25
"""Tasks in one GPU batch at most: 0.7 GB of them on the host and on the GPU (20 bytes a
task; 36 with the queens placed above the cut, at three rows, which only checks keep).
Every n up to 22 is one batch at the default rows (n = 22: 28.3 M tasks)."""


def batch_items(n: int, items: Sequence[Sequence[int]], *, rows: int | None = None) -> int:
    """How many of ``items`` one GPU batch takes (all, while their tasks fit in memory).

    All of them while their tasks number at most :data:`MAX_TASKS`, else as many as that
    allows (tasks per item measured on a sample of up to 64 items). One GPU counts best with
    one large batch: every batch ends with the GPU waiting for its last tasks, and small
    batches are mostly that end (``benchmarks/bench_gpu_schedule.py``).
    Cost: O(1) calls of the host's cut on at most 64 items (milliseconds).

    >>> from nqueens.engine.split import split
    >>> items = [tuple(s) for s in split(12)]
    >>> batch_items(12, items) == len(items)
    True
    """
    from nqueens.kernels.gpu_tasks import expand

    if not items:
        return 1
    d = default_rows(n) if rows is None else rows
    step = max(1, len(items) // 64)
    sample = np.array(items[::step], dtype=np.int64).reshape(-1, 6)
    tasks = int(expand(n, sample, d)[3][0].shape[0])
    per_item = max(1.0, tasks / max(1, sample.shape[0]))
    return max(1, min(len(items), int(MAX_TASKS / per_item)))


def _cuda() -> Any:
    """``numba.cuda``, or :class:`~nqueens.errors.GPUPackageError` saying what to install."""
    try:
        cuda = importlib.import_module("numba.cuda")
    except ImportError:
        cuda = None
    # numba still ships a deprecated built-in ``numba.cuda``; only NVIDIA's numba-cuda
    # package (which takes that name over when installed) has what the kernel needs.
    if cuda is None or getattr(cuda, "implementation", "NVIDIA") == "Built-in":
        raise GPUPackageError(NEEDS_NUMBA_CUDA)
    return cuda


def require_gpu() -> None:
    """Raise :class:`GPUUnavailableError` unless numba-cuda and a CUDA GPU are present.

    The numba-cuda simulator (``NUMBA_ENABLE_CUDASIM=1``) counts as a GPU.
    Cost: O(1) per call, after numba-cuda's import and the CUDA driver's first start.

    >>> import sys
    >>> from unittest import mock
    >>> with mock.patch.dict(sys.modules, {"numba.cuda": None}):   # as if it were absent
    ...     try:
    ...         require_gpu()
    ...     except GPUPackageError as err:
    ...         print(err)
    counting on a GPU needs numba-cuda: pip install numba-cuda (the ".[gpu]" extra)
    """
    cuda = _cuda()
    try:
        present = bool(cuda.is_available())
    except Exception:  # a broken driver install reads as no GPU
        present = False
    if not present:
        raise GPUUnavailableError(
            "no CUDA GPU found (numba-cuda sees no device with a working driver); "
            "count on the CPU instead"
        )


def device_name() -> str:
    """The name of the GPU counts run on (``"simulator"`` under the numba-cuda simulator).

    Raises :class:`GPUUnavailableError` without numba-cuda.
    Cost: O(1) per call.

    >>> import sys
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"NUMBA_ENABLE_CUDASIM": "1"}):
    ...     device_name()
    'simulator'
    >>> with mock.patch.dict(os.environ, {"NUMBA_ENABLE_CUDASIM": "0"}), \\
    ...         mock.patch.dict(sys.modules, {"numba.cuda": None}):   # as if it were absent
    ...     device_name()
    Traceback (most recent call last):
    ...
    nqueens.errors.GPUPackageError: counting on a GPU needs numba-cuda: \
pip install numba-cuda (the ".[gpu]" extra)
    """
    if _simulated():
        return "simulator"
    cuda = _cuda()
    name = cuda.get_current_device().name
    return name.decode() if isinstance(name, bytes) else str(name)


def _simulated() -> bool:
    return os.environ.get("NUMBA_ENABLE_CUDASIM", "") == "1"


def _expand(n: int, arr: Any, rows: int, with_pre: bool = True) -> tuple[Any, ...]:
    """:func:`~nqueens.kernels.gpu_tasks.expand` of ``arr``, in chunks on every core.

    Each chunk's tasks are counted first (:func:`~nqueens.kernels.gpu_tasks.count_cut`),
    the task arrays made once at their final size, and each chunk then written into its
    own slice of them (:func:`~nqueens.kernels.gpu_tasks.expand_into`), both passes on
    the host's threads at once (the kernel releases the GIL), so the result is the
    one-call result: ``(subs, tables, host, tsub, state, pre)`` (``pre`` without rows
    unless ``with_pre``). Cost: the cut's search twice, shared out over the cores, and its
    tasks written once: n = 21 at three rows (17.8 M tasks) takes 0.21 s on this machine's
    two cores (1.70 s when each chunk's arrays grew by doubling and were joined after).
    """
    from nqueens.engine.executors import cpu_count, map_on_threads
    from nqueens.kernels.gpu_tasks import count_cut, expand_into

    chunks = min(arr.shape[0], 4 * cpu_count()) if arr.shape[0] >= 256 else 1
    bounds = np.linspace(0, arr.shape[0], chunks + 1).astype(np.int64)
    parts = [arr[lo:hi] for lo, hi in itertools.pairwise(bounds)]
    threads = min(chunks, cpu_count())
    counts = map_on_threads(lambda part: count_cut(n, part, rows), parts, threads,
                            "nqueens-gpu-cut")
    at = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    total = int(at[-1])
    tsub = np.empty(total, np.int32)
    state = np.empty((total, 4), np.uint32)
    pre = np.zeros((total if with_pre else 0, rows + 1), np.uint32)

    def fill(k: int) -> tuple[Any, Any, Any]:
        lo, hi = int(at[k]), int(at[k + 1])
        got = expand_into(n, parts[k], rows, with_pre, tsub[lo:hi], state[lo:hi],
                          pre[lo:hi] if with_pre else pre)
        tsub[lo:hi] += np.int32(bounds[k])  # its constellations' numbers in the whole batch
        return got

    cut = map_on_threads(fill, list(range(chunks)), threads, "nqueens-gpu-cut")
    return (np.concatenate([c[0] for c in cut]), np.concatenate([c[1] for c in cut]),
            np.concatenate([c[2] for c in cut]), tsub, state, pre)


def _rows_from(n: int, arr: Any, sums: Any, seconds: float) -> list[Row]:
    """Weigh the summed ``(completions, fixed90, fixed180, nodes)`` into engine rows.

    The batch's time is shared out in proportion to nodes (a launch mixes constellations).
    """
    nodes_all = int(sums[:, 3].sum())
    rows: list[Row] = []
    for k in range(arr.shape[0]):
        c, f90, f180, nodes = (int(v) for v in sums[k])
        total, unique = weigh(int(arr[k, 5]), c, f90, f180)
        share = nodes / nodes_all if nodes_all else 1 / arr.shape[0]
        rows.append((total, unique, nodes, int(seconds * share * 1e6)))
    return rows


KERNELS = ("numba", "cuda-c", "cuda-shared", "cuda-stack")
"""The GPU kernels: numba-cuda's (simulator-tested; the fallback), its CUDA C twin, the
CUDA C kernel with its stacks in shared memory, one try a step, and the one that keeps
every frame on that stack, the current one too, for fewer instructions a try
(:mod:`nqueens.kernels.gpu_cuda_stack`; the fastest measured: 0.70 of ``cuda-shared``'s
issued instructions, n = 21 in 15.3 s on an H100 against 26.0 s); the CUDA C kernels run
through CuPy. ``"auto"`` picks one: :func:`pick_kernel`."""


_PICKING = threading.Lock()
"""Held by :func:`pick_kernel` while it picks: a second caller (the engine's, while
:func:`pick_kernel_soon`'s thread picks) waits for the first and finds its work cached."""


def pick_kernel_soon(n: int) -> None:
    """Start :func:`pick_kernel` for ``n`` on a background thread and return at once.

    CuPy's import, the CUDA context, the kernel's compilation (or its load from CuPy's
    cache) and its self-check then overlap what the host does meanwhile (the split, the
    subproblems' weights, the cut); a later ``pick_kernel(n)`` waits for that thread and
    finds its work done. An error is left for that later call to meet (the thread says
    nothing).
    Cost: O(1) here; the pick's on the thread.

    >>> import sys
    >>> from unittest import mock
    >>> with mock.patch.dict(sys.modules, {"cupy": None}):    # as if CuPy were absent
    ...     pick_kernel_soon(21)
    ...     pick_kernel(21)
    'numba'
    """
    def pick() -> None:
        with contextlib.suppress(Exception):  # the caller's own pick_kernel meets it
            pick_kernel(n)

    threading.Thread(target=pick, name="nqueens-gpu-pick", daemon=True).start()


def _likely_kernel(n: int) -> str:
    """The kernel :func:`pick_kernel` most likely picks for ``n``, without CuPy's import or a
    device query: ``cuda-stack`` where CuPy is installed, else ``numba`` (for the rows the
    host may cut before the pick is known). Cost: O(1)."""
    from importlib.util import find_spec

    from nqueens.kernels.gpu_cuda_shared import MAX_N

    if _simulated() or n > MAX_N or find_spec("cupy") is None:
        return "numba"
    return "cuda-stack"


def pick_kernel(n: int) -> str:
    """The kernel ``kernel="auto"`` runs for board size ``n``.

    ``"cuda-stack"`` where CuPy imports, sees a GPU and compiles the kernel, the kernel passes
    its self-check on this GPU (:func:`stack_kernel_checked`), and ``n`` is at most 27 (its
    words hold 27 columns), else ``"numba"``; the simulator always gets ``"numba"``. A CuPy
    that cannot compile (no NVRTC, say) falls back to numba-cuda's kernel instead of
    stopping the count, and so does a kernel that miscounts (with a warning).
    One pick at a time: a call while :func:`pick_kernel_soon`'s thread picks waits for it.
    Cost: O(1), after CuPy's import, a device query, the kernel's compilation (cached on
    disk by CuPy) and, once a process, its self-check.

    >>> import sys
    >>> from unittest import mock
    >>> with mock.patch.dict(sys.modules, {"cupy": None}):    # as if CuPy were absent
    ...     pick_kernel(21)
    'numba'
    """
    from nqueens.kernels.gpu_cuda_shared import MAX_N

    if _simulated() or n > MAX_N:
        return "numba"
    with _PICKING:  # one pick at a time (pick_kernel_soon's thread may be in one)
        if not _cupy_sees_a_gpu():
            return "numba"
        try:
            _raw_kernel("cuda-stack", None).attributes  # noqa: B018 - compiles it, or raises
        except Exception:
            return "numba"
        return "cuda-stack" if stack_kernel_checked() else "numba"


@functools.cache
def stack_kernel_checked() -> bool:
    """Whether the ``cuda-stack`` kernel counts on this GPU as the CPU kernel does.

    Every subproblem of :data:`SELF_CHECK_N`, its completions, classes and nodes, once a
    process, with one try a turn of the kernel's loop and with two (:func:`stack_unroll`).
    The CUDA C kernel's tests run it built for the CPU; this runs the GPU's own
    build (its intrinsics, its compiler, this GPU), so that a kernel that miscounts here is
    never picked: False (and a :class:`RuntimeWarning`) where any row differs or the count
    fails.
    Cost: O(1) after the first call, which counts n = 10 on the GPU and on the CPU
    (milliseconds).

    >>> import sys, warnings
    >>> from unittest import mock
    >>> stack_kernel_checked.cache_clear()
    >>> with mock.patch.dict(sys.modules, {"cupy": None}), \\
    ...         warnings.catch_warnings(record=True) as seen:   # as if CuPy were absent
    ...     warnings.simplefilter("always")
    ...     stack_kernel_checked()
    False
    >>> "failed its self-check" in str(seen[0].message)
    True
    >>> stack_kernel_checked.cache_clear()
    """
    import warnings

    from nqueens.engine.split import split
    from nqueens.engine.task import count_batch as count_on_cpu

    items = [tuple(s) for s in split(SELF_CHECK_N)]
    try:   # both builds "auto" runs: one try a turn of the loop, and two
        got = [[r[:3] for r in count_batch(SELF_CHECK_N, items, kernel="cuda-stack",
                                           unroll=unroll)] for unroll in (1, 2)]
    except Exception as err:  # a launch that fails: not a kernel to count with
        why = f"{type(err).__name__}: {err}"
    else:
        want = [r[:3] for r in count_on_cpu(SELF_CHECK_N, items)]
        if got[0] == want and got[1] == want:
            return True
        why = "its rows differ from the CPU kernel's"
    warnings.warn(f"the cuda-stack GPU kernel failed its self-check on this GPU (n = "
                  f"{SELF_CHECK_N}: {why}); counting with numba-cuda's kernel instead",
                  RuntimeWarning, stacklevel=2)
    return False


def _cupy_sees_a_gpu() -> bool:
    try:
        cupy = importlib.import_module("cupy")
        return int(cupy.cuda.runtime.getDeviceCount()) > 0
    except Exception:  # no CuPy, or CuPy without a driver or a device
        return False


def _raw_kernel(kernel: str, max_registers: int | None, predicated: bool = True,
                planes: bool = False, unroll: int = 1) -> Any:
    """A CUDA C kernel (``cuda-c``, ``cuda-shared`` or ``cuda-stack``) compiled by CuPy."""
    if kernel == "cuda-stack":
        from nqueens.kernels import gpu_cuda_stack

        return gpu_cuda_stack.raw_kernel(max_registers, planes, unroll)
    if kernel == "cuda-shared":
        from nqueens.kernels import gpu_cuda_shared

        return gpu_cuda_shared.raw_kernel(max_registers, predicated)
    from nqueens.kernels import gpu_cuda

    return gpu_cuda.raw_kernel(max_registers)


def count_batch(
    n: int,
    items: Sequence[Item],
    *,
    rows: int | None = None,
    budget: int | None = None,
    slots: int | None = None,
    kernel: str = "auto",
    block: int | None = None,
    max_registers: int | None = None,
    predicated: bool = True,
    shared_frames: int | None = None,
    planes: bool = False,
    unroll: int | None = None,
    stop: StopFlag | None = None,
    tally: Callable[[int], None] | None = None,
    finished: list[Row] | None = None,
    phases: dict[str, float] | None = None,
) -> list[Row]:
    """Count each subproblem of ``items`` on the GPU; one row per item, as the CPU's.

    ``rows`` (default :func:`default_rows`) free rows are placed on the host; the tasks run
    in ``slots`` GPU slots (default: as many as the GPU keeps resident,
    :func:`resident_slots`), each launch advancing every slot by ``budget`` steps (tries;
    for ``cuda-stack``, pushes; default: adapted launch by launch to
    :data:`LAUNCH_SECONDS`). The symmetric constellations
    (fixed by a rotation; about 1% of the nodes) go to the GPU with the rest; the
    completions their rotation fixes are found on the host by a search of half the board
    (:func:`~nqueens.kernels.fixed_points.count_fixed`), which keeps the rotation test out
    of the GPU kernel.
    ``kernel`` is one of :data:`KERNELS` or ``"auto"`` (:func:`pick_kernel`: the
    ``cuda-stack`` CUDA C kernel where CuPy sees a GPU, else numba-cuda's). ``block``
    (threads a block, a multiple of 32 up to 1024; default 128, for ``cuda-stack``
    :func:`stack_block`'s) and ``max_registers`` (a limit on the kernel's registers a
    thread, 16 to 255; default none) are tuning knobs,
    and so are ``predicated`` (``cuda-shared``: the push and pop as predicated instructions,
    or as branches) and ``shared_frames`` (``cuda-shared``: at most this many stack frames
    a thread in shared memory, the deeper ones in global memory; default
    :func:`frames_in_shared`'s; ``cuda-stack`` keeps them all there) and ``planes``
    (``cuda-stack``: each frame in two 8-byte halves, fewer bank conflicts for two more
    instructions a try) and ``unroll`` (``cuda-stack``: 1, 2 or 4 tries a turn of its loop,
    whose tests then come once a turn, with a sentinel frame more a thread; default
    :func:`stack_unroll`'s): the answers do not depend on them. Raises
    :class:`GPUUnavailableError` without numba-cuda or a GPU.

    As the CPU's :func:`~nqueens.engine.task.count_batch`, between two launches it checks
    ``stop`` (:class:`~nqueens.engine.task.Stopped` when set) and tells ``tally`` the nodes
    of the tasks that finished; and it appends to ``finished`` the row of every item as
    soon as that item and all before it are finished (their tasks go out in order, so the
    finished items are a growing prefix of ``items``). A caller can record those rows while
    the batch runs on, and a batch cut short loses none of them - which is what lets the
    engine hand the GPU one large batch (:func:`batch_items`) instead of many small ones
    that would each end on a half-idle GPU.

    ``phases``, when given, is filled with where the time went, in seconds: ``cut`` (the
    host's cut, with the symmetric items' fixed points), ``setup`` (with ``kernel="auto"``
    the wait for :func:`pick_kernel`, which ran beside the cut; the tables to the GPU,
    the kernel loaded, the slots sized), ``gpu`` (the launches and their progress reads),
    ``underfull`` (the part of ``gpu`` after fewer tasks than slots were left, the batch's
    tail), ``launches`` and ``tasks``.
    Cost: O(nodes) of the items' subtrees on the GPU, plus their first ``rows`` levels and
    the half-board searches of the symmetric items on the host.

    >>> count_batch(8, [(0, 2, 0, 3, 0, 1)], kernel="opencl")   # checked before any GPU
    Traceback (most recent call last):
    ...
    nqueens.errors.NQueensError: kernel must be auto or one of numba, cuda-c, cuda-shared, \
cuda-stack, got 'opencl'
    """
    if kernel != "auto" and kernel not in KERNELS:
        raise NQueensError(f"kernel must be auto or one of {', '.join(KERNELS)}, "
                           f"got {kernel!r}")
    if block is not None and (type(block) is not int or not 32 <= block <= 1024
                              or block % 32):
        raise NQueensError(f"block must be a multiple of 32 from 32 to 1024, got {block!r}")
    if max_registers is not None and (type(max_registers) is not int
                                      or not 16 <= max_registers <= 255):
        raise NQueensError(f"max_registers must be an integer from 16 to 255, got "
                           f"{max_registers!r}")
    if type(planes) is not bool or type(predicated) is not bool:
        raise NQueensError(f"predicated and planes must be True or False, got "
                           f"{predicated!r} and {planes!r}")
    if unroll is not None and (type(unroll) is not int or unroll not in (1, 2, 4)):
        raise NQueensError(f"unroll must be 1, 2 or 4, got {unroll!r}")
    require_gpu()
    from nqueens.kernels.gpu import BLOCK
    from nqueens.kernels.gpu_cuda_shared import MAX_N, frames, shared_bytes

    if kernel in ("cuda-shared", "cuda-stack") and n > MAX_N:
        raise NQueensError(f"the {kernel} kernel counts boards up to n = {MAX_N}, got {n}")

    start = time.perf_counter()
    spent = phases if phases is not None else {}
    spent.update(cut=0.0, setup=0.0, gpu=0.0, underfull=0.0, launches=0, tasks=0)
    picking = kernel == "auto"
    if picking:  # the pick (CuPy, the kernel, its self-check) runs while the host cuts
        pick_kernel_soon(n)
    d = default_rows(n, _likely_kernel(n) if picking else kernel) if rows is None else rows
    arr = np.array(items, dtype=np.int64).reshape(-1, 6)
    subs, tables, cut, tsub, state, _pre = _expand(n, arr, d, with_pre=False)
    spent["cut"] = time.perf_counter() - start
    if picking:
        kernel = pick_kernel(n)
        if rows is None and default_rows(n, kernel) != d:  # not the kernel guessed: cut again
            d = default_rows(n, kernel)
            again = time.perf_counter()
            subs, tables, cut, tsub, state, _pre = _expand(n, arr, d, with_pre=False)
            spent["cut"] += time.perf_counter() - again
    ntasks = int(tsub.shape[0])
    spent["tasks"] = ntasks
    tasks = np.bincount(tsub, minlength=arr.shape[0]).astype(np.int64)
    sums = cut.copy()
    done = tasks == 0
    prefix = _Prefix(arr, sums, done, finished, start)
    prefix.advance()
    if tally is not None:
        tally(int(cut[:, 3].sum()))
    dev = None
    full = 0  # the slots: fewer tasks left than this leaves some idle
    tail = False  # since a launch ended with fewer tasks left than slots
    if ntasks:
        sim = _simulated()
        size = block or (32 if sim else BLOCK)
        kf = 0  # cuda-shared, cuda-stack: stack frames a thread in shared memory
        if kernel == "cuda-stack":  # all of them
            from nqueens.kernels.gpu_cuda_stack import frames as stack_frames

            kf = stack_frames(subs[subs[:, 3] == 1], d)
            if not sim:
                size, unroll = _stack_launch(kf, max_registers, planes, unroll)
                size = block or size
            kf += (unroll or 1) > 1  # the sentinel's frame below the stack
        elif kernel == "cuda-shared":
            kf = _shared_frames(size, frames(subs[subs[:, 3] == 1], d), max_registers,
                                predicated)
            if shared_frames is not None:
                kf = max(1, min(kf, int(shared_frames)))
        nslots = min(ntasks, slots or (_SIM_SLOTS if sim else resident_slots(
            kernel, size, max_registers, shared_bytes(size, kf))))
        # cuda-stack's blocks are whole warps (its frames are laid out a warp at a time)
        size = min(-(-nslots // 32) * 32 if kernel == "cuda-stack" else nslots, size)
        grid = (nslots + size - 1) // size
        step = budget or (_SIM_BUDGET if sim else _FIRST_BUDGET)
        depth = max(1, int(subs[:, 0].max()) - d)
        dev = _Device(kernel, d, grid, size, (subs, tables, tsub, state, tasks),
                      (depth, 4, nslots), max_registers, kf, predicated, planes, unroll or 1)
        spent["setup"] = time.perf_counter() - start - spent["cut"]
        full = nslots
    counted = 0  # nodes the GPU has counted so far, as tally was told
    while dev is not None:
        if stop is not None and stop.is_set():
            raise Stopped
        t0 = time.perf_counter()
        dev.launch(step)  # returns at once on a GPU: the launch is queued, not waited for
        left, got = dev.progress()  # waits for the launch to end
        this = time.perf_counter() - t0  # the launch's own time, its results on the host
        spent["gpu"] += this
        spent["launches"] += 1
        tail = tail or int(left.sum()) < full
        if tail:
            spent["underfull"] += this
        sums[:, 0] = cut[:, 0] + got[:, 0]
        sums[:, 3] = cut[:, 3] + got[:, 1]
        done[:] = left == 0
        new_nodes = int(got[:, 1].sum()) - counted
        counted += new_nodes
        if not left.any():
            dev = None
        elif budget is None and this > 0:
            scale = min(4.0, LAUNCH_SECONDS / this)
            step = min(_MAX_BUDGET, max(_MIN_BUDGET, int(step * scale)))
        prefix.advance()  # the rows out before tally is told: the engine records them
        if tally is not None and new_nodes:
            tally(new_nodes)
    return _rows_from(n, arr, sums, time.perf_counter() - start)


class _Prefix:
    """The finished prefix of a batch's items: the rows handed out through ``finished``.

    ``done[k]`` says item ``k`` is finished (every task of it); the rows go out in item
    order as soon as an item and all before it are finished. A row's microseconds are its
    nodes at the batch's mean time per node so far.
    """

    def __init__(self, arr: Any, sums: Any, done: Any, out: list[Row] | None,
                 start: float) -> None:
        self.arr, self.sums, self.done = arr, sums, done
        self.out, self.start = out, start
        self.next = 0

    def advance(self) -> None:
        if self.out is None:
            return
        end = self.next
        while end < self.done.shape[0] and self.done[end]:
            end += 1
        if end == self.next:
            return
        seconds = time.perf_counter() - self.start
        done_nodes = int(self.sums[:end, 3].sum())
        per_node = seconds / done_nodes if done_nodes else 0.0
        for k in range(self.next, end):
            c, f90, f180, nodes = (int(v) for v in self.sums[k])
            total, unique = weigh(int(self.arr[k, 5]), c, f90, f180)
            self.out.append((total, unique, nodes, int(nodes * per_node * 1e6)))
        self.next = end


class _Device:
    """The batch's tables and slots on the GPU, and one launch of a kernel over the slots.

    ``tables`` are ``(subs, tables, tsub, state, tasks)``: the cut, and each
    constellation's number of tasks (the kernel's ``left`` starts there); ``kf`` the stack
    frames a thread keeps in shared memory (``cuda-shared``, ``cuda-stack``; 0 for the
    other kernels)."""

    def __init__(self, kernel: str, d: int, grid: int, block: int,
                 tables: tuple[Any, ...], stack_shape: tuple[int, int, int],
                 max_registers: int | None = None, kf: int = 0,
                 predicated: bool = True, planes: bool = False, unroll: int = 1) -> None:
        from nqueens.kernels.gpu import FRESH
        from nqueens.kernels.gpu_cuda_shared import shared_bytes

        self.kernel, self.d, self.grid, self.block = kernel, d, grid, block
        self.kf, self.shared = kf, shared_bytes(block, kf)
        subs, tabs, tsub, state, tasks = tables
        if kernel in ("cuda-shared", "cuda-stack"):
            from nqueens.kernels.gpu_cuda_shared import pack_tables

            tabs = pack_tables(tabs)
        if kernel == "cuda-stack":
            from nqueens.kernels.gpu_cuda_stack import pair_tables

            tabs = pair_tables(tabs)
        self.ntasks = int(tsub.shape[0])
        nslots = stack_shape[2]
        host = [np.ascontiguousarray(a) for a in (subs, tabs, tsub, state)]
        host += [np.zeros(1, np.int64), np.full(nslots, -1, np.int64),
                 np.full(nslots, FRESH, np.int64), np.zeros((subs.shape[0], 2), np.int64),
                 np.ascontiguousarray(tasks, np.int64)]
        if kernel == "numba":
            from nqueens.kernels.gpu import step_slots_limited

            self.fn: Any = step_slots_limited(max_registers)
            self.xp = _cuda()
            arrays = [self.xp.to_device(a) for a in host]
            self.stack = self.xp.device_array(stack_shape, dtype=np.uint32)
        else:
            try:
                self.xp = importlib.import_module("cupy")
            except ImportError:
                raise GPUPackageError(
                    "the CUDA C kernels need CuPy: pip install cupy-cuda12x (or -cuda13x)"
                ) from None
            self.fn = _raw_kernel(kernel, max_registers, predicated, planes, unroll)
            if self.shared > 48 * 1024:  # past the default limit, the kernel must ask for it
                self.fn.max_dynamic_shared_size_bytes = self.shared
            if self.shared:  # all of the SM's memory as shared memory, so the blocks all fit
                # (a hint: an older CuPy or driver leaves the choice to the driver)
                with contextlib.suppress(Exception):
                    self.fn.preferred_shared_memory_carveout = 100
            arrays = [self.xp.asarray(a) for a in host]
            self.stack = self.xp.zeros(stack_shape, dtype=np.uint32)
        (self.subs, self.tables, self.tsub, self.state, self.next_task, self.slot_task,
         self.slot_level, self.sums, self.left) = arrays

    def _host(self, a: Any) -> Any:
        return a.copy_to_host() if self.kernel == "numba" else self.xp.asnumpy(a)

    def launch(self, step: int) -> None:
        """Give every slot ``step`` steps (new tasks taken on the GPU as tasks finish)."""
        if self.kernel == "numba":
            self.fn[self.grid, self.block](
                self.d, step, self.ntasks, self.next_task, self.slot_task, self.slot_level,
                self.subs, self.tables, self.tsub, self.state, self.stack, self.sums,
                self.left)
            return
        i32, i64 = np.int32, np.int64
        args = (i32(self.d), i64(step), i64(self.ntasks), self.next_task,
                i32(self.slot_task.shape[0]), self.slot_task, self.slot_level, self.subs,
                self.tables, self.tsub, self.state, self.stack, self.sums, self.left)
        if self.kf:  # cuda-shared, cuda-stack: the frames a thread in shared memory, last
            self.fn((self.grid,), (self.block,), (*args, i32(self.kf)), shared_mem=self.shared)
        else:
            self.fn((self.grid,), (self.block,), args)

    def progress(self) -> tuple[Any, Any]:
        """Per constellation: the tasks not yet finished, and ``(completions, nodes)``
        counted so far (exact once none is left). Two small copies, whatever the tasks."""
        return self._host(self.left), self._host(self.sums)


def count_batch_twin(n: int, items: Sequence[Item], *, rows: int | None = None) -> list[Row]:
    """:func:`count_batch` with the GPU kernel's CPU twin counting the tasks (no GPU needed).

    The same cut, the same task search compiled for the CPU: a check of the host side and of
    the search, and a yardstick.
    Cost: O(nodes) of the items' subtrees, on one CPU core.

    >>> count_batch_twin(8, [(0, 2, 0, 3, 0, 1)])[0][:2]
    (8, 1)
    """
    from nqueens.kernels.gpu_tasks import NO_BUDGET, count_tasks

    start = time.perf_counter()
    d = default_rows(n) if rows is None else rows
    arr = np.array(items, dtype=np.int64).reshape(-1, 6)
    subs, tables, host, tsub, state, _pre = _expand(n, arr, d, with_pre=False)
    out = np.zeros((tsub.shape[0], 4), np.int64)
    count_tasks(d, subs, tables, tsub, state, out, NO_BUDGET)
    sums = host.copy()
    np.add.at(sums, tsub, out)
    return _rows_from(n, arr, sums, time.perf_counter() - start)
