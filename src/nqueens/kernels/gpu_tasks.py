"""GPU tasks: a constellation cut into smaller searches, and the search that counts one.

The GPU counts the engine's subproblems (start constellations, see
`nqueens.kernels.constellations`) after the host has placed queens on their first
`rows` free rows: each partial board the constellation kernel would push at free-row level
`rows` becomes one *task*, and the GPU searches its subtree. The cut is exact: the host
counts the pushes down to level `rows` (the tasks themselves included), each task counts
the pushes and completions below it, and the sums are the constellation kernel's
`(completions, fixed90, fixed180, nodes)` to the last node (the same pruning, the same
look-ahead, the same node accounting). A constellation too shallow to cut (no free-row level
`rows` below which a row is left) is counted whole on the host. A symmetric one (fixed
by a rotation: about 1% of the nodes) is cut like the others, and its tasks count its
completions and nodes; the completions the rotation fixes, which the task search does not
test for (that keeps the GPU kernel lean), are found on the host by
`count_fixed`, a search of half the board (for n = 22, a small fraction of their whole
trees' search: docs/performance.md, "Decisions").

A constellation with a queen in a corner has one free row more than the `n - 4` of the
others (about 1.5% of them), and is cut one row deeper, at `rows + 1`: then every task
has the same free rows below it, and a task's stack one frame fewer than the corner ones
would need (for the kernels that keep their stacks in shared memory, more threads an SM;
the corner tasks are smaller too, so the largest task of a batch is too: at n = 16, 7.6
times the mean task where it was 12.9). Its tables are shifted by that row, so that to
the task search it is a constellation of `n - 4` free rows cut at `rows`.

`search_task` is the search of one task, written once in plain typed Python:
`nqueens.kernels.gpu` compiles it as a CUDA device function (every bitboard pinned to
`uint32`, the stack in a caller-given array so that a search stopped after a step budget
resumes where it stopped), and this module compiles it with
numba for the CPU (`count_tasks`), the GPU kernel's twin used by tests and by the
benchmark's cross-check. Boards up to n = 32 (32-bit bitboards). Private kernels: ints and
numpy arrays in, ints and arrays out; no validation, no objects, no I/O.
"""

from __future__ import annotations

import numpy as np
from numba import uint32

from nqueens._jit import njit
from nqueens.kernels.bits import NO_BUDGET, free_ahead, new_frames, next_child, push
from nqueens.kernels.constellations import (
    SYM_NONE,
    constellation_masks,
    count_subproblem,
    root_frame,
)
from nqueens.kernels.fixed_points import count_fixed

__all__ = ["MAX_GPU_N", "NO_BUDGET", "STACK", "count_tasks", "expand", "search_task"]

MAX_GPU_N = 32
"""The largest board the 32-bit bitboards hold."""
STACK = 32
"""Stack depth of a task (free rows below it: at most n - 3 - rows < 32)."""


