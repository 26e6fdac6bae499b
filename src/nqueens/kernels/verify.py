"""Compiled check of a huge solution, one bit per column and per diagonal.

Private kernel for `nqueens.large.verify`: ints and numpy arrays in, an int out; no
validation (the caller checked every column is on the board). The bit table `bits` (uint8)
holds `5n - 2` bits, `ceil((5n - 2) / 8)` bytes: columns at `0 .. n - 1`, diagonals
`row - col` at `n + (row - col + n - 1)`, anti-diagonals `row + col` at
`3n - 1 + row + col`. A row is checked against the bits the earlier rows set, then sets
its own: the first row whose square is attacked is the first row `b` that
`nqueens.board.first_conflict` names. It shares no code with the solvers.

>>> import numpy as np
>>> bits = np.zeros(table_bytes(4), np.uint8)
>>> first_attacked(np.array([1, 3, 0, 2]), 0, 4, bits)
-1
>>> bits[:] = 0
>>> first_attacked(np.array([0, 2, 1]), 0, 3, bits)   # row 3 shares an anti-diagonal
2
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import njit

__all__ = ["first_attacked", "table_bytes"]


def table_bytes(n: int) -> int:
    """Bytes of the bit table for an `n`-row board: `ceil((5n - 2) / 8)`.

    >>> table_bytes(8), table_bytes(10**8)
    (5, 62500000)
    """
    return (5 * n - 2 + 7) // 8


@njit
def first_attacked(cols: np.ndarray, start: int, n: int, bits: np.ndarray) -> int:
    """The index in `cols` of the first row attacked by an earlier one (rows `start` on;
    earlier blocks' queens already in `bits`), or -1; every row before it is added."""
    for i in range(cols.shape[0]):
        row = start + i
        c = np.int64(cols[i])
        k1 = c
        k2 = n + row - c + n - 1
        k3 = 3 * n - 1 + row + c
        if (bits[k1 >> 3] >> (k1 & 7)) & 1 or (bits[k2 >> 3] >> (k2 & 7)) & 1 \
                or (bits[k3 >> 3] >> (k3 & 7)) & 1:
            return i
        bits[k1 >> 3] |= np.uint8(1 << (k1 & 7))
        bits[k2 >> 3] |= np.uint8(1 << (k2 & 7))
        bits[k3 >> 3] |= np.uint8(1 << (k3 & 7))
    return -1
