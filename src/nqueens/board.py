"""The board vocabulary: placements, solutions, their representations and symmetries.

A *placement* is a tuple of 0-based columns, one per row: `placement[row] = col`.
A `Solution` is a placement in which no two queens attack each other.

This module converts between every representation the textbooks use, applies the eight
symmetries of the square, computes canonical forms, and checks placements with code that is
independent of every solver (`is_solution`, `first_conflict`). It does no search.

>>> s = Solution.from_cols([1, 5, 8, 6, 3, 7, 2, 4])   # the textbook's 1-based col[1..n]
>>> s
Solution('1 5 8 6 3 7 2 4')
>>> s.placement
(0, 4, 7, 5, 2, 6, 1, 3)
>>> print(s.to_text())
Q . . . . . . .
. . . . Q . . .
. . . . . . . Q
. . . . . Q . .
. . Q . . . . .
. . . . . . Q .
. Q . . . . . .
. . . Q . . . .
>>> first_conflict((0, 2, 1))
Conflict(row_a=1, col_a=2, row_b=2, col_b=1, kind='anti-diagonal')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, cast, overload

from nqueens._types import Placement, Square
from nqueens._validate import (
    check_columns,
    check_int,
    check_integers,
    check_text,
    is_sequence,
    short_repr,
)
from nqueens.errors import InvalidBoardError, ParseError

__all__ = [
    "CLASH_WORDS",
    "SYMMETRIES",
    "Conflict",
    "ConflictKind",
    "Placement",
    "Solution",
    "board_squares",
    "canonical",
    "clash_kind",
    "first_conflict",
    "is_solution",
    "symmetries",
]

ConflictKind = Literal["column", "diagonal", "anti-diagonal"]
"""How two queens clash: same column; same `row - col` (the `\\` diagonal);
same `row + col` (the `/` diagonal)."""
CLASH_WORDS: dict[ConflictKind, str] = {
    "column": "a column", "diagonal": "a diagonal", "anti-diagonal": "an anti-diagonal"}
"""What two queens that clash share, in words: `queens at <1,1> and <3,1> share a column`."""


def clash_kind(row_a: int, col_a: int, row_b: int, col_b: int) -> ConflictKind | None:
    """How queens on two squares of different rows clash, or `None`. Cost: O(1).

    The one classification of a clash for a pair of squares (the event stream's attackers;
    `first_conflict` finds pairs by table lookups with the same three kinds).

    >>> [clash_kind(*pair) for pair in [(0, 0, 3, 0), (0, 0, 2, 2), (0, 3, 1, 2), (0, 0, 1, 2)]]
    ['column', 'diagonal', 'anti-diagonal', None]
    """
    if col_a == col_b:
        return "column"
    if row_a - col_a == row_b - col_b:
        return "diagonal"
    if row_a + col_a == row_b + col_b:
        return "anti-diagonal"
    return None


@dataclass(frozen=True, slots=True)
class Conflict:
    """Two queens that attack each other, 0-based, with `row_a < row_b`.

    >>> Conflict(0, 0, 1, 1, "diagonal").describe()
    'queens at <1,1> and <2,2> share a diagonal'
    """

    row_a: int
    col_a: int
    row_b: int
    col_b: int
    kind: ConflictKind

    def describe(self) -> str:
        """One line in the textbook's 1-based `<row,col>` notation.

        Cost: O(1).

        >>> first_conflict((0, 1)).describe()
        'queens at <1,1> and <2,2> share a diagonal'
        """
        return (
            f"queens at <{self.row_a + 1},{self.col_a + 1}> and "
            f"<{self.row_b + 1},{self.col_b + 1}> share {CLASH_WORDS[self.kind]}"
        )


def first_conflict(placement: Sequence[int]) -> Conflict | None:
    """The first clashing pair, or `None` when no two queens attack each other.

    Rows are scanned top to bottom; the first row whose queen is attacked by an earlier one
    is `row_b`, and `row_a` is the earliest queen attacking it. Columns may repeat (a
    same-column clash is reported); one queen per row is implied by the representation.
    `placement` is any sequence of integer columns (a `Solution` too); anything
    else raises `InvalidBoardError`.

    Cost: O(n) with a dictionary per line.

    >>> first_conflict((1, 3, 0, 2)) is None
    True
    >>> first_conflict((0, 3, 0)).describe()
    'queens at <1,1> and <3,1> share a column'
    """
    return _first_clash(check_integers(placement))


def _first_clash(placement: Placement) -> Conflict | None:
    """`first_conflict` of columns already checked to be ints."""
    by_col: dict[int, int] = {}
    by_diag: dict[int, int] = {}
    by_anti: dict[int, int] = {}
    for row, col in enumerate(placement):
        hits: list[tuple[int, ConflictKind]] = []
        for table, key, kind in (
            (by_col, col, "column"),
            (by_diag, row - col, "diagonal"),
            (by_anti, row + col, "anti-diagonal"),
        ):
            if key in table:
                hits.append((table[key], kind))  # type: ignore[arg-type]
        if hits:
            row_a, kind = min(hits)
            return Conflict(row_a, placement[row_a], row, col, kind)
        by_col[col] = row
        by_diag[row - col] = row
        by_anti[row + col] = row
    return None


def is_solution(placement: Sequence[int], n: int | None = None) -> bool:
    """True when `placement` puts `n` mutually non-attacking queens on an n-board.

    `placement` is any sequence of integer columns (a `Solution` too); anything
    else raises `InvalidBoardError`. An empty placement is no board
    (there is no 0-queens board here: `Solution` needs a row): False.

    Cost: O(n).

    >>> is_solution((1, 3, 0, 2)), is_solution((0, 1)), is_solution((0, 5, 1), n=3)
    (True, False, False)
    >>> is_solution(()), is_solution([], n=0)
    (False, False)
    """
    placement = check_integers(placement)
    size = len(placement) if n is None else check_int(n, "n", low=0)
    if not placement or len(placement) != size or any(not 0 <= c < size for c in placement):
        return False
    return _first_clash(placement) is None


def board_squares(rows: Sequence[str], bad: Callable[[int, int, str], Exception]
                  ) -> tuple[list[Square], list[Square]]:
    """The queens (`Q`) and blocked squares (`x` or `X`) of a partial board's rows.

    `.` is an empty square; any other character raises `bad(row, col, char)` (0-based),
    so each reader words its own message. Both lists come in reading order.
    Cost: O(total length of the rows).

    >>> board_squares(["Q..", "..x", ".X."], ValueError)
    ([(0, 0)], [(1, 2), (2, 1)])
    >>> board_squares(["Q?"], lambda r, c, ch: ValueError(f"{ch!r} at <{r + 1},{c + 1}>"))
    Traceback (most recent call last):
    ...
    ValueError: '?' at <1,2>
    """
    placed: list[Square] = []
    blocked: list[Square] = []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == "Q":
                placed.append((r, c))
            elif ch in "xX":
                blocked.append((r, c))
            elif ch != ".":
                raise bad(r, c, ch)
    return placed, blocked


# -- the eight symmetries of the square, on permutations -------------------------------------


def _identity(p: Placement) -> Placement:
    return p


def _mirror_columns(p: Placement) -> Placement:
    n = len(p)
    return tuple(n - 1 - c for c in p)


def _mirror_rows(p: Placement) -> Placement:
    return p[::-1]


def _transpose(p: Placement) -> Placement:
    q = [0] * len(p)
    for r, c in enumerate(p):
        q[c] = r
    return tuple(q)


def _rotate90(p: Placement) -> Placement:
    # clockwise: (r, c) -> (c, n-1-r)
    n = len(p)
    q = [0] * n
    for r, c in enumerate(p):
        q[c] = n - 1 - r
    return tuple(q)


def _rotate180(p: Placement) -> Placement:
    n = len(p)
    return tuple(n - 1 - c for c in reversed(p))


def _rotate270(p: Placement) -> Placement:
    # (r, c) -> (n-1-c, r)
    n = len(p)
    q = [0] * n
    for r, c in enumerate(p):
        q[n - 1 - c] = r
    return tuple(q)


def _anti_transpose(p: Placement) -> Placement:
    # (r, c) -> (n-1-c, n-1-r)
    n = len(p)
    q = [0] * n
    for r, c in enumerate(p):
        q[n - 1 - c] = n - 1 - r
    return tuple(q)


SYMMETRIES: dict[str, Callable[[Placement], Placement]] = {
    "identity": _identity,
    "rotate90": _rotate90,
    "rotate180": _rotate180,
    "rotate270": _rotate270,
    "mirror_columns": _mirror_columns,
    "mirror_rows": _mirror_rows,
    "transpose": _transpose,
    "anti_transpose": _anti_transpose,
}
"""The dihedral group of the square acting on permutation placements, by name."""


def symmetries(placement: Sequence[int]) -> list[Placement]:
    """The 8 images of a permutation placement, in the order of `SYMMETRIES`.

    Images may coincide (a solution symmetric under 180-degree rotation has 4 distinct ones).

    A placement that is not a permutation raises
    `InvalidBoardError` (its "images" would not be placements).

    Cost: O(n).

    >>> sorted(set(symmetries((1, 3, 0, 2))))
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    p = check_columns(placement, permutation=True)
    return [f(p) for f in SYMMETRIES.values()]


