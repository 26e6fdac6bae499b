"""Compiled bit helpers for bitboards: the one place the bitboard step is written.

Private ``@njit`` helpers for the kernels (int64 in, int64 out). A row's free columns are
the set bits of an int: column ``c`` is bit ``c``. A search keeps three masks per row, the
columns taken and the two diagonals, shifted one column per row and cut back to the board
with ``& full``; :func:`place` moves them one row down with a queen added, and
:func:`free` gives the columns of the next row that no queen attacks. numba inlines these
small functions into the kernels that call them (measured in ``benchmarks/bench_slicing.py``).

>>> full_mask(4), lowest_bit(0b10100), bit_index(8), popcount(0b1011)
(15, 4, 3, 3)
>>> take_lowest(0b0110)
(2, 4)
>>> place(0, 0, 0, 0b0100, 15)
(4, 8, 2)
>>> free(4, 8, 2, 15)
1

A depth-first search keeps one frame per row in arrays (``cs``, ``ls``, ``rs``: the row's
three masks); :func:`start` clears row 0 and :func:`descend` moves one row down:

>>> import numpy as np
>>> cs, ls, rs = (np.ones(4, np.int64) for _ in range(3))
>>> start(cs, ls, rs)
>>> [int(m) for m in descend(cs, ls, rs, 0, 0b0100, 15)], cs.tolist(), ls.tolist(), rs.tolist()
([4, 8, 2], [0, 4, 1, 1], [0, 8, 1, 1], [0, 2, 1, 1])
"""

from __future__ import annotations

from nqueens._jit import njit

__all__ = [
    "bit_index", "descend", "free", "full_mask", "lowest_bit", "place", "popcount", "start",
    "take_lowest",
]


@njit
def full_mask(n):
    """The mask with the low ``n`` bits set: every column of an ``n``-board. O(1)."""
    return (1 << n) - 1


@njit
def lowest_bit(mask):
    """The lowest set bit of ``mask`` as a mask (0 for 0): the leftmost free column. O(1)."""
    return mask & -mask


@njit
def take_lowest(mask):
    """``(bit, rest)``: the lowest set bit of ``mask`` and ``mask`` without it. O(1).

    The search's step "try the leftmost free square and cross it off the row".
    """
    bit = mask & -mask
    return bit, mask ^ bit


@njit
def bit_index(bit):
    """The column number of a one-bit mask (0 for 1, 3 for 8). O(log n)."""
    i = 0
    while bit > 1:
        bit >>= 1
        i += 1
    return i


@njit
def popcount(mask):
    """The number of set bits of a non-negative mask. O(set bits)."""
    k = 0
    while mask:
        mask &= mask - 1
        k += 1
    return k


@njit
def place(cols, left, right, bit, full):
    """The masks of the next row after a queen on ``bit``: ``(cols, left, right)``. O(1).

    ``left`` holds the diagonals going up-left (shifted left each row, cut at ``full``),
    ``right`` the diagonals going up-right (shifted right each row).
    """
    return cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1


@njit
def free(cols, left, right, allowed):
    """The columns of ``allowed`` that no queen attacks, given a row's three masks. O(1)."""
    return allowed & ~(cols | left | right)


@njit
def start(cs, ls, rs):
    """Clear row 0's frame: no column and no diagonal taken yet. O(1)."""
    cs[0] = 0
    ls[0] = 0
    rs[0] = 0


@njit
def descend(cs, ls, rs, d, bit, full):
    """Place a queen on ``bit`` in row ``d``: write row ``d + 1``'s masks and return them.

    The search's step "go one row down" on frame arrays; the caller moves ``d`` on and
    keeps the returned ``(cols, left, right)`` in registers (reading them back from the
    arrays costs up to 1.5x in the tree walk: ``benchmarks/bench_bits.py``). O(1).
    """
    c, lf, rt = place(cs[d], ls[d], rs[d], bit, full)
    cs[d + 1] = c
    ls[d + 1] = lf
    rs[d + 1] = rt
    return c, lf, rt
