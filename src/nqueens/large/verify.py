"""Check a solution of any size in O(n) time and memory, sharing no code with the solvers.

Reads the files :mod:`nqueens.large.output` writes (and the compact one-line form, and
JSON), then decides with numpy whether n queens, one per row, attack each other:

- a file that cannot be read as n columns (garbage, non-integers, an empty file, a column
  off the board) raises :class:`~nqueens.errors.ParseError`;
- otherwise the answer is a :class:`Verdict`: ``ok``, or the first clashing pair. Two queens
  in one column (the file is not a permutation) is a clash like a shared diagonal.

"First" means what :func:`nqueens.board.first_conflict` means: the first row ``b`` attacked
by an earlier queen, and the earliest queen ``a`` attacking it. The test suite holds this
module to that function and to a plain pairwise check.

Rows are scanned in blocks of 65535; three 16-bit stamp tables (``n`` columns, ``2n - 1``
diagonals ``row - col``, ``2n - 1`` anti-diagonals ``row + col``) remember which keys earlier
blocks used, and which row of the current block wrote each key last, so a repeat inside a
block shows as an overwritten stamp. No sort. Memory: 10n bytes of tables plus the columns.

>>> import numpy as np
>>> verify_cols(np.array([1, 3, 0, 2])).describe()
'ok n=4'
>>> verify_cols(np.array([0, 2, 1])).describe()
'clash: queens at <2,3> and <3,2> share an anti-diagonal'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from nqueens.board import Conflict
from nqueens.errors import InvalidBoardError, ParseError

if TYPE_CHECKING:
    import os

    import numpy as np
    import numpy.typing as npt

__all__ = ["FORMATS", "Verdict", "detect_format", "read_cols", "verify_cols", "verify_file"]

FORMATS = ("cols", "npy", "json")
"""File formats :func:`read_cols` understands.

``cols``: whitespace- or comma-separated 1-based columns (one per line, or all on one line);
``npy``: a 1-D integer ``.npy`` array of 0-based columns; ``json``: ``{"cols": [...]}`` with
1-based columns (as ``nqueens first --format json`` prints it) or a bare list of them.
"""

BLOCK_ROWS = (1 << 16) - 1
READ_BYTES = 1 << 21
MAX_DIGITS = 15


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome of a check: the board size and the first clash, if any.

    >>> Verdict(4, None).ok
    True
    """

    n: int
    conflict: Conflict | None

    @property
    def ok(self) -> bool:
        """True when no two queens attack each other."""
        return self.conflict is None

    def describe(self) -> str:
        """``ok n=N`` or ``clash: queens at <r,c> and <r,c> share ...`` (1-based)."""
        if self.conflict is None:
            return f"ok n={self.n}"
        return f"clash: {self.conflict.describe()}"


def verify_cols(cols: npt.ArrayLike) -> Verdict:
    """Check 0-based columns (``cols[row] = col``) for clashes.

    COST: O(n) time (blocks of 65535 rows), 10n bytes of tables plus one block.
    Columns off the board raise :class:`~nqueens.errors.InvalidBoardError`.

    >>> verify_cols([0, 3, 1, 0]).describe()
    'clash: queens at <1,1> and <4,1> share a column'
    >>> verify_cols([0, 4]).describe()
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidBoardError: row 2 has column 5, off a board of size 2 (columns 1..2)
    """
    import numpy as np

    arr = np.asarray(cols)
    if arr.ndim != 1 or arr.size == 0:
        raise InvalidBoardError("expected a non-empty 1-D array of columns, one per row")
    if arr.dtype.kind not in "iu":
        raise InvalidBoardError(f"columns must be integers, not {arr.dtype}")
    n = int(arr.size)
    _check_range(arr, n, base=0, error=InvalidBoardError)
    # stamp[key] = 1 + (row's index in its block), 0 = unused: a key already stamped was used
    # by an earlier block; a stamp that differs from the row's own after the block writes its
    # stamps was overwritten by another row of the same block with the same key.
    stamps = (np.zeros(n, np.uint16), np.zeros(2 * n - 1, np.uint16),
              np.zeros(2 * n - 1, np.uint16))
    for start in range(0, n, BLOCK_ROWS):
        stop = min(n, start + BLOCK_ROWS)
        own = np.arange(1, stop - start + 1, dtype=np.uint16)
        keys = _keys(arr, n, start, stop)
        for kind, (table, k) in enumerate(zip(stamps, keys, strict=True)):
            if table[k].any():
                return Verdict(n, _locate(arr, n, start, keys, stamps, written=kind))
            table[k] = own
            if np.any(table[k] != own):
                return Verdict(n, _locate(arr, n, start, keys, stamps, written=kind + 1))
    return Verdict(n, None)


