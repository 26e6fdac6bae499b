"""No solution: a unit left without room for its stars.

>>> TECHNIQUE.role
'verdict'
"""

from __future__ import annotations

from nqueens.puzzles.grades import TRIVIAL, VERDICT, Compiled, Rung, Technique
from nqueens.puzzles.steps import Step, Unit
from nqueens.puzzles.techniques.mark_board import MarkBoard

__all__ = ["RUNG", "TECHNIQUE", "find_stuck", "stuck_step"]

TECHNIQUE = Technique("stuck", TRIVIAL, "no_solution", role=VERDICT)
"""No solution: a unit can no longer hold the stars it needs (the solve ends there)."""

RUNG = Rung(TECHNIQUE, TRIVIAL, lambda b: find_stuck(b), compiled=Compiled("no_room"))
"""Tried first at every grade: a board with no way on is said so before anything else."""


def stuck_step(lines: tuple[Unit, ...] = ()) -> Step:
    """The step that says the puzzle has no solution (`lines`: the unit left short).

    Cost: O(1).

    >>> stuck_step().grade
    0
    """
    return Step(TECHNIQUE.name, lines=lines)


def find_stuck(b: MarkBoard) -> Step | None:
    """A unit that can no longer hold the stars it needs: the puzzle has no solution.

    Cost: O(units * squares).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = MarkBoard(parse_puzzle("AAB\\nACB\\nCCB\\n"))
    >>> find_stuck(b) is None
    True
    """
    cand, need = b.cand, b.need
    for u, m in b.unit_masks:
        if need[u] > 0 and (not cand & m if b.one_star else not b.fits(cand & m, need[u])):
            return stuck_step((u,))
    return None
