"""What a worker runs: count a batch of subproblems with the compiled kernel, in slices.

This is the only engine module a worker (a local thread, a Dask worker) imports, and it
imports only the kernel. It takes and returns plain tuples of ints, so nothing but numbers
crosses a process boundary. The kernel counts in bounded slices (about `SLICE_NODES`
nodes, O(SLICE_NODES) time each) with its search state kept between calls, so between slices the
worker can notice a `stop` request and report partial work through `tally`. Choosing
the subproblems is `nqueens.engine.split`'s job; storing the answers is the
coordinator's.

>>> count_batch(8, [(0, 2, 0, 3, 0, 1)])[0][:2]   # queens (0,0), (7,2), (3,7)
(8, 1)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Protocol

from nqueens.errors import Stopped
from nqueens.kernels import SLICE_NODES

__all__ = ["SLICE_NODES", "Item", "Row", "StopFlag", "Stopped", "count_batch", "weigh"]

Item = tuple[int, int, int, int, int, int]
"""A subproblem as plain ints: `(top, bottom, left, right, sym, stabilizer)`."""

Row = tuple[int, int, int, int]
"""A subproblem's answer: `(total, unique, nodes, microseconds)`."""



class StopFlag(Protocol):
    """Anything with `is_set()`, such as a `threading.Event`."""

    def is_set(self) -> bool:
        """True once the count should stop; `count_batch` asks between two slices.

        Cost: O(1) per call, once per kernel slice.

        >>> import threading
        >>> flag = threading.Event()
        >>> flag.set()
        >>> count_batch(8, [(0, 2, 0, 3, 0, 1)], stop=flag)
        Traceback (most recent call last):
        ...
        nqueens.errors.Stopped
        """
        ...


def weigh(stabilizer: int, completions: int, fixed90: int, fixed180: int) -> tuple[int, int]:
    """`(total, unique)` contributed by a constellation from its completion counts.

    The orbit has `8 // stabilizer` members, each with `completions` solutions; the
    classes are the orbits of the stabilizer (a group of rotations) on the completions,
    counted by Burnside's lemma.
    Cost: O(1) per call.

    >>> weigh(1, 5, 0, 0), weigh(2, 6, 0, 2), weigh(4, 2, 2, 2)
    ((40, 5), (24, 4), (4, 2))
    """
    total = (8 // stabilizer) * completions
    if stabilizer == 4:
        fixed = completions + fixed180 + 2 * fixed90
    elif stabilizer == 2:
        fixed = completions + fixed180
    else:
        fixed = completions
    unique, rest = divmod(fixed, stabilizer)
    if rest:
        raise ArithmeticError("Burnside count is not an integer: the kernel is wrong")
    return total, unique


def count_batch(
    n: int,
    items: Sequence[Sequence[int]],
    *,
    stop: StopFlag | None = None,
    tally: Callable[[int], None] | None = None,
    slice_nodes: int = SLICE_NODES,
    finished: list[Row] | None = None,
) -> list[Row]:
    """Count each subproblem of `items` for board size `n`; one `Row` per item.

    The kernel runs in slices of about `slice_nodes` nodes; between slices `stop` is
    checked (`Stopped` is raised when it is set) and `tally` is told how many
    nodes the slice counted. A batch cut short (stopped, or Ctrl-C between two slices)
    appends to `finished` the rows of the items it did finish (the first ones, in order),
    so no finished work is lost. A row's microseconds are the batch's time shared out by
    nodes. Cost: O(nodes) in the subtrees of the items (the first call in a process also
    loads the kernel).

    >>> from nqueens.engine.split import split
    >>> count_batch(8, [])
    []
    >>> rows = count_batch(8, [tuple(s) for s in split(8)], slice_nodes=16)
    >>> sum(r[0] for r in rows), sum(r[1] for r in rows), sum(r[2] for r in rows)
    (92, 12, 168)
    """
    import numpy as np

    from nqueens.kernels import constellations as k

    if not items:
        return []
    if int(items[0][0]) < 0:  # not constellations: symmetric solutions, a variant
        from nqueens.engine import problem_tasks

        return problem_tasks.count_batch(n, items, stop=stop, tally=tally, finished=finished)
    arr = np.array(items, dtype=np.int64).reshape(len(items), 6)
    out = np.zeros((len(items), 4), np.int64)
    state, stack = k.new_slice_state(n)
    start = time.perf_counter()
    try:
        while True:
            if stop is not None and stop.is_set():
                raise Stopped
            over = k.count_slice(n, arr, out, state, stack, slice_nodes)
            if tally is not None:
                tally(int(state[7]))
            if over:
                break
    except BaseException:
        if finished is not None:
            done = int(state[0])  # the items before this one are finished
            finished.extend(_rows(out[:done].tolist(), items, time.perf_counter() - start))
        raise
    return _rows(out.tolist(), items, time.perf_counter() - start)


def _rows(out: list[list[int]], items: Sequence[Sequence[int]], seconds: float) -> list[Row]:
    """The rows of the kernel's answers `out` (one per leading item), `seconds` shared
    out by nodes."""
    micros = seconds * 1e6
    nodes = sum(r[3] for r in out)
    rows: list[Row] = []
    for (completions, fixed90, fixed180, nodes_k), item in zip(out, items, strict=False):
        total, unique = weigh(int(item[5]), completions, fixed90, fixed180)
        share = micros * nodes_k / nodes if nodes else micros / len(out)
        rows.append((total, unique, int(nodes_k), int(share)))
    return rows
