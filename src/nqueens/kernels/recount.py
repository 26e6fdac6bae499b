"""Compiled independent recount of one subproblem: plain backtracking plus symmetry images.

Private kernel for `nqueens.engine.verify`. It shares no code with
`nqueens.kernels.constellations`: it enumerates, row by row with
`nqueens.kernels.backtrack.fill_batch`, every solution whose four border queens sit on
the given squares, and for each one builds its 8 symmetry images explicitly. A solution is
its class's representative for this subproblem when no image with the same border squares
is lexicographically smaller; the subproblem's answer is the classes represented and the
sum of their sizes (distinct images). No Burnside, no orbit weights, no skipped rows.
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import njit
from nqueens.kernels.backtrack import STATE_DONE, fill_batch, new_search, symmetry_image
from nqueens.kernels.bits import NO_BUDGET

__all__ = ["recount_border"]


@njit
def _compare(a, b):
    """-1, 0 or 1 as `a` is lexicographically below, equal to or above `b`."""
    for r in range(a.shape[0]):
        if a[r] != b[r]:
            return -1 if a[r] < b[r] else 1
    return 0


@njit
def recount_border(n, top, bottom, left, right):
    """`(total, unique, solutions enumerated)` of the subproblem with these border queens.

    Queens at (0, top), (n-1, bottom), (left, 0), (right, n-1). Cost: the plain search with
    those squares fixed, plus O(8n) per solution found.
    """
    full = (1 << n) - 1
    last = n - 1
    allowed = np.full(n, full, np.int64)
    # p[0] == top, p[n-1] == bottom, p[left] == 0, p[right] == n-1; the search keeps p a
    # permutation, so no other row can use column 0 or n-1 (contradictions leave a 0 mask)
    placed = ((0, top), (last, bottom), (left, 0), (right, last))
    for r0, c0 in placed:
        for r in range(n):
            if r == r0:
                allowed[r] &= 1 << c0
            else:
                d = abs(r - r0)
                allowed[r] &= ~((1 << c0) | (((1 << c0) << d) & full) | ((1 << c0) >> d))
    # the same queen twice (a corner) is not an attack: put its square back
    for r0, c0 in placed:
        ok = True
        for r1, c1 in placed:
            if (r1 != r0 or c1 != c0) and (r1 == r0 or c1 == c0 or abs(r1 - r0) == abs(c1 - c0)):
                ok = False
        if ok:
            allowed[r0] |= 1 << c0
    av, cs, ls, rs, pos, meta = new_search(n)
    out = np.zeros((64, n), np.int64)
    img = np.zeros(n, np.int64)
    total = 0
    unique = 0
    found = 0
    while True:
        k = fill_batch(n, full, allowed, av, cs, ls, rs, pos, meta, out, NO_BUDGET)
        for i in range(k):
            p = out[i]
            found += 1
            rep = True
            fixed = 0
            for s in range(8):
                symmetry_image(p, s, img)
                if _compare(img, p) == 0:
                    fixed += 1
                elif (img[0] == top and img[last] == bottom and img[left] == 0
                      and img[right] == last and _compare(img, p) < 0):
                    rep = False
            if rep:
                unique += 1
                total += 8 // fixed
        if meta[1] == STATE_DONE:
            break
    return total, unique, found
