"""One board as a hand-written SVG string (deterministic, as python-chess draws its boards).

`board_svg` draws a solution or a partial placement: light and dark squares, queens as
vector shapes (no font needed), 1-based row and column numbers, optionally the squares the
queens attack (shaded by how many queens attack them) and highlighted squares. Every square
is a `<rect>` carrying `data-row`/`data-col` (0-based), `data-queen="1"` where a
queen stands and `data-attacks="k"` when shaded, so programs and tests can read the
picture back. Searching and choosing what to draw are left to the caller;
`nqueens.render.png` turns the string into a PNG.

>>> svg = board_svg((1, 3, 0, 2))
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), svg.count('class="queen"')
(True, 4)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any
from xml.sax.saxutils import escape

from nqueens.errors import InvalidBoardError, InvalidSizeError

__all__ = [
    "COLORS",
    "SQUARE",
    "attack_counts",
    "board_svg",
    "coordinate_labels",
    "queen_shape",
]

SQUARE = 45
"""Side of one square in SVG user units (the viewBox scales the picture to `size`)."""

MARGIN = 20
"""Room for the row and column numbers, in user units."""

COLORS: dict[str, str] = {
    "light": "#f0d9b5",
    "dark": "#b58863",
    "attack": "#d6332f",
    "highlight": "#2f7ed8",
    "clash": "#d6332f",
    "queen": "#1f1f1f",
    "queen_edge": "#fafafa",
    "coord": "#555555",
}
"""The palette: square colours (lichess/python-chess), shading, queen fill and outline."""

_QUEEN_BODY = (
    "M 9,30 L 5.5,14 L 13.5,23 L 14,10 L 19.5,22 L 22.5,8 L 25.5,22 L 31,10 L 31.5,23 "
    "L 39.5,14 L 36,30 Z"
)
_QUEEN_TIPS = ((5.5, 14.0), (14.0, 10.0), (22.5, 8.0), (31.0, 10.0), (39.5, 14.0))


def queen_shape(x: float, y: float, *, fill: str = COLORS["queen"],
                edge: str = COLORS["queen_edge"]) -> str:
    """SVG for a queen in the square whose top-left corner is `(x, y)`.

    The queen is a crown drawn with a path, five circles and two bars, so it looks the same
    whatever fonts the viewer has. Cost: O(1).

    >>> queen_shape(0, 0).startswith('<g class="queen-shape" transform="translate(0,0)"')
    True
    """
    style = f'fill="{fill}" stroke="{edge}" stroke-width="1.5" stroke-linejoin="round"'
    parts = [f'<g class="queen-shape" transform="translate({_num(x)},{_num(y)})">']
    parts.append(f'<path d="{_QUEEN_BODY}" {style}/>')
    parts.extend(f'<circle cx="{cx}" cy="{cy}" r="2.6" {style}/>' for cx, cy in _QUEEN_TIPS)
    parts.append(f'<rect x="8.5" y="30" width="28" height="3.8" rx="1.5" {style}/>')
    parts.append(f'<rect x="7" y="34.2" width="31" height="4.3" rx="2" {style}/>')
    parts.append("</g>")
    return "".join(parts)


def coordinate_labels(n: int, margin: int) -> list[str]:
    """SVG `<text>` labels: an `n`-square board's column and row numbers, 1-based.

    The columns are numbered above the board, the rows left of it, for a board drawn
    `margin` units from the picture's top left corner. Cost: O(n).

    >>> [label.split(">")[1] for label in coordinate_labels(2, MARGIN)]
    ['1</text', '1</text', '2</text', '2</text']
    >>> coordinate_labels(2, MARGIN)[1].startswith('<text class="coord row" x="10.0" y="46.5"')
    True
    """
    font = (f'font-family="Helvetica, Arial, sans-serif" font-size="{_font_size(n)}" '
            f'fill="{COLORS["coord"]}" text-anchor="middle"')
    out = []
    for i in range(n):
        mid = margin + i * SQUARE + SQUARE / 2
        out.append(f'<text class="coord col" x="{_num(mid)}" y="{margin - 6}" {font}>'
                   f"{i + 1}</text>")
        out.append(f'<text class="coord row" x="{margin / 2}" y="{_num(mid + 4)}" {font}>'
                   f"{i + 1}</text>")
    return out


def attack_counts(placement: Sequence[int], n: int) -> list[list[int]]:
    """`counts[row][col]`: how many queens attack that square (queens not counting themselves).

    A queen attacks along its row, its column and both diagonals; two distinct lines meet in
    one square only, so a queen is counted at most once per other square. Cost: O(n^2).

    >>> attack_counts((0,), 3)
    [[0, 1, 1], [1, 1, 0], [1, 0, 1]]
    """
    rows: dict[int, int] = {}
    cols: dict[int, int] = {}
    diag: dict[int, int] = {}
    anti: dict[int, int] = {}
    for r, c in enumerate(placement):
        rows[r] = rows.get(r, 0) + 1
        cols[c] = cols.get(c, 0) + 1
        diag[r - c] = diag.get(r - c, 0) + 1
        anti[r + c] = anti.get(r + c, 0) + 1
    queens = set(enumerate(placement))
    counts = []
    for r in range(n):
        line = []
        for c in range(n):
            k = rows.get(r, 0) + cols.get(c, 0) + diag.get(r - c, 0) + anti.get(r + c, 0)
            line.append(k - 4 if (r, c) in queens else k)
        counts.append(line)
    return counts


def board_svg(
    board: Any,
    *,
    n: int | None = None,
    size: int | None = 400,
    attacks: bool = False,
    highlight: Iterable[tuple[int, int]] | None = None,
    coordinates: bool = True,
) -> str:
    """The board as an SVG document string: squares, queens, numbers.

    `board` is a `Solution` or a placement (0-based columns of the
    first rows; pass `n` for a partial one). `size` is the width in pixels (`None`: no
    width, the picture fills its container). `attacks=True` shades each empty square a
    queen attacks, darker the more queens attack it, and rings queens that attack each other.
    `highlight` lists 0-based `(row, col)` squares to mark. The output depends only on
    the arguments (no ids, no timestamps). Cost: O(n^2).

    >>> svg = board_svg((0,), n=3, attacks=True, coordinates=False)
    >>> svg.count('data-attacks='), svg.count('data-queen="1"')
    (6, 1)
    """
    placement = tuple(getattr(board, "placement", board))
    size_n = len(placement) if n is None else n
    _check(placement, size_n)
    marked = set(highlight or ())
    for r, c in marked:
        if not (0 <= r < size_n and 0 <= c < size_n):
            raise InvalidBoardError(
                f"highlighted square ({r}, {c}) is off a board of size {size_n} (0-based)"
            )
    counts = attack_counts(placement, size_n) if attacks else None
    queens = set(enumerate(placement))

    margin = MARGIN if coordinates else 0
    side = size_n * SQUARE
    width = margin + side + (margin // 2 if coordinates else 0)
    height = width
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="nqueens-board" '
        f'data-n="{size_n}" viewBox="0 0 {width} {height}"'
        + (f' width="{size}" height="{size}"' if size is not None else "")
        + ">",
        f"<desc>{escape(_describe(placement, size_n))}</desc>",
    ]
    if coordinates:
        out.append(f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>')
    out.extend(_squares(size_n, margin, queens, counts))
    if counts is not None:
        out.extend(_attack_shading(size_n, margin, queens, counts))
    out.extend(_highlights(marked, margin))
    out.extend(_queens(placement, margin, counts))
    if coordinates:
        out.extend(coordinate_labels(size_n, margin))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _squares(n: int, margin: int, queens: set[tuple[int, int]],
             counts: list[list[int]] | None) -> Iterator[str]:
    """The board's squares, each with its queen and the number of queens attacking it."""
    for r in range(n):
        for c in range(n):
            shade = "light" if (r + c) % 2 == 0 else "dark"
            extra = ' data-queen="1"' if (r, c) in queens else ""
            if counts is not None and (r, c) not in queens and counts[r][c]:
                extra += f' data-attacks="{counts[r][c]}"'
            yield (
                f'<rect class="square {shade}" data-row="{r}" data-col="{c}"{extra} '
                f'x="{margin + c * SQUARE}" y="{margin + r * SQUARE}" '
                f'width="{SQUARE}" height="{SQUARE}" fill="{COLORS[shade]}"/>'
            )


