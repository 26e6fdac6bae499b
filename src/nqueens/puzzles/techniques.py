"""The explainer's techniques on a bit-mask board, generalised to k stars per unit.

Squares are bits ``r * n + c`` of Python ints. The :class:`Board` holds the squares still
open for a star, the stars placed and what each row, column and region still needs; each
``find_*`` function looks for one deduction of its technique and, when it finds one,
applies it and returns its :class:`~nqueens.puzzles.steps.Step` (else None). The order, the
names and the grades are in :mod:`nqueens.puzzles.steps`; :mod:`nqueens.puzzles.logic`
drives them, easiest first.

>>> from nqueens.puzzles.model import parse_puzzle
>>> b = Board(parse_puzzle("AAB\\nACB\\nCCB\\n"))
>>> b.n, b.k, len(b.units)
(3, 1, 9)
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any, NamedTuple

from nqueens.puzzles.model import Puzzle, Square
from nqueens.puzzles.placements import _bits, _fill_masks, _shape_hits, witness
from nqueens.puzzles.shapes import shape_name
from nqueens.puzzles.steps import Step, Unit, stars_of

__all__ = [
    "MAX_SUBSETS",
    "Board",
    "find_confined",
    "find_deep_lookahead",
    "find_lookahead",
    "find_one_way",
    "find_pairs",
    "find_shape",
    "find_single",
    "find_stuck",
    "first_solution",
    "line_geometry",
]

MAX_SUBSETS = 5_000
"""The most sets of lines gathered per pair of unit families and per size (the unions of
the lines the units of one family touch); also what bounds the sizes tried."""


class Board:
    """The state of a solve: open squares, placed stars, each unit's stars still needed."""

    def __init__(self, p: Puzzle) -> None:
        self.p = p
        n = self.n = p.n
        self.k = stars_of(p)
        lines = line_geometry(n, p.touching, p.uses_diagonals)
        fams: dict[str, list[int]] = {}
        # the units of each square, in the order of the families (region, row, col)
        self.index: dict[str, list[int]] = {"row": lines.rows_of, "col": lines.cols_of}
        if p.kind == "regions":
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

    def copy(self) -> Board:
        """A board to try things on: the same puzzle, its own open squares and needs.

        Cost: O(units).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> b = Board(parse_puzzle("AAB\\nACB\\nCCB\\n"))
        >>> c = b.copy()
        >>> _ = c.place(0, "search")
        >>> b.placed, c.placed
        (0, 1)
        """
        other = object.__new__(Board)
        other.__dict__.update(self.__dict__)
        other.need = dict(self.need)
        return other

    # --- state ---------------------------------------------------------------------------

    def mask(self, u: Unit) -> int:
        """The squares of unit ``u`` as a bit mask.

        Cost: O(1).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> bin(Board(parse_puzzle("AAB\\nACB\\nCCB\\n")).mask(("row", 1)))
        '0b111000'
        """
        return self.families[u[0]][u[1]]

    def open_units(self) -> list[Unit]:
        """The units that still need stars, regions first, then rows, then columns.

        Cost: O(units).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> Board(parse_puzzle("AAB\\nACB\\nCCB\\n")).open_units()[:4]
        [('region', 0), ('region', 1), ('region', 2), ('row', 0)]
        """
        need = self.need
        return [u for u in self.units if need[u] > 0]

    def sq(self, i: int) -> Square:
        """The square ``(row, col)`` of bit ``i``.

        Cost: O(1).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> Board(parse_puzzle("AAB\\nACB\\nCCB\\n")).sq(5)
        (1, 2)
        """
        return divmod(i, self.n)

    def squares(self, mask: int) -> tuple[Square, ...]:
        """The squares of a bit mask, in reading order.

        Cost: O(squares in the mask).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> Board(parse_puzzle("AAB\\nACB\\nCCB\\n")).squares(0b100000101)
        ((0, 0), (0, 2), (2, 2))
        """
        return tuple(self.sq(i) for i in _bits(mask))

    def place(self, i: int, rule: str, units: tuple[Unit, ...] = ()) -> Step:
        """Put a star on square ``i``: it clears its neighbours and every unit it fills.

        Cost: O(units of the square).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> Board(parse_puzzle("AAB\\nACB\\nCCB\\n")).place(0, "given").removed
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
        """Cross out the squares of ``mask``; the step that says so, by ``rule``.

        Cost: O(squares in the mask).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> Board(parse_puzzle("AAB\\nACB\\nCCB\\n")).remove(0b10, "shape").removed
        ((0, 1),)
        """
        self.cand &= ~mask
        return Step(rule, removed=self.squares(mask), **fields)  # type: ignore[arg-type]

    def after(self, i: int) -> tuple[int, dict[Unit, int]]:
        """The open squares and the changed needs were a star put on ``i`` (nothing applied).

        Cost: O(units of the square).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> b = Board(parse_puzzle("AAB\\nACB\\nCCB\\n"))
        >>> cand, need = b.after(0)
        >>> b.squares(cand), sorted(need.values())
        (((1, 2), (2, 1), (2, 2)), [0, 0, 0])
        """
        if self.k == 1:
            return self.cand & ~self.attack[i] & ~(1 << i), dict.fromkeys(self.of[i], 0)
        cand = self.cand & ~self.near[i] & ~(1 << i)
        need = {}
        for u in self.of[i]:
            need[u] = self.need[u] - 1
            if need[u] == 0:
                cand &= ~self.mask(u)
        return cand, need

    def fits(self, cells: int, need: int) -> bool:
        """Whether ``need`` stars fit, none touching, on the squares of ``cells``.

        Cost: O(1) for one star; for more, O(cells) for a greedy lower bound, then an
        exact search that is exponential in the worst case (small units in practice).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> b = Board(parse_puzzle("AAB\\nACB\\nCCB\\n"))
        >>> b.fits(0, 1), b.fits(0b1, 1)
        (False, True)
        """
        if need <= 0:
            return True
        if self.k == 1 or need == 1:
            return cells != 0
        greedy, rest = 0, cells  # a quick lower bound first: the greedy non-touching set
        while rest and greedy < need:
            low = rest & -rest
            rest &= ~self.near[low.bit_length() - 1] & ~low
            greedy += 1
        return greedy >= need or _fits(cells, need, self.near)


MEMO_LIMIT = 100_000
"""The most answers remembered per geometry by :func:`_geometry_memos` (a few tens of
megabytes at 25 x 25); past it they are forgotten and found again."""


@lru_cache(maxsize=8)
def _geometry_memos(n: int, touching: bool, diagonals: bool
                    ) -> tuple[dict[int, int], dict[tuple[int, int], int],
                               dict[tuple[int, int], int], dict[tuple, int]]:
    """The answers of the shape check that depend on the geometry alone (see
    :class:`Board`), emptied when they pass :data:`MEMO_LIMIT`."""
    return _BoundedDict(), _BoundedDict(), _BoundedDict(), _BoundedDict()


class _BoundedDict(dict):
    """A dict that empties itself when an insertion takes it past :data:`MEMO_LIMIT`."""

    def __setitem__(self, key: Any, value: Any) -> None:
        if len(self) >= MEMO_LIMIT:
            self.clear()
        super().__setitem__(key, value)


@lru_cache(maxsize=8)
def _near_masks(n: int, touching: bool, diagonals: bool) -> list[int]:
    """For each square, the squares a star there forbids (touching, and with ``diagonals``
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


# --- the techniques, easiest first --------------------------------------------------------

def find_stuck(b: Board) -> Step | None:
    """A unit that can no longer hold the stars it needs: the puzzle has no solution.

    Cost: O(units * squares).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = Board(parse_puzzle("AAB\\nACB\\nCCB\\n"))
    >>> find_stuck(b) is None
    True
    """
    cand, need = b.cand, b.need
    for u, m in b.unit_masks:
        if need[u] > 0 and (not cand & m if b.k == 1 else not b.fits(cand & m, need[u])):
            return Step("stuck", lines=(u,))
    return None


def find_single(b: Board) -> Step | None:
    """Last square: a unit with exactly as many squares left as stars it needs.

    Cost: O(units).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = Board(parse_puzzle("AAB\\nACB\\nCCB\\n"))
    >>> _ = b.place(0, "given")
    >>> find_single(b).place
    (2, 1)
    """
    cand, need = b.cand, b.need
    for u, m in b.unit_masks:
        if need[u] > 0:
            left = cand & m
            if left.bit_count() == need[u]:
                return b.place((left & -left).bit_length() - 1, "single", (u,))
    return None


def find_one_way(b: Board) -> Step | None:
    """Only one way (k > 1): a unit whose squares left hold its stars in exactly one way.

    The stars it still needs, none touching, fit on its squares left in one way only; its
    first star goes there (the next steps place the rest, one way still). The last square
    is the case where that way is every square left.

    Cost: O(units * stars needed) searches for a placement (exponential in the worst case,
    small units in practice).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = Board(parse_puzzle("stars: 2\\n" + "ABCDEFGH\\n" * 8))
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
                return b.place((way & -way).bit_length() - 1, "one-way", (u,))
    return None


def _one_way(b: Board, cells: int, need: int) -> int:
    """The stars of the only way ``need`` stars fit on ``cells`` with none touching; 0 when
    there is none or more than one. Another way leaves out one of the first way's squares,
    so there is none when each left out in turn leaves no way at all."""
    way = witness(b, cells, need)
    if way <= 0 or any(witness(b, cells & ~(1 << i), need) >= 0 for i in _bits(way)):
        return 0
    return way


def largest_subset(m: int) -> int:
    """The largest size s <= m // 2 with C(m, s) <= MAX_SUBSETS (1 at least). Cost: O(m).

    >>> largest_subset(8), largest_subset(40)
    (4, 2)
    """
    s = 1
    while s + 1 <= m // 2 and comb(m, s + 1) <= MAX_SUBSETS:
        s += 1
    return s


def find_confined(b: Board, size: int) -> Step | None:
    """Regions confined to lines: ``size`` units all in ``size`` units of another family.

    The units of one family whose squares left lie in ``size`` units of another, and which
    need all the stars those hold, take them. The rest of those units is crossed out (k
    regions in k lines, and the converse, for any pair of families). Cost: O(units *
    squares) plus the line sets gathered, at most :data:`MAX_SUBSETS` per pair of
    families.

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = Board(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
    >>> s = find_confined(b, 2)
    >>> s.units, s.lines, s.removed
    ((('region', 0), ('region', 2)), (('col', 0), ('col', 1)), ((3, 1), (4, 1)))
    """
    fams = list(b.families)
    for a in fams:
        for other in fams:
            if a != other:
                step = _confine(b, a, other, size)
                if step is not None:
                    return step
    return None


def _touched(b: Board, a: str, other: str, size: int) -> list[tuple[Unit, int]]:
    """The open units of family ``a`` touching at most ``size`` units of ``other``, each
    with the bit set of the numbers of the units it touches."""
    key = (b.cand, b.stars)
    if b.touch[0] != key:
        b.touch[:] = [key, {}]
    seen = b.touch[1].get((a, other))
    if seen is None:
        seen = b.touch[1][a, other] = _lines_touched(b, a, other)
    return [(u, lines) for u, lines in seen if lines.bit_count() <= size]


def _lines_touched(b: Board, a: str, other: str) -> list[tuple[Unit, int]]:
    """The open units of family ``a``, each with the bit set of the numbers of the units of
    ``other`` its squares left touch."""
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
    """The sets of exactly ``size`` lines that are unions of touched sets (sorted, at most
    about :data:`MAX_SUBSETS` gathered)."""
    unions = {0}
    for _, lines in touched:
        unions |= {x | lines for x in unions if (x | lines).bit_count() <= size}
        if len(unions) > MAX_SUBSETS:
            break
    return sorted(x for x in unions if x.bit_count() == size)


def _confine(b: Board, a: str, other: str, size: int) -> Step | None:
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
            return b.remove(removed, "confined" if size == 1 else "k-lines",
                            units=tuple(inside), lines=tuple(lines_u))
    return None


def find_shape(b: Board) -> Step | None:
    """Attacks a whole region: the squares where a star would leave some unit short.

    For k = 1, a square touching or attacking every square left in a region (row,
    column); for k > 1, one whose star leaves a unit too few squares for its stars.
    Cost: O(units * squares) for k = 1; times the squares near the unit and the fitting
    test for k > 1.

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = Board(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
    >>> s = find_shape(b)
    >>> s.removed, s.lines, s.shape
    (((1, 0), (3, 1)), (('region', 2),), 'L')
    """
    fill: tuple[list[int], list[int]] | None = None
    for u in b.open_units():
        left = b.cand & b.mask(u)
        if b.k == 1:
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
            return b.remove(hit, "shape", lines=(u,), shape=shape_name(b.squares(left)))
    return None


def find_pairs(b: Board) -> Step | None:
    """Pairs of rows or columns (k = 1): the squares every placement of two lines attacks.

    Cost: O(n^2) line pairs, each O(squares left in one * in the other).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = Board(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
    >>> s = find_pairs(b)
    >>> s.lines, s.removed
    ((('row', 2), ('row', 4)), ((3, 1), (3, 3)))
    """
    if b.k != 1:
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
                return b.remove(hit, "pairs", lines=(u, v))
    return None


def find_lookahead(b: Board, limit: int) -> Step | None:
    """Contradiction: a star on a square forces last squares until a unit is short.

    At most ``limit`` forced stars; the square with the shortest chain is crossed out.
    Cost: O(squares * limit * units).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = Board(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
    >>> s = find_lookahead(b, 3)
    >>> s.removed, s.lines, s.chain
    (((1, 0),), (('region', 2),), ())
    """
    best: tuple[int, int, tuple[int, ...], Unit] | None = None
    for i in _bits(b.cand):
        found = _chain(b, i, limit if best is None else len(best[2]) - 1)
        if found is not None:
            chain, dead = found
            best = (i, 0, chain, dead)
            if not chain:
                break
    if best is None:
        return None
    i, _, chain, dead = best
    return b.remove(1 << i, "lookahead", lines=(dead,), chain=tuple(b.sq(j) for j in chain))


def _chain(b: Board, start: int, limit: int) -> tuple[tuple[int, ...], Unit] | None:
    """The last squares a star on ``start`` forces, and the unit left short, or None."""
    cand, changed = b.after(start)
    need = dict(b.need)
    need.update(changed)
    forced: list[int] = []
    one = b.k == 1
    while True:
        single = None
        for u, m in b.unit_masks:
            left_need = need[u]
            if left_need <= 0:
                continue
            left = cand & m
            if not left if one else not b.fits(left, left_need):
                return tuple(forced), u
            if single is None and left.bit_count() == left_need:
                single = (left & -left).bit_length() - 1
        if single is None or len(forced) >= limit:
            return None
        forced.append(single)
        cand &= ~b.near[single] & ~(1 << single)
        for u in b.of[single]:
            need[u] -= 1
            if need[u] == 0:
                cand &= ~b.mask(u)


def find_deep_lookahead(b: Board, shapes: bool = True) -> Step | None:
    """Contradiction, the long way: a star on a square, then the easier techniques, end short.

    The easier techniques are last square, regions confined to one or two lines, and with
    ``shapes`` attacks a whole region and pairs of lines; the first square whose trial
    ends with a unit that cannot hold its stars is crossed out. Cost: O(squares) trials
    of those techniques (with ``shapes`` and k > 1, seconds on a 10 x 10 board).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = Board(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
    >>> s = find_deep_lookahead(b)
    >>> s.removed, s.chain, s.shape
    (((0, 2),), ((1, 0),), 'deep')
    """
    for i in _bits(b.cand):
        trial = b.copy()
        trial.place(i, "search")
        chain: list[int] = []
        while True:
            stuck = find_stuck(trial)
            if stuck is not None:
                return b.remove(1 << i, "lookahead", lines=stuck.lines,
                                chain=tuple(b.sq(j) for j in chain), shape="deep")
            step = (find_single(trial) or find_confined(trial, 1) or find_confined(trial, 2)
                    or (find_shape(trial) or find_pairs(trial) if shapes else None))
            if step is None or trial.placed == b.n * b.k:
                break
            if step.place is not None:
                chain.append(step.place[0] * b.n + step.place[1])
    return None


def first_solution(b: Board) -> int | None:
    """The first solution that agrees with the board, as a bit mask of stars, or None.

    It keeps the board's stars and uses only its open squares besides: a plain search,
    most constrained unit first, each trial followed by its last squares; used where the
    exact search does not take k stars. Cost: O(b^d) trials in the worst case (b squares
    per unit, d stars to place); milliseconds on real boards.

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = Board(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
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
        nxt.place(i, "search")
        found = first_solution(nxt)
        if found is not None:
            return found
        trial.cand &= ~(1 << i)
        if find_stuck(trial) is not None:
            return None
    return None
