"""puzz.link / pzprjs Star Battle URLs: `https://puzz.link/p?starbattle/COLS/ROWS/K/WALLS`.

pzprjs (the player behind puzz.link, pzv.jp and their mirrors) writes a Star Battle as the
board's columns and rows, the stars k per row, column and region, then its walls: first the
(cols - 1) x rows walls between side-by-side squares, row by row, then the cols x (rows - 1)
walls between squares one above the other, row by row; each part packed five bits to a
base-32 digit (`0-9a-v`, the first wall in the highest bit, the last digit padded with
zeros). The regions are the pieces the walls cut the board into. Also read: pzprjs's
`_edit`/`_play` names, `type=...&` options, and its whole-file URLs
(`p?pzprv3/starbattle/...`), which carry region numbers and the stars (`#`) and crosses
(`+`) a player has placed.

>>> imp = read_url("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou")
>>> imp.puzzle.n, imp.puzzle.regions[0]
(6, (0, 0, 0, 1, 1, 1))
>>> write_url(imp)
'https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou'
"""

from __future__ import annotations

import re
import urllib.parse
from typing import TYPE_CHECKING

from nqueens.errors import PuzzleImportError
from nqueens.puzzles.io.grids import (
    CROSS,
    OPEN,
    STAR,
    build_puzzle,
    check_border_format,
    regions_from_walls,
    walls_of,
)

if TYPE_CHECKING:
    from nqueens.puzzles.io import Imported

__all__ = ["BASE_URL", "looks_like_url", "read_url", "write_url"]

BASE_URL = "https://puzz.link/p?starbattle/"
"""What `write_url` writes before the size."""

_DIGITS = "0123456789abcdefghijklmnopqrstuv"
_WHAT = "the puzz.link URL"
_MAX_SIDE = 62


def looks_like_url(text: str) -> bool:
    """Whether `text` reads as a pzprjs URL (a query of a puzzle name and slashes).

    Cost: O(len(text)).

    >>> looks_like_url("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"), looks_like_url("AA2W")
    (True, False)
    """
    return bool(re.match(r"^\s*(https?://)?[^\s?]*\?[^\s]*/", text))


def read_url(url: str) -> Imported:
    """The puzzle (and any progress) of a pzprjs Star Battle URL.

    Cost: O(length of the URL). A URL of another puzzle type, a board that is not square,
    a star count or walls that are not pzprjs's, or walls that do not cut the board into
    n regions raise `PuzzleImportError` (one line).

    >>> read_url("http://pzv.jp/p.html?starbattle_edit/6/6/1/4ilbhgdnmhou").puzzle.regions[5]
    (5, 2, 2, 2, 2, 2)
    """
    from nqueens.puzzles.io import Imported

    query = url.strip().partition("#")[0].partition("?")[2]
    if not query:
        raise PuzzleImportError(f"{_WHAT}: no '?' followed by the puzzle: expected "
                                f"{BASE_URL}COLS/ROWS/STARS/WALLS")
    while re.match(r"^\w+=\w*&", query):  # pzprjs's type=player& and the like
        query = query.partition("&")[2]
    parts = query.split("/")
    pid = re.sub(r"_(edit|play)$", "", parts[0])
    if pid.startswith("pzprv3"):
        return _read_file(urllib.parse.unquote(query))
    if pid != "starbattle":
        raise PuzzleImportError(f"{_WHAT} is a {pid!r} puzzle; only starbattle "
                                "(Star Battle, Queens) can be read")
    rest = parts[1:]
    if rest and rest[0].startswith("v:"):
        raise PuzzleImportError(f"{_WHAT}: variant {rest[0][2:]!r} of starbattle is not "
                                "supported")
    if rest and rest[0] and not rest[0].isdigit():
        rest = rest[1:]  # a pflag: starbattle has none, pzprjs skips it too
    if rest and rest[-1] == "":
        rest = rest[:-1]
    if len(rest) != 4:
        raise PuzzleImportError(f"{_WHAT}: expected COLS/ROWS/STARS/WALLS after starbattle, "
                                f"got {'/'.join(rest)!r}")
    cols, rows, stars = (_number(text, name) for text, name in
                         zip(rest[:3], ("columns", "rows", "stars"), strict=True))
    if cols != rows:
        raise PuzzleImportError(f"{_WHAT}: a {cols} x {rows} board is not square")
    n = cols
    vertical, horizontal = _walls(rest[3], n)
    return Imported(build_puzzle(regions_from_walls(n, vertical, horizontal), stars, _WHAT),
                    None, "url")


