"""The rows of a partial board as text: `Q` a queen, `.` an empty square, `x` a blocked one.

One reader for the completion boards (`nqueens.completion.parse_board`) and the completion
puzzles (`nqueens.puzzles.model`), so that the puzzle record reads its rows without
importing the completion search. Imports nothing of the package but its types.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from nqueens._types import Square

__all__ = ["board_squares"]


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
