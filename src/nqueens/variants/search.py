"""Count, stream and find the placements of a variant, through the compiled kernels.

The kernels of `nqueens.kernels.variants` take the variant as data (rows, width,
queens, torus, knight) and run in slices of `SLICE_NODES` backtracks, so Python
regains control a few times a second and Ctrl-C stops any of these functions within a
second. Totals use each variant's cheap symmetry: the mirror halves a full board's first
row; on the torus every solution is one of N column shifts of a solution with a queen on
square (0, 0), and the mirror c -> -c (mod N) halves those by their row-1 queen. Classes
(`unique`) are counted by testing every solution (on the torus: every one with a queen on
(0, 0)) for being the least image under its group.

>>> count(Variant(5, "toroidal"), unique=True)
VariantCount(total=10, unique=1)
>>> next(solutions(Variant(10, "superqueens")))
(2, 5, 8, 0, 3, 6, 9, 1, 4, 7)
>>> first_solution(Variant(3, queens=2))
(0, 2, -1)
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from functools import partial
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from nqueens._validate import check_bool, check_instance, check_int
from nqueens.kernels import SLICE_NODES
from nqueens.kernels import variants as _k
from nqueens.variants._parallel import Stopped, run_pieces
from nqueens.variants.spec import Placement, Variant

__all__ = ["VariantCount", "class_pieces", "count", "first_solution", "pieces", "solutions"]

_BATCH = 1024
_SPLIT_ROWS = 2
"""A count is cut into pieces by the choices of its first rows, run on every core."""

_GROUP_CODES = {"rectangle": _k.GROUP_RECTANGLE, "square": _k.GROUP_SQUARE,
                "torus": _k.GROUP_TORUS}


class VariantCount(NamedTuple):
    """The number of placements, and of classes up to the variant's symmetry (or None)."""

    total: int
    unique: int | None = None


def count(variant: Variant, *, unique: bool = False, workers: int | None = None
          ) -> VariantCount:
    """Count the placements of `variant` exactly, and with `unique` its classes.

    Classes are under the variant's symmetry group (`Variant.group`). The count is
    cut into pieces by the first rows' choices and run on `workers` threads (default:
    every core; 1 counts in the calling thread).

    Cost: O(nodes of the search tree), halved by the mirror for a full flat board and cut
    N-fold on the full torus; `unique` adds O(|group| N) per solution enumerated.

    >>> count(Variant(8))
    VariantCount(total=92, unique=None)
    >>> count(Variant(4, width=5), unique=True)
    VariantCount(total=12, unique=4)
    >>> count(Variant(4, queens=2)).total
    44
    """
    variant = check_instance(variant, Variant, "variant", "a Variant")
    unique = check_bool(unique, "unique")
    if workers is not None:
        workers = check_int(workers, "workers", low=1)
    if variant.queens == 0:
        return VariantCount(1, 1 if unique else None)
    if unique:
        return VariantCount(*_count_unique(variant, workers))
    return VariantCount(_count_total(variant, workers))


