"""The vocabulary of the variants: which board, which queens, which symmetries.

A `Variant` names one counting problem: N queens (or K) on N rows and M columns, on
the flat board or the torus, as queens or as superqueens. It checks itself when made, so
every function of `nqueens.variants` takes a checked value. Searching is left to
`nqueens.variants.search`.

>>> Variant(8)
Variant(n=8, kind='classic', width=8, queens=8)
>>> Variant(5, "toroidal").group
'torus'
>>> Variant(4, width=6).group_size
4
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, cast

from nqueens._types import Placement
from nqueens._validate import check_choice, check_int
from nqueens.errors import ConflictingOptionsError, InvalidSizeError

__all__ = ["GROUPS", "KINDS", "MAX_WIDTH", "Kind", "Placement", "Variant", "squares"]

Kind = Literal["classic", "toroidal", "superqueens"]
KINDS: tuple[Kind, ...] = ("classic", "toroidal", "superqueens")
"""classic: queens on the flat board; toroidal: the diagonals wrap around the edges (a
torus); superqueens: queens that also move as knights (amazons)."""

MAX_WIDTH = 61
"""The widest board the kernels take: a row is one 64-bit mask plus the empty-row bit."""

GROUPS = {
    "square": "the 8 symmetries of the square (4 turns, each with and without a mirror)",
    "rectangle": "the 4 symmetries of a rectangle (identity, 2 mirrors, the half turn)",
    "torus": "the 8 N^2 symmetries of the torus (the square's 8, each with any of the "
             "N^2 translations)",
}
"""The symmetry group each variant's `unique` count uses, by name."""


@dataclass(frozen=True)
class Variant:
    """K non-attacking queens on an N x M board of a kind; checked when made.

    `width` defaults to `n` and `queens` to `n`. The torus is square only; at most
    N queens fit (two queens in one row attack each other). Raises
    `UnknownOptionError` for an unknown kind,
    `InvalidSizeError` for a size out of range and
    `ConflictingOptionsError` for a torus with another width.
    Cost: O(1).

    >>> Variant(4, "superqueens", queens=2).queens
    2
    >>> Variant(5, "toroidal", width=7)
    Traceback (most recent call last):
    ...
    nqueens.errors.ConflictingOptionsError: the toroidal board is square: width must be N \
(5), got 7
    """

    n: int
    kind: Kind = "classic"
    width: int = cast(int, None)
    queens: int = cast(int, None)

    def __post_init__(self) -> None:
        n = check_int(self.n, "N", low=1, high=MAX_WIDTH)
        kind = check_choice(self.kind, "variant", KINDS)
        width = n if self.width is None else check_int(self.width, "width", low=1)
        if width < n:
            raise InvalidSizeError(f"width must be at least N ({n}): N queens need N rows "
                                   f"of at least N columns, got {width}")
        if width > MAX_WIDTH:
            raise InvalidSizeError(f"width must be at most {MAX_WIDTH}, got {width}")
        if kind == "toroidal" and width != n:
            raise ConflictingOptionsError(
                f"the toroidal board is square: width must be N ({n}), got {width}")
        queens = n if self.queens is None else check_int(self.queens, "queens", low=0)
        if queens > n:
            raise InvalidSizeError(f"at most {n} queens fit on {n} rows (two in a row attack "
                                   f"each other), got {queens}")
        object.__setattr__(self, "n", n)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "queens", queens)

    @property
    def group(self) -> str:
        """The name of the symmetry group `unique` counts under (a key of `GROUPS`)."""
        if self.kind == "toroidal":
            return "torus"
        return "rectangle" if self.width != self.n else "square"

    @property
    def group_size(self) -> int:
        """How many symmetries the group has: 4, 8 or 8 N^2. O(1)."""
        return {"rectangle": 4, "square": 8, "torus": 8 * self.n * self.n}[self.group]

    @property
    def full(self) -> bool:
        """Whether every row holds a queen (K = N)."""
        return self.queens == self.n

    def describe(self) -> str:
        """A short phrase for messages. Cost: O(1).

        >>> Variant(5, "toroidal").describe()
        '5 toroidal queens on a 5x5 board'
        """
        piece = {"classic": "queens", "toroidal": "toroidal queens",
                 "superqueens": "superqueens"}[self.kind]
        return f"{self.queens} {piece} on a {self.n}x{self.width} board"


def squares(placement: Placement) -> list[tuple[int, int]]:
    """The occupied squares `(row, col)` of a placement, 0-based, row by row. Cost: O(N).

    >>> squares((1, -1, 0))
    [(0, 1), (2, 0)]
    """
    return [(r, c) for r, c in enumerate(placement) if c >= 0]
