"""Running the compiled completion search in slices: time limits, progress, Ctrl-C.

The kernels of `nqueens.kernels.completion` work for a bounded number of nodes per
call; this module loops over those slices in Python (so Ctrl-C lands within a fraction of a
second), stops at a deadline (`SearchTimeout`: the answer is unknown)
and reports progress to a callback (`nqueens._limits`). Boards come in already checked
(`nqueens.completion` validates them once, at its public face).

>>> s = Search(4, [], [], "rows", stop=True, restart=False, seed=0)
>>> s.next_solution()
Solution('2 4 1 3')
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

from nqueens._limits import NO_LIMITS, Limits, Progress
from nqueens._types import Square
from nqueens.board import Solution

__all__ = ["Limits", "Progress", "RowsSearch", "Search", "board_masks", "count_board", "count_rows",
           "portfolio", "stream"]


def _k() -> Any:
    from nqueens.kernels import completion as kernels

    return kernels


def count_rows(n: int, masks: list[int], limit: int | None, limits: Limits = NO_LIMITS) -> int:
    """Count with the resumable row-by-row bitmask kernel, in slices (n <= 63)."""
    import numpy as np

    k = _k()
    full = (1 << n) - 1
    allowed = np.array(masks, dtype=np.int64)
    av, cs, ls, rs = (np.zeros(n, dtype=np.int64) for _ in range(4))
    meta = np.array([-1, 0, 0, -1 if limit is None else limit], dtype=np.int64)
    while k.count_rows(n, full, allowed, av, cs, ls, rs, meta, 2_000_000) == k.STATUS_BUDGET:
        limits.check(int(meta[2]))
    return int(meta[1])


def board_masks(n: int, queens: list[Square], walls: list[Square]) -> list[int]:
    """Per-row masks of the columns a queen may take on a checked board (bit c = column
    c). Cost: O(n * k + b).

    >>> [bin(m) for m in board_masks(4, [(0, 1)], [(2, 0)])]
    ['0b10', '0b1000', '0b100', '0b1101']
    """
    by_row = dict(queens)
    walls_by_row: dict[int, int] = {}
    for br, bc in walls:
        walls_by_row[br] = walls_by_row.get(br, 0) | (1 << bc)
    full = (1 << n) - 1
    masks = []
    for r in range(n):
        if r in by_row:
            masks.append(1 << by_row[r])
            continue
        m = full
        for qr, qc in queens:
            m &= ~(1 << qc)
            d = r - qr
            for c in (qc + d, qc - d):
                if 0 <= c < n:
                    m &= ~(1 << c)
        masks.append(m & ~walls_by_row.get(r, 0))
    return masks


def count_board(n: int, queens: list[Square], walls: list[Square], limit: int | None,
                limits: Limits = NO_LIMITS, *, by_rows: bool) -> int:
    """The completions of a checked board (K + 1 past `limit` K): with the row-by-row
    bitmask count (`by_rows`, n <= 63) or the most-constrained-line search.

    >>> count_board(8, [(0, 0)], [(1, 4)], None, by_rows=False)
    3
    """
    if by_rows:
        return count_rows(n, board_masks(n, queens, walls), limit, limits)
    s = Search(n, queens, walls, "constrained", stop=False, restart=False, seed=0,
               limits=limits)
    if limit is not None:
        s.meta[_k().M_COUNT_LIMIT] = limit
    s.run()
    return int(s.meta[_k().M_COUNT])


def stream(s: Search) -> Iterator[Solution]:
    """The completions one by one; the limits are checked between them too (solutions that
    come faster than a slice would otherwise never meet the deadline)."""
    while (found := s.next_solution()) is not None:
        yield found
        s.limits.check(s.nodes)


class Search:
    """One resumable compiled search over a checked board, run in slices of bounded work."""

    def __init__(self, n: int, queens: list[Square], walls: list[Square], order: str, *,
                 stop: bool, restart: bool, seed: int, limits: Limits = NO_LIMITS) -> None:
        import numpy as np

        k = _k()
        self.n = n
        self.k = k
        self.limits = limits
        self.state = k.new_state(n)
        self.meta = meta = self.state[-1]
        meta[k.M_ORDER] = k.ORDER_ROWS if order == "rows" else k.ORDER_CONSTRAINED
        meta[k.M_STOP] = int(stop)
        meta[k.M_RESTART] = int(restart)
        meta[k.M_RNG] = random.Random(seed).getrandbits(63)
        meta[k.M_LIMIT] = max(16, n) if restart else -1
        open_sq = np.ones(n * n, dtype=np.uint8)
        for r, c in walls:
            open_sq[r * n + c] = 0
        squares = np.array([r * n + c for r, c in queens], dtype=np.int64)
        w = int(meta[k.M_W])
        self.w = w
        bits, cnt, q, trail, qstack, queue, *_ = self.state
        k.setup(n, w, open_sq, squares, bits, cnt, q, trail, qstack, queue, meta)
        # a slice is about 10^7 square operations: well under a second on any machine
        self.budget = max(16, 10_000_000 // (4 * n * n))
        self.done = False

    @property
    def nodes(self) -> int:
        return int(self.meta[self.k.M_NODES])

    def run(self, max_nodes: int | None = None) -> int:
        """Search until a solution, the end, the count limit or (with `max_nodes`) that
        many nodes in all (then STATUS_BUDGET); Python loops over slices."""
        k = self.k
        if self.done:
            return int(k.STATUS_EXHAUSTED)
        while True:
            budget = self.budget
            if max_nodes is not None:
                budget = min(budget, max_nodes - self.nodes)
                if budget <= 0:
                    return int(k.STATUS_BUDGET)
            status = int(k.search(self.n, self.w, *self.state, budget))
            if status != k.STATUS_BUDGET:
                if status in (k.STATUS_EXHAUSTED, k.STATUS_LIMIT):
                    self.done = True
                return status
            self.limits.check(self.nodes)

    def next_solution(self, max_nodes: int | None = None) -> Solution | None:
        """The next completion; None when the search is exhausted (or `max_nodes` ran out:
        then `run` said STATUS_BUDGET and `done` is False)."""
        if self.run(max_nodes) != self.k.STATUS_SOLUTION:
            return None
        return Solution._trusted(tuple(int(c) for c in self.state[2][0]))


class RowsSearch:
    """The row-by-row bitmask search (n <= 63; O(1) a node, no propagation) for one answer:
    the lexicographically first completion, or a proof that there is none. Resumable in
    slices of `budget` nodes (`step`)."""

    def __init__(self, n: int, masks: list[int]) -> None:
        import numpy as np

        self.n = n
        self.k = _k()
        self.full = (1 << n) - 1
        self.allowed = np.array(masks, dtype=np.int64)
        self.av, self.cs, self.ls, self.rs = (np.zeros(n, dtype=np.int64) for _ in range(4))
        self.meta = np.array([-1, 0, 0, 0], dtype=np.int64)  # stop past 0 completions
        self.done = False

    @property
    def nodes(self) -> int:
        return int(self.meta[2])

    def step(self, budget: int) -> bool:
        """Search `budget` more nodes; True once decided (`solution` then says)."""
        k = self.k
        status = k.count_rows(self.n, self.full, self.allowed, self.av, self.cs, self.ls,
                              self.rs, self.meta, budget)
        self.done = status != k.STATUS_BUDGET
        return self.done

    @property
    def solution(self) -> Solution | None:
        """The completion found (the kernel stopped in its last row), or None."""
        if not self.done or self.meta[1] == 0:
            return None
        cs = [int(x) for x in self.cs]
        cols = [(cs[r + 1] ^ cs[r]).bit_length() - 1 for r in range(self.n - 1)]
        cols.append((self.full & ~cs[self.n - 1]).bit_length() - 1)
        return Solution._trusted(tuple(cols))


ROWS_FIRST = 1 << 15
"""Nodes the bitmask search gets before `portfolio` starts its turns."""


def portfolio(search: Search, rows: RowsSearch, limits: Limits) -> tuple[Solution | None, str]:
    """Run the restarted constrained search and the bitmask rows search by turns, each
    given the same time, until one decides; return the answer and which search gave it.

    The constrained search finds completions of hard boards quickly and proves slowly; the
    bitmask search proves "none" many times faster (on CSPLib prob079's hard N = 21 boards,
    by a factor of 60 and more: docs/performance.md). Cost: at most twice the faster one's
    time.
    Before the turns, the bitmask search gets `ROWS_FIRST` nodes (well under a
    millisecond): an easy board is answered by it, with the textbook-first completion.
    """
    k = search.k
    if rows.step(ROWS_FIRST):
        return rows.solution, "rows"
    spent = [0.0, 0.0]
    rows_budget = 1 << 16
    while True:
        t = time.perf_counter()
        if spent[0] <= spent[1]:
            status = search.run(search.nodes + search.budget)
            spent[0] += time.perf_counter() - t
            if status == k.STATUS_SOLUTION:
                cols = tuple(int(c) for c in search.state[2][0])
                return Solution._trusted(cols), "constrained"
            if status == k.STATUS_EXHAUSTED:
                return None, "constrained"
        else:
            if rows.step(rows_budget):
                return rows.solution, "rows"
            took = time.perf_counter() - t
            spent[1] += took
            if took < 0.02:
                rows_budget = min(rows_budget * 2, 1 << 24)
        limits.check(search.nodes + rows.nodes)
