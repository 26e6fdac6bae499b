"""GPU tasks: a constellation cut into smaller searches, and the search that counts one.

The GPU counts the engine's subproblems (start constellations, see
:mod:`nqueens.kernels.constellations`) after the host has placed queens on their first
``rows`` free rows: each partial board the constellation kernel would push at free-row level
``rows`` becomes one *task*, and the GPU searches its subtree. The cut is exact: the host
counts the pushes down to level ``rows`` (the tasks themselves included), each task counts
the pushes and completions below it, and the sums are the constellation kernel's
``(completions, fixed90, fixed180, nodes)`` to the last node (the same pruning, the same
look-ahead, the same node accounting). A constellation too shallow to cut (no free-row level
``rows`` below which a row is left) is counted whole on the host.

:func:`search_task` is the search of one task, written once in plain typed Python:
:mod:`nqueens.kernels.gpu` compiles it as a CUDA device function (every bitboard pinned to
``uint32``, the stack in a caller-given array so that a search stopped after a step budget
resumes where it stopped), and this module compiles it with
numba for the CPU (:func:`count_tasks`), the GPU kernel's twin used by tests and by the
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
    SYM_ROT90,
    constellation_masks,
    count_subproblem,
    root_frame,
)

__all__ = ["MAX_GPU_N", "NO_BUDGET", "STACK", "count_tasks", "expand", "search_task"]

MAX_GPU_N = 32
"""The largest board the 32-bit bitboards hold."""
STACK = 32
"""Stack depth of a task (free rows below it: at most n - 3 - rows < 32)."""


def search_task(n, f, d, masks, gaps, free, allowed, pre, top, sym, S, c, i, budget, board):
    """Search one task for at most ``budget`` steps: ``(level, completions, fixed90, fixed180,
    nodes, steps)``, the level below ``d`` once the task is finished, ``steps`` the steps
    taken (``budget`` unless the task finished first).

    The task is a partial board at free-row level ``d`` (``0 <= d < f - 1``) of a
    constellation with ``f`` free rows: ``masks[k]`` are the open columns of free row ``k``,
    ``gaps[k]`` the rows between free rows ``k`` and ``k + 1``, ``free[k]`` its row. Its
    stack is column ``c`` of ``S`` (uint32, ``S[k - d, w, c]`` for level ``k``: ``w`` = 0 the
    left-diagonal attacks, 1 the columns, 2 the right-diagonal attacks, 3 the open squares
    not yet tried), ``i`` the level to resume at; a fresh task has only its level ``d``
    filled and ``i = d``. The search stops after ``budget`` steps (one step tries one
    square) with the stack ready to resume from the returned level, so a caller can bound
    how long a call takes and call again; the counts of the calls add up. ``allowed``,
    ``pre`` (the queens of free rows ``0..d-1``), ``top`` and ``sym`` are read only at the
    completions of a symmetric constellation, to test the rotations (``board``: >= n
    scratch uint32). ``nodes`` counts pushes below the task plus completions (the task's
    own push is the host's), as the constellation kernel counts them. The last free row is
    never pushed: when one is reached its open squares (one column is left, so zero or one
    square) are the count. Cost: ``min(budget, the task's subtree)`` steps.
    """
    one = uint32(1)
    lastlevel = f - 1
    last = n - 1
    count = 0
    fixed90 = 0
    fixed180 = 0
    nodes = 0
    steps = 0
    while i >= d:
        if steps == budget:
            break
        steps += 1
        s = i - d
        b = S[s, 3, c]
        if b == 0:
            i -= 1
            continue
        bit = uint32(b & uint32(~b + one))
        S[s, 3, c] = uint32(b ^ bit)
        g = gaps[i]
        nl = uint32((S[s, 0, c] | bit) << g)
        nd = uint32(S[s, 1, c] | bit)
        nr = uint32((S[s, 2, c] | bit) >> g)
        j = i + 1
        nb = uint32(masks[j] & ~(nl | nd | nr))
        if nb == 0:
            continue
        if j == lastlevel:
            count += 1
            nodes += 1
            if sym != SYM_NONE:
                for y in range(n):
                    board[y] = allowed[y]
                board[0] = uint32(one << top)
                for k in range(d):
                    board[free[k]] = pre[k]
                for k in range(d, i):
                    board[free[k]] = uint32(S[k + 1 - d, 1, c] & ~S[k - d, 1, c])
                board[free[i]] = bit
                board[free[j]] = nb
                half = 1
                quarter = 1 if sym == SYM_ROT90 else 0
                for r in range(n):
                    col = 0
                    q = board[r]
                    while q > one:
                        q = uint32(q >> one)
                        col += 1
                    if board[last - r] != uint32(one << (last - col)):
                        half = 0
                    if board[col] != uint32(one << (last - r)):
                        quarter = 0
                fixed180 += half
                fixed90 += quarter
            continue
        gj = gaps[j]
        if uint32(masks[j + 1] & ~(uint32(nl << gj) | nd | uint32(nr >> gj))) == 0:
            continue
        t = j - d
        S[t, 0, c] = nl
        S[t, 1, c] = nd
        S[t, 2, c] = nr
        S[t, 3, c] = nb
        i = j
        nodes += 1
    return i, count, fixed90, fixed180, nodes, steps


_search = njit(search_task)


@njit
def _grow(a, need):
    """``a`` itself or a copy with room for ``need`` rows (doubling)."""
    if need <= a.shape[0]:
        return a
    size = max(need, 2 * a.shape[0])
    if a.ndim == 1:
        b = np.zeros(size, a.dtype)
        b[: a.shape[0]] = a
        return b
    b2 = np.zeros((size, a.shape[1]), a.dtype)
    b2[: a.shape[0]] = a
    return b2


@njit
def _room(tsub, state, pre, need):
    """The task arrays, grown (doubling) to hold at least ``need`` tasks."""
    return _grow(tsub, need), _grow(state, need), _grow(pre, need)


@njit
def _add_task(tsub, state, pre, nt, s, cols, left, right, open_squares, placed, d):
    """Write task ``nt`` of constellation ``s`` (its first frame and the ``d`` queens
    above it); return ``nt + 1``."""
    tsub[nt] = s
    state[nt, 0] = left & 0xFFFFFFFF
    state[nt, 1] = cols
    state[nt, 2] = right
    state[nt, 3] = open_squares
    for k in range(d):
        pre[nt, k] = placed[k]
    return nt + 1


@njit
def expand(n, items, d):
    """Cut the constellations ``items`` (rows ``top, bottom, left, right, sym, ...``) at ``d``.

    Returns ``(subs, tables, host, tasks)``:

    * ``subs`` int64 ``(m, 4)``: per constellation ``f`` (free rows), ``sym``, ``top`` and
      1 when it is cut into tasks (0: counted whole on the host);
    * ``tables`` uint32 ``(m, 4, 32)``: per constellation the free-row masks, the gaps, the
      free rows' indices, and ``allowed`` (one mask per board row);
    * ``host`` int64 ``(m, 4)``: the host's share of ``(completions, fixed90, fixed180,
      nodes)`` - the whole answer for a constellation not cut, the pushes down to level
      ``d`` (the tasks' own included) for one that is;
    * ``tasks``: ``(tsub int32, state uint32 (t, 4), pre uint32 (t, max(d, 1)))``: a
      task's first frame (left diagonals, columns, right diagonals, open squares) and the
      queens of its free rows 0..d-1, in constellation order, each
      constellation's tasks in the search's order (so neighbouring GPU threads get
      neighbouring, similar subtrees).

    ``d = 0`` makes one task per constellation (its root). Cost: the constellations' search
    trees down to level ``d``.
    """
    m = items.shape[0]
    subs = np.zeros((m, 4), np.int64)
    tables = np.zeros((m, 4, 32), np.uint32)
    host = np.zeros((m, 4), np.int64)
    width = max(d, 1)
    tsub = np.zeros(1024, np.int32)
    state = np.zeros((1024, 4), np.uint32)
    pre = np.zeros((1024, width), np.uint32)
    nt = 0
    cs, ls, rs, bm = new_frames(32)
    placed = np.zeros(32, np.int64)
    for s in range(m):
        top = items[s, 0]
        sym = items[s, 4]
        allowed, rows = constellation_masks(n, top, items[s, 1], items[s, 2], items[s, 3])
        f = rows.shape[0]
        subs[s, 0] = f
        subs[s, 1] = sym
        subs[s, 2] = top
        for y in range(n):
            tables[s, 3, y] = allowed[y]
        for k in range(f):
            tables[s, 0, k] = allowed[rows[k]]
            tables[s, 2, k] = rows[k]
            if k + 1 < f:
                tables[s, 1, k] = rows[k + 1] - rows[k]
        if f - 1 <= d:
            # too shallow to cut: the constellation kernel counts it here
            c, f90, f180, nodes = count_subproblem(n, top, items[s, 1], items[s, 2],
                                                   items[s, 3], sym)
            host[s, 0] = c
            host[s, 1] = f90
            host[s, 2] = f180
            host[s, 3] = nodes
            continue
        subs[s, 3] = 1
        c, lf, rt, b = root_frame(allowed, rows, top)
        if d == 0:
            tsub, state, pre = _room(tsub, state, pre, nt + 1)
            nt = _add_task(tsub, state, pre, nt, s, c, lf, rt, b, placed, 0)
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
            # j <= d < f - 1: never the last free row
            if b == 0 or free_ahead(c, lf, rt, rows[j + 1] - rows[j], allowed[rows[j + 1]]) == 0:
                continue
            pushes += 1
            if j == d:
                tsub, state, pre = _room(tsub, state, pre, nt + 1)
                nt = _add_task(tsub, state, pre, nt, s, c, lf, rt, b, placed, d)
            else:
                push(cs, ls, rs, bm, j, c, lf, rt, b)
                i = j
        host[s, 3] = pushes
    return subs, tables, host, (tsub[:nt], state[:nt], pre[:nt])


@njit
def count_tasks(n, d, subs, tables, tsub, state, pre, out, budget):
    """Count every task on the CPU into ``out[t] = (completions, fixed90, fixed180, nodes)``.

    The GPU kernel's twin: the same :func:`search_task` over the same arrays, each task
    searched in calls of ``budget`` steps, resumed until it is finished (as the GPU resumes
    it launch after launch). Cost: the tasks' subtrees.
    """
    S = np.zeros((STACK, 4, 1), np.uint32)
    board = np.zeros(STACK, np.uint32)
    for t in range(tsub.shape[0]):
        s = tsub[t]
        for w in range(4):
            S[0, w, 0] = state[t, w]
        i = d
        while i >= d:
            i, c, f90, f180, nodes, _ = _search(
                n, subs[s, 0], d, tables[s, 0], tables[s, 1], tables[s, 2], tables[s, 3],
                pre[t], subs[s, 2], subs[s, 1], S, 0, i, budget, board,
            )
            out[t, 0] += c
            out[t, 1] += f90
            out[t, 2] += f180
            out[t, 3] += nodes
