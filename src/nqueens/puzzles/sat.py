"""Star Battle with 3 or more stars handed to a SAT solver (python-sat's Glucose), our own CNF.

The compiled search of :mod:`nqueens.kernels.puzzles` is exact and fast on one- and two-star
puzzles, but on puzzles with k >= 3 stars a solver that learns from its dead ends finds the
one solution of a real 15 x 15 3-star puzzle, or of a 21 x 21 5-star one, many times sooner
(measured: benchmarks/puzzles/bench_stars.py). This module is the other half of that
portfolio: :mod:`nqueens.puzzles.exact` sends ``solve``, ``is_unique`` and counts of region
puzzles with k >= :data:`MIN_STARS` here when python-sat is installed (the optional ``sat``
extra: ``pip install "nqueens-toolkit[sat]"``), and runs its plain search otherwise.

The CNF: one variable per square (``r * n + c + 1``); per row, column and region "exactly
k" as a sequential counter (Sinz 2005) whose registers ``s[i][j]`` say "at least j of the
first i + 1 squares hold a star", both ways, with "not at k before a star" (at most k) and
"at k at the end" (at least k); one clause per pair of touching squares; with the diagonal
rule a counter "at most 1" per diagonal. Solutions are enumerated by blocking each found
star set (a clause over the square variables), so a count runs one solve per solution:
cheap for the few solutions of a real puzzle, and why a count gives up after
:data:`COUNT_CAP` solutions and lets the plain search count (it enumerates without
learning, as fast per solution).

Ctrl-C during a solve: the solver's interrupt comes back as an error of python-sat, raised
here as :class:`KeyboardInterrupt` (within a fraction of a second: measured).

>>> from nqueens.puzzles.model import region_puzzle
>>> p = region_puzzle([[r] * 12 for r in range(12)], stars=3)   # the regions are the rows
>>> [len(stars) for stars in enumerate_stars(p, 2)] if available() else [36, 36]
[36, 36]
"""

from __future__ import annotations

from functools import cache

from nqueens.puzzles.model import Puzzle

__all__ = ["COUNT_CAP", "MIN_STARS", "available", "cnf", "enumerate_stars"]

MIN_STARS = 3
"""The portfolio's line: region puzzles with at least this many stars go to the SAT solver."""

COUNT_CAP = 24
"""A count enumerates at most this many solutions by SAT before the plain search counts."""

SOLVER = "glucose4"
"""python-sat's Glucose 4.1: chosen by measurement over CaDiCaL 1.5.3 and 1.9.5, Glucose 4.2
and MiniSat on the real 15 x 15 3-star puzzle and made 21 x 21 5-star and 25 x 25 6-star
ones (counting the one solution: find it, then prove there is no second), the steadiest of
them (CaDiCaL was fastest on some, 3x slower on others)."""


@cache
def available() -> bool:
    """Whether python-sat (with its Glucose) can be imported. Cost: one import, once.

    >>> isinstance(available(), bool)
    True
    """
    try:
        from pysat.solvers import SolverNames
    except ImportError:
        return False
    return any(SOLVER in names for names in vars(SolverNames).values()
               if isinstance(names, tuple))


class _Counter:
    """Fresh variable numbers above the squares."""

    def __init__(self, first: int) -> None:
        self.top = first

    def new(self) -> int:
        self.top += 1
        return self.top


