"""Compiled search for the solutions a quarter or half turn maps to themselves.

Private kernels: int64 scalars and numpy arrays in, results written into the arrays; no
validation. A solution fixed by the quarter turn (`SYM_ROT90`) is made of orbits of four
queens `(r, c), (c, n-1-r), (n-1-r, n-1-c), (n-1-c, r)` (and the centre queen of an odd
board), one fixed by the half turn (`SYM_ROT180`) of pairs `(r, c), (n-1-r, n-1-c)`: the
search fills the first empty row with one queen and places its whole orbit at once, so it
chooses only a quarter (or half) of the queens. `attack[d, row]` holds the columns of
`row` attacked by the queens placed on the way to depth `d` (their own column
included), so a placement costs O(n) and a row left without a free square ends the branch
at once. Masks are int64 with column `c` at bit `c` (n <= 62).

Subproblems (`items`, one row each) fix the first orbits: `items[i, 0]` orbits, then
their columns, each in the first empty row at that point. `out[i]` receives
`(solutions, of those fixed by the quarter turn too, nodes)`; the search is resumable
(state in the caller's arrays) and each call stops after about `budget` nodes.
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import njit
from nqueens.kernels.bits import STATE_DONE, STATE_FRESH, STATE_RUNNING, bit_index

__all__ = ["MAX_PREFIX", "SYM_ROT90", "SYM_ROT180", "count_slice", "new_state"]

SYM_ROT90 = 4
"""Orbits of four queens: the quarter turn."""
SYM_ROT180 = 2
"""Orbits of two queens: the half turn."""
MAX_PREFIX = 4
"""The most orbits a subproblem fixes (its row: the count, then up to this many columns)."""

# meta: item, status, depth, base depth (the prefix placed), nodes of this slice
_ITEM, _STATUS, _DEPTH, _NODES = 0, 1, 2, 3


@njit
def new_state(n):
    """Fresh state `(meta, attack, occ, row, av, pos)` for size `n`. O(n**2)."""
    depth = n + 2
    return (np.zeros(4, np.int64), np.zeros((depth, n), np.int64), np.zeros(depth, np.int64),
            np.zeros(depth, np.int64), np.zeros(depth, np.int64), np.zeros(n, np.int64))


@njit
def _put(n, d, r, c, attack, occ, pos):
    """Place a queen on (r, c) in frame `d`: False if its row is taken or it is attacked,
    or if it leaves an empty row without a free square. O(n)."""
    if (occ[d] >> r) & 1 or (attack[d, r] >> c) & 1:
        return False
    occ[d] |= 1 << r
    pos[r] = c
    full = (1 << n) - 1
    for r2 in range(n):
        dr = r2 - r
        m = 1 << c
        if 0 <= c + dr < n:
            m |= 1 << (c + dr)
        if 0 <= c - dr < n:
            m |= 1 << (c - dr)
        a = attack[d, r2] | m
        attack[d, r2] = a
        if a == full and not (occ[d] >> r2) & 1:
            return False
    return True


@njit
def _put_orbit(n, sym, d, e, r, c, attack, occ, pos):
    """Frame `e`: frame `d` with the orbit of (r, c) under `sym` placed. False on any
    conflict (checked against frame `d` and within the orbit before anything is written)
    or when a row left empty has no free square. O(n) when placed, O(1) when refused."""
    last = n - 1
    k = 2 if sym == SYM_ROT180 else 4
    rs = (r, c, last - r, last - c)
    cs = (c, last - r, last - c, r)
    if sym == SYM_ROT180:
        rs = (r, last - r, 0, 0)
        cs = (c, last - c, 0, 0)
    rows = 0
    for i in range(k):
        ri = rs[i]
        ci = cs[i]
        if (occ[d] >> ri) & 1 or (rows >> ri) & 1 or (attack[d, ri] >> ci) & 1:
            return False
        for j in range(i):
            if cs[j] == ci or abs(cs[j] - ci) == abs(rs[j] - ri):
                return False
        rows |= 1 << ri
    occ[e] = occ[d] | rows
    full = (1 << n) - 1
    for i in range(k):
        pos[rs[i]] = cs[i]
    for r2 in range(n):
        a = attack[d, r2]
        for i in range(k):
            ci = cs[i]
            dr = r2 - rs[i]
            a |= 1 << ci
            if 0 <= ci + dr < n:
                a |= 1 << (ci + dr)
            if 0 <= ci - dr < n:
                a |= 1 << (ci - dr)
        attack[e, r2] = a
        if a == full and not (occ[e] >> r2) & 1:
            return False
    return True


@njit
def _first_free(n, mask):
    """The first row not in `mask`, or n when every row holds a queen."""
    free = ~mask & ((1 << n) - 1)
    if free == 0:
        return n
    return bit_index(free & -free)


@njit
def _quarter_fixed(n, pos):
    """Whether the complete board `pos` is fixed by the quarter turn too."""
    last = n - 1
    for r in range(n):
        if pos[pos[r]] != last - r:
            return False
    return True


@njit
def _start(n, sym, item, meta, attack, occ, row, av, pos):
    """Frame 0 of `item`: the centre queen and the fixed orbits placed. Returns 1 when the
    prefix is already a whole solution, -1 when it is impossible, 0 to search."""
    attack[0, :] = 0
    occ[0] = 0
    if n % 2 == 1 and not _put(n, 0, n // 2, n // 2, attack, occ, pos):
        return -1
    for k in range(item[0]):
        r = _first_free(n, occ[0])
        if r == n or not _put_orbit(n, sym, 0, 1, r, item[1 + k], attack, occ, pos):
            return -1
        attack[0, :] = attack[1, :]
        occ[0] = occ[1]
    r = _first_free(n, occ[0])
    if r == n:
        return 1
    row[0] = r
    av[0] = ~attack[0, r] & ((1 << n) - 1)
    meta[_DEPTH] = 0
    return 0


@njit
def count_slice(n, sym, items, out, meta, attack, occ, row, av, pos, budget):
    """Count the items from `meta[0]` on for about `budget` (>= 1) nodes; True when all
    are done. `out` rows are added to (zero them first). Cost: O(budget n)."""
    meta[_NODES] = 0
    full = (1 << n) - 1
    while meta[_ITEM] < items.shape[0]:
        i = meta[_ITEM]
        if meta[_STATUS] == STATE_FRESH:
            s = _start(n, sym, items[i], meta, attack, occ, row, av, pos)
            if s != 0:
                if s == 1:
                    out[i, 0] += 1
                    out[i, 1] += sym == SYM_ROT180 and _quarter_fixed(n, pos)
                meta[_ITEM] += 1
                continue
            meta[_STATUS] = STATE_RUNNING
        d = meta[_DEPTH]
        left = budget - meta[_NODES]
        total = 0
        quarter = 0
        nodes = 0
        while d >= 0 and nodes < left:
            a = av[d]
            if a == 0:
                d -= 1
                continue
            bit = a & -a
            av[d] = a ^ bit
            c = bit_index(bit)
            e = d + 1
            nodes += 1
            if not _put_orbit(n, sym, d, e, row[d], c, attack, occ, pos):
                continue
            r = _first_free(n, occ[e])
            if r == n:
                total += 1
                if sym == SYM_ROT180 and _quarter_fixed(n, pos):
                    quarter += 1
                continue
            d = e
            row[d] = r
            av[d] = ~attack[d, r] & full
        out[i, 0] += total
        out[i, 1] += quarter
        out[i, 2] += nodes
        meta[_NODES] += nodes
        if d >= 0:
            meta[_DEPTH] = d
            return False
        meta[_ITEM] += 1
        meta[_STATUS] = STATE_FRESH
        if meta[_NODES] >= budget:
            return meta[_ITEM] >= items.shape[0]
    meta[_STATUS] = STATE_DONE
    return True
