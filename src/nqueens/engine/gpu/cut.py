"""The host's side of a GPU batch: each constellation cut into tasks, the tasks' answers
added back into engine rows, and the CPU twin that counts the same tasks without a GPU.

On the host each constellation of a batch is cut into *tasks* by placing queens on its
first `rows` free rows (`nqueens.kernels.gpu_tasks.expand`); the tasks' answers are
added back per constellation and weighed exactly as the CPU engine weighs them. The
answers do not depend on `rows` - only the speed does.

>>> count_batch_twin(8, [(0, 2, 0, 3, 0, 1)])[0][:2]   # the kernel's CPU twin: no GPU needed
(8, 1)
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from nqueens.engine.gpu.tuning import MAX_TASKS, default_rows
from nqueens.engine.task import Item, Row, weigh

__all__ = ["batch_items", "count_batch_twin", "expand", "rows_from"]


def batch_items(n: int, items: Sequence[Sequence[int]], *, rows: int | None = None) -> int:
    """How many of `items` one GPU batch takes (all, while their tasks fit in memory).

    All of them while their tasks number at most `MAX_TASKS`, else as many as that
    allows (tasks per item measured on a sample of up to 64 items). One GPU counts best with
    one large batch: every batch ends with the GPU waiting for its last tasks, and small
    batches are mostly that end (docs/performance.md, "Decisions").
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


def expand(n: int, arr: Any, rows: int, with_pre: bool = True) -> tuple[Any, ...]:
    """`expand` of `arr`, in chunks on every core.

    Each chunk's tasks are counted first (`count_cut`),
    the task arrays made once at their final size, and each chunk then written into its
    own slice of them (`expand_into`), both passes on
    the host's threads at once (the kernel releases the GIL), so the result is the
    one-call result: `(subs, tables, host, tsub, state, pre)` (`pre` without rows
    unless `with_pre`). Cost: O(tasks): the cut's search twice, shared out over the
    cores, and its
    tasks written once (about 8x faster than growing each chunk's arrays by doubling and
    joining them after: docs/performance.md, "Decisions").

    >>> arr = np.array([[0, 2, 0, 3, 0, 1]], np.int64)
    >>> expand(8, arr, 1, with_pre=False)[3].shape[0] > 0   # tasks cut at one row
    True
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


def rows_from(n: int, arr: Any, sums: Any, seconds: float) -> list[Row]:
    """Weigh the summed `(completions, fixed90, fixed180, nodes)` into engine rows.

    The batch's time is shared out in proportion to nodes (a launch mixes constellations).
    Cost: O(constellations).

    >>> rows_from(8, np.array([[0, 2, 0, 3, 0, 1]]), np.array([[1, 0, 0, 21]]), 0.001)
    [(8, 1, 21, 1000)]
    """
    nodes_all = int(sums[:, 3].sum())
    rows: list[Row] = []
    for k in range(arr.shape[0]):
        c, f90, f180, nodes = (int(v) for v in sums[k])
        total, unique = weigh(int(arr[k, 5]), c, f90, f180)
        share = nodes / nodes_all if nodes_all else 1 / arr.shape[0]
        rows.append((total, unique, nodes, int(seconds * share * 1e6)))
    return rows


def count_batch_twin(n: int, items: Sequence[Item], *, rows: int | None = None) -> list[Row]:
    """`count_batch` with the GPU kernel's CPU twin counting the tasks (no GPU needed).

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
    subs, tables, host, tsub, state, _pre = expand(n, arr, d, with_pre=False)
    out = np.zeros((tsub.shape[0], 4), np.int64)
    count_tasks(d, subs, tables, tsub, state, out, NO_BUDGET)
    sums = host.copy()
    np.add.at(sums, tsub, out)
    return rows_from(n, arr, sums, time.perf_counter() - start)
