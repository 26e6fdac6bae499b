"""The completions of a symmetric constellation that its rotations fix, without the rest.

A constellation fixed by the half turn (or the quarter turns) counts, beside its
completions, those completions that the same rotation fixes (the engine weighs them into
totals and classes). `count_subproblem` finds them by
testing every completion; here they are searched for directly: a solution fixed by the half
turn holds the queen `(n-1-r, n-1-c)` beside every queen `(r, c)`, so only the free
rows of the upper half are searched, each queen placed with its image (and, for odd `n`,
the centre square on the middle row). That is a search of about half the board's depth -
milliseconds where the whole constellation takes seconds - which lets the GPU count a
symmetric constellation's completions and nodes like any other (no rotation test in its
kernel) while the host finds the fixed ones. The quarter turn is tested on each half-turn
fixed solution found (every solution it fixes, the half turn fixes).

Private kernel: ints in, ints out; no validation.

>>> from nqueens.kernels.constellations import SYM_ROT180, count_subproblem
>>> count_fixed(8, 2, 5, 4, 3, SYM_ROT180)          # (fixed90, fixed180)
(0, 1)
>>> [int(v) for v in count_subproblem(8, 2, 5, 4, 3, SYM_ROT180)[1:3]]
[0, 1]
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import njit
from nqueens.kernels.constellations import SYM_NONE, SYM_ROT90, constellation_masks

__all__ = ["count_fixed"]


@njit
def _quarter_fixed(n, col):
    """1 when the solution `col` (the queen's column of each row) is its quarter turn:
    `(r, c) -> (c, n-1-r)`."""
    for r in range(n):
        if col[col[r]] != n - 1 - r:
            return 0
    return 1


@njit
def count_fixed(n, t, b, left, right, sym):
    """The completions of a symmetric constellation that its rotations fix.

    `(fixed90, fixed180)` for the constellation of border queens (0,t), (n-1,b),
    (left,0), (right,n-1): the completions the half turn fixes, and, when `sym` is
    `SYM_ROT90`, those the quarter turn fixes (else
    0) - what `count_subproblem` returns for them.
    `(0, 0)` for `SYM_NONE` and for a constellation
    the half turn does not fix.
    Cost: O(the search tree of the upper half's free rows, each queen placed with its
    image), and O(n) a solution found.

    >>> from nqueens.kernels.constellations import SYM_ROT90
    >>> count_fixed(5, 1, 3, 3, 1, SYM_ROT90)     # 5 queens: one solution, a pinwheel
    (1, 1)
    """
    if sym == SYM_NONE:
        return 0, 0
    last = n - 1
    allowed, rows = constellation_masks(n, t, b, left, right)
    col = np.full(n, -1, np.int64)
    cols = 0
    diag = 0  # r - c + n - 1
    anti = 0  # r + c
    free = np.zeros(n, np.bool_)
    for r in rows:
        free[r] = True
    for r in range(n):
        if not free[r]:  # a border queen: its image must be one too
            c = 0
            while (allowed[r] >> c) != 1:
                c += 1
            col[r] = c
    for r in range(n):
        if not free[r]:
            if free[last - r] or col[last - r] != last - col[r]:
                return 0, 0  # the half turn does not fix the border
            cols |= 1 << col[r]
            diag |= 1 << (r - col[r] + last)
            anti |= 1 << (r + col[r])
    if n % 2 == 1 and free[last // 2]:  # the middle row's queen is its own image
        m = last // 2
        if (allowed[m] >> m) & 1 == 0 or (cols >> m) & 1 or (diag >> last) & 1 \
                or (anti >> (2 * m)) & 1:
            return 0, 0
        col[m] = m
        cols |= 1 << m
        diag |= 1 << last
        anti |= 1 << (2 * m)
    half = np.zeros(n, np.int64)  # the free rows of the upper half, in order
    h = 0
    for r in range(n):
        if free[r] and r < last - r:
            half[h] = r
            h += 1
    if h == 0:  # the border (and centre) are the whole solution
        return (_quarter_fixed(n, col) if sym == SYM_ROT90 else 0), 1
    fixed90 = 0
    fixed180 = 0
    # depth-first over the upper half's free rows; tried[i]: the next column to try at i
    tried = np.zeros(h, np.int64)
    i = 0
    while i >= 0:
        r = half[i]
        if col[r] >= 0:  # the queen of row r (and its image) taken back
            c = col[r]
            cols &= ~((1 << c) | (1 << (last - c)))
            diag &= ~((1 << (r - c + last)) | (1 << (c - r + last)))
            anti &= ~((1 << (r + c)) | (1 << (2 * last - r - c)))
            col[r] = -1
            col[last - r] = -1
        placed = False
        while tried[i] < n:
            c = tried[i]
            tried[i] += 1
            rr, cc = last - r, last - c
            if (allowed[r] >> c) & 1 == 0 or (allowed[rr] >> cc) & 1 == 0:
                continue
            # the queen and its image: not in one column, diagonal or anti-diagonal
            if c == cc or r == c or r + c == last:
                continue
            if ((cols >> c) & 1) or ((cols >> cc) & 1):
                continue
            if ((diag >> (r - c + last)) & 1) or ((diag >> (rr - cc + last)) & 1):
                continue
            if ((anti >> (r + c)) & 1) or ((anti >> (rr + cc)) & 1):
                continue
            col[r] = c
            col[rr] = cc
            cols |= (1 << c) | (1 << cc)
            diag |= (1 << (r - c + last)) | (1 << (rr - cc + last))
            anti |= (1 << (r + c)) | (1 << (rr + cc))
            placed = True
            break
        if not placed:
            tried[i] = 0
            i -= 1
            continue
        if i + 1 == h:  # every row placed: a solution the half turn fixes
            fixed180 += 1
            if sym == SYM_ROT90:
                fixed90 += _quarter_fixed(n, col)
            continue  # the next column of this row (the queen is taken back first)
        i += 1
    return fixed90, fixed180
