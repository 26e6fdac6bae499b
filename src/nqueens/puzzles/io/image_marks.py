"""A player's marks on a screenshot's board: crowns (queens, stars) and crosses.

Each square's middle (15% in from its sides, clear of the lines and walls) is compared with
the square's own colour (`nqueens.puzzles.io.image_cells.cell_colours`): pixels far
from it are ink. A square with almost no ink is open. A small, faint mark (under 45% of the
middle's side, under 12% of it inked) is a cross, as the apps draw them; a larger one is a
crown when it is a solid shape standing on a base - the middle of the bottom of its ink is
filled - and a cross when that spot is empty (between the legs of a large x). A hover shade
or a highlight changes a square's colour evenly and leaves no ink. A mark that is neither
clearly (half filled, or too faint to tell) refuses the picture in one line: a wrong state
is worse than none.

Cost: O(pixels of the board).
"""

from __future__ import annotations

import numpy as np

from nqueens.errors import PuzzleImportError

__all__ = ["read_marks"]

_WHAT = "the picture"
INK = 60.0
"""A pixel this far (RGB distance) from its square's colour is ink."""
MIN_MARK = 0.02
"""A square whose middle is less inked than this share is open."""


def read_marks(rgb: np.ndarray, lattice: object, colours: np.ndarray | None = None
               ) -> tuple[str, ...] | None:
    """n rows of `Q` (crown), `x` (cross) and `.` (open), or None on a bare board.

    `lattice` is a `Lattice`; `colours` the
    squares' colours if already known (n x n x 3). Raises
    `PuzzleImportError` for a mark that is neither crown nor cross.
    Cost: O(pixels of the board).

    >>> from nqueens.puzzles.io.image_lines import Lattice
    >>> rgb = np.full((64, 64, 3), 230, np.float32)
    >>> rgb[10:25, 38:58] = 20                  # a solid mark on a base, in square (0, 1)
    >>> for i in range(16):                     # an x in square (1, 0)
    ...     rgb[36 + i, 8 + i] = rgb[36 + i, 23 - i] = 20
    >>> read_marks(rgb, Lattice((0, 32, 64), (0, 32, 64), "dark"))
    ('.Q', 'x.')
    """
    from nqueens.puzzles.io.image_cells import cell_colours

    xs = np.asarray(lattice.xs)  # type: ignore[attr-defined]
    ys = np.asarray(lattice.ys)  # type: ignore[attr-defined]
    n = len(xs) - 1
    if colours is None:
        colours = cell_colours(rgb, xs, ys)
    rows = []
    for r in range(n):
        row = []
        for c in range(n):
            x0, x1 = _inset(xs[c], xs[c + 1])
            y0, y1 = _inset(ys[r], ys[r + 1])
            ink = np.linalg.norm(rgb[y0:y1, x0:x1] - colours[r, c], axis=2) > INK
            row.append(_mark(ink, r, c))
        rows.append("".join(row))
    if all(set(row) == {"."} for row in rows):
        return None
    return tuple(rows)


def _inset(a: float, b: float) -> tuple[int, int]:
    return round(a + 0.15 * (b - a)), round(b - 0.15 * (b - a))


def _mark(ink: np.ndarray, r: int, c: int) -> str:
    """`Q`, `x` or `.` for one square's inked middle."""
    if ink.size == 0 or ink.mean() < MIN_MARK or ink.sum() < 4:
        return "."
    across, down = ink.sum(axis=1), ink.sum(axis=0)  # JPEG specks do not widen the mark
    rows_on = np.flatnonzero(across >= max(2, 0.2 * across.max()))
    cols_on = np.flatnonzero(down >= max(2, 0.2 * down.max()))
    if not len(rows_on) or not len(cols_on):
        return "."
    box = ink[rows_on[0]:rows_on[-1] + 1, cols_on[0]:cols_on[-1] + 1]
    h, w = box.shape
    share = float(ink.mean())
    small = max(h, w) < 0.45 * min(ink.shape)
    if small and share < 0.12:
        return "x"  # a small x, as the apps draw them; a crown fills much of the square
    if h >= 4 and w >= 4:
        base = box[h - max(1, h // 4):, w // 3:w - w // 3]
        filled = float(base.mean())
        if filled >= 0.5 and share >= 0.12 and not small:
            return "Q"
        if filled <= 0.25 and share < 0.3:
            return "x"
    raise PuzzleImportError(f"{_WHAT}: the mark on the square at row {r + 1} column {c + 1} "
                            "is neither a clear crown nor a clear cross; clear it or take "
                            "the screenshot again")
