"""Solve and count puzzles exactly: the first solution, every solution, a count with a cap.

Region puzzles run the compiled most-constrained-first search of
:mod:`nqueens.kernels.puzzles` in bounded slices (Ctrl-C lands between slices, within a
fraction of a second). Completion puzzles go through the public API of
:mod:`nqueens.completion` (``completions``, ``count_completions``), counting "up to K" by
streaming. Every answer is exhaustive: ``None`` or a count of 0 is a proof that the puzzle
has no solution, and a capped count says "more than K", never a guess.

A solution is a placement: ``cols[row]`` is the 0-based column of the queen of that row.

>>> from nqueens.puzzles.model import parse_puzzle
>>> p = parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n")
>>> solve(p)
(0, 3, 1, 4, 2)
>>> count(p), count(p, limit=1)
(PuzzleCount(count=7, exact=True), PuzzleCount(count=2, exact=False))
>>> str(count(p, limit=1))
'more than 1'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice

from nqueens._validate import INT64_MAX, check_int
from nqueens.puzzles.model import Puzzle, check_puzzle

__all__ = ["MAX_BATCH", "SLICE_NODES", "PuzzleCount", "count", "is_unique", "solutions", "solve"]

Placement = tuple[int, ...]

SLICE_NODES = 100_000
"""Nodes per compiled call: each call returns well within a second, so Ctrl-C is prompt."""

MAX_BATCH = 1 << 16
"""The most solutions :func:`solutions` buffers per compiled call (memory O(batch * n))."""


@dataclass(frozen=True)
class PuzzleCount:
    """A solution count: ``exact`` False means "more than ``count - 1``" (the cap was hit)."""

    count: int
    exact: bool

    def __str__(self) -> str:
        return str(self.count) if self.exact else f"more than {self.count - 1}"


def solutions(p: Puzzle, *, batch: int = 64) -> Iterator[Placement]:
    """Every solution of ``p``, lazily, in search order. Memory O(batch * n).

    Cost: O(nodes of the search tree), exponential in n in the worst case (forward checking and
    most-constrained-unit branching keep random 14 x 14 region puzzles to milliseconds).
    Checked when the call is made: a ``p`` that is not a :class:`Puzzle` raises
    :class:`~nqueens.errors.InvalidArgumentError`, a ``batch`` that is not an integer from 1
    to :data:`MAX_BATCH` :class:`~nqueens.errors.InvalidSizeError`.

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> list(solutions(completion_puzzle(4, [(0, 1)])))
    [(1, 3, 0, 2)]
    """
    p = check_puzzle(p)
    batch = check_int(batch, "batch", low=1, high=MAX_BATCH)
    if p.kind == "completion":
        from nqueens.completion import completions

        return (tuple(s.placement) for s in completions(p.n, list(p.givens),
                                                         blocked=list(p.blocked)))
    return _region_solutions(p, batch=batch, limit=0)


def solve(p: Puzzle) -> Placement | None:
    """The first solution in search order, or ``None`` (a proof that there is none).

    A ``p`` that is not a :class:`Puzzle` raises :class:`~nqueens.errors.InvalidArgumentError`.
    Cost: O(nodes of the search tree up to the first solution).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> solve(parse_puzzle("AB\\nAB")) is None
    True
    """
    return next(iter(_limited(check_puzzle(p), 1)), None)


def count(p: Puzzle, *, limit: int | None = None) -> PuzzleCount:
    """Count the solutions; with ``limit`` K stop after K + 1 ("more than K").

    A ``p`` that is not a :class:`Puzzle` raises :class:`~nqueens.errors.InvalidArgumentError`;
    a ``limit`` that is not an integer from 0 to 2**63 - 2 (K + 1 is a 64-bit count)
    :class:`~nqueens.errors.InvalidSizeError`.
    Cost: O(nodes of the search tree), or until K + 1 solutions are found.

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> count(completion_puzzle(8, [(0, 0)]))
    PuzzleCount(count=4, exact=True)
    """
    p = check_puzzle(p)
    if limit is not None:
        limit = check_int(limit, "limit", low=0, high=INT64_MAX - 1)
    if limit is None and p.kind == "completion":
        from nqueens.completion import count_completions

        return PuzzleCount(count_completions(p.n, list(p.givens), blocked=list(p.blocked)),
                           True)
    stop = 0 if limit is None else limit + 1
    found = sum(1 for _ in _limited(p, stop))
    return PuzzleCount(found, limit is None or found <= limit)


def is_unique(p: Puzzle) -> bool:
    """Whether ``p`` has exactly one solution (stops at the second).

    A ``p`` that is not a :class:`Puzzle` raises :class:`~nqueens.errors.InvalidArgumentError`.
    Cost: O(nodes of the search tree up to the second solution).

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> is_unique(completion_puzzle(4, [(0, 1)])), is_unique(completion_puzzle(4))
    (True, False)
    """
    return sum(1 for _ in _limited(check_puzzle(p), 2)) == 1


# --- private helpers ---------------------------------------------------------------------

def _limited(p: Puzzle, limit: int) -> Iterator[Placement]:
    """Solutions, stopping after ``limit`` (0: all)."""
    if p.kind == "completion":
        from nqueens.completion import completions

        stream = (tuple(s.placement) for s in completions(
            p.n, list(p.givens), blocked=list(p.blocked)))
        return islice(stream, limit) if limit else stream
    return _region_solutions(p, batch=min(limit, 64) or 64, limit=limit)


def _region_solutions(p: Puzzle, *, batch: int, limit: int) -> Iterator[Placement]:
    import numpy as np

    from nqueens.kernels.puzzles import new_state, search

    n = p.n
    region = np.array(p.regions, dtype=np.int64)
    (regmask, allowed, done_rows, done_cols, done_regs, cand, ncand, pos, queen, counts,
     meta) = new_state(n, region)
    sols = np.zeros((batch, n), dtype=np.int64)
    while True:
        finished = search(n, region, regmask, p.touching, p.diagonals, allowed, done_rows,
                          done_cols, done_regs, cand, ncand, pos, queen, counts, meta, sols,
                          limit, SLICE_NODES)
        stored = int(meta[4])
        if stored:
            block = [tuple(int(c) for c in row) for row in sols[:stored]]
            meta[4] = 0
            yield from block
        if finished:
            return
