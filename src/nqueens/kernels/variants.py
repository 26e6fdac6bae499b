"""Compiled row-by-row search for the variants: any width, K queens, torus, knight moves.

Private kernels: int64 scalars and numpy arrays in, ints out; no validation, no objects.
The variant is data, one int64 array `spec`:

    spec[SPEC_ROWS]   rows (N)             spec[SPEC_WIDTH]  columns (M >= N)
    spec[SPEC_QUEENS] queens to place (K)  spec[SPEC_TORUS]  1: diagonals wrap (square only)
    spec[SPEC_KNIGHT] 1: queens also move as knights (superqueens)

Masks are int64 with column `c` at bit `c` (M <= 61). Row `d` keeps the columns and
the two diagonals taken by the queens above it; on the torus the diagonals rotate instead of
falling off the board. With K < N a row may stay empty: the choice "no queen in this row" is
the extra bit `1 << M` of a row's open set, tried after every column, and offered only
where `allowed[row]` has that bit too and enough rows are left for the queens still to
place. A solution is complete as soon as
the K-th queen is placed (the rows below it stay empty), so each set of squares is found
exactly once. Order: row by row, columns ascending, an empty row last.

Solutions are written as rows of `out`: the 0-based column of each row, -1 for an empty
row. Like `nqueens.kernels.backtrack`, the search is resumable (its state lives in the
caller's arrays) and each call stops after `budget` backtracks, so the Python face loops
over slices and Ctrl-C lands between them.
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import njit
from nqueens.kernels.bits import (
    STATE_DONE,
    STATE_FRESH,
    STATE_RUNNING,
    bit_index,
    take_lowest,
)

__all__ = [
    "GROUP_RECTANGLE",
    "GROUP_SQUARE",
    "GROUP_TORUS",
    "GROUP_TORUS_PINNED",
    "SPEC_KNIGHT",
    "SPEC_QUEENS",
    "SPEC_ROWS",
    "SPEC_TORUS",
    "SPEC_WIDTH",
    "count_canonical",
    "count_slice",
    "fill_batch",
    "new_state",
]

SPEC_ROWS = 0
SPEC_WIDTH = 1
SPEC_QUEENS = 2
SPEC_TORUS = 3
SPEC_KNIGHT = 4

GROUP_RECTANGLE = 0
"""The 4 symmetries of an N x M rectangle (N < M): identity, the two mirrors, the half turn."""
GROUP_SQUARE = 1
"""The 8 symmetries of the square: 4 turns, each with and without a mirror."""
GROUP_TORUS = 2
"""The 8 N^2 symmetries of the torus used by OEIS A053994: the square's 8, each followed by
any of the N^2 translations (row shift, column shift, both mod N)."""
GROUP_TORUS_PINNED = 3
"""The torus group for full placements (a queen in every row) with a queen on (0, 0): the
least image of a class has its row-0 queen in column 0, so only the column shift that puts
it there is tried: 8 N images, not 8 N^2."""


@njit
def new_state(rows):
    """Fresh resumable state `(av, cs, ls, rs, pos, qs, meta)` for `rows` rows. O(rows)."""
    return (np.zeros(rows, np.int64), np.zeros(rows, np.int64), np.zeros(rows, np.int64),
            np.zeros(rows, np.int64), np.zeros(rows, np.int64), np.zeros(rows, np.int64),
            np.zeros(2, np.int64))


@njit
def _rotate_left(x, width, full):
    """Shift `x` one column right on the board (bit up), wrapping the last column to 0."""
    return ((x << 1) | (x >> (width - 1))) & full


@njit
def _rotate_right(x, width, full):
    """Shift `x` one column left on the board (bit down), wrapping column 0 to the last."""
    return ((x >> 1) | (x << (width - 1))) & full


@njit
def _open(spec, allowed, cs, ls, rs, pos, qs, d, full, skip):
    """The open choices of row `d`: free columns it may use, plus `skip` when the row
    may stay empty. O(1)."""
    a = allowed[d] & full & ~(cs[d] | ls[d] | rs[d])
    if spec[SPEC_KNIGHT] != 0 and d >= 1:
        p1 = pos[d - 1]
        hit = (p1 << 2) | (p1 >> 2)
        if d >= 2:
            p2 = pos[d - 2]
            hit |= (p2 << 1) | (p2 >> 1)
        a &= ~hit
    rows = spec[SPEC_ROWS]
    if allowed[d] & skip and rows - d - 1 >= spec[SPEC_QUEENS] - qs[d]:
        a |= skip
    return a


@njit
def _walk(spec, allowed, av, cs, ls, rs, pos, qs, meta, out, budget, record):
    """The resumable search behind `fill_batch` and `count_slice`; returns the
    solutions found in this call. Cost: O(budget + solutions * rows when recording)."""
    rows = spec[SPEC_ROWS]
    width = spec[SPEC_WIDTH]
    k = spec[SPEC_QUEENS]
    torus = spec[SPEC_TORUS] != 0
    full = (1 << width) - 1
    skip = 1 << width
    cap = out.shape[0]
    found = 0
    if meta[1] == STATE_DONE:
        return 0
    if meta[1] == STATE_FRESH:
        cs[0] = 0
        ls[0] = 0
        rs[0] = 0
        pos[0] = 0
        qs[0] = 0
        av[0] = _open(spec, allowed, cs, ls, rs, pos, qs, 0, full, skip)
        meta[1] = STATE_RUNNING
        d = 0
    else:
        d = meta[0]
    last = rows - 1
    while d >= 0 and budget > 0:
        a = av[d]
        if a == 0:  # the row is exhausted: back up
            d -= 1
            budget -= 1
            continue
        bit, av[d] = take_lowest(a)
        if bit == skip:
            bit = 0
        pos[d] = bit
        q = qs[d] + (1 if bit != 0 else 0)
        if q == k:  # the last queen: a solution, the rows below stay empty
            if record:
                for r in range(rows):
                    out[found, r] = bit_index(pos[r]) if r <= d and pos[r] != 0 else -1
                found += 1
                if found == cap:
                    break
            else:
                found += 1
            continue
        if d == last:
            continue
        c = cs[d] | bit
        if torus:
            lf = _rotate_left(ls[d] | bit, width, full)
            rt = _rotate_right(rs[d] | bit, width, full)
        else:
            lf = ((ls[d] | bit) << 1) & full
            rt = (rs[d] | bit) >> 1
        d += 1
        cs[d] = c
        ls[d] = lf
        rs[d] = rt
        qs[d] = q
        pos[d] = 0
        av[d] = _open(spec, allowed, cs, ls, rs, pos, qs, d, full, skip)
    if d < 0:
        meta[1] = STATE_DONE
    else:
        meta[0] = d
    return found


@njit
def fill_batch(spec, allowed, av, cs, ls, rs, pos, qs, meta, out, budget):
    """Write the next solutions into the rows of `out` (column per row, -1 for an empty
    row); return how many. State as `new_state` makes it; `allowed[row]` masks the
    columns a row may use (bit M: whether it may stay empty). Returns when `out` is full
    or after `budget` (>= 1) backtracks; `meta[1]` is `STATE_DONE` once exhausted.
    Cost: O(budget + len(out) N).
    """
    return _walk(spec, allowed, av, cs, ls, rs, pos, qs, meta, out, budget, True)


@njit
def count_slice(spec, allowed, av, cs, ls, rs, pos, qs, meta, budget):
    """Count the next solutions for `budget` (>= 1) backtracks; return how many.
    Summed over the calls until `meta[1]` is `STATE_DONE`, the count is exact.
    Cost: O(budget)."""
    return _walk(spec, allowed, av, cs, ls, rs, pos, qs, meta,
                 np.zeros((0, 1), np.int64), budget, False)


# -- symmetry classes ---------------------------------------------------------------------


@njit
def _image(p, width, s, dr, dc, img):
    """Write image `s` (0..7) of placement `p` (column per row, -1 empty) into `img`,
    then shift it `dr` rows and `dc` columns mod the size (the torus; 0, 0 elsewhere).

    0 identity, 1 half turn, 2 mirror columns, 3 mirror rows (the 4 of a rectangle), then
    4 transpose, 5 anti-transpose, 6 quarter turn, 7 three-quarter turn (squares only).
    """
    rows = p.shape[0]
    for r in range(rows):
        img[r] = -1
    for r in range(rows):
        c = p[r]
        if c < 0:
            continue
        if s == 0:
            r2, c2 = r, c
        elif s == 1:
            r2, c2 = rows - 1 - r, width - 1 - c
        elif s == 2:
            r2, c2 = r, width - 1 - c
        elif s == 3:
            r2, c2 = rows - 1 - r, c
        elif s == 4:
            r2, c2 = c, r
        elif s == 5:
            r2, c2 = width - 1 - c, rows - 1 - r
        elif s == 6:  # (r, c) -> (c, n-1-r)
            r2, c2 = c, rows - 1 - r
        else:  # (r, c) -> (n-1-c, r)
            r2, c2 = width - 1 - c, r
        img[(r2 + dr) % rows] = (c2 + dc) % width


@njit
def _less(a, b):
    """Whether `a` comes before `b` lexicographically (an empty row, -1, first)."""
    for r in range(a.shape[0]):
        if a[r] != b[r]:
            return a[r] < b[r]
    return False


@njit
def _is_canonical(p, width, group, img):
    """True when no image of `p` under `group` is lexicographically smaller.

    Cost: O(|group| N): 4 or 8 images, or 8 N^2 on the torus.
    """
    rows = p.shape[0]
    images = 4 if group == GROUP_RECTANGLE else 8
    shifts = rows if group >= GROUP_TORUS else 1
    columns = rows if group == GROUP_TORUS else 1
    for s in range(images):
        for dr in range(shifts):
            for dc in range(columns):
                _image(p, width, s, dr, dc, img)
                if group == GROUP_TORUS_PINNED:  # shift the row-0 queen to column 0
                    _image(p, width, s, dr, width - img[0], img)
                if _less(img, p):
                    return False
    return True


@njit
def count_canonical(out, k, width, group, img):
    """How many of the first `k` rows of `out` are the least of their images under
    `group` (one per symmetry class). Cost: O(k |group| N)."""
    unique = 0
    for i in range(k):
        if _is_canonical(out[i], width, group, img):
            unique += 1
    return unique