def search_task(f, d, masks, gaps, S, c, i, budget):
    """Search one task for at most `budget` steps: `(level, completions, nodes, steps)`,
    the level below `d` once the task is finished, `steps` the steps taken (`budget`
    unless the task finished first).

    The task is a partial board at free-row level `d` (`0 <= d < f - 1`) of a
    constellation with `f` free rows: `masks[k]` are the open columns of free
    row `k`, `gaps[k]` the rows between free rows `k` and `k + 1`. Its stack is
    column `c` of `S` (uint32, `S[k - d, w, c]` for level `k`: `w` = 0 the
    left-diagonal attacks, 1 the columns, 2 the right-diagonal attacks, 3 the open squares
    not yet tried), `i` the level to resume at; a fresh task has only its level `d`
    filled and `i = d`. The search stops after `budget` steps (one step tries one
    square, or goes back up a level) with the stack ready to resume from the returned
    level, so a caller can bound how long a call takes and call again; the counts of the
    calls add up. `nodes` counts pushes below the task plus completions (the task's own
    push is the host's), as the constellation kernel counts them. The last free row is never
    pushed: when one is reached its open squares (one column is left, so zero or one square)
    are the count. No rotation is tested (the completions of a symmetric constellation that
    a rotation fixes are `expand`'s, on the host), which keeps the GPU kernel free of
    the board scratch and the rotation test, and at about half the registers.

    The frame of the current level and the table entries it needs (its gap, the next two
    rows' masks and the next gap) live in local variables - registers on the GPU - and
    `S` is touched only to push a frame (the parent's is stored), to go back up (the
    parent's is loaded) and to enter and leave the call: a step that tries a square and
    prunes it reads and writes no memory.
    Cost: `min(budget, the task's subtree)` steps.
    """
    one = uint32(1)
    lastlevel = f - 1
    count = 0
    nodes = 0
    steps = 0
    if i < d:
        return i, count, nodes, steps
    s = i - d
    lf = uint32(S[s, 0, c])
    cl = uint32(S[s, 1, c])
    rt = uint32(S[s, 2, c])
    b = uint32(S[s, 3, c])
    g = gaps[i]
    mj = uint32(masks[i + 1])
    gj = gaps[i + 1]
    mj1 = uint32(masks[i + 2])
    while steps != budget:
        steps += 1
        if b == 0:  # every square of this level tried: back up one level
            i -= 1
            if i < d:
                break
            s -= 1
            lf = uint32(S[s, 0, c])
            cl = uint32(S[s, 1, c])
            rt = uint32(S[s, 2, c])
            b = uint32(S[s, 3, c])
            gj = g  # the level below's entries are the ones one level down from here
            mj1 = mj
            g = gaps[i]
            mj = uint32(masks[i + 1])
            continue
        bit = uint32(b & uint32(~b + one))
        b = uint32(b ^ bit)
        nl = uint32((lf | bit) << g)
        nd = uint32(cl | bit)
        nr = uint32((rt | bit) >> g)
        nb = uint32(mj & ~(nl | nd | nr))
        if nb == 0:
            continue
        if i + 1 == lastlevel:
            count += 1
            nodes += 1
            continue
        if uint32(mj1 & ~(uint32(nl << gj) | nd | uint32(nr >> gj))) == 0:
            continue
        # push: the parent's frame to the stack, the child's into the registers
        S[s, 0, c] = lf
        S[s, 1, c] = cl
        S[s, 2, c] = rt
        S[s, 3, c] = b
        s += 1
        i += 1
        lf = nl
        cl = nd
        rt = nr
        b = nb
        g = gj
        mj = mj1
        gj = gaps[i + 1]
        mj1 = uint32(masks[i + 2])
        nodes += 1
    if i >= d:  # stopped by the budget: the frame back to the stack, to resume from
        S[s, 0, c] = lf
        S[s, 1, c] = cl
        S[s, 2, c] = rt
        S[s, 3, c] = b
    return i, count, nodes, steps


_search = njit(search_task)


@njit
def _add_task(tsub, state, pre, nt, s, cols, left, right, open_squares, placed, d, with_pre):
    """Write task `nt` of constellation `s` (its first frame, and the `d` queens
    above it `with_pre`); return `nt + 1`."""
    tsub[nt] = s
    state[nt, 0] = left & 0xFFFFFFFF
    state[nt, 1] = cols
    state[nt, 2] = right
    state[nt, 3] = open_squares
    if with_pre:
        for k in range(pre.shape[1]):
            pre[nt, k] = placed[k] if k < d else 0
    return nt + 1


