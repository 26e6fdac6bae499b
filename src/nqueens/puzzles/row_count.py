"""Count k-star region puzzles row by row: the state-counting programme of
`nqueens.kernels.star_rows`, driven in slices (Ctrl-C lands between them).

Many partial boards of the first rows agree on all that matters below them (the last row's
stars, the stars of each column and each region), so counting the states instead of walking
every partial board counts a random 14 x 14 3-star board's thousands of solutions in
a fraction of a second, where a search visits each. How many states a layer holds depends
much on the direction (up to fifty-fold on one board: docs/performance.md), so
`count_rows` runs four directions side by side (top down, bottom up, and both across the
columns), a slice of each in turn, the one that has done least work first, and takes the
first to finish: about four times the best one. The
layers can grow past what memory allows on boards with few constraints: a direction whose
layer passes `MAX_SLOTS` table slots gives up, and when all do, `count_rows` returns
None and the caller counts another way.

>>> from nqueens.puzzles.model import region_puzzle
>>> p = region_puzzle([[r] * 12 for r in range(12)], stars=3)   # the regions are the rows
>>> count_rows(p) == count_rows(region_puzzle([[c for c in range(12)]] * 12, stars=3))
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import comb

from nqueens._limits import NO_LIMITS, Limits
from nqueens.puzzles.model import Puzzle

__all__ = ["MAX_SLOTS", "SLICE_CHILDREN", "count_rows", "fits"]

MAX_SLOTS = 1 << 19
"""The largest hash table of one layer in one direction (slots, half of them filled at most):
past it that direction gives up. With the row masks and counts in 3 to 5 words a state, a
table is 15-25 MB; the four directions, each with its layer and table (twice while one
grows), peaked at 300 MB on a 25 x 25 6-star board whose regions are its rows, where all four
gave up after 7 s. No random 14 x 14 3-star board of 16 needed more."""

SLICE_CHILDREN = 20_000
"""Child states made per compiled call (about a millisecond), between which Ctrl-C lands
and the directions take turns."""

_FIRST_SLOTS = 1 << 12


def fits(p: Puzzle) -> bool:
    """Whether `count_rows` applies to `p`.

    It does to a region puzzle with the touching rule, no diagonal rule, 1 to 15 stars and
    n <= 62. Cost: O(1).

    >>> from nqueens.puzzles.model import completion_puzzle, parse_puzzle
    >>> fits(parse_puzzle("AB\\nAB")), fits(completion_puzzle(4))
    (True, False)
    """
    return (p.rules.has_regions and p.stars <= 15 and p.n <= 62 and p.touching
            and not p.uses_diagonals)


def count_rows(p: Puzzle, lim: Limits = NO_LIMITS) -> int | None:
    """The number of solutions of `p` (a puzzle that `fits`), or None when it gives up.

    None: every direction outgrew `MAX_SLOTS`, or a count passed 2**62. `lim` is checked
    after each slice (progress in child states made; `SearchTimeout` past its deadline).

    No checks (the caller's). Cost: O(the states of all layers times the k-subsets of a
    row) in the best of the four directions, four times over; memory O(the largest layers);
    exponential in n in the worst case.

    >>> from nqueens.puzzles.model import region_puzzle
    >>> two = region_puzzle([[r // 2 * 2 + c // 4 for c in range(8)] for r in range(8)], stars=2)
    >>> count_rows(two)
    2
    """
    grid = [list(row) for row in p.regions]
    across = [list(col) for col in zip(*grid, strict=True)]
    runs = {i: _layers(g, p.stars) for i, g in enumerate((grid, grid[::-1], across,
                                                          across[::-1]))}
    work = dict.fromkeys(runs, 0)
    foreseen = dict.fromkeys(runs, 0.0)
    key = foreseen.__getitem__ if PROJECT else work.__getitem__
    while runs:
        i = min(runs, key=key)  # the direction foreseen to finish with least work
        got = next(runs[i])
        if got is _GAVE_UP:
            del runs[i]
        elif isinstance(got, list):
            return int(got[0])
        else:
            done, rows = got  # type: ignore[misc]
            work[i] = int(done)
            foreseen[i] = work[i] * len(grid) / max(rows, 1.0)
        lim.check(sum(work.values()))
    return None


PROJECT = True
"""Which direction takes the next slice: True, the one whose work so far, spread over the
rows it has done, foresees the least work for the whole board; False, the one that has
done least so far (a fair race: about four times the best direction's work)."""


# --- private helpers ---------------------------------------------------------------------

_GAVE_UP = object()


def _layers(grid: Sequence[Sequence[int]], k: int) -> Iterator[object]:
    """One direction's programme: yields the work done so far (child states made, and
    table slots set up) after each slice, then [the count] (or `_GAVE_UP`)."""
    import numpy as np

    from nqueens.kernels.star_rows import compact, expand, grow, room_table, width_for

    n = len(grid)
    region = np.array(grid, dtype=np.int64)
    room = room_table(n, region)
    width = width_for(n)
    cur_keys = np.zeros((1, width), dtype=np.int64)
    cur_vals = np.ones(1, dtype=np.int64)
    headroom = comb(n - k + 1, k)
    meta = np.array([0, 0, 0, headroom], dtype=np.int64)  # work, entries, overflow, most
    for r in range(n):
        cap = _FIRST_SLOTS
        while cap < 4 * headroom or cap < 2 * cur_keys.shape[0]:
            cap *= 2
        if cap > MAX_SLOTS:
            yield _GAVE_UP
            return
        meta[0] += cap // 4
        keys = np.zeros((cap, width), dtype=np.int64)
        vals = np.zeros(cap, dtype=np.int64)
        used = np.zeros(cap, dtype=np.bool_)
        meta[1] = 0
        i, end = 0, cur_keys.shape[0]
        while i < end:
            i = expand(n, k, r, region, room, cur_keys, cur_vals, i, SLICE_CHILDREN,
                       keys, vals, used, meta)
            if meta[2]:
                yield _GAVE_UP
                return
            if i < end and (meta[1] + headroom) * 2 > cap:
                if cap * 2 > MAX_SLOTS:
                    yield _GAVE_UP
                    return
                keys, vals, used = grow(keys, vals, used, width, meta)
                cap *= 2
                meta[0] += cap // 4
            yield int(meta[0]), r + i / end
        cur_keys, cur_vals = compact(keys, vals, used, width)
        if cur_keys.shape[0] == 0:
            yield [0]
            return
    yield [sum(cur_vals.tolist())]
