"""Named bit helpers for bitboards: a row's free columns are the set bits of an int.

Column ``c`` is bit ``c`` (``1 << c``). These pure-Python helpers document the idioms the
compiled kernels use inline; numba compiles them too when called from a kernel.

>>> full_mask(4)
15
>>> lowest_bit(0b10100)
4
>>> list(iter_bits(0b10110))
[1, 2, 4]
"""

from __future__ import annotations

from collections.abc import Iterator

__all__ = ["bit_index", "full_mask", "iter_bits", "lowest_bit", "popcount"]


def full_mask(n: int) -> int:
    """The mask with the low ``n`` bits set: every column of an ``n``-board. O(1)."""
    return (1 << n) - 1


def lowest_bit(mask: int) -> int:
    """The lowest set bit of ``mask`` as a mask (0 for 0): the leftmost free column. O(1)."""
    return mask & -mask


def bit_index(bit: int) -> int:
    """The column number of a one-bit mask. O(1).

    >>> bit_index(8)
    3
    """
    return bit.bit_length() - 1


def iter_bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, ascending. O(popcount)."""
    while mask:
        bit = mask & -mask
        yield bit.bit_length() - 1
        mask ^= bit


def popcount(mask: int) -> int:
    """The number of set bits. O(1).

    >>> popcount(0b1011)
    3
    """
    return int(mask).bit_count()
