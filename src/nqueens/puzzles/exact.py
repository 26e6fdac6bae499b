"""Solve and count puzzles exactly: the first solution, every solution, a count with a cap.

Region puzzles run the compiled most-constrained-first search of
`nqueens.kernels.puzzles` in bounded slices (Ctrl-C lands between slices, within a
fraction of a second); with k >= 3 stars, `solve`, `is_unique` and counts go to a SAT
solver where python-sat is installed (`nqueens.puzzles.sat`, the `sat` extra; a count
past its 48 solutions, or any count without python-sat, runs row by row:
`nqueens.puzzles.row_count`). Puzzles that start from given
queens (completion puzzles: `p.rules.has_givens`) go to the completion search of
`nqueens.completion`, below its public face (a puzzle was checked when it was made),
counting "up to K" by streaming. Every answer is exhaustive: `None` or a count of 0 is a
proof that the puzzle has no solution, and a capped count says "more than K", never a guess.

A one-star solution (k = 1: the Queens game, completion puzzles) is a placement:
`cols[row]` is the 0-based column of the queen of that row. A k-star solution (k > 1) is
star rows: `stars[row]` is the sorted tuple of that row's k columns (see
`nqueens.puzzles.solution`; `as_stars` turns either
into star rows). Counting without `limit` only counts in the compiled search: no solution
is built.

>>> from nqueens.puzzles.model import parse_puzzle
>>> p = parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n")
>>> solve(p)
(0, 3, 1, 4, 2)
>>> count(p), count(p, limit=1)
(PuzzleCount(count=7, exact=True), PuzzleCount(count=2, exact=False))
>>> str(count(p, limit=1))
'more than 1'
>>> from nqueens.puzzles.model import region_puzzle
>>> two = region_puzzle([[r // 2 * 2 + c // 4 for c in range(8)] for r in range(8)], stars=2)
>>> count(two), solve(two)[:4]
(PuzzleCount(count=2, exact=True), ((1, 3), (5, 7), (1, 3), (5, 7)))
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain, islice
from typing import TYPE_CHECKING

from nqueens._limits import NO_LIMITS, Limits, Progress, limits
from nqueens._validate import INT64_MAX, check_int
from nqueens.kernels import REGION_SLICE_NODES, STARS_SLICE_NODES
from nqueens.puzzles.model import Puzzle, check_puzzle
from nqueens.puzzles.solution import PuzzleSolution

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "MAX_BATCH",
    "PuzzleCount",
    "count",
    "is_unique",
    "region_array",
    "solutions",
    "solutions_within",
    "solve",
    "unique_within",
]

MAX_BATCH = 1 << 16
"""The most solutions `solutions` buffers per compiled call (memory O(batch * n))."""


@dataclass(frozen=True)
class PuzzleCount:
    """A solution count: `exact` False means "more than `count - 1`" (the cap was hit)."""

    count: int
    exact: bool

    def __str__(self) -> str:
        return str(self.count) if self.exact else f"more than {self.count - 1}"


def solutions(p: Puzzle, *, batch: int = 64) -> Iterator[PuzzleSolution]:
    """Every solution of `p`, lazily, in search order. Memory O(batch * n k).

    Placements for one-star puzzles, star rows for k stars (the module docstring).

    Cost: O(nodes of the search tree), exponential in n in the worst case (forward checking and
    most-constrained-unit branching keep random 14 x 14 region puzzles to milliseconds).
    Checked when the call is made: a `p` that is not a `Puzzle` raises
    `InvalidArgumentError`, a `batch` that is not an integer from 1
    to `MAX_BATCH` `InvalidSizeError`.

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> list(solutions(completion_puzzle(4, [(0, 1)])))
    [(1, 3, 0, 2)]
    """
    p = check_puzzle(p)
    batch = check_int(batch, "batch", low=1, high=MAX_BATCH)
    return _limited(p, 0, batch=batch)


def solve(p: Puzzle, *, timeout: float | None = None,
          progress: Progress | None = None) -> PuzzleSolution | None:
    """The first solution in search order, or `None` (a proof that there is none).

    With k >= 3 stars and python-sat installed: the first the SAT solver finds.
    `timeout=S` stops the search after S seconds with `SearchTimeout` (the answer is
    unknown); `progress` hears the nodes and seconds between slices.

    A `p` that is not a `Puzzle` raises `InvalidArgumentError`, a `timeout` that is not
    a positive number of seconds `InvalidArgumentError`.
    Cost: O(nodes of the search tree up to the first solution).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> solve(parse_puzzle("AB\\nAB")) is None
    True
    """
    p = check_puzzle(p)
    lim = limits(timeout, progress)
    if _by_sat(p):
        return next((_as_solution(p.n, p.stars, c) for c in _sat().enumerate_stars(p, 1, lim)),
                    None)
    return next(iter(_limited(p, 1, lim)), None)


def count(p: Puzzle, *, limit: int | None = None, timeout: float | None = None,
          progress: Progress | None = None) -> PuzzleCount:
    """Count the solutions; with `limit` K stop after K + 1 ("more than K").

    `timeout` and `progress` as in `solve` (`SearchTimeout` past the deadline).
    A `p` that is not a `Puzzle` raises `InvalidArgumentError` (a bad `timeout` too);
    a `limit` that is not an integer from 0 to 2**63 - 2 (K + 1 is a 64-bit count)
    `InvalidSizeError`.
    Cost: O(nodes of the search tree), or until K + 1 solutions are found; with k >= 3
    stars past the SAT solver's first 48, O(the row states: `nqueens.puzzles.row_count`).

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> count(completion_puzzle(8, [(0, 0)]))
    PuzzleCount(count=4, exact=True)
    """
    p = check_puzzle(p)
    if limit is not None:
        limit = check_int(limit, "limit", low=0, high=INT64_MAX - 1)
    lim = limits(timeout, progress)
    if limit is None and p.rules.has_givens:
        from nqueens.completion import _trusted_count

        return PuzzleCount(_trusted_count(p.n, list(p.givens), list(p.blocked), lim), True)
    if _by_sat(p) and (limit is None or limit < _sat().COUNT_CAP):
        found = len(_sat().enumerate_stars(p, _sat().COUNT_CAP + 1 if limit is None
                                            else limit + 1, lim))
        if limit is not None or found <= _sat().COUNT_CAP:
            return PuzzleCount(found, limit is None or found <= limit)
    if limit is None:
        return PuzzleCount(_region_count(p, lim), True)
    total = _by_rows(p, lim) if limit >= _ROWS_FROM_LIMIT else None
    if total is not None:
        return PuzzleCount(min(total, limit + 1), total <= limit)
    found = sum(1 for _ in _limited(p, limit + 1, lim))
    return PuzzleCount(found, found <= limit)


def is_unique(p: Puzzle) -> bool:
    """Whether `p` has exactly one solution (stops at the second).

    A `p` that is not a `Puzzle` raises `InvalidArgumentError`.
    Cost: O(nodes of the search tree up to the second solution).

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> is_unique(completion_puzzle(4, [(0, 1)])), is_unique(completion_puzzle(4))
    (True, False)
    """
    return _is_unique(check_puzzle(p))


def _is_unique(p: Puzzle) -> bool:
    """`is_unique` of a puzzle checked already (the generator's own): no checks."""
    if _by_sat(p):
        return len(_sat().enumerate_stars(p, 2)) == 1
    return sum(1 for _ in _limited(p, 2)) == 1


def unique_within(p: Puzzle, nodes: int) -> bool | None:
    """Whether region puzzle `p` has one solution; None when `nodes` nodes do not say.

    The nodes are checked after each slice of `REGION_SLICE_NODES` or
    `STARS_SLICE_NODES`, between which Ctrl-C lands.

    For the generator, whose boards the techniques have already solved (their steps are
    the proof; this search confirms it where it is cheap): no checks. Cost: O(min(nodes,
    the nodes up to the second solution)).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> p = parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n")
    >>> unique_within(p, 10**6), unique_within(parse_puzzle("ABBB\\nABCB\\nADCC\\nDDDC\\n"), 10**6)
    (False, True)
    """
    for meta, _ in _run(p, 0, 2):
        if meta[2] == 1:
            return int(meta[1]) == 1
        if meta[3] >= nodes:
            return None
    return int(meta[1]) == 1


def solutions_within(p: Puzzle, allowed: int, *, limit: int = 2,
                     nodes: int = REGION_SLICE_NODES) -> list[PuzzleSolution] | None:
    """Up to `limit` solutions on the `allowed` squares, or None past `nodes` nodes.

    `p` is a region puzzle, `allowed` a bit mask (bit `r * n + c`); None means the
    `nodes` search nodes did not settle it. For the generator: after the logical rules
    have crossed squares out, the solutions left are searched for among the squares
    still open, a much smaller search. The compiled search runs in slices of
    `REGION_SLICE_NODES` (k > 1: `STARS_SLICE_NODES`), between which Ctrl-C lands.
    No checks: `p` is a region puzzle made by the caller. Cost: O(nodes).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> p = parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n")
    >>> solutions_within(p, (1 << 25) - 1)
    [(0, 3, 1, 4, 2), (1, 3, 0, 2, 4)]
    >>> solutions_within(p, (1 << 25) - 1 - 1)   # square <1,1> crossed out
    [(1, 3, 0, 2, 4), (1, 3, 0, 4, 2)]
    """
    found: list[list[int]] = []
    finished = False
    for meta, block in _run(p, limit, limit, allowed=allowed, nodes=nodes):
        found += block.tolist()
        finished = meta[2] == 1
    if not finished:
        return None
    return [_as_solution(p.n, p.stars, cells) for cells in found]


def region_array(p: Puzzle) -> np.ndarray:
    """The region numbers of region puzzle `p` in reading order, as an int64 array.

    For the compiled kernels. Cost: O(n^2), half of `np.array(p.regions)`'s (region
    numbers are below 62, so they pass as bytes): the generator pays it on thousands of
    boards.

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> region_array(parse_puzzle("AB\\nBB\\n")).tolist()
    [0, 1, 1, 1]
    """
    import numpy as np

    return np.array(bytearray(chain.from_iterable(p.regions)), dtype=np.int64)


# --- private helpers ---------------------------------------------------------------------

PORTFOLIO = True
"""Whether region puzzles with k >= 3 stars go to the SAT solver where python-sat is
installed (`nqueens.puzzles.sat`); False: always the plain search."""


ROW_COUNT = True
"""Whether counts of region puzzles with k >= 3 stars (past the SAT solver's
`COUNT_CAP`, or every count without python-sat) run row by row
(`nqueens.puzzles.row_count`) before the plain search; only with `PORTFOLIO`."""

_ROWS_MIN_STARS = 3
_ROWS_FROM_LIMIT = 48  # a count "up to K" row by row from this K on (below: by streaming)


def _sat():  # type: ignore[no-untyped-def]
    from nqueens.puzzles import sat

    return sat


def _by_sat(p: Puzzle) -> bool:
    """Whether `solve`, `is_unique` and `count` hand `p` to the SAT solver (its formula
    is of region puzzles)."""
    return (PORTFOLIO and p.rules.has_regions and p.stars >= _sat().MIN_STARS
            and _sat().available())


def _limited(p: Puzzle, limit: int, lim: Limits = NO_LIMITS, *,
             batch: int = 0) -> Iterator[PuzzleSolution]:
    """Solutions, stopping after `limit` (0: all), under `lim`; the compiled search
    buffers `batch` (0: `limit`, at most 64) per call.

    A puzzle from given queens goes to the completion search (checked when made: no
    checks there); a region puzzle to the compiled region search."""
    if p.rules.has_givens:
        from nqueens.completion import _trusted_completions

        stream = (tuple(s.placement) for s in _trusted_completions(
            p.n, list(p.givens), list(p.blocked), lim))
        return islice(stream, limit) if limit else stream
    return _region_solutions(p, batch=batch or min(limit, 64) or 64, limit=limit, lim=lim)


def _run(p: Puzzle, batch: int, limit: int, *, allowed: int | None = None,
         nodes: int | None = None, lim: Limits = NO_LIMITS) -> Iterator[tuple[object, ...]]:
    """Drive the compiled search in slices; yield (state, stored squares) after each.

    `allowed`: only these squares (a bit mask; all when None); `nodes`: stop once that
    many nodes are searched, the last slice cut to end there (the state then says
    unfinished); `lim` is checked after each slice."""
    import numpy as np

    from nqueens.kernels.puzzles import new_state, search

    n, k = p.n, p.stars
    region = region_array(p).reshape(n, n)
    state = new_state(n, k, region)
    if allowed is not None:
        for r in range(n):
            state[1][0, r] = (allowed >> (r * n)) & ((1 << n) - 1)
    meta = state[-1]
    sols = np.zeros((batch, n * k), dtype=np.int64)
    budget = REGION_SLICE_NODES if k == 1 else STARS_SLICE_NODES
    while True:
        step = budget if nodes is None else min(budget, nodes - int(meta[3]))
        finished = search(n, k, region, state[0], p.touching, p.diagonals, *state[1:], sols,
                          limit, step)
        stored = int(meta[4])
        meta[4] = 0
        yield meta, sols[:stored].copy()
        if finished or (nodes is not None and meta[3] >= nodes):
            return
        lim.check(int(meta[3]))


def _by_rows(p: Puzzle, lim: Limits = NO_LIMITS) -> int | None:
    """The count of a k >= 3-star puzzle row by row (`nqueens.puzzles.row_count`), or None
    where that does not apply or gives up."""
    if not (PORTFOLIO and ROW_COUNT and p.stars >= _ROWS_MIN_STARS):
        return None
    from nqueens.puzzles import row_count

    return row_count.count_rows(p, lim) if row_count.fits(p) else None


def _region_count(p: Puzzle, lim: Limits = NO_LIMITS) -> int:
    """Every solution counted: row by row where `_by_rows` says, else in the compiled
    search (none built)."""
    by_rows = _by_rows(p, lim)
    if by_rows is not None:
        return by_rows
    found = 0
    for meta, _ in _run(p, 0, 0, lim=lim):
        found = int(meta[1])
    return found


def _region_solutions(p: Puzzle, *, batch: int, limit: int,
                      lim: Limits = NO_LIMITS) -> Iterator[PuzzleSolution]:
    for _, block in _run(p, batch, limit, lim=lim):
        for cells in block.tolist():
            yield _as_solution(p.n, p.stars, cells)


def _as_solution(n: int, k: int, cells: list[int]) -> PuzzleSolution:
    """A solution from the squares `r * n + c` of its stars."""
    if k == 1:
        cols = [0] * n
        for cell in cells:
            cols[cell // n] = cell % n
        return tuple(cols)
    rows: list[list[int]] = [[] for _ in range(n)]
    for cell in cells:
        rows[cell // n].append(cell % n)
    return tuple(tuple(sorted(row)) for row in rows)
