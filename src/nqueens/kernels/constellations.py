"""Compiled counting of one *start constellation*: the border queens fixed, the rest searched.

The Q27 project's method. Every solution has one queen in the top row, the bottom row, the
left column and the right column; those four squares (three when a queen sits in a corner)
are its *constellation*. The engine (`nqueens.engine.split`) lists one constellation per
orbit of the 8 board symmetries (`list_constellations`, which also picks each orbit's
orientation: the one whose top-down search looks cheapest) and weighs its count; this
module counts the completions of one constellation, and - for the rare constellations that
a rotation maps onto themselves - how many completions that rotation also fixes (for the
class count).

The constellation arrives as `allowed`: one int64 mask per row of the columns still open
once the border queens' columns and diagonals are struck out (a border queen's own row is a
single bit). The search starts below the top queen `top` and runs row by row with the
classic three bitboards. Masks and counters are int64: exact for every n up to 31.
Private kernel: ints and numpy arrays in, ints out; no validation, no objects, no I/O.
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import jitable, njit
from nqueens.kernels.bits import (
    NO_BUDGET,
    bit_index,
    free,
    free_ahead,
    place_gap,
    popcount,
    take_lowest,
)
from nqueens.kernels.orbits import (  # re-exported: the kernels' one import path
    SYM_NONE,
    SYM_ROT90,
    SYM_ROT180,
    constellation_masks,
    list_constellations,
    list_orbit_block,
    root_frame,
)

__all__ = [
    "SYM_NONE",
    "SYM_ROT90",
    "SYM_ROT180",
    "constellation_masks",
    "count_slice",
    "count_subproblem",
    "estimate_constellations",
    "list_constellations",
    "list_orbit_block",
    "new_slice_state",
    "root_frame",
]

@njit
def _fixed_by(n, board, quarter):
    """1 when the finished `board` (bits per row) equals its quarter- or half-turn."""
    last = n - 1
    for r in range(n):
        c = bit_index(board[r])
        if quarter:
            # (r, c) -> (c, n-1-r): fixed iff the queen of row c is in column n-1-r
            if board[c] != (1 << (last - r)):
                return 0
        else:
            # (r, c) -> (n-1-r, n-1-c)
            if board[last - r] != (1 << (last - c)):
                return 0
    return 1


@njit
def _fixed_pair(n, board, sym):
    """`(fixed180, fixed90)` of the finished `board` of a constellation with symmetry
    `sym` (not `SYM_NONE`): the quarter turn is tested only under
    `SYM_ROT90`. O(n)."""
    f90 = _fixed_by(n, board, True) if sym == SYM_ROT90 else 0
    return _fixed_by(n, board, False), f90


@njit
def count_subproblem(n, t, b, left, right, sym):
    """`(completions, fixed90, fixed180, nodes)` of one constellation given by its queens.

    `count_slice` on the one item, in a single slice. `sym` is one of
    `SYM_NONE`, `SYM_ROT180`, `SYM_ROT90`; `nodes` counts the partial
    boards the search extended plus the completions. Cost: the subtree below the
    constellation; the fixed-point tests run only at leaves of symmetric constellations.
    """
    items = np.zeros((1, 5), np.int64)
    items[0, 0] = t
    items[0, 1] = b
    items[0, 2] = left
    items[0, 3] = right
    items[0, 4] = sym
    out = np.zeros((1, 4), np.int64)
    st, stack = new_slice_state(n)
    count_slice(n, items, out, st, stack, NO_BUDGET)
    return out[0, 0], out[0, 1], out[0, 2], out[0, 3]


STATE_ROWS = 8
"""Rows of a sliced count's stack: cs, ls, rs, bm, masks, gap, board, rows."""
_K, _LEVEL, _COUNT, _F90, _F180, _NODES, _LAST = 0, 1, 2, 3, 4, 5, 6


@jitable
def new_slice_state(n):
    """Fresh `(scalars, stack)` for `count_slice`: nothing started yet. O(n).

    Plain numpy when Python calls it (a Ctrl-C then lands as `KeyboardInterrupt`)."""
    scalars = np.zeros(8, np.int64)
    scalars[_LEVEL] = -2  # -2: the current item is not set up yet
    return scalars, np.zeros((STATE_ROWS, max(n, 1)), np.int64)


