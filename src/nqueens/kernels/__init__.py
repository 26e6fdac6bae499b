"""Private numba kernels: ints and numpy arrays in, ints and arrays out.

No validation, no objects, no I/O. Import a submodule only where it is needed: importing it
imports numba (about half a second). The friendly, typed faces live elsewhere
(:mod:`nqueens.strategies.bitmask`, :mod:`nqueens.counting`).
"""
