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


def variant_attacks(a: tuple[int, int], b: tuple[int, int], variant: str, n: int) -> bool:
    """Two queens on distinct squares attack each other on a board of n rows: a shared row or
    column; a shared diagonal (on the torus, modulo n); for superqueens, a knight's move too."""
    (r1, c1), (r2, c2) = a, b
    dr, dc = r1 - r2, c1 - c2
    if dr == 0 or dc == 0:
        return True
    if variant == "toroidal":
        return (dr - dc) % n == 0 or (dr + dc) % n == 0
    if abs(dr) == abs(dc):
        return True
    return variant == "superqueens" and sorted((abs(dr), abs(dc))) == [1, 2]


def naive_variant_count(n: int, m: int | None = None, variant: str = "classic",
                        k: int | None = None, givens: Iterable[tuple[int, int]] = (),
                        blocked: Iterable[tuple[int, int]] = ()) -> int:
    """Boards of n rows and m columns (m = n by default) with one queen in every row (or, with
    k, exactly k queens and rows left empty), no two attacking by :func:`variant_attacks`,
    every given square holding a queen and no blocked square one. Row by row: each row picks
    a column (or nothing, with k), every new queen checked against every earlier one."""
    m = n if m is None else m
    givens, blocked = set(givens), set(blocked)

    def rows(r: int, queens: list[tuple[int, int]]) -> int:
        if r == n:
            return int((k is None or len(queens) == k) and givens <= set(queens))
        total = 0
        if k is not None:
            total += rows(r + 1, queens)
        for c in range(m):
            sq = (r, c)
            if sq in blocked or any(variant_attacks(q, sq, variant, n) for q in queens):
                continue
            total += rows(r + 1, [*queens, sq])
        return total

    return rows(0, [])


def naive_star_count(regions: Sequence[Sequence[int]], stars: int, diagonals: bool = False
                     ) -> int:
    """Star Battle solutions: ``stars`` queens in every row, column and region of the square
    grid ``regions``, no two touching (corners included), none sharing a diagonal with the
    rule ``diagonals``. Row by row over every set of ``stars`` columns, each new queen
    checked against every earlier one; the column and region totals checked at the end."""
    from itertools import combinations

    n = len(regions)

    def clash(a: tuple[int, int], b: tuple[int, int]) -> bool:
        dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
        return (dr <= 1 and dc <= 1) or (diagonals and dr == dc)

    def rows(r: int, queens: list[tuple[int, int]]) -> int:
        if r == n:
            cols = [sum(c == j for _, c in queens) for j in range(n)]
            regs = [sum(regions[q][c] == g for q, c in queens) for g in range(n)]
            return int(all(x == stars for x in cols + regs))
        total = 0
        for chosen in combinations(range(n), stars):
            new = [(r, c) for c in chosen]
            if any(clash(a, b) for i, a in enumerate(new) for b in new[i + 1:]):
                continue
            if any(clash(q, a) for q in queens for a in new):
                continue
            total += rows(r + 1, queens + new)
        return total

    return rows(0, [])
