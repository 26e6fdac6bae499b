"""Compiled exact search for region puzzles: one queen per row, column and region.

Private kernels: ints and numpy arrays in, ints out; no validation, no objects. The board is
one bit mask of candidate columns per row (``allowed[depth, row]``), copied down a depth
stack. Placing a queen clears its row, its column, its region (``regmask[k, row]`` holds the
columns of region k in each row), the squares touching it (``touching``) and, with
``diagonals``, both of its diagonals. After each placement one pass over the remaining
candidates counts them per row, column and region: a unit with none left is a dead end
(forward checking); otherwise the unit with the fewest candidates is branched on next
(most-constrained row, column or region first).

The search is iterative and resumable: ``_search`` works through at most ``budget`` nodes,
then returns with its whole state in the arrays, so the Python face can call it again (and
Ctrl-C lands between calls). It also returns when its solution buffer is full, so solutions
stream.

State ``meta``: [0] depth, [1] solutions found, [2] finished (1 when the tree is exhausted
or ``limit`` solutions were found), [3] nodes, [4] solutions stored in ``sols``.
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import njit
from nqueens.kernels.bits import bit_index, take_lowest

__all__ = ["new_state", "search"]


@njit
def _choose(n, d, allowed, done_rows, done_cols, done_regs, region, regmask, cand, ncand,
            counts):
    """Fill ``cand[d]`` with the squares of the most constrained open unit; 0 if a unit is
    empty (dead end), else the number of candidates."""
    for i in range(3 * n):
        counts[i] = 0
    for r in range(n):
        m = allowed[d, r]
        while m:
            low, m = take_lowest(m)
            c = bit_index(low)
            counts[r] += 1
            counts[n + c] += 1
            counts[2 * n + region[r, c]] += 1
    best = n * n + 1
    kind = -1
    which = -1
    for i in range(3 * n):
        unit = i % n
        if i < n:
            open_ = (done_rows[d] >> unit) & 1 == 0
        elif i < 2 * n:
            open_ = (done_cols[d] >> unit) & 1 == 0
        else:
            open_ = (done_regs[d] >> unit) & 1 == 0
        if open_:
            if counts[i] == 0:
                return 0
            if counts[i] < best:
                best = counts[i]
                kind = i // n
                which = unit
    k = 0
    if kind == 0:
        m = allowed[d, which]
        for c in range(n):
            if (m >> c) & 1:
                cand[d, k] = which * n + c
                k += 1
    elif kind == 1:
        for r in range(n):
            if (allowed[d, r] >> which) & 1:
                cand[d, k] = r * n + which
                k += 1
    else:
        for r in range(n):
            m = allowed[d, r] & regmask[which, r]
            for c in range(n):
                if (m >> c) & 1:
                    cand[d, k] = r * n + c
                    k += 1
    ncand[d] = k
    return k


@njit
def _search(n, region, regmask, touching, diagonals, allowed, done_rows, done_cols, done_regs,
            cand, ncand, pos, queen, counts, meta, sols, limit, budget):
    """Run at most ``budget`` nodes; return 1 when finished, 0 when it paused."""
    full = (np.int64(1) << n) - 1
    if meta[0] < 0:
        # first call: choose the first unit at the root
        meta[0] = 0
        pos[0] = 0
        if _choose(n, 0, allowed, done_rows, done_cols, done_regs, region, regmask, cand,
                   ncand, counts) == 0:
            meta[2] = 1
            return 1
    steps = 0
    while True:
        if meta[2] == 1:
            return 1
        if steps >= budget or meta[4] >= sols.shape[0]:
            return 0
        d = meta[0]
        if pos[d] >= ncand[d]:
            if d == 0:
                meta[2] = 1
                return 1
            meta[0] = d - 1
            continue
        cell = cand[d, pos[d]]
        pos[d] += 1
        steps += 1
        meta[3] += 1
        r = cell // n
        c = cell - r * n
        k = region[r, c]
        colbit = np.int64(1) << c
        near = ((np.int64(7) << c) >> 1) & full
        for rr in range(n):
            m = allowed[d, rr] & ~colbit & ~regmask[k, rr]
            dr = rr - r if rr >= r else r - rr
            if touching and dr <= 1:
                m &= ~near
            if diagonals and dr > 0:
                if c + dr < n:
                    m &= ~(np.int64(1) << (c + dr))
                if c - dr >= 0:
                    m &= ~(np.int64(1) << (c - dr))
            allowed[d + 1, rr] = m
        allowed[d + 1, r] = 0
        done_rows[d + 1] = done_rows[d] | (np.int64(1) << r)
        done_cols[d + 1] = done_cols[d] | colbit
        done_regs[d + 1] = done_regs[d] | (np.int64(1) << k)
        queen[d] = cell
        if d + 1 == n:
            s = meta[4]
            for i in range(n):
                q = queen[i]
                sols[s, q // n] = q % n
            meta[4] = s + 1
            meta[1] += 1
            if limit > 0 and meta[1] >= limit:
                meta[2] = 1
                return 1
            continue
        if _choose(n, d + 1, allowed, done_rows, done_cols, done_regs, region, regmask, cand,
                   ncand, counts) == 0:
            continue
        pos[d + 1] = 0
        meta[0] = d + 1


def new_state(n: int, region: np.ndarray) -> tuple[np.ndarray, ...]:
    """Fresh arrays for :func:`search` on an n x n grid with ``region[r, c]`` (int64)."""
    masks = [[0] * n for _ in range(n)]
    for r, row in enumerate(region.tolist()):
        for c, k in enumerate(row):
            masks[k][r] |= 1 << c
    regmask = np.array(masks, dtype=np.int64)
    allowed = np.zeros((n + 1, n), dtype=np.int64)
    allowed[0, :] = (1 << n) - 1
    zeros = [np.zeros(n + 1, dtype=np.int64) for _ in range(3)]
    cand = np.zeros((n + 1, n * n), dtype=np.int64)
    ncand = np.zeros(n + 1, dtype=np.int64)
    pos = np.zeros(n + 1, dtype=np.int64)
    queen = np.zeros(n, dtype=np.int64)
    counts = np.zeros(3 * n, dtype=np.int64)
    meta = np.array([-1, 0, 0, 0, 0], dtype=np.int64)
    return (regmask, allowed, *zeros, cand, ncand, pos, queen, counts, meta)


search = _search
