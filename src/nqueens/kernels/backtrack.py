"""Compiled row-by-row bitboard backtracking: enumerate in batches, count, count classes.

Private kernels: int64 scalars and numpy arrays in, ints out; no validation, no objects.
Masks are int64 with column ``c`` at bit ``c``; every shifted diagonal mask is cut back to
the board with ``& full``, so boards up to 63 columns never touch the sign bit's meaning.

``allowed[row]`` restricts the columns a row may use (all ``full`` for the plain problem;
a single bit for a pre-placed queen; fewer bits for blocked squares). The search visits
columns in ascending order row by row, which is the textbooks' order of solutions.
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import njit

__all__ = [
    "STATE_DONE",
    "STATE_FRESH",
    "count_masked",
    "count_total",
    "count_total_unique",
    "fill_batch",
]

STATE_FRESH = 0
STATE_RUNNING = 1
STATE_DONE = 2


@njit
def _bit_index(bit: int) -> int:
    i = 0
    while bit > 1:
        bit >>= 1
        i += 1
    return i


@njit
def fill_batch(n, full, allowed, av, cs, ls, rs, pos, meta, out):
    """Write the next solutions (0-based columns) into the rows of ``out``; return how many.

    The search state lives in the caller's arrays (``av``/``cs``/``ls``/``rs``/``pos`` of
    length n, ``meta = [depth, status]``), so the next call resumes where this one stopped.
    A return value below ``len(out)`` means the search is exhausted.
    """
    cap = out.shape[0]
    k = 0
    if meta[1] == STATE_DONE:
        return 0
    if meta[1] == STATE_FRESH:
        d = 0
        cs[0] = 0
        ls[0] = 0
        rs[0] = 0
        av[0] = allowed[0] & full
        meta[1] = STATE_RUNNING
    else:
        d = meta[0]
    while d >= 0:
        a = av[d]
        if a == 0:
            d -= 1
            continue
        bit = a & -a
        av[d] = a ^ bit
        pos[d] = bit
        if d == n - 1:
            for r in range(n):
                out[k, r] = _bit_index(pos[r])
            k += 1
            if k == cap:
                meta[0] = d
                return k
            continue
        c = cs[d] | bit
        left = ((ls[d] | bit) << 1) & full
        right = (rs[d] | bit) >> 1
        d += 1
        cs[d] = c
        ls[d] = left
        rs[d] = right
        av[d] = allowed[d] & ~(c | left | right)
    meta[1] = STATE_DONE
    return k


@njit
def _count_below(n, full, allowed, row, cols, left, right):
    """Solutions in the subtree whose first ``row`` rows are fixed by the three masks."""
    if row == n:
        return 1
    av = np.empty(n, np.int64)
    cs = np.empty(n, np.int64)
    ls = np.empty(n, np.int64)
    rs = np.empty(n, np.int64)
    total = 0
    d = row
    cs[d] = cols
    ls[d] = left
    rs[d] = right
    av[d] = allowed[d] & ~(cols | left | right)
    last = n - 1
    while d >= row:
        a = av[d]
        if a == 0:
            d -= 1
            continue
        bit = a & -a
        av[d] = a ^ bit
        if d == last:
            total += 1
            continue
        c = cs[d] | bit
        lf = ((ls[d] | bit) << 1) & full
        rt = (rs[d] | bit) >> 1
        d += 1
        cs[d] = c
        ls[d] = lf
        rs[d] = rt
        av[d] = allowed[d] & ~(c | lf | rt)
    return total


@njit
def count_masked(n, full, allowed):
    """All solutions that respect ``allowed`` (no symmetry used). O(nodes)."""
    return _count_below(n, full, allowed, 0, 0, 0, 0)


@njit
def count_total(n):
    """All n-queens solutions, halving the work by the left-right mirror of the first row."""
    full = (1 << n) - 1
    allowed = np.full(n, full, np.int64)
    if n == 1:
        return 1
    total = 0
    for c in range(n // 2):
        bit = 1 << c
        total += 2 * _count_below(n, full, allowed, 1, bit, (bit << 1) & full, bit >> 1)
    if n % 2 == 1:
        bit = 1 << (n // 2)
        total += _count_below(n, full, allowed, 1, bit, (bit << 1) & full, bit >> 1)
    return total


@njit
def _is_canonical(p, img):
    """True when no symmetry image of permutation ``p`` is lexicographically smaller."""
    n = p.shape[0]
    for s in range(1, 8):
        for r in range(n):
            c = p[r]
            if s == 1:  # rotate 90: (r, c) -> (c, n-1-r)
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
        for r in range(n):
            if img[r] != p[r]:
                if img[r] < p[r]:
                    return False
                break
    return True


@njit
def count_total_unique(n):
    """(total, classes): every solution, and those that are the least of their 8 images.

    Enumerates every solution and tests each for canonicity in O(n); a simple, obviously
    correct method. The symmetry-aware kernels of :mod:`nqueens.kernels` are faster.
    """
    full = (1 << n) - 1
    allowed = np.full(n, full, np.int64)
    av = np.zeros(n, np.int64)
    cs = np.zeros(n, np.int64)
    ls = np.zeros(n, np.int64)
    rs = np.zeros(n, np.int64)
    pos = np.zeros(n, np.int64)
    meta = np.zeros(2, np.int64)
    out = np.zeros((256, n), np.int64)
    img = np.zeros(n, np.int64)
    total = 0
    unique = 0
    while True:
        k = fill_batch(n, full, allowed, av, cs, ls, rs, pos, meta, out)
        for i in range(k):
            total += 1
            if _is_canonical(out[i], img):
                unique += 1
        if k < out.shape[0]:
            break
    return total, unique
