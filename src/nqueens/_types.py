"""The toolkit's shared type names, defined once (modules import them from here).

>>> Placement, Square
(tuple[int, ...], tuple[int, int])
"""

from __future__ import annotations

__all__ = ["Placement", "Square"]

Placement = tuple[int, ...]
"""0-based columns by row: ``(0, 4, 7, 5, 2, 6, 1, 3)`` is the first 8-queens solution (a
variant's placement may hold -1 for a row without a queen)."""

Square = tuple[int, int]
"""A square as ``(row, col)``, 0-based: ``(0, 0)`` is the top-left corner ``<1,1>``."""
