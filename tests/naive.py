"""Slow, obvious oracles for the tests: brute force over every square and every queen."""

from __future__ import annotations

from itertools import permutations

__all__ = ["naive_attacked", "naive_clashing_queens", "naive_solutions"]


def _attacks(r1: int, c1: int, r2: int, c2: int) -> bool:
    """Whether a queen on (r1, c1) attacks the distinct square (r2, c2)."""
    return (r1, c1) != (r2, c2) and (
        r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2)
    )


def naive_attacked(placement: tuple[int, ...], n: int) -> dict[tuple[int, int], int]:
    """Empty squares attacked by at least one queen -> how many queens attack them."""
    queens = list(enumerate(placement))
    out = {}
    for r in range(n):
        for c in range(n):
            if (r, c) in queens:
                continue
            k = sum(1 for qr, qc in queens if _attacks(qr, qc, r, c))
            if k:
                out[(r, c)] = k
    return out


def naive_clashing_queens(placement: tuple[int, ...]) -> set[tuple[int, int]]:
    """Queens attacked by another queen (several queens may share a square's lines)."""
    queens = list(enumerate(placement))
    return {
        (r, c) for r, c in queens
        if any(_attacks(qr, qc, r, c) for qr, qc in queens if (qr, qc) != (r, c))
    }


def naive_solutions(n: int) -> list[tuple[int, ...]]:
    """Every solution, by trying all n! permutations, in lexicographic order."""
    return [
        p for p in permutations(range(n))
        if all(abs(p[i] - p[j]) != j - i for i in range(n) for j in range(i + 1, n))
    ]
