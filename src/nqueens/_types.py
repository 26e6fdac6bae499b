"""The toolkit's shared type names and the names every layer writes, defined once (modules
import them from here).

>>> Placement, Square
(tuple[int, ...], tuple[int, int])
"""

from __future__ import annotations

import string

__all__ = ["REGION_LETTERS", "Placement", "Square"]

Placement = tuple[int, ...]
"""0-based columns by row: `(0, 4, 7, 5, 2, 6, 1, 3)` is the first 8-queens solution (a
variant's placement may hold -1 for a row without a queen)."""

Square = tuple[int, int]
"""A square as `(row, col)`, 0-based: `(0, 0)` is the top-left corner `<1,1>`."""

REGION_LETTERS = string.ascii_uppercase + string.ascii_lowercase + string.digits
"""The letters naming regions 0, 1, 2, ...: A-Z, then a-z, then 0-9 (62 regions at most)."""
