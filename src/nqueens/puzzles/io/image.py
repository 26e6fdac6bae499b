"""Puzzles from screenshots: find the board in a picture, its regions and the player's marks.

A screenshot is opened lazily: its size is checked before any pixel is decoded (no more
than `MAX_PIXELS`; Pillow's own decompression-bomb limit stays), then it is decoded
once. The board is looked for on a copy shrunk to at most `FIND_SIDE` pixels a side
(`image_lines`: the square grid of evenly spaced lines framed by
each other, wherever it lies among status bars, timers, buttons and text), then found again
on the board's own crop at full detail (at most `READ_SIDE` a side), where
`image_cells` reads each square's colour and each wall's
thickness and makes the regions, and `image_marks` reads the
crowns (queens) and crosses a player drew: they become `progress`.

Nothing is guessed: no board, an uneven or ambiguous grid, colours that do not separate
cleanly, walls and colours that disagree, or regions that do not number n raise
`PuzzleImportError` with one line saying what was unclear, and no
puzzle is made. Needs Pillow (the `image` extra); numpy does the work.
Cost: O(pixels) to decode, then O(`FIND_SIDE`^2 + `READ_SIDE`^2).
"""

from __future__ import annotations

import io
import warnings
from typing import TYPE_CHECKING, Any

import numpy as np

from nqueens.errors import ImageSupportMissingError, PuzzleImportError, install_line
from nqueens.puzzles.io.image_lines import Lattice, find_lattice

if TYPE_CHECKING:
    from nqueens.puzzles.io import Imported

__all__ = ["FIND_SIDE", "INSTALL_HINT", "MAX_PIXELS", "READ_SIDE", "Lattice", "find_lattice",
           "read_image"]

INSTALL_HINT = f"reading a screenshot needs Pillow: {install_line('image')}"
MAX_PIXELS = 10_000_000
"""Larger pictures are refused before a pixel is decoded (a 4K screen has 8.3 million, a
phone 2 to 5 million; a decompression bomb is no screenshot). Keeps the memory of the whole
`nqueens puzzle import` under 300 MB."""
FIND_SIDE = 1200
"""The board is looked for on the picture shrunk (by a whole factor) to at most this a side."""
READ_SIDE = 1000
"""The board's crop is read at full detail up to this a side (shrunk by a whole factor)."""
_WHAT = "the picture"
_FORMATS = ("PNG", "JPEG", "WEBP", "BMP", "GIF", "TIFF")


def read_image(data: bytes, *, stars: int = 1) -> Imported:
    """The puzzle on a screenshot (PNG or JPEG bytes), k = `stars`, and its marks.

    The crowns and crosses drawn on it come as `progress` (None when the board is bare).
    Cost: O(pixels). Raises `ImageSupportMissingError` without
    Pillow, `PuzzleImportError` when unsure (one line).

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
    from nqueens.puzzles.io.image_cells import cell_colours, read_regions
    from nqueens.puzzles.io.image_marks import read_marks

    rgb, lattice = locate_board(data)
    colours = cell_colours(rgb, np.asarray(lattice.xs), np.asarray(lattice.ys))
    regions = read_regions(rgb, lattice, colours)
    progress = read_marks(rgb, lattice, colours)
    puzzle = build_puzzle(regions, stars, f"{_WHAT} (read as a {lattice.n} x {lattice.n} "
                                           "board)")
    return Imported(puzzle, progress, "image", stars_stated=False)


def locate_board(data: bytes) -> tuple[np.ndarray, Lattice]:
    """The board's crop (H x W x 3 float32, 0-255) and its lattice in that crop.

    Cost: O(pixels) to decode and shrink, then the line search twice (see the module).

    >>> from PIL import Image, ImageDraw
    >>> img = Image.new("RGB", (300, 260), "white")
    >>> d = ImageDraw.Draw(img)
    >>> for i in range(5):
    ...     d.line([60, 40 + 40 * i, 220, 40 + 40 * i], fill="black", width=3)
    ...     d.line([60 + 40 * i, 40, 60 + 40 * i, 200], fill="black", width=3)
    >>> out = io.BytesIO()
    >>> img.save(out, "PNG")
    >>> crop, lattice = locate_board(out.getvalue())
    >>> lattice.n, crop.shape[2]
    (4, 3)
    """
    img = open_picture(data)
    w, h = img.size
    factor = max(1, -(-max(w, h) // FIND_SIDE))
    small = img.reduce(factor) if factor > 1 else img
    first = find_lattice(np.asarray(small, dtype=np.float32))
    # the board and a square's margin, at full detail
    cell = (first.xs[-1] - first.xs[0]) / first.n * factor
    x0 = max(0, int(first.xs[0] * factor - cell))
    y0 = max(0, int(first.ys[0] * factor - cell))
    x1 = min(w, int(first.xs[-1] * factor + cell) + 1)
    y1 = min(h, int(first.ys[-1] * factor + cell) + 1)
    shrink = max(1, -(-max(x1 - x0, y1 - y0) // READ_SIDE))
    crop = img.reduce(shrink, box=(x0, y0, x1, y1))  # no full-size copy
    rgb = np.asarray(crop, dtype=np.float32)
    try:
        again = find_lattice(rgb)
    except PuzzleImportError:
        again = None
    if again is None or again.n != first.n:
        again = first.scaled(factor / shrink, -x0 / shrink, -y0 / shrink)
    return rgb, again


def open_picture(data: bytes) -> Any:
    """The picture decoded (first frame), its size checked before any pixel is decoded.

    Refused in one line (`PuzzleImportError`): more than
    `MAX_PIXELS` pixels, past Pillow's decompression-bomb limit, truncated or broken,
    or too small for a board. Cost: O(pixels); memory at most about 4 bytes a pixel.

    >>> from PIL import Image
    >>> out = io.BytesIO()
    >>> Image.new("RGB", (40, 30), "white").save(out, "PNG")
    >>> open_picture(out.getvalue()).size
    (40, 30)
    >>> open_picture(b"not a picture")
    Traceback (most recent call last):
    ...
    nqueens.errors.PuzzleImportError: the picture cannot be decoded as PNG or JPEG: cannot \
