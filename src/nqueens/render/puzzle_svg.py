"""A puzzle as a hand-written SVG string: coloured regions with letters, givens, solution.

Region puzzles get one colour per region from a colour-blind-safe palette (Paul Tol's
"light" scheme), chosen so that neighbouring regions differ, and the region's letter in
the corner of every square, so the picture reads without colour too (and in grey print);
thick lines mark region borders. Completion puzzles get the usual light and dark squares,
blocked squares hatched with a cross, given queens in black. The solution (or any
placement) is drawn on request as queens in a second colour; crosses mark squares on request.

Every square is a `<rect class="cell">` with `data-row`/`data-col` (0-based) and, in
region puzzles, `data-region` (its letter); queens are `<g class="queen">` with
`data-given="1"` for givens. The geometry (square size, margins, the queen's shape) is
`nqueens.render.svg`'s. The output depends only on the arguments.

>>> from nqueens.puzzles.model import parse_puzzle
>>> svg = puzzle_svg(parse_puzzle("AAB\\nACB\\nCCB"), solution=(0, 2, 1))
>>> svg.count('class="cell"'), svg.count('class="queen"'), svg.count('data-region="C"')
(9, 3, 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any
from xml.sax.saxutils import escape

from nqueens._types import Square
from nqueens.errors import InvalidBoardError
from nqueens.puzzles.rules import REGION_LETTERS
from nqueens.render.svg import COLORS, MARGIN, SQUARE, coordinate_labels, queen_shape

Puzzle = Any
"""A `Puzzle` (the model draws itself in notebooks through
this module, lazily: this module does not import it back)."""

__all__ = ["PALETTE", "puzzle_svg", "region_colors"]

PALETTE = ("#77AADD", "#EE8866", "#EEDD88", "#FFAABB", "#99DDFF", "#44BB99", "#BBCC33",
           "#AAAA00", "#DDDDDD")
"""Paul Tol's "light" qualitative scheme: distinguishable with the common colour-vision
deficiencies, light enough for black letters and queens."""

SOLUTION_QUEEN = "#1d4f91"
"""Queens of a drawn solution of a completion puzzle (its givens stay black)."""


def region_colors(p: Puzzle) -> list[str]:
    """A palette colour per region, neighbouring regions different where 9 colours allow.

    Greedy colouring of the region adjacency graph, regions taken by decreasing number of
    neighbours, each taking the least used colour its neighbours do not have (so up to 9
    regions all differ). Cost: O(n^2).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> region_colors(parse_puzzle("AAB\\nACB\\nCCB"))
    ['#77AADD', '#EE8866', '#EEDD88']
    """
    n = p.n
    if not p.regions:
        return []
    near: list[set[int]] = [set() for _ in range(n)]
    for r in range(n):
        for c in range(n):
            k = p.regions[r][c]
            for rr, cc in ((r + 1, c), (r, c + 1)):
                if rr < n and cc < n and p.regions[rr][cc] != k:
                    near[k].add(p.regions[rr][cc])
                    near[p.regions[rr][cc]].add(k)
    colour = [-1] * n
    uses = [0] * len(PALETTE)
    for k in sorted(range(n), key=lambda k: (-len(near[k]), k)):
        used = {colour[j] for j in near[k]}
        free = [i for i in range(len(PALETTE)) if i not in used] or list(range(len(PALETTE)))
        colour[k] = min(free, key=lambda i: (uses[i], i))
        uses[colour[k]] += 1
    return [PALETTE[i] for i in colour]


def puzzle_svg(
    p: Puzzle, *, solution: Sequence[int] | None = None, crosses: Iterable[Square] = (),
    size: int | None = 400, coordinates: bool = True, queens: Iterable[Square] = (),
) -> str:
    """The puzzle as an SVG document string, with `solution` queens drawn if given.

    `solution` is a 0-based column per row (e.g. from `nqueens.puzzles.exact.solve`);
    `crosses` lists squares to mark with a cross, `queens` the queens (stars) a player
    has placed (a partial state; `puzzle import` reads them back). `size` is the width
    in pixels (None: fill the container). Cost: O(n^2).

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> svg = puzzle_svg(completion_puzzle(4, [(0, 1)], blocked=[(3, 3)]))
    >>> svg.count('data-given="1"'), svg.count('class="blocked"')
    (1, 1)
    """
    n = p.n
    marks = _checked_marks(n, solution, crosses)
    margin = MARGIN if coordinates else 0
    side = n * SQUARE
    width = margin + side + (margin // 2 if coordinates else 0)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="nqueens-puzzle" '
        f'data-n="{n}" data-kind="{p.kind}" viewBox="0 0 {width} {width}"'
        + (f' width="{size}" height="{size}"' if size is not None else "") + ">",
        f"<desc>{escape(_describe(p))}</desc>",
        f'<rect x="0" y="0" width="{width}" height="{width}" fill="#ffffff"/>',
    ]
    out.extend(_cells(p, margin))
    for r, c in p.blocked:
        x, y = margin + c * SQUARE, margin + r * SQUARE
        out.append(f'<g class="blocked" data-row="{r}" data-col="{c}">'
                   f'<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" '
                   f'fill="#555555" fill-opacity="0.55"/>'
                   + _cross(x, y, "#ffffff", 3) + "</g>")
    if p.regions:
        out.append(_borders(p, margin))
    out.append(f'<rect x="{margin}" y="{margin}" width="{side}" height="{side}" fill="none" '
               f'stroke="#111111" stroke-width="3"/>')
    for r, c in marks:
        x, y = margin + c * SQUARE, margin + r * SQUARE
        out.append(f'<g class="cross" data-row="{r}" data-col="{c}">'
                   + _cross(x, y, "#333333", 2) + "</g>")
    out.extend(_queens(p, solution, margin, queens))
    if coordinates:  # the font size is 14 for every puzzle (n <= 62) as for a board
        out.extend(coordinate_labels(n, margin))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _checked_marks(n: int, solution: Sequence[int] | None,
                   crosses: Iterable[Square]) -> list[Square]:
    """The crosses in order, after checking them and the solution against the board."""
    if solution is not None:
        _solution_squares(n, solution)
    marks = sorted(set(crosses))
    for r, c in marks:
        if not (0 <= r < n and 0 <= c < n):
            raise InvalidBoardError(f"cross at ({r}, {c}) is off a board of size {n} (0-based)")
    return marks


_LETTER_FONT = ('font-family="Helvetica, Arial, sans-serif" font-size="11" '
                'fill="#222222" fill-opacity="0.75"')


def _cells(p: Puzzle, margin: int) -> Iterator[str]:
    """Every square: its region's colour and letter, or light and dark without regions."""
    colours = region_colors(p)
    for r in range(p.n):
        for c in range(p.n):
            x, y = margin + c * SQUARE, margin + r * SQUARE
            if p.regions:
                k = p.regions[r][c]
                letter = REGION_LETTERS[k]
                yield (f'<rect class="cell" data-row="{r}" data-col="{c}" '
                       f'data-region="{letter}" x="{x}" y="{y}" width="{SQUARE}" '
                       f'height="{SQUARE}" fill="{colours[k]}" stroke="#555555" '
                       f'stroke-width="0.5"/>')
                yield (f'<text class="letter" x="{x + 3}" y="{y + 12}" {_LETTER_FONT}>'
                       f"{letter}</text>")
            else:
                shade = "light" if (r + c) % 2 == 0 else "dark"
                yield (f'<rect class="cell" data-row="{r}" data-col="{c}" x="{x}" '
                       f'y="{y}" width="{SQUARE}" height="{SQUARE}" '
                       f'fill="{COLORS[shade]}"/>')


