"""The regions of a board found on a screenshot: square colours and wall thicknesses.

Each square's colour is that of the largest bunch of like pixels in a ring inside it
(between 6% and 18% of a square in from its sides), away from its middle, where a player's
crown or cross sits (a crown as large as our play page's still leaves the ring), and from the
lines. Each line between two neighbouring squares gets a thickness: in the middle half of
that side, the pixels unlike both squares, as a share of a square. Colours are grouped by
single linkage, cut where the distances jump (a clean cut is required); thicknesses are
split into thin and thick where they jump (a clean split is required). Regions are then the
colour groups (a region may lie in pieces, as in real puzzles), or the pieces the thick
walls cut the board into, or - where one colour serves several regions - the pieces of one
colour that walls or other colours separate; whichever numbers n. See
`read_regions`.
"""

from __future__ import annotations

import numpy as np

from nqueens.errors import PuzzleImportError

__all__ = ["cell_colours", "read_regions"]

_WHAT = "the picture"
MIN_COLOUR_STEP = 24.0
"""Colours closer than this (RGB distance, 0-255 a channel) are one colour."""
MIN_WALL_STEP = 0.025
"""Thin and thick lines must differ by at least this share of a square."""
FULL_INK = 200.0
"""A line pixel this far (RGB distance) from both squares' colours counts fully."""


def read_regions(rgb: np.ndarray, lattice: object, colours: np.ndarray | None = None
                 ) -> list[list[int]]:
    """Region numbers by square, or `PuzzleImportError` when unsure.

    `lattice` is a `Lattice`. Colours decide where they
    separate cleanly into exactly n groups; where fewer colours serve n regions, the walls
    between same-coloured squares part them; on a board of one colour, the walls alone.
    Cost: O(pixels of the board) plus O(n^4) for the colour grouping.

    >>> from nqueens.puzzles.io.image import Lattice
    >>> rgb = np.full((90, 90, 3), 255, np.float32)
    >>> rgb[:, 45:] = (120, 160, 255)           # a white column and a blue one
    >>> read_regions(rgb, Lattice((5, 45, 85), (5, 45, 85), "dark"))
    [[0, 1], [0, 1]]
    """
    xs = np.asarray(lattice.xs)  # type: ignore[attr-defined]
    ys = np.asarray(lattice.ys)  # type: ignore[attr-defined]
    n = len(xs) - 1
    if colours is None:
        colours = cell_colours(rgb, xs, ys)
    dark = getattr(lattice, "polarity", "dark") == "dark"
    vertical, horizontal = _wall_thickness(rgb, xs, ys, colours, dark)
    walls = _split_walls(np.concatenate([vertical.ravel(), horizontal.ravel()]))
    doubt: PuzzleImportError | None = None
    if walls is not None:
        try:
            by_walls = _by_walls(n, colours, vertical >= walls, horizontal >= walls)
        except PuzzleImportError as err:
            by_walls, doubt = None, err
        if by_walls is not None:
            return by_walls
    groups = _colour_groups(colours.reshape(n * n, 3))
    label = None if groups is None else groups.reshape(n, n)
    if label is not None:
        by_colour = _renumber(label.tolist())
        count = max(max(row) for row in by_colour) + 1
        if count == n:
            return by_colour  # the walls were unclear: n colours, cleanly apart, decide
        if doubt is not None:
            raise doubt
        if count > n:
            raise PuzzleImportError(f"{_WHAT}: the {n} x {n} board shows {count} region "
                                    f"colours; it needs {n} regions")
    if walls is None:
        if label is None:
            raise PuzzleImportError(f"{_WHAT}: no regions visible on the {n} x {n} board: "
                                    "the squares are alike and the lines are not clearly "
                                    "thin and thick")
        raise PuzzleImportError(f"{_WHAT}: the {n} x {n} board shows {count} region colours "
                                f"and no clear walls; it needs {n} regions")
    pieces = _components(n, label, vertical >= walls, horizontal >= walls)
    found = max(max(row) for row in pieces) + 1
    if found != n:
        raise PuzzleImportError(f"{_WHAT}: the walls cut the {n} x {n} board into {found} "
                                f"regions; it needs {n}")
    return pieces


