"""Star Battle Notation (SBN), the puzzle strings of StarBattleLab, both of its versions.

**Version 1** (`AA2W...`): two equal characters naming the size (the character of
value n in the alphabet `0-9A-Za-z-_`: `55` is 5 x 5, `AA` 10 x 10, `PP` 25 x 25),
one digit k (stars per row, column and region), a flag (`W`: no progress follows, `e`:
progress follows), then the walls: the n (n - 1) walls between side-by-side squares row by
row, then the n (n - 1) walls between squares one above the other *column by column*, all
as one bit string padded with zeros in front to a multiple of 6 and written six bits to a
character of that alphabet. Progress, after the walls: three squares to a character, in
reading order, value 16 a + 4 b + c with 0 open, 1 a cross, 2 a star.

**Version 2** (`10B...`): n in decimal, k as a letter (`A` = 1 ... `Z` = 26), the
same wall bits as one big number in base 85 (alphabet `0-9A-Za-z-_!#$&()*+,/:;=?@[]^{}|`,
ceil(bits log 2 / log 85) characters), then progress four squares to a character
(27 a + 9 b + 3 c + d). In both versions a `~` begins the player's undo history, which
is skipped.

>>> imp = read_sbn("881W00KZtPDMpPGmOALDIC8")   # a puzzle of StarBattleLab's collection
>>> imp.puzzle.n, imp.puzzle.regions[1]
(8, (0, 0, 0, 0, 0, 1, 1, 0))
>>> write_sbn(imp)
'881W00KZtPDMpPGmOALDIC8'
"""

from __future__ import annotations

import math
import re
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
from nqueens.puzzles.model import MAX_PUZZLE_N

if TYPE_CHECKING:
    from nqueens.puzzles.io import Imported

__all__ = ["looks_like_sbn", "read_sbn", "write_sbn"]

_V1 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
_V2 = _V1 + "!#$&()*+,/:;=?@[]^{}|"
_MARKS = (OPEN, CROSS, STAR)
_WHAT = "the SBN string"
V1_SIZES = range(5, 26)
"""The sizes StarBattleLab's version-1 table names (`55` to `PP`); others go as version 2."""


def looks_like_sbn(text: str) -> bool:
    """Whether `text` is shaped like an SBN string of either version.

    Cost: O(len(text)).

    >>> looks_like_sbn("AA2W001H3m7LYIZecL6o6QcbBbrHq-gq2W"), looks_like_sbn("AAB")
    (True, False)
    """
    s = text.strip()
    return bool(re.fullmatch(r"(\S)\1[0-9][A-Za-z]\S*", s)
                or re.fullmatch(r"[0-9]{1,3}[A-Z]\S+", s))


def read_sbn(text: str) -> Imported:
    """The puzzle and progress of an SBN string (either version).

    Cost: O(n^2). A size code, star count or flag that SBN does not have, characters off
    its alphabet, walls cut short, or walls that do not cut the board into n regions raise
    `PuzzleImportError` (one line).

    >>> read_sbn("881W1PcWICaY28WWGoKgNqM").puzzle.regions[0]
    (0, 0, 0, 0, 1, 1, 2, 3)
    """
    s = text.strip().partition("~")[0]
    v2 = re.match(r"([0-9]+)[A-Z]", s)
    # version 1 has a digit third, as only a version-2 size of three digits (too big) has
    if re.match(r"(.)\1[0-9]", s) and (s[3:4] in ("W", "e") or not v2
                                       or int(v2.group(1)) > MAX_PUZZLE_N):
        return _read_v1(s)
    if v2:
        return _read_v2(s)
    raise PuzzleImportError(f"{_WHAT} {s[:12]!r}... starts with neither a size code and a "
                            "star digit (AA2W...) nor a size and a star letter (10B...)")


def _read_v1(s: str) -> Imported:
    n = _V1.find(s[0])
    if not 2 <= n <= MAX_PUZZLE_N or len(s) < 4:
        raise PuzzleImportError(f"{_WHAT}: size code {s[:2]!r} names no board from 2 x 2 to "
                                f"{MAX_PUZZLE_N} x {MAX_PUZZLE_N}")
    stars = int(s[2])
    if s[3] not in "We":
        raise PuzzleImportError(f"{_WHAT}: flag {s[3]!r} after the stars is neither W (no "
                                "progress) nor e (progress follows)")
    bits = 2 * n * (n - 1)
    size = (bits + 5) // 6
    data, extra = s[4:4 + size], s[4 + size:]
    if len(data) < size:
        raise PuzzleImportError(f"{_WHAT}: the walls of a {n} x {n} board take {size} "
                                f"characters, it has {len(data)}: it is cut short")
    value = 0
    for ch in data:
        digit = _V1.find(ch)
        if digit < 0:
            raise PuzzleImportError(f"{_WHAT}: {ch!r} is not an SBN character (0-9, A-Z, "
                                    "a-z, - and _)")
        value = value << 6 | digit
    if value >> bits:
        raise PuzzleImportError(f"{_WHAT}: the padding before the walls is not zero: it is "
                                "altered")
    if extra and s[3] == "W":
        raise PuzzleImportError(f"{_WHAT}: {len(extra)} characters follow the walls, but "
                                "flag W says no progress follows")
    puzzle = _puzzle(n, stars, value, bits)
    progress = _progress(extra, n, _V1, 3) if extra else None
    from nqueens.puzzles.io import Imported

    return Imported(puzzle, progress, "sbn")


