"""Slow, obviously correct oracles for the fast paths (stumpy's tests/naive.py pattern).

Nothing here shares code with the package: plain loops over pairs and permutations.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import permutations


def attack_kind(r1: int, c1: int, r2: int, c2: int) -> str | None:
    """How two queens in different rows attack each other, by the rules of chess."""
    if c1 == c2:
        return "column"
    if r1 - c1 == r2 - c2:
        return "diagonal"
    if r1 + c1 == r2 + c2:
        return "anti-diagonal"
    return None


def is_solution_pairwise(cols: Sequence[int]) -> bool:
    """O(n^2): every pair of rows checked; columns must be on the board."""
    n = len(cols)
    if any(not 0 <= c < n for c in cols):
        return False
    return all(
        attack_kind(a, cols[a], b, cols[b]) is None
        for b in range(n)
        for a in range(b)
    )


def first_conflict_pairwise(cols: Sequence[int]) -> tuple[int, int, int, int, str] | None:
    """The first attacked row b (top-down) and its earliest attacker a, O(n^2).

    Returns ``(row_a, col_a, row_b, col_b, kind)`` 0-based, or None.
    """
    for b in range(len(cols)):
        for a in range(b):
            kind = attack_kind(a, cols[a], b, cols[b])
            if kind is not None:
                return (a, cols[a], b, cols[b], kind)
    return None


def brute_completions(
    n: int, placed: Iterable[tuple[int, int]], blocked: Iterable[tuple[int, int]] = ()
) -> list[tuple[int, ...]]:
    """Every solution (as 0-based columns) that keeps the placed queens and avoids the
    blocked squares, by trying all n! permutations, in lexicographic order."""
    placed = list(placed)
    blocked = set(blocked)
    out = []
    for p in permutations(range(n)):
        if any(p[r] != c for r, c in placed):
            continue
        if any((r, p[r]) in blocked for r in range(n)):
            continue
        if is_solution_pairwise(p):
            out.append(p)
    return out