def _exactly(lits: list[int], k: int, fresh: _Counter, out: list[list[int]], *,
             at_least: bool = True) -> None:
    """Clauses for "exactly k of ``lits``" (``at_least`` False: at most k), a sequential
    counter with registers in both directions."""
    m = len(lits)
    if k <= 0 or m <= k:
        if k <= 0 or (m < k and at_least):
            out.extend([[-v] for v in lits] if k <= 0 else [[1], [-1]])
        elif at_least:
            out.extend([v] for v in lits)
        return
    prev: list[int | None] = [None] * (k + 1)  # s[i-1][j]; None is false (j > 0)
    for i, x in enumerate(lits):
        cur: list[int | None] = [None] * (k + 1)
        for j in range(1, min(i + 1, k) + 1):
            s = fresh.new()
            cur[j] = s
            below = prev[j - 1] if j > 1 else 0  # 0: true (at least 0)
            if prev[j] is not None:
                out.append([-prev[j], s])            # s[i-1][j] -> s[i][j]
                out.append([-s, prev[j], x])         # s[i][j] -> s[i-1][j] or x
                if below:
                    out.append([-s, prev[j], below])  # ... or s[i-1][j-1]
            else:
                out.append([-s, x])
                if below:
                    out.append([-s, below])
            out.append([-x, s] if not below else [-x, -below, s])
        if prev[k] is not None:
            out.append([-prev[k], -x])  # at most k: no star once k are counted
        prev = cur
    if at_least:
        out.append([prev[k]])  # type: ignore[list-item]


def cnf(p: Puzzle) -> tuple[int, list[list[int]]]:
    """The highest variable and the clauses of region puzzle ``p`` (module docstring).

    Cost: O(n^3 k) clauses and time (3n units of n squares, k registers a square).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> top, clauses = cnf(parse_puzzle("AB\\nAB"))
    >>> top >= 4 and [-1, -2] in clauses    # the two squares of row 0 touch
    True
    """
    n, k = p.n, p.stars
    fresh = _Counter(n * n)
    out: list[list[int]] = []
    units = [[r * n + c + 1 for c in range(n)] for r in range(n)]
    units += [[r * n + c + 1 for r in range(n)] for c in range(n)]
    units += [[r * n + c + 1 for r, c in cells] for cells in p.region_cells()]
    for unit in units:
        _exactly(unit, k, fresh, out)
    for r in range(n):
        for c in range(n):
            for rr, cc in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)):
                if rr < n and 0 <= cc < n:
                    out.append([-(r * n + c + 1), -(rr * n + cc + 1)])
    if k > 1:
        _pair_blocks(n, k, fresh, out)
    if p.uses_diagonals:
        for d in range(-(n - 2), n - 1):
            down = [r * n + r - d + 1 for r in range(n) if 0 <= r - d < n]
            up = [r * n + (d + n - 1 - r) + 1 for r in range(n) if 0 <= d + n - 1 - r < n]
            _exactly(down, 1, fresh, out, at_least=False)
            _exactly(up, 1, fresh, out, at_least=False)
    return fresh.top, out


def _pair_blocks(n: int, k: int, fresh: _Counter, out: list[list[int]]) -> None:
    """Redundant clauses the solver cannot see for itself: two neighbouring rows (columns)
    hold 2k stars, cut into blocks of 2 x 2 (the last 2 x 1 when n is odd), each holding at
    most one (its squares touch), so at least 2k blocks have a star (both ways to cut)."""
    for r in range(n - 1):
        for sq in (lambda a, b: a * n + b + 1, lambda a, b: b * n + a + 1):  # rows, columns
            for start in ((0, 1) if n % 2 else (0,)):
                blocks = []
                for c0 in range(start - 1 if start else 0, n, 2):
                    cells = [sq(rr, c) for rr in (r, r + 1) for c in (c0, c0 + 1)
                             if 0 <= c < n]
                    y = fresh.new()
                    out.append([-y, *cells])
                    out.extend([-v, y] for v in cells)
                    blocks.append(-y)
                _exactly(blocks, len(blocks) - 2 * k, fresh, out, at_least=False)


def enumerate_stars(p: Puzzle, limit: int) -> list[list[int]]:
    """Up to ``limit`` solutions of region puzzle ``p``, each its sorted star squares
    ``r * n + c``; fewer than ``limit`` means these are all. Needs python-sat.

    No checks: ``p`` is a region puzzle, ``limit`` >= 1 (the caller's). Cost: the CNF
    (:func:`cnf`) and ``limit`` SAT solves at most, each exponential in the worst case.
    """
    from pysat.solvers import Solver

    n = p.n
    _, clauses = cnf(p)
    found: list[list[int]] = []
    with Solver(name=SOLVER, bootstrap_with=clauses) as s:
        while len(found) < limit:
            try:
                sat = s.solve()
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
