"""Compiled min-conflicts local search for one n-queens solution (Minton 1992; Sosic-Gu 1991).

Private kernels: ints and numpy arrays in, ints out; no validation, no objects. The queens
always form a permutation (one per row and per column), so only diagonals can clash; the
number of queens on every diagonal is kept in two counter arrays (``row - col + n - 1`` and
``row + col``). A move swaps the columns of two rows, which keeps the permutation.

1. Greedy-random start (Sosic and Gu's QS4): row by row, pick a random column among those
   not used yet and keep it when both of its diagonals are still empty, trying a bounded
   number of times; the last rows take a random unused column. Most queens start conflict-free.
2. Repair: list the queens under attack (an O(n) sweep); swap each with random other rows
   until a swap lowers the number of attacking pairs. A few rounds usually suffice.
3. If the repair stalls, start again from a fresh greedy-random board.

Randomness comes from numba's generator, seeded once per call, so a seed gives the same board.
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import njit

__all__ = ["min_conflicts"]


@njit
def _greedy_start(n, cols, dneg, dpos, tries, tail):
    """Fill ``cols`` with a greedy-random permutation and the counters; return the pairs.

    Rows before the last ``tail`` try up to ``tries`` random unused columns for one whose
    diagonals are empty; the last ``tail`` rows take a random unused column.
    """
    for r in range(n):
        cols[r] = r
    for k in range(2 * n - 1):
        dneg[k] = 0
        dpos[k] = 0
    pairs = 0
    for r in range(n):
        chosen = -1
        for _ in range(tries if r < n - tail else 0):
            j = np.random.randint(r, n)
            c = cols[j]
            if dneg[r - c + n - 1] == 0 and dpos[r + c] == 0:
                chosen = j
                break
        if chosen < 0:
            chosen = np.random.randint(r, n)
        c = cols[chosen]
        cols[chosen] = cols[r]
        cols[r] = c
        pairs += dneg[r - c + n - 1] + dpos[r + c]
        dneg[r - c + n - 1] += 1
        dpos[r + c] += 1
    return pairs


@njit
def _try_swap(n, cols, dneg, dpos, i, j):
    """Swap the columns of rows i and j when that lowers the attacking pairs; return the gain."""
    off = n - 1
    ci = cols[i]
    cj = cols[j]
    # take both queens off, then price the old and the new squares
    dneg[i - ci + off] -= 1
    dpos[i + ci] -= 1
    dneg[j - cj + off] -= 1
    dpos[j + cj] -= 1
    old = dneg[i - ci + off] + dpos[i + ci] + dneg[j - cj + off] + dpos[j + cj]
    if i - ci == j - cj:
        old += 1
    if i + ci == j + cj:
        old += 1
    new = dneg[i - cj + off] + dpos[i + cj] + dneg[j - ci + off] + dpos[j + ci]
    if i - cj == j - ci:
        new += 1
    if i + cj == j + ci:
        new += 1
    gain = 0
    if new < old:
        cols[i] = cj
        cols[j] = ci
        ci, cj = cj, ci
        gain = old - new
    dneg[i - ci + off] += 1
    dpos[i + ci] += 1
    dneg[j - cj + off] += 1
    dpos[j + cj] += 1
    return gain


@njit
def _repair(n, cols, dneg, dpos, pairs, partners, patience):
    """Swap attacked queens with random partners while that lowers ``pairs``; return pairs.

    Each round lists the attacked rows (at most 65536 of them) and gives each up to
    ``partners`` random partners; after ``patience`` rounds without progress it gives up.
    """
    off = n - 1
    bad = np.empty(min(n, 65536), np.int64)
    stale = 0
    while pairs > 0 and stale < patience:
        m = 0
        for i in range(n):
            if dneg[i - cols[i] + off] + dpos[i + cols[i]] > 2:
                bad[m] = i
                m += 1
                if m == bad.shape[0]:
                    break
        before = pairs
        for k in range(m):
            i = bad[k]
            if dneg[i - cols[i] + off] + dpos[i + cols[i]] <= 2:
                continue  # freed by an earlier swap
            for _ in range(partners):
                j = np.random.randint(0, n - 1)
                if j >= i:
                    j += 1
                gain = _try_swap(n, cols, dneg, dpos, i, j)
                if gain > 0:
                    pairs -= gain
                    break
            if pairs == 0:
                break
        stale = 0 if pairs < before else stale + 1
    return pairs


@njit
def min_conflicts(n, seed, cols, dneg, dpos, max_restarts):
    """Fill ``cols`` (int32, length n) with a solution; return the restarts used, or -1.

    ``dneg`` and ``dpos`` are int32 scratch arrays of length ``2n - 1``. Returns -1 when
    ``max_restarts`` fresh starts all stalled (never seen for n >= 4 with the defaults).
    """
    np.random.seed(seed)
    tail = min(n, 32)
    for attempt in range(max_restarts + 1):
        pairs = _greedy_start(n, cols, dneg, dpos, 1000, tail)
        partners = 4 * n if n < 256 else 1024
        pairs = _repair(n, cols, dneg, dpos, pairs, partners, 8)
        if pairs == 0:
            return attempt
    return -1
