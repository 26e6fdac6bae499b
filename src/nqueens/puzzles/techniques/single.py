"""Last square: the technique every player starts with.

>>> TECHNIQUE.grade, RUNG.tier
(1, 0)
"""

from __future__ import annotations

from nqueens.puzzles.grades import EASY, TRIVIAL, Compiled, Rung, Technique
from nqueens.puzzles.steps import Step
from nqueens.puzzles.techniques.mark_board import MarkBoard

__all__ = ["RUNG", "TECHNIQUE", "find_single"]

TECHNIQUE = Technique("single", EASY, "last_square")
"""Last square: a unit with as many squares left as stars it needs takes them."""

RUNG = Rung(TECHNIQUE, TRIVIAL, lambda b: find_single(b),
            compiled=Compiled("last_square", grade=EASY))
"""Tried at every grade (even grade 0 asks for the last squares), after `stuck`."""


def find_single(b: MarkBoard) -> Step | None:
    """Last square: a unit with exactly as many squares left as stars it needs.

    Cost: O(units).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = MarkBoard(parse_puzzle("AAB\\nACB\\nCCB\\n"))
    >>> _ = b.place(0, "given")
    >>> find_single(b).place
    (2, 1)
    """
    cand, need = b.cand, b.need
    for u, m in b.unit_masks:
        if need[u] > 0:
            left = cand & m
            if left.bit_count() == need[u]:
                return b.place((left & -left).bit_length() - 1, TECHNIQUE.name, (u,))
    return None