def _read_v2(s: str) -> Imported:
    head = re.match(r"([0-9]+)([A-Z])", s)
    assert head is not None
    n, stars = int(head.group(1)), ord(head.group(2)) - 64
    if not 2 <= n <= MAX_PUZZLE_N:
        raise PuzzleImportError(f"{_WHAT}: size {n} is not from 2 to {MAX_PUZZLE_N}")
    bits = 2 * n * (n - 1)
    size = math.ceil(bits * math.log(2) / math.log(85))
    start = head.end()
    data, extra = s[start:start + size], s[start + size:]
    if len(data) < size:
        raise PuzzleImportError(f"{_WHAT}: the walls of a {n} x {n} board take {size} "
                                f"characters, it has {len(data)}: it is cut short")
    value = 0
    for ch in data:
        digit = _V2.find(ch)
        if digit < 0:
            raise PuzzleImportError(f"{_WHAT}: {ch!r} is not an SBN character")
        value = value * 85 + digit
    if value >> bits:
        raise PuzzleImportError(f"{_WHAT}: the walls hold more than {bits} bits: it is "
                                "altered")
    from nqueens.puzzles.io import Imported

    return Imported(_puzzle(n, stars, value, bits),
                    _progress(extra, n, _V2, 4) if extra else None, "sbn")


def _puzzle(n: int, stars: int, value: int, bits: int):  # type: ignore[no-untyped-def]
    flat = [bool(value >> (bits - 1 - i) & 1) for i in range(bits)]
    half = n * (n - 1)
    vertical = flat[:half]
    by_column = flat[half:]  # the wall under (r, c) at c * (n - 1) + r
    horizontal = [by_column[c * (n - 1) + r] for r in range(n - 1) for c in range(n)]
    return build_puzzle(regions_from_walls(n, vertical, horizontal), stars, _WHAT)


def _progress(extra: str, n: int, alphabet: str, per: int) -> tuple[str, ...] | None:
    base = 4 if per == 3 else 3
    cells: list[str] = []
    for ch in extra:
        value = alphabet.find(ch)
        if value < 0 or value >= base ** per:
            raise PuzzleImportError(f"{_WHAT}: {ch!r} in the progress is not a progress "
                                    "character")
        digits = [value // base ** (per - 1 - i) % base for i in range(per)]
        if 3 in digits:
            raise PuzzleImportError(f"{_WHAT}: {ch!r} in the progress holds a mark that is "
                                    "neither open, a cross nor a star")
        cells.extend(_MARKS[d] for d in digits)
    if len(cells) < n * n:
        cells.extend(OPEN * (n * n - len(cells)))
    if any(c != OPEN for c in cells[n * n:]):
        raise PuzzleImportError(f"{_WHAT}: the progress has marks beyond the "
                                f"{n * n} squares of the board")
    rows = tuple("".join(cells[r * n:(r + 1) * n]) for r in range(n))
    return None if all(set(row) == {OPEN} for row in rows) else rows


def write_sbn(imported: Imported) -> str:
    """The SBN string of a region puzzle and its progress (version 1 where it can, else 2).

    Version 1 where StarBattleLab's table has the size (5 to 25) and k is one digit.
    Cost: O(n^2). A puzzle the format cannot hold (a region in pieces, the rule diagonals,
    a completion puzzle) raises `PuzzleImportError`.

    >>> from nqueens.puzzles.io import read_source
    >>> write_sbn(read_source("AAB\\nACB\\nCCB"))
    '3AMA'
    """
    p = imported.puzzle
    check_border_format(p, "an SBN string")
    stars = p.stars
    vertical, horizontal = walls_of(p.regions)
    n = p.n
    by_column = [horizontal[r * n + c] for c in range(n) for r in range(n - 1)]
    flat = vertical + by_column
    value = 0
    for bit in flat:
        value = value << 1 | bit
    marks = "".join(imported.progress or ())
    if n in V1_SIZES and stars <= 9:
        size = (len(flat) + 5) // 6
        data = "".join(_V1[value >> 6 * (size - 1 - i) & 63] for i in range(size))
        annotations = _pack(marks, _V1, 3)
        return f"{_V1[n] * 2}{stars}{'e' if annotations else 'W'}{data}{annotations}"
    size = math.ceil(len(flat) * math.log(2) / math.log(85))
    digits = []
    for _ in range(size):
        value, digit = divmod(value, 85)
        digits.append(_V2[digit])
    return f"{n}{chr(64 + stars)}{''.join(reversed(digits))}{_pack(marks, _V2, 4)}"


def _pack(marks: str, alphabet: str, per: int) -> str:
    if not marks.strip(OPEN):
        return ""
    base = 4 if per == 3 else 3
    code = {OPEN: 0, CROSS: 1, STAR: 2}
    out = []
    for i in range(0, len(marks), per):
        chunk = [code[m] for m in marks[i:i + per]]
        chunk += [0] * (per - len(chunk))
        out.append(alphabet[sum(d * base ** (per - 1 - j) for j, d in enumerate(chunk))])
    text = "".join(out)
    return text.rstrip(alphabet[0]) if per == 4 else text
