"""What a worker runs: count a batch of subproblems with the compiled kernel.

This is the only engine module a worker process (local pool or Dask) imports, and it imports
only the kernel. It takes and returns plain tuples of ints, so nothing but numbers crosses the
process boundary. Choosing the subproblems is :mod:`nqueens.engine.split`'s job; storing the
answers is the coordinator's.

>>> count_batch(8, [(0, 2, 0, 3, 0, 1)])[0][:2]   # queens (0,0), (7,2), (3,7)
(8, 1)
"""

from __future__ import annotations

import time
from collections.abc import Sequence

__all__ = ["Item", "Row", "count_batch", "weigh"]

Item = tuple[int, int, int, int, int, int]
"""A subproblem as plain ints: ``(top, bottom, left, right, sym, stabilizer)``."""

Row = tuple[int, int, int, int]
"""A subproblem's answer: ``(total, unique, nodes, microseconds)``."""


def weigh(stabilizer: int, completions: int, fixed90: int, fixed180: int) -> tuple[int, int]:
    """``(total, unique)`` contributed by a constellation from its completion counts.

    The orbit has ``8 // stabilizer`` members, each with ``completions`` solutions; the
    classes are the orbits of the stabilizer (a group of rotations) on the completions,
    counted by Burnside's lemma. O(1).

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


def count_batch(n: int, items: Sequence[Item]) -> list[Row]:
    """Count each subproblem of ``items`` for board size ``n``; one :data:`Row` per item.

    Cost: the subtrees of the items (the first call in a process also loads the kernel).
    """
    from nqueens.kernels import constellations as k

    rows: list[Row] = []
    for top, bottom, left, right, sym, stabilizer in items:
        start = time.perf_counter()
        completions, fixed90, fixed180, nodes = k.count_subproblem(n, top, bottom, left, right, sym)
        total, unique = weigh(int(stabilizer), int(completions), int(fixed90), int(fixed180))
        micros = int((time.perf_counter() - start) * 1e6)
        rows.append((total, unique, int(nodes), micros))
    return rows
