"""A region confined to a line, and the machinery of lines that k regions fill.

>>> TECHNIQUE.grade, largest_subset(8)
(1, 4)
"""

from __future__ import annotations

from math import comb

from nqueens.puzzles.grades import EASY, Compiled, Rung, Technique
from nqueens.puzzles.placements import _bits
from nqueens.puzzles.steps import Step, Unit
from nqueens.puzzles.techniques.mark_board import MarkBoard

__all__ = ["MAX_SUBSETS", "RUNG", "TECHNIQUE", "find_confined", "largest_subset"]

TECHNIQUE = Technique("confined", EASY, "confined_line")
"""A region confined to a line (and the converse): the rest of that line is crossed out."""

MAX_SUBSETS = 5_000
"""The most sets of lines gathered per pair of unit families and per size (the unions of
the lines the units of one family touch); also what bounds the sizes tried."""

RUNG = Rung(TECHNIQUE, EASY, lambda b: find_confined(b, 1),
            compiled=Compiled("confine", 1, 1, grade=EASY, max_subsets=MAX_SUBSETS))


def largest_subset(m: int) -> int:
    """The largest size s <= m // 2 with C(m, s) <= MAX_SUBSETS (1 at least). Cost: O(m).

    >>> largest_subset(8), largest_subset(40)
    (4, 2)
    """
    s = 1
    while s + 1 <= m // 2 and comb(m, s + 1) <= MAX_SUBSETS:
        s += 1
    return s


def find_confined(b: MarkBoard, size: int = 1, rule: str = TECHNIQUE.name) -> Step | None:
    """Regions confined to lines: `size` units all in `size` units of another family.

    The units of one family whose squares left lie in `size` units of another, and which
    need all the stars those hold, take them; the step's technique is `rule` (this
    module's for one line, `k_lines`' for more). The rest of those units is crossed out (k
    regions in k lines, and the converse, for any pair of families). Cost: O(units *
    squares) plus the line sets gathered, at most `MAX_SUBSETS` per pair of
    families.

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = MarkBoard(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
    >>> s = find_confined(b, 2)
    >>> s.units, s.lines, s.removed
    ((('region', 0), ('region', 2)), (('col', 0), ('col', 1)), ((3, 1), (4, 1)))
    """
    fams = list(b.families)
    for a in fams:
        for other in fams:
            if a != other:
                step = _confine(b, a, other, size, rule)
                if step is not None:
                    return step
    return None


def _touched(b: MarkBoard, a: str, other: str, size: int) -> list[tuple[Unit, int]]:
    """The open units of family `a` touching at most `size` units of `other`, each
    with the bit set of the numbers of the units it touches."""
    key = (b.cand, b.stars)
    if b.touch[0] != key:
        b.touch[:] = [key, {}]
    seen = b.touch[1].get((a, other))
    if seen is None:
        seen = b.touch[1][a, other] = _lines_touched(b, a, other)
    return [(u, lines) for u, lines in seen if lines.bit_count() <= size]


def _lines_touched(b: MarkBoard, a: str, other: str) -> list[tuple[Unit, int]]:
    """The open units of family `a`, each with the bit set of the numbers of the units of
    `other` its squares left touch."""
    cand, n, need = b.cand, b.n, b.need
    full = (1 << n) - 1
    memo = b.lines_of_left
    out = []
    for u, m in b.unit_masks:
        if u[0] != a or need[u] <= 0:
            continue
        left = cand & m
        lines = memo.get((other, left))
        if lines is None:
            lines, rest = 0, left
            if other == "col":  # the rows folded onto one: the columns touched
                while rest:
                    lines |= rest & full
                    rest >>= n
            elif other == "row":
                r = 0
                while rest:
                    if rest & full:
                        lines |= 1 << r
                    rest >>= n
                    r += 1
            else:
                for j, mask in enumerate(b.families[other]):
                    if rest & mask:
                        lines |= 1 << j
            memo[other, left] = lines
        out.append((u, lines))
    return out


def _unions(touched: list[tuple[Unit, int]], size: int) -> list[int]:
    """The sets of exactly `size` lines that are unions of touched sets (sorted, at most
    about `MAX_SUBSETS` gathered)."""
    unions = {0}
    for _, lines in touched:
        unions |= {x | lines for x in unions if (x | lines).bit_count() <= size}
        if len(unions) > MAX_SUBSETS:
            break
    return sorted(x for x in unions if x.bit_count() == size)


def _confine(b: MarkBoard, a: str, other: str, size: int, rule: str) -> Step | None:
    touched = _touched(b, a, other, size)
    for pick in _unions(touched, size):
        inside = [u for u, lines in touched if not lines & ~pick]
        lines_u = [(other, j) for j in _bits(pick)]
        if sum(b.need[u] for u in inside) < sum(b.need[u] for u in lines_u):
            continue
        union = keep = 0
        for u in lines_u:
            union |= b.mask(u)
        for u in inside:
            keep |= b.mask(u)
        removed = b.cand & union & ~keep
        if removed:
            return b.remove(removed, rule, units=tuple(inside), lines=tuple(lines_u))
    return None
