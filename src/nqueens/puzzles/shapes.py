"""The names players give the small shapes of squares a region can be left with.

A square that touches or attacks every square left in a region is crossed out; players see
it through the region's shape: the 2-square (two squares side by side or corner to
corner), the 3-in-a-line, the L, the T, the Z and the 2x2 block.

>>> shape_name(((0, 0), (1, 0), (1, 1)))
'L'
"""

from __future__ import annotations

from nqueens.puzzles.model import Square

__all__ = ["shape_name"]


def _normal(cells: list[Square]) -> frozenset[Square]:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def _variants(cells: list[Square]) -> set[frozenset[Square]]:
    out = set()
    for _ in range(4):
        cells = [(c, -r) for r, c in cells]
        out.add(_normal(cells))
        out.add(_normal([(r, -c) for r, c in cells]))
    return out


_SHAPES: dict[frozenset[Square], str] = {}
for _name, _cells in (("2-square", [(0, 0), (0, 1)]), ("2-square", [(0, 0), (1, 1)]),
                      ("3-in-a-line", [(0, 0), (0, 1), (0, 2)]),
                      ("L", [(0, 0), (1, 0), (1, 1)]),
                      ("L", [(0, 0), (1, 0), (2, 0), (2, 1)]),
                      ("T", [(0, 0), (0, 1), (0, 2), (1, 1)]),
                      ("Z", [(0, 0), (0, 1), (1, 1), (1, 2)]),
                      ("block", [(0, 0), (0, 1), (1, 0), (1, 1)])):
    for _v in _variants(_cells):
        _SHAPES.setdefault(_v, _name)


def shape_name(cells: tuple[Square, ...]) -> str:
    """The players' name of a small shape of squares (`""` when it has none).

    Cost: O(1) (the named shapes have at most 4 squares).

    >>> shape_name(((2, 3), (3, 3), (3, 4))), shape_name(((0, 0), (0, 1), (0, 2), (1, 1)))
    ('L', 'T')
    >>> shape_name(((0, 0), (5, 5)))
    ''
    """
    if not 2 <= len(cells) <= 4:
        return ""
    return _SHAPES.get(_normal(list(cells)), "")
