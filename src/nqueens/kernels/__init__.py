"""Private numba kernels: ints and numpy arrays in, ints and arrays out.

No validation, no objects, no I/O. Import a submodule only where it is needed: importing it
imports numba (the largest part of a compiled command's start: docs/performance.md). The
friendly, typed faces live elsewhere (`nqueens.strategies.bitmask`, `nqueens.counting`).

The board limits of the bitboards are named here, where the kernels live, and imported by
the faces that check sizes (importing this package imports neither numba nor numpy). So
are the slices: every long kernel searches a bounded number of nodes per call and returns
to Python, which then checks Ctrl-C, a stop flag and progress. `SLICE_NODES` is that
budget; a kernel whose node costs more or less than the counting engine's gets a named
multiple of it below, so that one call stays well inside the second Ctrl-C is allowed
(what a slice lasts on each kernel, measured by benchmarks/counting/bench_slices.py:
docs/performance.md, "Slices").
"""

__all__ = [
    "BITMASK_SLICE_NODES",
    "DOMINATION_SLICE_NODES",
    "MAX_BITBOARD_N",
    "MAX_CONSTELLATION_N",
    "MAX_PROBE_N",
    "ORBIT_SLICE_NODES",
    "REGION_SLICE_NODES",
    "SLICE_NODES",
    "STARS_SLICE_NODES",
    "TREE_SLICE_NODES",
]

MAX_BITBOARD_N = 63
"""The largest board an int64 bitboard holds: column `c` is bit `c`, bit 63 the sign."""
MAX_PROBE_N = MAX_BITBOARD_N - 1
"""The largest board the analysis kernels (tree walks, Monte Carlo probes) take."""
MAX_CONSTELLATION_N = 31
"""The largest board the constellation kernels of the counting engine count exactly (their
int64 masks and per-subproblem counters; see `nqueens.kernels.constellations`)."""

SLICE_NODES = 1 << 20
"""Nodes one kernel call searches before it returns to Python (so that Ctrl-C, a stop flag
and progress are seen between two calls): the budget of the counting engine's constellation
kernel (`nqueens.engine.task`) and of the variant searches (`nqueens.variants.search`, the
engine's variant subproblems), whose node is a few word operations. A call costs
O(SLICE_NODES) of them."""

BITMASK_SLICE_NODES = 2 * SLICE_NODES
"""The slice of the bitmask strategy (`nqueens.strategies.bitmask`): twice the base, its
node being the plainest of all (three masks, no look-ahead, no bookkeeping)."""

TREE_SLICE_NODES = 2 * SLICE_NODES
"""The slice of the tree walks (`nqueens.analysis.stats`): a node adds one to a level's
counter on top of the bitmask step, so the bitmask's budget."""

DOMINATION_SLICE_NODES = SLICE_NODES // 4
"""The slice of the queen-domination search (`nqueens.variants.dominate`): a quarter of the
base, each node updating the O(n) squares a queen attacks."""

ORBIT_SLICE_NODES = SLICE_NODES // 16
"""The slice of the engine's symmetric (quarter- and half-turn) subproblems
(`nqueens.engine.problem_tasks`): a sixteenth of the base, each node placing a whole orbit
of up to four queens and checking it in O(n)."""

REGION_SLICE_NODES = 100_000
"""The slice of the region-puzzle search (`nqueens.puzzles.exact`, one star). Not a power-of-two
multiple of the base on purpose: the generator's node limits are counted in whole slices,
so the puzzles `make` builds for a seed depend on this number; each node also checks the
puzzle's regions, tens of times a counting node's work."""

STARS_SLICE_NODES = 20_000
"""The slice of the same search with k > 1 stars: a fifth of the one-star slice, each node
also keeping the k-star window counts, several times a one-star node's work (same caveat:
the made puzzles depend on it)."""