def verify_file(path: str | os.PathLike[str], *, fmt: str | None = None) -> Verdict:
    """Read a solution file (format from ``fmt`` or the extension) and check it. O(n).

    Unreadable or malformed files raise :class:`~nqueens.errors.ParseError`.
    """
    return verify_cols(read_cols(path, fmt=fmt))


def detect_format(path: str | os.PathLike[str]) -> str:
    """The format implied by a file name: ``.npy`` -> npy, ``.json`` -> json, else cols. O(1).

    >>> detect_format("q.npy"), detect_format("q.JSON"), detect_format("q.txt")
    ('npy', 'json', 'cols')
    """
    suffix = Path(path).suffix.lower()
    return {".npy": "npy", ".json": "json"}.get(suffix, "cols")


def read_cols(path: str | os.PathLike[str], *, fmt: str | None = None) -> npt.NDArray[np.int32]:
    """The 0-based int32 columns stored in a solution file, after checking it is well formed.

    COST: O(file size) time; text is parsed by numpy in 2 MB blocks (no Python object per
    number); peak memory about 12 bytes per row. Raises :class:`ParseError` naming the line
    or row for garbage, non-integers, an empty file, or a column outside ``1..n``.
    """
    fmt = detect_format(path) if fmt is None else fmt
    if fmt not in FORMATS:
        raise ParseError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    try:
        if fmt == "npy":
            return _read_npy(path)
        if fmt == "json":
            return _read_json(path)
        return _read_text(path)
    except OSError as err:
        raise ParseError(f"cannot read {str(path)!r}: {err.strerror or err}") from None


# -- checking -------------------------------------------------------------------------------


def _keys(arr: npt.NDArray[np.integer], n: int, lo: int, hi: int) -> list[npt.NDArray[np.int64]]:
    import numpy as np

    c = np.asarray(arr[lo:hi], dtype=np.int64)
    rows = np.arange(lo, hi, dtype=np.int64)
    return [c, rows - c + (n - 1), rows + c]


def _locate(
    arr: npt.NDArray[np.integer],
    n: int,
    start: int,
    keys: list[npt.NDArray[np.int64]],
    seen: tuple[npt.NDArray[np.uint16], ...],
    *,
    written: int,
) -> Conflict:
    """The first clash, knowing that the block starting at ``start`` holds one.

    The first ``written`` stamp tables hold this block's stamps (all on keys no earlier
    block used); they are cleared so that every table says only what earlier blocks used.
    """
    import numpy as np

    first = len(keys[0])
    for table, k in zip(seen[:written], keys[:written], strict=True):
        table[k] = 0
    for table, k in zip(seen, keys, strict=True):
        repeat = table[k] != 0
        order = np.argsort(k, kind="stable")
        ordered = k[order]
        later = np.concatenate(([False], ordered[1:] == ordered[:-1]))
        repeat[order[later]] = True  # every occurrence after the first inside the block
        hits = np.flatnonzero(repeat)
        if hits.size:
            first = min(first, int(hits[0]))
    row_b = start + first
    col_b = int(arr[row_b])
    kinds = (
        ("column", col_b),
        ("diagonal", row_b - col_b + n - 1),
        ("anti-diagonal", row_b + col_b),
    )
    best: tuple[int, str] | None = None
    for lo in range(0, row_b, BLOCK_ROWS):
        hi = min(row_b, lo + BLOCK_ROWS)
        block_keys = _keys(arr, n, lo, hi)
        for (kind, key), k in zip(kinds, block_keys, strict=True):
            hits = np.flatnonzero(k == key)
            if hits.size and (best is None or lo + int(hits[0]) < best[0]):
                best = (lo + int(hits[0]), kind)
        if best is not None:
            break
    assert best is not None, "a repeated key must have an earlier occurrence"
    row_a, kind = best
    return Conflict(row_a, int(arr[row_a]), row_b, col_b, kind)  # type: ignore[arg-type]


