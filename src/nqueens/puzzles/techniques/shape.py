"""Attacks a whole region: the 2-square, 3-in-a-line, L, T and Z shapes.

>>> TECHNIQUE.grade
2
"""

from __future__ import annotations

from nqueens.puzzles.grades import MEDIUM, Compiled, Rung, Technique
from nqueens.puzzles.placements import _bits, _fill_masks, _shape_hits
from nqueens.puzzles.shapes import shape_name
from nqueens.puzzles.steps import Step
from nqueens.puzzles.techniques.mark_board import MarkBoard

__all__ = ["RUNG", "TECHNIQUE", "find_shape"]

TECHNIQUE = Technique("shape", MEDIUM, "whole_region")
"""Attacks a whole region: a square whose star would leave a unit short is crossed out."""

RUNG = Rung(TECHNIQUE, MEDIUM, lambda b: find_shape(b),
            compiled=Compiled("whole_unit", grade=MEDIUM))


def find_shape(b: MarkBoard) -> Step | None:
    """Attacks a whole region: the squares where a star would leave some unit short.

    For k = 1, a square touching or attacking every square left in a region (row,
    column); for k > 1, one whose star leaves a unit too few squares for its stars.
    Cost: O(units * squares) for k = 1; times the squares near the unit and the fitting
    test for k > 1.

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = MarkBoard(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
    >>> s = find_shape(b)
    >>> s.removed, s.lines, s.shape
    (((1, 0), (3, 1)), (('region', 2),), 'L')
    """
    fill: tuple[list[int], list[int]] | None = None
    for u in b.open_units():
        left = b.cand & b.mask(u)
        if b.one_star:
            hit = b.cand & ~b.mask(u)
            for i in _bits(left):
                hit &= b.attack[i]
                if not hit:
                    break
        else:
            if fill is None:
                fill = _fill_masks(b)
            hit = _shape_hits(b, u, left, *fill)
        if hit:
            return b.remove(hit, TECHNIQUE.name, lines=(u,), shape=shape_name(b.squares(left)))
    return None
