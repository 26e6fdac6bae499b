"""Pairs of rows or columns: the squares every way two lines take their queens attacks.

>>> TECHNIQUE.grade
3
"""

from __future__ import annotations

from itertools import combinations

from nqueens.puzzles.grades import HARD, Compiled, Rung, Technique
from nqueens.puzzles.placements import _bits
from nqueens.puzzles.steps import Step
from nqueens.puzzles.techniques.mark_board import MarkBoard

__all__ = ["RUNG", "TECHNIQUE", "find_pairs"]

TECHNIQUE = Technique("pairs", HARD, "line_pairs")
"""Pairs of rows or columns (k = 1): what every placement of two lines attacks goes."""

RUNG = Rung(TECHNIQUE, HARD, lambda b: find_pairs(b), compiled=Compiled("two_lines", grade=HARD))


def find_pairs(b: MarkBoard) -> Step | None:
    """Pairs of rows or columns (k = 1): the squares every placement of two lines attacks.

    Cost: O(n^2) line pairs, each O(squares left in one * in the other).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = MarkBoard(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
    >>> s = find_pairs(b)
    >>> s.lines, s.removed
    ((('row', 2), ('row', 4)), ((3, 1), (3, 3)))
    """
    if not b.one_star:
        return None
    for fam in ("row", "col"):
        lines = [u for u in b.open_units() if u[0] == fam]
        for u, v in combinations(lines, 2):
            left_u, left_v = _bits(b.cand & b.mask(u)), _bits(b.cand & b.mask(v))
            hit = b.cand & ~b.mask(u) & ~b.mask(v)
            seen = False
            for i in left_u:
                for j in left_v:
                    if not b.attack[i] >> j & 1:
                        hit &= b.attack[i] | b.attack[j]
                        seen = True
                if not hit:
                    break
            if seen and hit:
                return b.remove(hit, TECHNIQUE.name, lines=(u, v))
    return None
