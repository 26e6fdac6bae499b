"""Where a unit's stars can still go, for the explainer's k-star shape check.

A placement is `need` squares of a unit's squares left, no two touching (nor attacking,
where the rules say so); a square whose star leaves a unit without one is crossed out.
These helpers answer that for every square near a unit at once, on bit masks (square
`r * n + c` is bit `r * n + c` of a Python int), exactly as testing each square alone
with `after` and
`fits` would.

>>> near = [0b10, 0b101, 0b10]          # three squares in a line, neighbours touching
>>> _witness(0b111, 2, near), _witness(0b011, 2, near)
(5, -1)
>>> _near_every(0b111, 2, near, 0b111)  # both placements {0, 2} are near square 1 only
2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nqueens.errors import TooManyPlacements
from nqueens.puzzles.steps import Unit

if TYPE_CHECKING:  # the board imports this module
    from nqueens.puzzles.techniques.mark_board import MarkBoard

PLACEMENT_NODES = 2_000
"""The most partial placements gone through to find the squares near every placement of
a unit's stars; a unit with more (five or six stars left in a long region) is not used
for the shape check on that board: the check stays sound, it only sees less. Up to three
stars, placements of a real unit stay well below it."""


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _fill_masks(b: MarkBoard) -> tuple[list[int], list[int]]:
    """For each square, the squares of its units that a star there would fill (k > 1);
    and the units needing one star, as masks."""
    fill = [0] * (b.n * b.n)
    ones = [b.mask(u) for u in b.open_units() if b.need[u] == 1]
    for m in ones:
        for i in _bits(m):
            fill[i] |= m
    return fill, ones


def _shape_hits(b: MarkBoard, u: Unit, left: int, fill: list[int], ones: list[int]) -> int:
    """The open squares whose star leaves unit `u` (squares `left`) too few squares
    for its stars (k > 1), as `MarkBoard.after` and `MarkBoard.fits` would say for
    each: only the unit's squares are computed, and each placement found that fits is
    kept as a witness that settles the squares it keeps clear of."""
    mu, near, m = b.mask(u), b.near, b.need[u]
    near_left = b.reach.get(left)
    if near_left is None:
        near_left = 0
        for i in _bits(left):
            near_left |= near[i]
        b.reach[left] = near_left
    reach = mu | near_left  # only a square in the unit or touching its squares left matters
    # a square outside the unit that fills no unit crossing it takes from it only the
    # squares near it (the touching and attacks are symmetric): it leaves the unit short
    # exactly when every placement of the unit's stars has a square near it
    tested = b.cand & reach
    # the answer depends on these alone (the units needing one star reach ``tested`` only
    # through the squares near ``left``), and a step changes few units: remembered
    ones_near = tuple(unit_mask for unit_mask in ones if unit_mask & reach)
    key = (mu, m, left, tested, ones_near)
    hit = b.shapes.get(key)
    if hit is None:
        hit = b.shapes[key] = _shape_hits_of(b, mu, m, left, near_left, tested, fill,
                                             ones_near)
    return hit


def _shape_hits_of(b: MarkBoard, mu: int, m: int, left: int, near_left: int, tested: int,
                   fill: list[int], ones: tuple[int, ...]) -> int:
    """`_shape_hits` worked out: `tested` the open squares that matter, `ones`
    the units needing one star that reach them."""
    near = b.near
    plain = tested & ~mu
    for unit_mask in ones:
        if unit_mask & left:
            plain &= ~unit_mask
    hit = 0
    if plain:
        every = b.every.get((left, m))
        if every is None:  # the same squares left and stars needed: the same answer
            every = b.every[left, m] = _near_every(left, m, near, near_left)
        hit = every & plain
    found: dict[int, list[int]] = {m: [], m - 1: []}
    for i in _bits(tested & ~plain):
        bit = 1 << i
        need = m - 1 if mu & bit else m
        if need <= 0:
            continue
        clear = near[i] | bit | fill[i]
        seen = found[need]
        for w in seen:
            if not w & clear:
                break
        else:
            w = witness(b, left & ~clear, need)
            if w < 0:
                hit |= bit
            else:
                seen.append(w)
    return hit


def _near_every(cells: int, need: int, near: list[int], target: int) -> int:
    """The squares of `target` near every placement of `need` non-touching squares of
    `cells` (all of `target` when there is none): two greedy placements first, from
    either end, which most often leave nothing, then all of them, up to
    `PLACEMENT_NODES` (past that, none: nothing is claimed that was not proved)."""
    out = target
    for high in (False, True):
        rest, got, taken = cells, 0, 0
        while rest and taken < need:
            i = rest.bit_length() - 1 if high else (rest & -rest).bit_length() - 1
            rest &= ~near[i] & ~(1 << i)
            got |= near[i]
            taken += 1
        if taken == need:
            out &= got
            if not out:
                return 0
    try:
        return _near_all(cells, need, near, 0, out, [PLACEMENT_NODES]) & out
    except TooManyPlacements:
        return 0


def _near_all(cells: int, need: int, near: list[int], acc: int, target: int,
              budget: list[int]) -> int:
    """The squares of `target` near every placement of `need` non-touching squares of
    `cells` (each also near the squares `acc` is near to); -1 when there is none.
    Stops at the first empty answer; raises `TooManyPlacements` past `budget[0]` calls."""
    if need <= 0:
        return acc
    budget[0] -= 1
    if budget[0] < 0:
        raise TooManyPlacements
    out = -1
    while cells.bit_count() >= need:
        low = cells & -cells
        cells ^= low
        i = low.bit_length() - 1
        got = _near_all(cells & ~near[i], need - 1, near, acc | near[i] & target, target,
                        budget)
        if got >= 0:
            out = got if out < 0 else out & got
            if not out:
                return 0
    return out


def witness(b: MarkBoard, cells: int, need: int) -> int:
    """`need` squares of `cells`, none touching, as a mask (-1 when there are none).

    `_witness` on board `b`'s geometry, remembered there for every board of it: the
    same squares and stars give the same placement (a 21 x 21 five-star make asked 510,000
    times for 8,000 different ones). Cost: O(1) when remembered, else an exact search,
    exponential in the worst case (small units in practice).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> from nqueens.puzzles.techniques.mark_board import MarkBoard
    >>> b = MarkBoard(parse_puzzle("stars: 2\\n" + "ABCDEFGH\\n" * 8))
    >>> witness(b, 0b111, 2), witness(b, 0b11, 2)  # squares 0 and 2; none on 0 and 1
    (5, -1)
    """
    w = b.witness.get((cells, need))
    if w is None:
        w = b.witness[cells, need] = _witness(cells, need, b.near)
    return w


def _witness(cells: int, need: int, near: list[int]) -> int:
    """`need` squares of `cells`, none touching, as a mask (-1 when there are none);
    the same search as `_fits`."""
    if need <= 0:
        return 0
    if cells.bit_count() < need:
        return -1
    low = cells & -cells
    w = _witness(cells & ~near[low.bit_length() - 1] & ~low, need - 1, near)
    if w >= 0:
        return w | low
    return _witness(cells & ~low, need, near)
