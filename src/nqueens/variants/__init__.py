"""The variants of the queens problem that OEIS catalogues, counted exactly.

A `Variant` names the board and the pieces: the toroidal board (diagonals wrap),
superqueens (queens that also move as knights), rectangular boards (N rows, M >= N
columns) and K < N queens. `count` counts its placements (and its classes under the
variant's own symmetry group), `solutions` streams them, `first_solution`
finds one; `dominate` finds the domination number of the queen graph with a witness.
The compiled searches live in `nqueens.kernels.variants` and
`nqueens.kernels.domination`; the command line in `nqueens.cli.variants` and
`nqueens.cli.dominate`.

>>> count(Variant(7, "toroidal"), unique=True)
VariantCount(total=28, unique=1)
>>> count(Variant(10, "superqueens")).total
4
>>> dominate(4).size
2
"""

from __future__ import annotations

from nqueens.variants.dominate import Domination, dominate
from nqueens.variants.search import VariantCount, count, first_solution, solutions
from nqueens.variants.spec import GROUPS, KINDS, Placement, Variant, squares

__all__ = [
    "GROUPS",
    "KINDS",
    "Domination",
    "Placement",
    "Variant",
    "VariantCount",
    "count",
    "dominate",
    "first_solution",
    "solutions",
    "squares",
]
