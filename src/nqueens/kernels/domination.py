"""Compiled search for small dominating sets of the queen graph (resumable, budgeted).

Private kernels: int64 scalars and numpy arrays in, ints out; no validation, no objects.
The board is `n` row masks (bit `c` of row `r` is square (r, c)); `cover[q, r]` is
the mask of row `r` that a queen on square `q = r * n + c` occupies or attacks, and
`cov_list[t, :cov_len[t]]` the squares whose queen covers square `t` (the same relation
read the other way round).

`search_slice` asks whether `size` queens can dominate the board: it takes the first
square no queen covers yet (row by row) and tries, in turn, each square whose queen would
cover it. A branch stops when the queens left, each covering at most `maxcov` squares,
cannot cover what is left. At the root it skips column 0 below the corner: the transpose
maps any dominating set that covers the corner from there to one that covers it from row 0.
With `independent` a queen may only go on a square no queen covers yet, so the queens
never attack each other. The state lives in the caller's arrays and each call stops after
`budget` nodes, so the Python face loops over slices and Ctrl-C lands between them.
"""

from __future__ import annotations

from nqueens._jit import njit
from nqueens.kernels.bits import (
    STATE_DONE,
    STATE_FRESH,
    STATE_RUNNING,
    bit_index,
    popcount,
)

__all__ = ["META_FOUND", "search_slice"]

META_FOUND = 2
"""`meta[2]`: once the search is done, how many queens of `chosen` dominate (0: none)."""


@njit
def _first_open(und, d, n):
    """The first square (row by row) of depth `d` that no queen covers, or -1."""
    for r in range(n):
        m = und[d, r]
        if m != 0:
            return r * n + bit_index(m & -m)
    return -1


@njit
def search_slice(n, size, independent, cover, cov_list, cov_len, maxcov, und, target, idx,
                 chosen, meta, budget):
    """Search on for `budget` nodes for `size` queens that dominate the n x n board.

    `und` is (size + 1) x n (the squares still open at each depth), `target`, `idx`
    and `chosen` have `size` entries, `meta = [depth, status, found]`. When
    `meta[1]` is `STATE_DONE`, `meta[2]` is 0 (no such set) or the number of queens
    in `chosen` that dominate. Cost: O(budget * n).
    """
    if meta[1] == STATE_DONE:
        return
    if meta[1] == STATE_FRESH:
        full = (1 << n) - 1
        for r in range(n):
            und[0, r] = full
        target[0] = 0
        idx[0] = 0
        meta[1] = STATE_RUNNING
        d = 0
    else:
        d = meta[0]
    while budget > 0:
        budget -= 1
        t = target[d]
        if idx[d] == cov_len[t]:  # every way to cover square t is tried: back up
            d -= 1
            if d < 0:
                meta[1] = STATE_DONE
                meta[META_FOUND] = 0
                return
            idx[d] += 1
            continue
        q = cov_list[t, idx[d]]
        qr = q // n
        qc = q - qr * n
        if (d == 0 and qc == 0 and qr > 0) or (
                independent and (und[d, qr] >> qc) & 1 == 0):
            idx[d] += 1
            continue
        left = 0
        for r in range(n):
            m = und[d, r] & ~cover[q, r]
            und[d + 1, r] = m
            left += popcount(m)
        chosen[d] = q
        if left == 0:
            meta[1] = STATE_DONE
            meta[META_FOUND] = d + 1
            return
        if d + 1 == size or left > (size - d - 1) * maxcov:
            idx[d] += 1
            continue
        d += 1
        target[d] = _first_open(und, d, n)
        idx[d] = 0
    meta[0] = d
