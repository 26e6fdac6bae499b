"""Given queens: the stars a completion puzzle starts with.

>>> TECHNIQUE.role
'start'
"""

from __future__ import annotations

from nqueens.puzzles.grades import START, TRIVIAL, Rung, Technique
from nqueens.puzzles.steps import Step
from nqueens.puzzles.techniques.mark_board import MarkBoard

__all__ = ["RUNG", "TECHNIQUE", "find_given"]

TECHNIQUE = Technique("given", TRIVIAL, "given_queen", role=START)
"""A given queen stands (completion puzzles): placed before any deduction."""

RUNG = Rung(TECHNIQUE, TRIVIAL, lambda b: find_given(b), applies=lambda p: bool(p.givens))
"""First of all: every given star is placed before the board is looked at."""


def find_given(b: MarkBoard) -> Step | None:
    """The first given star not yet on the board, placed; None when all stand.

    Cost: O(givens).

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> b = MarkBoard(completion_puzzle(4, [(0, 1)]))
    >>> find_given(b).place, find_given(b)
    ((0, 1), None)
    """
    for r, c in b.p.givens:
        i = r * b.n + c
        if not b.stars >> i & 1:
            return b.place(i, TECHNIQUE.name)
    return None
