"""Compiled bit helpers for bitboards: the one place the bitboard step is written.

Private `@njit` helpers for the kernels (int64 in, int64 out). A row's free columns are
the set bits of an int: column `c` is bit `c`. A search keeps three masks per row, the
columns taken and the two diagonals, shifted one column per row and cut back to the board
with `& full`; `place` moves them one row down with a queen added, and
`free` gives the columns of the next row that no queen attacks. numba inlines these
small functions into the kernels that call them (measured: docs/performance.md, decisions).

>>> full_mask(4), lowest_bit(0b10100), bit_index(8), popcount(0b1011)
(15, 4, 3, 3)
>>> take_lowest(0b0110)
(2, 4)
>>> place(0, 0, 0, 0b0100, 15)
(4, 8, 2)
>>> free(4, 8, 2, 15)
1

A search that skips rows moves the diagonals by the gap, and looks one row further ahead:

>>> place_gap(0, 0, 0, 0b0100, 2)
(4, 16, 1)
>>> free_ahead(4, 16, 1, 1, 0b1111)
11

A depth-first search keeps one frame per row in arrays (`cs`, `ls`, `rs`: the row's
three masks); `start` clears row 0 and `descend` moves one row down:

>>> import numpy as np
>>> cs, ls, rs = (np.ones(4, np.int64) for _ in range(3))
>>> start(cs, ls, rs)
>>> [int(m) for m in descend(cs, ls, rs, 0, 0b0100, 15)], cs.tolist(), ls.tolist(), rs.tolist()
([4, 8, 2], [0, 4, 1, 1], [0, 8, 1, 1], [0, 2, 1, 1])
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import njit

__all__ = [
    "NO_BUDGET", "STATE_DONE", "STATE_FRESH", "STATE_RUNNING", "bit_index", "descend", "free",
    "free_ahead", "full_mask", "lowest_bit", "new_frames", "next_child", "place", "place_gap",
    "popcount", "push", "resume", "spread", "start", "suspend", "take_lowest",
]


@njit
def full_mask(n):
    """The mask with the low `n` bits set: every column of an `n`-board. O(1)."""
    return (1 << n) - 1


@njit
def spread(m):
    """The most bits of `m` that can be chosen with no two adjacent (greedy from bit 0):
    the most stars one row's open squares `m` can take. O(bits of m)."""
    t = 0
    while m:
        low = m & -m
        t += 1
        m &= ~(low | (low << 1))
    return t


@njit
def lowest_bit(mask):
    """The lowest set bit of `mask` as a mask (0 for 0): the leftmost free column. O(1)."""
    return mask & -mask


@njit
def take_lowest(mask):
    """`(bit, rest)`: the lowest set bit of `mask` and `mask` without it. O(1).

    The search's step "try the leftmost free square and cross it off the row".
    """
    bit = mask & -mask
    return bit, mask ^ bit


@njit
def bit_index(bit):
    """The column number of a one-bit int64 mask (0 for 1, 3 for 8, 63 for the sign bit).

    O(log 64): a binary search over the word.
    """
    if bit < 0:
        return 63
    i = 0
    step = 32
    while step:
        if bit >> step:
            bit >>= step
            i += step
        step >>= 1
    return i


