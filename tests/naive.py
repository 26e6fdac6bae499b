"""Slow, obviously correct oracles that the fast paths are checked against."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import permutations, product

Placement = tuple[int, ...]


def attacks(r1: int, c1: int, r2: int, c2: int) -> bool:
    """Two queens on distinct squares attack each other (row, column or diagonal)."""
    return r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2)


def is_solution_pairwise(placement: Sequence[int]) -> bool:
    """O(n^2): every pair of rows checked for a shared column or diagonal."""
    n = len(placement)
    if sorted(placement) != list(range(n)):
        return False
    return not any(
        attacks(r1, placement[r1], r2, placement[r2])
        for r1 in range(n)
        for r2 in range(r1 + 1, n)
    )


def brute_force_solutions(n: int) -> Iterator[Placement]:
    """Every solution in lexicographic order, by filtering all n! permutations."""
    for p in permutations(range(n)):
        if is_solution_pairwise(p):
            yield p


def images_naive(p: Placement) -> set[Placement]:
    """The 8 symmetry images, by moving every square of the board by coordinates."""
    n = len(p)
    squares = {(r, c) for r, c in enumerate(p)}
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (c, n - 1 - r),
        lambda r, c: (n - 1 - r, n - 1 - c),
        lambda r, c: (n - 1 - c, r),
        lambda r, c: (r, n - 1 - c),
        lambda r, c: (n - 1 - r, c),
        lambda r, c: (c, r),
        lambda r, c: (n - 1 - c, n - 1 - r),
    ]
    out = set()
    for m in maps:
        moved = dict(m(r, c) for r, c in squares)
        out.add(tuple(moved[r] for r in range(n)))
    return out


def unique_count_naive(n: int) -> int:
    """Classes up to symmetry: distinct sets of images among all solutions."""
    return len({frozenset(images_naive(p)) for p in brute_force_solutions(n)})


# -- pictures: attacked squares on partial boards ----------------------------------------------


def _attacks_square(r1: int, c1: int, r2: int, c2: int) -> bool:
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
            k = sum(1 for qr, qc in queens if _attacks_square(qr, qc, r, c))
            if k:
                out[(r, c)] = k
    return out


def naive_clashing_queens(placement: tuple[int, ...]) -> set[tuple[int, int]]:
    """Queens attacked by another queen (partial placements may clash)."""
    queens = list(enumerate(placement))
    return {
        (r, c) for r, c in queens
        if any(_attacks_square(qr, qc, r, c) for qr, qc in queens if (qr, qc) != (r, c))
    }


def naive_solutions(n: int) -> list[Placement]:
    """Every solution as a list, lexicographic order (see :func:`brute_force_solutions`)."""
    return list(brute_force_solutions(n))


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


def attack_kind(r1: int, c1: int, r2: int, c2: int) -> str | None:
    """How two queens in different rows attack each other, by the rules of chess."""
    if c1 == c2:
        return "column"
    if r1 - c1 == r2 - c2:
        return "diagonal"
    if r1 + c1 == r2 + c2:
        return "anti-diagonal"
    return None


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


def count_total_unique(n: int) -> tuple[int, int]:
    """(total, classes) by brute force: classes are sets of symmetry images."""
    sols = list(brute_force_solutions(n))
    return len(sols), len({min(images_naive(p)) for p in sols})


def border(p: tuple[int, ...]) -> tuple[int, int, int, int]:
    """The start constellation of a solution: (top col, bottom col, left row, right row)."""
    n = len(p)
    return p[0], p[n - 1], p.index(0), p.index(n - 1)


def star_battle_solutions(regions: Sequence[Sequence[int]], k: int, *,
                          diagonals: bool = False) -> list[tuple[tuple[int, ...], ...]]:
    """Every k-star solution of a region grid, sorted: per row every k-subset of columns,
    row after row, keeping a partial board only while no column or region holds more than
    k stars and no two stars touch (or, with ``diagonals``, share a diagonal); a full
    board is kept when every column and region holds exactly k. Exponential: small n only."""
    from itertools import combinations

    n = len(regions)
    subsets = list(combinations(range(n), k))
    out: list[tuple[tuple[int, ...], ...]] = []

    def clash(a: tuple[int, int], b: tuple[int, int]) -> bool:
        dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
        return max(dr, dc) == 1 or (diagonals and dr == dc)

    def extend(rows: list[tuple[int, ...]], stars: list[tuple[int, int]]) -> None:
        r = len(rows)
        if r == n:
            cols = [c for _, c in stars]
            regs = [regions[rr][cc] for rr, cc in stars]
            if all(cols.count(i) == k and regs.count(i) == k for i in range(n)):
                out.append(tuple(rows))
            return
        for cols in subsets:
            new = [(r, c) for c in cols]
            if any(clash(a, b) for a in new for b in new if a < b):
                continue
            if any(clash(a, b) for a in new for b in stars):
                continue
            every = stars + new
            if any([c for _, c in every].count(c) > k for c in cols):
                continue
            regs = [regions[rr][cc] for rr, cc in every]
            if any(regs.count(regions[r][c]) > k for c in cols):
                continue
            extend([*rows, cols], every)

    extend([], [])
    return sorted(out)
