"""The textbook search: `queens(i)` places row i+1 and `promising(i)` checks row i.

A line-for-line reading of the Korean/English textbook's pseudocode (and the slides' first
program): the columns live in a 1-based array `col[1..n]`, and a node is promising when no
earlier queen shares its column or a diagonal, `abs(col[i] - col[k]) == i - k`. Each check
costs O(i), which is what the `arrays` strategy improves on.

>>> [tuple(c + 1 for c in p) for p in solutions(4)]
[(2, 4, 1, 3), (3, 1, 4, 2)]
>>> count(8)
92
"""

from __future__ import annotations

from collections.abc import Iterator

from nqueens.board import Placement

__all__ = ["count", "solutions"]



def solutions(n: int) -> Iterator[Placement]:
    """Yield every solution (0-based columns) in search order. Lazy.

    Cost: O(n) per node of the pruned tree (the textbook's promising check); memory O(n).

    >>> list(solutions(4))
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    col = [0] * (n + 1)  # col[1..n], 1-based as in the textbook; col[0] is unused

    def promising(i: int) -> bool:
        k = 1
        while k < i:
            if col[i] == col[k] or abs(col[i] - col[k]) == i - k:
                return False
            k += 1
        return True

    def queens(i: int) -> Iterator[Placement]:
        if promising(i):
            if i == n:
                yield tuple(c - 1 for c in col[1:])
            else:
                for j in range(1, n + 1):
                    col[i + 1] = j
                    yield from queens(i + 1)

    yield from queens(0)


def count(n: int) -> int:
    """The number of solutions, by the same search without building placements.

    Cost: O(n) per node of the pruned tree (the textbook's promising check); memory O(n).

    >>> count(6)
    4
    """
    col = [0] * (n + 1)

    def promising(i: int) -> bool:
        for k in range(1, i):
            if col[i] == col[k] or abs(col[i] - col[k]) == i - k:
                return False
        return True

    def queens(i: int) -> int:
        if not promising(i):
            return 0
        if i == n:
            return 1
        total = 0
        for j in range(1, n + 1):
            col[i + 1] = j
            total += queens(i + 1)
        return total

    return queens(0)