@njit
def popcount(mask):
    """The number of set bits of a non-negative int64 mask. O(1): bits summed in parallel."""
    x = mask - ((mask >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x += x >> 8
    x += x >> 16
    x += x >> 32
    return x & 0x7F


@njit
def place(cols, left, right, bit, full):
    """The masks of the next row after a queen on `bit`: `(cols, left, right)`. O(1).

    `left` holds the diagonals going up-left (shifted left each row, cut at `full`),
    `right` the diagonals going up-right (shifted right each row).
    """
    return cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1


@njit
def free(cols, left, right, allowed):
    """The columns of `allowed` that no queen attacks, given a row's three masks. O(1)."""
    return allowed & ~(cols | left | right)


@njit
def place_gap(cols, left, right, bit, gap):
    """The masks `gap` rows further down after a queen on `bit`: `(cols, left, right)`.

    For searches that skip rows (rows holding a fixed queen, whose attacks are already
    struck out of the other rows): the diagonals move one column per row skipped. Not cut
    to the board: the `allowed` mask of the row they are used on cuts them. O(1).
    """
    return cols | bit, (left | bit) << gap, (right | bit) >> gap


@njit
def free_ahead(cols, left, right, gap, allowed):
    """The columns of `allowed` left open `gap` rows below a row with these masks. O(1).

    The look-ahead "will the row after the next one still have a square?": with `gap`
    0 it is `free`.
    """
    return allowed & ~(cols | (left << gap) | (right >> gap))


NO_BUDGET = 1 << 62
"""A node or step budget no search reaches: one slice that runs to the end."""
STATE_FRESH = 0
"""A resumable search's status (`meta[1]`) before its first slice."""
STATE_RUNNING = 1
"""A resumable search's status between two slices (`meta[0]` holds its depth)."""
STATE_DONE = 2
"""A resumable search's status once it is exhausted."""


@njit
def start(cs, ls, rs):
    """Clear row 0's frame: no column and no diagonal taken yet. O(1)."""
    cs[0] = 0
    ls[0] = 0
    rs[0] = 0


@njit
def descend(cs, ls, rs, d, bit, full):
    """Place a queen on `bit` in row `d`: write row `d + 1`'s masks and return them.

    The search's step "go one row down" on frame arrays; the caller moves `d` on and
    keeps the returned `(cols, left, right)` in registers (reading them back from the
    arrays costs up to 1.5x in the tree walk: docs/performance.md, decisions). O(1).
    """
    c, lf, rt = place(cs[d], ls[d], rs[d], bit, full)
    cs[d + 1] = c
    ls[d + 1] = lf
    rs[d + 1] = rt
    return c, lf, rt


@njit
def resume(meta, cs, ls, rs, av, first):
    """The depth a resumable search goes on from: 0 when fresh (row 0 set up, its open
    squares `first`), where the last slice stopped when running, -1 when done. O(1).

    `meta = [depth, status, ...]`; `suspend` writes it back at the slice's end.
    """
    if meta[1] == STATE_DONE:
        return -1
    if meta[1] == STATE_FRESH:
        start(cs, ls, rs)
        av[0] = first
        meta[1] = STATE_RUNNING
        return 0
    return meta[0]


@njit
def suspend(meta, d):
    """Record where a slice of a resumable search stopped: depth `d`, or done if `d < 0`.

    O(1).
    """
    if d < 0:
        meta[1] = STATE_DONE
    else:
        meta[0] = d


@njit
def new_frames(depth):
    """Zeroed frame arrays `(cs, ls, rs, bm)` for a search `depth` rows deep. O(depth)."""
    return (np.zeros(depth, np.int64), np.zeros(depth, np.int64), np.zeros(depth, np.int64),
            np.zeros(depth, np.int64))


@njit
def next_child(cs, ls, rs, bm, i, gap, allowed):
    """Take the next untried square of frame `i` (`bm[i]`, crossed off) and give the row
    `gap` below: `(bit, cols, left, right, open)`, `bit` 0 when none is left. O(1).

    The step of a search over frame arrays that skips rows (`place_gap`); the
    caller backs up on 0, or moves on with `push`.
    """
    b = bm[i]
    if b == 0:
        return 0, 0, 0, 0, 0
    bit, bm[i] = take_lowest(b)
    c, lf, rt = place_gap(cs[i], ls[i], rs[i], bit, gap)
    return bit, c, lf, rt, free(c, lf, rt, allowed)


@njit
def push(cs, ls, rs, bm, j, cols, left, right, open_squares):
    """Write frame `j`: its three masks and its open squares, all untried. O(1)."""
    cs[j] = cols
    ls[j] = left
    rs[j] = right
    bm[j] = open_squares
