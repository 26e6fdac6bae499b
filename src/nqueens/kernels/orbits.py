"""Compiled listing of the start constellations, one per orbit of the 8 board symmetries.

A constellation is the four border queens of a solution (one in the top row, the bottom row,
the left column and the right column; three squares when a queen sits in a corner). This
module builds a constellation's row masks (`constellation_masks`), maps it under the
symmetries, and lists one constellation per orbit (`list_constellations`), each in the
orientation whose top-down search looks cheapest and tagged with the rotations that fix it.
`nqueens.kernels.constellations` counts their completions (and re-exports these names).
Private kernel: ints and numpy arrays in, ints and arrays out; no validation, no I/O.
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import njit
from nqueens.kernels.bits import (
    NO_BUDGET,
    free,
    full_mask,
    new_frames,
    next_child,
    place_gap,
    popcount,
    push,
)

__all__ = [
    "ESTIMATE_DEPTH",
    "SYM_NONE",
    "SYM_ROT90",
    "SYM_ROT180",
    "constellation_masks",
    "list_constellations",
    "list_orbit_block",
    "root_frame",
]

SYM_NONE = 0
"""No rotation fixes the constellation: count completions only."""
SYM_ROT180 = 1
"""The half turn fixes the constellation: also count completions it fixes."""
SYM_ROT90 = 2
"""The quarter turns fix the constellation: also count completions fixed by 90 and 180."""


@njit
def root_frame(allowed, rows, top):
    """`(cols, left, right, open)` of the first free row `rows[0]` below the top queen."""
    c, lf, rt = place_gap(0, 0, 0, 1 << top, rows[0])
    return c, lf, rt, free(c, lf, rt, allowed[rows[0]])


@njit
def constellation_masks(n, t, b, left, right):
    """`(allowed, rows)` for the border queens (0,t), (n-1,b), (left,0), (right,n-1).

    A corner queen is two of the four: `t == left == 0` puts one at (0,0), `t == n-1,
    right == 0` at (0,n-1), `b == 0, left == n-1` at (n-1,0). `allowed[y]` is a single
    bit on a border queen's row, else the columns no border queen attacks; `rows` lists,
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
def _image(g, t, b, left, right, last):
    """The constellation `(t, b, left, right)` under symmetry `g` (0..7, as in board)."""
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
    """Write the sort key of constellation `(t, b, left, right)` into `key`: the orbit's
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
"""How many free rows `_tree_estimate` looks down when choosing an orientation."""

_ORIENTATIONS = (0, 1, 3, 5)
"""One symmetry per search order (top-down, bottom-up, and the two along the columns); the
other four are their mirror images, whose search trees are the same size."""


@njit
def _tree_estimate(n, t, b, left, right, depth, bound):
    """The placements of queens on all of the first `depth` free rows (all free rows if
    fewer), or `bound` once they reach it.

    A cheap, exact stand-in for the size of the constellation's search tree (the width of
    its level `depth`); the split searches each orbit in the orientation where it is
    smallest, so an orientation stops being measured once it cannot win. Cost: the
    placements of the first `depth - 1` free rows (the last level is a popcount), cut
    short at `bound`.
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
    """The image of the constellation, among `_ORIENTATIONS`, with the least estimate.

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
    """One constellation per symmetry orbit: rows `(t, b, left, right, sym, stabilizer)`.

    The orbits come in a fixed order: first the corner ones (a queen at (0,0) and `b <
    right`: a class of 8, no symmetry), then the others, whose canonical member is the one
    whose bottom queen is nearest a corner, then whose top queen is nearest the centre, then
    the least tuple. Each orbit is listed in the orientation whose search tree looks
    smallest: of the canonical member's images under `_ORIENTATIONS` (the four search
    orders), the one with the fewest placements of queens on all of its first
    `ESTIMATE_DEPTH` free rows, the earliest on ties. Those images never put a corner
    queen at (n-1, n-1), so a corner constellation is one with a 0 among `t, b, left,
    right`. Cost: O(n^4) orbits, each with four shallow searches.
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
    """The rows of `list_constellations` whose canonical member has top `t`,
    bottom `b` and left queen in `lf_lo <= left < lf_hi` (`t == 0`: the corner
    orbits whose corner-row queen is `b`; the left range is then ignored), in order.

    Listing blocks `(0, 1), ..., (0, n-2)`, then `(t, b)` for `t, b = 1 .. n-2`
    (each whole, or cut into left ranges in order) gives `list_constellations`; a
    caller looping over blocks regains control between them. With `orient` false each
    orbit is listed as its canonical member, unoriented: the same orbits and weights,
    cheaply (no tree estimates). Cost: O(n * (lf_hi - lf_lo)) candidates.
    """
    out = np.zeros((n * n + 16, 6), np.int64)
    k = _orbit_block(n, orient, t, b, lf_lo, lf_hi, out, 0)
    return out[:k]


@njit
def _orbit_block(n, orient, t, b, lf_lo, lf_hi, out, k):
    """Append the orbits of block `(t, b, lf_lo..lf_hi)` to `out` from row `k`;
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
