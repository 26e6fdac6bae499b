"""Compiled min-conflicts local search for one n-queens solution (Minton 1992; Sosic-Gu 1991).

Private kernels: ints and numpy arrays in, ints out; no validation, no objects. The queens
always form a permutation (one per row and per column), so only diagonals can clash; the
number of queens on every diagonal is kept in two counter arrays (`row - col + n - 1` and
`row + col`). A move swaps the columns of two rows, which keeps the permutation.

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

__all__ = [
    "PHASE_FAILED",
    "PHASE_SOLVED",
    "min_conflicts_slice",
    "seed_search",
]

PHASE_CLEAR = 0
"""Setting up a fresh start: identity permutation, empty diagonal counters."""
PHASE_GREEDY = 1
"""Placing the greedy-random start row by row."""
PHASE_SWEEP = 2
"""Listing the attacked rows of one repair round."""
PHASE_FIX = 3
"""Swapping the listed rows with random partners."""
PHASE_SOLVED = 4
PHASE_FAILED = 5

# meta[...] indices of the resumable state
_PHASE, _ATTEMPT, _POS, _PAIRS, _STALE, _M, _BEFORE = 0, 1, 2, 3, 4, 5, 6
META_SIZE = 7

GREEDY_TRIES = 1000
"""Random columns a greedy row tries for one with empty diagonals."""
PATIENCE = 8
"""Repair rounds without progress before a fresh start."""


@njit
def seed_search(seed):
    """Seed numba's generator of the calling thread for `min_conflicts_slice`."""
    np.random.seed(seed)


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
def min_conflicts_slice(n, cols, dneg, dpos, bad, meta, max_restarts, budget):
    """Run the search for about `budget` (>= 1) steps; resumable. O(budget + n / 65536).

    `cols` (int32, length n) ends as the solution; `dneg` and `dpos` are int32 scratch
    arrays of length `2n - 1`; `bad` is int64 scratch of length `min(n, 65536)`; `meta`
    is the int64 state (length `META_SIZE`, zeros at the start). The search is over
    when `meta[0]` is `PHASE_SOLVED` (then `meta[1]` is the number of restarts
    used) or `PHASE_FAILED` (`max_restarts` fresh starts all stalled; never seen for
    n >= 4). A step is one array entry set up or swept, or one random draw. Draws come from
    numba's generator of the calling thread, seeded by `seed_search`: the result does
    not depend on how the work is cut into calls.
    """
    off = n - 1
    tail = min(n, 32)
    partners = 4 * n if n < 256 else 1024
    cap = bad.shape[0]
    phase = meta[_PHASE]
    pos = meta[_POS]
    pairs = meta[_PAIRS]
    m = meta[_M]
    while budget > 0:
        if phase == PHASE_CLEAR:
            # identity permutation and empty counters, resumable at ``pos``
            stop = min(2 * n - 1, pos + budget)
            for k in range(pos, stop):
                if k < n:
                    cols[k] = k
                dneg[k] = 0
                dpos[k] = 0
            budget -= stop - pos
            pos = stop
            if pos == 2 * n - 1:
                phase = PHASE_GREEDY
                pos = 0
                pairs = 0
        elif phase == PHASE_GREEDY:
            # Sosic and Gu's QS4: a random unused column whose diagonals are empty, if any
            while pos < n and budget > 0:
                r = pos
                chosen = -1
                for _ in range(GREEDY_TRIES if r < n - tail else 0):
                    budget -= 1
                    j = np.random.randint(r, n)
                    c = cols[j]
                    if dneg[r - c + off] == 0 and dpos[r + c] == 0:
                        chosen = j
                        break
                if chosen < 0:
                    budget -= 1
                    chosen = np.random.randint(r, n)
                c = cols[chosen]
                cols[chosen] = cols[r]
                cols[r] = c
                pairs += dneg[r - c + off] + dpos[r + c]
                dneg[r - c + off] += 1
                dpos[r + c] += 1
                pos += 1
            if pos == n:
                phase = PHASE_SWEEP
                pos = 0
                m = 0
                meta[_STALE] = 0
        elif phase == PHASE_SWEEP:
            if pos == 0 and m == 0:
                if pairs == 0:
                    phase = PHASE_SOLVED
                    break
                if meta[_STALE] >= PATIENCE:
                    if meta[_ATTEMPT] == max_restarts:
                        phase = PHASE_FAILED
                        break
                    meta[_ATTEMPT] += 1
                    phase = PHASE_CLEAR
                    continue
            # list the attacked rows (at most ``cap`` of them)
            while pos < n and m < cap and budget > 0:
                if dneg[pos - cols[pos] + off] + dpos[pos + cols[pos]] > 2:
                    bad[m] = pos
                    m += 1
                pos += 1
                budget -= 1
            if pos == n or m == cap:
                meta[_BEFORE] = pairs
                phase = PHASE_FIX
                pos = 0
        elif phase == PHASE_FIX:
            # give each listed row up to ``partners`` random partners, keep a better swap
            while pos < m and budget > 0 and pairs > 0:
                i = bad[pos]
                pos += 1
                if dneg[i - cols[i] + off] + dpos[i + cols[i]] <= 2:
                    continue  # freed by an earlier swap
                for _ in range(partners):
                    budget -= 1
                    j = np.random.randint(0, n - 1)
                    if j >= i:
                        j += 1
                    gain = _try_swap(n, cols, dneg, dpos, i, j)
                    if gain > 0:
                        pairs -= gain
                        break
            if pos == m or pairs == 0:
                meta[_STALE] = 0 if pairs < meta[_BEFORE] else meta[_STALE] + 1
                phase = PHASE_SWEEP
                pos = 0
                m = 0
        else:
            break
    meta[_PHASE] = phase
    meta[_POS] = pos
    meta[_PAIRS] = pairs
    meta[_M] = m
