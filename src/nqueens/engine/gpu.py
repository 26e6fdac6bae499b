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

numba-cuda is an optional extra (``pip install "nqueens[gpu]"``) imported only here, only
when a GPU count runs. With ``NUMBA_ENABLE_CUDASIM=1`` its simulator runs the same kernel
on the CPU (slowly: for tests of small boards).

>>> count_batch_twin(8, [(0, 2, 0, 3, 0, 1)])[0][:2]   # the kernel's CPU twin: no GPU needed
(8, 1)
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from nqueens.engine.task import Item, Row, weigh
from nqueens.errors import NQueensError

__all__ = [
    "BATCH_SECONDS",
    "LAUNCH_SECONDS",
    "SLOTS",
    "GPUUnavailableError",
    "count_batch",
    "count_batch_twin",
    "default_rows",
    "device_name",
    "require_gpu",
]

BATCH_SECONDS = 2.0
"""What the engine should aim one GPU batch at: enough tasks to fill the GPU; Ctrl-C still
lands within a launch (:data:`LAUNCH_SECONDS`)."""
LAUNCH_SECONDS = 0.2
"""What one kernel launch should last; the next launch's size is scaled from the last one."""
SLOTS = 1 << 18
"""Tasks in progress on the GPU at once, one per thread (an H100 keeps ~150 K resident)."""
_FIRST_BUDGET = 1 << 14
"""Steps per slot in the first launch of a batch, before any launch has been timed."""
_MIN_BUDGET = 1 << 8
_MAX_BUDGET = 1 << 30
_SIM_SLOTS = 32
"""Slots under the simulator: one block (each simulated thread is a Python thread)."""
_SIM_BUDGET = 1 << 10


class GPUUnavailableError(NQueensError):
    """A GPU count was asked for where numba-cuda or a CUDA GPU is missing."""


def default_rows(n: int) -> int:
    """How many free rows the host places before the GPU takes over, for board size ``n``.

    Two rows make about 0.5 M tasks for n = 18 and 2-3 M for n = 21 (several for each of
    the ~135 K threads an H100 keeps resident) while the host's share stays near a
    microsecond a task; not yet tuned on a GPU - the GPU benchmark sweeps it. O(1).

    >>> [default_rows(n) for n in (8, 16, 22, 23)]
    [1, 2, 2, 3]
    """
    if n < 12:
        return 1
    return 2 if n < 23 else 3


def _cuda() -> Any:
    """``numba.cuda``, or :class:`GPUUnavailableError` saying what is missing."""
    try:
        import numba.cuda as cuda
    except ImportError:
        raise GPUUnavailableError(
            'counting on a GPU needs numba-cuda: pip install "nqueens[gpu]"'
        ) from None
    return cuda


