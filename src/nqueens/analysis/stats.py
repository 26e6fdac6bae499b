"""State-space statistics of the textbook's backtracking for n queens, exactly.

For a board size n this module gives the textbook's comparison table (Neapolitan's
*Foundations of Algorithms*, section 5.2, and its Korean edition):

- `tree_nodes`: nodes of the whole state-space tree, one queen per row in any column,
  `1 + n + n**2 + ... + n**n` (the book's "Algorithm 1");
- `candidates`: candidate solutions with one queen per row and per column, `n!`
  ("Algorithm 2");
- `checked`: nodes the backtracking search checks, i.e. every square it tries, **plus the
  root** (the book's convention: 61 for n = 4, 15,721 for n = 8);
- `promising`: nodes found promising, the root included (17 for n = 4, 2,057 for n = 8);
- `solutions`; `levels`: promising nodes per depth 0 .. n (the profile of the pruned tree).

The Japanese slides count the squares tried without the root (15,720 for n = 8) and quote
the speed-up `8**8 / 15,720`, about 1067: `TreeStats.speedup` follows them.

Every promising node above the last row has exactly n children tried, so
`checked = 1 + n * (promising nodes at depths 0 .. n-1)`; the compiled kernel
(`nqueens.kernels.stats`) therefore only walks promising nodes, halved by the
left-right mirror. `TreeCounter` computes the same numbers from the Python event
stream (`nqueens.trace.events`): the slow, obvious reference.
Rendering (tables, plots) is left to the CLI and `nqueens.render`.

>>> s = tree_stats(4)
>>> s.tree_nodes, s.candidates, s.checked, s.promising, s.solutions
(341, 24, 61, 17, 2)
>>> s.levels
(1, 4, 6, 4, 2)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from nqueens._validate import check_callable, check_size
from nqueens.kernels import MAX_PROBE_N, TREE_SLICE_NODES
from nqueens.trace import Event, Visitor

__all__ = [
    "MAX_STATS_N",
    "Progress",
    "TreeCounter",
    "TreeStats",
    "first_solution_tries",
    "tree_stats",
]

Progress = Callable[[int, int], None]
"""A progress callback: called as `progress(done, total)` between slices of the walk."""

MAX_STATS_N = 18
"""The largest n `tree_stats` accepts (each n + 1 costs about five times n, so 18 is
about 25 times 16; docs/performance.md, "Analysis kernels")."""


@dataclass(frozen=True, slots=True)
class TreeStats:
    """The textbook's state-space numbers for one board size (see the module docstring)."""

    n: int
    levels: tuple[int, ...]
    """Promising nodes per depth `0 .. n`; `levels[0] == 1` is the root."""

    @property
    def tree_nodes(self) -> int:
        """Nodes of the whole tree, `1 + n + ... + n**n` (root counted)."""
        return sum(self.n**d for d in range(self.n + 1))

    @property
    def candidates(self) -> int:
        """Candidate solutions with one queen per row and per column: `n!`."""
        return math.factorial(self.n)

    @property
    def checked_levels(self) -> tuple[int, ...]:
        """Nodes checked per depth: the root, then `n` children of every promising parent."""
        return (1, *(self.n * p for p in self.levels[:-1]))

    @property
    def checked(self) -> int:
        """Nodes checked by backtracking, root included (book: 61 for n = 4)."""
        return sum(self.checked_levels)

    @property
    def tried(self) -> int:
        """Squares tried, i.e. nodes checked without the root (slides: 15,720 for n = 8)."""
        return self.checked - 1

    @property
    def promising(self) -> int:
        """Promising nodes, root included (book: 17 for n = 4)."""
        return sum(self.levels)

    @property
    def solutions(self) -> int:
        """Complete boards: the promising nodes at depth n."""
        return self.levels[-1]

    @property
    def speedup(self) -> float:
        """`n**n / tried`: the slides' "about 1067 times faster" for n = 8."""
        return float(self.n**self.n / self.tried)

    def _repr_html_(self) -> str:
        """Jupyter's hook: the numbers per depth as a table, the textbook's totals below.

        Cost: O(n).

        >>> "<td>17</td>" in tree_stats(4)._repr_html_()
        True
        """
        rows = "".join(f"<tr><td>{d}</td><td>{checked:,}</td><td>{good:,}</td></tr>"
                       for d, (checked, good) in enumerate(zip(self.checked_levels,
                                                               self.levels, strict=True)))
        return (f"<table><caption>{self.n} queens: the pruned state-space tree</caption>"
                "<tr><th>depth</th><th>nodes checked</th><th>promising nodes</th></tr>"
                f"{rows}<tr><th>all</th><td>{self.checked:,}</td><td>{self.promising:,}</td>"
                f"</tr></table><p>{self.solutions:,} solutions; the whole tree has "
                f"{self.tree_nodes:,} nodes, {self.candidates:,} candidates with one queen "
                "a row and a column</p>")

    def to_json(self) -> dict[str, object]:
        """A plain dict of every number (integers exact).

        Cost: O(n).

        >>> tree_stats(4).to_json()["promising"], tree_stats(4).to_json()["levels"]
        (17, [1, 4, 6, 4, 2])
        """
        return {
            "n": self.n,
            "tree_nodes": self.tree_nodes,
            "candidates": self.candidates,
            "checked": self.checked,
            "tried": self.tried,
            "promising": self.promising,
            "solutions": self.solutions,
            "speedup": self.speedup,
            "levels": list(self.levels),
            "checked_levels": list(self.checked_levels),
        }


