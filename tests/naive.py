"""Slow, obviously correct oracles for the fast paths (small n only)."""

from __future__ import annotations

from itertools import permutations


def all_solutions(n: int) -> list[tuple[int, ...]]:
    """Every solution, by testing all n! permutations for diagonal clashes."""
    return [p for p in permutations(range(n))
            if len({r + c for r, c in enumerate(p)}) == n
            and len({r - c for r, c in enumerate(p)}) == n]


def images(p: tuple[int, ...]) -> set[tuple[int, ...]]:
    """The 8 symmetry images of a placement, computed on coordinates."""
    n = len(p)
    squares = [(r, c) for r, c in enumerate(p)]
    maps = [lambda r, c: (r, c), lambda r, c: (c, n - 1 - r),
            lambda r, c: (n - 1 - r, n - 1 - c), lambda r, c: (n - 1 - c, r),
            lambda r, c: (r, n - 1 - c), lambda r, c: (n - 1 - r, c),
            lambda r, c: (c, r), lambda r, c: (n - 1 - c, n - 1 - r)]
    out = set()
    for f in maps:
        board = [0] * n
        for r, c in squares:
            rr, cc = f(r, c)
            board[rr] = cc
        out.add(tuple(board))
    return out


def count_total_unique(n: int) -> tuple[int, int]:
    """(total, classes) by brute force: classes are sets of symmetry images."""
    sols = all_solutions(n)
    return len(sols), len({min(images(p)) for p in sols})


def border(p: tuple[int, ...]) -> tuple[int, int, int, int]:
    """The start constellation of a solution: (top col, bottom col, left row, right row)."""
    n = len(p)
    return p[0], p[n - 1], p.index(0), p.index(n - 1)
