"""2x2 blocks: the Star Battle players' counting technique, for k stars per unit.

No two stars touch, so a 2x2 block of squares holds at most one star. A band of adjacent
rows (or columns) still needs a known number of stars: the sum of what its lines need,
less what the regions lying wholly inside it need (their stars are in the band too, but
not in the rest of it). Cover the squares left in the rest of the band with 2x2 blocks,
left to right (a 2-line strip at a time; a strip of one line, at an odd end, uses blocks
that reach into the next line). When there are exactly as many blocks as stars needed,
every block holds exactly one star: a block with one square left takes a star, a
square whose star would clear every square left in a block (it touches them all, or it
fills a unit they are in) is crossed out, and a row, column or region holding as many
whole blocks as it needs stars takes its stars from them (its other squares are crossed
out). Both covers with the fewest blocks are tried, from either end.

Sound by counting alone: the stars of the band's rest are exactly the number needed, and
each block takes at most one of them. Band sizes and the subtraction of regions set the
grade: two lines without subtraction are medium (the form players learn first), more lines
or regions taken out hard.

>>> from nqueens.puzzles.model import region_puzzle
>>> from nqueens.puzzles.techniques.mark_board import MarkBoard
>>> rows = ["AAABBBBBBB", "AAABBBBBBB", "CCCCCCCCCC", "DDDDDDDDDD", "EEEEEEEEEE",
...         "FFFFFFFFFF", "GGGGGGGGGG", "HHHHHHHHHH", "IIIIIIIIII", "JJJJJJJJJJ"]
>>> b = MarkBoard(region_puzzle(rows, stars=2))
>>> s = find_blocks(b, hard=True)
>>> s.lines, s.units, s.blocks, s.used
((('row', 0), ('row', 1)), (('region', 1),), ((0, 0), (0, 2)), ((0, 2),))
>>> s.removed  # each touches both squares of the block at (0, 2)
((0, 1), (0, 3), (1, 1), (1, 3))
"""

from __future__ import annotations

from itertools import combinations

from nqueens.puzzles.grades import HARD, MEDIUM, Rung, Technique
from nqueens.puzzles.model import Square
from nqueens.puzzles.placements import _bits, _fill_masks
from nqueens.puzzles.steps import Step, Unit
from nqueens.puzzles.techniques.mark_board import MarkBoard

__all__ = ["HARD_RUNG", "MAX_BAND", "RUNG", "TECHNIQUE", "find_blocks"]

TECHNIQUE = Technique("blocks", MEDIUM, "two_by_two",
                      raise_to=lambda s: HARD if s.units or len(s.lines) != 2 else None)
"""2x2 blocks (k > 1); hard with more lines or with regions inside the band taken out."""

RUNG = Rung(TECHNIQUE, MEDIUM, lambda b: find_blocks(b), applies=lambda p: not p.rules.one_star)
"""The medium form (two lines, nothing taken out); with one star, pairs of rows or
columns (hard) does what blocks would, so k > 1 only."""

HARD_RUNG = Rung(TECHNIQUE, HARD, lambda b: find_blocks(b, True),
                 applies=lambda p: not p.rules.one_star)
"""The hard form: bands of one to `MAX_BAND` lines, regions inside taken out."""

MAX_BAND = 4
"""The most lines in a band (hard form); the medium form uses two lines."""

MAX_TAKEN = 3
"""The most regions inside a band tried as a set to take out (every subset of them)."""


def find_blocks(b: MarkBoard, hard: bool = False) -> Step | None:
    """2x2 blocks: a band whose squares left fit in as many blocks as stars it needs.

    `hard` False: bands of two adjacent rows or columns, nothing taken out; True: bands
    of one to `MAX_BAND` lines, each set of up to `MAX_TAKEN` regions lying
    inside the band taken out. Cost: O(n * bands * squares) to cover the bands, and for a
    band that fits, O(squares * blocks) to find what it clears.

    >>> from nqueens.puzzles.model import region_puzzle
    >>> from nqueens.puzzles.techniques.mark_board import MarkBoard
    >>> b = MarkBoard(region_puzzle(["AB", "AB"]))
    >>> find_blocks(b) is None
    True
    """
    if not b.rules.one_a_block:
        return None
    for fam in ("row", "col"):
        open_lines = {i for f, i in b.open_units() if f == fam}
        for size in (range(1, MAX_BAND + 1) if hard else (2,)):
            for start in range(b.n - size + 1):
                band = range(start, start + size)
                if not all(i in open_lines for i in band):
                    continue
                step = _band(b, fam, band, hard)
                if step is not None:
                    return step
    return None


def _band(b: MarkBoard, fam: str, band: range, hard: bool) -> Step | None:
    lines = tuple((fam, i) for i in band)
    whole = 0
    for u in lines:
        whole |= b.mask(u)
    need = sum(b.need[u] for u in lines)
    inside = [u for u in b.open_units()
              if u[0] == "region" and not b.cand & b.mask(u) & ~whole] if hard else []
    for m in range(min(len(inside), MAX_TAKEN) + 1):
        for taken in combinations(inside, m):
            rest = b.cand & whole
            for u in taken:
                rest &= ~b.mask(u)
            stars = need - sum(b.need[u] for u in taken)
            blocks = _cover(b, fam, band, rest)
            if len(blocks) != stars or not stars:
                continue  # the backward cover has as many blocks: both are the fewest
            for cover in (blocks, _cover(b, fam, band, rest, backward=True)):
                step = _apply(b, cover, lines, taken)
                if step is not None:
                    return step
    return None