def _number(text: str, name: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= _MAX_SIDE * 2:
        raise PuzzleImportError(f"{_WHAT}: {name} {text!r} is not a whole number from 1 "
                                f"to {_MAX_SIDE}")
    value = int(text)
    if name != "stars" and value > _MAX_SIDE:
        raise PuzzleImportError(f"{_WHAT}: {value} {name} is more than the {_MAX_SIDE} "
                                "this toolkit takes")
    return value


def _unpack(digits: str, bits: int, part: str) -> list[bool]:
    out: list[bool] = []
    for i, ch in enumerate(digits):
        value = _DIGITS.find(ch)
        if value < 0:
            raise PuzzleImportError(f"{_WHAT}: {ch!r} in the walls is not a base-32 digit "
                                    "(0-9, a-v)")
        out.extend(bool(value >> (4 - b) & 1) for b in range(5))
        if i == len(digits) - 1 and any(out[bits:]):
            raise PuzzleImportError(f"{_WHAT}: the {part} walls end in padding bits that "
                                    "are not zero: the URL is cut or altered")
    return out[:bits]


def _walls(text: str, n: int) -> tuple[list[bool], list[bool]]:
    bits = (n - 1) * n
    size = (bits + 4) // 5
    if len(text) != 2 * size:
        raise PuzzleImportError(f"{_WHAT}: the walls of a {n} x {n} board take {2 * size} "
                                f"characters, this URL has {len(text)}: it is cut or "
                                "altered")
    return (_unpack(text[:size], bits, "vertical"),
            _unpack(text[size:], bits, "horizontal"))


def _read_file(body: str) -> Imported:
    """pzprjs's whole-file URL: pzprv3/starbattle/ROWS/COLS/K/REGIONS/ids.../answers..."""
    from nqueens.puzzles.io import Imported

    lines = [line.strip() for line in body.split("/")]
    if len(lines) < 6 or lines[1] != "starbattle":
        raise PuzzleImportError(f"{_FILE}: expected pzprv3/starbattle/ROWS/COLS/STARS/...")
    try:
        rows, cols, stars, count = (int(x) for x in lines[2:6])
    except ValueError:
        raise PuzzleImportError(f"{_FILE}: rows, columns, stars and the region count must be "
                                "numbers") from None
    if rows != cols or not 1 <= rows <= _MAX_SIDE:
        raise PuzzleImportError(f"{_FILE}: a {cols} x {rows} board is not a square of side "
                                f"1 to {_MAX_SIDE}")
    n = rows
    grid = _region_numbers(lines[6:6 + n], n, count)
    puzzle = build_puzzle(regions_from_walls(n, *walls_of(grid)), stars, _FILE)
    return Imported(puzzle, _answers(lines[6 + n:6 + 2 * n], n), "url")


_FILE = "the puzz.link file URL"


def _region_numbers(lines: list[str], n: int, count: int) -> list[list[int]]:
    ids = [line.split() for line in lines]
    if len(ids) != n or any(len(row) != n for row in ids):
        raise PuzzleImportError(f"{_FILE}: expected {n} rows of {n} region numbers")
    try:
        grid = [[int(v) for v in row] for row in ids]
    except ValueError:
        raise PuzzleImportError(f"{_FILE}: a region number is not a number") from None
    found = len({v for row in grid for v in row})
    if found != count:
        raise PuzzleImportError(f"{_FILE}: it announces {count} regions and numbers {found}")
    return grid


def _answers(lines: list[str], n: int) -> tuple[str, ...] | None:
    """The stars (#) and crosses (+) of the file's answer rows, None when there are none."""
    answers = [line.split() for line in lines]
    if len(answers) != n or any(len(row) != n for row in answers):
        return None
    marks = {"#": STAR, "+": CROSS}
    progress = tuple("".join(marks.get(v, OPEN) for v in row) for row in answers)
    return None if all(set(row) == {OPEN} for row in progress) else progress


def write_url(imported: Imported) -> str:
    """The puzz.link URL of a region puzzle (progress is not part of such a URL).

    Cost: O(n^2). A puzzle the format cannot hold (a region in pieces, the rule diagonals,
    a completion puzzle) raises `PuzzleImportError`.

    >>> from nqueens.puzzles.io import read_source
    >>> write_url(read_source("AAB\\nACB\\nCCB"))
    'https://puzz.link/p?starbattle/3/3/1/ega0'
    """
    p = imported.puzzle
    check_border_format(p, "a puzz.link URL")
    vertical, horizontal = walls_of(p.regions)
    return f"{BASE_URL}{p.n}/{p.n}/{p.stars}/{_pack(vertical)}{_pack(horizontal)}"


def _pack(bits: list[bool]) -> str:
    out = []
    for i in range(0, len(bits), 5):
        chunk = bits[i:i + 5]
        value = sum(1 << (4 - b) for b, on in enumerate(chunk) if on)
        out.append(_DIGITS[value])
    return "".join(out)
