"""Generate puzzles with exactly one solution, reproducibly from a seed.

Region puzzles: draw a random solution (queens that do not touch, and share no diagonal
under the ``diagonals`` rule), grow n connected regions at random from its n queens, then
repair: while a second solution exists, move one of its queen squares that is not a queen
of the first solution into a neighbouring region (with the path of squares that joins it
to that region, so both stay connected). That region now holds two queens of the second
solution, so that solution is gone, and the first one stays.
The count is exact (:func:`nqueens.puzzles.exact.count` with a cap of 1), so the result is
unique by proof, not by sampling.

Completion puzzles: draw a random n-queens solution, give all its queens, then remove givens
in random order, keeping a removal only when the puzzle still has exactly one completion
(counted "up to 2" through :mod:`nqueens.completion`). The result is irreducible: removing any
one more given allows a second completion (a smallest set overall is not guaranteed).

``logic_only`` keeps only puzzles the logical explainer solves without search; ``grade`` asks
for an exact difficulty grade (:data:`nqueens.puzzles.logic.GRADES`). Every random choice
comes from ``random.Random(seed)``, so a seed gives the same puzzle on every machine.

>>> m = make(6, seed=1)
>>> m.puzzle.kind, m.seed
('regions', 1)
>>> from nqueens.puzzles.exact import count
>>> count(m.puzzle, limit=1).count
1
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from nqueens._validate import check_bool, check_choice, check_int, check_size
from nqueens.errors import InvalidSizeError, NQueensRuntimeError, UnknownOptionError
from nqueens.puzzles.exact import is_unique, solutions
from nqueens.puzzles.logic import GRADES, RULES, explain, grade_number
from nqueens.puzzles.model import (
    KINDS,
    MAX_PUZZLE_N,
    Puzzle,
    Square,
    completion_puzzle,
    region_puzzle,
)

__all__ = ["Made", "make", "random_regions", "random_solution"]


@dataclass(frozen=True)
class Made:
    """A generated puzzle, its only solution, its grade and the seed that reproduces it."""

    puzzle: Puzzle
    solution: tuple[int, ...]
    grade: int
    seed: int
    attempts: int

    @property
    def grade_name(self) -> str:
        return GRADES[self.grade]


def make(
    n: int, *, kind: str = "regions", seed: int | None = None, grade: int | str | None = None,
    logic_only: bool = False, diagonals: bool = False, attempts: int = 200,
) -> Made:
    """A puzzle of size n with exactly one solution.

    ``seed`` None draws one (reported in :attr:`Made.seed`). Raises
    :class:`~nqueens.errors.NQueensRuntimeError` when ``attempts`` fresh starts find no
    puzzle of the grade asked for. Bad input is refused before any attempt: a size, a
    ``seed`` (a non-negative integer or None) or ``attempts`` (a positive integer) out of
    range raises :class:`~nqueens.errors.InvalidSizeError`; a ``grade`` that no generated
    puzzle has (anything but 1-5 or easy ... search: grade 0, trivial, is every queen
    given) :class:`~nqueens.errors.UnknownOptionError`; a flag that is not True or False
    :class:`~nqueens.errors.InvalidArgumentError`.

    Cost: O(attempts * (search + explain)): each attempt counts solutions up to 2 a few
    times (region puzzles: O(n^2) repairs at most) and runs the explainer once.

    >>> make(3)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: no 3 x 3 puzzle has a solution: queens that may not \
