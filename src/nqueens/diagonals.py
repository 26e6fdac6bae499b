"""Excluded diagonals: whole diagonals of the board on which no queen may stand.

CSPLib prob079's *Excluded Diagonals* problem (Gent, Jefferson and Nightingale, 2017) gives a
board size and a set of diagonals; a solution has one queen per row and column and none on
an excluded diagonal. The completion search takes them as a constraint of their own
(`diagonals=` of `nqueens.completion.complete`, `--diagonals` of `nqueens
complete`): this module checks them and names the squares they close.

A diagonal is a pair `(kind, index)`: `("sum", k)` is every square with `row + col ==
k` (0-based, k = 0 .. 2n - 2: the anti-diagonals), `("diff", k)` every square with `row -
col == k` (k = -(n - 1) .. n - 1: the diagonals parallel to the main one). As text (the
command line's, and the library's when given a `str`), `s7` and `d-2` name them by the
1-based squares `<row,col>`: `sK` is row + col = K (2 .. 2n), `dK` is row - col = K
(the same in either base).

>>> check_diagonals(4, [("sum", 0), ("diff", -3)])
[('sum', 0), ('diff', -3)]
>>> parse_diagonals("s2 d-3")      # 1-based text: <1,1> is on row + col = 2
[('sum', 0), ('diff', -3)]
>>> diagonal_squares(4, [("sum", 1), ("diff", 3)])
[(0, 1), (1, 0), (3, 0)]
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from nqueens._types import Square
from nqueens.errors import InvalidBoardError, ParseError

__all__ = ["KINDS", "Diagonal", "check_diagonals", "diagonal_squares", "format_diagonals",
           "parse_diagonals"]

Diagonal = tuple[str, int]
"""`("sum", row + col)` or `("diff", row - col)`, 0-based squares."""

KINDS = ("sum", "diff")

_TEXT = re.compile(r"([sdSD])([+-]?[0-9]+)", re.ASCII)


def check_diagonals(n: int, diagonals: Iterable[object] | str) -> list[Diagonal]:
    """The diagonals, checked, each once, in the order first given.

    `(kind, index)` pairs of `"sum"`/`"diff"` and an integer on
    the n x n board (text is read by `parse_diagonals`). Repeats are kept once, in the
    order first given. Anything else raises `InvalidBoardError`
    naming the first bad one. Cost: O(len(diagonals)).

    >>> check_diagonals(3, "s7")
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidBoardError: diagonal s7 is off the 3x3 board: row + col runs from 2 \
to 6 (1-based squares)
    >>> check_diagonals(3, [("diff", 3)])
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidBoardError: diagonal ('diff', 3) is off the 3x3 board: row - col \
runs from -2 to 2 (0-based squares)
    """
    text = isinstance(diagonals, str)
    items = parse_diagonals(diagonals) if text else diagonals
    out: list[Diagonal] = []
    seen: set[Diagonal] = set()
    for item in items:
        if (not isinstance(item, (tuple, list)) or len(item) != 2 or item[0] not in KINDS
                or not isinstance(item[1], int) or isinstance(item[1], bool)):
            raise InvalidBoardError(f"cannot read {item!r} as a diagonal: expected ('sum', "
                                    "row + col) or ('diff', row - col), 0-based")
        kind, k = str(item[0]), int(item[1])
        low, high = (0, 2 * n - 2) if kind == "sum" else (1 - n, n - 1)
        if not low <= k <= high:
            what = "row + col" if kind == "sum" else "row - col"
            if text:  # the 1-based text it was given in
                shift = 2 if kind == "sum" else 0
                raise InvalidBoardError(
                    f"diagonal {format_diagonals([(kind, k)])} is off the {n}x{n} board: "
                    f"{what} runs from {low + shift} to {high + shift} (1-based squares)")
            raise InvalidBoardError(f"diagonal {(kind, k)!r} is off the {n}x{n} board: {what} "
                                    f"runs from {low} to {high} (0-based squares)")
        if (kind, k) not in seen:
            seen.add((kind, k))
            out.append((kind, k))
    return out


def parse_diagonals(text: str) -> list[Diagonal]:
    """Read the 1-based text `"s7 d-2"` into 0-based diagonals, without a range check.

    `s7` is row + col = 7, `d-2` row - col = -2 on 1-based squares; commas may
    separate them too. Anything
    else raises `ParseError`. Cost: O(len(text)).

    >>> parse_diagonals("s7, d+2")
    [('sum', 5), ('diff', 2)]
    >>> parse_diagonals("x7")
    Traceback (most recent call last):
    ...
    nqueens.errors.ParseError: cannot read 'x7' as a diagonal: expected sK (row + col = K) or \
dK (row - col = K), 1-based squares, e.g. 's7 d-2'
    """
    out: list[Diagonal] = []
    for item in text.replace(",", " ").split():
        m = _TEXT.fullmatch(item)
        if m is None or len(m.group(2)) > 12:
            raise ParseError(f"cannot read {item!r} as a diagonal: expected sK (row + col = K) "
                             "or dK (row - col = K), 1-based squares, e.g. 's7 d-2'")
        k = int(m.group(2))
        out.append(("sum", k - 2) if m.group(1) in "sS" else ("diff", k))
    return out


def format_diagonals(diagonals: Iterable[Diagonal]) -> str:
    """The 1-based text of checked diagonals (what `parse_diagonals` reads back).

    Cost: O(len(diagonals)).

    >>> format_diagonals([("sum", 0), ("diff", -3)])
    's2 d-3'
    """
    return " ".join(f"s{k + 2}" if kind == "sum" else f"d{k}" for kind, k in diagonals)


def diagonal_squares(n: int, diagonals: Iterable[Diagonal]) -> list[Square]:
    """Every square on the checked diagonals, sorted, each once. Cost: O(n) per diagonal.

    >>> diagonal_squares(3, [("diff", 0)])
    [(0, 0), (1, 1), (2, 2)]
    """
    squares: set[Square] = set()
    for kind, k in diagonals:
        for r in range(n):
            c = k - r if kind == "sum" else r - k
            if 0 <= c < n:
                squares.add((r, c))
    return sorted(squares)