def tree_stats(n: int, *, progress: Progress | None = None) -> TreeStats:
    """The exact state-space statistics of n queens, from the compiled kernel.

    Cost: O(promising nodes of half the tree), one compiled walk (each n + 1 costs about
    five times n; docs/performance.md, "Analysis kernels"). The first call compiles the kernel.
    The walk runs in slices of `TREE_SLICE_NODES` nodes, so Ctrl-C stops it within a
    second; `progress(done, total)` is called between slices, where `done` of
    `total` is the share of the walk finished, by first-row columns (a rough measure:
    the middle columns hold more nodes than the edges). A size out of range raises
    `InvalidSizeError`, a `progress` that is not callable
    `InvalidArgumentError`.

    >>> tree_stats(8).checked, tree_stats(8).tried, round(tree_stats(8).speedup)
    (15721, 15720, 1067)
    """
    n = check_size(n, largest=MAX_STATS_N)
    check_callable(progress, "progress")
    return TreeStats(n, _levels(n, TREE_SLICE_NODES, progress))


def first_solution_tries(n: int, *, progress: Progress | None = None) -> int:
    """Squares the search tries before it reaches the first solution (all squares if none).

    Cost: O(nodes of the pruned tree up to the first solution), compiled (26 tries for n = 4, about
    4 million for n = 20, 3 billion for n = 32), in slices of
    `TREE_SLICE_NODES` squares so that Ctrl-C stops it within a second.
    `progress(tried, 0)` is called between slices (the total is unknown: 0). Bad
    arguments raise as in `tree_stats`.

    >>> first_solution_tries(4), first_solution_tries(8)
    (26, 876)
    """
    n = check_size(n, largest=MAX_PROBE_N)
    check_callable(progress, "progress")
    return _first_tries(n, TREE_SLICE_NODES, progress)


def _levels(n: int, budget: int, progress: Progress | None = None) -> tuple[int, ...]:
    """Promising nodes per depth, walked in slices of `budget` nodes.

    Uses the left-right mirror: the subtree under row-0 column `c` has the same profile
    as the one under `n - 1 - c`, so only the left half (and the middle) is walked.
    """
    import numpy as np

    from nqueens.kernels import stats as k

    full = (1 << n) - 1
    half = n // 2
    parts = [((1 << c), 2) for c in range(half)]
    if n % 2 == 1:
        parts.append((1 << half, 1))
    levels = [0] * (n + 1)
    part = np.zeros(n + 1, dtype=np.int64)
    av, cs, ls, rs = (np.zeros(n, dtype=np.int64) for _ in range(4))
    meta = np.zeros(2, dtype=np.int64)
    for done, (first, weight) in enumerate(parts):
        part[:] = 0
        meta[:] = 0
        while meta[1] != k.STATE_DONE:
            k.levels_slice(n, full, first, av, cs, ls, rs, meta, part, budget)
            if progress is not None:
                progress(done, len(parts))
        for d in range(1, n + 1):
            levels[d] += weight * int(part[d])
    if progress is not None:
        progress(len(parts), len(parts))
    levels[0] = 1
    return tuple(levels)


def _first_tries(n: int, budget: int, progress: Progress | None = None) -> int:
    """`first_solution_tries` in slices of `budget` squares."""
    import numpy as np

    from nqueens.kernels import stats as k

    col, cs, ls, rs = (np.zeros(n, dtype=np.int64) for _ in range(4))
    meta = np.zeros(4, dtype=np.int64)
    while meta[1] != k.STATE_DONE:
        k.first_solution_slice(n, (1 << n) - 1, col, cs, ls, rs, meta, budget)
        if progress is not None:
            progress(int(meta[2]), 0)
    return int(meta[2])


class TreeCounter(Visitor[TreeStats]):
    """A visitor of `nqueens.trace.events` that counts promising nodes per depth.

    The slow reference for `tree_stats`: O(events).

    >>> from nqueens.trace import events, visit
    >>> visit(events(4), TreeCounter(4)) == tree_stats(4)
    True
    """

    def __init__(self, n: int) -> None:
        self.n = n
        self._levels = [1] + [0] * n
        self.tries = 0

    def on_try(self, event: Event) -> None:
        """Count the square; count it again per depth if it is promising."""
        self.tries += 1
        if event.promising:
            self._levels[event.depth] += 1

    def result(self) -> TreeStats:
        """The counts as `TreeStats`."""
        return TreeStats(self.n, tuple(self._levels))

