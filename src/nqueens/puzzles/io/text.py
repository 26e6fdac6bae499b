"""Puzzles as text: our text format, the plain letter or number grids other solvers use, a
player's progress after them, and our JSON.

A plain grid is one row per line, a letter or digit per square (`AABB`), or numbers
apart (`1 1 2 2`, `0,0,1,1`), regions numbered in order of first appearance (letters
are case-sensitive: `W` and `w` are two regions, as in qsolve's files).

A player's **state** (the queens or stars placed so far and the squares crossed out) is a
block after the grid: a line `state:`, then n rows of `Q` (a queen or star), `x` (a
cross) and `.` (open). `write_text` writes it so; also read are the same rows after
a blank line with no heading (qsolve's partial-state files) and the comment lines of
earlier versions (`# progress ...:` then `# Q..x` rows).

>>> imp = read_text("AAB\\nACB\\nCCB\\n\\nQ..\\n..x\\n...\\n")
>>> imp.puzzle.n, imp.progress
(3, ('Q..', '..x', '...'))
>>> print(write_text(imp), end="")
kind: regions
AAB
ACB
CCB
<BLANKLINE>
# the player's state: Q a queen (star), x a cross, . open
state:
Q..
..x
...
>>> read_text(write_text(imp)) == imp
True
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from nqueens.errors import ParseError, PuzzleImportError
from nqueens.puzzles.io.grids import check_progress

if TYPE_CHECKING:
    from nqueens.puzzles.io import Imported

__all__ = ["PROGRESS_HEADING", "STATE_HEADING", "read_json", "read_text", "write_json",
           "write_text"]

STATE_HEADING = "state:"
"""The line before the state rows (the player's queens and crosses) in our text format."""

STATE_NOTE = "# the player's state: Q a queen (star), x a cross, . open"
"""The comment `write_text` puts above the state block."""

PROGRESS_HEADING = "# progress (Q a star, x a cross, . open):"
"""The comment line before the progress rows in earlier versions' text (still read)."""

_WHAT = "the puzzle text"
_PROGRESS = re.compile(r"^[Qq*Sx.X_\-]+$")


def read_text(text: str) -> Imported:
    """A puzzle in our text format or a plain grid, with the progress that follows it.

    Cost: O(len(text)). Text that is no puzzle raises
    `PuzzleImportError` naming the line or the square.

    >>> read_text("1 1 2\\n1 3 2\\n3 3 2").puzzle.regions
    ((0, 0, 1), (0, 2, 1), (2, 2, 1))
    """
    from nqueens.puzzles.io import Imported
    from nqueens.puzzles.model import parse_puzzle

    lines = text.removeprefix("\ufeff").splitlines()
    lines, progress_rows = _split_progress(lines)
    lines = _letters_for_numbers(lines)
    try:
        puzzle = parse_puzzle("\n".join(lines))
    except ParseError as err:
        raise PuzzleImportError(f"{_WHAT}: {err}") from None
    progress = None
    if progress_rows:
        if not puzzle.rules.has_regions:
            raise PuzzleImportError(f"{_WHAT}: progress applies to region puzzles only")
        progress = check_progress(progress_rows, puzzle.n, _WHAT)
    stated = any(re.match(r"\s*stars\s*:", line) for line in lines)
    return Imported(puzzle, progress, "text", stars_stated=stated)


def _split_progress(lines: list[str]) -> tuple[list[str], list[str]]:
    """The puzzle's lines, and the state rows (a `state:` block, the old comment lines, or
    a bare block after a blank line)."""
    for i, line in enumerate(lines):
        if line.strip().lower() == STATE_HEADING:
            return lines[:i], _state_rows(lines[i + 1:])
        if line.strip().lower().startswith("# progress"):
            return lines[:i], _commented_rows(lines[i + 1:])
    blocks = _blocks(lines)
    if len(blocks) >= 2:
        last = blocks[-1]
        rows = ["".join(lines[i].split()) for i in last]
        first_grid = [i for i in blocks[0] if ":" not in lines[i]]
        if all(_PROGRESS.match(row) for row in rows) and len(rows) == len(first_grid):
            drop = set(last)
            return [line for j, line in enumerate(lines) if j not in drop], rows
    return lines, []


def _state_rows(lines: list[str]) -> list[str]:
    """The rows of a `state:` block: every line after it but blank lines and comments
    (whatever they hold: `check_progress` names a bad one)."""
    return ["".join(line.split()) for line in lines
            if line.strip() and not line.strip().startswith("#")]


def _commented_rows(lines: list[str]) -> list[str]:
    rows = []
    for line in lines:
        body = line.strip().removeprefix("#").strip()
        if not line.strip().startswith("#") or not _PROGRESS.match(body):
            break
        rows.append(body)
    return rows


def _blocks(lines: list[str]) -> list[list[int]]:
    """The numbers of the non-comment lines, in blocks that blank lines separate."""
    blocks: list[list[int]] = [[]]
    for i, line in enumerate(lines):
        if not line.strip():
            if blocks[-1]:
                blocks.append([])
        elif not line.strip().startswith("#"):
            blocks[-1].append(i)
    return [b for b in blocks if b]


def _letters_for_numbers(lines: list[str]) -> list[str]:
    """Rows of region names set apart (`1 1 2`, `0,0,1`, `A,A,B`) as rows of region
    letters; other lines unchanged."""
    from nqueens.puzzles.model import REGION_LETTERS

    grid = [i for i, line in enumerate(lines)
            if line.strip() and not line.strip().startswith("#") and ":" not in line]
    rows = [re.split(r"[\s,;]+", lines[i].strip()) for i in grid]
    if not _numbers_apart(rows, [lines[i] for i in grid]):
        return lines
    names: dict[str, int] = {}
    for row in rows:
        for t in row:
            names.setdefault(t.lstrip("0") or "0", len(names))
    if len(names) > len(REGION_LETTERS):
        raise PuzzleImportError(f"{_WHAT}: {len(names)} regions are more than "
                                f"{len(REGION_LETTERS)}")
    out = list(lines)
    for i, row in zip(grid, rows, strict=True):
        out[i] = "".join(REGION_LETTERS[names[t.lstrip("0") or "0"]] for t in row)
    return out


def _numbers_apart(rows: list[list[str]], texts: list[str]) -> bool:
    """Whether the grid is region names set apart: numbers apart (`1 1 2`, `10,10,3`),
    or any names apart by commas or semicolons (`A,A,B`, `red;red;blue`)."""
    if not rows or any(len(row) < 2 for row in rows):
        return False
    if any("," in text or ";" in text for text in texts):
        return True
    return all(t.isascii() and t.isdigit() for row in rows for t in row) and any(
        " " in text.strip() or "\t" in text for text in texts)


def write_text(imported: Imported) -> str:
    """Our text format, the player's state (if any) in a `state:` block after the grid.

    Cost: O(n^2).

    >>> write_text(read_text("AB\\nBB"))
    'kind: regions\\nAB\\nBB\\n'
    """
    text = imported.puzzle.to_text()
    if imported.progress:
        text += (f"\n{STATE_NOTE}\n{STATE_HEADING}\n"
                 + "".join(f"{row}\n" for row in imported.progress))
    return text


def write_json(imported: Imported) -> str:
    """The puzzle as one JSON object (the puzzle's own JSON, k and any progress).

    Cost: O(n^2).

    >>> json.loads(write_json(read_text("AB\\nBB\\n\\nQ.\\n..")))["progress"]
    ['Q.', '..']
    """
    data: dict[str, Any] = dict(imported.puzzle.to_json())
    if imported.progress:
        data["progress"] = list(imported.progress)
    return json.dumps(data) + "\n"


def read_json(text: str) -> Imported:
    """A puzzle from our JSON (`write_json`, or `puzzle make --json`'s output).

    Cost: O(len(text)).

    >>> read_json('{"kind": "regions", "stars": 1, "regions": ["AB", "BB"]}').puzzle.n
    2
    """
    from nqueens.puzzles.io import Imported
    from nqueens.puzzles.model import PuzzleFormatError, completion_puzzle, region_puzzle
    from nqueens.puzzles.rules import KINDS, rules_for

    what = "the puzzle JSON"
    try:
        data = json.loads(text)
    except ValueError as err:
        raise PuzzleImportError(f"{what}: not JSON ({err})") from None
    if isinstance(data, dict) and isinstance(data.get("puzzle"), dict):
        data = data["puzzle"]
    if not isinstance(data, dict) or data.get("kind") not in KINDS:
        raise PuzzleImportError(f"{what}: expected an object with kind regions or completion")
    try:
        if rules_for(data["kind"]).has_givens:
            n = data["n"]
            puzzle = completion_puzzle(
                n, [(r - 1, c - 1) for r, c in data.get("givens", [])],
                blocked=[(r - 1, c - 1) for r, c in data.get("blocked", [])])
        else:
            rules = data.get("rules") or {}
            puzzle = region_puzzle(list(data["regions"]),
                                   diagonals=bool(rules.get("diagonals", False)),
                                   connected=bool(rules.get("connected", False)),
                                   stars=data.get("stars", 1))
    except (KeyError, TypeError, ValueError) as err:
        if isinstance(err, PuzzleFormatError):
            raise PuzzleImportError(f"{what}: {err}") from None
        raise PuzzleImportError(f"{what}: a field is missing or of the wrong type "
                                f"({err!s})") from None
    progress = data.get("progress")
    rows = None
    if progress is not None:
        if not isinstance(progress, list) or not all(isinstance(r, str) for r in progress):
            raise PuzzleImportError(f"{what}: progress must be a list of rows")
        rows = check_progress(progress, puzzle.n, what)
    return Imported(puzzle, rows, "json", stars_stated="stars" in data)
