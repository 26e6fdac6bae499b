"""Screenshots of region puzzles drawn with Pillow in several styles, for the image reader.

Not our SVG renderer: each style imitates a family of real apps and sites - pastel Queens
apps with thin lines, black walls on white as Star Battle sites draw, a dark theme with
light lines, dashed grids - with an app bar and margins around the board, at odd scales, as
JPEG, with crowns and crosses a player drew; coloured tiles with gaps and no lines. The
region grid goes in, so every reading is checked against the truth.
"""

from __future__ import annotations

import io
import math

from PIL import Image, ImageDraw

PASTEL = [(187, 163, 226), (255, 201, 146), (150, 190, 255), (179, 223, 160),
          (223, 223, 223), (255, 123, 96), (230, 243, 136), (185, 178, 158),
          (223, 160, 191), (163, 210, 216), (98, 239, 234), (255, 147, 243),
          (120, 160, 120), (240, 240, 180), (200, 120, 200), (140, 140, 255),
          (255, 220, 220), (170, 255, 170)]
DARK = [(94, 60, 150), (170, 100, 40), (40, 90, 170), (60, 130, 60), (110, 110, 110),
        (170, 50, 40), (140, 150, 40), (100, 80, 60), (150, 60, 110), (40, 120, 130),
        (20, 150, 150), (160, 60, 160), (30, 80, 30), (150, 150, 90), (120, 40, 40),
        (70, 70, 170), (170, 130, 130), (90, 170, 90)]


def colouring(regions: list[list[int]], palette: int, *, reuse: bool = False) -> list[int]:
    """A colour index per region: each its own where the palette allows (as Queens apps
    do), else (or with ``reuse``) few colours, neighbours different (greedy)."""
    n = len(regions)
    k = max(max(row) for row in regions) + 1
    if k <= palette and not reuse:
        return list(range(k))
    near: list[set[int]] = [set() for _ in range(k)]
    for r in range(n):
        for c in range(n):
            for rr, cc in ((r + 1, c), (r, c + 1)):
                if rr < n and cc < n and regions[r][c] != regions[rr][cc]:
                    near[regions[r][c]].add(regions[rr][cc])
                    near[regions[rr][cc]].add(regions[r][c])
    colour = [-1] * k
    for region in sorted(range(k), key=lambda i: -len(near[i])):
        used = {colour[j] for j in near[region]}
        colour[region] = next((i for i in range(palette) if i not in used), 0)
    return colour


