"""The bit-mask board the explainer's techniques work on, generalised to k stars per unit.

Squares are bits `r * n + c` of Python ints. The `MarkBoard` holds the squares still
open for a star, the stars placed and what each row, column and region still needs; each
technique's module (beside this one) has a `find_*` function that looks for one
deduction of its technique and, when it finds one, applies it and returns its
`Step` (else None). `nqueens.puzzles.ladder` orders
them; `nqueens.puzzles.logic` drives them, easiest first.

>>> from nqueens.puzzles.model import parse_puzzle
>>> b = MarkBoard(parse_puzzle("AAB\\nACB\\nCCB\\n"))
>>> b.n, b.k, len(b.units)
(3, 1, 9)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from nqueens.puzzles.model import Puzzle, Square
from nqueens.puzzles.placements import _bits
from nqueens.puzzles.steps import Step, Unit

__all__ = ["MarkBoard", "line_geometry"]


class MarkBoard:
    """The marks of a solve: open squares, placed stars, each unit's stars still needed.

    (A solver's pencil marks on a puzzle; a board of queens is `nqueens.board`'s.)
    """

    def __init__(self, p: Puzzle) -> None:
        self.p = p
        n = self.n = p.n
        self.rules = p.rules
        self.k = self.rules.stars
        # one star per unit: a star fills each of its units, so it clears every square it
        # attacks (`attack`); with k stars only its neighbours (`near`), and a unit once
        # its k-th star is in
        self.one_star = self.rules.one_star
        lines = line_geometry(n, p.touching, p.uses_diagonals)
        fams: dict[str, list[int]] = {}
        # the units of each square, in the order of the families (region, row, col)
        self.index: dict[str, list[int]] = {"row": lines.rows_of, "col": lines.cols_of}
        if p.rules.has_regions:
            of_region = [g for row in p.regions for g in row]
            regions = [0] * n
            for i, g in enumerate(of_region):
                regions[g] |= 1 << i
            fams["region"] = regions
            self.index["region"] = of_region
            self.of: list[list[Unit]] = [[("region", g), r, c] for g, (r, c)
                                         in zip(of_region, lines.of, strict=True)]
            # k = 1: a star on i clears its units too
            self.attack = [(a | regions[g]) & ~(1 << i) for i, (a, g)
                           in enumerate(zip(lines.attack, of_region, strict=True))]
        else:
            self.of = [list(units) for units in lines.of]
            self.attack = lines.attack
        fams["row"], fams["col"] = lines.rows, lines.cols
        self.families = fams
        self.units: list[Unit] = [(f, i) for f in fams for i in range(n)]
        self.unit_masks: list[tuple[Unit, int]] = [(u, fams[u[0]][u[1]]) for u in self.units]
        self.need: dict[Unit, int] = {u: self.k for u in self.units}
        self.near = lines.near
        self.cand = (1 << (n * n)) - 1
        for r, c in p.blocked:
            self.cand &= ~(1 << (r * n + c))
        self.stars = 0
        self.placed = 0
        # remembered by the techniques (the keys say all they depend on): the squares near
        # a unit's squares left, by those squares, the squares near every placement of
        # its stars, by those squares and the stars, a placement of stars on squares, by
        # those squares and the stars, and the squares that a unit's shape check crosses
        # out, by what it looks at, shared by every board of the geometry
        # (the generator's boards differ in a few squares); the lines each unit touches, by
        # the open squares and stars they were found for, shared by copies; and the lines
        # of a family that a unit's squares left touch, by the family and those squares,
        # shared by copies too (a step changes few units)
        self.reach, self.every, self.witness, self.shapes = _geometry_memos(
            n, p.touching, p.uses_diagonals)
        self.touch: list = [None, {}]
        self.lines_of_left: dict[tuple[str, int], int] = {}
        # whether a star was placed by trial and error, and what the techniques remember
        # of the whole solve (shared by copies)
        self.searched = False
        self.notes: dict[str, Any] = {}

    def copy(self) -> MarkBoard:
        """A board to try things on: the same puzzle, its own open squares and needs.

        Cost: O(units).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> b = MarkBoard(parse_puzzle("AAB\\nACB\\nCCB\\n"))
        >>> c = b.copy()
        >>> _ = c.place(0, "search")
        >>> b.placed, c.placed
        (0, 1)
        """
        other = object.__new__(MarkBoard)
        other.__dict__.update(self.__dict__)
        other.need = dict(self.need)
        return other

    # --- state ---------------------------------------------------------------------------

    def mask(self, u: Unit) -> int:
        """The squares of unit `u` as a bit mask.

        Cost: O(1).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> bin(MarkBoard(parse_puzzle("AAB\\nACB\\nCCB\\n")).mask(("row", 1)))
        '0b111000'
        """
        return self.families[u[0]][u[1]]

    def open_units(self) -> list[Unit]:
        """The units that still need stars, regions first, then rows, then columns.

        Cost: O(units).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> MarkBoard(parse_puzzle("AAB\\nACB\\nCCB\\n")).open_units()[:4]
        [('region', 0), ('region', 1), ('region', 2), ('row', 0)]
        """
        need = self.need
        return [u for u in self.units if need[u] > 0]

    def sq(self, i: int) -> Square:
        """The square `(row, col)` of bit `i`.

        Cost: O(1).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> MarkBoard(parse_puzzle("AAB\\nACB\\nCCB\\n")).sq(5)
        (1, 2)
        """
        return divmod(i, self.n)

    def squares(self, mask: int) -> tuple[Square, ...]:
        """The squares of a bit mask, in reading order.

        Cost: O(squares in the mask).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> MarkBoard(parse_puzzle("AAB\\nACB\\nCCB\\n")).squares(0b100000101)
        ((0, 0), (0, 2), (2, 2))
        """
        return tuple(self.sq(i) for i in _bits(mask))

    def place(self, i: int, rule: str, units: tuple[Unit, ...] = ()) -> Step:
        """Put a star on square `i`: it clears its neighbours and every unit it fills.

        Cost: O(units of the square).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> MarkBoard(parse_puzzle("AAB\\nACB\\nCCB\\n")).place(0, "given").removed
        ((0, 1), (0, 2), (1, 0), (1, 1), (2, 0))
        """
        before = self.cand
        self.cand &= ~self.near[i] & ~(1 << i)
        self.stars |= 1 << i
        self.placed += 1
        for u in self.of[i]:
            self.need[u] -= 1
            if self.need[u] == 0:
                self.cand &= ~self.mask(u)
        removed = before & ~self.cand & ~(1 << i)
        return Step(rule, place=self.sq(i), removed=self.squares(removed), units=units)

    def remove(self, mask: int, rule: str, **fields: object) -> Step:
        """Cross out the squares of `mask`; the step that says so, by `rule`.

        Cost: O(squares in the mask).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> MarkBoard(parse_puzzle("AAB\\nACB\\nCCB\\n")).remove(0b10, "shape").removed
        ((0, 1),)
        """
        self.cand &= ~mask
        return Step(rule, removed=self.squares(mask), **fields)  # type: ignore[arg-type]

    def after(self, i: int) -> tuple[int, dict[Unit, int]]:
        """The open squares and the changed needs were a star put on `i` (nothing applied).

        Cost: O(units of the square).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> b = MarkBoard(parse_puzzle("AAB\\nACB\\nCCB\\n"))
        >>> cand, need = b.after(0)
        >>> b.squares(cand), sorted(need.values())
        (((1, 2), (2, 1), (2, 2)), [0, 0, 0])
        """
        if self.one_star:
            return self.cand & ~self.attack[i] & ~(1 << i), dict.fromkeys(self.of[i], 0)
        cand = self.cand & ~self.near[i] & ~(1 << i)
        need = {}
        for u in self.of[i]:
            need[u] = self.need[u] - 1
            if need[u] == 0:
                cand &= ~self.mask(u)
        return cand, need

    def fits(self, cells: int, need: int) -> bool:
        """Whether `need` stars fit, none touching, on the squares of `cells`.

        Cost: O(1) for one star; for more, O(cells) for a greedy lower bound, then an
        exact search that is exponential in the worst case (small units in practice).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> b = MarkBoard(parse_puzzle("AAB\\nACB\\nCCB\\n"))
        >>> b.fits(0, 1), b.fits(0b1, 1)
        (False, True)
        """
        if need <= 0:
            return True
        if self.one_star or need == 1:
            return cells != 0
        greedy, rest = 0, cells  # a quick lower bound first: the greedy non-touching set
        while rest and greedy < need:
            low = rest & -rest
            rest &= ~self.near[low.bit_length() - 1] & ~low
            greedy += 1
        return greedy >= need or _fits(cells, need, self.near)


MEMO_LIMIT = 100_000
"""The most answers remembered per geometry by `_geometry_memos` (a few tens of
megabytes at 25 x 25); past it they are forgotten and found again."""


@lru_cache(maxsize=8)
def _geometry_memos(n: int, touching: bool, diagonals: bool
                    ) -> tuple[dict[int, int], dict[tuple[int, int], int],
                               dict[tuple[int, int], int], dict[tuple, int]]:
    """The answers of the shape check that depend on the geometry alone (see
    `MarkBoard`), emptied when they pass `MEMO_LIMIT`."""
    return _BoundedDict(), _BoundedDict(), _BoundedDict(), _BoundedDict()


class _BoundedDict(dict):
    """A dict that empties itself when an insertion takes it past `MEMO_LIMIT`."""

    def __setitem__(self, key: Any, value: Any) -> None:
        if len(self) >= MEMO_LIMIT:
            self.clear()
        super().__setitem__(key, value)


@lru_cache(maxsize=8)
def _near_masks(n: int, touching: bool, diagonals: bool) -> list[int]:
    """For each square, the squares a star there forbids (touching, and with `diagonals`
    its diagonals), itself excluded; the same for every puzzle of one geometry."""
    out = []
    for i in range(n * n):
        r, c = divmod(i, n)
        mask = 0
        if touching:
            for rr in range(max(r - 1, 0), min(r + 2, n)):
                for cc in range(max(c - 1, 0), min(c + 2, n)):
                    mask |= 1 << (rr * n + cc)
        if diagonals:
            for rr in range(n):
                for cc in (c + rr - r, c - rr + r):
                    if 0 <= cc < n:
                        mask |= 1 << (rr * n + cc)
        out.append(mask & ~(1 << i))
    return out


class _Lines(NamedTuple):
    """What a board's rows and columns are, the same for every puzzle of one geometry."""

    rows: list[int]
    cols: list[int]
    rows_of: list[int]
    cols_of: list[int]
    of: list[tuple[Unit, Unit]]
    near: list[int]
    attack: list[int]