def canonical(placement: Sequence[int]) -> Placement:
    """The lexicographically smallest of the 8 images: one representative per class.

    Cost: O(n).

    >>> canonical((2, 0, 3, 1))
    (1, 3, 0, 2)
    >>> canonical((5, 1, 2))
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidBoardError: placement has column 5 in row 1, off a board of size 3 \
(columns 0..2)
    """
    return min(symmetries(placement))


# -- the Solution type ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, init=False)
class Solution(Sequence[int]):
    """A solved board: `placement[row]` is the 0-based column of the queen in `row`.

    It is also a read-only sequence of those columns (`len`, `s[row]`, iteration), so
    every function that takes a placement takes a `Solution` too.

    Build one from any representation the seeds use; each constructor checks the board and
    raises `InvalidBoardError` naming the first clash. `repr` gives
    the compact form (the 1-based columns), which round-trips:

    >>> s = Solution((1, 3, 0, 2))
    >>> s == eval(repr(s))
    True
    >>> Solution("2 4 1 3") == s == Solution.from_grid(s.to_grid())
    True
    >>> Solution.from_text(s.to_text()) == s
    True
    >>> Solution((0, 1))
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidBoardError: not a solution: queens at <1,1> and <2,2> share a diagonal
    """

    placement: Placement

    def __init__(self, placement: Sequence[int] | str) -> None:
        if isinstance(placement, str):
            placement = _parse_compact(placement)
        p = check_columns(placement)
        if not p:
            raise InvalidBoardError("a board needs at least one row")
        clash = _first_clash(p)
        if clash is not None:
            raise InvalidBoardError(f"not a solution: {clash.describe()}")
        object.__setattr__(self, "placement", p)

    @classmethod
    def _trusted(cls, placement: Placement) -> Solution:
        """Wrap a placement a solver has already proven, skipping the O(n) check."""
        s = object.__new__(cls)
        object.__setattr__(s, "placement", placement)
        return s

    # -- size and conversions --

    @property
    def n(self) -> int:
        """The board size."""
        return len(self.placement)

    @property
    def cols(self) -> tuple[int, ...]:
        """The textbook's 1-based `col[1..n]` vector. O(n).

        >>> Solution((1, 3, 0, 2)).cols
        (2, 4, 1, 3)
        """
        return tuple(c + 1 for c in self.placement)

    @classmethod
    def from_cols(cls, cols: Iterable[int]) -> Solution:
        """From 1-based columns, as the Korean/English textbook and the slides print them.

        Cost: O(n). Anything but an iterable of integer columns from 1 to n (`None`, a
        number, a string, bytes; floats or bools in it) raises
        `InvalidBoardError`.

        >>> Solution.from_cols([2, 4, 1, 3]).placement
        (1, 3, 0, 2)
        """
        if isinstance(cols, Iterable) and not isinstance(cols, (str, bytes)) and (
                not is_sequence(cols)):
            cols = tuple(cols)  # an iterator or a generator: read it once
        return cls(check_columns(cols, "cols", base=1))

    def to_compact(self) -> str:
        """The compact form: 1-based columns separated by spaces (`'2 4 1 3'`).

        Cost: O(n).

        >>> Solution((1, 3, 0, 2)).to_compact()
        '2 4 1 3'
        """
        return " ".join(str(c) for c in self.cols)

    def to_grid(self) -> list[list[str]]:
        """The seed `n_queens()` board: a list of rows of `'Q'` and `'#'`.

        Cost: O(n^2).

        >>> Solution((1, 3, 0, 2)).to_grid()[0]
        ['#', 'Q', '#', '#']
        """
        n = self.n
        return [["Q" if col == c else "#" for col in range(n)] for c in self.placement]

    @classmethod
    def from_grid(cls, grid: Sequence[Sequence[str]]) -> Solution:
        """From a grid of `'Q'`/`'#'` strings (rows of equal length, one Q per row).

        Cost: O(n^2). A grid that is not a sequence of rows (strings, or sequences of
        one-character strings) raises `ParseError`, as a malformed one.

        >>> Solution.from_grid(["#Q##", "###Q", "Q###", "##Q#"])
        Solution('2 4 1 3')
        """
        return cls(_queens_in_rows(_grid_rows(grid), "#"))

    def to_text(self) -> str:
        """The blog's `8queens.py` board: `Q` and `.` separated by spaces.

        Cost: O(n^2).

        >>> print(Solution((1, 3, 0, 2)).to_text())
        . Q . .
        . . . Q
        Q . . .
        . . Q .
        """
        n = self.n
        return "\n".join(
            " ".join("Q" if col == c else "." for col in range(n)) for c in self.placement
        )

    @classmethod
    def from_text(cls, text: str) -> Solution:
        """From a text board of `Q` and `.` (spaces optional), one line per row.

        Cost: O(n^2). Text that is not a `str`, or not such a board, raises
        `ParseError`.

        >>> Solution.from_text(". Q . .|. . . Q|Q . . .|. . Q .".replace("|", chr(10)))
        Solution('2 4 1 3')
        """
        text = check_text(text, "text")
        rows = [line.replace(" ", "") for line in text.strip().splitlines() if line.strip()]
        return cls(_queens_in_rows([list(r) for r in rows], "."))

    def to_json(self) -> dict[str, object]:
        """A plain-data dict: `{"n": 4, "cols": [2, 4, 1, 3]}` (1-based columns).

        Cost: O(n).

        >>> Solution((1, 3, 0, 2)).to_json()
        {'n': 4, 'cols': [2, 4, 1, 3]}
        """
        return {"n": self.n, "cols": list(self.cols)}

    # -- symmetry --

    def symmetries(self) -> list[Solution]:
        """The 8 images under rotations and reflections (duplicates kept).

        Cost: O(n).

        >>> sorted({s.to_compact() for s in Solution((1, 3, 0, 2)).symmetries()})
        ['2 4 1 3', '3 1 4 2']
        """
        return [Solution._trusted(p) for p in symmetries(self.placement)]

    def canonical(self) -> Solution:
        """The representative of this solution's symmetry class.

        Cost: O(n).

        >>> Solution((2, 0, 3, 1)).canonical()
        Solution('2 4 1 3')
        """
        return Solution._trusted(canonical(self.placement))

    def __repr__(self) -> str:
        return f"Solution({self.to_compact()!r})"

    def __str__(self) -> str:
        return self.to_text()

    def __len__(self) -> int:
        return self.n

    def __iter__(self) -> Iterator[int]:
        """The 0-based columns, row by row: a `Solution` reads as its `placement`.

        >>> list(Solution("2 4 1 3")), Solution("2 4 1 3")[0], is_solution(Solution("2 4 1 3"))
        ([1, 3, 0, 2], 1, True)
        """
        return iter(self.placement)

    @overload
    def __getitem__(self, row: int) -> int: ...
    @overload
    def __getitem__(self, rows: slice) -> Placement: ...

    def __getitem__(self, row: int | slice) -> int | Placement:
        return self.placement[row]

    def _repr_svg_(self) -> str:
        """Jupyter's hook: the board as SVG (the renderer is imported only here)."""
        from nqueens.render.svg import board_svg

        return board_svg(self)