@njit
def expand(n, items, d, with_pre=True):
    """Cut the constellations `items` (rows `top, bottom, left, right, sym, ...`) at `d`.

    Returns `(subs, tables, host, tasks)`:

    * `subs` int64 `(m, 4)`: per constellation `f` (free rows), `sym`, `top` and
      1 when it is cut into tasks (0: counted whole on the host, being too shallow);
    * `tables` uint32 `(m, 4, 32)`: per constellation the free-row masks, the gaps, the
      free rows' indices, and `allowed` (one mask per board row);
    * `host` int64 `(m, 4)`: the host's share of `(completions, fixed90, fixed180,
      nodes)` - the whole answer for a constellation not cut, the pushes down to its cut
      (the tasks' own included) for one that is, and for a symmetric one the completions
      its rotation fixes;
    * `tasks`: `(tsub int32, state uint32 (t, 4), pre uint32 (t, d + 1))`: a task's
      first frame (left diagonals, columns, right diagonals, open squares) and the queens
      of its free rows above the cut, the rest of its row 0 (for checks; the GPU does not
      read them, and `with_pre=False` leaves them out: no rows), in constellation order,
      each constellation's tasks in the search's order (so neighbouring GPU threads get
      neighbouring, similar subtrees).

    A corner constellation (`n - 3` free rows) that is cut is cut at `d + 1` and shows
    the task search `n - 4` free rows: `f` is one less than its free rows, and its
    tables (masks, gaps, free rows) start at its second free row. `d = 0` makes one task
    per constellation (its root; a corner one's children). Cost: the constellations' search
    trees down to their cut, the whole trees of those too shallow to cut, and the
    half-board searches of the symmetric ones.

    >>> items = np.array([[0, 2, 0, 4, 0, 1], [2, 6, 3, 4, 0, 1]])  # a corner one, another
    >>> subs, tables, host, (tsub, state, pre) = expand(8, items, 1)
    >>> subs[:, 0].tolist(), subs[:, 3].tolist()      # both show the tasks n - 4 free rows
    ([4, 4], [1, 1])
    >>> [int(np.count_nonzero(pre[tsub == s, :2].all(axis=0))) for s in (0, 1)]
    [2, 1]
    """
    nt = count_cut(n, items, d)
    tsub = np.zeros(nt, np.int32)
    state = np.zeros((nt, 4), np.uint32)
    pre = np.zeros((nt if with_pre else 0, d + 1), np.uint32)
    subs, tables, host = expand_into(n, items, d, with_pre, tsub, state, pre)
    return subs, tables, host, (tsub, state, pre)


@njit
def count_cut(n, items, d):
    """The number of tasks `expand` makes of `items` at `d` (the search down to the
    cut, nothing written). Cost: the constellations' search trees down to their cut."""
    return _cut(n, items, d, False, False, np.zeros((0, 4), np.int64),
                np.zeros((0, 4, 32), np.uint32), np.zeros((0, 4), np.int64),
                np.zeros(0, np.int32), np.zeros((0, 4), np.uint32),
                np.zeros((0, d + 1), np.uint32))


@njit
def expand_into(n, items, d, with_pre, tsub, state, pre):
    """`expand`, its tasks written into `tsub`, `state` and `pre` (`pre` only
    `with_pre`), arrays of exactly `count_cut`'s length (each a slice of larger
    ones, say); returns `(subs, tables, host)`, its task numbers counted from 0 within
    `items`. Cost: `expand`'s, less the counting pass."""
    m = items.shape[0]
    subs = np.zeros((m, 4), np.int64)
    tables = np.zeros((m, 4, 32), np.uint32)
    host = np.zeros((m, 4), np.int64)
    _cut(n, items, d, with_pre, True, subs, tables, host, tsub, state, pre)
    return subs, tables, host


