"""Only one way: a unit whose stars fit on its squares left in one way only (k > 1).

>>> TECHNIQUE.grade
1
"""

from __future__ import annotations

from nqueens.puzzles.grades import EASY, Rung, Technique
from nqueens.puzzles.placements import _bits, witness
from nqueens.puzzles.steps import Step
from nqueens.puzzles.techniques.mark_board import MarkBoard

__all__ = ["RUNG", "TECHNIQUE", "find_one_way"]

TECHNIQUE = Technique("one-way", EASY, "one_way")
"""Only one way (k > 1): a unit's squares left hold its stars one way only."""

RUNG = Rung(TECHNIQUE, EASY, lambda b: find_one_way(b), applies=lambda p: not p.rules.one_star)
"""With one star, only one way is the last square: tried for k > 1 only."""


def find_one_way(b: MarkBoard) -> Step | None:
    """Only one way (k > 1): a unit whose squares left hold its stars in exactly one way.

    The stars it still needs, none touching, fit on its squares left in one way only; its
    first star goes there (the next steps place the rest, one way still). The last square
    is the case where that way is every square left.

    Cost: O(units * stars needed) searches for a placement (exponential in the worst case,
    small units in practice).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = MarkBoard(parse_puzzle("stars: 2\\n" + "ABCDEFGH\\n" * 8))
    >>> b.cand &= ~0b11111000  # row 1 keeps three squares in a run: stars at both ends
    >>> s = find_one_way(b)
    >>> s.place, s.units
    ((0, 0), (('row', 0),))
    """
    for u in b.open_units():
        need = b.need[u]
        if need > 1:
            way = _one_way(b, b.cand & b.mask(u), need)
            if way:
                return b.place((way & -way).bit_length() - 1, TECHNIQUE.name, (u,))
    return None


def _one_way(b: MarkBoard, cells: int, need: int) -> int:
    """The stars of the only way `need` stars fit on `cells` with none touching; 0 when
    there is none or more than one. Another way leaves out one of the first way's squares,
    so there is none when each left out in turn leaves no way at all."""
    way = witness(b, cells, need)
    if way <= 0 or any(witness(b, cells & ~(1 << i), need) >= 0 for i in _bits(way)):
        return 0
    return way
