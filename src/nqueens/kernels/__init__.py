"""Private numba kernels: ints and numpy arrays in, ints and arrays out.

No validation, no objects, no I/O. Import a submodule only where it is needed: importing it
imports numba (about half a second). The friendly, typed faces live elsewhere
(`nqueens.strategies.bitmask`, `nqueens.counting`).

The board limits of the bitboards are named here, where the kernels live, and imported by
the faces that check sizes (importing this package imports neither numba nor numpy).
"""

__all__ = ["MAX_BITBOARD_N", "MAX_CONSTELLATION_N", "MAX_PROBE_N"]

MAX_BITBOARD_N = 63
"""The largest board an int64 bitboard holds: column `c` is bit `c`, bit 63 the sign."""
MAX_PROBE_N = MAX_BITBOARD_N - 1
"""The largest board the analysis kernels (tree walks, Monte Carlo probes) take."""
MAX_CONSTELLATION_N = 31
"""The largest board the constellation kernels of the counting engine count exactly (their
int64 masks and per-subproblem counters; see `nqueens.kernels.constellations`)."""
