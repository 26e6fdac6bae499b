"""The pieces the region-puzzle generator is built from: a random solution, regions grown
around it, and the moves that change the regions while that solution stays one.

A solution has k stars (queens) per row and column, no two touching (and, with the rule
`diagonals`, k = 1, none sharing a diagonal). Regions are grown at random from its stars:
for k = 1 one region from each queen; for k > 1 one piece from each star, then pieces
joined k at a time, neighbours only, so every region is in one piece and holds k stars.
A move (`move_out`) hands a square of one region, with the squares that join it to a
neighbouring region, over to that neighbour; no star of the solution moves, so the
solution stays a solution, and both regions stay in one piece (`move_square` hands
one square alone to any other region, so regions fall into pieces). Every random choice comes
from the `random.Random` passed in, so a seed gives the same board on every machine.

>>> rng = random.Random(5)
>>> stars = random_stars(10, 2, rng)
>>> [len(row) for row in stars] == [2] * 10
True
>>> grid = star_regions(10, 2, rng, [(r, c) for r, row in enumerate(stars) for c in row])
>>> grid is None or sorted({g for row in grid for g in row}) == list(range(10))
True
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import chain

from nqueens.puzzles.model import Square
from nqueens.puzzles.solution import as_stars

__all__ = ["mask_squares", "move_out", "move_square", "random_regions", "random_solution",
           "random_stars", "star_board", "star_regions"]


def random_solution(n: int, rng: random.Random, *, touching: bool, diagonals: bool
                    ) -> tuple[int, ...]:
    """A random placement, one queen per row and column, that obeys the rules.

    Cost: O(n^2) per start (a dead end starts again).

    >>> random_solution(6, random.Random(3), touching=True, diagonals=True)
    (2, 5, 1, 4, 0, 3)
    """
    while True:
        cols: list[int] = []
        budget = [50 * n * n]
        if _extend(n, cols, rng, touching, diagonals, budget):
            return tuple(cols)


def random_stars(n: int, k: int, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """Random star rows: k stars in every row and column, no two touching.

    The compiled exact search (`solutions_within`, rows as
    regions) finds the first solution on a board with a few squares (5%) struck out at
    random; a draw it cannot settle in 30,000 nodes is followed by one with half as many
    struck out (down to 1%) and a quarter more nodes: the search's time varies widely
    from draw to draw, and many short draws beat a few long ones (at 25 x 25 with six
    stars the slowest of seeds 1-12 about 5x faster than when each draw doubled the nodes:
    docs/performance.md, "Decisions"). Cost: O(the nodes of all draws), growing steeply with
    the stars (packed almost as tightly as they can be) and the size.
    The caller has checked that k stars fit (`check_stars`);
    a size with no solution never returns.

    >>> random_stars(8, 2, random.Random(1))
    ((1, 3), (5, 7), (1, 3), (5, 7), (0, 2), (4, 6), (0, 2), (4, 6))
    """
    from nqueens.puzzles.exact import solutions_within
    from nqueens.puzzles.model import made_region_puzzle

    rows = made_region_puzzle([[r] * n for r in range(n)], stars=k)
    share, nodes = 0.05, 30_000
    while True:
        allowed = sum(1 << i for i in range(n * n) if rng.random() >= share)
        found = solutions_within(rows, allowed, limit=1, nodes=nodes)
        if found:
            return _turned(n, list(as_stars(found[0])), rng.randrange(8))
        share, nodes = max(share / 2, 0.01), nodes * 5 // 4


def _turned(n: int, rows: list[tuple[int, ...]], how: int) -> tuple[tuple[int, ...], ...]:
    """The star rows under one of the 8 symmetries of the square (`how` 0-7)."""
    squares = [(r, c) for r, row in enumerate(rows) for c in row]
    if how & 1:
        squares = [(c, r) for r, c in squares]
    if how & 2:
        squares = [(n - 1 - r, c) for r, c in squares]
    if how & 4:
        squares = [(r, n - 1 - c) for r, c in squares]
    out: list[list[int]] = [[] for _ in range(n)]
    for r, c in squares:
        out[r].append(c)
    return tuple(tuple(sorted(row)) for row in out)


def star_board(n: int, k: int, rng: random.Random, tries: int = 20, lean: int = 1
               ) -> tuple[tuple[tuple[int, ...], ...], list[list[int]]]:
    """Random star rows and n connected regions of k of those stars each.

    The stars from `random_stars`, the regions from `star_regions`, drawn
    again up to `tries` times before new stars are drawn; `lean` as for
    `random_regions`. Cost: O(tries * (lean n^2 + n^2 k^2)) plus that of
    `random_stars`.

    >>> stars, grid = star_board(8, 2, random.Random(2))
    >>> sorted({g for row in grid for g in row}) == list(range(8))
    True
    """
    while True:
        stars = random_stars(n, k, rng)
        squares = [(r, c) for r, row in enumerate(stars) for c in row]
        for _ in range(tries):
            grid = star_regions(n, k, rng, squares, lean)
            if grid is not None:
                return stars, grid


def random_regions(n: int, rng: random.Random, seeds: list[Square], lean: int = 1
                   ) -> list[list[int]]:
    """Connected regions grown at random from the `seeds` (region i from seeds[i]).

    Cost: O(lean * n^2). Every square joins the region of a neighbour (up, down, left,
    right). With `lean` above 1 each region leans one way, along its row or its column
    (drawn at random), and grows `lean` times as fast that way: long thin regions,
    which the players' techniques for lines (a region confined to k lines) take hold of.

    >>> g = random_regions(3, random.Random(0), [(0, 0), (1, 1), (2, 2)])
    >>> [g[r][c] for r, c in [(0, 0), (1, 1), (2, 2)]], sorted({v for row in g for v in row})
    ([0, 1, 2], [0, 1, 2])
    >>> g = random_regions(9, random.Random(1), [(r, 4) for r in range(9)], lean=50)
    >>> sum(len(set(row)) == 1 for row in g) >= 5      # most rows one region each
    True
    """
    grid = [[-1] * n for _ in range(n)]
    along = [lean > 1 and rng.random() < 0.5 for _ in seeds]
    frontier: list[tuple[Square, int]] = []

    def reach(r: int, c: int, k: int) -> None:
        for nb in _neighbours(n, r, c):
            weight = lean if (nb[0] == r) == along[k] else 1
            frontier.extend([(nb, k)] * weight)
    for k, (r, c) in enumerate(seeds):
        grid[r][c] = k
        reach(r, c, k)
    while frontier:
        i = rng.randrange(len(frontier))
        frontier[i], frontier[-1] = frontier[-1], frontier[i]
        (r, c), k = frontier.pop()
        if grid[r][c] == -1:
            grid[r][c] = k
            reach(r, c, k)
    return grid


def star_regions(n: int, k: int, rng: random.Random, stars: list[Square], lean: int = 1
                 ) -> list[list[int]] | None:
    """n connected regions of k `stars` each, or None when this draw cannot pair them up.

    One piece is grown from each star (`random_regions`), then pieces are joined at
    random, a group with the fewest stars first and only with a neighbouring group, until
    every group holds k stars; `lean` as for `random_regions`.
    Cost: O(lean * n^2 + (n k)^2).

    >>> grid = star_regions(4, 1, random.Random(0), [(0, 1), (1, 3), (2, 0), (3, 2)])
    >>> sorted({g for row in grid for g in row})
    [0, 1, 2, 3]
    """
    pieces = random_regions(n, rng, stars, lean)
    m = len(stars)
    touch = _touching(n, pieces, m)
    group = list(range(m))
    members: dict[int, list[int]] = {i: [i] for i in range(m)}
    while True:
        options = {g: _partners(g, members, group, touch, k)
                   for g, ms in sorted(members.items()) if len(ms) < k}
        if not options:
            break
        tightest = min(len(v) for v in options.values())
        if tightest == 0:
            return None
        g = rng.choice([x for x, v in options.items() if len(v) == tightest])
        h = rng.choice(options[g])
        for i in members.pop(h):
            group[i] = g
            members[g].append(i)
    number = {g: i for i, g in enumerate(sorted(members))}
    return [[number[group[pieces[r][c]]] for c in range(n)] for r in range(n)]


def _touching(n: int, pieces: list[list[int]], m: int) -> list[set[int]]:
    """For each of the `m` pieces, the pieces next to it (up, down, left, right)."""
    touch: list[set[int]] = [set() for _ in range(m)]
    for r in range(n):
        for c in range(n):
            for rr, cc in ((r + 1, c), (r, c + 1)):
                if rr < n and cc < n and pieces[rr][cc] != pieces[r][c]:
                    touch[pieces[r][c]].add(pieces[rr][cc])
                    touch[pieces[rr][cc]].add(pieces[r][c])
    return touch


def _partners(g: int, members: dict[int, list[int]], group: list[int],
              touch: list[set[int]], k: int) -> list[int]:
    """The groups next to group `g` that it can join without passing k stars."""
    near = {group[j] for i in members[g] for j in touch[i]} - {g}
    return sorted(h for h in near if len(members[h]) + len(members[g]) <= k)


def move_out(n: int, grid: list[list[int]], rng: random.Random, squares: list[Square],
             stars: set[Square]) -> set[Square]:
    """Hand one of `squares` (none a star) to a neighbouring region; the squares moved.

    None are moved (an empty set) when no square of `squares` can move.

    The square goes with the shortest path of its own region's squares that leads to a
    neighbouring region (empty when it touches one), and with any piece of its region
    that the move cuts off from every star; a move that would split the region between
    its stars is not made. So no star changes region, and every region stays in one
    piece. The squares are tried in random order. Cost: O(n^2) per square tried.

    >>> grid = [[0, 0, 1], [0, 0, 1], [2, 2, 2]]
    >>> move_out(3, grid, random.Random(0), [(0, 1)], {(0, 0), (1, 2), (2, 0)})
    {(0, 1)}
    >>> grid[0]
    [0, 1, 1]
    """
    cells = [x for x in squares if x not in stars]
    _shuffle(rng, cells)
    for x in cells:
        path = _path_out(n, grid, x, stars)
        if path is None:
            continue
        moved, j = path
        cut = _cut_off(n, grid, grid[x[0]][x[1]], moved, stars)
        if cut is None:
            continue
        moved |= cut
        for r, c in moved:
            grid[r][c] = j
        return moved
    return set()


def move_square(n: int, grid: list[list[int]], rng: random.Random, squares: list[Square],
                stars: set[Square]) -> set[Square]:
    """Hand one of `squares` (none a star) alone to another region; the square moved.

    The square and the region are drawn at random, the region from all the others, near
    or far; none is moved (an empty set) when every one of `squares` is a star. Unlike
    `move_out`, regions fall into pieces, as the regions of real puzzles do (the
    community levels' small expert puzzles have regions in 5 to 9 pieces); no star
    changes region, so each region keeps its stars. Cost: O(len(squares) + n).

    >>> grid = [[0, 0, 0], [1, 1, 1], [2, 2, 2]]
    >>> move_square(3, grid, random.Random(0), [(1, 1)], {(0, 0), (1, 2), (2, 0)})
    {(1, 1)}
    >>> grid[1][1] in (0, 2)                   # region 1 is now in two pieces
    True
    """
    cells = [x for x in squares if x not in stars]
    if not cells:
        return set()
    r, c = rng.choice(cells)
    grid[r][c] = rng.choice([j for j in range(n) if j != grid[r][c]])
    return {(r, c)}


def mask_squares(n: int, mask: int) -> list[Square]:
    """The squares of bit mask `mask`, in reading order.

    Square `(r, c)` is bit `r * n + c`. Cost: O(n^2), one conversion of the mask to a
    string, not n^2 shifts.

    >>> mask_squares(3, 0b100010001)
    [(0, 0), (1, 1), (2, 2)]
    """
    return [divmod(i, n) for i, bit in enumerate(bin(mask)[:1:-1]) if bit == "1"]


# --- private helpers ---------------------------------------------------------------------

def _shuffle(rng: random.Random, x: list) -> None:
    """Shuffle `x` in place with the very draws of `rng.shuffle(x)`, at twice its speed:
    CPython's Fisher-Yates, its calls to `_randbelow` written out (a move shuffles
    every square of the board, and this was a fifth of a 20 x 20 make)."""
    bits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        m = i + 1
        k = m.bit_length()
        j = bits(k)
        while j >= m:
            j = bits(k)
        x[i], x[j] = x[j], x[i]


def _extend(n: int, cols: list[int], rng: random.Random, touching: bool, diagonals: bool,
            budget: list[int]) -> bool:
    r = len(cols)
    if r == n:
        return True
    order = list(range(n))
    rng.shuffle(order)
    for c in order:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if c in cols:
            continue
        if touching and r and abs(cols[-1] - c) <= 1:
            continue
        if diagonals and any(abs(c - cc) == r - rr for rr, cc in enumerate(cols)):
            continue
        cols.append(c)
        if _extend(n, cols, rng, touching, diagonals, budget):
            return True
        cols.pop()
    return False


def _neighbours(n: int, r: int, c: int) -> list[Square]:
    return [(rr, cc) for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < n and 0 <= cc < n]


def _path_out(n: int, grid: list[list[int]], x: Square, stars: set[Square]
              ) -> tuple[set[Square], int] | None:
    """Breadth-first from `x` inside its region to the nearest square touching another
    region: the squares on the way (`x` included) and that region; None if blocked."""
    g = grid[x[0]][x[1]]
    back: dict[Square, Square | None] = {x: None}
    todo = [x]
    while todo:
        following = []
        for sq in todo:
            for nb in _neighbours(n, *sq):
                j = grid[nb[0]][nb[1]]
                if j != g:
                    moved = set()
                    at: Square | None = sq
                    while at is not None:
                        moved.add(at)
                        at = back[at]
                    return moved, j
                if nb not in back and nb not in stars:
                    back[nb] = sq
                    following.append(nb)
        todo = following
    return None


def _cut_off(n: int, grid: list[list[int]], g: int, moved: set[Square],
             stars: set[Square]) -> set[Square] | None:
    """The squares of region `g` that taking `moved` out of it cuts off from every
    star, or None when it would split the region between its stars. The region is a bit
    mask (square `r * n + c` is bit `r * n + c`), grown from a star a step at a time in
    all four directions at once."""
    region = int(bytes(chain.from_iterable(grid)).translate(_marks(g))[::-1], 2)
    for r, c in moved:
        region &= ~(1 << (r * n + c))
    starts = [1 << (r * n + c) for r, c in stars if region >> (r * n + c) & 1]
    if not starts:
        return set(mask_squares(n, region))
    not_first, not_last = _edges(n)
    reach = starts[0]
    while True:
        grown = (reach | (reach << 1) & not_first | (reach >> 1) & not_last | reach << n
                 | reach >> n) & region
        if grown == reach:
            break
        reach = grown
    if any(not reach & star for star in starts):
        return None  # a second star the first's piece does not reach
    return set(mask_squares(n, region & ~reach))


@lru_cache(maxsize=64)
def _marks(g: int) -> bytes:
    """A table for `bytes.translate`: region number `g` to `'1'`, the others to `'0'`."""
    return bytes(48 + (v == g) for v in range(256))


@lru_cache(maxsize=8)
def _edges(n: int) -> tuple[int, int]:
    """The squares off the first column, and off the last, as bit masks."""
    first = sum(1 << (r * n) for r in range(n))
    full = (1 << n * n) - 1
    return full & ~first, full & ~(first << (n - 1))
