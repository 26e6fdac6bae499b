"""Compiled row-by-row bitboard backtracking: enumerate in batches, count, count classes.

Private kernels: int64 scalars and numpy arrays in, ints out; no validation, no objects.
Masks are int64 with column `c` at bit `c`; every shifted diagonal mask is cut back to
the board with `& full`, so boards up to 63 columns never touch the sign bit's meaning.

`allowed[row]` restricts the columns a row may use (all `full` for the plain problem;
a single bit for a pre-placed queen; fewer bits for blocked squares). The search visits
columns in ascending order row by row, which is the textbooks' order of solutions.

A numba kernel never sees Ctrl-C, so the searches are resumable: their state lives in the
caller's arrays, and each call stops after a node `budget`; the Python face
(`nqueens.strategies.bitmask`) loops over such slices, a few per second.
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import njit
from nqueens.kernels.bits import (
    NO_BUDGET,
    STATE_DONE,
    STATE_FRESH,
    STATE_RUNNING,
    bit_index,
    descend,
    free,
    full_mask,
    resume,
    suspend,
    take_lowest,
)

__all__ = [
    "STATE_DONE",
    "STATE_FRESH",
    "STATE_RUNNING",
    "count_canonical",
    "count_slice",
    "count_total_unique",
    "fill_batch",
    "new_search",
    "symmetry_image",
]


@njit
def _walk(n, full, allowed, av, cs, ls, rs, pos, meta, out, budget, record):
    """The resumable search behind `fill_batch` (`record`: solutions written into
    `out` until it is full) and `count_slice` (only counted). Returns the solutions
    found in this call. Cost: O(budget + solutions * n when recording).
    """
    cap = out.shape[0]
    k = 0
    d = resume(meta, cs, ls, rs, av, allowed[0] & full)
    last = n - 1
    # the budget is spent on backtracks (one per node) and checked in the loop condition:
    # measured the cheapest place for it (docs/performance.md, decisions)
    while d >= 0 and budget > 0:
        a = av[d]
        if a == 0:  # the row is exhausted: back up
            d -= 1
            budget -= 1
            continue
        bit, av[d] = take_lowest(a)
        if d == last:
            if record:
                pos[d] = bit
                for r in range(n):
                    out[k, r] = bit_index(pos[r])
                k += 1
                if k == cap:
                    break
            else:
                k += 1
            continue
        if record:
            pos[d] = bit
        c, lf, rt = descend(cs, ls, rs, d, bit, full)
        d += 1
        av[d] = free(c, lf, rt, allowed[d])
    suspend(meta, d)
    return k


@njit
def fill_batch(n, full, allowed, av, cs, ls, rs, pos, meta, out, budget):
    """Write the next solutions (0-based columns) into the rows of `out`; return how many.

    The search state lives in the caller's arrays (`av`/`cs`/`ls`/`rs`/`pos` of
    length n, `meta = [depth, status]`, as `new_search` makes them), so the next
    call resumes where this one stopped. A call returns when `out` is full or after
    `budget` (>= 1) backtracks, about one per node; `meta[1]` is `STATE_DONE`
    once the search is exhausted. Cost: O(budget + len(out) * n).
    """
    return _walk(n, full, allowed, av, cs, ls, rs, pos, meta, out, budget, True)


@njit
def count_slice(n, full, allowed, av, cs, ls, rs, meta, budget):
    """Count the next solutions for `budget` (>= 1) backtracks (nodes); return how many.

    The resumable counting search: the same state arrays as `fill_batch` (without
    `pos`);
    `meta[1]` is `STATE_DONE` once every solution that respects `allowed` has
    been counted. Summed over the calls, the count is exact whatever the budget.
    Cost: O(budget).
    """
    # nothing is recorded: av stands in for pos and out is empty, neither is written
    return _walk(n, full, allowed, av, cs, ls, rs, av, meta, np.zeros((0, 1), np.int64),
                 budget, False)


@njit
def new_search(n):
    """Fresh state `(av, cs, ls, rs, pos, meta)` for `fill_batch` and
    `count_slice` on an `n`-board: nothing searched yet. O(n)."""
    return (np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64),
            np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(2, np.int64))


@njit
def symmetry_image(p, s, img):
    """Write symmetry `s` (0..7) of permutation `p` into `img`. Cost: O(n).

    0 identity, 1-3 the quarter turns, 4 mirror columns, 5 mirror rows, 6 transpose,
    7 anti-transpose.
    """
    n = p.shape[0]
    for r in range(n):
        c = p[r]
        if s == 0:
            img[r] = c
        elif s == 1:  # rotate 90: (r, c) -> (c, n-1-r)
            img[c] = n - 1 - r
        elif s == 2:  # rotate 180
            img[n - 1 - r] = n - 1 - c
        elif s == 3:  # rotate 270: (r, c) -> (n-1-c, r)
            img[n - 1 - c] = r
        elif s == 4:  # mirror columns
            img[r] = n - 1 - c
        elif s == 5:  # mirror rows
            img[n - 1 - r] = c
        elif s == 6:  # transpose
            img[c] = r
        else:  # anti-transpose: (r, c) -> (n-1-c, n-1-r)
            img[n - 1 - c] = n - 1 - r


@njit
def _is_canonical(p, img):
    """True when no symmetry image of permutation `p` is lexicographically smaller."""
    n = p.shape[0]
    for s in range(1, 8):
        symmetry_image(p, s, img)
        for r in range(n):
            if img[r] != p[r]:
                if img[r] < p[r]:
                    return False
                break
    return True


@njit
def count_canonical(out, k, img):
    """How many of the first `k` rows of `out` are the least of their 8 images. O(k n)."""
    unique = 0
    for i in range(k):
        if _is_canonical(out[i], img):
            unique += 1
    return unique


@njit
def count_total_unique(n):
    """(total, classes): every solution, and those that are the least of their 8 images.

    Enumerates every solution and tests each for canonicity in O(n), in one call (not
    resumable: the test oracle; `nqueens.strategies.bitmask.count_unique` runs the
    same steps in slices). The symmetry-aware kernels of `nqueens.kernels` are faster.
    """
    full = full_mask(n)
    allowed = np.full(n, full, np.int64)
    av, cs, ls, rs, pos, meta = new_search(n)
    out = np.zeros((256, n), np.int64)
    img = np.zeros(n, np.int64)
    total = 0
    unique = 0
    while meta[1] != STATE_DONE:
        k = fill_batch(n, full, allowed, av, cs, ls, rs, pos, meta, out, NO_BUDGET)
        total += k
        unique += count_canonical(out, k, img)
    return total, unique