def _check_range(
    arr: npt.NDArray[np.integer], n: int, *, base: int, error: type[Exception]
) -> None:
    """Raise ``error`` naming the first row whose column is outside ``base .. base + n - 1``."""
    import numpy as np

    for lo in range(0, n, BLOCK_ROWS):
        block = np.asarray(arr[lo : lo + BLOCK_ROWS])
        bad = np.flatnonzero((block < base) | (block > base + n - 1))
        if bad.size:
            row = lo + int(bad[0])
            value = int(block[bad[0]]) + 1 - base
            raise error(
                f"row {row + 1} has column {value}, off a board of size {n} (columns 1..{n})"
            )


# -- reading --------------------------------------------------------------------------------


def _read_npy(path: str | os.PathLike[str]) -> npt.NDArray[np.int32]:
    import numpy as np

    with open(path, "rb") as f:
        magic = f.read(6)
    if magic != b"\x93NUMPY":
        raise ParseError(f"{str(path)!r} is not a readable .npy array (no .npy header); "
                         "for a text file of columns give --format cols")
    try:
        arr = np.load(path, mmap_mode="r", allow_pickle=False)
    except (ValueError, EOFError) as err:
        raise ParseError(f"{str(path)!r} is not a readable .npy array: {err}") from None
    if not isinstance(arr, np.ndarray):
        raise ParseError(f"{str(path)!r} holds an .npz archive; expected one .npy array")
    if arr.dtype.kind not in "iu":
        raise ParseError(f"{str(path)!r} holds {arr.dtype} values; expected integer columns")
    if arr.ndim != 1:
        raise ParseError(f"{str(path)!r} holds an array of shape {arr.shape}; expected 1-D")
    if arr.size == 0:
        raise ParseError(f"{str(path)!r} holds no columns")
    _check_range(arr, arr.size, base=0, error=ParseError)
    if arr.dtype == np.int32:
        return arr  # memory-mapped: the file itself
    return arr.astype(np.int32)


def _read_json(path: str | os.PathLike[str]) -> npt.NDArray[np.int32]:
    import numpy as np

    from nqueens.files import read_limited

    try:
        with open(path, "rb") as f:
            head = f.read(1 << 16).lstrip()
    except OSError as err:
        raise ParseError(f"cannot read {str(path)!r}: {err.strerror or err}") from None
    if not head[:1] or head[:1] not in b"[{":
        raise ParseError(f"{str(path)!r} is not valid JSON: expected a list or an object")
    text = read_limited(path, MAX_JSON_BYTES, what="JSON file")
    try:
        data = json.loads(text, parse_int=_json_int)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise ParseError(f"{str(path)!r} is not valid JSON: {err}") from None
    except RecursionError:
        raise ParseError(f"{str(path)!r} is JSON nested too deeply to be a solution") from None
    cols = data.get("cols") if isinstance(data, dict) else data
    if not isinstance(cols, list) or not cols:
        raise ParseError(
            f"{str(path)!r}: expected a non-empty list of columns or an object with \"cols\""
        )
    for row, c in enumerate(cols, 1):
        if isinstance(c, bool) or not isinstance(c, int):
            raise ParseError(f"{str(path)!r}: row {row} has {c!r}, not a whole number")
    if isinstance(data, dict) and "n" in data and data["n"] != len(cols):
        raise ParseError(f"{str(path)!r}: n is {data['n']!r} but there are {len(cols)} columns")
    n = len(cols)
    for row, c in enumerate(cols, 1):
        if not 1 <= c <= n:
            raise ParseError(f"row {row} has column {c}, off a board of size {n} (columns 1..{n})")
    return np.asarray(cols, dtype=np.int64).astype(np.int32) - 1


