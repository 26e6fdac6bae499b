"""An animated GIF of a trace, for slides: one frame a step, the sentence under the board.

Each frame is the board at one event (queens placed; a tried square framed green when
promising, red when not; a queen taken back framed blue; a solution's queens framed gold)
with the narrative line of that event, or the last one before it, under the board, and
the frame's number. Frames are drawn as SVG (`nqueens.render.svg.board_svg`),
rasterised by cairosvg (`nqueens.render.png`, the `png` extra) and joined by Pillow
(the `image` extra). Solutions are held longer on screen.

>>> from nqueens.trace import events
>>> frame_svg(4, list(events(4))[0], "<1,1> is promising.", "en", 1, 3).count("<svg")
2
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from xml.sax.saxutils import escape

from nqueens._validate import check_size
from nqueens.errors import MissingDependencyError, PlayerInputError
from nqueens.files import write_atomic
from nqueens.render.svg import MARGIN, SQUARE, board_svg
from nqueens.render.tree_words import FONTS, text_width
from nqueens.trace import Event

__all__ = ["FRAME_MS", "GIF_MAX_STEPS", "INSTALL_HINT", "frame_svg", "trace_gif",
           "write_gif"]

GIF_MAX_STEPS = 300
"""The most squares tried a GIF is drawn for (about three frames a square: n = 5 to the end
tries 220; n = 6 to the end, 894, is refused)."""
FRAME_MS = 700
"""How long one frame is shown; a solution is shown four times as long."""
INSTALL_HINT = 'an animated GIF needs Pillow and cairosvg: pip install "nqueens-toolkit[image,png]"'
_WIDTH = 480
_TEXT = 17
_FRAME_COLORS = {"promising": "#2f9e5f", "nonpromising": "#d6332f", "lifted": "#2f7ed8",
                 "solution": "#e8a317"}


def frame_svg(n: int, event: Event, line: str, lang: str, index: int, total: int,
              rows_of_text: int = 1) -> str:
    """One frame as SVG: the board at `event` and `line` under it.

    The frame has room for at least `rows_of_text` rows of text (every frame of a GIF has
    the first one's size). Cost: O(n^2 + len(line)).

    >>> from nqueens.trace import events
    >>> 'stroke="#d6332f"' in frame_svg(4, list(events(4))[2], "", "en", 3, 9)
    True
    """
    board = board_svg(event.queens, n=n, size=_WIDTH)
    side = MARGIN + n * SQUARE + MARGIN // 2
    unit = _WIDTH / side
    marks = []
    if event.kind == "try":
        marks = [(event.row, event.col, "promising" if event.promising else "nonpromising")]
    elif event.kind == "backtrack":
        marks = [(event.row - 1, event.col, "lifted")]
    elif event.kind == "solution":
        marks = [(r, c, "solution") for r, c in enumerate(event.queens)]
    rows = _wrap(line, _WIDTH - 24)
    height = _WIDTH + 16 + (max(len(rows), rows_of_text) + 1) * (_TEXT + 6)
    font = escape(FONTS.get(lang, FONTS["en"]), {'"': "&quot;"})
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{height}" '
           f'viewBox="0 0 {_WIDTH} {height}">',
           f'<rect width="{_WIDTH}" height="{height}" fill="#ffffff"/>', board]
    for r, c, kind in marks:
        x, y = (MARGIN + c * SQUARE) * unit, (MARGIN + r * SQUARE) * unit
        out.append(f'<rect x="{x + 3:.1f}" y="{y + 3:.1f}" width="{SQUARE * unit - 6:.1f}" '
                   f'height="{SQUARE * unit - 6:.1f}" fill="none" stroke-width="6" '
                   f'stroke="{_FRAME_COLORS[kind]}"/>')
    y = _WIDTH + 12
    for text in [*rows, f"{index} / {total}"]:
        y += _TEXT + 6
        out.append(f'<text x="12" y="{y}" font-size="{_TEXT}" font-family="{font}" '
                   f'fill="#222">{escape(text)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _wrap(line: str, width: float) -> list[str]:
    """`line` cut into rows that fit `width` pixels (CJK text may break anywhere)."""
    rows, row = [], ""
    narrow = _TEXT * 0.55
    for ch in line:
        if text_width(row + ch, narrow) > width:
            cut = row.rfind(" ")
            if cut > 0:
                rows.append(row[:cut])
                row = row[cut + 1:]
            else:
                rows.append(row)
                row = ""
        row += ch
    rows.append(row)
    return [r for r in rows if r] or [""]


def trace_gif(n: int, events: Sequence[Event], lines: Sequence[str], lang: str) -> bytes:
    """The GIF's bytes: one frame per event of `events`, narrated by `lines`.

    Cost: O(n^2) per frame to draw, and O(pixels) a frame to rasterise.
    Raises `MissingDependencyError` without Pillow or cairosvg.

    >>> from nqueens.trace import events
    >>> try:
    ...     gif = trace_gif(1, list(events(1)), ["a", "", "b"], "en")
    ...     made = gif.startswith(b"GIF89a")
    ... except MissingDependencyError as err:  # no Pillow, or no cairosvg
    ...     made = str(err) == INSTALL_HINT or "cairosvg" in str(err)
    >>> made
    True
    """
    n = check_size(n)
    if not events or len(lines) != len(events):
        raise PlayerInputError(f"{len(events)} events but {len(lines)} lines; one line each")
    try:
        from PIL import Image
    except ImportError:
        raise MissingDependencyError(INSTALL_HINT) from None
    from nqueens.render.png import svg_to_png

    rgb, durations = [], []
    shown = ""
    rows = max(len(_wrap(line, _WIDTH - 24)) for line in lines)
    for k, (e, line) in enumerate(zip(events, lines, strict=True)):
        shown = line or shown
        png = svg_to_png(frame_svg(n, e, shown, lang, k + 1, len(events), rows))
        with Image.open(io.BytesIO(png)) as im:
            rgb.append(im.convert("RGB"))
        durations.append(FRAME_MS * (4 if e.kind == "solution" else 1))
    # one palette for every frame, from a frame of each kind side by side (each colour of
    # the frames is in it), so that Pillow stores only what changes from frame to frame
    kinds: dict[tuple[str, bool | None], int] = {}
    for k, e in enumerate(events):
        kinds.setdefault((e.kind, e.promising), k)
    sample = Image.new("RGB", (rgb[0].width * len(kinds), rgb[0].height))
    for i, k in enumerate(kinds.values()):
        sample.paste(rgb[k], (i * rgb[0].width, 0))
    palette = sample.quantize(colors=64, dither=Image.Dither.NONE)
    images = [im.quantize(palette=palette, dither=Image.Dither.NONE) for im in rgb]
    out = io.BytesIO()
    images[0].save(out, format="GIF", save_all=True, append_images=images[1:],
                   duration=durations, loop=0, optimize=True, disposal=1)
    return out.getvalue()


def write_gif(path: str | os.PathLike[str], n: int, events: Sequence[Event],
              lines: Sequence[str], lang: str) -> None:
    """Write `trace_gif` to `path` atomically (no half-written file).

    Cost: O(n^2) a frame, as `trace_gif`.

    >>> from nqueens.trace import events
    >>> write_gif("/no/such/dir/t.gif", 1, list(events(1)), [""] * 2, "en")
    Traceback (most recent call last):
    ...
    nqueens.errors.PlayerInputError: 3 events but 2 lines; one line each
    """
    write_atomic(path, trace_gif(n, events, lines, lang))