@njit
def _cut(n, items, d, with_pre, fill, subs, tables, host, tsub, state, pre):
    """The cut of `expand`: with `fill`, into `subs`, `tables`, `host` and the
    tasks into `tsub`, `state`, `pre` (sized for them); without, nothing written (the
    arrays may be empty) and no host counts (shallow constellations, fixed points). Returns
    the number of tasks either way."""
    m = items.shape[0]
    nt = 0
    cs, ls, rs, bm = new_frames(32)
    placed = np.zeros(32, np.int64)
    for s in range(m):
        top = items[s, 0]
        sym = items[s, 4]
        allowed, rows = constellation_masks(n, top, items[s, 1], items[s, 2], items[s, 3])
        f = rows.shape[0]
        # a corner queen leaves one free row more than the n - 4 of the rest: cut one row
        # deeper, so that every task has the same rows below it
        lift = f - (n - 4) if f > n - 4 else 0
        cut = d + lift
        shallow = f - 1 <= cut  # no level below the cut with a row left: not cut at all
        if shallow:
            lift = 0
        if fill:
            subs[s, 0] = f - lift
            subs[s, 1] = sym
            subs[s, 2] = top
            for y in range(n):
                tables[s, 3, y] = allowed[y]
            for k in range(f - lift):
                tables[s, 0, k] = allowed[rows[k + lift]]
                tables[s, 2, k] = rows[k + lift]
                if k + 1 < f - lift:
                    tables[s, 1, k] = rows[k + lift + 1] - rows[k + lift]
        if shallow and not fill:
            continue
        if shallow:  # the constellation kernel counts it here
            c, f90, f180, nodes = count_subproblem(n, top, items[s, 1], items[s, 2],
                                                   items[s, 3], sym)
            host[s, 0] = c
            host[s, 1] = f90
            host[s, 2] = f180
            host[s, 3] = nodes
            continue
        if fill:
            subs[s, 3] = 1
        if sym != SYM_NONE and fill:
            # the tasks count its completions; those a rotation fixes are found here, by a
            # search of the upper half of the board (the task search tests no rotation)
            f90, f180 = count_fixed(n, top, items[s, 1], items[s, 2], items[s, 3], sym)
            host[s, 1] = f90
            host[s, 2] = f180
        c, lf, rt, b = root_frame(allowed, rows, top)
        if cut == 0:
            nt = _add_task(tsub, state, pre, nt, s, c, lf, rt, b, placed, 0, with_pre) \
                if fill else nt + 1
            continue
        push(cs, ls, rs, bm, 0, c, lf, rt, b)
        pushes = 0
        i = 0
        while i >= 0:
            j = i + 1
            bit, c, lf, rt, b = next_child(cs, ls, rs, bm, i, rows[j] - rows[i],
                                           allowed[rows[j]])
            if bit == 0:
                i -= 1
                continue
            placed[i] = bit
            # j <= cut < f - 1: never the last free row
            if b == 0 or free_ahead(c, lf, rt, rows[j + 1] - rows[j], allowed[rows[j + 1]]) == 0:
                continue
            pushes += 1
            if j == cut:
                nt = _add_task(tsub, state, pre, nt, s, c, lf, rt, b, placed, cut, with_pre) \
                    if fill else nt + 1
            else:
                push(cs, ls, rs, bm, j, c, lf, rt, b)
                i = j
        if fill:
            host[s, 3] = pushes
    return nt


@njit
def count_tasks(d, subs, tables, tsub, state, out, budget):
    """Count every task on the CPU into `out[t] = (completions, fixed90, fixed180, nodes)`;
    return the steps taken in all.

    The GPU kernel's twin: the same `search_task` over the same arrays (`expand`'s
    `subs`, `tables`, `tsub`, `state`), each task searched in calls of `budget`
    steps, resumed until it is finished (as the GPU resumes it launch after launch). A task
    tests no rotation, so `fixed90` and `fixed180` stay 0 (they are `expand`'s).
    Cost: the tasks' subtrees.
    """
    S = np.zeros((STACK, 4, 1), np.uint32)
    steps = 0
    for t in range(tsub.shape[0]):
        s = tsub[t]
        for w in range(4):
            S[0, w, 0] = state[t, w]
        i = d
        while i >= d:
            i, c, nodes, used = _search(subs[s, 0], d, tables[s, 0], tables[s, 1], S, 0, i,
                                        budget)
            out[t, 0] += c
            out[t, 3] += nodes
            steps += used
    return steps
