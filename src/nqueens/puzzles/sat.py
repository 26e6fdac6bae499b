"""Star Battle with 3 or more stars handed to a SAT solver (python-sat's Gluecard), our formula.

The compiled search of `nqueens.kernels.puzzles` is exact and fast on one- and two-star
puzzles, but on puzzles with k >= 3 stars a solver that learns from its dead ends finds the
one solution of a real 15 x 15 3-star puzzle, or of a 21 x 21 5-star one, and proves there
is no second, many times sooner (measured: benchmarks/puzzles/bench_stars.py). This module
is the other half of that portfolio: `nqueens.puzzles.exact` sends `solve`,
`is_unique` and counts of region puzzles with k >= `MIN_STARS` here when python-sat
is installed (the optional `sat` extra: `pip install "nqueens-toolkit[sat]"`), and runs
its plain search otherwise.

The formula (`formula`): one variable per square (`r * n + c + 1`); per row, column
and region "exactly k" as two native cardinality constraints (at most k stars, at most
len - k empty squares; Gluecard propagates them directly, where a clause encoding such as a
sequential counter took 60% of the time to build and load and searched slower: measured);
one clause per pair of touching squares; the pair-of-lines blocks (`_pair_blocks`);
with the diagonal rule "at most 1" per diagonal. Solutions are enumerated by blocking each
found star set (a clause over the square variables), so a count runs one solve per
solution: cheap for the few solutions of a real puzzle, and why a count gives up after
`COUNT_CAP` solutions and lets the row-by-row count of `nqueens.puzzles.row_count`
answer (it counts without enumerating; the plain search where that gives up).

Ctrl-C during a solve: the solver's interrupt comes back as an error of python-sat, raised
here as `KeyboardInterrupt` (within a fraction of a second: measured). With a deadline
(`limits`, see `nqueens._limits`) the solver runs in slices of a growing number of
conflicts, the deadline checked between them (`SearchTimeout` past it); the slices can
lead it to another solution first than one unlimited solve would.

>>> from nqueens.puzzles.model import region_puzzle
>>> p = region_puzzle([[r] * 12 for r in range(12)], stars=3)   # the regions are the rows
>>> [len(stars) for stars in enumerate_stars(p, 2)] if available() else [36, 36]
[36, 36]
"""

from __future__ import annotations

import time
from functools import cache
from typing import Any

from nqueens._limits import NO_LIMITS, Limits
from nqueens.puzzles.model import Puzzle

__all__ = ["COUNT_CAP", "MIN_STARS", "available", "enumerate_stars", "formula"]

MIN_STARS = 3
"""The portfolio's line: region puzzles with at least this many stars go to the SAT solver."""

COUNT_CAP = 48
"""A count enumerates at most this many solutions by SAT before it counts row by row: SAT
pays for each solution, the row count a cost per board, and on random 14 x 14 3-star boards
48 is about where they cross (chosen by measurement; the figures are in
benchmarks/results/decisions.jsonl)."""

SOLVER = "gluecard4"
"""python-sat's Gluecard 4 (Glucose 4 with native cardinality constraints): chosen by
measurement on the real 15 x 15 3-star puzzle and made 21 x 21 5-star and 25 x 25 6-star
ones (find the solution, prove there is no second) over Gluecard 3, Minicard, and a clause
encoding (sequential counters) under CaDiCaL 1.5.3 and 1.9.5, Glucose 4.1 and 4.2 and
MiniSat: three to ten times faster than the clause encodings on those boards (the figures
are in benchmarks/results/decisions.jsonl)."""


@cache
def available() -> bool:
    """Whether python-sat (with Gluecard) can be imported. Cost: O(1) after one import.

    >>> isinstance(available(), bool)
    True
    """
    try:
        from pysat.solvers import SolverNames
    except ImportError:
        return False
    return any(SOLVER in names for names in vars(SolverNames).values()
               if isinstance(names, tuple))


Formula = tuple[list[list[int]], list[tuple[list[int], int]]]
"""Clauses and "at most b of these literals" constraints (CNF+, as Gluecard reads it)."""


