"""The puzzle model and its plain text format: region puzzles and completion puzzles.

Two kinds of puzzle share one `Puzzle` record:

- **region** puzzles (Star Battle; with one star, the daily "Queens" game): an n x n grid cut
  into n regions; place k stars (queens) in every row, every column and every region, no
  two touching (not even at a corner); k = `stars`, 1 by default. With the rule
  `diagonals` no two may share any full diagonal either (the n-queens rule). A region
  may be in several pieces, as in real puzzles; the rule `connected` requires every
  region in one piece (`make` grows connected regions).
- **completion** puzzles: the n-queens rules (one queen per row and column, none sharing a
  diagonal) with some queens given and some squares blocked (always one star).

Solutions (`nqueens.puzzles.solution`, which also checks them): a one-star puzzle's
solution is a placement, `cols[row]` the column of each row's queen, as every k = 1
function returns; a k-star solution is star rows, `stars[row]` the sorted tuple of that
row's k columns, which `as_stars` makes from either form.

The text format: optional `key: value` header lines, then one line per row::

    # a comment
    kind: regions          (or completion; guessed from the grid when absent)
    stars: 2               (regions only, optional: k stars per row, column and region)
    rules: diagonals       (regions only, optional: diagonals and/or connected; the old
                            word disconnected is read and means the default)
    AABB                   (regions: one letter per square naming its region, A-Z then a-z
    ...                     then 0-9; completion: Q a given queen, . empty, x blocked)

Blank lines and spaces inside rows are ignored. Regions are numbered in order of first
appearance (reading row by row), so `Puzzle.to_text` writes the letters A, B, C, ...
in that order. Every malformed input raises `PuzzleFormatError` (a
`ParseError`) with a one-line message naming the line or the square
(1-based `<row,col>`). Solving is left to `nqueens.puzzles.exact`.

>>> p = parse_puzzle("AAB\\nACB\\nCCB\\n")
>>> p.kind, p.n, p.regions[1]
('regions', 3, (0, 2, 1))
>>> parse_puzzle("Q...\\n...Q\\n....\\n....\\n").givens
((0, 0), (1, 3))
>>> parse_puzzle("AAB\\nACB\\nCDB\\n")
Traceback (most recent call last):
...
nqueens.errors.PuzzleFormatError: a 3 x 3 grid needs 3 regions, found 4 (A, B, C, D)
>>> parse_puzzle("stars: 2\\n" + "AABB\\n" * 2 + "CCDD\\n" * 2).stars
Traceback (most recent call last):
...
nqueens.errors.PuzzleFormatError: 2 stars per row cannot fit on a 4 x 4 board: no two \
stars touch, so at most 4 fit (one per 2 x 2 block) and 2 x 4 = 8 are needed
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, Literal, cast

from nqueens._board_rows import board_squares
from nqueens._types import Square
from nqueens._validate import (
    as_int,
    check_instance,
    check_squares,
    check_text,
    is_sequence,
    short_repr,
)
from nqueens.errors import PuzzleFormatError
from nqueens.puzzles.rules import KINDS as RULE_KINDS
from nqueens.puzzles.rules import (
    REGION_LETTERS,
    CompletionRules,
    RegionRules,
    Rules,
    check_stars,
    rules_for,
)

__all__ = [
    "KINDS",
    "MAX_PUZZLE_N",
    "REGION_LETTERS",
    "Kind",
    "Puzzle",
    "PuzzleFormatError",
    "Square",
    "check_puzzle",
    "check_stars",
    "clash",
    "completion_puzzle",
    "made_completion_puzzle",
    "made_region_puzzle",
    "parse_puzzle",
    "region_puzzle",
    "split_regions",
]

Kind = Literal["regions", "completion"]
KINDS: tuple[Kind, ...] = RULE_KINDS  # type: ignore[assignment]


MAX_PUZZLE_N = 62
"""The largest puzzle: 62 region letters, and 64-bit row masks in the compiled search."""

_RULES = ("diagonals", "connected")
_OLD_RULES = ("disconnected",)  # read for old files: it names the default now


@dataclass(frozen=True)
class Puzzle:
    """One puzzle. Build it with `region_puzzle`, `completion_puzzle` or
    `parse_puzzle`, which check it; the fields are plain data.

    `regions[r][c]` is the region (0..n-1) of square `(r, c)` (empty for completion
    puzzles); `givens` and `blocked` are sorted squares (completion puzzles);
    `diagonals` forbids two queens on a shared diagonal in a region puzzle (always on in
    a completion puzzle); `connected` records the rule that every region is in one piece
    (checked when built; off by default: real puzzles have regions in pieces); `stars` is
    k, the stars per row, column and region (1: the Queens game; completion puzzles: 1).

    >>> region_puzzle(["ABA", "BBB", "CCC"]).to_text()
    'kind: regions\\nABA\\nBBB\\nCCC\\n'
    >>> region_puzzle(["ABA", "BBB", "CCC"], connected=True)
    Traceback (most recent call last):
    ...
    nqueens.errors.PuzzleFormatError: region A is in 2 separate pieces (at <1,1> and \
<1,3>); the rule connected requires every region in one piece
    """

    kind: Kind
    n: int
    regions: tuple[tuple[int, ...], ...] = ()
    givens: tuple[Square, ...] = ()
    blocked: tuple[Square, ...] = ()
    diagonals: bool = False
    connected: bool = False
    stars: int = 1

    @property
    def rules(self) -> Rules:
        """The puzzle's rules (`nqueens.puzzles.rules`): ask them, not `kind`.

        Cost: O(1).

        >>> completion_puzzle(4).rules.has_givens
        True
        """
        return rules_for(self.kind, self.stars, self.diagonals)

    @property
    def touching(self) -> bool:
        """Whether queens may not touch (region puzzles); the diagonal rule covers it otherwise."""
        return self.rules.touching

    @property
    def uses_diagonals(self) -> bool:
        """Whether two queens on one diagonal clash (completion puzzles, or the rule)."""
        return self.rules.uses_diagonals

    def region_cells(self) -> list[list[Square]]:
        """The squares of each region, row by row.

        Cost: O(n^2).

        >>> region_puzzle(["AB", "BB"], connected=False).region_cells()
        [[(0, 0)], [(0, 1), (1, 0), (1, 1)]]
        """
        cells: list[list[Square]] = [[] for _ in range(self.n)] if self.regions else []
        for r, row in enumerate(self.regions):
            for c, k in enumerate(row):
                cells[k].append((r, c))
        return cells

    def rules_text(self) -> str:
        """The rules in words, for headings and reports.

        Cost: O(1).

        >>> parse_puzzle("AAB\\nACB\\nCCB").rules_text()
        'one queen per row, column and region; no two queens touch'
        >>> region_puzzle([[r // 2 * 2 + c // 5 for c in range(10)] for r in range(10)],
        ...               stars=2).rules_text()
        '2 stars per row, column and region; no two stars touch'
        """
        return self.rules.text()

    def __str__(self) -> str:
        """The puzzle in the text format (`to_text`), as `print(puzzle)` shows it.

        >>> print(region_puzzle(["AB", "BB"]), end="")
        kind: regions
        AB
        BB
        """
        return self.to_text()

    def _repr_svg_(self) -> str:
        """The puzzle drawn, for Jupyter (the renderer is imported only here). Cost: O(n^2).

        >>> region_puzzle(["AB", "BB"])._repr_svg_().startswith("<svg")
        True
        """
        # the one reference up to the renderers, made only when a notebook asks (python-chess's
        # habit): the model itself never imports them
        import importlib

        render = importlib.import_module("nqueens.render.puzzle_svg")
        return str(render.puzzle_svg(self))

    def to_text(self) -> str:
        """The puzzle in the text format (`parse_puzzle(p.to_text()) == p`).

        Cost: O(n^2).

        >>> p = parse_puzzle("AAB" + chr(10) + "ACB" + chr(10) + "CCB")
        >>> parse_puzzle(p.to_text()) == p
        True
        """
        lines = [f"kind: {self.kind}"]
        if self.stars > 1:
            lines.append(f"stars: {self.stars}")
        rules = [r for r, on in zip(_RULES, (self.diagonals, self.connected), strict=True)
                 if on]
        if rules:
            lines.append("rules: " + ", ".join(rules))
        if self.rules.has_regions:
            lines.extend("".join(REGION_LETTERS[k] for k in row) for row in self.regions)
        else:
            grid = [["."] * self.n for _ in range(self.n)]
            for r, c in self.givens:
                grid[r][c] = "Q"
            for r, c in self.blocked:
                grid[r][c] = "x"
            lines.extend("".join(row) for row in grid)
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, object]:
        """The puzzle as JSON-ready data (1-based squares, region letters by row).

        Cost: O(n^2).

        >>> parse_puzzle("kind: completion" + chr(10) + "Q." + chr(10) + ".x").to_json()
        {'kind': 'completion', 'n': 2, 'givens': [[1, 1]], 'blocked': [[2, 2]]}
        """
        data: dict[str, object] = {"kind": self.kind, "n": self.n}
        if self.rules.has_regions:
            data["stars"] = self.stars
            data["rules"] = {"diagonals": self.diagonals, "connected": self.connected}
            data["regions"] = ["".join(REGION_LETTERS[k] for k in row) for row in self.regions]
        else:
            data["givens"] = [[r + 1, c + 1] for r, c in self.givens]
            data["blocked"] = [[r + 1, c + 1] for r, c in self.blocked]
        return data


def made_region_puzzle(grid: Sequence[Sequence[Hashable]], *, diagonals: bool = False,
                       connected: bool = False, stars: int = 1) -> Puzzle:
    """A region puzzle from a grid known to be valid: unchecked.

    The regions are numbered 0..n-1 in reading order of first appearance (the one
    numbering of every region puzzle: `region_puzzle` checks its grid, then numbers
    it here); the grid must be square with n distinct region names (nothing checks it,
    nor `connected`). Cost: O(n^2), a tenth of `region_puzzle`'s, which the
    generator would pay on each of hundreds of boards.

    >>> made_region_puzzle([[1, 1], [0, 0]]) == region_puzzle([[1, 1], [0, 0]])
    True
    """
    n = len(grid)
    try:  # names that are small numbers (the generator's) are renumbered as bytes, in C
        flat = bytes(chain.from_iterable(grid))
    except (TypeError, ValueError):
        flat = None
    if flat is None:
        number = dict(zip(dict.fromkeys(chain.from_iterable(grid)), range(n), strict=True))
        regions = tuple(tuple(map(number.__getitem__, row)) for row in grid)
    else:
        table = bytearray(256)
        for new, old in zip(range(n), sorted(set(flat), key=flat.index), strict=True):
            table[old] = new
        numbered = tuple(flat.translate(table))
        regions = tuple([numbered[i:i + n] for i in range(0, n * n, n)])
    return Puzzle("regions", n, regions=regions, diagonals=diagonals,
                  connected=connected, stars=stars)


def made_completion_puzzle(n: int, givens: Iterable[Square]) -> Puzzle:
    """A completion puzzle from givens known to be valid (a solution's queens): unchecked.

    The generator's, which takes its givens from a solution it drew. Cost: O(givens log
    givens).

    >>> made_completion_puzzle(4, [(2, 0), (0, 1)]) == completion_puzzle(4, [(0, 1), (2, 0)])
    True
    """
    return Puzzle(CompletionRules.kind, n, givens=tuple(sorted(givens)))


def region_puzzle(
    grid: Sequence[str] | Sequence[Sequence[int]], *, diagonals: bool = False,
    connected: bool = False, stars: int = 1,
) -> Puzzle:
    """A checked region puzzle from rows of region letters (or region numbers 0..n-1).

    `stars` is k, the stars per row, column and region (1: the Queens game).

    Cost: O(n^2). Raises `PuzzleFormatError` for a grid that is not a sequence of
    rows (a string is not: read text with `parse_puzzle`), a square that is neither a
    letter of `REGION_LETTERS` nor an integer from 0 to n-1 (`None`, a bool, a
    float, a number off that range), a grid that is not square, the wrong number of
    regions, a `stars` that cannot fit (`check_stars`), or (with `connected`) a
    region in several pieces. Regions in several pieces are valid by default.

    >>> region_puzzle([[0, 0], [1, 1]]).regions
    ((0, 0), (1, 1))
    >>> region_puzzle(["AAB", "ABB", "AAA"])
    Traceback (most recent call last):
    ...
    nqueens.errors.PuzzleFormatError: a 3 x 3 grid needs 3 regions, found 2 (A, B)
    """
    rows = _grid_rows(grid)
    n = len(rows)
    _check_square(n, [len(row) for row in rows], [i + 1 for i in range(n)])
    stars = check_stars(n, stars)
    if not isinstance(diagonals, bool) or not isinstance(connected, bool):
        raise PuzzleFormatError(f"diagonals and connected must be True or False, got "
                                f"{short_repr(diagonals)} and {short_repr(connected)}")
    seen: dict[object, None] = {}  # the region names in order of first appearance
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            if isinstance(v, str):
                if len(v) != 1 or v not in REGION_LETTERS:
                    raise PuzzleFormatError(
                        f"square <{r + 1},{c + 1}>: {v!r} is not a region letter "
                        "(A-Z, a-z, 0-9)")
            else:
                number = as_int(v)  # a numpy integer too
                if number is None or not 0 <= number < n:
                    raise PuzzleFormatError(
                        f"square <{r + 1},{c + 1}>: {v!r} is not a region: give a letter "
                        f"(A-Z, a-z, 0-9) or a region number from 0 to {n - 1}")
                v = row[c] = number
            seen[v] = None
    if len(seen) != n:
        order = list(seen)
        shown = ", ".join(str(v) for v in order[:12]) + (", ..." if len(order) > 12 else "")
        raise PuzzleFormatError(
            f"a {n} x {n} grid needs {n} regions, found {len(seen)} ({shown})")
    p = made_region_puzzle(rows, diagonals=diagonals, connected=connected, stars=stars)
    if connected:
        _check_connected(p)
    return p


def split_regions(p: Puzzle) -> list[int]:
    """The regions of `p` that are in several pieces (joined up, down, left and right).

    Cost: O(n^2). Empty for a completion puzzle.

    >>> split_regions(region_puzzle(["ABA", "BBB", "CCC"]))
    [0]
    """
    return [k for k, cells in enumerate(check_puzzle(p).region_cells())
            if len(_pieces(set(cells))) > 1]


def completion_puzzle(
    n: int, givens: Iterable[Square] = (), *, blocked: Iterable[Square] = ()
) -> Puzzle:
    """A checked completion puzzle: n-queens rules, `givens` placed, `blocked` unusable.

    Cost: O(k^2) for k givens. Raises `PuzzleFormatError` for a size that is not an
    integer from 1 to `MAX_PUZZLE_N`, squares that are not `(row, col)` pairs of integers
    (floats, strings and bools are not), squares off the board, a square both given and
    blocked, or two givens that attack each other.

    >>> completion_puzzle(4, [(0, 1)]).to_text()
    'kind: completion\\n.Q..\\n....\\n....\\n....\\n'
    >>> completion_puzzle(4, [(0, 0), (2, 2)])
    Traceback (most recent call last):
    ...
    nqueens.errors.PuzzleFormatError: given queens at <1,1> and <3,3> share a diagonal
    """
    n = _check_size(n)
    g = _squares(n, givens, "givens", "given queen")
    b = _squares(n, blocked, "blocked", "blocked square")
    both = sorted(set(g) & set(b))
    if both:
        r, c = both[0]
        raise PuzzleFormatError(f"square <{r + 1},{c + 1}> is both a given queen and blocked")
    p = Puzzle(CompletionRules.kind, n, givens=tuple(g), blocked=tuple(b))
    for i, a in enumerate(g):
        for other in g[i + 1:]:
            why = clash(p, a, other)
            if why:
                raise PuzzleFormatError(
                    f"given queens at {_name(a)} and {_name(other)} {why}")
    return p


def parse_puzzle(text: str) -> Puzzle:
    """Read a puzzle in the text format (see the module docstring).

    Text that is not a `str`, or not a puzzle, raises `PuzzleFormatError`.
    Cost: O(len(text)).

    >>> parse_puzzle("kind: completion\\n..\\n.x").blocked
    ((1, 1),)
    >>> parse_puzzle("ABC\\nAB\\nABC")
    Traceback (most recent call last):
    ...
    nqueens.errors.PuzzleFormatError: line 2 has 2 squares, line 1 has 3: rows must \
have equal length
    """
    settings: dict[str, Any] = {"kind": None, "stars": None, "rules": []}
    grid: list[str] = []
    lines: list[int] = []
    text = check_text(text, "text", error=PuzzleFormatError)
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if ":" in line:
            if grid:
                raise PuzzleFormatError(f"line {number}: setting {line!r} after the grid "
                                        "began; put settings first")
            _read_setting(settings, number, line)
            continue
        grid.append("".join(line.split()))
        lines.append(number)
    kind, stars, rules = settings["kind"], settings["stars"], settings["rules"]
    if not grid:
        raise PuzzleFormatError("no grid found: give one line of squares per row")
    _check_square(len(grid), [len(row) for row in grid], lines)
    if kind is None:  # a grid of queens, dots and crosses is a board to complete
        kind = CompletionRules.kind if set("".join(grid)) <= set(".Qx") else RegionRules.kind
    if rules_for(kind).has_givens:
        if rules or stars is not None:
            what = "rules apply" if rules else "stars apply"
            raise PuzzleFormatError(f"{what} to region puzzles only; a completion puzzle "
                                    "always has the n-queens rules (one queen per row)")
        givens, blocked = board_squares(grid, lambda r, c, ch: PuzzleFormatError(
            f"line {lines[r]}, square <{r + 1},{c + 1}>: {ch!r} is not Q, . or x"))
        return completion_puzzle(len(grid), givens, blocked=blocked)
    if "connected" in rules and "disconnected" in rules:
        raise PuzzleFormatError("the rules connected and disconnected contradict each other; "
                                "regions in several pieces are allowed unless the rule "
                                "connected is given")
    return region_puzzle(grid, diagonals="diagonals" in rules, connected="connected" in rules,
                         stars=1 if stars is None else int(stars) if len(stars) < 100 else stars)


def _read_setting(settings: dict[str, Any], number: int, line: str) -> None:
    """One `key: value` line of the header into `settings` (kind, stars, rules)."""
    key, _, value = (part.strip() for part in line.partition(":"))
    if key == "kind":
        if value not in KINDS:
            raise PuzzleFormatError(f"line {number}: unknown kind {value!r}; "
                                    f"use one of {', '.join(KINDS)}")
        settings["kind"] = value
    elif key == "rules":
        for word in (w.strip() for w in value.replace(",", " ").split()):
            if word not in _RULES + _OLD_RULES:
                raise PuzzleFormatError(f"line {number}: unknown rule {word!r}; "
                                        f"use {' or '.join(_RULES)}")
            settings["rules"].append(word)
    elif key == "stars":
        if not value.isdigit() or not value.isascii():
            raise PuzzleFormatError(f"line {number}: stars must be a whole number "
                                    f">= 1 (stars per row, column and region), got "
                                    f"{value!r}")
        settings["stars"] = value
    else:
        raise PuzzleFormatError(f"line {number}: unknown setting {key!r}; "
                                "use kind, stars or rules")


def clash(p: Puzzle, a: Square, b: Square) -> str | None:
    """Why queens on squares `a` and `b` break the rules of `p` (`None`: they do not).

    Cost: O(1). The reason reads after "queens at <..> and <..>": "share a row", "touch", ...

    >>> p = parse_puzzle("AAB\\nACB\\nCCB")
    >>> clash(p, (0, 0), (1, 1)), clash(p, (0, 0), (2, 2)), clash(p, (0, 1), (1, 0))
    ('touch', None, 'share region A')
    """
    (r1, c1), (r2, c2) = a, b
    if r1 == r2:
        return "share a row"
    if c1 == c2:
        return "share a column"
    if p.regions and p.regions[r1][c1] == p.regions[r2][c2]:
        return f"share region {REGION_LETTERS[p.regions[r1][c1]]}"
    if p.touching and abs(r1 - r2) <= 1 and abs(c1 - c2) <= 1:
        return "touch"
    if p.uses_diagonals and abs(r1 - r2) == abs(c1 - c2):
        return "share a diagonal"
    return None


# --- private helpers ---------------------------------------------------------------------

def _name(sq: Square) -> str:
    return f"<{sq[0] + 1},{sq[1] + 1}>"


def check_puzzle(p: object, name: str = "p") -> Puzzle:
    """`p` if it is a `Puzzle`, else `InvalidArgumentError`.

    Cost: O(1).

    >>> check_puzzle(None)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidArgumentError: p must be a Puzzle (read one with parse_puzzle, or \
build one with region_puzzle or completion_puzzle), got None
    """
    return check_instance(p, Puzzle, name, "a Puzzle (read one with parse_puzzle, or build "
                          "one with region_puzzle or completion_puzzle)")


def _check_size(n: object) -> int:
    size = as_int(n)  # a numpy integer too
    if size is None or size < 1:
        raise PuzzleFormatError(f"a puzzle needs n >= 1 rows, got n = {n!r}")
    if size > MAX_PUZZLE_N:
        raise PuzzleFormatError(f"a puzzle has at most {MAX_PUZZLE_N} rows, got n = {size}")
    return size


def _grid_rows(grid: object) -> list[list[object]]:
    """The rows of a region grid as lists, or `PuzzleFormatError` for what is not
    a sequence of rows (strings, or sequences of numbers)."""
    what = "a sequence of rows (strings of region letters or sequences of region numbers)"
    if not is_sequence(grid):
        raise PuzzleFormatError(f"grid must be {what}, got {short_repr(grid)} (read text "
                                "with parse_puzzle)")
    rows: list[list[object]] = []
    for row in cast("Sequence[object]", grid):
        if not (isinstance(row, str) or is_sequence(row)):
            raise PuzzleFormatError(f"grid must be {what}, got the row {short_repr(row)}")
        rows.append(list(cast("Sequence[object]", row)))
    return rows


def _check_square(n: int, widths: list[int], lines: list[int]) -> None:
    _check_size(n)
    for width, line in zip(widths, lines, strict=True):
        if width != widths[0]:
            raise PuzzleFormatError(f"line {line} has {width} squares, line {lines[0]} has "
                                    f"{widths[0]}: rows must have equal length")
    if widths[0] != n:
        raise PuzzleFormatError(f"the grid has {n} rows of {widths[0]} squares; a puzzle "
                                "grid is square (n rows of n squares)")


def _squares(n: int, items: object, name: str, what: str) -> list[Square]:
    out: set[Square] = set()
    for r, c in check_squares(items, name, error=PuzzleFormatError):
        if not (0 <= r < n and 0 <= c < n):
            raise PuzzleFormatError(f"{what} at {_name((r, c))} is off a board of size {n}")
        out.add((r, c))
    return sorted(out)


def _check_connected(p: Puzzle) -> None:
    for k, cells in enumerate(p.region_cells()):
        pieces = _pieces(set(cells))
        if len(pieces) > 1:
            starts = " and ".join(_name(min(piece)) for piece in pieces[:2])
            raise PuzzleFormatError(
                f"region {REGION_LETTERS[k]} is in {len(pieces)} separate pieces (at "
                f"{starts}); the rule connected requires every region in one piece")


def _pieces(cells: set[Square]) -> list[set[Square]]:
    pieces: list[set[Square]] = []
    left = set(cells)
    while left:
        start = min(left)
        piece = {start}
        todo = [start]
        while todo:
            r, c = todo.pop()
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in left and nb not in piece:
                    piece.add(nb)
                    todo.append(nb)
        left -= piece
        pieces.append(piece)
    return sorted(pieces, key=min)
