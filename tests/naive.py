"""Slow, obvious oracles for the fast paths (brute force over every partial placement)."""

from __future__ import annotations

from itertools import product

__all__ = ["attacks", "naive_promising_levels"]


def attacks(r1: int, c1: int, r2: int, c2: int) -> bool:
    """Two queens on different rows attack each other: same column or same diagonal."""
    return c1 == c2 or abs(c1 - c2) == abs(r1 - r2)


def naive_promising_levels(n: int) -> list[int]:
    """Promising nodes per depth 0..n: every placement of d queens in rows 0..d-1, one per
    row in any column, in which no two queens attack each other. O(n**n * n**2)."""
    levels = []
    for d in range(n + 1):
        levels.append(sum(
            1 for cols in product(range(n), repeat=d)
            if not any(attacks(i, cols[i], j, cols[j]) for i in range(d) for j in range(i))
        ))
    return levels
