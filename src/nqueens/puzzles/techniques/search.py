"""Trial and error: what the explainer does where logic stalls (grade search).

>>> TECHNIQUE.grade
5
"""

from __future__ import annotations

from nqueens.puzzles.exact import solutions
from nqueens.puzzles.grades import SEARCH, Rung, Technique
from nqueens.puzzles.placements import _bits
from nqueens.puzzles.solution import star_squares, stars_from_squares
from nqueens.puzzles.steps import Step
from nqueens.puzzles.techniques.mark_board import MarkBoard
from nqueens.puzzles.techniques.single import find_single
from nqueens.puzzles.techniques.stuck import find_stuck, stuck_step

__all__ = ["RUNG", "TECHNIQUE", "find_search", "first_solution"]

TECHNIQUE = Technique("search", SEARCH, "trial")
"""Logic stalls: trial and error (the exhaustive search) places a star."""

RUNG = Rung(TECHNIQUE, SEARCH, lambda b: find_search(b))
"""Last of all, and only when the grade asked for allows search."""


def find_search(b: MarkBoard) -> Step:
    """A star of the most constrained unit, where the first solution that agrees has it.

    The step that says there is no solution when none agrees. Cost: O(one exact search),
    streamed once per solve (k = 1; its solutions are remembered on the board), or that of
    `first_solution` (k > 1).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> find_search(MarkBoard(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))).place
    (0, 0)
    """
    s = _consistent(b)
    if s is None:
        return stuck_step()
    units = b.open_units()
    u = min(units, key=lambda x: (b.cand & b.mask(x)).bit_count())
    cell = next(r * b.n + c for r, c in star_squares(s)
                if b.mask(u) >> (r * b.n + c) & 1 and not b.stars >> (r * b.n + c) & 1)
    b.searched = True
    return b.place(cell, TECHNIQUE.name, (u,))


def _consistent(b: MarkBoard) -> tuple | None:
    """The first solution agreeing with the stars placed and the squares still open:
    from the exact search (k = 1), or from a search on the board itself (k > 1)."""
    if not b.one_star:
        found = first_solution(b)
        return None if found is None else stars_from_squares(b.n, b.squares(found))
    memo = b.notes.get(TECHNIQUE.name)
    if memo is None:
        memo = b.notes[TECHNIQUE.name] = (solutions(b.p), [])
    stream, known = memo
    allowed = b.cand | b.stars

    def agrees(s: tuple) -> bool:
        mask = sum(1 << (r * b.n + c) for r, c in star_squares(s))
        return not mask & ~allowed and not b.stars & ~mask
    for s in known:
        if agrees(s):
            return s
    for s in stream:
        known.append(s)
        if agrees(s):
            return s
    return None


def first_solution(b: MarkBoard) -> int | None:
    """The first solution that agrees with the board, as a bit mask of stars, or None.

    It keeps the board's stars and uses only its open squares besides: a plain search,
    most constrained unit first, each trial followed by its last squares; used where the
    exact search does not take k stars. Cost: O(b^d) trials in the worst case (b squares
    per unit, d stars to place); milliseconds on real boards.

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = MarkBoard(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
    >>> b.squares(first_solution(b))
    ((0, 0), (1, 3), (2, 1), (3, 4), (4, 2))
    """
    trial = b.copy()
    while find_stuck(trial) is None and find_single(trial) is not None:
        pass
    if find_stuck(trial) is not None:
        return None
    units = trial.open_units()
    if not units:
        return trial.stars
    u = min(units, key=lambda x: (trial.cand & trial.mask(x)).bit_count())
    for i in _bits(trial.cand & trial.mask(u)):
        nxt = trial.copy()
        nxt.place(i, TECHNIQUE.name)
        found = first_solution(nxt)
        if found is not None:
            return found
        trial.cand &= ~(1 << i)
        if find_stuck(trial) is not None:
            return None
    return None