def require_gpu() -> None:
    """Raise :class:`GPUUnavailableError` unless numba-cuda and a CUDA GPU are present.

    The numba-cuda simulator (``NUMBA_ENABLE_CUDASIM=1``) counts as a GPU.
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
    """The name of the GPU counts run on (``"simulator"`` under the numba-cuda simulator)."""
    if _simulated():
        return "simulator"
    cuda = _cuda()
    name = cuda.get_current_device().name
    return name.decode() if isinstance(name, bytes) else str(name)


def _simulated() -> bool:
    return os.environ.get("NUMBA_ENABLE_CUDASIM", "") == "1"


def _expand(n: int, items: Sequence[Item], rows: int) -> tuple[Any, ...]:
    from nqueens.kernels.gpu_tasks import expand

    arr = np.array(items, dtype=np.int64).reshape(-1, 6)
    subs, tables, host, (tsub, state, pre) = expand(n, arr, rows)
    return arr, subs, tables, host, tsub, state, pre


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


def count_batch(
    n: int,
    items: Sequence[Item],
    *,
    rows: int | None = None,
    budget: int | None = None,
    slots: int | None = None,
) -> list[Row]:
    """Count each subproblem of ``items`` on the GPU; one row per item, as the CPU's.

    ``rows`` (default :func:`default_rows`) free rows are placed on the host; the tasks run
    in ``slots`` GPU slots (default :data:`SLOTS`), each launch advancing every slot by
    ``budget`` steps (default: adapted launch by launch to :data:`LAUNCH_SECONDS`). Raises
    :class:`GPUUnavailableError` without numba-cuda or a GPU. Cost: the subtrees of the
    items on the GPU, plus their first ``rows`` levels on the host.
    """
    require_gpu()
    from nqueens.kernels.gpu import BLOCK, FRESH, step_slots

    cuda = _cuda()
    start = time.perf_counter()
    d = default_rows(n) if rows is None else rows
    arr, subs, tables, host, tsub, state, pre = _expand(n, items, d)
    sums = host.copy()
    ntasks = int(tsub.shape[0])
    if ntasks:
        sim = _simulated()
        nslots = min(ntasks, slots or (_SIM_SLOTS if sim else SLOTS))
        block = min(nslots, 32 if sim else BLOCK)
        grid = (nslots + block - 1) // block
        step = budget or (_SIM_BUDGET if sim else _FIRST_BUDGET)
        depth = max(1, int(subs[:, 0].max()) - d)
        g_subs = cuda.to_device(subs)
        g_tables = cuda.to_device(tables)
        g_tsub = cuda.to_device(tsub)
        g_state = cuda.to_device(state)
        g_pre = cuda.to_device(pre)
        g_stack = cuda.device_array((depth, 4, nslots), dtype=np.uint32)
        slot_task = np.full(nslots, -1, np.int64)
        slot_level = np.full(nslots, FRESH, np.int64)
        acc = np.zeros((nslots, 4), np.int64)
        slot_task[:] = np.arange(nslots)
        nxt = nslots
        while (slot_task >= 0).any():
            g_task = cuda.to_device(slot_task)
            g_level = cuda.to_device(slot_level)
            g_acc = cuda.to_device(acc)
            t0 = time.perf_counter()
            step_slots[grid, block](n, d, step, g_task, g_level, g_subs, g_tables, g_tsub,
                                    g_state, g_pre, g_stack, g_acc)
            slot_level = g_level.copy_to_host()
            acc = g_acc.copy_to_host()
            took = time.perf_counter() - t0
            done = np.nonzero((slot_task >= 0) & (slot_level < d))[0]
            if done.size:
                np.add.at(sums, tsub[slot_task[done]], acc[done])
                acc[done] = 0
                take = min(done.size, ntasks - nxt)
                slot_task[done[:take]] = np.arange(nxt, nxt + take)
                slot_level[done[:take]] = FRESH
                slot_task[done[take:]] = -1
                nxt += take
            if budget is None and took > 0:
                scale = min(4.0, LAUNCH_SECONDS / took)
                step = min(_MAX_BUDGET, max(_MIN_BUDGET, int(step * scale)))
    return _rows_from(n, arr, sums, time.perf_counter() - start)


def count_batch_twin(n: int, items: Sequence[Item], *, rows: int | None = None) -> list[Row]:
    """:func:`count_batch` with the GPU kernel's CPU twin counting the tasks (no GPU needed).

    The same cut, the same task search compiled for the CPU: a check of the host side and of
    the search, and a yardstick. Cost: the subtrees of the items.

    >>> count_batch_twin(8, [(0, 2, 0, 3, 0, 1)])[0][:2]
    (8, 1)
    """
    from nqueens.kernels.gpu_tasks import NO_BUDGET, count_tasks

    start = time.perf_counter()
    d = default_rows(n) if rows is None else rows
    arr, subs, tables, host, tsub, state, pre = _expand(n, items, d)
    out = np.zeros((tsub.shape[0], 4), np.int64)
    count_tasks(n, d, subs, tables, tsub, state, pre, out, NO_BUDGET)
    sums = host.copy()
    np.add.at(sums, tsub, out)
    return _rows_from(n, arr, sums, time.perf_counter() - start)