touch need n = 1 or n >= 4
    """
    check_choice(kind, "kind", KINDS)
    n = check_size(n, largest=MAX_PUZZLE_N, name="n")
    logic_only = check_bool(logic_only, "logic_only")
    diagonals = check_bool(diagonals, "diagonals")
    attempts = check_int(attempts, "attempts", low=1)
    if seed is not None:
        seed = check_int(seed, "seed", low=0)
    if n in (2, 3):
        raise InvalidSizeError(f"no {n} x {n} puzzle has a solution: queens that may not "
                               "touch need n = 1 or n >= 4")
    if diagonals and kind == "completion":
        raise UnknownOptionError("diagonals is a rule of region puzzles (completion puzzles "
                                 "always have it)")
    want = None if grade is None else grade_number(grade)
    if want == 0:
        raise UnknownOptionError(f"grade must be 1-5 or one of {', '.join(GRADES[1:])}, got "
                                 f"{grade!r}: a trivial puzzle (grade 0) has every queen given")
    if want is not None and want == RULES["search"] and logic_only:
        raise UnknownOptionError("grade 5 (search) contradicts logic_only")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    rng = random.Random(seed)
    max_grade = want if want is not None else (4 if logic_only else 5)
    for attempt in range(1, attempts + 1):
        if kind == "regions":
            puzzle, sol = _make_regions(n, rng, diagonals)
        else:
            puzzle, sol = _make_completion(n, rng, max_grade)
        e = explain(puzzle, max_grade=max_grade)
        if e.solution is None:
            continue
        if want is not None and e.grade != want:
            continue
        return Made(puzzle, sol, e.grade, seed, attempt)
    what = f"grade {GRADES[want]}" if want is not None else "logic-only"
    raise NQueensRuntimeError(f"no {what} {kind} puzzle of size {n} found in {attempts} "
                              f"attempts from seed {seed}; try another seed or grade")


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


def random_regions(n: int, rng: random.Random, seeds: list[Square]) -> list[list[int]]:
    """n connected regions grown at random from the ``seeds`` (region k from seeds[k]).

    Cost: O(n^2). Every square joins the region of a neighbour (up, down, left, right).

    >>> g = random_regions(3, random.Random(0), [(0, 0), (1, 1), (2, 2)])
    >>> [g[r][c] for r, c in [(0, 0), (1, 1), (2, 2)]], sorted({v for row in g for v in row})
    ([0, 1, 2], [0, 1, 2])
    """
    grid = [[-1] * n for _ in range(n)]
    frontier: list[tuple[Square, int]] = []
    for k, (r, c) in enumerate(seeds):
        grid[r][c] = k
        frontier.extend((nb, k) for nb in _neighbours(n, r, c))
    while frontier:
        i = rng.randrange(len(frontier))
        frontier[i], frontier[-1] = frontier[-1], frontier[i]
        (r, c), k = frontier.pop()
        if grid[r][c] == -1:
            grid[r][c] = k
            frontier.extend((nb, k) for nb in _neighbours(n, r, c))
    return grid


# --- private helpers ---------------------------------------------------------------------

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


def _make_regions(n: int, rng: random.Random, diagonals: bool) -> tuple[Puzzle, tuple[int, ...]]:
    while True:
        sol = random_solution(n, rng, touching=True, diagonals=diagonals)
        seeds = [(r, c) for r, c in enumerate(sol)]
        grid = random_regions(n, rng, seeds)
        seed_set = set(seeds)
        for _ in range(4 * n * n):
            # connectivity holds by construction; it is checked once, on the result
            puzzle = region_puzzle(grid, diagonals=diagonals, connected=False)
            found = _first_two(puzzle)
            if len(found) == 1:
                return region_puzzle(grid, diagonals=diagonals), sol
            other = next(s for s in found if s != sol)
            if not _repair(n, grid, rng, other, seed_set):
                break


def _first_two(p: Puzzle) -> list[tuple[int, ...]]:
    out = []
    for s in solutions(p, batch=2):
        out.append(s)
        if len(out) == 2:
            break
    return out


def _repair(n: int, grid: list[list[int]], rng: random.Random, other: tuple[int, ...],
            seeds: set[Square]) -> bool:
    """Move one queen square of ``other`` (not a seed) into another region.

    The square joins a neighbouring region together with the shortest path of its own
    region's squares leading to that neighbour (empty when it is on the border), and with
    any piece of its region that the move cuts off from the region's seed, so both regions
    stay connected and every seed (a queen of the first solution) stays where it is.
    """
    cells = [(r, c) for r, c in enumerate(other) if (r, c) not in seeds]
    rng.shuffle(cells)
    for x in cells:
        k = grid[x[0]][x[1]]
        path = _path_out(n, grid, x, seeds)
        if path is None:
            continue
        moved, j = path
        rest = {(rr, cc) for rr in range(n) for cc in range(n)
                if grid[rr][cc] == k and (rr, cc) not in moved}
        # pieces cut off from the region's seed go along (they touch the moved path)
        for piece in _pieces(rest):
            if not piece & seeds:
                moved |= piece
        for r, c in moved:
            grid[r][c] = j
        return True
    return False


def _path_out(n: int, grid: list[list[int]], x: Square, seeds: set[Square]
              ) -> tuple[set[Square], int] | None:
    """Breadth-first from ``x`` inside its region to the nearest square touching another
    region: the squares on the way (``x`` included) and that region; None if blocked."""
    k = grid[x[0]][x[1]]
    back: dict[Square, Square | None] = {x: None}
    todo = [x]
    while todo:
        following = []
        for sq in todo:
            for nb in _neighbours(n, *sq):
                j = grid[nb[0]][nb[1]]
                if j != k:
                    moved = set()
                    at: Square | None = sq
                    while at is not None:
                        moved.add(at)
                        at = back[at]
                    return moved, j
                if nb not in back and nb not in seeds:
                    back[nb] = sq
                    following.append(nb)
        todo = following
    return None


def _pieces(cells: set[Square]) -> list[set[Square]]:
    """The connected pieces of ``cells`` (up, down, left, right)."""
    left = set(cells)
    pieces = []
    while left:
        start = left.pop()
        piece = {start}
        todo = [start]
        while todo:
            r, c = todo.pop()
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in left:
                    left.discard(nb)
                    piece.add(nb)
                    todo.append(nb)
        pieces.append(piece)
    return pieces


def _make_completion(n: int, rng: random.Random, max_grade: int
                     ) -> tuple[Puzzle, tuple[int, ...]]:
    sol = random_solution(n, rng, touching=False, diagonals=True)
    givens = [(r, c) for r, c in enumerate(sol)]
    order = list(givens)
    rng.shuffle(order)
    for g in order:
        trial = [x for x in givens if x != g]
        p = completion_puzzle(n, trial)
        if not is_unique(p):
            continue
        if max_grade < RULES["search"] and explain(p, max_grade=max_grade).solution is None:
            continue
        givens = trial
    return completion_puzzle(n, givens), sol
