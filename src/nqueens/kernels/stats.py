"""Compiled counts of the pruned state-space tree: promising nodes per depth, tries to a solution.

Private kernels: ints and int64 numpy arrays in, results written into the arrays; no
validation. Masks are int64 with column `c` at bit `c` (boards up to 62 columns). The
search is the textbook's row-by-row backtracking; a node at depth `d` has queens in rows
`0 .. d-1`. The friendly face is `nqueens.analysis.stats`.

Both walks are resumable: their state lives in the caller's arrays and each call stops
after a node budget, so Python regains control (and Ctrl-C lands) between slices.
"""

from __future__ import annotations

from nqueens._jit import njit
from nqueens.kernels.bits import (
    STATE_DONE,
    STATE_FRESH,
    STATE_RUNNING,
    descend,
    free,
    place,
    popcount,
    resume,
    start,
    suspend,
    take_lowest,
)

__all__ = ["STATE_DONE", "STATE_FRESH", "first_solution_slice", "levels_slice"]


@njit
def levels_slice(n, full, first, av, cs, ls, rs, meta, levels, budget):
    """Add to `levels[d]` the promising nodes at depth `d >= 1` whose row-0 queen is in
    `first`, for `budget` (>= 1) backtracks (about one per node); resumable.

    Depth-first with one frame per row (`av`/`cs`/`ls`/`rs` of length n; `meta =
    [depth, status]`, status `STATE_DONE` once the walk is over); each frame keeps the
    columns still to try. A node at depth `n - 1` with `k` safe columns has `k`
    promising children, so leaves are counted without being visited. Cost: O(budget).
    """
    d = resume(meta, cs, ls, rs, av, first & full)
    last = n - 1
    while d >= 0 and budget > 0:  # budget spent on backtracks: the cheapest place for it
        a = av[d]
        if d == last:
            # children of a depth n-1 node are leaves: count them without visiting
            levels[n] += popcount(a)
            d -= 1
            budget -= 1
            continue
        if a == 0:
            d -= 1
            budget -= 1
            continue
        b, rest = take_lowest(a)
        av[d] = rest
        levels[d + 1] += 1
        # the step of bits.descend written out: through the helper this loop ran 1.4-1.5x
        # slower (docs/performance.md, decisions); the other kernels show no difference
        c, lf, rt = place(cs[d], ls[d], rs[d], b, full)
        d += 1
        cs[d] = c
        ls[d] = lf
        rs[d] = rt
        av[d] = free(c, lf, rt, full)
    suspend(meta, d)


@njit
def first_solution_slice(n, full, col, cs, ls, rs, meta, budget):
    """Try at most `budget` (>= 1) more squares on the way to the first solution; resumable.

    Tries columns in ascending order row by row and stops at the first complete board,
    exactly as the Python event stream does with `until="first"`. State: `col`/`cs`/
    `ls`/`rs` of length n, `meta = [depth, status, tried, found]`; when status is
    `STATE_DONE`, `meta[2]` is the number of squares tried (root not counted) and
    `meta[3]` is 1 if a solution was reached. Cost: O(budget).
    """
    if meta[1] == STATE_DONE:
        return
    if meta[1] == STATE_FRESH:
        d = 0
        col[0] = 0
        start(cs, ls, rs)
        meta[2] = 0
        meta[3] = 0
        meta[1] = STATE_RUNNING
    else:
        d = meta[0]
    tried = meta[2]
    last = n - 1
    while d >= 0:
        c = col[d]
        if c == n:
            d -= 1
            if d >= 0:
                col[d] += 1
            continue
        tried += 1
        b = 1 << c
        if free(cs[d], ls[d], rs[d], b) == 0:
            col[d] = c + 1
        elif d == last:
            meta[0] = d
            meta[1] = STATE_DONE
            meta[2] = tried
            meta[3] = 1
            return
        else:
            descend(cs, ls, rs, d, b, full)
            d += 1
            col[d] = 0
        budget -= 1
        if budget <= 0:
            meta[0] = d
            meta[2] = tried
            return
    meta[1] = STATE_DONE
    meta[2] = tried
