"""The domination number of the queen graph, and its independent twin, with a witness.

The fewest queens that occupy or attack every square of the n x n board (OEIS A075458),
and the fewest that do so without attacking each other (OEIS A075324). Sizes are tried
upward from a counting bound (each queen covers at most the squares a central queen does),
each by the exact search of `nqueens.kernels.domination`; the first size that succeeds
is the answer, and the search that proved the smaller size impossible is the proof.

>>> dominate(5)
Domination(n=5, size=3, queens=((0, 0), (0, 2), (3, 2)), independent=False)
>>> dominate(4, independent=True).size
3
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from nqueens._validate import check_bool, check_int
from nqueens.kernels import DOMINATION_SLICE_NODES
from nqueens.kernels import domination as _k
from nqueens.kernels.bits import STATE_DONE
from nqueens.variants.spec import MAX_WIDTH

__all__ = ["Domination", "dominate"]

class Domination(NamedTuple):
    """A smallest dominating set: `size` queens on the 0-based squares `queens`."""

    n: int
    size: int
    queens: tuple[tuple[int, int], ...]
    independent: bool


def dominate(n: int, *, independent: bool = False) -> Domination:
    """The domination number of the n x n queen graph, with a witness board.

    With `independent`, the independent domination number (the queens attack no other).
    Cost: O(b^s) for s queens, b about 3n the ways to cover a square: each size below the
    answer is refuted by an exhaustive search (n = 8 in milliseconds, n = 12 in tens of
    seconds here: docs/variants.md); Ctrl-C stops it.

    >>> dominate(8).size
    5
    >>> dominate(1)
    Domination(n=1, size=1, queens=((0, 0),), independent=False)
    """
    n = check_int(n, "N", low=1, high=MAX_WIDTH)
    independent = check_bool(independent, "independent")
    cover, cov_list, cov_len, maxcov = _tables(n)
    size = max(1, -(-n * n // maxcov))
    while True:
        found = _search(n, size, independent, cover, cov_list, cov_len, maxcov)
        if found is not None:
            queens = tuple(sorted(divmod(q, n) for q in found))
            return Domination(n, len(queens), queens, independent)
        size += 1


def _search(n: int, size: int, independent: bool, cover: npt.NDArray[np.int64],
            cov_list: npt.NDArray[np.int64], cov_len: npt.NDArray[np.int64],
            maxcov: int) -> list[int] | None:
    """The squares of `size` dominating queens, or None when there are none."""
    und = np.zeros((size + 1, n), np.int64)
    target, idx, chosen = (np.zeros(size, np.int64) for _ in range(3))
    meta = np.zeros(3, np.int64)
    while meta[1] != STATE_DONE:
        _k.search_slice(n, size, independent, cover, cov_list, cov_len, maxcov, und, target,
                        idx, chosen, meta, DOMINATION_SLICE_NODES)
    found = int(meta[_k.META_FOUND])
    return [int(q) for q in chosen[:found]] if found else None


def _tables(n: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64],
                             npt.NDArray[np.int64], int]:
    """`cover[q, r]`, `cov_list`, `cov_len` and the most squares one queen covers."""
    cover = np.zeros((n * n, n), np.int64)
    for q in range(n * n):
        qr, qc = divmod(q, n)
        for r in range(n):
            if r == qr:
                cover[q, r] = (1 << n) - 1
                continue
            mask = 1 << qc
            for c in (qc + (r - qr), qc - (r - qr)):
                if 0 <= c < n:
                    mask |= 1 << c
            cover[q, r] = mask
    sizes = [sum(bin(int(m)).count("1") for m in cover[q]) for q in range(n * n)]
    cov_list = np.zeros((n * n, max(sizes)), np.int64)
    cov_len = np.zeros(n * n, np.int64)
    for t in range(n * n):
        tr, tc = divmod(t, n)
        for q in range(n * n):  # the relation is symmetric: q covers t iff t covers q
            if (int(cover[q, tr]) >> tc) & 1:
                cov_list[t, cov_len[t]] = q
                cov_len[t] += 1
    return cover, cov_list, cov_len, max(sizes)
