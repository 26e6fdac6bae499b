"""Compiled counting of one *start constellation*: the border queens fixed, the rest searched.

The Q27 project's method. Every solution has one queen in the top row, the bottom row, the
left column and the right column; those four squares (three when a queen sits in a corner)
are its *constellation*. The engine (:mod:`nqueens.engine.split`) lists one constellation per
orbit of the 8 board symmetries (:func:`list_constellations`, which also picks each orbit's
orientation: the one whose top-down search looks cheapest) and weighs its count; this
module counts the completions of one constellation, and - for the rare constellations that
a rotation maps onto themselves - how many completions that rotation also fixes (for the
class count).

The constellation arrives as ``allowed``: one int64 mask per row of the columns still open
once the border queens' columns and diagonals are struck out (a border queen's own row is a
single bit). The search starts below the top queen ``top`` and runs row by row with the
classic three bitboards. Masks and counters are int64: exact for every n up to 31.
Private kernel: ints and numpy arrays in, ints out; no validation, no objects, no I/O.
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import njit
from nqueens.kernels.bits import (
    NO_BUDGET,
    bit_index,
    free,
    free_ahead,
    full_mask,
    new_frames,
    next_child,
    place_gap,
    popcount,
    push,
    take_lowest,
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

SYM_NONE = 0
"""No rotation fixes the constellation: count completions only."""
SYM_ROT180 = 1
"""The half turn fixes the constellation: also count completions it fixes."""
SYM_ROT90 = 2
"""The quarter turns fix the constellation: also count completions fixed by 90 and 180."""


@njit
def _fixed_by(n, board, quarter):
    """1 when the finished ``board`` (bits per row) equals its quarter- or half-turn."""
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
    """``(fixed180, fixed90)`` of the finished ``board`` of a constellation with symmetry
    ``sym`` (not :data:`SYM_NONE`): the quarter turn is tested only under
    :data:`SYM_ROT90`. O(n)."""
    f90 = _fixed_by(n, board, True) if sym == SYM_ROT90 else 0
    return _fixed_by(n, board, False), f90


@njit
def root_frame(allowed, rows, top):
    """``(cols, left, right, open)`` of the first free row ``rows[0]`` below the top queen."""
    c, lf, rt = place_gap(0, 0, 0, 1 << top, rows[0])
    return c, lf, rt, free(c, lf, rt, allowed[rows[0]])


@njit
def constellation_masks(n, t, b, left, right):
    """``(allowed, rows)`` for the border queens (0,t), (n-1,b), (left,0), (right,n-1).

    A corner queen is two of the four: ``t == left == 0`` puts one at (0,0), ``t == n-1,
    right == 0`` at (0,n-1), ``b == 0, left == n-1`` at (n-1,0). ``allowed[y]`` is a single
    bit on a border queen's row, else the columns no border queen attacks; ``rows`` lists,
    in order, the rows below row 0 that hold no border queen (the *free rows*).
    """
    last = n - 1
    full = full_mask(n)
    qr = np.array([0, last, left, right], np.int64)
    qc = np.array([t, b, 0, last], np.int64)
    cols = 0
    for q in range(4):
        cols |= 1 << qc[q]
    allowed = np.zeros(n, np.int64)
    nfree = 0
    for y in range(n):
        fixed = -1
        for q in range(4):
            if qr[q] == y:
                fixed = qc[q]
        if fixed >= 0:
            allowed[y] = 1 << fixed
            continue
        a = full & ~cols
        for q in range(4):
            d = y - qr[q]
            if d < 0:
                d = -d
            if qc[q] - d >= 0:
                a &= ~(1 << (qc[q] - d))
            if qc[q] + d <= last:
                a &= ~(1 << (qc[q] + d))
        allowed[y] = a
        nfree += 1
    rows = np.zeros(nfree, np.int64)
    k = 0
    for y in range(1, n):
        if (y != last) and (y != left) and (y != right):
            rows[k] = y
            k += 1
    return allowed, rows[:k]


@njit
def count_subproblem(n, t, b, left, right, sym):
    """``(completions, fixed90, fixed180, nodes)`` of one constellation given by its queens.

    :func:`count_slice` on the one item, in a single slice. ``sym`` is one of
    :data:`SYM_NONE`, :data:`SYM_ROT180`, :data:`SYM_ROT90`; ``nodes`` counts the partial
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