def _parse_compact(text: str) -> Placement:
    parts = text.replace(",", " ").split()
    if not parts:
        raise ParseError("empty column list: expected 1-based columns like '2 4 1 3'")
    try:
        cols = tuple(int(p) for p in parts)
    except ValueError:
        raise ParseError(
            f"cannot read {short_repr(text)} as 1-based columns like '2 4 1 3'"
        ) from None
    n = len(cols)
    for row, c in enumerate(cols, 1):
        if not 1 <= c <= n:
            hint = ""
            if all(0 <= v < n for v in cols):
                hint = (f"; as 0-based columns it is the tuple "
                        f"Solution(({', '.join(map(str, cols))}{',' * (n == 1)}))")
            raise InvalidBoardError(
                f"{short_repr(text)} has column {c} in row {row}: text holds 1-based columns, "
                f"1..{n}{hint}")
    return tuple(c - 1 for c in cols)


def _grid_rows(grid: object) -> list[list[str]]:
    """The rows of a `'Q'`/`'#'` grid as lists of one-character strings, or
    `ParseError` for anything else."""
    what = "a sequence of rows of 'Q' and '#' (strings or lists of strings)"
    if not is_sequence(grid):
        raise ParseError(f"grid must be {what}, got {short_repr(grid)}")
    rows: list[list[str]] = []
    for row in cast("Sequence[object]", grid):
        if isinstance(row, bytes) or not isinstance(row, Sequence) or not all(
                isinstance(ch, str) for ch in row):
            raise ParseError(f"grid must be {what}, got the row {short_repr(row)}")
        rows.append(list(row))
    return rows


def _queens_in_rows(rows: list[list[str]], empty: str) -> Placement:
    n = len(rows)
    if n == 0:
        raise ParseError("the board is empty")
    placement = []
    for r, row in enumerate(rows, start=1):
        if len(row) != n:
            raise ParseError(f"row {r} has {len(row)} squares; a board of {n} rows needs {n}")
        odd = sorted({ch for ch in row if ch not in ("Q", empty)})
        if odd:
            raise ParseError(f"row {r} has {odd[0]!r}; only 'Q' and {empty!r} are allowed")
        queens = [c for c, ch in enumerate(row) if ch == "Q"]
        if len(queens) != 1:
            raise ParseError(f"row {r} has {len(queens)} queens; each row needs exactly one")
        placement.append(queens[0])
    return tuple(placement)
