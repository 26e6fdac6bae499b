"""What a worker runs for the counts other than Q(n): symmetric solutions and the variants.

The engine's subproblems are plain tuples of ints. Those of Q(n) are start constellations
(`nqueens.engine.split`); the others begin with `TAG` (a negative number no
constellation has) and a problem code, and carry everything their answer depends on, so a
worker (a thread, a Dask worker) needs nothing but the tuple and N:

* `(TAG, ROT90 or ROT180, k, c1, .., c4)`: the solutions a quarter (half) turn keeps whose
  first `k` orbits stand in columns `c1 .. ck` (each in the first empty row);
* `(TAG, VARIANT, kind, width, queens, weight, allowed0, allowed1)`: `weight` times the
  placements of a `Variant` whose rows 0 and 1 use only the
  squares of the masks `allowed0` and `allowed1`;
* `(TAG, CLASSES, kind, width, queens, factor, allowed0, allowed1, group)`: `factor`
  times those placements, and how many of them are the least image of their class under
  the kernel group `group` (`nqueens.variants.search.class_pieces`);
* `(TAG, TREE, weight, c0, c1, c2)`: `weight` times the promising nodes below depth 3 of
  the backtracking tree (as `nqueens stats` walks it) under the queens of rows 0 to 2 in
  columns `c0, c1, c2`, and the solutions among them (`nqueens.engine.problem_tree`).

`count_batch` counts such a batch in slices (Ctrl-C and `stop` land between two)
and answers rows `(total, unique, nodes, microseconds)` as the constellation task does;
what `unique` holds is the problem's business (`nqueens.engine.problems`).
`recount_batch` recounts them by an independent search (plain Python, slow: for
sampled checks of small units). Imports only kernels, so `nqueens.engine.task` can hand
such batches here.

>>> count_batch(12, [(TAG, ROT90, 1, 1, -1, -1, -1), (TAG, ROT90, 1, 2, -1, -1, -1)])[0][:2]
(0, 0)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from nqueens.errors import EngineError, Stopped
from nqueens.kernels import ORBIT_SLICE_NODES, SLICE_NODES, TREE_SLICE_NODES

if TYPE_CHECKING:
    from nqueens.engine.task import Row

__all__ = ["CLASSES", "ROT90", "ROT180", "TAG", "TREE", "VARIANT", "count_batch",
           "is_problem", "recount_batch"]

TAG = -1
"""The first field of every subproblem that is not a start constellation."""
ROT90 = 1
ROT180 = 2
VARIANT = 3
CLASSES = 4
TREE = 5
KIND_CODES = {"classic": 0, "toroidal": 1, "superqueens": 2}
"""A variant's kind as the third field of its subproblems."""

def is_problem(items: Sequence[Sequence[int]]) -> bool:
    """Whether `items` are subproblems of this module (not start constellations).

    Cost: O(1).

    >>> is_problem([(TAG, ROT90, 0, -1, -1, -1, -1)]), is_problem([(0, 2, 0, 3, 0, 1)])
    (True, False)
    """
    return bool(items) and int(items[0][0]) == TAG


def count_batch(n: int, items: Sequence[Sequence[int]], *, stop: object = None,
                tally: Callable[[int], None] | None = None,
                finished: list[Row] | None = None) -> list[Row]:
    """Count a batch of one problem's subproblems; one row per item, in order.

    `stop` (anything with `is_set()`) is looked at between slices (`Stopped`),
    `tally` told the nodes of each slice, and a batch cut short appends the rows it
    finished to `finished`, as `nqueens.engine.task.count_batch` does.
    Cost: O(nodes of the items' searches).

    >>> count_batch(13, [(TAG, ROT180, 1, 1, -1, -1, -1)])[0][:2]
    (16, 8)
    """
    if not items:
        return []
    codes = {int(item[1]) for item in items}
    if len(codes) != 1 or int(items[0][0]) != TAG:
        raise EngineError("a batch mixes subproblems of different counts")
    code = codes.pop()
    start = time.perf_counter()
    done: list[tuple[int, int, int]] = []
    try:
        if code in (ROT90, ROT180):
            _symmetric(n, code, items, stop, tally, done)
        elif code == VARIANT:
            for item in items:
                done.append(_variant(n, item, stop, tally))
        elif code == CLASSES:
            for item in items:
                done.append(_classes(n, item, stop, tally))
        elif code == TREE:
            for item in items:
                done.append(_tree(n, item, stop, tally))
        else:
            raise EngineError(f"unknown subproblem code {code}")
    except BaseException:
        if finished is not None:
            finished.extend(_rows(done, time.perf_counter() - start))
        raise
    return _rows(done, time.perf_counter() - start)