def formula(p: Puzzle) -> Formula:
    """The clauses and cardinality constraints of region puzzle `p` (module docstring).

    Cost: O(n^2) clauses and constraints, O(n^2) time.

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> clauses, atmost = formula(parse_puzzle("AB\\nAB"))
    >>> [-1, -2] in clauses, ([1, 2], 1) in atmost, ([-1, -2], 1) in atmost  # row 0
    (True, True, True)
    """
    n, k = p.n, p.stars
    clauses: list[list[int]] = []
    atmost: list[tuple[list[int], int]] = []
    units = [[r * n + c + 1 for c in range(n)] for r in range(n)]
    units += [[r * n + c + 1 for r in range(n)] for c in range(n)]
    units += [[r * n + c + 1 for r, c in cells] for cells in p.region_cells()]
    for unit in units:  # exactly k: at most k stars, at most len - k squares without
        atmost.append((unit, k))
        atmost.append(([-v for v in unit], len(unit) - k))
    add = clauses.append
    for r in range(n):  # each square with its neighbours right, below left, below, below right
        for c in range(n):
            v = -(r * n + c + 1)
            if c + 1 < n:
                add([v, v - 1])
            if r + 1 < n:
                if c > 0:
                    add([v, v - n + 1])
                add([v, v - n])
                if c + 1 < n:
                    add([v, v - n - 1])
    if k > 1:
        _pair_blocks(n, k, clauses, atmost)
    if p.uses_diagonals:
        for d in range(-(n - 2), n - 1):
            atmost.append(([r * n + r - d + 1 for r in range(n) if 0 <= r - d < n], 1))
            atmost.append(([r * n + (d + n - 1 - r) + 1 for r in range(n)
                            if 0 <= d + n - 1 - r < n], 1))
    return clauses, atmost


def _pair_blocks(n: int, k: int, clauses: list[list[int]],
                 atmost: list[tuple[list[int], int]]) -> None:
    """Redundant constraints the solver cannot see for itself: two neighbouring rows
    (columns) hold 2k stars, cut into blocks of 2 x 2 (2 x 1 at an odd end), each holding
    at most one (its squares touch), so at least 2k blocks have a star (both ways to cut
    when n is odd). A block's variable (numbered above the squares) is the "or" of its
    squares."""
    top = n * n
    add = clauses.append
    for r in range(n - 1):
        for step, across in ((1, n), (n, 1)):  # along the rows r, r + 1; down columns r, r + 1
            first = r * across + 1  # the square (r, 0), or (0, r) for the columns
            for start in ((0, 1) if n % 2 else (0,)):
                blocks = []
                for c0 in range(-start, n, 2):
                    if c0 < 0:  # a 2 x 1 block at the start
                        cells = [first, first + across]
                    elif c0 + 1 < n:
                        v = first + c0 * step
                        cells = [v, v + step, v + across, v + across + step]
                    else:  # a 2 x 1 block at the end
                        v = first + c0 * step
                        cells = [v, v + across]
                    top += 1
                    add([-top, *cells])
                    for v in cells:
                        add([-v, top])
                    blocks.append(-top)
                atmost.append((blocks, len(blocks) - 2 * k))


def enumerate_stars(p: Puzzle, limit: int, limits: Limits = NO_LIMITS) -> list[list[int]]:
    """Up to `limit` solutions of region puzzle `p`, each its sorted star squares.

    A square is `r * n + c`; fewer than `limit` means these are all. Needs python-sat.
    `limits` are checked between solves (and, with a deadline, between slices of one).
    No checks: `p` is a region puzzle, `limit` >= 1 (the caller's). Cost: O(the formula,
    `formula`) and `limit` SAT solves at most, each exponential in the worst case.

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> p = parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n")
    >>> from nqueens.puzzles.exact import count
    >>> not available() or len(enumerate_stars(p, 50)) == count(p).count  # all of them
    True
    """
    from pysat.solvers import Solver

    n = p.n
    clauses, atmost = formula(p)
    found: list[list[int]] = []
    with Solver(name=SOLVER, bootstrap_with=clauses) as s:
        for lits, bound in atmost:
            s.add_atmost(lits, bound)
        while len(found) < limit:
            limits.check()
            try:
                sat = s.solve() if limits.deadline is None else _sliced(s, limits)
            except Exception as e:  # python-sat's error for a SIGINT caught in the solver
                if "interrupt" in str(e).lower():
                    raise KeyboardInterrupt from None
                raise
            if not sat:
                break
            model = s.get_model()
            stars = [v - 1 for v in model[: n * n] if v > 0]
            found.append(stars)
            s.add_clause([-(v + 1) for v in stars])
    return found


FIRST_CONFLICTS = 256
"""With a deadline: the conflicts of the first slice of a solve."""

SLICE_SECONDS = 0.1
"""With a deadline: the conflicts of a slice double while a slice takes less than this
(and halve when one takes four times as long)."""


def _sliced(s: Any, limits: Limits) -> bool:
    """`s.solve()` in slices of conflicts, `limits` checked between them."""
    budget = FIRST_CONFLICTS
    while True:
        s.conf_budget(budget)
        t = time.monotonic()
        found = s.solve_limited()
        if found is not None:
            return bool(found)
        limits.check()
        took = time.monotonic() - t
        if took < SLICE_SECONDS:
            budget = min(2 * budget, 1 << 20)
        elif took > 4 * SLICE_SECONDS:
            budget = max(FIRST_CONFLICTS, budget // 2)
