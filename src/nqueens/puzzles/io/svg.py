"""Our own puzzle SVG read back: `nqueens puzzle svg` (and `make --format svg`, and the
board inside a `puzzle play` page) mark every square with its row, column and region, and
every queen and cross, so the picture is the puzzle and the player's state.

Read with regular expressions over our own markup (no XML parser, no entity expansion);
an SVG nqueens did not draw is refused in one line that says what reads it.

>>> from nqueens.puzzles.model import parse_puzzle
>>> from nqueens.render.puzzle_svg import puzzle_svg
>>> p = parse_puzzle("AAB\\nACB\\nCCB\\n")
>>> imp = read_svg(puzzle_svg(p, queens=[(0, 0)], crosses=[(2, 1)]))
>>> imp.puzzle == p, imp.progress
(True, ('Q..', '...', '.x.'))
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from nqueens.errors import PuzzleImportError

if TYPE_CHECKING:
    from nqueens.puzzles.io import Imported

__all__ = ["looks_like_svg", "read_svg"]

_OURS = re.compile(r'<svg[^>]*class="nqueens-puzzle"[^>]*data-n="(\d+)"[^>]*'
                   r'data-kind="(regions|completion)"')
_CELL = re.compile(r'<rect class="cell" data-row="(\d+)" data-col="(\d+)"'
                   r'(?: data-region="([A-Za-z0-9])")?')
_MARK = re.compile(r'<g class="(queen|cross|blocked)" data-row="(\d+)" data-col="(\d+)"'
                   r'(?: data-given="([01])")?')
_DESC = re.compile(r"<desc>([^<]*)</desc>")


def looks_like_svg(text: str) -> bool:
    """Whether `text` is an SVG or HTML document (it starts with `<`). Cost: O(1).

    >>> looks_like_svg("  <svg xmlns='http://www.w3.org/2000/svg'/>"), looks_like_svg("AB\\nBB")
    (True, False)
    """
    return text.lstrip()[:1] == "<"


def read_svg(text: str) -> Imported:
    """The puzzle and player's state of an SVG nqueens drew (or a play page holding one).

    Cost: O(len(text)). Anything else raises `PuzzleImportError`.

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> from nqueens.render.puzzle_svg import puzzle_svg
    >>> p = parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n")
    >>> read_svg(puzzle_svg(p)).puzzle == p
    True
    >>> read_svg("<svg/>")
    Traceback (most recent call last):
    ...
    nqueens.errors.PuzzleImportError: an SVG or HTML file that nqueens did not draw: export \
the picture as PNG and import that (nqueens puzzle import picture.png)
    """
    from nqueens.puzzles.io import Imported
    from nqueens.puzzles.model import MAX_PUZZLE_N, PuzzleFormatError, completion_puzzle
    from nqueens.puzzles.model import region_puzzle as build
    from nqueens.puzzles.rules import rules_for

    head = _OURS.search(text)
    if head is None:
        raise PuzzleImportError(
            "an SVG or HTML file that nqueens did not draw: export the picture as PNG and "
            "import that (nqueens puzzle import picture.png)")
    n, kind = int(head.group(1)), head.group(2)
    if not 1 <= n <= MAX_PUZZLE_N:
        raise PuzzleImportError(f"the SVG's board size {n} is off 1-{MAX_PUZZLE_N}")
    grid = [["?"] * n for _ in range(n)]
    for r, c, letter in _CELL.findall(text):
        if int(r) < n and int(c) < n:
            grid[int(r)][int(c)] = letter or "."
    if any("?" in row for row in grid):
        raise PuzzleImportError("the SVG lacks some squares: it was cut or edited; draw it "
                                "again with nqueens puzzle svg")
    state = [["."] * n for _ in range(n)]
    givens, blocked = [], []
    for what, r, c, given in _MARK.findall(text):
        sq = (int(r), int(c))
        if not (sq[0] < n and sq[1] < n):
            continue
        if what == "blocked":
            blocked.append(sq)
        elif what == "queen" and given == "1":
            givens.append(sq)
        else:
            state[sq[0]][sq[1]] = "Q" if what == "queen" else "x"
    desc = _DESC.search(text)
    rules = desc.group(1) if desc else ""
    stars = re.match(r".*?: (\d+) stars per row", rules)
    has_regions = rules_for(kind).has_regions
    try:
        if not has_regions:
            puzzle = completion_puzzle(n, givens, blocked=blocked)
        else:
            puzzle = build(["".join(row) for row in grid], diagonals="diagonal" in rules,
                           stars=int(stars.group(1)) if stars else 1)
    except PuzzleFormatError as err:
        raise PuzzleImportError(f"the SVG: {err}") from None
    rows = tuple("".join(row) for row in state)
    progress = rows if has_regions and any(ch != "." for row in rows for ch in row) \
        else None
    return Imported(puzzle, progress, "svg", stars_stated=True)