def recount_batch(n: int, items: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """`(total, unique)` of each item by an independent search in plain Python.

    Symmetric items: every solution of the plain row-by-row search that keeps the item's
    orbits, filtered for the symmetry (so O(the plain search), for small boards). Variant
    items: a plain row-by-row search of the variant's rules. Cost: O(those searches).

    >>> recount_batch(12, [(TAG, ROT90, 1, 4, -1, -1, -1)])   # every solution of N = 12
    [(8, 4)]
    """
    from nqueens.engine import problem_recount as r

    return [r.recount(n, tuple(int(v) for v in item)) for item in items]


def _rows(done: list[tuple[int, int, int]], seconds: float) -> list[Row]:
    nodes = sum(d[2] for d in done) or 1
    return [(t, u, k, int(seconds * 1e6 * k / nodes)) for t, u, k in done]


def _symmetric(n: int, code: int, items: Sequence[Sequence[int]], stop: object,
               tally: Callable[[int], None] | None, done: list[tuple[int, int, int]]) -> None:
    import numpy as np

    from nqueens.kernels import symmetric as k

    sym = k.SYM_ROT90 if code == ROT90 else k.SYM_ROT180
    arr = np.array([list(item[2:3 + k.MAX_PREFIX]) for item in items], np.int64)
    out = np.zeros((len(items), 3), np.int64)
    state = k.new_state(n)
    meta = state[0]
    over = False
    while not over:
        if stop is not None and stop.is_set():  # type: ignore[attr-defined]
            raise Stopped
        first = int(meta[0])
        over = bool(k.count_slice(n, sym, arr, out, *state, ORBIT_SLICE_NODES))
        if tally is not None:
            tally(int(meta[3]))
        for i in range(first, int(meta[0])):
            done.append(_weigh(code, *(int(x) for x in out[i])))


def _weigh(code: int, solutions: int, quarter: int, nodes: int) -> tuple[int, int, int]:
    """A symmetric row: the first orbit in the left half stands for its mirror image too.

    Quarter turn: `(2 s, s)`, the classes being the mirror pairs. Half turn:
    `(2 s, s + q)`, `q` of them fixed by the quarter turn too: the classes are
    `(sum of the second fields) / 2` (Burnside over the square's 8 symmetries).
    """
    if code == ROT90:
        return 2 * solutions, solutions, nodes
    return 2 * solutions, solutions + quarter, nodes


def _variant_spec(n: int, item: Sequence[int]) -> tuple[object, object]:
    """The kernel's `(spec, allowed)` arrays of a variant item (a total's or a classes')."""
    import numpy as np

    from nqueens.kernels import variants as k

    _, _, kind, width, queens, _, a0, a1 = (int(v) for v in item[:8])
    spec = np.zeros(5, np.int64)
    spec[k.SPEC_ROWS] = n
    spec[k.SPEC_WIDTH] = width
    spec[k.SPEC_QUEENS] = queens
    spec[k.SPEC_TORUS] = kind == KIND_CODES["toroidal"]
    spec[k.SPEC_KNIGHT] = kind == KIND_CODES["superqueens"]
    allowed = np.full(n, (1 << (width + 1)) - 1, np.int64)
    allowed[0] = a0
    if n > 1:
        allowed[1] = a1
    return spec, allowed


def _variant(n: int, item: Sequence[int], stop: object,
             tally: Callable[[int], None] | None) -> tuple[int, int, int]:
    from nqueens.kernels import variants as k

    weight = int(item[5])
    spec, allowed = _variant_spec(n, item)
    av, cs, ls, rs, pos, qs, meta = k.new_state(n)
    total = slices = 0
    while meta[1] != k.STATE_DONE:
        if stop is not None and stop.is_set():  # type: ignore[attr-defined]
            raise Stopped
        total += int(k.count_slice(spec, allowed, av, cs, ls, rs, pos, qs, meta,
                                   SLICE_NODES))
        slices += 1
        if tally is not None:
            tally(SLICE_NODES)
    total *= weight
    # the kernel counts backtracks, not nodes: a slice's budget is the measure of work kept
    return total, total, slices * SLICE_NODES


CLASS_BATCH = 1024
"""Placements a classes slice hands back at most, each then tested against its images."""


def _classes(n: int, item: Sequence[int], stop: object,
             tally: Callable[[int], None] | None) -> tuple[int, int, int]:
    """A classes row: `(factor * placements, least images, work)`, as
    `nqueens.variants.search` counts them in process (the same kernels and pieces)."""
    import numpy as np

    from nqueens.kernels import variants as k

    factor, width, group = int(item[5]), int(item[3]), int(item[8])
    spec, allowed = _variant_spec(n, item)
    av, cs, ls, rs, pos, qs, meta = k.new_state(n)
    out = np.zeros((CLASS_BATCH, n), np.int64)
    img = np.zeros(n, np.int64)
    total = unique = slices = 0
    while meta[1] != k.STATE_DONE:
        if stop is not None and stop.is_set():  # type: ignore[attr-defined]
            raise Stopped
        found = int(k.fill_batch(spec, allowed, av, cs, ls, rs, pos, qs, meta, out,
                                 SLICE_NODES))
        total += found
        unique += int(k.count_canonical(out, found, width, group, img))
        slices += 1
        if tally is not None:
            tally(SLICE_NODES)
    return factor * total, unique, slices * SLICE_NODES


def _tree(n: int, item: Sequence[int], stop: object,
          tally: Callable[[int], None] | None) -> tuple[int, int, int]:
    """A tree row: `(weight * nodes below its rows, weight * solutions, the same nodes)`.

    The stats kernel's walk, resumed below the item's rows with their queens placed and
    nothing left to try in them, so it ends when the subtree does."""
    import numpy as np

    from nqueens.kernels import bits
    from nqueens.kernels import stats as k

    weight, cols = int(item[2]), [int(c) for c in item[3:]]
    depth = len(cols)
    full = (1 << n) - 1
    av, cs, ls, rs = (np.zeros(n, np.int64) for _ in range(4))
    for d, c in enumerate(cols):
        cs[d + 1], ls[d + 1], rs[d + 1] = bits.place(cs[d], ls[d], rs[d], 1 << c, full)
    av[depth] = bits.free(cs[depth], ls[depth], rs[depth], full)
    meta = np.array([depth, bits.STATE_RUNNING], np.int64)
    levels = np.zeros(n + 1, np.int64)
    while meta[1] != bits.STATE_DONE:
        if stop is not None and stop.is_set():  # type: ignore[attr-defined]
            raise Stopped
        k.levels_slice(n, full, 0, av, cs, ls, rs, meta, levels, TREE_SLICE_NODES)
        if tally is not None:
            tally(TREE_SLICE_NODES)
    nodes = weight * int(levels[depth + 1:].sum())
    # the work: the nodes, weighed as the count (so a rate foresees the count's time)
    return nodes, weight * int(levels[n]), nodes
