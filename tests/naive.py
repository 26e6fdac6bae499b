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


# -- variants: the torus, superqueens, rectangles, K queens, domination ------------------------

KNIGHT_STEPS = {(1, 2), (2, 1)}


def variant_attacks(kind: str, n: int, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether queens on the distinct squares ``a`` and ``b`` attack each other.

    classic: same row, column or diagonal; toroidal (n x n): same row, column, or the same
    diagonal mod n; superqueens: classic, or a knight's move apart.
    """
    (r1, c1), (r2, c2) = a, b
    if r1 == r2 or c1 == c2:
        return True
    if kind == "toroidal":
        return (r1 - c1) % n == (r2 - c2) % n or (r1 + c1) % n == (r2 + c2) % n
    if abs(r1 - r2) == abs(c1 - c2):
        return True
    return kind == "superqueens" and (abs(r1 - r2), abs(c1 - c2)) in KNIGHT_STEPS


def brute_variant(kind: str, n: int, width: int, k: int) -> list[tuple[int, ...]]:
    """Every set of k squares of the n x width board, no two attacking, as placements
    (column per row, -1 for an empty row), in lexicographic order of the sets of squares.

    Grows the sets square by square in row-major order, keeping a square only if it
    attacks none chosen so far (checked pair by pair with :func:`variant_attacks`): every
    set of mutually non-attacking squares is reached exactly once."""
    cells = [(r, c) for r in range(n) for c in range(width)]
    out: list[tuple[int, ...]] = []

    def grow(start: int, chosen: list[tuple[int, int]]) -> None:
        if len(chosen) == k:
            p = [-1] * n
            for r, c in chosen:
                p[r] = c
            out.append(tuple(p))
            return
        for i in range(start, len(cells)):
            if not any(variant_attacks(kind, n, cells[i], q) for q in chosen):
                grow(i + 1, [*chosen, cells[i]])

    grow(0, [])
    return out


def variant_images(kind: str, n: int, width: int, squares: frozenset) -> set[frozenset]:
    """The images of a set of squares under the variant's symmetry group, by coordinates:
    the rectangle's 4 (or the square's 8), and on the torus each of those followed by every
    translation mod n."""
    maps = [lambda r, c: (r, c), lambda r, c: (n - 1 - r, width - 1 - c),
            lambda r, c: (r, width - 1 - c), lambda r, c: (n - 1 - r, c)]
    if width == n:
        maps += [lambda r, c: (c, r), lambda r, c: (n - 1 - c, n - 1 - r),
                 lambda r, c: (c, n - 1 - r), lambda r, c: (n - 1 - c, r)]
    shifts = [(a, b) for a in range(n) for b in range(n)] if kind == "toroidal" else [(0, 0)]
    out = set()
    for m in maps:
        for a, b in shifts:
            out.add(frozenset(((r2 + a) % n, (c2 + b) % width)
                              for r2, c2 in (m(r, c) for r, c in squares)))
    return out


def brute_variant_unique(kind: str, n: int, width: int, k: int) -> int:
    """Classes of :func:`brute_variant`'s placements under the variant's group."""
    sets = {frozenset((r, c) for r, c in enumerate(p) if c >= 0)
            for p in brute_variant(kind, n, width, k)}
    return len({frozenset(variant_images(kind, n, width, s)) for s in sets})


def dominates(n: int, queens, *, independent: bool = False) -> bool:
    """Whether queens on ``queens`` (0-based squares) occupy or attack every square of the
    n x n board (and, with ``independent``, attack no other queen)."""
    from itertools import combinations

    queens = list(queens)
    if independent and any(attacks(*a, *b) for a, b in combinations(queens, 2)):
        return False
    return all(any((r, c) == q or attacks(r, c, *q) for q in queens)
               for r in range(n) for c in range(n))


def domination_number(n: int, *, independent: bool = False) -> int:
    """The fewest queens that dominate, by trying every set of squares of each size."""
    from itertools import combinations

    cells = [(r, c) for r in range(n) for c in range(n)]
    size = 1
    while not any(dominates(n, s, independent=independent)
                  for s in combinations(cells, size)):
        size += 1
    return size


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
            if sq in blocked or any(variant_attacks(variant, n, q, sq) for q in queens):
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
