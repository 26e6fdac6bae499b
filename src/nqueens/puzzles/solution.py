"""Solutions of puzzles with k stars per row, column and region, in two plain forms.

- A **placement** (`Placement`), `cols[row]`: the 0-based column of the one queen of
  each row. The form of one-star puzzles (k = 1, the Queens game and completion puzzles);
  every k = 1 function returns it, as it always has.
- **Star rows** (`Stars`), `stars[row]`: the sorted tuple of the k columns of that
  row's stars. The form for any k >= 1: a placement `(2, 0, 3, 1)` is the star rows
  `((2,), (0,), (3,), (1,))`. The exact search returns it for k > 1.

Functions that take a solution take either form (`PuzzleSolution`); `as_stars` turns
either into star rows and `star_squares` lists the squares; `first_violation`
checks one against a puzzle's rules, independently of the search.

>>> as_stars((1, 3, 0, 2))
((1,), (3,), (0,), (2,))
>>> star_squares(((0, 2), (4, 6)))
[(0, 0), (0, 2), (1, 4), (1, 6)]
>>> stars_from_squares(2, [(1, 1), (0, 1), (1, 0)])
((1,), (0, 1))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast

from nqueens._types import Placement
from nqueens._validate import as_int, check_integers, is_sequence
from nqueens.puzzles.model import REGION_LETTERS, Puzzle, Square, check_puzzle, clash

__all__ = ["Placement", "PuzzleSolution", "Stars", "as_placement", "as_stars",
           "first_violation", "star_squares", "stars_from_squares"]

Stars = tuple[tuple[int, ...], ...]
"""A k-star solution: `stars[row]` is the sorted tuple of the columns of that row's stars."""

PuzzleSolution = Placement | Stars
"""A puzzle's solution in either form; see the module docstring (a classic n-queens
solution is `nqueens.board.Solution`, a class)."""


def as_stars(solution: Sequence[int] | Sequence[Sequence[int]]) -> Stars:
    """Star rows from a placement or from star rows (sorted, as tuples of ints).

    Cost: O(n k log k). A row given as an integer is one star in that column.

    >>> as_stars([[3, 1], [0, 2]])
    ((1, 3), (0, 2))
    """
    return tuple((int(row),) if _is_int(row) else tuple(sorted(int(c) for c in row))
                 for row in solution)


def as_placement(solution: Sequence[int] | Sequence[Sequence[int]]) -> Placement | None:
    """The placement of a solution with exactly one star per row, else `None`.

    Cost: O(n).

    >>> as_placement(((2,), (0,), (1,))), as_placement(((0, 2), (1, 3)))
    ((2, 0, 1), None)
    """
    rows = as_stars(solution)
    if any(len(row) != 1 for row in rows):
        return None
    return tuple(row[0] for row in rows)


def star_squares(solution: Sequence[int] | Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """The squares `(row, col)` of a solution's stars (queens), row by row.

    Cost: O(n k log k).

    >>> star_squares((2, 0))
    [(0, 2), (1, 0)]
    """
    return [(r, c) for r, row in enumerate(as_stars(solution)) for c in row]


def stars_from_squares(n: int, squares: Iterable[tuple[int, int]]) -> Stars:
    """Star rows of an n-row board from its star squares (any order; repeats count once).

    Cost: O(s log s) for s squares. Squares off rows 0..n-1 raise `IndexError`.

    >>> stars_from_squares(3, [(2, 0), (0, 1)])
    ((1,), (), (0,))
    """
    rows: list[set[int]] = [set() for _ in range(n)]
    for r, c in squares:
        if not 0 <= r < n:
            raise IndexError(f"row {r} is off a board of {n} rows")
        rows[r].add(int(c))
    return tuple(tuple(sorted(row)) for row in rows)


def first_violation(p: Puzzle, solution: PuzzleSolution | Sequence[object]) -> str | None:
    """Why `solution` does not solve `p`, or None.

    `solution` is a placement (a 0-based column per row, one-star puzzles) or star rows
    (per row the columns of its k stars; see `nqueens.puzzles.solution`). An
    independent checker: the stars of every row, column and region are counted, every pair
    of stars is compared, then the givens and blocked squares. A `p` that is not a
    `Puzzle` raises `InvalidArgumentError`; a `solution`
    that is neither form `InvalidBoardError`. Cost: O((nk)^2).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> p = parse_puzzle("AAB\\nACB\\nCCB")
    >>> first_violation(p, (0, 2, 1))
    'queens at <2,3> and <3,2> touch'
    >>> first_violation(p, ((0,), (0, 2), ()))
    'row 2 has 2 queens; each row has 1'
    """
    check_puzzle(p)
    rules = p.rules
    rows = _solution_rows(solution)
    if len(rows) != p.n or any(not 0 <= c < p.n for row in rows for c in row):
        each = "one queen" if rules.one_star else f"{p.stars} stars"
        return f"a solution has {each} in each of the {p.n} rows, on the board"
    squares = [(r, c) for r, row in enumerate(rows) for c in row]
    why = _unit_counts(p, squares)
    if why:
        return why
    # one star per unit: any two stars clash as queens do; k stars: only by touching
    # (or a shared diagonal), the counts above having checked the units
    for i, a in enumerate(squares):
        for b in squares[i + 1:]:
            why = clash(p, a, b) if rules.one_star else _near(p, a, b)
            if why:
                return f"{rules.mark}s at {_name(a)} and {_name(b)} {why}"
    placed = set(squares)
    for sq in p.givens:
        if sq not in placed:
            return f"the given queen at {_name(sq)} is missing"
    for sq in p.blocked:
        if sq in placed:
            return f"a queen stands on the blocked square {_name(sq)}"
    return None



# --- private helpers ---------------------------------------------------------------------

def _is_int(value: object) -> bool:
    return hasattr(value, "__index__") and not isinstance(value, bool)


def _name(sq: Square) -> str:
    return f"<{sq[0] + 1},{sq[1] + 1}>"


def _near(p: Puzzle, a: Square, b: Square) -> str | None:
    """Why two stars clash where k > 1 may share a row, column or region."""
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    if dr <= 1 and dc <= 1:
        return "touch"
    if p.diagonals and dr == dc:
        return "share a diagonal"
    return None


def _count(k: int, p: Puzzle) -> str:
    return f"{k} {p.rules.mark}" + ("" if k == 1 else "s")


def _solution_rows(solution: object) -> list[tuple[int, ...]]:
    """A placement or star rows as rows of column tuples (not sorted, repeats kept)."""
    if not is_sequence(solution):
        check_integers(solution, "solution")  # raises InvalidBoardError
    items = list(cast("Sequence[object]", solution))
    if all(as_int(v) is not None for v in items):
        return [(c,) for c in check_integers(items, "solution")]
    rows = []
    for row in items:
        if as_int(row) is not None:
            rows.append((cast(int, as_int(row)),))
        else:
            rows.append(check_integers(row, "solution"))
    return rows


def _unit_counts(p: Puzzle, squares: list[Square]) -> str | None:
    """The first row, column or region without exactly k stars (a square twice: one)."""
    units = [("row", [r for r, _ in squares]), ("column", [c for _, c in squares])]
    if p.regions:
        units.append(("region", [p.regions[r][c] for r, c in squares]))
    k = p.stars
    for what, values in units:
        for unit in range(p.n):
            got = values.count(unit)
            if got != k:
                name = REGION_LETTERS[unit] if what == "region" else str(unit + 1)
                return f"{what} {name} has {_count(got, p)}; each {what} has {k}"
    if len(set(squares)) != len(squares):
        return "a square holds two stars"
    return None
