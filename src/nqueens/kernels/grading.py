"""Compiled one-star logical solve for the generator: the explainer's techniques, no words.

Private kernels: ints and numpy arrays in, ints out; no validation, no objects. They do what
`nqueens.puzzles.logic.Solve` does for a one-star region puzzle with no givens, step
for step (the same technique finds the same deduction, easiest first: last square, a
region confined to a line, k regions in k lines, attacks a whole region, pairs of lines,
a contradiction by last squares, a contradiction through the easier techniques), but keep
only what the generator asks of a solve: whether it is done, the squares still open, and
the grade, the longest chain of forced queens and the number of steps of that grade.
`tests/test_puzzles_quick.py` holds them to the explainer on every board of a corpus.

A set of squares is `W` int64 words of `WORD` bits each (square `i` is bit
`i % WORD` of word `i // WORD`; the sign bit is never used). Units are numbered
regions `0..n-1`, rows `n..2n-1`, columns `2n..3n-1`: the explainer's order.

Arrays: `umask[u, w]` the squares of unit `u`; `uof[i]` the three units of square
`i`; `near[i, w]` the squares a star on `i` touches (or attacks on a diagonal, with
that rule); `attack[i, w]` those plus its row, column and region, `i` itself excluded.
State: `cand[w]` the open squares, `stars[w]` the stars, `need[u]` the stars a unit
still needs (0 or 1), and `info`: [0] stars placed, [1] dead (a unit left empty), [2] the
grade so far, [3] the longest chain of a contradiction, [4 + g] the steps of grade `g`.
`ladder`: the rungs to try, in order, one row each (`LADDER_COLUMNS`): the
explainer's own ladder, so the order, the tiers, the grades and the limits (line sets
gathered, forced queens) are the explainer's numbers, passed in, never copied here.
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import MINUS_ONE, ONE, TWO, ZERO, njit
from nqueens.kernels.bits import bit_index, popcount

__all__ = ["INFO", "LADDER_COLUMNS", "OPS", "WORD", "setup", "solve", "uncached"]

WORD = 63
"""Squares per int64 word (the sign bit stays clear, so shifts and counts stay plain)."""

INFO = 10
"""The length of the `info` array."""

OPS = {"no_room": 0, "last_square": 1, "confine": 2, "whole_unit": 3, "two_lines": 4,
       "forced_chain": 5, "deep": 6}
"""The techniques this judge knows, by the name a rung's compiled form gives
(`nqueens.puzzles.grades.Compiled`), and their numbers in a ladder array."""

LADDER_COLUMNS = 8
"""A ladder array's row: op, tier, a, b, grade, raised, at, max_subsets (the fields of
`nqueens.puzzles.grades.Compiled`, with the rung's tier second). The rows are the
explainer's ladder (`nqueens.puzzles.ladder`), derived by
`nqueens.puzzles.quick`: no number of a technique is written here."""

_STUCK, _SINGLE, _CONFINE, _SHAPE, _PAIRS, _LOOKAHEAD, _DEEP = range(7)


@njit
def setup(n, nw, reg, rows_cols, line_attack, umask, uof, attack):
    """Fill `umask` (rows and columns copied from `rows_cols`, regions from `reg`),
    `uof` and `attack` (`line_attack[i]`: row, column and near squares of `i`)."""
    for u in range(2 * n):
        for w in range(nw):
            umask[n + u, w] = rows_cols[u, w]
    for g in range(n):
        for w in range(nw):
            umask[g, w] = 0
    for i in range(n * n):
        umask[reg[i], i // WORD] |= np.int64(1) << (i % WORD)
        uof[i, 0] = reg[i]
        uof[i, 1] = n + i // n
        uof[i, 2] = 2 * n + i % n
    for i in range(n * n):
        g = reg[i]
        for w in range(nw):
            attack[i, w] = line_attack[i, w] | umask[g, w]
        attack[i, i // WORD] &= ~(np.int64(1) << (i % WORD))


@njit
def _has(mask, i):
    return (mask[i // WORD] >> (i % WORD)) & 1


@njit
def _count(mask, nw):
    t = 0
    for w in range(nw):
        t += popcount(mask[w])
    return t


@njit
def _left(cand, umask, u, nw, out):
    """`out` = the open squares of unit `u`; their number."""
    t = 0
    for w in range(nw):
        out[w] = cand[w] & umask[u, w]
        t += popcount(out[w])
    return t


@njit
def _lowest(mask, nw):
    for w in range(nw):
        if mask[w]:
            return w * WORD + bit_index(mask[w] & -mask[w])
    return -1


@njit
def _squares(mask, nw, out):
    """The squares of `mask` into `out`, ascending; their number."""
    t = 0
    for w in range(nw):
        x = mask[w]
        while x:
            low = x & -x
            out[t] = w * WORD + bit_index(low)
            t += 1
            x ^= low
    return t


@njit
def _cross(i, nw, umask, uof, near, cand, need):
    """What a star on `i` crosses out: `i`, its near squares and every unit it fills."""
    for w in range(nw):
        cand[w] &= ~near[i, w]
    cand[i // WORD] &= ~(np.int64(1) << (i % WORD))
    for f in range(3):
        u = uof[i, f]
        need[u] -= 1
        if need[u] == 0:
            for w in range(nw):
                cand[w] &= ~umask[u, w]


@njit
def _place(i, n, nw, umask, uof, near, cand, stars, need, info):
    """A star on `i`, counted: `_cross`, and `i` joins the stars."""
    _cross(i, nw, umask, uof, near, cand, need)
    stars[i // WORD] |= np.int64(1) << (i % WORD)
    info[0] += 1


@njit
def _stuck(n, nw, umask, cand, need):
    """The first unit needing a star with no square left, or -1."""
    for u in range(3 * n):
        if need[u] > 0:
            empty = True
            for w in range(nw):
                if cand[w] & umask[u, w]:
                    empty = False
                    break
            if empty:
                return u
    return -1


@njit
def _single(n, nw, umask, uof, near, cand, stars, need, info, buf):
    """Last square: the first unit with one square left takes its star there."""
    for u in range(3 * n):
        if need[u] > 0 and _left(cand, umask, u, nw, buf) == 1:
            _place(_lowest(buf, nw), n, nw, umask, uof, near, cand, stars, need, info)
            return True
    return False


@njit
def _touched(n, nw, cand, need, umask, uof, touched, sq):
    """`touched[u, o]`: the units of family `o` (0 regions, 1 rows, 2 columns) that the
    open squares of each unit `u` needing a star touch, as a bit set of their numbers;
    one pass over the open squares."""
    for u in range(3 * n):
        for o in range(3):
            touched[u, o] = 0
    t = _squares(cand, nw, sq)
    for x in range(t):
        i = sq[x]
        for f in range(3):
            u = uof[i, f]
            for o in range(3):
                touched[u, o] |= np.int64(1) << (uof[i, o] - o * n)


@njit
def _confine(a, o, size, n, nw, cand, need, umask, touched, tu, tl, union, unions,
             partner, max_subsets):
    """k regions in k lines for family `a` in family `o` (`size` of each), as
    `techniques._confine`: the first set of lines, smallest as a number, that is a union
    of touched sets and holds units needing as many stars as it; True when it crossed out
    squares."""
    m = ZERO
    singles = np.int64(0)
    for idx in range(n):
        u = a * n + idx
        if need[u] <= 0:
            continue
        lines = touched[u, o]
        if popcount(lines) <= size:
            tu[m] = u
            tl[m] = lines
            singles |= lines
            m += 1
    if size == 1:  # the unions of one line are the lines touched
        x = singles
        count = 0
        while x:
            low = x & -x
            unions[count] = low
            count += 1
            x ^= low
    elif size == 2:  # pairs: one set of two lines, or two sets of one line each
        count = _pairs_of(m, tl, singles, unions, partner)
    else:  # every union of touched sets of at most ``size`` lines, sorted, each once
        unions[0] = 0
        count = 1
        for t in range(m):
            grown = count
            for x in range(count):
                y = unions[x] | tl[t]
                if popcount(y) <= size:
                    unions[grown] = y
                    grown += 1
            unions[:grown].sort()
            count = 0
            for x in range(grown):
                if x == 0 or unions[x] != unions[x - 1]:
                    unions[count] = unions[x]
                    count += 1
            if count > max_subsets:
                break
    for x in range(count):
        pick = unions[x]
        if popcount(pick) != size:
            continue
        inside = 0
        for t in range(m):
            if tl[t] & ~pick == 0:
                inside += need[tu[t]]
        lines_need = 0
        for j in range(n):
            if (pick >> j) & 1:
                lines_need += need[o * n + j]
        if inside < lines_need:
            continue
        for w in range(nw):
            union[w] = 0
        for j in range(n):
            if (pick >> j) & 1:
                for w in range(nw):
                    union[w] |= umask[o * n + j, w]
        for t in range(m):
            if tl[t] & ~pick == 0:
                for w in range(nw):
                    union[w] &= ~umask[tu[t], w]
        removed = False
        for w in range(nw):
            if cand[w] & union[w]:
                removed = True
        if removed:
            for w in range(nw):
                cand[w] &= ~union[w]
            return True
    return False


@njit
def _pairs_of(m, tl, lines, unions, partner):
    """The unions of exactly two lines of the touched sets `tl[:m]` (each of at most two
    lines; `lines` their union), ascending, each once, into `unions`; their number. Such
    a union is one set of two lines, or two sets of one line each: what growing every union
    and sorting gives, without the sorting. `partner`: 64 words of scratch."""
    ones = np.int64(0)
    x = lines
    while x:
        low = x & -x
        partner[bit_index(low)] = 0
        x ^= low
    for t in range(m):
        y = tl[t]
        if popcount(y) == 1:
            ones |= y
        elif popcount(y) == 2:
            low = y & -y
            partner[bit_index(y ^ low)] |= low  # the higher line's partner below it
    count = 0
    x = lines
    while x:
        hi = x & -x
        x ^= hi
        b = bit_index(hi)
        below = partner[b]
        if ones & hi:
            below |= ones & (hi - 1)
        while below:
            low = below & -below
            unions[count] = hi | low
            count += 1
            below ^= low
    return count


@njit
def _confined(size, n, nw, cand, need, umask, touched, max_subsets):
    """k regions in k lines of `size`, every pair of families in the explainer's order,
    from the lines `touched` found for the squares open now (`_touched`)."""
    tu = np.empty(n, np.int64)
    tl = np.empty(n, np.int64)
    union = np.empty(nw, np.int64)
    # the unions grow to at most twice the most kept (each union gives one more)
    unions = np.empty(2 * max_subsets + 2 if size > 1 else n + 1, np.int64)
    partner = np.empty(64, np.int64)
    for a in range(3):
        for o in range(3):
            if a != o and _confine(a, o, size, n, nw, cand, need, umask, touched, tu, tl,
                                   union, unions, partner, max_subsets):
                return True
    return False


@njit
def _shape(n, nw, cand, need, umask, attack, buf, sq):
    """Attacks a whole region: the first unit whose open squares some square outside it
    attacks all of; those squares are crossed out."""
    hit = np.empty(nw, np.int64)
    for u in range(3 * n):
        if need[u] <= 0:
            continue
        _left(cand, umask, u, nw, buf)
        for w in range(nw):
            hit[w] = cand[w] & ~umask[u, w]
        t = _squares(buf, nw, sq)
        for x in range(t):
            i = sq[x]
            anything = False
            for w in range(nw):
                hit[w] &= attack[i, w]
                if hit[w]:
                    anything = True
            if not anything:
                break
        if _count(hit, nw):
            for w in range(nw):
                cand[w] &= ~hit[w]
            return True
    return False


@njit
def _pairs(n, nw, cand, need, umask, attack, buf, sq, sq2):
    """Pairs of rows or columns: squares that every placement of two lines attacks."""
    hit = np.empty(nw, np.int64)
    for fam in range(1, 3):
        for a in range(n):
            u = fam * n + a
            if need[u] <= 0:
                continue
            _left(cand, umask, u, nw, buf)
            tu = _squares(buf, nw, sq)
            for b in range(a + 1, n):
                v = fam * n + b
                if need[v] <= 0:
                    continue
                _left(cand, umask, v, nw, buf)
                tv = _squares(buf, nw, sq2)
                for w in range(nw):
                    hit[w] = cand[w] & ~umask[u, w] & ~umask[v, w]
                seen = False
                for x in range(tu):
                    i = sq[x]
                    for y in range(tv):
                        j = sq2[y]
                        if not _has(attack[i], j):
                            for w in range(nw):
                                hit[w] &= attack[i, w] | attack[j, w]
                            seen = True
                    if _count(hit, nw) == 0:
                        break
                if seen and _count(hit, nw):
                    for w in range(nw):
                        cand[w] &= ~hit[w]
                    return True
    return False


@njit
def _chain(start, limit, n, nw, cand, need, umask, uof, near, attack, c2, n2):
    """The forced queens a star on `start` leads to before a unit is left empty (their
    number), or -1 (none within `limit`), as `techniques._chain`."""
    for w in range(nw):
        c2[w] = cand[w] & ~attack[start, w]
    c2[start // WORD] &= ~(np.int64(1) << (start % WORD))
    for u in range(3 * n):
        n2[u] = need[u]
    for f in range(3):
        n2[uof[start, f]] = 0
    forced = 0
    while True:
        single = MINUS_ONE
        for u in range(3 * n):
            if n2[u] <= 0:
                continue
            cnt = 0
            first = -1
            for w in range(nw):
                x = c2[w] & umask[u, w]
                if x:
                    if first < 0:
                        first = w * WORD + bit_index(x & -x)
                    cnt += popcount(x)
            if cnt == 0:
                return forced
            if single < 0 and cnt == 1:
                single = first
        if single < 0 or forced >= limit:
            return -1
        forced += 1
        _cross(single, nw, umask, uof, near, c2, n2)


@njit
def _lookahead(limit, n, nw, cand, need, umask, uof, near, attack, sq):
    """Contradiction: the square with the shortest chain (first on a tie) is crossed out;
    its chain's length, or -1."""
    c2 = np.empty(nw, np.int64)
    n2 = np.empty(3 * n, np.int64)
    t = _squares(cand, nw, sq)
    best, best_len = -1, 0
    for x in range(t):
        i = sq[x]
        c = _chain(i, limit if best < 0 else best_len - 1, n, nw, cand, need, umask, uof,
                   near, attack, c2, n2)
        if c >= 0:
            best, best_len = i, c
            if c == 0:
                break
    if best < 0:
        return -1
    cand[best // WORD] &= ~(np.int64(1) << (best % WORD))
    return best_len


@njit
def _deep(n, nw, cand, stars, need, info, umask, uof, near, attack, buf, sq, sq2,
          max_subsets):
    """Contradiction through the easier techniques: the first square whose trial ends with
    a unit left empty is crossed out; the trial's forced queens, or -1."""
    order = np.empty(n * n, np.int64)
    t = _squares(cand, nw, order)
    tc = np.empty(nw, np.int64)
    ts = np.empty(nw, np.int64)
    tn = np.empty(3 * n, np.int64)
    ti = np.empty(INFO, np.int64)
    touched = np.empty((3 * n, 3), np.int64)
    for x in range(t):
        i = order[x]
        tc[:] = cand
        ts[:] = stars
        tn[:] = need
        ti[:] = info
        _place(i, n, nw, umask, uof, near, tc, ts, tn, ti)
        chain = 0
        while True:
            if _stuck(n, nw, umask, tc, tn) >= 0:
                cand[i // WORD] &= ~(np.int64(1) << (i % WORD))
                return chain
            placed = ti[0]
            if not _single(n, nw, umask, uof, near, tc, ts, tn, ti, buf):
                # a technique that finds nothing leaves the squares as they were: the
                # lines they touch serve both sizes
                _touched(n, nw, tc, tn, umask, uof, touched, sq)
                if not (_confined(ONE, n, nw, tc, tn, umask, touched, max_subsets)
                        or _confined(TWO, n, nw, tc, tn, umask, touched, max_subsets)
                        or _shape(n, nw, tc, tn, umask, attack, buf, sq)
                        or _pairs(n, nw, tc, tn, umask, attack, buf, sq, sq2)):
                    break
            if ti[0] == n:
                break
            if ti[0] > placed:
                chain += 1
    return -1


@njit
def _largest_subset(m, max_subsets):
    """confined.largest_subset: the largest s <= m // 2 with C(m, s) <= `max_subsets`."""
    s = 1
    while s + 1 <= m // 2:
        c = 1
        for j in range(s + 1):
            c = c * (m - j) // (j + 1)
        if c > max_subsets:
            break
        s += 1
    return s


@njit
def _next(max_grade, n, nw, cand, stars, need, info, umask, uof, near, attack, ladder, buf,
          sq, sq2):
    """The next step, the ladder's rungs in order, applied: (its grade, its chain or -1);
    grade -1 when none up to `max_grade` makes progress, -2 when a unit is left empty."""
    rows = ZERO
    for r in range(n):
        if need[n + r] > 0:
            rows += 1
    # each technique that finds nothing leaves the squares as they were, so the lines
    # they touch, found once, serve every size of k regions in k lines
    touched = np.empty((3 * n, 3), np.int64)
    have = False
    for x in range(ladder.shape[0]):
        op, grade = ladder[x, 0], ladder[x, 4]
        if ladder[x, 1] > max_grade:
            return -1, -1
        if op == _STUCK:
            if _stuck(n, nw, umask, cand, need) >= 0:
                return -2, -1
        elif op == _SINGLE:
            if _single(n, nw, umask, uof, near, cand, stars, need, info, buf):
                return grade, -1
        elif op == _CONFINE:
            top = _largest_subset(rows, ladder[x, 7])
            high = top if ladder[x, 3] < 0 else min(top, ladder[x, 3])
            if not have:
                _touched(n, nw, cand, need, umask, uof, touched, sq)
                have = True
            for size in range(ladder[x, 2], high + 1):
                if _confined(size, n, nw, cand, need, umask, touched, ladder[x, 7]):
                    return grade, -1
        elif op == _SHAPE:
            if _shape(n, nw, cand, need, umask, attack, buf, sq):
                return grade, -1
        elif op == _PAIRS:
            if _pairs(n, nw, cand, need, umask, attack, buf, sq, sq2):
                return grade, -1
        elif op == _LOOKAHEAD:
            limit = n if ladder[x, 2] < 0 else ladder[x, 2]
            c = _lookahead(limit, n, nw, cand, need, umask, uof, near, attack, sq)
            if c >= 0:
                raised = ladder[x, 6] > 0 and c >= ladder[x, 6]
                return (ladder[x, 5] if raised else grade), c
        elif op == _DEEP:
            c = _deep(n, nw, cand, stars, need, info, umask, uof, near, attack, buf, sq, sq2,
                      ladder[x, 7])
            if c >= 0:
                return grade, c
    return -1, -1


@njit
def solve(max_grade, n, nw, cand, stars, need, info, umask, uof, near, attack, ladder):
    """Go on with the `ladder`'s rungs up to `max_grade` (1-4): 1 when every star is
    placed, 0 when they stall, -1 when a unit is left empty; `info` keeps the record."""
    buf = np.empty(nw, np.int64)
    sq = np.empty(n * n, np.int64)
    sq2 = np.empty(n * n, np.int64)
    while info[0] < n and info[1] == 0:
        grade, chain = _next(max_grade, n, nw, cand, stars, need, info, umask, uof, near,
                             attack, ladder, buf, sq, sq2)
        if grade == -1:
            return 0
        if grade == -2:
            info[1] = 1
            info[4] += 1  # the step that says so, of grade 0
            return -1
        info[4 + grade] += 1
        if grade > info[2]:
            info[2] = grade
        if chain > info[3]:
            info[3] = chain
    return -1 if info[1] else 1


def uncached() -> bool:
    """True when the solve has no on-disk cache yet: its first call compiles (once; its
    time: docs/performance.md)."""
    from nqueens._jit import needs_compiling

    return needs_compiling(setup, solve)