def _attack_shading(n: int, margin: int, queens: set[tuple[int, int]],
                    counts: list[list[int]]) -> Iterator[str]:
    """Each attacked empty square shaded, darker the more queens attack it, and dotted."""
    for r in range(n):
        for c in range(n):
            k = counts[r][c]
            if k and (r, c) not in queens:
                opacity = min(0.2 + 0.12 * (k - 1), 0.65)
                yield (
                    f'<rect class="attacked" data-row="{r}" data-col="{c}" '
                    f'x="{margin + c * SQUARE}" y="{margin + r * SQUARE}" '
                    f'width="{SQUARE}" height="{SQUARE}" fill="{COLORS["attack"]}" '
                    f'fill-opacity="{opacity:.2f}"/>'
                )
                yield (
                    f'<circle class="attack-dot" cx="{margin + c * SQUARE + SQUARE / 2:g}" '
                    f'cy="{margin + r * SQUARE + SQUARE / 2:g}" r="{3 + k}" '
                    f'fill="{COLORS["attack"]}" fill-opacity="0.75"/>'
                )


def _highlights(marked: set[tuple[int, int]], margin: int) -> Iterator[str]:
    """A frame on each highlighted square, in row order."""
    for r, c in sorted(marked):
        yield (
            f'<rect class="highlight" data-row="{r}" data-col="{c}" '
            f'x="{margin + c * SQUARE + 2}" y="{margin + r * SQUARE + 2}" '
            f'width="{SQUARE - 4}" height="{SQUARE - 4}" fill="{COLORS["highlight"]}" '
            f'fill-opacity="0.35" stroke="{COLORS["highlight"]}" stroke-width="4"/>'
        )


