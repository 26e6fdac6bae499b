"""Compiled row-by-row counting of k-star region puzzles: a dynamic programme over row states.

Private kernels: ints and numpy arrays in, ints out; no validation, no objects.

A partial board of rows 0..r is summed up, for what the rows below it may do, by its
state: the columns of row r's stars (a bit mask: row r + 1 must avoid them and their
neighbours), the stars each column holds and the stars each region holds. Two partial
boards with the same state have the same completions, so one layer of states (each with
the number of partial boards that reach it) stands for every partial board of rows
0..r, and the next layer comes from putting each k-subset of columns with no two adjacent
(and none touching the last row's stars, none in a full column, none over a region's k)
on row r + 1. The count is the sum over the last layer.

A child state is dropped when it cannot be finished (the pruning that keeps the layers
small): a column needs at most ceil(L / 2) more stars in the L rows left (L - 1 when
the next row is closed to it by the row just placed), two neighbouring columns together
likewise (no row holds a star in both, no two neighbouring rows either), and a region at most
what its squares in the rows left can hold (`room`: bands of two rows, each at most its
columns with no two adjacent, the fewer of the two ways to cut), exactly 0 past its last row.

A state is `width` int64 words: the row mask, then the column counts and region counts,
four bits each, fifteen to a word (`pack`). A layer is built into an open-addressing hash
table (`keys`, `vals`, `used`; capacity a power of two, linear probing) and then compacted
into arrays. `expand` works through a slice of the current layer's states and returns so
that the Python face can check for Ctrl-C, and returns early when the table would pass half
full, to be grown (`grow`). Counts are int64; an addition past 2**62 sets the overflow flag
(the caller then counts another way).
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import njit
from nqueens.kernels.bits import spread

__all__ = ["compact", "expand", "grow", "room_table", "width_for"]

_PER_WORD = 15
_MIX = np.int64(-7046029254386353131)  # 0x9E3779B97F4A7C15 as a signed word
_BIG = np.int64(1) << 62


def width_for(n: int) -> int:
    """Words per state: the row mask, then 2n counts of four bits, fifteen a word."""
    return 1 + (2 * n + _PER_WORD - 1) // _PER_WORD


@njit
def room_table(n, region):
    """`room[g, r]`: at most how many stars region g can hold in rows r..n-1 (bands of two
    rows, each at most its columns with no two adjacent; the fewer of two cuts)."""
    cols = np.zeros((n, n + 2), dtype=np.int64)  # cols[g, r]: region g's columns in row r
    for r in range(n):
        for c in range(n):
            cols[region[r, c], r] |= np.int64(1) << c
    room = np.zeros((n, n + 1), dtype=np.int64)
    for g in range(n):
        for r in range(n):
            best = np.int64(1) << 40
            for start in range(r - 1, r + 1):
                t = 0
                for a in range(start, n, 2):
                    m = cols[g, a] if a >= r else np.int64(0)
                    m |= cols[g, a + 1]
                    t += spread(m)
                best = min(best, t)
            room[g, r] = best
    return room


@njit
def _hash(row, width):
    h = np.int64(0)
    for j in range(width):
        h = (h ^ row[j]) * _MIX
        h ^= (h >> 31) & np.int64(0x1FFFFFFFF)
    return h


@njit
def _insert(keys, vals, used, width, key, w, meta):
    """Add `w` to `key`'s value (a new entry when absent); meta[1] counts entries,
    meta[2] is set on an overflow."""
    mask = keys.shape[0] - 1
    i = _hash(key, width) & mask
    while used[i]:
        same = True
        for j in range(width):
            if keys[i, j] != key[j]:
                same = False
                break
        if same:
            v = vals[i] + w
            if v >= _BIG:
                meta[2] = 1
            vals[i] = v
            return
        i = (i + 1) & mask
    used[i] = True
    for j in range(width):
        keys[i, j] = key[j]
    vals[i] = w
    meta[1] += 1


@njit
def grow(keys, vals, used, width, meta):
    """The table rebuilt at twice the capacity (same entries): (keys, vals, used)."""
    cap = keys.shape[0] * 2
    k2 = np.zeros((cap, width), dtype=np.int64)
    v2 = np.zeros(cap, dtype=np.int64)
    u2 = np.zeros(cap, dtype=np.bool_)
    meta[1] = 0
    for i in range(keys.shape[0]):
        if used[i]:
            _insert(k2, v2, u2, width, keys[i], vals[i], meta)
    return k2, v2, u2


@njit
def compact(keys, vals, used, width):
    """The table's entries as (keys, vals) arrays of its size."""
    size = 0
    for i in range(used.shape[0]):
        if used[i]:
            size += 1
    ck = np.zeros((size, width), dtype=np.int64)
    cv = np.zeros(size, dtype=np.int64)
    j = 0
    for i in range(used.shape[0]):
        if used[i]:
            ck[j, :] = keys[i, :width]
            cv[j] = vals[i]
            j += 1
    return ck, cv


