"""The friendly face of the compiled bitboard kernels in :mod:`nqueens.kernels.backtrack`.

Solutions are handed over from the kernel in batches (a numpy block of rows), so a lazy
iteration costs one Python call per batch, not per node, and its memory stays fixed.
``allowed`` masks (one int per row, bit ``c`` = column ``c`` may be used) restrict the search
for partial boards; they are how :mod:`nqueens.completion` fixes and blocks squares.

>>> next(solutions(8))
(0, 4, 7, 5, 2, 6, 1, 3)
>>> count(10), count_unique(10)
(724, (724, 92))
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from nqueens.kernels import backtrack as _k

__all__ = ["count", "count_allowed", "count_unique", "solutions", "solutions_allowed"]

Placement = tuple[int, ...]

DEFAULT_BATCH = 1024


def _full(n: int) -> int:
    return (1 << n) - 1


def solutions_allowed(
    n: int, allowed: Sequence[int], *, batch: int = DEFAULT_BATCH
) -> Iterator[Placement]:
    """Yield the solutions whose queen in each row is in ``allowed[row]``, in search order.

    Memory is O(batch * n) whatever the number of solutions.
    """
    masks = np.asarray(allowed, dtype=np.int64) & _full(n)
    av, cs, ls, rs, pos = (np.zeros(n, np.int64) for _ in range(5))
    meta = np.zeros(2, np.int64)
    out = np.zeros((max(1, batch), n), np.int64)
    while True:
        k = _k.fill_batch(n, _full(n), masks, av, cs, ls, rs, pos, meta, out)
        for row in out[:k].tolist():
            yield tuple(row)
        if k < out.shape[0]:
            return


def solutions(n: int, *, batch: int = DEFAULT_BATCH) -> Iterator[Placement]:
    """Yield every solution (0-based columns) in search order. Lazy; O(batch * n) memory."""
    return solutions_allowed(n, [_full(n)] * n, batch=batch)


def count_allowed(n: int, allowed: Sequence[int]) -> int:
    """The number of solutions that respect ``allowed``. O(nodes), no symmetry."""
    return int(_k.count_masked(n, _full(n), np.asarray(allowed, dtype=np.int64) & _full(n)))


def count(n: int) -> int:
    """The number of solutions, single-threaded with mirror halving of the first row."""
    return int(_k.count_total(n))


def count_unique(n: int) -> tuple[int, int]:
    """(total, classes up to rotation and reflection), by enumerating every solution."""
    total, unique = _k.count_total_unique(n)
    return int(total), int(unique)