@njit
def new_slice_state(n):
    """Fresh ``(scalars, stack)`` for :func:`count_slice`: nothing started yet. O(n)."""
    scalars = np.zeros(8, np.int64)
    scalars[_LEVEL] = -2  # -2: the current item is not set up yet
    return scalars, np.zeros((STATE_ROWS, max(n, 1)), np.int64)


@njit
def _slice_setup(n, items, k, out, st, stack):
    """Set up item ``k`` for the search; finish it at once when it has at most one free row.

    Returns 1 when the item was finished here (its row of ``out`` written), else 0.
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
"""Words per level in :func:`_search`'s frame array (six used, eight for cheap indexing)."""
_COLS, _LEFT, _RIGHT, _OPEN, _MASK, _GAP = 0, 1, 2, 3, 4, 5
"""A level's words in the frame array, in the order of the stack's first six rows."""


@njit
def _search(n, stack, sym, i, lastlevel, count, fixed90, fixed180, nodes, limit):
    """The search of :func:`count_slice` from level ``i`` until done (level -1) or ``nodes``
    reaches ``limit``; returns the new ``(i, count, fixed90, fixed180, nodes)``.

    Level ``i`` is free row ``stack[7, i]``; its frame is the columns and the two diagonals
    attacked there, its open squares not tried yet, its row's ``allowed`` mask and the gap
    to the next free row (the stack's rows 0-5). A child is pushed only when the row after
    it keeps an open square (a one-row look-ahead, as NQueensFAF); the last free row is
    never pushed: one column is left for it, so its open squares (zero or one) are the
    completions. The budget is checked when the search backs up a level (not on its hottest
    path).

    The frames are copied into one private array, a level's words side by side, and the
    search walks it by a single offset ``p``: LLVM then keeps every live value of the loop
    in a register (the stack's six rows as separate arrays cost 10-15% in reloads, measured
    in ``docs/performance.md``). The frames are copied back when the search stops
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
    """``(fixed180, fixed90)`` of the completion found from level ``i`` (its queen ``bit``,
    the last row's ``nb``) of a symmetric constellation: 1 where the half (quarter) turn
    maps it onto itself. Kept out of :func:`_search` so that the hot loop's registers stay
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
    """Count ``items`` (rows as :func:`list_constellations` gives) for about ``budget`` nodes.

    Resumable: the search state lives in ``st`` and ``stack`` (from :func:`new_slice_state`),
    so a caller loops ``while not count_slice(...)`` and regains control after each slice.
    Row k of ``out`` receives ``(completions, fixed90, fixed180, nodes)`` of item k, as
    :func:`count_subproblem` returns them. Returns 1 when every item is done, else 0;
    ``st[0]`` holds how many items are finished and ``st[7]`` the nodes counted by the
    last call. Cost: ``budget`` nodes (the last item set up may add O(n**2)), then the
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
    """Knuth's estimate of each item's ``(nodes, completions)`` as :func:`count_slice` counts.

    ``probes`` random root-to-leaf walks per item through the same tree the counting kernel
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


@njit
def _image(g, t, b, left, right, last):
    """The constellation ``(t, b, left, right)`` under symmetry ``g`` (0..7, as in board)."""
    nt = 0
    nb = 0
    nl = 0
    nr = 0
    rows = (0, last, left, right)
    cols = (t, b, 0, last)
    for q in range(4):
        r = rows[q]
        c = cols[q]
        if g == 0:
            rr, cc = r, c
        elif g == 1:
            rr, cc = c, last - r
        elif g == 2:
            rr, cc = last - r, last - c
        elif g == 3:
            rr, cc = last - c, r
        elif g == 4:
            rr, cc = r, last - c
        elif g == 5:
            rr, cc = last - r, c
        elif g == 6:
            rr, cc = c, r
        else:
            rr, cc = last - c, last - r
        if rr == 0:
            nt = cc
        if rr == last:
            nb = cc
        if cc == 0:
            nl = rr
        if cc == last:
            nr = rr
    return nt, nb, nl, nr


@njit
def _attack(r1, c1, r2, c2):
    return r1 == r2 or c1 == c2 or r1 - c1 == r2 - c2 or r1 + c1 == r2 + c2


@njit
def _orbit_key(t, b, left, right, last, key):
    """Write the sort key of constellation ``(t, b, left, right)`` into ``key``: the orbit's
    canonical member is the one with the least key (bottom queen nearest a corner, then top
    queen nearest the centre, then the least tuple)."""
    key[0] = min(b, last - b)
    key[1] = -min(t, last - t)
    key[2] = t
    key[3] = b
    key[4] = left
    key[5] = right


@njit
def _key_less(a, b):
    for i in range(a.shape[0]):
        if a[i] != b[i]:
            return a[i] < b[i]
    return False


ESTIMATE_DEPTH = 5
"""How many free rows :func:`_tree_estimate` looks down when choosing an orientation."""

_ORIENTATIONS = (0, 1, 3, 5)
"""One symmetry per search order (top-down, bottom-up, and the two along the columns); the
other four are their mirror images, whose search trees are the same size."""


@njit
def _tree_estimate(n, t, b, left, right, depth, bound):
    """The placements of queens on all of the first ``depth`` free rows (all free rows if
    fewer), or ``bound`` once they reach it.

    A cheap, exact stand-in for the size of the constellation's search tree (the width of
    its level ``depth``); the split searches each orbit in the orientation where it is
    smallest, so an orientation stops being measured once it cannot win. Cost: the
    placements of the first ``depth - 1`` free rows (the last level is a popcount), cut
    short at ``bound``.
    """
    allowed, rows = constellation_masks(n, t, b, left, right)
    d = min(depth, rows.shape[0])
    if d == 0:
        return 0
    cs, ls, rs, bm = new_frames(d)
    c, lf, rt, b = root_frame(allowed, rows, t)
    if d == 1:
        return min(popcount(b), bound)
    push(cs, ls, rs, bm, 0, c, lf, rt, b)
    total = 0
    i = 0
    while i >= 0:
        j = i + 1
        bit, c, lf, rt, b = next_child(cs, ls, rs, bm, i, rows[j] - rows[i], allowed[rows[j]])
        if bit == 0:
            i -= 1
        elif j + 1 == d:
            total += popcount(b)
            if total >= bound:
                return bound
        else:
            push(cs, ls, rs, bm, j, c, lf, rt, b)
            i = j
    return total


@njit
def _orient(n, t, b, left, right):
    """The image of the constellation, among :data:`_ORIENTATIONS`, with the least estimate.

    Ties go to the earliest in that order, so the identity wins unless another is smaller;
    an image's estimate is cut short once it cannot win.
    """
    last = n - 1
    bt, bb, bl, br = t, b, left, right
    best = _tree_estimate(n, t, b, left, right, ESTIMATE_DEPTH, NO_BUDGET)
    for g in _ORIENTATIONS[1:]:
        it, ib, il, ir = _image(g, t, b, left, right, last)
        e = _tree_estimate(n, it, ib, il, ir, ESTIMATE_DEPTH, best)
        if e < best:
            best = e
            bt, bb, bl, br = it, ib, il, ir
    return bt, bb, bl, br


@njit
def list_constellations(n):
    """One constellation per symmetry orbit: rows ``(t, b, left, right, sym, stabilizer)``.

    The orbits come in a fixed order: first the corner ones (a queen at (0,0) and ``b <
    right``: a class of 8, no symmetry), then the others, whose canonical member is the one
    whose bottom queen is nearest a corner, then whose top queen is nearest the centre, then
    the least tuple. Each orbit is listed in the orientation whose search tree looks
    smallest: of the canonical member's images under :data:`_ORIENTATIONS` (the four search
    orders), the one with the fewest placements of queens on all of its first
    :data:`ESTIMATE_DEPTH` free rows, the earliest on ties. Those images never put a corner
    queen at (n-1, n-1), so a corner constellation is one with a 0 among ``t, b, left,
    right``. Cost: O(n^4) orbits, each with four shallow searches.
    """
    out = np.zeros(((n + 1) ** 4 // 4 + 16, 6), np.int64)
    k = 0
    if n < 4:
        return out[:0]
    last = n - 1
    for b in range(1, last):
        k = _orbit_block(n, True, 0, b, 1, last, out, k)
    for t in range(1, last):
        for b in range(1, last):
            k = _orbit_block(n, True, t, b, 1, last, out, k)
    return out[:k]


@njit
def list_orbit_block(n, orient, t, b, lf_lo, lf_hi):
    """The rows of :func:`list_constellations` whose canonical member has top ``t``,
    bottom ``b`` and left queen in ``lf_lo <= left < lf_hi`` (``t == 0``: the corner
    orbits whose corner-row queen is ``b``; the left range is then ignored), in order.

    Listing blocks ``(0, 1), ..., (0, n-2)``, then ``(t, b)`` for ``t, b = 1 .. n-2``
    (each whole, or cut into left ranges in order) gives :func:`list_constellations`; a
    caller looping over blocks regains control between them. With ``orient`` false each
    orbit is listed as its canonical member, unoriented: the same orbits and weights,
    cheaply (no tree estimates). Cost: O(n * (lf_hi - lf_lo)) candidates.
    """
    out = np.zeros((n * n + 16, 6), np.int64)
    k = _orbit_block(n, orient, t, b, lf_lo, lf_hi, out, 0)
    return out[:k]


@njit
def _orbit_block(n, orient, t, b, lf_lo, lf_hi, out, k):
    """Append the orbits of block ``(t, b, lf_lo..lf_hi)`` to ``out`` from row ``k``;
    return the new k."""
    last = n - 1
    if t == 0:
        for r in range(b + 1, last):
            if orient:
                ot, ob, ol, orr = _orient(n, 0, b, 0, r)
            else:
                ot, ob, ol, orr = 0, b, 0, r
            out[k, 0] = ot
            out[k, 1] = ob
            out[k, 2] = ol
            out[k, 3] = orr
            out[k, 4] = SYM_NONE
            out[k, 5] = 1
            k += 1
        return k
    if b == t:
        return k
    key = np.zeros(6, np.int64)
    other = np.zeros(6, np.int64)
    for lf in range(max(1, lf_lo), min(last, lf_hi)):
        if _attack(0, t, lf, 0) or _attack(last, b, lf, 0):
            continue
        for rt in range(1, last):
            if rt == lf or _attack(0, t, rt, last) or _attack(last, b, rt, last):
                continue
            _orbit_key(t, b, lf, rt, last, key)
            best = True
            stab = 1
            sym = SYM_NONE
            for g in range(1, 8):
                it, ib, il, ir = _image(g, t, b, lf, rt, last)
                if it == t and ib == b and il == lf and ir == rt:
                    stab += 1
                    if g == 1:
                        sym = SYM_ROT90
                    elif g == 2 and sym == SYM_NONE:
                        sym = SYM_ROT180
                    continue
                _orbit_key(it, ib, il, ir, last, other)
                if _key_less(other, key):
                    best = False
                    break
            if best:
                if orient:
                    ot, ob, ol, orr = _orient(n, t, b, lf, rt)
                else:
                    ot, ob, ol, orr = t, b, lf, rt
                out[k, 0] = ot
                out[k, 1] = ob
                out[k, 2] = ol
                out[k, 3] = orr
                out[k, 4] = sym
                out[k, 5] = stab
                k += 1
    return k
