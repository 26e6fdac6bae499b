"""Partial boards: finish them, count their completions, or prove that none exists.

The n-Queens Completion problem (Gent, Jefferson and Nightingale, 2017; NP-complete): some
queens are already placed (and some squares may be blocked); place the others. Every answer
comes from the exhaustive compiled bitmask search of :mod:`nqueens.strategies.bitmask`: each
row gets an ``allowed`` mask before the search starts (the placed queen's square for its row;
for the other rows, every square not attacked by a placed queen and not blocked), so ``None``
or a count of 0 is a proof that the board cannot be finished. Exact for n <= 63 (64-bit masks);
how long it takes depends on the instance (n up to about 32 is quick when a few queens are
placed).

Squares are ``(row, col)`` pairs, 0-based, as everywhere in the API; messages name squares
in the textbooks' 1-based ``<row,col>`` notation. Parsing the CLI's 1-based text lives here
too (:func:`parse_squares`, :func:`parse_board`); printing is the CLI's job.

>>> complete(8, [(0, 0), (1, 4)])
Solution('1 5 8 6 3 7 2 4')
>>> count_completions(8, [(0, 0)]), count_completions(8, [(0, 0)], blocked=[(1, 4)])
(4, 3)
>>> complete(4, [(0, 0)]) is None    # no 4-queens solution has a corner queen: proven
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from itertools import combinations

from nqueens.board import Solution
from nqueens.errors import InvalidBoardError, InvalidSizeError, ParseError

__all__ = [
    "MAX_N",
    "Square",
    "allowed_masks",
    "complete",
    "completions",
    "count_completions",
    "parse_board",
    "parse_squares",
    "random_instance",
]

Square = tuple[int, int]
"""A square as ``(row, col)``, 0-based: ``(0, 0)`` is the top-left corner ``<1,1>``."""

Squares = Iterable[Square] | Mapping[int, int]

MAX_N = 63
"""The largest board the 64-bit masks of the compiled search hold."""


def complete(n: int, placed: Squares, *, blocked: Iterable[Square] = ()) -> Solution | None:
    """The first completion in search order (rows top-down, columns ascending), or None.

    COST: the bitmask search over the unplaced rows, stopping at the first completion;
    ``None`` only after the whole (pruned) tree was searched. O(k^2) checks of the k placed
    queens first; bad input raises :class:`~nqueens.errors.InvalidBoardError`.

    >>> complete(5, {0: 2})
    Solution('3 1 4 2 5')
    >>> complete(4, [(0, 1), (1, 1)])
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidBoardError: placed queens at <1,2> and <2,2> share a column
    """
    return next(completions(n, placed, blocked=blocked, batch=1), None)


def completions(
    n: int, placed: Squares, *, blocked: Iterable[Square] = (), batch: int = 64
) -> Iterator[Solution]:
    """Every completion, lazily, in search order. Memory O(batch * n).

    COST: the whole stream is one exhaustive bitmask search of the unplaced rows.

    >>> [s.to_compact() for s in completions(6, [(0, 1)])]
    ['2 4 6 1 3 5']
    """
    masks = allowed_masks(n, placed, blocked=blocked)
    from nqueens.strategies.bitmask import solutions_allowed

    return (Solution._trusted(p) for p in solutions_allowed(n, masks, batch=batch))


def count_completions(n: int, placed: Squares, *, blocked: Iterable[Square] = ()) -> int:
    """The number of completions (0 is a proof that there is none). Exhaustive search.

    >>> count_completions(8, []), count_completions(6, [(0, 1)])
    (92, 1)
    """
    masks = allowed_masks(n, placed, blocked=blocked)
    from nqueens.strategies.bitmask import count_allowed

    return count_allowed(n, masks)


def allowed_masks(n: int, placed: Squares, *, blocked: Iterable[Square] = ()) -> list[int]:
    """Per-row masks of the columns a queen may take (bit c = column c), input checked. O(n*k).

    >>> [bin(m) for m in allowed_masks(4, [(0, 1)], blocked=[(2, 0)])]
    ['0b10', '0b1000', '0b100', '0b1101']
    """
    _check_size(n)
    queens = _squares(n, placed.items() if isinstance(placed, Mapping) else placed, "queen")
    walls = _squares(n, blocked, "blocked square")
    by_row: dict[int, int] = {}
    for (r1, c1), (r2, c2) in combinations(queens, 2):
        a, b = sorted([(r1, c1), (r2, c2)])
        if a == b:
            raise InvalidBoardError(f"a queen is placed twice at {_name(a)}")
        how = _clash(a, b)
        if how:
            raise InvalidBoardError(f"placed queens at {_name(a)} and {_name(b)} share {how}")
    for r, c in queens:
        by_row[r] = c
    for sq in walls:
        if by_row.get(sq[0]) == sq[1]:
            raise InvalidBoardError(f"square {_name(sq)} is blocked and holds a placed queen")
    full = (1 << n) - 1
    masks = []
    for r in range(n):
        if r in by_row:
            masks.append(1 << by_row[r])
            continue
        m = full
        for qr, qc in queens:
            m &= ~(1 << qc)
            d = r - qr
            for c in (qc + d, qc - d):
                if 0 <= c < n:
                    m &= ~(1 << c)
        for br, bc in walls:
            if br == r:
                m &= ~(1 << bc)
        masks.append(m)
    return masks


def random_instance(n: int, k: int, *, seed: int | None = None) -> list[Square]:
    """``k`` mutually non-attacking queens on random rows and columns, sorted by row. O(k*n).

    Each queen takes a random column not attacked by the earlier ones; a dead end starts
    over (up to 1000 times). The instance may or may not have a completion: that is the
    question it poses. Reproducible with ``seed``.

    >>> random_instance(8, 3, seed=1) == random_instance(8, 3, seed=1)
    True
    >>> len(random_instance(8, 3, seed=1))
    3
    """
    _check_size(n)
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= n:
        raise InvalidSizeError(f"the number of placed queens must be between 0 and {n}, not {k}")
    rng = random.Random(seed)
    for _ in range(1000):
        rows = sorted(rng.sample(range(n), k))
        queens: list[Square] = []
        for r in rows:
            free = [c for c in range(n) if not any(_clash((qr, qc), (r, c)) for qr, qc in queens)]
            if not free:
                break
            queens.append((r, rng.choice(free)))
        else:
            return queens
    raise InvalidSizeError(f"could not place {k} non-attacking queens on a {n}x{n} board "
                           "in 1000 random tries; ask for fewer")


def parse_squares(text: str) -> list[Square]:
    """Read 1-based ``"r,c r,c ..."`` into 0-based squares (no range check). O(len(text)).

    >>> parse_squares("1,1 2,5")
    [(0, 0), (1, 4)]
    >>> parse_squares("1;1")
    Traceback (most recent call last):
    ...
    nqueens.errors.ParseError: cannot read '1;1' as a square: expected ROW,COL like 2,5 (1-based)
    """
    squares = []
    for item in text.split():
        parts = item.split(",")
        try:
            if len(parts) != 2:
                raise ValueError
            r, c = int(parts[0]), int(parts[1])
        except ValueError:
            raise ParseError(
                f"cannot read {item!r} as a square: expected ROW,COL like 2,5 (1-based)"
            ) from None
        squares.append((r - 1, c - 1))
    return squares


def parse_board(text: str) -> tuple[int, list[Square], list[Square]]:
    """Read a board of ``Q`` (placed queen), ``.`` (empty) and ``x`` (blocked) squares.

    One line per row, spaces between squares optional; returns ``(n, placed, blocked)``,
    0-based. Rows of the wrong length or other characters raise :class:`ParseError`.

    >>> parse_board("Q . . .\\n. . x .\\n. . . .\\n. . . .")
    (4, [(0, 0)], [(1, 2)])
    """
    rows = [line.replace(" ", "").replace("\t", "") for line in text.splitlines()]
    rows = [r for r in rows if r]
    n = len(rows)
    if n == 0:
        raise ParseError("the board is empty: expected rows of Q (queen), . (empty), x (blocked)")
    placed: list[Square] = []
    blocked: list[Square] = []
    for r, row in enumerate(rows):
        if len(row) != n:
            raise ParseError(f"row {r + 1} has {len(row)} squares; a board of {n} rows needs {n}")
        for c, ch in enumerate(row):
            if ch == "Q":
                placed.append((r, c))
            elif ch in "xX":
                blocked.append((r, c))
            elif ch != ".":
                raise ParseError(f"row {r + 1} has {ch!r}; only Q (queen), . (empty) and "
                                 "x (blocked) are allowed")
    return n, placed, blocked


# -- private helpers -----------------------------------------------------------------------


def _check_size(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidSizeError(f"n must be a positive integer, not {n!r}")
    if n > MAX_N:
        raise InvalidSizeError(
            f"n = {n} is too large for completion: the exact search handles n <= {MAX_N}"
        )


def _name(sq: Square) -> str:
    return f"<{sq[0] + 1},{sq[1] + 1}>"


def _clash(a: Square, b: Square) -> str:
    """How two distinct squares attack each other ('' when they do not)."""
    (r1, c1), (r2, c2) = a, b
    if r1 == r2:
        return f"row {r1 + 1}"
    if c1 == c2:
        return "a column"
    if r1 - c1 == r2 - c2:
        return "a diagonal"
    if r1 + c1 == r2 + c2:
        return "an anti-diagonal"
    return ""


def _squares(n: int, items: Iterable[Square], what: str) -> list[Square]:
    out = []
    for item in items:
        try:
            r, c = item
            r, c = int(r), int(c)
        except (TypeError, ValueError):
            raise InvalidBoardError(f"a {what} must be a (row, col) pair, not {item!r}") from None
        if not (0 <= r < n and 0 <= c < n):
            raise InvalidBoardError(f"{what} <{r + 1},{c + 1}> is off the {n}x{n} board")
        out.append((r, c))
    return out