def _by_walls(n: int, colours: np.ndarray, wall_v: np.ndarray, wall_h: np.ndarray
              ) -> list[list[int]] | None:
    """The regions the thick walls make, checked against the colours; None when the walls
    make fewer than n pieces (then one colour serves several regions, see the caller).

    Walls are believed over colours: a square coloured unlike the rest of its piece is
    allowed only as a shade or a tint of the piece's colour (a hover shade, a highlight);
    any other disagreement is refused. Pieces of one colour are one region (a region in
    pieces, as real puzzles have) when that leaves n.
    """
    pieces = _components(n, None, wall_v, wall_h)
    count = max(max(row) for row in pieces) + 1
    if count < n:
        return None
    flat = np.array(pieces).ravel()
    refs = np.zeros((count, 3), np.float32)
    cells = colours.reshape(n * n, 3)
    for piece in range(count):
        members = cells[flat == piece]
        refs[piece], odd = _piece_colour(members)
        if odd:
            where = [divmod(int(i), n) for i in np.flatnonzero(flat == piece)[odd]]
            sq = ", ".join(f"row {r + 1} column {c + 1}" for r, c in where[:3])
            raise PuzzleImportError(
                f"{_WHAT}: the walls and the colours disagree (the square at {sq} is coloured "
                "unlike the rest of its walled region, and not as a shade of it); crop the "
                "picture to the board without a pointer over it, or type the puzzle")
    if count == n:
        return pieces
    groups = _colour_groups(refs)
    if groups is None:
        raise PuzzleImportError(f"{_WHAT}: the walls cut the {n} x {n} board into {count} "
                                f"regions; it needs {n}")
    joined = _renumber([[int(groups[v]) for v in row] for row in pieces])
    found = max(max(row) for row in joined) + 1
    if found != n:
        raise PuzzleImportError(f"{_WHAT}: the walls cut the {n} x {n} board into {count} "
                                f"pieces of {found} colours; it needs {n} regions")
    return joined


SHADE_FIT = 14.0
"""How far (RGB distance) a square may lie from an exact shade or tint of its region's colour."""


def _piece_colour(members: np.ndarray) -> tuple[np.ndarray, list[int]]:
    """A walled piece's colour (that of the square most others match) and the squares that
    are neither that colour nor a shade (darker, towards black) or tint (towards white) of
    it. Cost: O(m^2) for m squares."""
    d = np.linalg.norm(members[:, None, :] - members[None, :, :], axis=2)
    ref = members[int(np.argmax((d < MIN_COLOUR_STEP).sum(axis=1)))]
    odd = []
    for i, c in enumerate(members):
        if np.linalg.norm(c - ref) < MIN_COLOUR_STEP or _is_shade(c, ref):
            continue
        odd.append(i)
    return ref, odd


def _is_shade(c: np.ndarray, ref: np.ndarray) -> bool:
    """Whether `c` is `ref` mixed with black or with white (or `ref` a mix of `c`).

    >>> bool(_is_shade(np.array([120., 150., 200.]), np.array([150., 190., 250.])))
    True
    >>> bool(_is_shade(np.array([250., 160., 120.]), np.array([150., 190., 250.])))
    False
    """
    for a, b in ((c, ref), (ref, c)):
        for base in (0.0, 255.0):
            u, v = a - base, b - base
            t = float(u @ v) / max(float(v @ v), 1e-6)
            if 0.4 <= t <= 1.0 and np.linalg.norm(u - t * v) < SHADE_FIT:
                return True
    return False


def _components(n: int, label: np.ndarray | None, wall_v: np.ndarray | None,
                wall_h: np.ndarray | None) -> list[list[int]]:
    """Pieces: neighbours joined when of one colour (if known) and no wall parts them."""
    from nqueens.puzzles.io.grids import regions_from_walls

    vertical = [bool((label is not None and label[r, c] != label[r, c + 1])
                     or (wall_v is not None and wall_v[r, c]))
                for r in range(n) for c in range(n - 1)]
    horizontal = [bool((label is not None and label[r, c] != label[r + 1, c])
                       or (wall_h is not None and wall_h[r, c]))
                  for r in range(n - 1) for c in range(n)]
    return regions_from_walls(n, vertical, horizontal)


def _renumber(grid: list[list[int]]) -> list[list[int]]:
    names: dict[int, int] = {}
    return [[names.setdefault(v, len(names)) for v in row] for row in grid]


