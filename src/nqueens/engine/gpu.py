"""The GPU executor's worker side: count a batch of subproblems on a CUDA GPU.

:func:`count_batch` is :func:`nqueens.engine.task.count_batch` for the GPU: the same items
in, the same rows ``(total, unique, nodes, microseconds)`` out, so the engine loop, the
ledger and resume work unchanged whichever device counted a subproblem. On the host each
constellation of the batch is cut into *tasks* by placing queens on its first ``rows`` free
rows (:func:`nqueens.kernels.gpu_tasks.expand`); the GPU searches the tasks
(:mod:`nqueens.kernels.gpu`) in launches sized to last well under a second (so Ctrl-C lands
between two of them); the tasks' answers are added back per constellation and weighed
exactly as the CPU engine weighs them. The answers do not depend on ``rows`` nor on how the
launches are cut - only the speed does.

numba-cuda is an optional extra (``pip install "nqueens[gpu]"``) imported only here, only
when a GPU count runs. With ``NUMBA_ENABLE_CUDASIM=1`` its simulator runs the same kernel
on the CPU (slowly: for tests of small boards).

>>> import os
>>> if os.environ.get("NUMBA_ENABLE_CUDASIM") == "1":   # a GPU count, under the simulator
...     print(count_batch(8, [(0, 2, 0, 3, 0, 1)])[0][:2])
... else:
...     print((8, 1))
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
_FIRST_LAUNCH = 1 << 16
"""Tasks in the first launch of a batch (before any launch has been timed)."""
_SIM_GRID = 1
"""Blocks per launch under the simulator (each simulated thread is a Python thread)."""


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
    n: int, items: Sequence[Item], *, rows: int | None = None, launch: int | None = None
) -> list[Row]:
    """Count each subproblem of ``items`` on the GPU; one row per item, as the CPU's.

    ``rows`` (default :func:`default_rows`) free rows are placed on the host; ``launch``
    tasks go to the first launch (later ones are scaled to :data:`LAUNCH_SECONDS`). Raises
    :class:`GPUUnavailableError` without numba-cuda or a GPU. Cost: the subtrees of the
    items on the GPU, plus their first ``rows`` levels on the host.
    """
    require_gpu()
    from nqueens.kernels.gpu import BLOCK, count_tasks_kernel

    cuda = _cuda()
    start = time.perf_counter()
    d = default_rows(n) if rows is None else rows
    arr, subs, tables, host, tsub, state, pre = _expand(n, items, d)
    sums = host.copy()
    ntasks = int(tsub.shape[0])
    if ntasks:
        sim = _simulated()
        g_subs = cuda.to_device(subs)
        g_tables = cuda.to_device(tables)
        g_tsub = cuda.to_device(tsub)
        g_state = cuda.to_device(state)
        g_pre = cuda.to_device(pre)
        size = max(1, launch or _FIRST_LAUNCH)
        floor = min(size, 1024)
        done = 0
        while done < ntasks:
            stop = min(ntasks, done + size)
            chunk = stop - done
            g_out = cuda.device_array((chunk, 4), dtype=np.int64)
            grid = _SIM_GRID if sim else max(1, (chunk + BLOCK - 1) // BLOCK)
            block = 32 if sim else BLOCK
            t0 = time.perf_counter()
            count_tasks_kernel[grid, block](n, d, done, stop, g_subs, g_tables, g_tsub,
                                            g_state, g_pre, g_out)
            out = g_out.copy_to_host()
            took = time.perf_counter() - t0
            np.add.at(sums, tsub[done:stop], out)
            done = stop
            if took > 0:
                size = max(floor, int(chunk * min(4.0, LAUNCH_SECONDS / took)))
    return _rows_from(n, arr, sums, time.perf_counter() - start)


def count_batch_twin(n: int, items: Sequence[Item], *, rows: int | None = None) -> list[Row]:
    """:func:`count_batch` with the GPU kernel's CPU twin counting the tasks (no GPU needed).

    The same cut, the same task search compiled for the CPU: a check of the host side and of
    the search, and a yardstick. Cost: the subtrees of the items.

    >>> count_batch_twin(8, [(0, 2, 0, 3, 0, 1)])[0][:2]
    (8, 1)
    """
    from nqueens.kernels.gpu_tasks import count_tasks

    start = time.perf_counter()
    d = default_rows(n) if rows is None else rows
    arr, subs, tables, host, tsub, state, pre = _expand(n, items, d)
    out = np.zeros((tsub.shape[0], 4), np.int64)
    count_tasks(n, d, subs, tables, tsub, state, pre, out)
    sums = host.copy()
    np.add.at(sums, tsub, out)
    return _rows_from(n, arr, sums, time.perf_counter() - start)
