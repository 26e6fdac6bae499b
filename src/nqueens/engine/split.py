"""The deterministic split of a count into subproblems: one start constellation per orbit.

A *start constellation* fixes the queens on the four borders of the board (top row, bottom
row, left and right columns; three squares when one queen sits in a corner). The eight board
symmetries act on constellations; the split lists one member of each orbit, always in the
same order, so a subproblem's answer is a pure function of `(n, subproblem)` and a ledger
can name it by its `Subproblem.key`. The member listed is the orientation whose search
(row by row from the top) looks cheapest: the fewest placements of queens on all of its
first five free rows (see `list_constellations`); a
corner queen may therefore sit at (0, 0), (0, n-1) or (n-1, 0). The number of subproblems
grows with n (about n**4 / 20: 4,319 for n = 17); how they are batched for the workers is
the runner's business.

>>> subs = split(8)
>>> len(subs), subs[0].key
(78, '0,1,0,2')
>>> split_hash(8, subs)[:12]
'977f03e23699'
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import NamedTuple

from nqueens._validate import check_bool, check_int, check_size
from nqueens.kernels import MAX_CONSTELLATION_N

__all__ = [
    "METHOD", "METHOD_VERSION", "SPLIT_THREADS_MIN_N", "Subproblem", "split", "split_hash",
    "trivial_counts",
]

METHOD = "constellations"
"""The name of the counting method, recorded in ledgers."""
METHOD_VERSION = 2
"""Bumped whenever the split or the meaning of a subproblem's answer changes."""


class Subproblem(NamedTuple):
    """The border queens (0, top), (n-1, bottom), (left, 0), (right, n-1), and their symmetry.

    `sym` says which rotations fix the constellation (0 none, 1 the half turn, 2 the
    quarter turns); `stabilizer` is how many of the 8 symmetries fix it (1, 2 or 4).
    A corner constellation (a queen at (0, 0), (0, n-1) or (n-1, 0); the split never lists
    one at (n-1, n-1)) is the only kind with a 0 among its four numbers.
    """

    top: int
    bottom: int
    left: int
    right: int
    sym: int
    stabilizer: int

    @property
    def key(self) -> str:
        """The stable text name of the subproblem, as the ledger stores it."""
        return f"{self.top},{self.bottom},{self.left},{self.right}"

    @property
    def corner(self) -> bool:
        """True when a queen sits in a corner (the split puts none at (n-1, n-1))."""
        return 0 in (self.top, self.bottom, self.left, self.right)


def split(n: int, *, orient: bool = True, workers: int | None = None) -> list[Subproblem]:
    """The subproblems of board size `n`, in their fixed order (empty for n < 4).

    Made block by block (`list_orbit_block`), the
    blocks of one top and bottom queen together making a chunk (a small share of the split
    even for n = 28), the chunks listed by
    `workers` threads at once (default: every core, from n = `SPLIT_THREADS_MIN_N` on;
    the kernel releases the GIL), and put back in their fixed order: the result does not
    depend on `workers`. Ctrl-C is seen between chunks. With `orient=False` each orbit
    is its canonical member, unoriented: the same orbits and weights in a fraction of the
    time, for estimates (never for counting under a ledger).
    Cost: O(n**4) compiled work (four shallow searches an orbit, to orient it), shared
    out over the cores (imports numba; the split's time by n: docs/performance.md,
    engine and decisions). An `n` that is not an integer from 1 to
    `MAX_CONSTELLATION_N` raises
    `InvalidSizeError` before any work.

    >>> split(3)
    []
    >>> split(4)
    [Subproblem(top=0, bottom=1, left=0, right=2, sym=0, stabilizer=1), \
Subproblem(top=1, bottom=2, left=2, right=1, sym=2, stabilizer=4)]
    >>> len(split(8)), len(split(8, orient=False))
    (78, 78)
    >>> split(14, workers=1) == split(14, workers=2)
    True
    """
    n = check_size(n, largest=MAX_CONSTELLATION_N)
    orient = check_bool(orient, "orient")
    if workers is not None:
        workers = check_int(workers, "workers", low=1)
    if n < 4:
        return []
    from nqueens.engine.executors import cpu_count, map_on_threads

    last = n - 1
    # a block of a large board takes up to a second: cut those by the left queen's row
    cut = orient and n >= _CUT_N
    chunks = [[(0, b, 1, last) for b in range(1, last)]]
    chunks += [[(t, b, lo, lo + 1 if cut else last)
                for lo in (range(1, last) if cut else (1,))]
               for t in range(1, last) for b in range(1, last) if b != t]
    threads = (workers if workers is not None
               else cpu_count() if n >= SPLIT_THREADS_MIN_N else 1)
    # the first chunk here, so that the kernel is compiled (or loaded) once, not per thread
    out = _list_chunk(n, orient, chunks[0])
    for rows in map_on_threads(lambda chunk: _list_chunk(n, orient, chunk), chunks[1:],
                               threads, "nqueens-split"):
        out.extend(rows)
    return out


def _list_chunk(n: int, orient: bool,
                blocks: list[tuple[int, int, int, int]]) -> list[Subproblem]:
    """The orbits of `blocks`, in order (the compiled kernel; GIL released)."""
    from nqueens.kernels.constellations import list_orbit_block

    out: list[Subproblem] = []
    for t, b, lo, hi in blocks:
        rows = list_orbit_block(n, orient, t, b, lo, hi)
        out.extend(Subproblem(*row) for row in rows.tolist())
    return out


_CUT_N = 21
"""From this n on, the split's blocks are cut finer (so that each stays a small share of the
split, and Ctrl-C lands soon)."""
SPLIT_THREADS_MIN_N = 15
"""From this n on, `split` lists its chunks on every core (below, one thread is
quicker than starting more: the whole split is too small to share)."""


def split_hash(n: int, subproblems: Sequence[Subproblem]) -> str:
    """A SHA-256 over the method, n and every subproblem's key and weight, in order.

    Cost: O(len(subproblems)) per call.

    >>> split_hash(8, split(8))[:12], split_hash(8, [])[:12]
    ('977f03e23699', '80dcf3ed475a')
    """
    h = hashlib.sha256(f"nqueens {METHOD} v{METHOD_VERSION} n={n}\n".encode())
    for s in subproblems:
        h.update(f"{s.key}:{s.sym}:{s.stabilizer}\n".encode())
    return h.hexdigest()


def trivial_counts(n: int) -> tuple[int, int]:
    """`(total, unique)` not covered by any subproblem: the boards too small to split.

    Cost: O(1) per call. `n` is checked as in `split`.

    >>> trivial_counts(1), trivial_counts(3), trivial_counts(8)
    ((1, 1), (0, 0), (0, 0))
    """
    return (1, 1) if check_size(n, largest=MAX_CONSTELLATION_N) == 1 else (0, 0)
