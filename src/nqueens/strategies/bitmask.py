"""The friendly face of the compiled bitboard kernels in `nqueens.kernels.backtrack`.

Solutions are handed over from the kernel in batches (a numpy block of rows), so a lazy
iteration costs one Python call per batch, not per node, and its memory stays fixed.
`allowed` masks (one int per row, bit `c` = column `c` may be used) restrict the search
for partial boards; they are how `nqueens.completion` fixes and blocks squares.

Every search runs in slices of at most `BITMASK_SLICE_NODES` nodes (`nqueens.kernels`),
so Python regains control between them: Ctrl-C stops any of these functions within a
second.

>>> next(solutions(8))
(0, 4, 7, 5, 2, 6, 1, 3)
>>> count(10), count_unique(10)
(724, (724, 92))
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np
import numpy.typing as npt

from nqueens._types import Placement
from nqueens.kernels import BITMASK_SLICE_NODES
from nqueens.kernels import backtrack as _k

__all__ = [
    "count",
    "count_allowed",
    "count_unique",
    "solutions",
    "solutions_allowed",
]

DEFAULT_BATCH = 1024


def solutions_allowed(
    n: int, allowed: Sequence[int], *, batch: int = DEFAULT_BATCH,
    budget: int = BITMASK_SLICE_NODES,
) -> Iterator[Placement]:
    """Yield the solutions whose queen in each row is in `allowed[row]`, in search order.

    Cost: O(nodes of the pruned tree) for the whole stream; memory O(batch * n) whatever
    the number of solutions. A solution is yielded at the latest `budget` nodes after
    it is found.

    >>> list(solutions_allowed(4, [0b0010, 0b1111, 0b1111, 0b1111]))
    [(1, 3, 0, 2)]
    """
    full = _full(n)
    masks = np.asarray(allowed, dtype=np.int64) & full
    av, cs, ls, rs, pos = (np.zeros(n, np.int64) for _ in range(5))
    meta = np.zeros(2, np.int64)
    out = np.zeros((max(1, batch), n), np.int64)
    while meta[1] != _k.STATE_DONE:
        k = _k.fill_batch(n, full, masks, av, cs, ls, rs, pos, meta, out, budget)
        for row in out[:k].tolist():
            yield tuple(row)


def solutions(n: int, *, batch: int = DEFAULT_BATCH) -> Iterator[Placement]:
    """Yield every solution (0-based columns) in search order. Lazy; O(batch * n) memory.

    Cost: O(nodes of the pruned tree) for the whole stream.

    >>> sum(1 for _ in solutions(6))
    4
    """
    return solutions_allowed(n, [_full(n)] * n, batch=batch)


def count_allowed(n: int, allowed: Sequence[int], *, budget: int = BITMASK_SLICE_NODES) -> int:
    """The number of solutions that respect `allowed`. Cost: O(nodes), no symmetry.

    >>> count_allowed(4, [0b0010, 0b1111, 0b1111, 0b1111])
    1
    """
    full = _full(n)
    masks = np.asarray(allowed, dtype=np.int64) & full
    return _count_masks(n, masks, budget)


def count(n: int, *, budget: int = BITMASK_SLICE_NODES) -> int:
    """The number of solutions, single-threaded with mirror halving of the first row.

    Cost: O(nodes of half the pruned tree).

    >>> count(8)
    92
    """
    if n == 1:
        return 1
    full = _full(n)
    masks = np.full(n, full, np.int64)
    masks[0] = (1 << (n // 2)) - 1  # the left half; the right half is its mirror image
    total = 2 * _count_masks(n, masks, budget)
    if n % 2 == 1:
        masks[0] = 1 << (n // 2)
        total += _count_masks(n, masks, budget)
    return total


def count_unique(n: int, *, budget: int = BITMASK_SLICE_NODES) -> tuple[int, int]:
    """(total, classes up to rotation and reflection), by enumerating every solution.

    Cost: O(nodes + solutions * n).

    >>> count_unique(8)
    (92, 12)
    """
    full = _full(n)
    masks = np.full(n, full, np.int64)
    av, cs, ls, rs, pos = (np.zeros(n, np.int64) for _ in range(5))
    meta = np.zeros(2, np.int64)
    out = np.zeros((DEFAULT_BATCH, n), np.int64)
    img = np.zeros(n, np.int64)
    total = unique = 0
    while meta[1] != _k.STATE_DONE:
        k = _k.fill_batch(n, full, masks, av, cs, ls, rs, pos, meta, out, budget)
        total += k
        unique += int(_k.count_canonical(out, k, img))
    return total, unique


def _count_masks(n: int, masks: npt.NDArray[np.int64], budget: int) -> int:
    """Count the solutions that respect `masks` in slices of `budget` nodes."""
    av, cs, ls, rs = (np.zeros(n, np.int64) for _ in range(4))
    meta = np.zeros(2, np.int64)
    total = 0
    while meta[1] != _k.STATE_DONE:
        total += int(_k.count_slice(n, _full(n), masks, av, cs, ls, rs, meta, budget))
    return total


def _full(n: int) -> int:
    return (1 << n) - 1