def _cover(b: MarkBoard, fam: str, band: range, rest: int, backward: bool = False
           ) -> list[tuple[Square, int]]:
    """The fewest 2x2 blocks covering `rest` in `band`, strip by strip, left to right
    (top to bottom for columns; or `backward`): each as its top-left corner and its
    squares of `rest`. Both directions give a cover with the fewest blocks."""
    n = b.n
    out = []
    for first in band[::2]:
        strip = [first, first + 1] if first + 1 in band else [first]
        across = _across(fam, n, strip, rest)
        starts: list[int] = []
        for x in (reversed(across) if backward else across):
            if starts and (x >= starts[-1] if backward else x <= starts[-1] + 1):
                continue
            starts.append(max(x - 1, 0) if backward else x)
        top = first if len(strip) == 2 or first + 1 < n else first - 1
        for x in sorted(starts):
            cells = 0
            for i in strip:
                for xx in (x, x + 1):
                    if xx < n:
                        cells |= rest & (1 << _bit(fam, n, i, xx))
            out.append(((top, x) if fam == "row" else (x, top), cells))
    return out


def _across(fam: str, n: int, strip: list[int], rest: int) -> list[int]:
    """The places x along the lines of `strip` where `rest` has a square, ascending."""
    full = (1 << n) - 1
    if fam == "row":  # the strip's rows folded onto one
        folded = 0
        for i in strip:
            folded |= rest >> (i * n) & full
        return [x for x in range(n) if folded >> x & 1]
    cols = 0
    for i in strip:
        cols |= 1 << i
    return [x for x in range(n) if rest >> (x * n) & cols]


def _bit(fam: str, n: int, line: int, x: int) -> int:
    return line * n + x if fam == "row" else x * n + line


def _apply(b: MarkBoard, blocks: list[tuple[Square, int]], lines: tuple[Unit, ...],
           taken: tuple[Unit, ...]) -> Step | None:
    """Every block holds exactly one star: place a lone square, cross out the squares
    whose star would clear a whole block, or fill a unit with the blocks inside it."""
    corners = tuple(corner for corner, _ in blocks)
    for corner, cells in blocks:
        if cells.bit_count() == 1:
            step = b.place(cells.bit_length() - 1, TECHNIQUE.name, taken)
            return Step(TECHNIQUE.name, place=step.place, removed=step.removed, units=taken,
                        lines=lines, blocks=corners, used=(corner,))
    cleared_by = _cleared_by(b)
    for corner, cells in blocks:
        hit = b.cand & ~cells  # the squares whose star (b.after) leaves none of the block's
        for i in _bits(cells):
            hit &= cleared_by[i]
        if hit:
            return b.remove(hit, TECHNIQUE.name, units=taken, lines=lines, blocks=corners,
                            used=(corner,))
    return _fill(b, blocks, lines, taken)


def _cleared_by(b: MarkBoard) -> list[int]:
    """For each square, the squares whose star takes it from the open squares, as
    `after` would (a star takes its neighbours,
    or the squares it attacks for one star, a relation both ways, and the units needing
    one star it is in); computed once for each state of the board (open squares, stars).
    Cost: O(n^2 + the squares of the units needing one star)."""
    key = (b.cand, b.stars)
    kept = b.__dict__.get("cleared_by")
    if kept is None or kept[0] != key:
        n = b.n
        if b.one_star:
            by = [b.attack[i] | 1 << i for i in range(n * n)]
        else:
            fill, _ = _fill_masks(b)
            by = [b.near[i] | 1 << i | fill[i] for i in range(n * n)]
        kept = b.__dict__["cleared_by"] = (key, by)
    return kept[1]


def _fill(b: MarkBoard, blocks: list[tuple[Square, int]], lines: tuple[Unit, ...],
          taken: tuple[Unit, ...]) -> Step | None:
    """A unit that holds as many of the blocks (their squares left) as it needs stars
    gets its stars from them: its other squares are crossed out."""
    corners = tuple(corner for corner, _ in blocks)
    holding: dict[Unit, list[tuple[Square, int]]] = {}  # the blocks inside each unit
    for block in blocks:
        squares = _bits(block[1])
        units = set(b.of[squares[0]])
        for i in squares[1:]:
            units.intersection_update(b.of[i])
        for u in units:
            holding.setdefault(u, []).append(block)
    for u in b.open_units():
        inside = holding.get(u, [])
        if len(inside) != b.need[u]:
            continue
        mask = b.mask(u)
        keep = 0
        for _, cells in inside:
            keep |= cells
        hit = b.cand & mask & ~keep
        if hit:
            return b.remove(hit, TECHNIQUE.name, units=taken, lines=lines, blocks=corners,
                            used=tuple(corner for corner, _ in inside), filled=u)
    return None