@njit
def _unpack(row, n, cc, rc):
    for i in range(2 * n):
        v = (row[1 + i // _PER_WORD] >> (4 * (i % _PER_WORD))) & 15
        if i < n:
            cc[i] = v
        else:
            rc[i - n] = v


@njit
def _pack(key, n, m, cc, rc, width):
    key[0] = m
    for j in range(1, width):
        key[j] = 0
    for i in range(2 * n):
        v = cc[i] if i < n else rc[i - n]
        key[1 + i // _PER_WORD] |= np.int64(v) << (4 * (i % _PER_WORD))


@njit
def _fits(n, k, r, m, cc, rc, room):
    """Whether the state after row r (its mask `m`, counts `cc`, `rc`) can be finished."""
    left = n - 1 - r
    closed = m | (m << 1) | (m >> 1)  # columns row r + 1 cannot use
    for c in range(n):
        cap = (left + 1) // 2 if not (closed >> c) & 1 else left // 2
        need = k - cc[c]
        if need > cap:
            return False
        if c + 1 < n:
            both = ((closed >> c) & 3) == 3
            cap = (left + 1) // 2 if not both else left // 2
            if need + k - cc[c + 1] > cap:
                return False
    for g in range(n):
        if k - rc[g] > room[g, r + 1]:
            return False
    return True


@njit
def expand(n, k, r, region, room, cur_keys, cur_vals, start, budget, keys, vals, used,
           meta):
    """Put row r on the states cur[start:]: children into the table. Return the index of the
    first state not done (all done: len(cur)); stops after `budget` children, or before a
    state whose children could push the table past half full (the caller grows it).
    meta[0] counts the children made."""
    width = cur_keys.shape[1]
    full = (np.int64(1) << n) - 1
    cc = np.zeros(n, dtype=np.int64)
    rc = np.zeros(n, dtype=np.int64)
    chosen = np.zeros(k + 1, dtype=np.int64)
    avail = np.zeros(k + 1, dtype=np.int64)
    key = np.zeros(width, dtype=np.int64)
    cap = keys.shape[0]
    headroom = meta[3]  # the most children one state can have
    made = 0
    i = start
    while i < cur_keys.shape[0]:
        if made >= budget:
            return i
        if (meta[1] + headroom) * 2 > cap:
            return i
        row = cur_keys[i]
        w = cur_vals[i]
        _unpack(row, n, cc, rc)
        prev = row[0]
        free = full & ~(prev | (prev << 1) | (prev >> 1))
        for c in range(n):
            if cc[c] >= k:
                free &= ~(np.int64(1) << c)
        # the k-subsets of `free`, no two adjacent, no region past k: a stack of choices
        depth = 0
        avail[0] = free
        m = np.int64(0)
        while depth >= 0:
            a = avail[depth]
            if depth == k:
                made += 1
                meta[0] += 1
                if _fits(n, k, r, m, cc, rc, room):
                    _pack(key, n, m, cc, rc, width)
                    _insert(keys, vals, used, width, key, w, meta)
                depth -= 1
                if depth >= 0:  # undo the choice made at this depth
                    c = chosen[depth]
                    m &= ~(np.int64(1) << c)
                    cc[c] -= 1
                    rc[region[r, c]] -= 1
                continue
            if a == 0 or spread(a) < k - depth:
                depth -= 1
                if depth >= 0:
                    c = chosen[depth]
                    m &= ~(np.int64(1) << c)
                    cc[c] -= 1
                    rc[region[r, c]] -= 1
                continue
            low = a & -a
            avail[depth] = a & ~low
            c = 0
            while (low >> c) != 1:
                c += 1
            g = region[r, c]
            if rc[g] >= k:
                continue
            chosen[depth] = c
            m |= low
            cc[c] += 1
            rc[g] += 1
            avail[depth + 1] = avail[depth] & ~(low << 1)
            depth += 1
        i += 1
    return i
