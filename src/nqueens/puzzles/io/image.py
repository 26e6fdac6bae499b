"""Puzzles from screenshots: find the board in a PNG or JPEG, its size and its regions.

A board is found by its lines. Grid lines and walls are thin ridges: pixels darker (or,
on some dark themes, lighter) than the pixels a few steps away on *both* sides, which the
edges of an app bar, a margin or a coloured cell are not. Rows (and columns) where such
ridge pixels run a long way, with small gaps bridged (dashed grid lines, JPEG noise, a
player's crosses), are line candidates; lines sharing one extent, evenly spaced, as many
across as down, spanning a square, are the board, and their number less one is its size.
An outer frame that does not stand out from the background is inferred one square out.
:mod:`~nqueens.puzzles.io.image_cells` then reads each square's colour (from a ring inside
it, away from the crown or cross a player may have drawn in its middle) and the thickness
of each line between squares, and makes the regions from whichever of the two is clear.

Nothing is guessed: no board, an uneven or ambiguous grid, colours that do not separate
cleanly, walls and colours that disagree, or regions that do not number n raise
:class:`~nqueens.errors.PuzzleImportError` with one line saying what was unclear, and no
puzzle is made. Needs Pillow (the ``image`` extra); numpy does the work.
Cost: O(pixels) after shrinking the picture to at most :data:`MAX_SIDE` pixels a side.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from nqueens.errors import ImageSupportMissingError, PuzzleImportError, install_line

if TYPE_CHECKING:
    from nqueens.puzzles.io import Imported

__all__ = ["INSTALL_HINT", "MAX_PIXELS", "MAX_SIDE", "Lattice", "find_lattice", "read_image"]

INSTALL_HINT = f"reading a screenshot needs Pillow: {install_line('image')}"
MAX_SIDE = 1000
"""Pictures larger than this on a side are shrunk to it first (boards stay sharp enough)."""
MAX_PIXELS = 60_000_000
"""Larger pictures are refused unread (a decompression bomb is no screenshot)."""
RIDGE_MIN = 14.0
"""How much darker (or lighter) than both sides, on 0-255, a pixel is to count as line."""
_WHAT = "the picture"


@dataclass(frozen=True)
class Lattice:
    """The board found: ``xs`` and ``ys`` the n + 1 column and row line positions (pixels)."""

    xs: tuple[float, ...]
    ys: tuple[float, ...]
    polarity: str  # "dark" lines on lighter cells, or "light" lines on darker ones

    @property
    def n(self) -> int:
        return len(self.xs) - 1


def read_image(data: bytes, *, stars: int = 1) -> Imported:
    """The puzzle on a screenshot (PNG or JPEG bytes), k = ``stars``.

    Cost: O(pixels). Raises :class:`~nqueens.errors.ImageSupportMissingError` without
    Pillow, :class:`~nqueens.errors.PuzzleImportError` when unsure (one line).

    >>> import io
    >>> from PIL import Image, ImageDraw
    >>> img = Image.new("RGB", (180, 200), "white")
    >>> d = ImageDraw.Draw(img)
    >>> for r, colour in enumerate(["#f9c", "#9cf", "#cf9", "#fc9"]):
    ...     d.rectangle([10, 30 + 40 * r, 170, 70 + 40 * r], fill=colour)
    >>> for i in range(5):
    ...     d.line([10, 30 + 40 * i, 170, 30 + 40 * i], fill="black", width=2)
    ...     d.line([10 + 40 * i, 30, 10 + 40 * i, 190], fill="black", width=2)
    >>> out = io.BytesIO()
    >>> img.save(out, "PNG")
    >>> read_image(out.getvalue()).puzzle.regions
    ((0, 0, 0, 0), (1, 1, 1, 1), (2, 2, 2, 2), (3, 3, 3, 3))
    """
    from nqueens.puzzles.io import Imported
    from nqueens.puzzles.io.grids import build_puzzle
    from nqueens.puzzles.io.image_cells import read_regions

    rgb = _load_rgb(data)
    lattice = find_lattice(rgb)
    regions = read_regions(rgb, lattice)
    puzzle = build_puzzle(regions, stars, f"{_WHAT} (read as a {lattice.n} x {lattice.n} "
                                           "board)")
    return Imported(puzzle, None, "image", stars_stated=False)


def _load_rgb(data: bytes) -> np.ndarray:
    """The picture as an H x W x 3 float array (0-255), shrunk to :data:`MAX_SIDE`."""
    try:
        from PIL import Image, ImageOps
    except ImportError:
        raise ImageSupportMissingError(INSTALL_HINT) from None
    try:
        with Image.open(io.BytesIO(data)) as opened:
            if opened.width * opened.height > MAX_PIXELS:
                raise PuzzleImportError(f"{_WHAT} has {opened.width} x {opened.height} pixels, "
                                        f"more than the {MAX_PIXELS:,} a screenshot has")
            img = _flatten(ImageOps.exif_transpose(opened))
            side = max(img.width, img.height)
            if side > MAX_SIDE:
                scale = MAX_SIDE / side
                img = img.resize((max(1, round(img.width * scale)),
                                  max(1, round(img.height * scale))), Image.Resampling.BOX)
            rgb = np.asarray(img, dtype=np.float32)
    except (OSError, SyntaxError, ValueError) as err:
        if isinstance(err, PuzzleImportError):
            raise
        reason = str(err).split(" <", 1)[0]  # Pillow names its stream object: not useful
        raise PuzzleImportError(f"{_WHAT} cannot be decoded as PNG or JPEG: {reason}") from None
    if min(rgb.shape[:2]) < 24:
        raise PuzzleImportError(f"{_WHAT} is {rgb.shape[1]} x {rgb.shape[0]} pixels: too small "
                                "to hold a readable board")
    return rgb


def _flatten(img: Any) -> Any:
    """RGB, any transparency laid on white."""
    from PIL import Image

    if img.mode in ("RGBA", "LA") or (img.mode == "P" and "transparency" in img.info):
        img = img.convert("RGBA")
        back = Image.new("RGBA", img.size, (255, 255, 255, 255))
        return Image.alpha_composite(back, img).convert("RGB")
    return img.convert("RGB")


def _luminance(rgb: np.ndarray) -> np.ndarray:
    """Grey levels 0-255 (Rec. 601 weights). Cost: O(pixels)."""
    return rgb @ np.array([0.299, 0.587, 0.114], dtype=np.float32)


def find_lattice(rgb: np.ndarray) -> Lattice:
    """The board's grid lines, or :class:`~nqueens.errors.PuzzleImportError` saying why not.

    ``rgb`` is an H x W x 3 array of 0-255 values. Cost: O(pixels x ridge widths).

    >>> rgb = np.full((200, 200, 3), 250, np.float32)
    >>> for i in range(6):
    ...     rgb[20 + 32 * i, 20:181] = rgb[20:181, 20 + 32 * i] = 40
    >>> lattice = find_lattice(rgb)
    >>> lattice.n, lattice.xs[:2], lattice.ys[-1]
    (5, (20.0, 52.0), 180.0)
    """
    grey = _luminance(rgb)
    reach = int(np.clip(round(min(grey.shape) / 60), 3, 10))
    reasons: list[str] = []
    for polarity in ("dark", "light"):
        sign = 1.0 if polarity == "dark" else -1.0
        across = _ridges(sign * grey, reach)       # lines along the rows
        along = _ridges(sign * grey.T, reach).T    # lines along the columns
        either = np.maximum(across, along)  # a wall crossing a line does not break it
        rows = _line_candidates(either, grey.shape[1])
        cols = _line_candidates(either.T, grey.shape[0])
        lattice, why = _pair(rows, cols, polarity)
        if lattice is not None:
            return lattice  # dark lines first: light ones are looked for only without them
        if why:
            reasons.append(why)
    detail = reasons[0] if reasons else "no grid lines found"
    raise PuzzleImportError(f"no board found in {_WHAT}: {detail}")


def _ridges(grey: np.ndarray, reach: int) -> np.ndarray:
    """How much darker each pixel is than the pixels w above and w below, best w <= reach."""
    out = np.zeros_like(grey)
    for w in range(1, reach + 1):
        sides = np.minimum(grey[:-2 * w], grey[2 * w:])
        np.maximum(out[w:-w], sides - grey[w:-w], out=out[w:-w])
    return out


@dataclass(frozen=True)
class _Line:
    at: float     # centre across the line
    start: float  # extent along it
    end: float
    width: int    # thickness in pixels


def _line_candidates(ridge: np.ndarray, length: int) -> list[_Line]:
    """Long runs of ridge pixels along each row, bridged over small gaps, grouped into lines.

    Each row also counts the ridge pixels of the two rows either side, so that a thin line
    and the thicker walls drawn on it read as one line.
    """
    core = ridge >= RIDGE_MIN
    mask = core.copy()
    for shift in (1, 2):
        mask[shift:] |= core[:-shift]
        mask[:-shift] |= core[shift:]
    gap = max(6, length // 60)
    # bridge gaps: a pixel is on when ridge pixels lie within gap on both sides of it
    on = mask.astype(np.int32)
    csum = np.concatenate([np.zeros((on.shape[0], 1), np.int32), np.cumsum(on, axis=1)], axis=1)
    idx = np.arange(on.shape[1])
    left = csum[:, idx + 1] - csum[:, np.maximum(idx - gap, 0)]
    right = csum[:, np.minimum(idx + gap, on.shape[1] - 1) + 1] - csum[:, idx]
    bridged = (left > 0) & (right > 0)
    padded = np.zeros((bridged.shape[0], bridged.shape[1] + 2), np.int8)
    padded[:, 1:-1] = bridged
    d = np.diff(padded, axis=1)
    sr, sc = np.nonzero(d == 1)
    _, ec = np.nonzero(d == -1)
    shortest = max(40, length // 5)
    long_ = (ec - sc) >= shortest
    runs = sorted(zip(sr[long_].tolist(), sc[long_].tolist(), ec[long_].tolist(),
                      strict=True))
    return _group(runs, max(3.0, length / 60))


def _group(runs: list[tuple[int, int, int]], tol: float) -> list[_Line]:
    """Runs on neighbouring rows with the same extent, as one line each."""
    open_: list[list[tuple[int, int, int]]] = []
    done: list[list[tuple[int, int, int]]] = []
    for run in runs:
        y, s, e = run
        for group in open_:
            gy, gs, ge = group[-1]
            if y - gy <= 1 and abs(s - gs) <= tol and abs(e - ge) <= tol:
                group.append(run)
                break
        else:
            open_.append([run])
        still: list[list[tuple[int, int, int]]] = []
        for group in open_:
            (still if y - group[-1][0] <= 1 else done).append(group)
        open_ = still
    done.extend(open_)
    lines = []
    for group in done:
        ys = [g[0] for g in group]
        lines.append(_Line(float(np.mean(ys)), float(np.median([g[1] for g in group])),
                           float(np.median([g[2] for g in group])), len(group)))
    return lines


def _lattice_1d(lines: list[_Line]) -> list[tuple[tuple[float, ...], float, float]]:
    """Evenly spaced families of lines sharing one extent (within 5% of its length, for
    frames blurred at the corners): (positions, start, end) each."""
    families: list[list[_Line]] = []
    for line in sorted(lines, key=lambda ln: -(ln.end - ln.start)):
        for fam in families:
            tol = max(4.0, 0.05 * (fam[0].end - fam[0].start))
            if abs(fam[0].start - line.start) <= tol and abs(fam[0].end - line.end) <= tol:
                fam.append(line)
                break
        else:
            families.append([line])
    out: list[tuple[tuple[float, ...], float, float]] = []
    for fam in families:
        if len(fam) < 3:
            continue
        start = float(np.median([ln.start for ln in fam]))
        end = float(np.median([ln.end for ln in fam]))
        at = sorted(ln.at for ln in fam)
        steps = np.diff(at)
        step = float(np.median(steps))
        if step < 4 or max(ln.width for ln in fam) > 0.4 * step:
            continue
        out.extend((positions, start, end) for positions in _even(at, step, end - start))
    return out


def _even(at: list[float], step: float, span: float) -> list[tuple[float, ...]]:
    """The ways these lines make n + 1 evenly spaced positions, an outer one inferred where
    it is missing (a frame the same colour as the background); the other direction's lines
    then tell which way is the board."""
    found = []
    for first, last in ((at[0], at[-1]), (at[0] - step, at[-1]), (at[0], at[-1] + step),
                        (at[0] - step, at[-1] + step)):
        width = last - first
        n = round(width / step)
        if n < 2 or abs(width - span) > 0.35 * step + 2:
            continue
        cell = width / n
        expected = [first + i * cell for i in range(n + 1)]
        near = [min(abs(a - e) for a in at) for e in expected[1:-1]]
        extra = [a for a in at if min(abs(a - e) for e in expected) > 0.2 * cell]
        missing = sum(1 for d in near if d > 0.2 * cell)  # a line a player's mark broke
        if missing <= max(1, n // 4) and not extra:
            found.append(tuple(expected))
    return found


def _pair(rows: list[_Line], cols: list[_Line], polarity: str) -> tuple[Lattice | None, str]:
    """Row lines and column lines that make one square board."""
    if not rows or not cols:
        return None, ""
    hs = _lattice_1d(rows)
    vs = _lattice_1d(cols)
    if not hs or not vs:
        return None, "no evenly spaced grid lines (is the whole board in the picture?)"
    best: Lattice | None = None
    mismatch = ""
    for ys, x0, x1 in hs:
        for xs, y0, y1 in vs:
            cell = (xs[-1] - xs[0]) / (len(xs) - 1)
            if len(xs) != len(ys):
                mismatch = (f"the grid has {len(xs) - 1} columns but {len(ys) - 1} rows")
                continue
            if max(abs(xs[0] - x0), abs(xs[-1] - x1), abs(ys[0] - y0),
                   abs(ys[-1] - y1)) > 0.4 * cell + 2:
                continue
            lattice = Lattice(xs, ys, polarity)
            if best is None or xs[-1] - xs[0] > best.xs[-1] - best.xs[0]:
                best = lattice
    if best is None:
        return None, mismatch or "the row and column lines do not frame one square board"
    return best, ""