def draw_board(regions: list[list[int]], *, style: str, cell: int = 40, margin: int = 30,
               header: int = 0, crowns: tuple[tuple[int, int], ...] = (),
               crosses: tuple[tuple[int, int], ...] = (), scale: float = 1.0,
               jpeg: int | None = None) -> bytes:
    """The picture's file bytes (PNG, or JPEG at quality ``jpeg``)."""
    n = len(regions)
    side = n * cell
    styles = {
        # background, cell colours or None (white), thin line, thin width, wall, wall width
        "queens": ((255, 255, 255), PASTEL, (60, 60, 60), 1, (30, 30, 30), 3),
        "queens-flat": ((245, 245, 245), PASTEL, (90, 90, 90), 1, None, 0),
        "queens-reuse": ((255, 255, 255), PASTEL, (60, 60, 60), 1, (30, 30, 30), 4),
        "walls": ((255, 255, 255), None, (190, 190, 190), 1, (0, 0, 0), 4),
        "dashed": ((250, 250, 250), None, (150, 150, 150), 1, (10, 10, 10), 4),
        "dark": ((18, 18, 18), DARK, (0, 0, 0), 2, (0, 0, 0), 5),
        "dark-light-lines": ((30, 30, 34), None, (110, 110, 110), 1, (235, 235, 235), 4),
        # coloured tiles with gaps of the background between them, no lines (mobile clones)
        "tiles": ((250, 250, 250), PASTEL, None, 0, None, 0),
        "tiles-dark": ((20, 20, 24), DARK, None, 0, None, 0),
    }
    back, palette, thin, thin_w, wall, wall_w = styles[style]
    width, height = side + 2 * margin, side + 2 * margin + header
    img = Image.new("RGB", (width, height), back)
    d = ImageDraw.Draw(img)
    if header:
        bar = (40, 80, 160) if back[0] > 128 else (45, 45, 50)
        d.rectangle([0, 0, width, header - 8], fill=bar)
        d.text((12, header // 3), "Queens #412  -  00:42", fill=(255, 255, 255))
    x0, y0 = margin, margin + header
    colour = (colouring(regions, len(palette), reuse=style.endswith("reuse")) if palette
              else None)
    gap = max(2, cell // 12) if thin is None else 0
    for r in range(n):
        for c in range(n):
            fill = palette[colour[regions[r][c]]] if palette and colour else back
            if palette is None and back[0] < 128:
                fill = (48, 48, 52)
            d.rectangle([x0 + c * cell + gap // 2, y0 + r * cell + gap // 2,
                         x0 + (c + 1) * cell - 1 - (gap - gap // 2),
                         y0 + (r + 1) * cell - 1 - (gap - gap // 2)], fill=fill)
    for i in range(n + 1):  # thin lines
        if thin is None:
            break
        if style == "dashed":
            for t in range(0, side, 6):
                d.line([x0 + t, y0 + i * cell, x0 + min(t + 3, side), y0 + i * cell],
                       fill=thin, width=thin_w)
                d.line([x0 + i * cell, y0 + t, x0 + i * cell, y0 + min(t + 3, side)],
                       fill=thin, width=thin_w)
        else:
            d.line([x0, y0 + i * cell, x0 + side, y0 + i * cell], fill=thin, width=thin_w)
            d.line([x0 + i * cell, y0, x0 + i * cell, y0 + side], fill=thin, width=thin_w)
    if wall is not None:
        for r in range(n):
            for c in range(n):
                if c + 1 < n and regions[r][c] != regions[r][c + 1]:
                    x = x0 + (c + 1) * cell
                    d.line([x, y0 + r * cell, x, y0 + (r + 1) * cell], fill=wall,
                           width=wall_w)
                if r + 1 < n and regions[r][c] != regions[r + 1][c]:
                    y = y0 + (r + 1) * cell
                    d.line([x0 + c * cell, y, x0 + (c + 1) * cell, y], fill=wall,
                           width=wall_w)
        d.rectangle([x0 - wall_w // 2, y0 - wall_w // 2, x0 + side + wall_w // 2,
                     y0 + side + wall_w // 2], outline=wall, width=wall_w)
    mark = (20, 20, 20) if back[0] > 128 or palette else (230, 230, 230)
    for r, c in crowns:
        cx, cy, s = x0 + c * cell + cell / 2, y0 + r * cell + cell / 2, cell * 0.28
        d.polygon([(cx - s, cy + s * 0.6), (cx - s, cy - s * 0.5), (cx - s / 2, cy),
                   (cx, cy - s * 0.8), (cx + s / 2, cy), (cx + s, cy - s * 0.5),
                   (cx + s, cy + s * 0.6)], fill=mark)
    for r, c in crosses:
        cx, cy, s = x0 + c * cell + cell / 2, y0 + r * cell + cell / 2, cell * 0.2
        d.line([cx - s, cy - s, cx + s, cy + s], fill=mark, width=max(1, cell // 14))
        d.line([cx - s, cy + s, cx + s, cy - s], fill=mark, width=max(1, cell // 14))
    if scale != 1.0:
        img = img.resize((math.ceil(width * scale), math.ceil(height * scale)),
                         Image.Resampling.BILINEAR)
    out = io.BytesIO()
    if jpeg is not None:
        img.save(out, "JPEG", quality=jpeg)
    else:
        img.save(out, "PNG")
    return out.getvalue()