@njit
def _slice_setup(n, items, k, out, st, stack):
    """Set up item `k` for the search; finish it at once when it has at most one free row.

    Returns 1 when the item was finished here (its row of `out` written), else 0.
    """
    t = items[k, 0]
    sym = items[k, 4]
    allowed, rows = constellation_masks(n, t, items[k, 1], items[k, 2], items[k, 3])
    f = rows.shape[0]
    masks = stack[4]
    gap = stack[5]
    board = stack[6]
    for r in range(n):
        board[r] = allowed[r]
    board[0] = 1 << t
    for i in range(f):
        stack[7, i] = rows[i]
        masks[i] = allowed[rows[i]]
        gap[i] = rows[i + 1] - rows[i] if i + 1 < f else 0
    count = 0
    fixed90 = 0
    fixed180 = 0
    if f == 0:
        count = 1
        if sym != SYM_NONE:
            fixed180, fixed90 = _fixed_pair(n, board, sym)
    else:
        c, lf, rt, b = root_frame(allowed, rows, t)
        stack[0, 0] = c
        stack[1, 0] = lf
        stack[2, 0] = rt
        stack[3, 0] = b
        if f > 1:
            st[_LEVEL] = 0
            st[_COUNT] = 0
            st[_F90] = 0
            st[_F180] = 0
            st[_NODES] = 0
            st[_LAST] = f - 1
            return 0
        # one free row: each of its open squares is a completion
        while b != 0:
            bit, b = take_lowest(b)
            count += 1
            if sym != SYM_NONE:
                board[rows[0]] = bit
                f180, f90 = _fixed_pair(n, board, sym)
                fixed180 += f180
                fixed90 += f90
    out[k, 0] = count
    out[k, 1] = fixed90
    out[k, 2] = fixed180
    out[k, 3] = count if f == 1 else 0  # no node is searched when no row is free
    return 1


FRAME = 8
"""Words per level in `_search`'s frame array (six used, eight for cheap indexing)."""
_COLS, _LEFT, _RIGHT, _OPEN, _MASK, _GAP = 0, 1, 2, 3, 4, 5
"""A level's words in the frame array, in the order of the stack's first six rows."""