def _ring(n_y: int, n_x: int) -> np.ndarray:
    yy, xx = np.mgrid[0:n_y, 0:n_x]
    inset = np.minimum(np.minimum(yy + 0.5, n_y - yy - 0.5) / n_y,
                       np.minimum(xx + 0.5, n_x - xx - 0.5) / n_x)
    ring: np.ndarray = (inset >= 0.06) & (inset <= 0.18)
    return ring


def cell_colours(rgb: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """The n x n x 3 colours of the squares, each read from a ring of pixels inside it.

    Of the ring's pixels, the median of the largest bunch of like ones (a crown or a letter
    over part of the ring, as the apps and our play page draw them, does not shift it).
    Cost: O(board pixels).

    >>> rgb = np.full((20, 20, 3), 255.0, np.float32)
    >>> rgb[:, 10:] = (200.0, 100.0, 50.0)
    >>> cell_colours(rgb, np.array([0, 10, 20]), np.array([0, 10, 20]))[0].tolist()
    [[255.0, 255.0, 255.0], [200.0, 100.0, 50.0]]
    """
    n = len(xs) - 1
    out = np.zeros((n, n, 3), np.float32)
    for r in range(n):
        y0, y1 = round(ys[r]), round(ys[r + 1])
        for c in range(n):
            x0, x1 = round(xs[c]), round(xs[c + 1])
            patch = rgb[y0:y1, x0:x1]
            if patch.shape[0] < 4 or patch.shape[1] < 4:
                raise PuzzleImportError(f"{_WHAT}: the squares are {x1 - x0} pixels wide, "
                                        "too small to read")
            out[r, c] = _main_colour(patch[_ring(*patch.shape[:2])])
    return out


def _main_colour(pixels: np.ndarray) -> np.ndarray:
    """The median of the pixels near the pixel with the most others near it (within
    `MIN_COLOUR_STEP`), looked for among up to 48 evenly picked, counted among up to
    600. Cost: O(1) per square after picking."""
    some = pixels[np.linspace(0, len(pixels) - 1, min(600, len(pixels))).astype(int)]
    picks = some[np.linspace(0, len(some) - 1, min(48, len(some))).astype(int)]
    gaps = some[None, :, :] - picks[:, None, :]
    near = np.einsum("ijk,ijk->ij", gaps, gaps) < MIN_COLOUR_STEP ** 2
    best = int(np.argmax(near.sum(axis=1)))
    found: np.ndarray = np.median(some[near[best]], axis=0)
    return found


def _colour_groups(colours: np.ndarray) -> np.ndarray | None:
    """Group labels per colour by single linkage, or None when all are one colour.

    The cut goes where the minimum spanning tree's edges jump most; it must be a clean cut
    (the shortest cut edge at least twice the longest kept one, and at least
    `MIN_COLOUR_STEP`), else `PuzzleImportError`.
    Cost: O(m^2) for m colours.
    """
    m = len(colours)
    edges = _spanning_tree(colours)
    weights = np.array([w for w, _, _ in edges])
    if m < 2 or weights.max() < MIN_COLOUR_STEP:
        return None
    order = np.sort(weights)
    best, cut = 0.0, None
    for i in range(len(order)):
        if order[i] < MIN_COLOUR_STEP:
            continue
        below = order[i - 1] if i > 0 else 0.0
        ratio = order[i] / max(below, 6.0)
        if ratio > best:
            best, cut = ratio, float(order[i])
    if cut is None or best < 2.0:
        raise PuzzleImportError(f"{_WHAT}: the squares' colours do not fall cleanly into "
                                "groups (some regions' colours are too close, or the picture "
                                "is too blurred)")
    parent = list(range(m))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for w, a, b in edges:
        if w < cut:
            parent[root(a)] = root(b)
    return np.array([root(i) for i in range(m)])


def _spanning_tree(points: np.ndarray) -> list[tuple[float, int, int]]:
    """Prim's minimum spanning tree of points under Euclidean distance. Cost: O(m^2)."""
    m = len(points)
    if m < 2:
        return [(0.0, 0, 0)]
    best = np.linalg.norm(points - points[0], axis=1)
    source = np.zeros(m, np.int64)
    done = np.zeros(m, bool)
    done[0] = True
    best[0] = np.inf
    edges = []
    for _ in range(m - 1):
        j = int(np.argmin(best))
        edges.append((float(best[j]), int(source[j]), j))
        done[j] = True
        best[j] = np.inf
        d = np.linalg.norm(points - points[j], axis=1)
        closer = (d < best) & ~done
        best[closer] = d[closer]
        source[closer] = j
    return edges


def _wall_thickness(rgb: np.ndarray, xs: np.ndarray, ys: np.ndarray, colours: np.ndarray,
                    dark: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Thickness of each line between neighbours as a share of a square: n x (n - 1) between
    side-by-side squares, (n - 1) x n between squares one above the other.

    A line's thickness is its ink summed across it, each pixel weighed by how far it goes
    from the squares' own grey level towards the ink's (the darkest, or on light-lined
    boards the lightest, grey of the lines): a blurred or shrunk line keeps its weight, so
    thin and thick stay apart when a picture is scaled down.
    """
    n = len(xs) - 1
    cell = (xs[-1] - xs[0]) / n
    half = max(2, round(0.3 * cell))
    grey = rgb @ np.array([0.299, 0.587, 0.114], np.float32)
    level = colours @ np.array([0.299, 0.587, 0.114], np.float32)
    bands_v, bands_h = [], []
    for r in range(n):
        y0, y1 = round(ys[r] + 0.3 * cell), round(ys[r + 1] - 0.3 * cell)
        for c in range(n - 1):
            x = round(xs[c + 1])
            bands_v.append((grey[y0:y1, x - half:x + half + 1], level[r, c], level[r, c + 1]))
    for r in range(n - 1):
        y = round(ys[r + 1])
        for c in range(n):
            x0, x1 = round(xs[c] + 0.3 * cell), round(xs[c + 1] - 0.3 * cell)
            bands_h.append((grey[y - half:y + half + 1, x0:x1].T, level[r, c],
                            level[r + 1, c]))
    every = [band for band, _, _ in bands_v + bands_h if band.size]
    if not every:
        return np.zeros((n, n - 1), np.float32), np.zeros((n - 1, n), np.float32)
    ink = float(np.percentile(np.concatenate([band.ravel() for band in every]),
                              1 if dark else 99))
    slack = max(2, round(0.04 * cell))  # lines a few pixels off the even spacing
    vertical = np.array([_thickness(*band, ink, slack) for band in bands_v], np.float32)
    horizontal = np.array([_thickness(*band, ink, slack) for band in bands_h], np.float32)
    return vertical.reshape(n, n - 1) / cell, horizontal.reshape(n - 1, n) / cell


def _thickness(band: np.ndarray, a: float, b: float, ink: float, slack: int = 2) -> float:
    """Median over the band's rows of the line through its middle, in pixels of full ink:
    the run of inked pixels (more than a tenth of the way from the square's grey to the
    ink's) through the middle, each counted by how far along it goes, so a mark in a square
    is no wall. Square `a` lies left of the middle, `b` right of it."""
    if band.size == 0:
        return 0.0
    mid = band.shape[1] // 2
    base = np.empty(band.shape[1], np.float32)
    base[:mid], base[mid:] = a, b
    base[mid] = max(a, b) if ink < min(a, b) else min(a, b)
    reach = ink - base
    reach[np.abs(reach) < 1.0] = 1.0 if ink >= max(a, b) else -1.0
    weight = np.clip((band - base) / reach, 0.0, 1.0)
    on = weight > 0.1
    best = np.zeros(band.shape[0])
    for m in range(max(0, mid - slack), min(band.shape[1], mid + slack + 1)):
        left = np.cumprod(on[:, m::-1], axis=1)
        right = np.cumprod(on[:, m:], axis=1)
        mass = (left * weight[:, m::-1]).sum(axis=1) + (right * weight[:, m:]).sum(axis=1)
        best = np.maximum(best, np.where(on[:, m], mass - weight[:, m], 0))
    return float(np.median(best))


def _split_walls(values: np.ndarray) -> float | None:
    """The thickness from which a line is a wall, or None when all lines are alike."""
    order = np.sort(values)
    if len(order) < 2 or order[-1] - order[0] < MIN_WALL_STEP:
        return None
    steps = np.diff(order)
    i = int(np.argmax(steps))
    low, high = order[i], order[i + 1]
    if high - low < MIN_WALL_STEP or high < 1.5 * max(low, 0.01):
        return None
    return float((low + high) / 2)
