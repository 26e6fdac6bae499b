"""The seed's `n_queens.py`: boolean arrays `cols`, `diags1` and `diags2`.

`diags1[row - col + n - 1]` marks the main diagonals (`\\`), `diags2[row + col]` the
anti-diagonals (`/`); a candidate square is checked in O(1). This is the slides' improved
program and the blog's `8queens.py` too, and the pure-Python baseline of the benchmarks.

>>> next(solutions(8))
(0, 4, 7, 5, 2, 6, 1, 3)
>>> count(6)
4
"""

from __future__ import annotations

from collections.abc import Iterator

from nqueens.board import Placement

__all__ = ["count", "solutions"]



def solutions(n: int) -> Iterator[Placement]:
    """Yield every solution (0-based columns) in search order. Lazy.

    Cost: O(nodes of the pruned tree) for the whole stream, O(1) per node; memory O(n).

    >>> list(solutions(4))
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    placement = [0] * n
    cols = [False] * n
    diags1 = [False] * (2 * n - 1)
    diags2 = [False] * (2 * n - 1)

    def backtrack(row: int) -> Iterator[Placement]:
        if row == n:
            yield tuple(placement)
            return
        for col in range(n):
            diag1 = row - col + n - 1
            diag2 = row + col
            if not cols[col] and not diags1[diag1] and not diags2[diag2]:
                placement[row] = col
                cols[col] = diags1[diag1] = diags2[diag2] = True
                yield from backtrack(row + 1)
                cols[col] = diags1[diag1] = diags2[diag2] = False

    yield from backtrack(0)


def count(n: int) -> int:
    """The number of solutions, by the same search without building placements.

    Cost: O(nodes of the pruned tree), O(1) per node; memory O(n).

    >>> count(8)
    92
    """
    cols = [False] * n
    diags1 = [False] * (2 * n - 1)
    diags2 = [False] * (2 * n - 1)

    def backtrack(row: int) -> int:
        if row == n:
            return 1
        total = 0
        for col in range(n):
            diag1 = row - col + n - 1
            diag2 = row + col
            if not cols[col] and not diags1[diag1] and not diags2[diag2]:
                cols[col] = diags1[diag1] = diags2[diag2] = True
                total += backtrack(row + 1)
                cols[col] = diags1[diag1] = diags2[diag2] = False
        return total

    return backtrack(0)