@njit
def _search(n, stack, sym, i, lastlevel, count, fixed90, fixed180, nodes, limit):
    """The search of `count_slice` from level `i` until done (level -1) or `nodes`
    reaches `limit`; returns the new `(i, count, fixed90, fixed180, nodes)`.

    Level `i` is free row `stack[7, i]`; its frame is the columns and the two diagonals
    attacked there, its open squares not tried yet, its row's `allowed` mask and the gap
    to the next free row (the stack's rows 0-5). A child is pushed only when the row after
    it keeps an open square (a one-row look-ahead, as NQueensFAF); the last free row is
    never pushed: one column is left for it, so its open squares (zero or one) are the
    completions. The budget is checked when the search backs up a level (not on its hottest
    path).

    The frames are copied into one private array, a level's words side by side, and the
    search walks it by a single offset `p`: LLVM then keeps every live value of the loop
    in a register (the stack's six rows as separate arrays cost 10-15% in reloads, measured
    in `docs/performance.md`). The frames are copied back when the search stops
    early. Cost: the nodes searched, plus O(free rows) for the copies.
    """
    f = lastlevel + 1
    fr = np.empty(f * FRAME, np.int64)
    for r in range(f):
        for w in range(_GAP + 1):
            fr[r * FRAME + w] = stack[w, r]
    p = i * FRAME
    last = (lastlevel - 1) * FRAME  # the level whose children are completions
    while p >= 0:
        b = fr[p + _OPEN]
        if b == 0:
            p -= FRAME
            if nodes >= limit:
                break
            continue
        bit, rest = take_lowest(b)
        fr[p + _OPEN] = rest
        nc, nl, nr = place_gap(fr[p + _COLS], fr[p + _LEFT], fr[p + _RIGHT], bit, fr[p + _GAP])
        q = p + FRAME
        nb = free(nc, nl, nr, fr[q + _MASK])
        if nb == 0:
            continue
        if p == last:
            count += 1
            if sym != SYM_NONE:
                f180, f90 = _leaf_fixed(n, stack, fr, p // FRAME, bit, nb, sym)
                fixed180 += f180
                fixed90 += f90
            continue
        if free_ahead(nc, nl, nr, fr[q + _GAP], fr[q + FRAME + _MASK]) == 0:
            continue
        fr[q + _COLS] = nc
        fr[q + _LEFT] = nl
        fr[q + _RIGHT] = nr
        fr[q + _OPEN] = nb
        p = q
        nodes += 1
    if p < 0:
        return -1, count, fixed90, fixed180, nodes
    for r in range(f):
        for w in range(_OPEN + 1):
            stack[w, r] = fr[r * FRAME + w]
    return p // FRAME, count, fixed90, fixed180, nodes


@njit
def _leaf_fixed(n, stack, fr, i, bit, nb, sym):
    """`(fixed180, fixed90)` of the completion found from level `i` (its queen `bit`,
    the last row's `nb`) of a symmetric constellation: 1 where the half (quarter) turn
    maps it onto itself. Kept out of `_search` so that the hot loop's registers stay
    free. O(n)."""
    board = stack[6]
    rows = stack[7]
    for q in range(i):
        board[rows[q]] = fr[(q + 1) * FRAME + _COLS] & ~fr[q * FRAME + _COLS]
    board[rows[i]] = bit
    board[rows[i + 1]] = nb
    return _fixed_pair(n, board, sym)


@njit
def count_slice(n, items, out, st, stack, budget):
    """Count `items` (rows as `list_constellations` gives) for about `budget` nodes.

    Resumable: the search state lives in `st` and `stack` (from `new_slice_state`),
    so a caller loops `while not count_slice(...)` and regains control after each slice.
    Row k of `out` receives `(completions, fixed90, fixed180, nodes)` of item k, as
    `count_subproblem` returns them. Returns 1 when every item is done, else 0;
    `st[0]` holds how many items are finished and `st[7]` the nodes counted by the
    last call. Cost: `budget` nodes (the last item set up may add O(n**2)), then the
    call returns.
    """
    nitems = items.shape[0]
    spent = 0
    st[7] = 0
    while st[_K] < nitems:
        k = st[_K]
        if st[_LEVEL] == -2 and _slice_setup(n, items, k, out, st, stack):
            spent += out[k, 3]  # finished at set-up (at most one free row)
            st[_K] = k + 1
            continue
        i, count, fixed90, fixed180, nodes = _search(
            n, stack, items[k, 4], st[_LEVEL], st[_LAST], st[_COUNT], st[_F90], st[_F180],
            st[_NODES], st[_NODES] + (budget - spent))
        spent += nodes - st[_NODES]
        if i >= 0:  # out of budget: keep the state for the next call
            st[_LEVEL] = i
            st[_COUNT] = count
            st[_F90] = fixed90
            st[_F180] = fixed180
            st[_NODES] = nodes
            st[7] = spent
            return 0
        out[k, 0] = count
        out[k, 1] = fixed90
        out[k, 2] = fixed180
        out[k, 3] = nodes + count
        spent += count
        st[_K] = k + 1
        st[_LEVEL] = -2
        if spent >= budget:
            st[7] = spent
            return 1 if st[_K] >= nitems else 0
    st[7] = spent
    return 1


@njit
def estimate_constellations(n, items, probes, seed):
    """Knuth's estimate of each item's `(nodes, completions)` as `count_slice` counts.

    `probes` random root-to-leaf walks per item through the same tree the counting kernel
    searches (same pruning, same look-ahead); each walk's products of branching factors are
    unbiased estimates, averaged per item into row k of the float64 result. Seeded inside
    numba, so a run is reproducible. Cost: O(len(items) * probes * n**2).
    """
    np.random.seed(seed)
    m = items.shape[0]
    res = np.zeros((m, 2), np.float64)
    kids = np.zeros(n, np.int64)
    for k in range(m):
        t = items[k, 0]
        allowed, rows = constellation_masks(n, t, items[k, 1], items[k, 2], items[k, 3])
        f = rows.shape[0]
        if f == 0:
            res[k, 1] = 1.0
            continue
        c0, l0, r0, first = root_frame(allowed, rows, t)
        if f == 1:
            res[k, 0] = res[k, 1] = float(popcount(first))
            continue
        lastlevel = f - 1
        tot_nodes = 0.0
        tot_sols = 0.0
        for _p in range(probes):
            c, lf, rt, b = c0, l0, r0, first
            i = 0
            w = 1.0
            while True:
                # the completions and the pushed children of this node
                j = i + 1
                g = rows[j] - rows[i]
                leaves = 0
                nkids = 0
                while b != 0:
                    bit, b = take_lowest(b)
                    nc, nl, nr = place_gap(c, lf, rt, bit, g)
                    if free(nc, nl, nr, allowed[rows[j]]) == 0:
                        continue
                    if j == lastlevel:
                        leaves += 1
                    elif free_ahead(nc, nl, nr, rows[j + 1] - rows[j],
                                    allowed[rows[j + 1]]) != 0:
                        kids[nkids] = bit
                        nkids += 1
                tot_nodes += w * (leaves + nkids)
                tot_sols += w * leaves
                if nkids == 0:
                    break
                w *= nkids
                c, lf, rt = place_gap(c, lf, rt, kids[np.random.randint(0, nkids)], g)
                b = free(c, lf, rt, allowed[rows[j]])
                i = j
        res[k, 0] = tot_nodes / probes
        res[k, 1] = tot_sols / probes
    return res
