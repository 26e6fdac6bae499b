"""What every reader and writer of `nqueens.puzzles.io` shares: regions from walls,
walls from regions, a checked puzzle from a grid, and a player's progress.

The border formats (puzz.link URLs, SBN) store a wall bit between every two neighbouring
squares; regions are then the pieces the walls cut the board into. So those formats cannot
hold a region in several pieces, nor the rule `diagonals`: `check_border_format`
says so in one line before anything is written.

>>> walls = walls_of(((0, 0, 1), (2, 0, 1), (2, 2, 1)))
>>> walls
([False, True, True, True, False, True], [True, False, False, False, True, False])
>>> regions_from_walls(3, *walls)
[[0, 0, 1], [2, 0, 1], [2, 2, 1]]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from nqueens.errors import PuzzleImportError

if TYPE_CHECKING:
    from nqueens.puzzles.model import Puzzle

__all__ = [
    "CROSS",
    "OPEN",
    "STAR",
    "build_puzzle",
    "check_border_format",
    "check_progress",
    "regions_from_walls",
    "walls_of",
]

STAR, CROSS, OPEN = "Q", "x", "."
"""The letters of a player's progress: a star (queen) placed, a square crossed out, open."""


def regions_from_walls(n: int, vertical: Sequence[bool], horizontal: Sequence[bool]
                       ) -> list[list[int]]:
    """Regions 0, 1, ... numbered in reading order: the pieces the walls cut an n x n board into.

    `vertical[r * (n - 1) + c]` is the wall between `(r, c)` and `(r, c + 1)`;
    `horizontal[r * n + c]` the wall between `(r, c)` and `(r + 1, c)` (row by row, as
    pzprjs numbers its borders). Cost: O(n^2).

    >>> regions_from_walls(2, [True, False], [False, True])
    [[0, 1], [0, 0]]
    """
    region = [[-1] * n for _ in range(n)]
    count = 0
    for r0 in range(n):
        for c0 in range(n):
            if region[r0][c0] >= 0:
                continue
            region[r0][c0] = count
            stack = [(r0, c0)]
            while stack:
                r, c = stack.pop()
                steps = ((r, c + 1, c + 1 < n and not vertical[r * (n - 1) + c]),
                         (r, c - 1, c > 0 and not vertical[r * (n - 1) + c - 1]),
                         (r + 1, c, r + 1 < n and not horizontal[r * n + c]),
                         (r - 1, c, r > 0 and not horizontal[(r - 1) * n + c]))
                for rr, cc, open_ in steps:
                    if open_ and region[rr][cc] < 0:
                        region[rr][cc] = count
                        stack.append((rr, cc))
            count += 1
    return region


def walls_of(regions: Sequence[Sequence[int]]) -> tuple[list[bool], list[bool]]:
    """The wall bits of a region grid, in the order `regions_from_walls` reads them.

    Cost: O(n^2).

    >>> walls_of([[0, 1], [0, 0]])
    ([True, False], [False, True])
    """
    n = len(regions)
    vertical = [regions[r][c] != regions[r][c + 1] for r in range(n) for c in range(n - 1)]
    horizontal = [regions[r][c] != regions[r + 1][c] for r in range(n - 1) for c in range(n)]
    return vertical, horizontal


def build_puzzle(grid: Sequence[Sequence[int]] | Sequence[str], stars: int, what: str
                 ) -> Puzzle:
    """A checked region puzzle with k = `stars` from region numbers (pieces allowed).

    A grid that is no puzzle (regions not numbering n, k stars that cannot fit) raises
    `PuzzleImportError` naming `what` was read. Cost: O(n^2).

    >>> build_puzzle([[0, 1], [1, 1]], 1, "the SBN string").n
    2
    >>> build_puzzle([[0, 0], [0, 0]], 1, "the SBN string")
    Traceback (most recent call last):
    ...
    nqueens.errors.PuzzleImportError: the SBN string: a 2 x 2 grid needs 2 regions, found 1 (0)
    """
    from nqueens.puzzles.model import PuzzleFormatError, region_puzzle

    try:
        return region_puzzle(grid, stars=stars)
    except PuzzleFormatError as err:
        raise PuzzleImportError(f"{what}: {err}") from None


def check_border_format(p: Puzzle, name: str) -> None:
    """Refuse, in one line, a puzzle that a wall-bit format (`name`) cannot hold.

    Cost: O(n^2).

    >>> from nqueens.puzzles.model import region_puzzle
    >>> check_border_format(region_puzzle(["ABA", "BBB", "CCC"]), "an SBN string")
    Traceback (most recent call last):
    ...
    nqueens.errors.PuzzleImportError: region A is in several pieces, and an SBN string \
stores only walls, which would make each piece a region of its own: export this puzzle as \
text or json
    """
    if not p.rules.has_regions:
        raise PuzzleImportError(f"{name} holds region puzzles only; this is a {p.kind} "
                                "puzzle: export it as text or json")
    if p.diagonals:
        raise PuzzleImportError(f"{name} has no place for the rule diagonals: export this "
                                "puzzle as text or json")
    pieces = regions_from_walls(p.n, *walls_of(p.regions))
    if len({k for row in pieces for k in row}) != p.n:
        from nqueens.puzzles.model import REGION_LETTERS

        seen: dict[int, int] = {}
        for row, prow in zip(p.regions, pieces, strict=True):
            for k, piece in zip(row, prow, strict=True):
                if seen.setdefault(k, piece) != piece:
                    raise PuzzleImportError(
                        f"region {REGION_LETTERS[k]} is in several pieces, and {name} "
                        "stores only walls, which would make each piece a region of its "
                        "own: export this puzzle as text or json")


def check_progress(rows: Sequence[str], n: int, what: str) -> tuple[str, ...]:
    """A player's progress as n rows of Q (star), x (cross) and . (open), checked.

    Stars may be written `Q`, `q`, `*` or `S`; crosses `x`, `X` or `-` is
    open, as `.` and `_` are. Cost: O(n^2).

    >>> check_progress(["Q.", "x*"], 2, "the grid")
    ('Q.', 'xQ')
    """
    table = {"Q": STAR, "q": STAR, "*": STAR, "S": STAR, "x": CROSS, "X": CROSS,
             ".": OPEN, "_": OPEN, "-": OPEN}
    if len(rows) != n:
        raise PuzzleImportError(f"{what}: the progress has {len(rows)} rows, the board {n}")
    out = []
    for r, row in enumerate(rows):
        if len(row) != n:
            raise PuzzleImportError(f"{what}: progress row {r + 1} has {len(row)} squares, "
                                    f"the board {n}")
        try:
            out.append("".join(table[ch] for ch in row))
        except KeyError as err:
            raise PuzzleImportError(f"{what}: progress row {r + 1}: {err.args[0]!r} is not "
                                    "Q (a star), x (a cross) or . (open)") from None
    return tuple(out)