def _queens(placement: tuple[int, ...], margin: int,
            counts: list[list[int]] | None) -> Iterator[str]:
    """The queens, each ringed where another attacks it (when attacks are shown)."""
    for r, c in enumerate(placement):
        x, y = margin + c * SQUARE, margin + r * SQUARE
        if counts is not None and counts[r][c]:
            yield (
                f'<circle class="clash" data-row="{r}" data-col="{c}" cx="{x + SQUARE / 2}" '
                f'cy="{y + SQUARE / 2}" r="{SQUARE / 2 - 2}" fill="none" '
                f'stroke="{COLORS["clash"]}" stroke-width="3"/>'
            )
        yield f'<g class="queen" data-row="{r}" data-col="{c}">{queen_shape(x, y)}</g>'


def _check(placement: tuple[int, ...], n: int) -> None:
    if n < 1:
        raise InvalidSizeError(f"a board needs at least one row, got n = {n}")
    if len(placement) > n:
        raise InvalidBoardError(
            f"{len(placement)} queens (one per row) do not fit on a board of size {n}"
        )
    for r, c in enumerate(placement):
        if not isinstance(c, int) or not 0 <= c < n:
            raise InvalidBoardError(
                f"the queen of row {r + 1} is in column {c!r}, off a board of size {n} (0-based)"
            )


def _describe(placement: tuple[int, ...], n: int) -> str:
    cols = " ".join(str(c + 1) for c in placement) or "empty"
    return f"{n}-queens board, 1-based columns by row: {cols}"


def _font_size(n: int) -> int:
    return 14 if n < 100 else 10


def _num(x: float) -> str:
    return f"{x:g}"
