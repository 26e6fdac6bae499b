"""Independent recounts of the subproblems of `nqueens.engine.problem_tasks`.

Plain Python, written apart from the kernels (no orbit search, no masks shared with them):
what `--replicate` and `ledger verify` recount to check a worker. A symmetric
subproblem is recounted by the plain row-by-row search with its orbits' queens placed,
every solution tested for the symmetry; a variant subproblem by a row-by-row search of the
variant's rules, queen against queen, and a classes subproblem's placements each against
all its images under the variant's group, moved square by square; a tree subproblem by the
textbook's `promising` search from its two queens, node by node. Slow (the plain search):
for small units.

>>> recount(8, (-1, 2, 1, 2, -1, -1, -1))
(2, 1)
"""

from __future__ import annotations

from collections.abc import Iterator

__all__ = ["recount"]


def recount(n: int, item: tuple[int, ...]) -> tuple[int, int]:
    """`(total, unique)` of one subproblem, as the kernel's row would hold them.

    Cost: O(the plain search of the board with the item's fixed queens), in Python.

    >>> from nqueens.engine.problem_tasks import ROT90, TAG
    >>> recount(12, (TAG, ROT90, 1, 4, -1, -1, -1))
    (8, 4)
    """
    if item[1] in (1, 2):
        return _symmetric(n, item)
    if item[1] == 4:
        return _classes(n, item)
    if item[1] == 5:
        return _tree(n, item)
    return _variant(n, item)


def _orbit(n: int, quarter: bool, r: int, c: int) -> list[tuple[int, int]]:
    last = n - 1
    if quarter:
        return [(r, c), (c, last - r), (last - r, last - c), (last - c, r)]
    return [(r, c), (last - r, last - c)]


def _symmetric(n: int, item: tuple[int, ...]) -> tuple[int, int]:
    quarter = item[1] == 1
    fixed: dict[int, int] = {}
    if n % 2:
        fixed[n // 2] = n // 2
    for c in item[3:3 + item[2]]:
        r = min(set(range(n)) - set(fixed))
        for rr, cc in _orbit(n, quarter, r, c):
            if fixed.get(rr, cc) != cc:
                return 0, 0
            fixed[rr] = cc
    solutions = quarters = 0
    for p in _plain(n, fixed):
        half = all(p[n - 1 - r] == n - 1 - p[r] for r in range(n))
        turn = all(p[p[r]] == n - 1 - r for r in range(n))
        if turn if quarter else half:
            solutions += 1
            quarters += turn
    return (2 * solutions, solutions) if quarter else (2 * solutions, solutions + quarters)


def _plain(n: int, fixed: dict[int, int]) -> list[tuple[int, ...]]:
    """Every solution with `fixed[row] == column`, by pairwise attack tests."""
    found: list[tuple[int, ...]] = []
    p: list[int] = []

    def safe(c: int) -> bool:
        r = len(p)
        return all(c != pc and abs(c - pc) != r - pr for pr, pc in enumerate(p))

    def go() -> None:
        r = len(p)
        if r == n:
            found.append(tuple(p))
            return
        for c in ([fixed[r]] if r in fixed else range(n)):
            if safe(c):
                p.append(c)
                go()
                p.pop()

    go()
    return found


def _attacks(kind: int, n: int, a: tuple[int, int], b: tuple[int, int]) -> bool:
    dr, dc = b[0] - a[0], b[1] - a[1]
    if dc == 0:
        return True
    if kind == 1:  # the torus: diagonals wrap
        return (dr - dc) % n == 0 or (dr + dc) % n == 0
    if abs(dr) == abs(dc):
        return True
    return kind == 2 and sorted((abs(dr), abs(dc))) == [1, 2]


def _variant(n: int, item: tuple[int, ...]) -> tuple[int, int]:
    total = item[5] * sum(1 for _ in _placements(n, item))
    return total, total


def _placements(n: int, item: tuple[int, ...]) -> Iterator[list[tuple[int, int]]]:
    """The sets of squares of the item's variant (rows 0 and 1 within its masks)."""
    _, _, kind, width, queens, _, a0, a1 = item[:8]
    allowed = [a0, a1] + [(1 << (width + 1)) - 1] * n
    placed: list[tuple[int, int]] = []

    def go(r: int) -> Iterator[list[tuple[int, int]]]:
        if len(placed) == queens:
            yield placed
            return
        if r == n:
            return
        for c in range(width):
            sq = (r, c)
            if (allowed[r] >> c) & 1 and not any(_attacks(kind, n, q, sq) for q in placed):
                placed.append(sq)
                yield from go(r + 1)
                placed.pop()
        if (allowed[r] >> width) & 1 and n - r - 1 >= queens - len(placed):
            yield from go(r + 1)

    return go(0)


def _classes(n: int, item: tuple[int, ...]) -> tuple[int, int]:
    """`(factor * placements, those least among their images)`: each placement's images
    under the variant's whole group (the torus: every translation too), square by square."""
    kind, width, factor = item[2], item[3], item[5]
    total = unique = 0
    for squares in _placements(n, item):
        total += 1
        mine = _as_rows(n, squares)
        unique += all(mine <= _as_rows(n, img) for img in _images(kind, n, width, squares))
    return factor * total, unique


def _as_rows(n: int, squares: list[tuple[int, int]]) -> tuple[int, ...]:
    row = [-1] * n
    for r, c in squares:
        row[r] = c
    return tuple(row)


def _images(kind: int, n: int, width: int,
            squares: list[tuple[int, int]]) -> Iterator[list[tuple[int, int]]]:
    """Every image of `squares`: the rectangle's 4 moves (the square's 8), and on the torus
    each of them followed by every shift of rows and columns."""
    h, w = n - 1, width - 1
    moves = [lambda r, c: (r, c), lambda r, c: (h - r, w - c), lambda r, c: (r, w - c),
             lambda r, c: (h - r, c)]
    if width == n:
        moves += [lambda r, c: (c, r), lambda r, c: (h - c, h - r),
                  lambda r, c: (c, h - r), lambda r, c: (h - c, r)]
    shifts = [(a, b) for a in range(n) for b in range(n)] if kind == 1 else [(0, 0)]
    for move in moves:
        moved = [move(r, c) for r, c in squares]
        for a, b in shifts:
            yield [((r + a) % n, (c + b) % width) for r, c in moved]



def _tree(n: int, item: tuple[int, ...]) -> tuple[int, int]:
    """`(weight * promising nodes below the item's rows, weight * solutions)` under its
    queens: every square of each row tried against every queen above."""
    weight, cols = item[2], list(item[3:])
    nodes = solutions = 0

    def go() -> None:
        nonlocal nodes, solutions
        r = len(cols)
        if r == n:
            solutions += 1
            return
        for c in range(n):
            if all(c != pc and abs(c - pc) != r - pr for pr, pc in enumerate(cols)):
                nodes += 1
                cols.append(c)
                go()
                cols.pop()

    go()
    return weight * nodes, weight * solutions