def solutions(variant: Variant) -> Iterator[Placement]:
    """Yield every placement of `variant` in search order, lazily.

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


def pieces(variant: Variant) -> list[tuple[int, int, int]]:
    """The disjoint pieces a total is cut into: `(weight, allowed row 0, allowed row 1)`.

    Each piece allows every square below row 1; the weighted counts of the pieces add up to
    the total (the mirror and, on the torus, the column shifts fold their images in). The
    counting engine counts one piece per subproblem. Cost: O(M**2) pieces.

    >>> pieces(Variant(4))[:2]
    [(2, 1, 1), (2, 1, 2)]
    >>> pieces(Variant(8, "toroidal"))
    [(16, 1, 2), (16, 1, 4), (16, 1, 8), (8, 1, 16)]
    """
    variant = check_instance(variant, Variant, "variant", "a Variant")
    out = []
    for weight, allowed in _parts(variant):
        for cut in _split(variant, allowed):
            rows = [int(x) for x in cut]
            out.append((weight, rows[0], rows[1] if len(rows) > 1 else 0))
    return out


def class_pieces(variant: Variant) -> list[tuple[int, int, int, int]]:
    """The disjoint pieces a classes count is cut into: `(factor, group, row 0, row 1)`.

    Each piece's placements (rows 0 and 1 limited to the masks, every square below) are
    enumerated and tested for being the least image under the kernel group `group`; its
    total is `factor` times the placements. On the full torus every class's least image
    has its row-0 queen in column 0, so only those are enumerated (`factor` N: the
    column shifts), under the pinned group. The counting engine counts one piece per
    subproblem. Cost: O(M**2) pieces.

    >>> class_pieces(Variant(4))[:2]
    [(1, 1, 1, 1), (1, 1, 1, 2)]
    >>> class_pieces(Variant(7, "toroidal"))[0]
    (7, 3, 1, 1)
    """
    variant = check_instance(variant, Variant, "variant", "a Variant")
    allowed, group, factor = _class_setup(variant)
    out = []
    for cut in _split(variant, allowed):
        rows = [int(x) for x in cut]
        out.append((factor, group, rows[0], rows[1] if len(rows) > 1 else 0))
    return out


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
    """Every column in every row, and bit M: each row may stay empty (where K < N)."""
    return np.full(variant.n, (1 << (variant.width + 1)) - 1, np.int64)


def _batches(variant: Variant, allowed: npt.NDArray[np.int64],
             stop: threading.Event | None = None
             ) -> Iterator[tuple[npt.NDArray[np.int64], int]]:
    """The solutions that respect `allowed`, as (block, rows filled) in slices; raises
    `Stopped` between two slices once `stop` is set."""
    spec = _spec(variant)
    av, cs, ls, rs, pos, qs, meta = _k.new_state(variant.n)
    out = np.zeros((_BATCH, variant.n), np.int64)
    while meta[1] != _k.STATE_DONE:
        if stop is not None and stop.is_set():
            raise Stopped
        k = int(_k.fill_batch(spec, allowed, av, cs, ls, rs, pos, qs, meta, out, SLICE_NODES))
        if k:
            yield out, k


def _stream(variant: Variant, allowed: npt.NDArray[np.int64]) -> Iterator[Placement]:
    for out, k in _batches(variant, allowed):
        for row in out[:k].tolist():
            yield tuple(row)


def _count_masks(variant: Variant, allowed: npt.NDArray[np.int64],
                 stop: threading.Event | None = None) -> int:
    spec = _spec(variant)
    av, cs, ls, rs, pos, qs, meta = _k.new_state(variant.n)
    total = 0
    while meta[1] != _k.STATE_DONE:
        if stop is not None and stop.is_set():
            raise Stopped
        total += int(_k.count_slice(spec, allowed, av, cs, ls, rs, pos, qs, meta,
                                    SLICE_NODES))
    return total


def _parts(variant: Variant) -> list[tuple[int, npt.NDArray[np.int64]]]:
    """(weight, allowed) pieces whose weighted counts add up to the total."""
    allowed = _allowed(variant)
    if not variant.full:
        return [(1, allowed)]
    n, m = variant.n, variant.width
    if variant.kind == "toroidal":  # N column shifts of the solutions with a queen on (0, 0)
        allowed[0] = 1
        if n <= 2:
            return [(n, allowed)]
        # the mirror c -> -c (mod N) keeps (0, 0) and pairs row-1 columns a and N - a
        left = allowed.copy()
        left[1] = sum(1 << a for a in range(1, n) if a < n - a)
        parts = [(2 * n, left)]
        if n % 2 == 0:
            allowed[1] = 1 << (n // 2)
            parts.append((n, allowed))
        return parts
    left = allowed.copy()  # the mirror pairs a first queen in the left half with the right
    left[0] = (1 << (m // 2)) - 1
    parts = [(2, left)]
    if m % 2 == 1:
        allowed[0] = 1 << (m // 2)
        parts.append((1, allowed))
    return parts


def _split(variant: Variant, allowed: npt.NDArray[np.int64]) -> list[npt.NDArray[np.int64]]:
    """`allowed` cut into disjoint pieces by the choices of rows 0 and 1: each column
    they may use, and (bit M alone) no queen, where a row may stay empty."""
    pieces = [allowed]
    # only rows above the K-th queen's earliest row: a placement is complete once its K-th
    # queen stands, and the rows below it would split it into copies
    for row in range(min(_SPLIT_ROWS, variant.n - 1, variant.queens)):
        out = []
        for piece in pieces:
            choices = [1 << c for c in range(variant.width) if (int(piece[row]) >> c) & 1]
            # a full board never leaves a row empty
            if not variant.full:
                choices.append(1 << variant.width)
            for bit in choices:
                cut = piece.copy()
                cut[row] = bit
                out.append(cut)
        pieces = out
    return pieces


def _count_total(variant: Variant, workers: int | None) -> int:
    jobs = [(weight, cut) for weight, allowed in _parts(variant)
            for cut in _split(variant, allowed)]
    counts = run_pieces([partial(_count_masks, variant, cut) for _, cut in jobs],
                        workers=workers)
    return sum(weight * c for (weight, _), c in zip(jobs, counts, strict=True))


def _class_setup(variant: Variant) -> tuple[npt.NDArray[np.int64], int, int]:
    """(allowed, kernel group, factor) of a classes count, before the split."""
    allowed = _allowed(variant)
    group = _GROUP_CODES[variant.group]
    factor = 1
    if variant.kind == "toroidal" and variant.full:
        allowed[0] = 1  # every class's least image has its row-0 queen in column 0
        group, factor = _k.GROUP_TORUS_PINNED, variant.n
    return allowed, group, factor


def _count_unique(variant: Variant, workers: int | None) -> tuple[int, int]:
    allowed, group, factor = _class_setup(variant)
    results = run_pieces([partial(_classes, variant, cut, group)
                          for cut in _split(variant, allowed)], workers=workers)
    return factor * sum(t for t, _ in results), sum(u for _, u in results)


def _classes(variant: Variant, allowed: npt.NDArray[np.int64], group: int,
             stop: threading.Event) -> tuple[int, int]:
    """(solutions, those least under `group`) among the ones that respect `allowed`."""
    img = np.zeros(variant.n, np.int64)
    total = unique = 0
    for out, k in _batches(variant, allowed, stop):
        total += k
        unique += int(_k.count_canonical(out, k, variant.width, group, img))
    return total, unique
