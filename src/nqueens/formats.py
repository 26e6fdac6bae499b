"""Read back every format nqueens writes: the one reader of boards and solutions.

Every command that takes a board or a solution reads it here (`verify` and
`complete --board`), so each reads every format the others write, or refuses it with one
line naming the format it saw and the ones it takes. `FORMATS` is the table
(docs/formats.md prints it): each format, who writes it, who reads it.

The format is told by `format_of`: `fmt` when given, else a name ending in `.npy`
or `.json` says it, else the content (standard input always by content). The rule for
the content, on the first 64 KiB (`sniff`):

- `\\x93NUMPY` -> `npy`; `\\x89PNG`, `<svg`/`<?xml`, `<!DOCTYPE html`/`<html`
  -> a picture or a page (refused: not a board);
- `{`, `[` or `null` -> `json` (JSON Lines, or one JSON document over many lines);
- else the first line that is not blank, a `#` comment or `instance:` (what
  `complete --random` prints first) decides: `kind:` or `rules:` -> `puzzle`;
  a digit first -> `cols` (a region puzzle's first row starts with `A`); `Q`, `.`
  (and `x`) -> `board`; `Q` and `#` -> `grid`; other letters and digits -> a
  region `puzzle`.

`cols` has two layouts, told apart by the first line that holds a number: **one solution
a line** (`solve --format cols`: the first line holds several numbers; every line is then
one solution) or **one column a line** (`find`: the first line holds one number; the whole
file is then one solution, and a later line with two numbers is refused). The two agree on
the one case both can write, the 1-queen board `1`.

>>> import io
>>> sniff(b"1 3 5 2 4\\n1 4 2 5 3\\n"), sniff(b'{"n": 4, "cols": [2, 4, 1, 3]}'), sniff(b"Q#\\n")
('cols', 'json', 'grid')
>>> [f.cols.tolist() for f in solutions_in(io.BytesIO(b"2 4 1 3\\n3 1 4 2\\n"), "-")]
[[1, 3, 0, 2], [2, 0, 3, 1]]
>>> [f.cols.tolist() for f in solutions_in(io.BytesIO(b"2\\n4\\n1\\n3\\n"), "-")]
[[1, 3, 0, 2]]
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any

from nqueens._types import Square
from nqueens._validate import check_path, short_repr
from nqueens.errors import ParseError, with_cli_hint
from nqueens.files import binary_input
from nqueens.sniff import (
    FORMATS,
    HEAD_BYTES,
    READS,
    FormatInfo,
    _is_comment,
    _refusal,
    _shown,
    format_of,
    sniff,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "FORMATS",
    "READS",
    "FormatInfo",
    "Found",
    "format_of",
    "open_input",
    "partial_board",
    "sniff",
    "solutions",
    "solutions_in",
]


MAX_TEXT_BYTES = 1 << 28
"""The largest JSON, board or puzzle input read (256 MiB); columns stream without a limit."""

MAX_COLUMNS = 1 << 31
"""The most columns one solution may have (numbers are read into int32 beyond this)."""

@dataclass(frozen=True)
class Found:
    """One solution read from an input: its number in the input (1-based), the line it
    starts on (1-based; None for `npy`), and its 0-based columns."""

    index: int
    line: int | None
    cols: npt.NDArray[np.integer]
    ok: bool | None = None
    """Whether no two queens attack each other, where the reader checked it on the way
    (a stream of solutions, one a line, is checked a block at a time); None: not checked."""


# -- opening ------------------------------------------------------------------------------


class _Replay:
    """A binary stream that gives `head` again, then the rest of `rest`."""

    def __init__(self, head: bytes, rest: IO[bytes]) -> None:
        self._head = head
        self._rest = rest

    def read(self, size: int = -1) -> bytes:
        if not self._head:
            return self._rest.read(size)
        if size < 0:
            out, self._head = self._head + self._rest.read(), b""
            return out
        out, self._head = self._head[:size], self._head[size:]
        if len(out) < size:  # a read gives all it asks for but at the end, as a file's does
            out += self._rest.read(size - len(out))
        return out


@contextlib.contextmanager
def open_input(path: str | os.PathLike[str], *, what: str = ""
               ) -> Iterator[tuple[bytes, IO[bytes]]]:
    """`(head, stream)`: the start of `path` and a stream that reads it whole.

    `head` is the first `HEAD_BYTES` of `path` (`-`: standard input); `stream`
    reads from the start, head included. Unreadable inputs raise `ParseError`.
    Cost: O(HEAD_BYTES) to open.

    >>> import sys, io
    >>> saved, sys.stdin = sys.stdin, io.TextIOWrapper(io.BytesIO(b"2 4 1 3\\n"))
    >>> with open_input("-") as (head, stream):
    ...     got = head, stream.read()
    >>> sys.stdin = saved
    >>> got
    (b'2 4 1 3\\n', b'2 4 1 3\\n')
    """
    check_path(path, "path")
    name = os.fspath(path)
    with contextlib.ExitStack() as stack:
        try:
            f = stack.enter_context(binary_input(name))
            head = b""
            while len(head) < HEAD_BYTES:  # a pipe gives what it has: read until enough
                more = f.read(HEAD_BYTES - len(head))
                if not more:
                    break
                head += more
        except OSError as err:  # not found, a folder, no permission, stdin closed
            what = f"{what} " if what else ""
            raise ParseError(f"cannot read {what}{_shown(name)}: {err.strerror or err}") \
                from None
        yield head, _Replay(head, f)  # type: ignore[misc]


# -- solutions ----------------------------------------------------------------------------


def solutions(path: str | os.PathLike[str], *, fmt: str | None = None) -> Iterator[Found]:
    """Every solution in the file at `path` (`-`: standard input), lazily.

    In any format of `READS` but `puzzle` (a puzzle is not a solution).

    Columns are checked to be whole numbers on the board (1..n as written), else
    `ParseError` naming the line and row; a format that holds no solution (a
    picture, a puzzle, a partial board) is refused naming the format seen and the ones
    wanted. Whether the queens attack each other is the caller's to check. Cost: O(bytes);
    memory O(one solution), except that a `.npy` on standard input is read whole.

    >>> import os, tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    ...     _ = f.write("Q#\\n#Q\\n")
    >>> [f.cols.tolist() for f in solutions(f.name)]
    [[0, 1]]
    >>> os.unlink(f.name)
    """
    with open_input(path) as (head, stream):
        yield from solutions_in(stream, os.fspath(path), fmt=format_of(path, head, fmt))


def solutions_in(stream: IO[bytes], name: str, *, fmt: str | None = None) -> Iterator[Found]:
    """`solutions` of an open binary `stream` (`name` for messages).

    `fmt` None tells it from the stream's start. Cost: O(bytes), as `solutions`.

    >>> import io
    >>> [f.cols.tolist() for f in solutions_in(io.BytesIO(b'[2, 4, 1, 3]'), "-")]
    [[1, 3, 0, 2]]
    """
    if fmt is None:
        head = stream.read(HEAD_BYTES)
        fmt = sniff(head)
        stream = _Replay(head, stream)  # type: ignore[assignment]
    wanted = "solutions: " + ", ".join(f for f in READS if f != "puzzle")
    if fmt == "npy":
        yield _npy(stream, name)
    elif fmt == "json":
        yield from _json_solutions(stream, name)
    elif fmt == "cols":
        yield from _cols_solutions(stream, name)
    elif fmt in ("board", "grid"):
        yield from _board_solutions(stream, name, fmt)
    elif fmt == "puzzle":
        raise ParseError(f"{_shown(name)} holds a puzzle, not a solution; `nqueens puzzle "
                         "solve FILE` solves it (its board is read back here)")
    else:
        raise _refusal(name, fmt, wanted)


def _npy(stream: IO[bytes], name: str) -> Found:
    import io

    import numpy as np

    from nqueens.large.read import check_range

    data = stream.read(MAX_TEXT_BYTES * 8 + 1)
    if len(data) > MAX_TEXT_BYTES * 8:
        raise ParseError(f".npy input {_shown(name)} is larger than {MAX_TEXT_BYTES * 8:,} "
                         "bytes; give it as a file name, which is read in chunks")
    try:
        arr = np.load(io.BytesIO(data), allow_pickle=False)
    except (ValueError, EOFError, OSError) as err:
        raise ParseError(f"{_shown(name)} is not a readable .npy array: {err}") from None
    if not isinstance(arr, np.ndarray) or arr.dtype.kind not in "iu" or arr.ndim != 1 \
            or arr.size == 0:
        raise ParseError(f"{_shown(name)} is not a non-empty 1-D integer .npy array")
    check_range(arr, arr.size, base=0, error=ParseError)
    return Found(1, None, arr)


def _cols_solutions(stream: IO[bytes], name: str) -> Iterator[Found]:
    """The two layouts of `cols` (see the module docstring), streamed."""
    import numpy as np

    from nqueens.large.read import numbers_by_line

    per_line: bool | None = None
    whole: list[npt.NDArray[np.int32]] = []  # one column a line: the solution's columns
    last_line = -1
    blocks = numbers_by_line(stream, name)
    for values, lines in blocks:
        if not values.size:
            continue
        if per_line is None:
            per_line = bool(np.count_nonzero(lines == lines[0]) > 1)
        if not per_line:
            twice = np.flatnonzero(np.diff(lines, prepend=last_line) == 0)
            if twice.size:
                raise ParseError(
                    f"{_shown(name)} line {int(lines[twice[0]]) + 1} holds more than one "
                    "number, but the input began with one column a line (find's layout: "
                    "one solution); for one solution a line, put a whole solution on the "
                    "first line")
            last_line = int(lines[-1])
            whole.append(values.astype(np.int32) if values.max() <= MAX_COLUMNS else values)
            continue
        yield from _per_line(name, itertools.chain([(values, lines)], blocks))
        return
    if per_line is None:
        raise ParseError(f"{_shown(name)} holds no columns: expected 1-based columns")
    yield _checked(name, 1, 1, np.concatenate(whole), column_a_line=True)


def _per_line(name: str, blocks: Iterator[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]]
              ) -> Iterator[Found]:
    """One solution a line: the lines each block holds whole are checked together
    (`_lines_checked`); a line that goes on into the next block waits for its end."""
    import numpy as np

    held_line, held = -1, []  # the block's last line, which may go on in the next block
    index = 0
    for values, lines in blocks:
        if not values.size:
            continue
        starts = np.flatnonzero(np.diff(lines, prepend=-1))
        ids = lines[starts]
        first = 0
        if held:
            if int(ids[0]) == held_line:
                held.append(values[: starts[1]] if len(starts) > 1 else values)
                first = 1
                if len(starts) == 1:
                    continue
            index += 1
            yield _checked(name, index, held_line + 1, np.concatenate(held))
        last = len(starts) - 1
        if first < last:
            done = _lines_checked(name, values, starts[first:last],
                                  np.diff(starts[first:last + 1]), ids[first:last], index)
            index += last - first
            yield from done
        held_line, held = int(ids[last]), [values[starts[last]:]]
    if held:
        yield _checked(name, index + 1, held_line + 1, np.concatenate(held))


def _lines_checked(name: str, values: npt.NDArray[np.int64], starts: npt.NDArray[np.int64],
                   counts: npt.NDArray[np.int64], ids: npt.NDArray[np.int64], index: int
                   ) -> list[Found]:
    """Whole lines of one block, each one solution: range-checked and checked for clashes
    with numpy, all lines of one length at once (sorted keys: a repeat is a clash)."""
    import numpy as np

    out: list[Found | None] = [None] * len(starts)
    for size in np.unique(counts):
        sel = np.flatnonzero(counts == size)
        grid = values[starts[sel, None] + np.arange(size)]
        bad = np.flatnonzero(((grid < 1) | (grid > size)).any(axis=1))
        if bad.size:
            k = int(sel[bad[0]])
            _checked(name, index + k + 1, int(ids[k]) + 1, values[starts[k]:starts[k] + size])
        cols = grid - 1
        rows = np.arange(size)
        clash = np.zeros(len(sel), dtype=bool)
        for keys in (cols, rows - cols, rows + cols):
            ordered = np.sort(keys, axis=1)
            clash |= (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        for pos, k in enumerate(sel.tolist()):
            out[k] = Found(index + k + 1, int(ids[k]) + 1, cols[pos], not clash[pos])
    return out  # type: ignore[return-value]


def _checked(name: str, index: int, line: int, cols: npt.NDArray[np.integer], *,
             column_a_line: bool = False) -> Found:
    """`cols` (1-based, as written) as 0-based columns, each checked to be on the board."""
    import numpy as np

    n = len(cols)
    bad = np.flatnonzero((cols < 1) | (cols > n))
    if bad.size:
        row = int(bad[0]) + 1
        where = f"line {row}" if column_a_line else f"line {line}"
        raise _off_board(name, where, row, int(cols[bad[0]]), n)
    return Found(index, line, cols - 1)


def _off_board(name: str, where: str, row: int, col: int, n: int) -> ParseError:
    return ParseError(f"{_shown(name)} {where}: row {row} has column {col}, off a board of "
                      f"size {n} (columns 1..{n})")


def _read_text(stream: IO[bytes], name: str, what: str) -> str:
    data = stream.read(MAX_TEXT_BYTES + 1)
    if len(data) > MAX_TEXT_BYTES:
        raise ParseError(f"{what} {_shown(name)} is larger than {MAX_TEXT_BYTES:,} bytes; "
                         "refusing to read it")
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as err:
        raise ParseError(f"{what} {_shown(name)} is not UTF-8 text ({err.reason} at byte "
                         f"{err.start})") from None


def _json_values(stream: IO[bytes], name: str) -> Iterator[tuple[int, Any]]:
    """Each JSON value of JSON Lines (or of one document) with the line it starts on."""
    text = _read_text(stream, name, "JSON input")
    decoder = json.JSONDecoder(parse_int=_json_int)
    pos, line = 0, 1
    space = re.compile(r"\s*")
    while True:
        end = space.match(text, pos).end()  # type: ignore[union-attr]
        line += text.count("\n", pos, end)
        if end == len(text):
            return
        try:
            value, pos_after = decoder.raw_decode(text, end)
        except json.JSONDecodeError as err:
            raise ParseError(f"{_shown(name)} line {err.lineno}: not valid JSON "
                             f"({err.msg})") from None
        except RecursionError:
            raise ParseError(f"{_shown(name)} line {line}: JSON nested too deeply to be a "
                             "solution") from None
        yield line, value
        line += text.count("\n", end, pos_after)
        pos = pos_after


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > 19:
        raise ParseError(f"a number of {len(text)} digits is not a column")
    return int(text)


def _json_solutions(stream: IO[bytes], name: str) -> Iterator[Found]:
    import numpy as np

    index = nulls = 0
    for line, value in _json_values(stream, name):
        cols = _json_cols(name, line, value)
        if cols is None:
            nulls += 1
            continue
        index += 1
        yield _checked(name, index, line, np.asarray(cols, dtype=np.int64))
    if index == 0:
        why = " (null: the command that wrote it found none)" if nulls else ""
        raise ParseError(f"{_shown(name)} holds no solution to check{why}")


def _json_cols(name: str, line: int, value: object) -> list[int] | None:
    """The 1-based columns of one JSON value, None for `null` (no solution), else refused."""
    if value is None:
        return None
    cols = value
    if isinstance(value, dict):
        if "cols" not in value:
            keys = ", ".join(list(map(str, value))[:6])
            raise with_cli_hint(ParseError(f"{_shown(name)} line {line}: a JSON object with "
                                           f"{keys} holds no solution; expected "
                                           "{\"cols\": [...]}"),
                                "as solve --json writes it")
        cols = value["cols"]
        if cols is None:
            return None
    if not isinstance(cols, list) or not cols:
        raise ParseError(f"{_shown(name)} line {line}: expected a non-empty list of columns "
                         f"or an object with \"cols\", got {short_repr(cols)}")
    for row, c in enumerate(cols, 1):
        if isinstance(c, bool) or not isinstance(c, int):
            raise ParseError(f"{_shown(name)} line {line}: row {row} has {short_repr(c)}, "
                             "not a whole number")
        if not 1 <= c <= len(cols):  # before numpy, which takes no 19-digit column
            raise _off_board(name, f"line {line}", row, c, len(cols))
    if isinstance(value, dict) and "n" in value and value["n"] != len(cols):
        raise ParseError(f"{_shown(name)} line {line}: n is {short_repr(value['n'])} but "
                         f"there are {len(cols)} columns")
    return cols


def _board_blocks(text: str) -> Iterator[tuple[int, list[str]]]:
    """The boards of a text (rows without spaces), apart by blank lines, with the line each
    starts on; `#` comments and `instance:` lines are skipped."""
    rows: list[str] = []
    start = 0
    for number, raw in enumerate(text.splitlines(), 1):
        if _is_comment(raw.strip().encode()):
            continue
        line = "".join(raw.split())
        if not line:
            if rows:
                yield start, rows
            rows = []
            continue
        if not rows:
            start = number
        rows.append(line)
    if rows:
        yield start, rows


def _board_solutions(stream: IO[bytes], name: str, fmt: str) -> Iterator[Found]:
    import numpy as np

    empty = "." if fmt == "board" else "#"
    index = 0
    for start, rows in _board_blocks(_read_text(stream, name, "board input")):
        n = len(rows)
        cols = []
        for r, row in enumerate(rows):
            where = f"{_shown(name)} line {start + r}"
            if len(row) != n:
                raise ParseError(f"{where}: row {r + 1} has {len(row)} squares; a board of "
                                 f"{n} rows needs {n} (boards are apart by a blank line)")
            odd = row.replace("Q", "").replace(empty, "")
            if odd[:1] in ("x", "X") or row.count("Q") != 1:
                raise with_cli_hint(ParseError(
                    f"{where}: row {r + 1} has {row.count('Q')} queens"
                    f"{' and a blocked square' if odd[:1] in ('x', 'X') else ''}: a partial "
                    "board, not a solution"), "`nqueens complete --board FILE` finishes it")
            if odd:
                raise ParseError(f"{where}: row {r + 1} has {odd[0]!r}; a {fmt} has only Q "
                                 f"and {empty}")
            cols.append(row.index("Q"))
        index += 1
        yield Found(index, start, np.asarray(cols, dtype=np.int64))
    if index == 0:
        raise ParseError(f"{_shown(name)} holds no board")


# -- a partial board ----------------------------------------------------------------------

def partial_board(path: str | os.PathLike[str], *, fmt: str | None = None
                  ) -> tuple[int, list[Square], list[Square]]:
    """`(n, queens, blocked)`, 0-based, of the one board in the file at `path`.

    `-` is standard input. Any format of `READS`: a partial board (`Q`, `.`,
    `x`), a completion puzzle, or a solution in any format (every queen placed).

    More than one board, a region puzzle, a picture, or text that is no board raise
    `ParseError` naming what was seen. Cost: O(bytes).

    >>> import os, tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    ...     _ = f.write("kind: completion\\n..Q.\\nx...\\n....\\n....\\n")
    >>> partial_board(f.name)
    (4, [(0, 2)], [(1, 0)])
    >>> os.unlink(f.name)
    """
    with open_input(path, what="board file") as (head, stream):
        name = os.fspath(path)
        fmt = format_of(path, head, fmt)
        if fmt in ("board", "grid", "puzzle"):
            return _partial_text(_read_text(stream, name, "board file"), name, fmt)
        if fmt == "json":
            values = list(_json_values(stream, name))
            if len(values) == 1 and isinstance(values[0][1], dict) \
                    and "queens" in values[0][1]:
                return _json_instance(name, values[0][1])
            found = [(line, cols) for line, cols in
                     ((line, _json_cols(name, line, v)) for line, v in values)
                     if cols is not None]
            return _one_board(name, [_checked(name, i, line, _as_array(cols))
                                     for i, (line, cols) in enumerate(found, 1)], "records")
        if fmt in ("cols", "npy"):
            return _one_board(name, list(solutions_in(stream, name, fmt=fmt)), "solutions")
        raise _refusal(name, fmt, "one board: " + ", ".join(READS))


def _as_array(cols: list[int]) -> npt.NDArray[np.int64]:
    import numpy as np

    return np.asarray(cols, dtype=np.int64)


def _one_board(name: str, found: list[Found], what: str) -> tuple[int, list[Square], list[Square]]:
    if len(found) != 1:
        raise ParseError(f"{_shown(name)} holds {len(found)} {what}; a partial board is one "
                         "(take one with head -1)")
    cols = found[0].cols
    return len(cols), [(r, int(c)) for r, c in enumerate(cols)], []


def _partial_text(text: str, name: str, fmt: str) -> tuple[int, list[Square], list[Square]]:
    from nqueens.completion import parse_board

    if fmt == "puzzle":
        from nqueens.puzzles.model import parse_puzzle

        puzzle = parse_puzzle(text)
        if not puzzle.rules.has_givens:
            raise ParseError(f"{_shown(name)} holds a region puzzle; a partial board is a "
                             "board or a completion puzzle (`nqueens puzzle solve FILE` "
                             "solves region puzzles)")
        return puzzle.n, list(puzzle.givens), list(puzzle.blocked)
    boards = list(_board_blocks(text))
    if len(boards) != 1:
        raise ParseError(f"{_shown(name)} holds {len(boards)} boards; a partial board is one")
    rows = boards[0][1]
    if fmt == "grid":
        rows = [row.replace("#", ".") for row in rows]
    return parse_board("\n".join(rows))


def _json_instance(name: str, record: dict[str, Any]) -> tuple[int, list[Square], list[Square]]:
    """`complete --json`'s record: its board size, queens and blocked squares (1-based)."""
    n = record.get("n")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ParseError(f"{_shown(name)}: n is {short_repr(n)}, not a board size")
    squares: list[list[Square]] = []
    for key in ("queens", "blocked"):
        items = record.get(key) or []
        if not isinstance(items, list) or not all(
                isinstance(p, list) and len(p) == 2 and all(
                    isinstance(v, int) and not isinstance(v, bool) for v in p) for p in items):
            raise ParseError(f"{_shown(name)}: {key} must be a list of 1-based [row, col] "
                             f"pairs, got {short_repr(items)}")
        squares.append([(r - 1, c - 1) for r, c in items])
    return n, squares[0], squares[1]