identify image file
    """
    try:
        from PIL import Image, ImageOps
    except ImportError:
        raise ImageSupportMissingError(INSTALL_HINT) from None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            img = Image.open(io.BytesIO(data), formats=_FORMATS)
            w, h = img.size
            if w * h > MAX_PIXELS:
                raise PuzzleImportError(f"{_WHAT} is {w} x {h} pixels, more than the "
                                        f"{MAX_PIXELS:,} a screenshot has: crop it to the "
                                        "board")
            if min(w, h) < 24:
                raise PuzzleImportError(f"{_WHAT} is {w} x {h} pixels: too small to hold a "
                                        "readable board")
            img.load()
            if img.getexif().get(0x0112, 1) != 1:  # a phone's photo turned on its side
                img = ImageOps.exif_transpose(img)
            frames = getattr(img, "n_frames", 1)
            if frames > 1:
                raise PuzzleImportError(f"{_WHAT} is animated ({frames} frames): give a "
                                        "still screenshot of the board")
            img = _to_rgb(img)  # 8-bit RGB from here on
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as err:
        raise PuzzleImportError(f"{_WHAT} declares more pixels than Pillow decodes safely "
                                f"({str(err).split(',')[0]}): no screenshot is that large; "
                                "crop it to the board") from None
    except (OSError, SyntaxError, ValueError, EOFError, MemoryError) as err:
        if isinstance(err, PuzzleImportError):
            raise
        reason = str(err).split(" <", 1)[0] or type(err).__name__
        raise PuzzleImportError(f"{_WHAT} cannot be decoded as PNG or JPEG: {reason}") from None
    return img


def _to_rgb(img: Any) -> Any:
    """`img` as 8-bit RGB; transparency laid on white a strip at a time, so that no
    second full-size copy with an alpha channel is made. Cost: O(pixels)."""
    from PIL import Image

    if img.mode == "RGB":
        return img
    if img.mode in ("RGBA", "LA", "PA") or (img.mode == "P" and "transparency" in img.info):
        if img.mode == "RGBA" and img.getextrema()[3][0] == 255:
            return img.convert("RGB")  # opaque, as screenshots are
        out = Image.new("RGB", img.size, (255, 255, 255))
        for top in range(0, img.height, 256):
            strip = img.crop((0, top, img.width, min(img.height, top + 256))).convert("RGBA")
            out.paste(strip, (0, top), strip)
        return out
    return _flatten(img)


def _flatten(img: Any) -> Any:
    """RGB with 8 bits a channel, any transparency laid on white; 16-bit grey scaled down."""
    from PIL import Image

    if img.mode in ("I;16", "I;16B", "I;16L", "I"):
        grey = np.asarray(img, dtype=np.float64)
        top = 65535.0 if grey.max() > 255 else 255.0
        img = Image.fromarray(np.clip(grey * (255.0 / top), 0, 255).astype(np.uint8), "L")
    if img.mode == "F":
        img = img.convert("L")
    if img.mode in ("RGBA", "LA", "PA") or (img.mode == "P" and "transparency" in img.info):
        img = img.convert("RGBA")
        back = Image.new("RGBA", img.size, (255, 255, 255, 255))
        return Image.alpha_composite(back, img).convert("RGB")
    return img.convert("RGB")