@lru_cache(maxsize=8)
def line_geometry(n: int, touching: bool, diagonals: bool) -> _Lines:
    """The masks of a board's rows and columns and what a star on each square forbids.

    Each square's row and column, the squares near it and those a star there forbids by
    touching, attacking or sharing its row or column. The same for every puzzle of one
    geometry, so computed once. Cost: O(n^4 / 64).

    >>> g = line_geometry(3, True, False)
    >>> bin(g.rows[1]), bin(g.attack[0])
    ('0b111000', '0b1011110')
    """
    rows = [((1 << n) - 1) << (r * n) for r in range(n)]
    cols = [sum(1 << (r * n + c) for r in range(n)) for c in range(n)]
    near = _near_masks(n, touching, diagonals)
    attack = [(near[i] | rows[i // n] | cols[i % n]) & ~(1 << i) for i in range(n * n)]
    return _Lines(rows, cols, [i // n for i in range(n * n)], [i % n for i in range(n * n)],
                  [(("row", i // n), ("col", i % n)) for i in range(n * n)], near, attack)


def _fits(cells: int, need: int, near: list[int]) -> bool:
    if need <= 0:
        return True
    if cells.bit_count() < need:
        return False
    low = cells & -cells
    i = low.bit_length() - 1
    return _fits(cells & ~near[i] & ~low, need - 1, near) or _fits(cells & ~low, need, near)
