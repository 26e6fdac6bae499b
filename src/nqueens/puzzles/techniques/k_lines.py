"""k regions in k lines (and the converse): a set of units that fills as many lines.

>>> TECHNIQUE.grade, KLINES_HARD
(2, 3)
"""

from __future__ import annotations

from nqueens.puzzles.grades import HARD, MEDIUM, Compiled, Rung, Technique
from nqueens.puzzles.steps import Step
from nqueens.puzzles.techniques.confined import MAX_SUBSETS, find_confined, largest_subset
from nqueens.puzzles.techniques.mark_board import MarkBoard

__all__ = ["HARD_RUNG", "KLINES_HARD", "RUNG", "TECHNIQUE", "find_k_lines"]

KLINES_HARD = 3
"""From this many lines (regions in as many lines), `k-lines` is graded hard."""

TECHNIQUE = Technique("k-lines", MEDIUM, "k_lines",
                      raise_to=lambda s: HARD if len(s.lines) >= KLINES_HARD else None)
"""k regions whose squares left all lie in k rows or columns; hard from 3 regions up."""

RUNG = Rung(TECHNIQUE, MEDIUM, lambda b: find_k_lines(b, 2, KLINES_HARD - 1),
            compiled=Compiled("confine", 2, KLINES_HARD - 1, grade=MEDIUM,
                              max_subsets=MAX_SUBSETS))
"""The medium form: two regions in two lines (up to `KLINES_HARD` - 1)."""

HARD_RUNG = Rung(TECHNIQUE, HARD, lambda b: find_k_lines(b, KLINES_HARD, -1),
                 compiled=Compiled("confine", KLINES_HARD, -1, grade=HARD,
                                   max_subsets=MAX_SUBSETS))
"""The hard form: from `KLINES_HARD` lines to as many as are worth trying (-1)."""


def find_k_lines(b: MarkBoard, low: int, high: int) -> Step | None:
    """k regions in k lines for each size from `low` to `high`, smallest first.

    `high` -1: the largest worth trying
    (`largest_subset` of the open rows).
    Cost: O(that of `find_confined`) per size.

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = MarkBoard(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
    >>> find_k_lines(b, 2, 2).units
    (('region', 0), ('region', 2))
    """
    top = largest_subset(sum(1 for u in b.open_units() if u[0] == "row"))
    for size in range(low, (top if high < 0 else min(top, high)) + 1):
        step = find_confined(b, size, TECHNIQUE.name)
        if step is not None:
            return step
    return None