MAX_JSON_BYTES = 1 << 28
"""The largest JSON solution file read (256 MiB: some 30 million columns)."""


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > 19:
        raise ParseError(f"a number of {len(text)} digits is not a column")
    return int(text)


def _byte_classes() -> npt.NDArray[np.int8]:
    import numpy as np

    table = np.full(256, 2, dtype=np.int8)  # 2: not allowed
    for ch in b" \t\r\n\v\f,":
        table[ch] = 0  # separator
    for ch in b"0123456789":
        table[ch] = 1  # digit
    return table


def _read_text(path: str | os.PathLike[str]) -> npt.NDArray[np.int32]:
    import numpy as np

    classes = _byte_classes()
    pow10 = 10 ** np.arange(MAX_DIGITS + 1, dtype=np.int64)
    blocks: list[npt.NDArray[np.int64]] = []
    carry = b""
    lines_before = 0
    with open(path, "rb") as f:
        while True:
            chunk = f.read(READ_BYTES)
            eof = not chunk
            data = carry + chunk
            if not eof:
                cut = max(data.rfind(sep) for sep in (b" ", b"\n", b"\t", b"\r", b","))
                if cut < 0:
                    if len(data) > 1 << 16:
                        raise ParseError(f"{str(path)!r}: line {lines_before + 1} is one "
                                         "endless token, not columns")
                    carry = data
                    continue
                data, carry = data[: cut + 1], data[cut + 1 :]
            if data:
                blocks.append(_parse_block(path, data, lines_before, classes, pow10))
                lines_before += data.count(b"\n")
            if eof:
                break
    n = sum(len(b) for b in blocks)
    if n == 0:
        raise ParseError(f"{str(path)!r} is empty: expected 1-based columns, one per row")
    out = np.empty(n, dtype=np.int32)
    pos = 0
    blocks.reverse()
    while blocks:
        b = blocks.pop()
        bad = np.flatnonzero((b < 1) | (b > n))
        if bad.size:
            row = pos + int(bad[0]) + 1
            raise ParseError(
                f"row {row} has column {int(b[bad[0]])}, off a board of size {n} (columns 1..{n})"
            )
        out[pos : pos + len(b)] = b - 1
        pos += len(b)
    return out


def _parse_block(
    path: str | os.PathLike[str],
    data: bytes,
    lines_before: int,
    classes: npt.NDArray[np.int8],
    pow10: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:
    """The numbers in ``data`` (complete tokens only), by vectorised digit arithmetic."""
    import numpy as np

    raw = np.frombuffer(data, dtype=np.uint8)
    kind = classes[raw]
    odd = np.flatnonzero(kind == 2)
    if odd.size:
        at = int(odd[0])
        line = lines_before + data.count(b"\n", 0, at) + 1
        lo = max(data.rfind(sep, 0, at) for sep in (b" ", b"\n", b"\t", b"\r", b",")) + 1
        hi = min((i for i in (data.find(s, at) for s in (b" ", b"\n", b"\t", b"\r", b","))
                  if i >= 0), default=len(data))
        token = data[lo:hi][:40].decode("utf-8", "replace")
        raise ParseError(
            f"{str(path)!r} line {line}: {token!r} is not a whole number; "
            "expected 1-based columns separated by spaces or newlines"
        )
    pos = np.flatnonzero(kind == 1)
    if pos.size == 0:
        return np.zeros(0, dtype=np.int64)
    starts = np.flatnonzero(np.diff(pos, prepend=-2) != 1)
    lengths = np.diff(starts, append=pos.size)
    if int(lengths.max()) > MAX_DIGITS:
        at = int(pos[starts[np.argmax(lengths)]])
        line = lines_before + data.count(b"\n", 0, at) + 1
        raise ParseError(f"{str(path)!r} line {line}: a number with {int(lengths.max())} "
                         "digits is far off any board")
    ends = starts + lengths - 1
    owner = np.repeat(np.arange(starts.size), lengths)
    exponent = ends[owner] - np.arange(pos.size)
    digits = raw[pos].astype(np.int64) - ord("0")
    return np.add.reduceat(digits * pow10[exponent], starts)
