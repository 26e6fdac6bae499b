"""Compiled exact search for region puzzles: k stars per row, column and region.

Private kernels: ints and numpy arrays in, ints out; no validation, no objects. The board is
one bit mask of candidate columns per row (`allowed[depth, row]`), copied down a depth
stack with the stars placed so far in each row, column and region (`cnt[depth]`: rows,
then columns, then regions). Placing a star clears the squares touching it (`touching`),
with `diagonals` both of its diagonals, and every unit it fills: its row, its column and
its region (`regmask[g, row]` holds the columns of region g in each row) once they hold
`k` stars. With k = 1 every placement fills its three units at once.

After each placement one pass over the candidates counts them per row, column and region.
An open unit that needs `need` more stars is a dead end when fewer than `need`
candidates are left. With k > 1 the pass also prunes and strikes out (`_choose`, repeated
until nothing more goes):

- a row or column whose candidates hold fewer than `need` with no two adjacent (a greedy
  pass over its bits gives the most), and two neighbouring rows (columns) likewise, as they
  share no column (row) and no two adjacent ones;
- a region whose open squares, cut into bands of two rows, hold fewer than `need` (each
  band at most its columns with no two adjacent; the better of the two ways to cut);
- windows of consecutive rows (columns): the regions lying inside a window need at most
  what its lines need, and the regions meeting it at least that; on equality the other
  regions' squares in the window (the meeting regions' squares outside it) are struck out.
  These are the players' "k regions confined to k rows" counts.

The unit with the least slack is branched on next (k = 1: candidates minus need, rows, then
columns, then regions on a tie; k > 1: the most stars the unit's candidates can hold, less
its need, over its need, then fewest candidates, regions first): its candidates in order,
the i-th branch placing the unit's first star on the i-th candidate with the candidates
before it struck out, so every solution is found once. (Choosing the unit again after each
strike, a binary branch, visits fewer nodes but costs more time: measured.)

The search is iterative and resumable: `_search` works through at most `budget` nodes,
then returns with its whole state in the arrays, so the Python face can call it again (and
Ctrl-C lands between calls). It also returns when its solution buffer is full, so solutions
stream; a buffer of no rows only counts.

State `meta`: [0] depth, [1] solutions found, [2] finished (1 when the tree is exhausted
or `limit` solutions were found), [3] nodes, [4] solutions stored in `sols` (each row of
`sols` the n k squares `r * n + c` of one solution, in the order they were placed).
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import FALSE, TRUE, ZERO, njit
from nqueens.kernels.bits import bit_index, spread, take_lowest

__all__ = ["new_state", "search"]


@njit
def _room(d, allowed, regmask, g, lo, hi):
    """At most how many stars region g can still take: its open squares in rows lo..hi
    cut into bands of two rows, each band holding at most as many as its columns with no
    two adjacent; the fewer of the two ways to cut."""
    best = 1 << 30
    for start in range(lo - 1, lo + 1):
        t = 0
        for r in range(start, hi + 1, 2):
            m = allowed[d, r] & regmask[g, r] if r >= lo else np.int64(0)
            if r + 1 <= hi:
                m |= allowed[d, r + 1] & regmask[g, r + 1]
            t += spread(m)
        best = min(best, t)
    return best


@njit
def _strike(n, d, allowed, regmask, off, a, b, g, inside):
    """Strike out region g's candidates in lines a..b (`inside`) or outside them; rows for
    `off` 0, columns otherwise. True if any went."""
    band = ((np.int64(1) << (b + 1)) - 1) ^ ((np.int64(1) << a) - 1)
    gone = False
    for r in range(n):
        if off == 0:
            hit = (a <= r <= b) == inside
            m = allowed[d, r] & regmask[g, r] if hit else np.int64(0)
        else:
            m = allowed[d, r] & regmask[g, r] & (band if inside else ~band)
        if m:
            allowed[d, r] &= ~m
            gone = True
    return gone


@njit
def _windows(n, d, allowed, regmask, need, off, lo, hi, acc):
    """The windows of lines a..b (rows for `off` 0, columns for `off` n) against the
    regions, whose open squares span lines `lo[g]..hi[g]` and need `need[2n + g]`: the
    regions inside a window need at most what its lines need, the regions meeting it at least
    that; on equality the others' squares in the window (the meeting ones' squares outside
    it) are struck out. -1: a dead end; else 1 if a square went, 0 if none."""
    g0 = 2 * n
    for h in range(n + 1):
        acc[0, h] = 0  # need of regions ending on line h (all)
        acc[1, h] = 0  # need of regions starting on line h
        acc[2, h] = 0  # need of regions ending on h that start at a or later
    total = 0
    for g in range(n):
        ng = need[g0 + g]
        if ng > 0:
            if hi[g] < 0:
                return -1
            total += ng
            acc[0, hi[g]] += ng
            acc[1, lo[g]] += ng
    changed = 0
    above = total  # need of the regions ending before line a
    after = 0  # need of the regions starting after line a
    for a in range(n - 1, -1, -1):
        above -= acc[0, a]
        if a + 1 < n:
            after += acc[1, a + 1]
        for g in range(n):
            if need[g0 + g] > 0 and lo[g] == a:
                acc[2, hi[g]] += need[g0 + g]
        below = after  # need of the regions starting after line b
        want = 0
        inside = 0
        for b in range(a, n):
            if b > a:
                below -= acc[1, b]
            want += need[off + b]
            inside += acc[2, b]
            meet = total - above - below
            if inside > want or meet < want:
                return -1
            if b - a == n - 1:
                continue
            if inside == want and meet > want:
                for g in range(n):
                    if (need[g0 + g] > 0 and not (lo[g] >= a and hi[g] <= b)
                            and _strike(n, d, allowed, regmask, off, a, b, g, TRUE)):
                        changed = 1
            if meet == want and inside < want:
                for g in range(n):
                    if (need[g0 + g] > 0 and hi[g] >= a and lo[g] <= b
                            and _strike(n, d, allowed, regmask, off, a, b, g, FALSE)):
                        changed = 1
            if changed:
                return 1
    return changed


@njit
def _choose(n, k, d, allowed, cnt, region, regmask, cand, ncand, counts, lines, span):
    """Fill `cand[d]` with the squares of the open unit of least slack; 0 if some open
    unit cannot be filled (dead end), else the number of candidates."""
    while True:  # until no window strikes a square out
        for i in range(3 * n):
            counts[i] = 0
        for c in range(n):
            lines[c] = 0
        if k > 1:
            for i in range(3 * n):
                span[4, i] = k - cnt[d, i]
            for c in range(n):
                span[0, c] = n
                span[1, c] = -1
                span[2, c] = n
                span[3, c] = -1
        for r in range(n):
            m = allowed[d, r]
            while m:
                low, m = take_lowest(m)
                c = bit_index(low)
                counts[r] += 1
                counts[n + c] += 1
                g = region[r, c]
                counts[2 * n + g] += 1
                lines[c] |= np.int64(1) << r
                if k > 1:
                    span[0, g] = min(span[0, g], r)
                    span[1, g] = max(span[1, g], r)
                    span[2, g] = min(span[2, g], c)
                    span[3, g] = max(span[3, g], c)
        if k > 1:
            # two neighbouring rows (columns) share no column (row) and no two adjacent ones
            for r in range(n - 1):
                need = 2 * k - cnt[d, r] - cnt[d, r + 1]
                if need > 0 and spread(allowed[d, r] | allowed[d, r + 1]) < need:
                    return 0
                need = 2 * k - cnt[d, n + r] - cnt[d, n + r + 1]
                if need > 0 and spread(lines[r] | lines[r + 1]) < need:
                    return 0
            for g in range(n):
                need = span[4, 2 * n + g]
                span[8, g] = 0
                if need > 1:
                    span[8, g] = _room(d, allowed, regmask, g, span[0, g], span[1, g])
                    if span[8, g] < need:
                        return 0
            w = _windows(n, d, allowed, regmask, span[4], ZERO, span[0], span[1], span[5:])
            if w < 0:
                return 0
            if w == 0:
                w = _windows(n, d, allowed, regmask, span[4], n, span[2], span[3], span[5:])
                if w < 0:
                    return 0
            if w > 0:
                continue
        break
    best = 1 << 40
    kind = -1
    which = -1
    for j in range(3 * n):
        i = (j + 2 * n) % (3 * n) if k > 1 else j  # k > 1: regions first
        need = k - cnt[d, i]
        if need <= 0:
            continue
        if counts[i] < need:
            return 0
        room = counts[i]
        if k > 1 and i < 2 * n:
            room = spread(allowed[d, i]) if i < n else spread(lines[i - n])
            if room < need:
                return 0
        if k > 1 and i >= 2 * n and need > 1:
            room = span[8, i - 2 * n]
        slack = (room - need) * 4096 // need + counts[i] if k > 1 else counts[i] - need
        if slack < best:
            best = slack
            kind = i // n
            which = i % n
    k2 = 0
    if kind == 0:
        m = allowed[d, which]
        for c in range(n):
            if (m >> c) & 1:
                cand[d, k2] = which * n + c
                k2 += 1
    elif kind == 1:
        for r in range(n):
            if (allowed[d, r] >> which) & 1:
                cand[d, k2] = r * n + which
                k2 += 1
    else:
        for r in range(n):
            m = allowed[d, r] & regmask[which, r]
            for c in range(n):
                if (m >> c) & 1:
                    cand[d, k2] = r * n + c
                    k2 += 1
    ncand[d] = k2
    return k2


@njit
def _place(n, k, d, cell, region, regmask, touching, diagonals, allowed, cnt):
    """Level `d + 1`: level `d` with a star on `cell`."""
    full = (np.int64(1) << n) - 1
    r = cell // n
    c = cell - r * n
    g = region[r, c]
    for i in range(3 * n):
        cnt[d + 1, i] = cnt[d, i]
    cnt[d + 1, r] += 1
    cnt[d + 1, n + c] += 1
    cnt[d + 1, 2 * n + g] += 1
    colbit = np.int64(1) << c
    colgone = cnt[d + 1, n + c] >= k
    reggone = cnt[d + 1, 2 * n + g] >= k
    near = ((np.int64(7) << c) >> 1) & full
    for rr in range(n):
        m = allowed[d, rr]
        if colgone:
            m &= ~colbit
        if reggone:
            m &= ~regmask[g, rr]
        dr = rr - r if rr >= r else r - rr
        if touching and dr <= 1:
            m &= ~near
        if diagonals and dr > 0:
            if c + dr < n:
                m &= ~(np.int64(1) << (c + dr))
            if c - dr >= 0:
                m &= ~(np.int64(1) << (c - dr))
        allowed[d + 1, rr] = m
    if cnt[d + 1, r] >= k:
        allowed[d + 1, r] = 0
    else:
        allowed[d + 1, r] &= ~colbit


@njit
def _search(n, k, region, regmask, touching, diagonals, allowed, cnt, cand, ncand, pos,
            queen, counts, lines, span, meta, sols, limit, budget):
    """Run at most `budget` nodes; return 1 when finished, 0 when it paused."""
    total = n * k
    store = sols.shape[0] > 0
    if meta[0] < 0:
        # first call: each region's columns in each row, then the first unit at the root
        for r in range(n):
            for c in range(n):
                regmask[region[r, c], r] |= np.int64(1) << c
        meta[0] = 0
        pos[0] = 0
        if _choose(n, k, ZERO, allowed, cnt, region, regmask, cand, ncand, counts, lines,
                   span) == 0:
            meta[2] = 1
            return 1
    steps = 0
    while True:
        if meta[2] == 1:
            return 1
        if steps >= budget or (store and meta[4] >= sols.shape[0]):
            return 0
        d = meta[0]
        if pos[d] > 0:
            # back from the branch with a star on the last candidate: strike it out (the
            # branches after it hold no star there, so every solution is found once)
            prev = cand[d, pos[d] - 1]
            pr = prev // n
            allowed[d, pr] &= ~(np.int64(1) << (prev - pr * n))
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
        _place(n, k, d, cell, region, regmask, touching, diagonals, allowed, cnt)
        queen[d] = cell
        if d + 1 == total:
            if store:
                s = meta[4]
                for i in range(total):
                    sols[s, i] = queen[i]
                meta[4] = s + 1
            meta[1] += 1
            if limit > 0 and meta[1] >= limit:
                meta[2] = 1
                return 1
            continue
        if _choose(n, k, d + 1, allowed, cnt, region, regmask, cand, ncand, counts,
                   lines, span) == 0:
            continue
        pos[d + 1] = 0
        meta[0] = d + 1


def new_state(n: int, k: int, region: np.ndarray) -> tuple[np.ndarray, ...]:
    """Fresh arrays for `search`: an n x n grid with `region[r, c]` (int64), k stars.

    `regmask` starts empty: the search's first call fills it (compiled, a tenth of the
    time numpy took, which the generator paid on each of thousands of boards)."""
    regmask = np.zeros((n, n), dtype=np.int64)  # filled by the search's first call
    depth = n * k + 1
    allowed = np.zeros((depth, n), dtype=np.int64)
    allowed[0, :] = (1 << n) - 1
    cnt = np.zeros((depth, 3 * n), dtype=np.int64)
    cand = np.zeros((depth, n * n), dtype=np.int64)
    ncand = np.zeros(depth, dtype=np.int64)
    pos = np.zeros(depth, dtype=np.int64)
    queen = np.zeros(n * k, dtype=np.int64)
    counts = np.zeros(3 * n, dtype=np.int64)
    lines = np.zeros(n, dtype=np.int64)
    span = np.zeros((9, 3 * n), dtype=np.int64)
    meta = np.array([-1, 0, 0, 0, 0], dtype=np.int64)
    return (regmask, allowed, cnt, cand, ncand, pos, queen, counts, lines, span, meta)


search = _search
