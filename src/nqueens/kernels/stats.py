"""Compiled counts of the pruned state-space tree: promising nodes per depth, tries to a solution.

Private kernels: ints in, int64 numpy arrays or ints out; no validation. Masks are int64 with
column ``c`` at bit ``c`` (boards up to 62 columns). The search is the textbook's row-by-row
backtracking; a node at depth ``d`` has queens in rows ``0 .. d-1``. The friendly face is
:mod:`nqueens.analysis.stats`.
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import njit

__all__ = ["first_solution_nodes", "promising_levels", "promising_levels_from"]


@njit
def promising_levels_from(n, first_col, levels):
    """Add to ``levels[d]`` the promising nodes at depth ``d >= 1`` under row-0 ``first_col``.

    Depth-first with one frame per row; each frame keeps the columns still to try. A node
    at depth ``d < n`` with ``k`` safe columns has ``k`` promising children, so leaves are
    counted without being visited.
    """
    full = (1 << n) - 1
    av = np.zeros(n + 1, dtype=np.int64)
    cs = np.zeros(n + 1, dtype=np.int64)
    ls = np.zeros(n + 1, dtype=np.int64)
    rs = np.zeros(n + 1, dtype=np.int64)
    bit = np.int64(1) << first_col
    levels[1] += 1
    if n == 1:
        return
    cs[1] = bit
    ls[1] = (bit << 1) & full
    rs[1] = bit >> 1
    av[1] = full & ~(cs[1] | ls[1] | rs[1])
    d = 1
    while d >= 1:
        a = av[d]
        if d == n - 1:
            # children of a depth n-1 node are leaves: count them without visiting
            k = 0
            while a:
                a &= a - 1
                k += 1
            levels[n] += k
            d -= 1
            continue
        if a == 0:
            d -= 1
            continue
        b = a & -a
        av[d] = a ^ b
        levels[d + 1] += 1
        c = cs[d] | b
        left = ((ls[d] | b) << 1) & full
        right = (rs[d] | b) >> 1
        cs[d + 1] = c
        ls[d + 1] = left
        rs[d + 1] = right
        av[d + 1] = full & ~(c | left | right)
        d += 1


@njit
def promising_levels(n):
    """Promising nodes per depth ``0 .. n`` (root at depth 0) of the pruned tree, exactly.

    Uses the left-right mirror: the subtree under row-0 column ``c`` has the same profile
    as the one under ``n - 1 - c``, so only the left half (and the middle) is walked.
    """
    levels = np.zeros(n + 1, dtype=np.int64)
    half = np.zeros(n + 1, dtype=np.int64)
    for c in range(n // 2):
        promising_levels_from(n, c, half)
    for d in range(1, n + 1):
        levels[d] = 2 * half[d]
    if n % 2 == 1:
        middle = np.zeros(n + 1, dtype=np.int64)
        promising_levels_from(n, n // 2, middle)
        for d in range(1, n + 1):
            levels[d] += middle[d]
    levels[0] = 1
    return levels


@njit
def first_solution_nodes(n):
    """Squares tried (nodes checked, root not counted) until the first solution, or all if none.

    Tries columns in ascending order row by row and stops at the first complete board,
    exactly as the Python event stream does with ``until="first"``.
    """
    full = (1 << n) - 1
    col = np.zeros(n + 1, dtype=np.int64)
    cs = np.zeros(n + 1, dtype=np.int64)
    ls = np.zeros(n + 1, dtype=np.int64)
    rs = np.zeros(n + 1, dtype=np.int64)
    tried = 0
    d = 0
    col[0] = 0
    while d >= 0:
        c = col[d]
        if c == n:
            d -= 1
            if d >= 0:
                col[d] += 1
            continue
        tried += 1
        b = np.int64(1) << c
        if (cs[d] | ls[d] | rs[d]) & b:
            col[d] = c + 1
            continue
        if d == n - 1:
            return tried
        cs[d + 1] = cs[d] | b
        ls[d + 1] = ((ls[d] | b) << 1) & full
        rs[d + 1] = (rs[d] | b) >> 1
        col[d + 1] = 0
        d += 1
    return tried
