"""One solution for any n >= 4 by an explicit formula: O(n) time, 4 bytes a queen.

The classic closed-form placements (Ahrens 1910; Hoffman, Loessi and Moore 1969; the form
given by Bernhardsson 1991), written with numpy so that no Python loop runs per queen.
With 1-based rows `i = 1 .. m/2` of an even board of size `m`:

- `m mod 6 != 2`: queens at `(i, 2i)` and `(m/2 + i, 2i - 1)`;
- `m mod 6 == 2`: queens at `(i, 1 + (2i + m/2 - 3) mod m)` and
  `(m + 1 - i, m - (2i + m/2 - 3) mod m)`;
- odd `n`: the even board of size `n - 1` plus a queen in the corner `(n, n)`.

This module only builds the columns; checking them is `nqueens.large.verify`'s job and
writing them out is `nqueens.large.output`'s.

>>> construct(8).tolist()
[3, 5, 7, 1, 6, 0, 2, 4]
>>> construct(4).tolist(), construct(5).tolist()
([1, 3, 0, 2], [1, 3, 0, 2, 4])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nqueens import _validate
from nqueens.errors import InvalidSizeError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["BYTES_PER_QUEEN", "MAX_CONSTRUCT_N", "check_solvable_size", "construct"]

MAX_CONSTRUCT_N = 2**31 - 1
"""The largest n whose 0-based columns fit the int32 array this module returns."""
BYTES_PER_QUEEN = 4
"""Working memory per queen: the int32 result; the scratch is O(`CHUNK`), not O(n)."""
CHUNK = 1 << 22
"""Rows computed per numpy step (hundredths of a second), so that Ctrl-C lands between."""


def construct(n: int) -> npt.NDArray[np.int32]:
    """The explicit solution for `n` as 0-based int32 columns (`cols[row] = col`).

    Cost: O(n) time, vectorised in blocks of `CHUNK` rows (so Ctrl-C stops it within
    a second); memory 4n bytes for the result plus O(CHUNK) scratch (400 MB at n = 10**8;
    times: docs/performance.md, "Benchmarks: huge boards"). `n = 1` gives `[0]`; `n = 2, 3` have no
    solution and raise `InvalidSizeError`.

    >>> construct(6).tolist()
    [1, 3, 5, 0, 2, 4]
    >>> construct(3)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: n = 3 has no solution: 2 and 3 queens cannot be placed
    """
    import numpy as np

    n = check_solvable_size(n)
    cols = np.empty(n, dtype=np.int32)
    if n == 1:
        cols[0] = 0
        return cols
    m = n - (n % 2)  # the even part; an odd n adds the corner queen (n-1, n-1)
    half = m // 2
    # int32 scratch is exact while every intermediate value stays below 2**31.
    dtype = np.int32 if 3 * m < 2**31 else np.int64
    # blocks of rows, so that Python regains control (and Ctrl-C lands) between them
    for a in range(0, half, CHUNK):
        b = min(half, a + CHUNK)
        i = np.arange(a, b, dtype=dtype)  # 0-based i; the formulas use i + 1
        if m % 6 != 2:
            # rows 0 .. half-1 -> columns 1, 3, 5, ...; rows half .. m-1 -> columns 0, 2, 4, ...
            np.multiply(i, 2, out=i)
            cols[half + a : half + b] = i
            np.add(i, 1, out=i)
            cols[a:b] = i
        else:
            # t = (2(i+1) + half - 3) mod m = (2i + half - 1) mod m
            np.multiply(i, 2, out=i)
            np.add(i, half - 1, out=i)
            np.remainder(i, m, out=i)
            cols[a:b] = i  # column 1 + t, 0-based: t
            np.subtract(m - 1, i, out=i)
            # row m - i (1-based) -> column m - t, 0-based m-1-t
            cols[m - b : m - a] = i[::-1]
    if n != m:
        cols[n - 1] = n - 1
    return cols


def check_solvable_size(n: int) -> int:
    """`n` as an int, if it is a board size with a solution (1 or >= 4).

    Anything else raises `InvalidSizeError`. Cost: O(1).

    >>> check_solvable_size(4)
    4
    >>> check_solvable_size(3)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: n = 3 has no solution: 2 and 3 queens cannot be placed
    """
    n = _validate.check_size(n, name="n")
    if n in (2, 3):
        raise InvalidSizeError(
            f"n = {n} has no solution: 2 and 3 queens cannot be placed"
        )
    if n > MAX_CONSTRUCT_N:
        raise InvalidSizeError(
            f"n = {n} is too large: columns are stored as 32-bit integers (n <= {MAX_CONSTRUCT_N})"
        )
    return n
