"""Count, stream and find the placements of a variant, through the compiled kernels.

The kernels of :mod:`nqueens.kernels.variants` take the variant as data (rows, width,
queens, torus, knight) and run in slices of :data:`SLICE_NODES` backtracks, so Python
regains control a few times a second and Ctrl-C stops any of these functions within a
second. Totals use each variant's cheap symmetry: the mirror halves a full board's first
row; on the torus every solution is one of N column shifts of a solution with a queen on
square (0, 0), and the mirror c -> -c (mod N) halves those by their row-1 queen. Classes
(``unique``) are counted by testing every solution (on the torus: every one with a queen on
(0, 0)) for being the least image under its group.

>>> count(Variant(5, "toroidal"), unique=True)
VariantCount(total=10, unique=1)
>>> next(solutions(Variant(10, "superqueens")))
(2, 5, 8, 0, 3, 6, 9, 1, 4, 7)
>>> first_solution(Variant(3, queens=2))
(0, 2, -1)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from nqueens._validate import check_bool, check_instance
from nqueens.kernels import variants as _k
from nqueens.variants.spec import Placement, Variant

__all__ = ["SLICE_NODES", "VariantCount", "count", "first_solution", "solutions"]

SLICE_NODES = 1 << 21
"""Backtracks one kernel call searches before Python regains control (about 0.01 s)."""

_BATCH = 1024

_GROUP_CODES = {"rectangle": _k.GROUP_RECTANGLE, "square": _k.GROUP_SQUARE,
                "torus": _k.GROUP_TORUS}


class VariantCount(NamedTuple):
    """The number of placements, and of classes up to the variant's symmetry (or None)."""

    total: int
    unique: int | None = None


def count(variant: Variant, *, unique: bool = False) -> VariantCount:
    """Count the placements of ``variant`` exactly, and with ``unique`` its classes.

    Classes are under the variant's symmetry group (:attr:`Variant.group`).

    Cost: O(nodes of the search tree), halved by the mirror for a full flat board and cut
    N-fold on the full torus; ``unique`` adds O(|group| N) per solution enumerated.

    >>> count(Variant(8))
    VariantCount(total=92, unique=None)
    >>> count(Variant(4, width=5), unique=True)
    VariantCount(total=12, unique=4)
    >>> count(Variant(4, queens=2)).total
    44
    """
    variant = check_instance(variant, Variant, "variant", "a Variant")
    unique = check_bool(unique, "unique")
    if variant.queens == 0:
        return VariantCount(1, 1 if unique else None)
    if unique:
        return VariantCount(*_count_unique(variant))
    return VariantCount(_count_total(variant))


def solutions(variant: Variant) -> Iterator[Placement]:
    """Yield every placement of ``variant`` in search order, lazily.

    A placement is the column of each row, -1 for an empty row; the order is row by row,
    columns ascending, an empty row after every column. Cost: O(nodes) for the whole
    stream, O(batch * N) memory.

    >>> list(solutions(Variant(4)))
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    variant = check_instance(variant, Variant, "variant", "a Variant")
    if variant.queens == 0:
        yield tuple([-1] * variant.n)
        return
    yield from _stream(variant, _allowed(variant))


def first_solution(variant: Variant) -> Placement | None:
    """The first placement in search order, or None when there is none.

    Cost: O(nodes searched until the first one).

    >>> first_solution(Variant(6, "toroidal")) is None
    True
    """
    return next(solutions(variant), None)


# -- private ------------------------------------------------------------------------------


def _spec(variant: Variant) -> npt.NDArray[np.int64]:
    spec = np.zeros(5, np.int64)
    spec[_k.SPEC_ROWS] = variant.n
    spec[_k.SPEC_WIDTH] = variant.width
    spec[_k.SPEC_QUEENS] = variant.queens
    spec[_k.SPEC_TORUS] = variant.kind == "toroidal"
    spec[_k.SPEC_KNIGHT] = variant.kind == "superqueens"
    return spec


def _allowed(variant: Variant) -> npt.NDArray[np.int64]:
    return np.full(variant.n, (1 << variant.width) - 1, np.int64)


def _batches(variant: Variant, allowed: npt.NDArray[np.int64]
             ) -> Iterator[tuple[npt.NDArray[np.int64], int]]:
    """The solutions that respect ``allowed``, as (block, rows filled) in slices."""
    spec = _spec(variant)
    av, cs, ls, rs, pos, qs, meta = _k.new_state(variant.n)
    out = np.zeros((_BATCH, variant.n), np.int64)
    while meta[1] != _k.STATE_DONE:
        k = int(_k.fill_batch(spec, allowed, av, cs, ls, rs, pos, qs, meta, out, SLICE_NODES))
        if k:
            yield out, k


def _stream(variant: Variant, allowed: npt.NDArray[np.int64]) -> Iterator[Placement]:
    for out, k in _batches(variant, allowed):
        for row in out[:k].tolist():
            yield tuple(row)


def _count_masks(variant: Variant, allowed: npt.NDArray[np.int64]) -> int:
    spec = _spec(variant)
    av, cs, ls, rs, pos, qs, meta = _k.new_state(variant.n)
    total = 0
    while meta[1] != _k.STATE_DONE:
        total += int(_k.count_slice(spec, allowed, av, cs, ls, rs, pos, qs, meta,
                                    SLICE_NODES))
    return total


def _count_total(variant: Variant) -> int:
    allowed = _allowed(variant)
    if not variant.full:
        return _count_masks(variant, allowed)
    if variant.kind == "toroidal":  # N column shifts of the solutions with a queen on (0, 0)
        allowed[0] = 1
        return variant.n * _count_pinned(variant, allowed)
    m = variant.width  # the mirror pairs a first queen in the left half with the right half
    allowed[0] = (1 << (m // 2)) - 1
    total = 2 * _count_masks(variant, allowed)
    if m % 2 == 1:
        allowed[0] = 1 << (m // 2)
        total += _count_masks(variant, allowed)
    return total


def _count_pinned(variant: Variant, allowed: npt.NDArray[np.int64]) -> int:
    """Full torus placements with a queen on (0, 0): the mirror c -> -c (mod N) keeps that
    queen and pairs a row-1 queen in column a with one in column N - a."""
    n = variant.n
    if n <= 2:
        return _count_masks(variant, allowed)
    allowed[1] = sum(1 << a for a in range(1, n) if a < n - a)
    total = 2 * _count_masks(variant, allowed)
    if n % 2 == 0:
        allowed[1] = 1 << (n // 2)
        total += _count_masks(variant, allowed)
    return total


def _count_unique(variant: Variant) -> tuple[int, int]:
    allowed = _allowed(variant)
    group = _GROUP_CODES[variant.group]
    factor = 1
    if variant.kind == "toroidal" and variant.full:
        allowed[0] = 1  # every class's least image has its row-0 queen in column 0
        group, factor = _k.GROUP_TORUS_PINNED, variant.n
    img = np.zeros(variant.n, np.int64)
    total = unique = 0
    for out, k in _batches(variant, allowed):
        total += k
        unique += int(_k.count_canonical(out, k, variant.width, group, img))
    return total * factor, unique
