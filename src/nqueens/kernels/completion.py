"""Compiled completion search for partial boards of any size: bitsets, propagation, restarts.

Private kernels: ints and numpy arrays in, ints out; no validation, no objects. The whole
search state lives in the caller's arrays, so `search` works in bounded slices (a node
budget per call) and the next call resumes where the last one stopped.

The board is kept as bitsets of the squares still open (not attacked, not blocked, line not
yet taken): `bits[0, r]` holds row r's open columns, `bits[1, c]` column c's open rows,
each as `w = ceil(n / 64)` int64 words (bit `i % 64` of word `i // 64`); `cnt` keeps
how many squares each line has open, `q[0, r]` / `q[1, c]` the queen's column / row or
-1. Placing a queen removes every open square on its row, column and both diagonals (each
removal is pushed on `trail` and undone on backtracking). A line (row or column) without a
queen whose count falls to 0 is a dead end; one whose count falls to 1 is forced and placed at
once (`queue`). The search branches on one line: the lowest row without a queen, columns
ascending (`ORDER_ROWS`: the textbook order of solutions, first solution = the
lexicographically smallest), or the row or column with the fewest open squares
(`ORDER_CONSTRAINED`), optionally with random ties and value order and restarts after a
growing number of dead ends (`meta[M_RESTART] = 1`). Branching on a line splits the
completions into disjoint sets, so counting and listing stay exact in both orders.

Layout of `fr[d]` (one frame per branching depth): trail mark, queen mark, next candidate,
number of candidates; the candidates (squares `r * n + c`) are in `cands[d]`.

>>> import numpy as np
>>> bits, cnt, q, trail, qstack, queue, fr, cands, meta = state = new_state(4)
>>> meta[M_STOP] = 1                      # stop at each solution (rows order by default)
>>> setup(4, 1, np.ones(16, np.uint8), np.zeros(0, np.int64), bits, cnt, q, trail, qstack,
...       queue, meta)
1
>>> search(4, 1, *state, 1000) == STATUS_SOLUTION, [int(c) for c in q[0]]
(True, [1, 3, 0, 2])
>>> search(4, 1, *state, 1000) == STATUS_SOLUTION, [int(c) for c in q[0]]
(True, [2, 0, 3, 1])
>>> search(4, 1, *state, 1000) == STATUS_EXHAUSTED
True
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import njit
from nqueens.kernels.bits import bit_index, descend, free, lowest_bit, start, take_lowest

__all__ = [
    "M_SIZE",
    "ORDER_CONSTRAINED",
    "ORDER_ROWS",
    "STATUS_BUDGET",
    "STATUS_EXHAUSTED",
    "STATUS_LIMIT",
    "STATUS_SOLUTION",
    "count_rows",
    "new_state",
    "search",
    "setup",
]

ORDER_ROWS = 0
ORDER_CONSTRAINED = 1

STATUS_BUDGET = 0
"""The node budget of this call ran out; call again to go on."""
STATUS_SOLUTION = 1
"""A completion is on the board (`q[0]`); call again to go on past it."""
STATUS_EXHAUSTED = 2
"""The search tree is exhausted: every completion was seen (a proof when none was)."""
STATUS_LIMIT = 3
"""Counting stopped: more than `meta[M_COUNT_LIMIT]` completions."""

# meta slots (int64)
M_N = 0
M_W = 1
M_ORDER = 2
M_RESTART = 3       # 1: random ties and value order, restarts after M_LIMIT dead ends
M_STOP = 4          # 1: return at each solution; 0: count them
M_DEPTH = 5
M_PHASE = 6         # 0: choose a line at a consistent node; 1: try the next candidate
M_NODES = 7
M_FAILS = 8
M_LIMIT = 9         # dead ends allowed in this run (-1: unlimited)
M_RUN_FAILS = 10
M_RESTARTS = 11
M_RNG = 12
M_COUNT = 13
M_COUNT_LIMIT = 14  # -1: count all
M_TRAIL = 15        # trail top
M_QTOP = 16         # queens on the board
M_ROOT_TRAIL = 17
M_ROOT_QTOP = 18
M_DEAD = 19         # 1: the root itself is a dead end
M_SIZE = 20

MAX_RESTARTS = 40
"""After this many restarts the run is unlimited (so it ends in a proof or a solution)."""
GROWTH_NUM, GROWTH_DEN = 3, 2


@njit
def _rand(meta, bound):
    """A pseudo-random integer in [0, bound) from the LCG state in meta[M_RNG]."""
    x = meta[M_RNG] * 6364136223846793005 + 1442695040888963407
    meta[M_RNG] = x
    return ((x >> 33) & 0x7FFFFFFF) % bound


@njit
def _is_open(bits, kind, line, i):
    return (bits[kind, line, i >> 6] >> (i & 63)) & 1


@njit
def _remove(n, bits, cnt, q, trail, queue, meta, r, c):
    """Close the open square (r, c); return 0 when a line without a queen ran empty."""
    bits[0, r, c >> 6] &= ~(1 << (c & 63))
    bits[1, c, r >> 6] &= ~(1 << (r & 63))
    t = meta[M_TRAIL]
    trail[t] = r * n + c
    meta[M_TRAIL] = t + 1
    cnt[0, r] -= 1
    cnt[1, c] -= 1
    ok = 1
    if q[0, r] < 0:
        k = cnt[0, r]
        if k == 0:
            ok = 0
        elif k == 1:
            queue[0] += 1
            queue[queue[0]] = r
    if q[1, c] < 0:
        k = cnt[1, c]
        if k == 0:
            ok = 0
        elif k == 1:
            queue[0] += 1
            queue[queue[0]] = n + c
    return ok


@njit
def _close_line(n, w, bits, cnt, q, trail, queue, meta, kind, line):
    """Close every open square of row `line` (`kind` 0) or column `line` (1); 0 on a
    dead end."""
    for k in range(w):
        word = bits[kind, line, k]
        while word != 0:
            low, word = take_lowest(word)
            y = k * 64 + bit_index(low)
            r, c = (line, y) if kind == 0 else (y, line)
            if _remove(n, bits, cnt, q, trail, queue, meta, r, c) == 0:
                return 0
    return 1


@njit
def _place(n, w, bits, cnt, q, trail, qstack, queue, meta, r, c):
    """Put a queen on the open square (r, c) and close what it attacks; 0 on a dead end."""
    qstack[meta[M_QTOP]] = r * n + c
    meta[M_QTOP] += 1
    q[0, r] = c
    q[1, c] = r
    # the row and the column (their counts no longer matter: both lines are taken)
    if (_close_line(n, w, bits, cnt, q, trail, queue, meta, 0, r) == 0
            or _close_line(n, w, bits, cnt, q, trail, queue, meta, 1, c) == 0):
        return 0
    # both diagonals, one square per row
    for i in range(n):
        if i == r:
            continue
        d = i - r
        j = c + d
        if (0 <= j < n and _is_open(bits, 0, i, j)
                and _remove(n, bits, cnt, q, trail, queue, meta, i, j) == 0):
            return 0
        j = c - d
        if (0 <= j < n and _is_open(bits, 0, i, j)
                and _remove(n, bits, cnt, q, trail, queue, meta, i, j) == 0):
            return 0
    return 1


@njit
def _only_square(n, w, bits, kind, line):
    for k in range(w):
        word = bits[kind, line, k]
        if word != 0:
            return k * 64 + bit_index(lowest_bit(word))
    return -1


@njit
def _propagate(n, w, bits, cnt, q, trail, qstack, queue, meta):
    """Place every forced queen (a line with one open square); 0 on a dead end."""
    while queue[0] > 0:
        line = queue[queue[0]]
        queue[0] -= 1
        kind = 0 if line < n else 1
        x = line - kind * n
        if q[kind, x] >= 0:
            continue
        if cnt[kind, x] == 0:
            queue[0] = 0
            return 0
        y = _only_square(n, w, bits, kind, x)
        r, c = (x, y) if kind == 0 else (y, x)
        if _place(n, w, bits, cnt, q, trail, qstack, queue, meta, r, c) == 0:
            queue[0] = 0
            return 0
    return 1


@njit
def _undo(n, bits, cnt, q, trail, qstack, meta, tmark, qmark):
    t = meta[M_TRAIL]
    while t > tmark:
        t -= 1
        s = trail[t]
        r = s // n
        c = s - r * n
        bits[0, r, c >> 6] |= 1 << (c & 63)
        bits[1, c, r >> 6] |= 1 << (r & 63)
        cnt[0, r] += 1
        cnt[1, c] += 1
    meta[M_TRAIL] = tmark
    k = meta[M_QTOP]
    while k > qmark:
        k -= 1
        s = qstack[k]
        r = s // n
        q[0, r] = -1
        q[1, s - r * n] = -1
    meta[M_QTOP] = qmark


@njit
def setup(n, w, open_sq, placed, bits, cnt, q, trail, qstack, queue, meta):
    """Fill the state from `open_sq` (n*n uint8, 1 = not blocked) and the placed queens
    (squares `r * n + c`, mutually non-attacking), then propagate. Return 0 on a dead end."""
    bits[:] = 0
    cnt[:] = 0
    q[:] = -1
    queue[0] = 0
    for r in range(n):
        for c in range(n):
            if open_sq[r * n + c]:
                bits[0, r, c >> 6] |= 1 << (c & 63)
                bits[1, c, r >> 6] |= 1 << (r & 63)
                cnt[0, r] += 1
                cnt[1, c] += 1
    ok = 1
    for s in placed:
        r = s // n
        if _place(n, w, bits, cnt, q, trail, qstack, queue, meta, r, s - r * n) == 0:
            ok = 0
            break
    if ok:
        # the scan below queues every forced line again: drop what the placements queued, or
        # a line could be queued twice and overflow ``queue`` (2n + 1 slots; numba does not
        # check bounds, so the overflow wrote past the array; NUMBA_DISABLE_JIT=1 found it)
        queue[0] = 0
        for kind in range(2):
            for x in range(n):
                if q[kind, x] < 0 and cnt[kind, x] <= 1:
                    queue[0] += 1
                    queue[queue[0]] = kind * n + x
        ok = _propagate(n, w, bits, cnt, q, trail, qstack, queue, meta)
    queue[0] = 0
    meta[M_ROOT_TRAIL] = meta[M_TRAIL]
    meta[M_ROOT_QTOP] = meta[M_QTOP]
    meta[M_DEAD] = 1 - ok
    meta[M_DEPTH] = 0
    meta[M_PHASE] = 0
    return ok


@njit
def _choose(n, w, bits, cnt, q, meta, cands, d):
    """Write the candidate squares of the branching line into cands[d]; return how many."""
    kind = 0
    line = -1
    if meta[M_ORDER] == ORDER_ROWS:
        for r in range(n):
            if q[0, r] < 0:
                line = r
                break
    else:
        best = n + 1
        ties = 0
        rnd = meta[M_RESTART]
        for kk in range(2):
            for x in range(n):
                if q[kk, x] >= 0:
                    continue
                k = cnt[kk, x]
                if k < best:
                    best = k
                    kind = kk
                    line = x
                    ties = 1
                elif k == best and rnd:
                    ties += 1
                    if _rand(meta, ties) == 0:
                        kind = kk
                        line = x
            if best <= 2 and not rnd:
                break
    m = 0
    for k in range(w):
        word = bits[kind, line, k]
        while word != 0:
            low, word = take_lowest(word)
            y = k * 64 + bit_index(low)
            cands[d, m] = line * n + y if kind == 0 else y * n + line
            m += 1
    if meta[M_RESTART]:
        for i in range(m - 1, 0, -1):
            j = _rand(meta, i + 1)
            t = cands[d, i]
            cands[d, i] = cands[d, j]
            cands[d, j] = t
    return m


@njit
def search(n, w, bits, cnt, q, trail, qstack, queue, fr, cands, meta, budget):
    """Go on with the search for at most `budget` nodes; return a STATUS_* code.

    Cost: O(n) per node (choosing a line, closing the squares a queen attacks).
    """
    if meta[M_DEAD]:
        return STATUS_EXHAUSTED
    stop = meta[M_NODES] + budget
    while True:
        if meta[M_PHASE] == 0:
            if meta[M_QTOP] == n:
                meta[M_COUNT] += 1
                meta[M_PHASE] = 1
                if meta[M_STOP]:
                    return STATUS_SOLUTION
                if meta[M_COUNT_LIMIT] >= 0 and meta[M_COUNT] > meta[M_COUNT_LIMIT]:
                    return STATUS_LIMIT
                continue
            d = meta[M_DEPTH]
            fr[d, 0] = meta[M_TRAIL]
            fr[d, 1] = meta[M_QTOP]
            fr[d, 2] = 0
            fr[d, 3] = _choose(n, w, bits, cnt, q, meta, cands, d)
            meta[M_DEPTH] = d + 1
            meta[M_PHASE] = 1
            continue
        d = meta[M_DEPTH] - 1
        if d < 0:
            return STATUS_EXHAUSTED
        _undo(n, bits, cnt, q, trail, qstack, meta, fr[d, 0], fr[d, 1])
        i = fr[d, 2]
        if i == fr[d, 3]:
            meta[M_DEPTH] = d
            continue
        if meta[M_NODES] >= stop:
            return STATUS_BUDGET
        fr[d, 2] = i + 1
        meta[M_NODES] += 1
        s = cands[d, i]
        r = s // n
        ok = _place(n, w, bits, cnt, q, trail, qstack, queue, meta, r, s - r * n)
        if ok:
            ok = _propagate(n, w, bits, cnt, q, trail, qstack, queue, meta)
        queue[0] = 0
        if ok:
            meta[M_PHASE] = 0
            continue
        meta[M_FAILS] += 1
        meta[M_RUN_FAILS] += 1
        if meta[M_RESTART] and meta[M_LIMIT] >= 0 and meta[M_RUN_FAILS] > meta[M_LIMIT]:
            _undo(n, bits, cnt, q, trail, qstack, meta, meta[M_ROOT_TRAIL], meta[M_ROOT_QTOP])
            meta[M_DEPTH] = 0
            meta[M_PHASE] = 0
            meta[M_RUN_FAILS] = 0
            meta[M_RESTARTS] += 1
            if meta[M_RESTARTS] >= MAX_RESTARTS:
                meta[M_LIMIT] = -1
            else:
                meta[M_LIMIT] = meta[M_LIMIT] * GROWTH_NUM // GROWTH_DEN + 1


@njit
def count_rows(n, full, allowed, av, cs, ls, rs, meta, budget):
    """Go on counting the row-by-row bitmask search (n <= 63) for at most `budget` nodes.

    `allowed[r]` holds row r's usable columns; `av/cs/ls/rs` (length n) keep the open
    columns left to try and the column / diagonal masks per depth; `meta` = [depth (-1:
    fresh), count, nodes, count limit (-1: none)]. Returns STATUS_BUDGET, STATUS_EXHAUSTED
    or STATUS_LIMIT (more than the limit counted). Cost: O(1) per node, no propagation:
    the fastest way to count boards with many completions.
    """
    d = meta[0]
    if d == -2:
        return STATUS_EXHAUSTED
    if d == -1:
        start(cs, ls, rs)
        av[0] = allowed[0] & full
        d = 0
    stop = meta[2] + budget
    count = meta[1]
    nodes = meta[2]
    status = STATUS_EXHAUSTED
    while d >= 0:
        a = av[d]
        if a == 0:
            d -= 1
            continue
        if nodes >= stop:
            status = STATUS_BUDGET
            break
        bit, av[d] = take_lowest(a)
        nodes += 1
        if d == n - 1:
            count += 1
            if meta[3] >= 0 and count > meta[3]:
                status = STATUS_LIMIT
                break
            continue
        c, lf, rt = descend(cs, ls, rs, d, bit, full)
        d += 1
        av[d] = free(c, lf, rt, allowed[d] & full)
    meta[0] = d if status != STATUS_EXHAUSTED else -2
    meta[1] = count
    meta[2] = nodes
    return status


def new_state(n: int) -> tuple[np.ndarray, ...]:
    """Empty state arrays for an n-board: bits, cnt, q, trail, qstack, queue, fr, cands, meta."""
    w = (n + 63) // 64
    meta = np.zeros(M_SIZE, dtype=np.int64)
    meta[M_N] = n
    meta[M_W] = w
    meta[M_LIMIT] = -1
    meta[M_COUNT_LIMIT] = -1
    return (
        np.zeros((2, n, w), dtype=np.int64),
        np.zeros((2, n), dtype=np.int32),
        np.full((2, n), -1, dtype=np.int32),
        np.zeros(n * n + 1, dtype=np.int32),
        np.zeros(n + 1, dtype=np.int32),
        np.zeros(2 * n + 2, dtype=np.int32),
        np.zeros((n + 1, 4), dtype=np.int32),
        np.zeros((n + 1, n), dtype=np.int32),
        meta,
    )