def _queens(p: Puzzle, solution: Sequence[int] | None, margin: int,
            placed: Iterable[Square] = ()) -> Iterator[str]:
    """The given queens and the solution's (or a player's), in square order (a given
    drawn once)."""
    queens = dict.fromkeys(p.givens, True)
    for sq in [] if solution is None else _solution_squares(p.n, solution):
        queens.setdefault(sq, False)
    for r, c in placed:
        queens.setdefault((int(r), int(c)), False)
    for (r, c), is_given in sorted(queens.items()):
        x, y = margin + c * SQUARE, margin + r * SQUARE
        fill = COLORS["queen"] if is_given or p.regions else SOLUTION_QUEEN
        yield (f'<g class="queen" data-row="{r}" data-col="{c}" '
               f'data-given="{int(is_given)}">{queen_shape(x, y, fill=fill)}</g>')


def _cross(x: float, y: float, colour: str, width: float) -> str:
    a, b = 13, SQUARE - 13
    return (f'<path d="M {x + a},{y + a} L {x + b},{y + b} M {x + b},{y + a} L {x + a},{y + b}" '
            f'stroke="{colour}" stroke-width="{width}" stroke-linecap="round"/>')


def _borders(p: Puzzle, margin: int) -> str:
    n = p.n
    parts = []
    for r in range(n):
        for c in range(n):
            x, y = margin + c * SQUARE, margin + r * SQUARE
            if c + 1 < n and p.regions[r][c] != p.regions[r][c + 1]:
                parts.append(f"M {x + SQUARE},{y} L {x + SQUARE},{y + SQUARE}")
            if r + 1 < n and p.regions[r][c] != p.regions[r + 1][c]:
                parts.append(f"M {x},{y + SQUARE} L {x + SQUARE},{y + SQUARE}")
    return (f'<path class="borders" d="{" ".join(parts)}" stroke="#111111" stroke-width="3" '
            'stroke-linecap="square" fill="none"/>')


def _describe(p: Puzzle) -> str:
    return f"{p.n} x {p.n} {p.kind} puzzle: {p.rules_text()}"


def _solution_squares(n: int, solution: Sequence[Any]) -> list[Square]:
    """The squares of a solution given as a column per row, or (k stars) as the k columns of
    each row; anything else is an `InvalidBoardError`."""
    def columns(row: Any) -> tuple[int, ...]:
        cols = (row,) if isinstance(row, int) else tuple(row)
        if not cols or not all(isinstance(c, int) and 0 <= c < n for c in cols):
            raise InvalidBoardError
        return cols

    try:
        if len(solution) != n:
            raise InvalidBoardError
        return [(r, c) for r, row in enumerate(solution) for c in columns(row)]
    except (InvalidBoardError, TypeError):
        raise InvalidBoardError(
            f"a solution needs, for each of the {n} rows, its column (or its k columns) in "
            f"0..{n - 1}, got {tuple(solution)!r}") from None
