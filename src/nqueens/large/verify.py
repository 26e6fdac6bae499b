"""Check a solution of any size in O(n) time and memory, sharing no code with the solvers.

The checker: given n columns (read from a file by `nqueens.large.read`, which raises
`ParseError` for anything that is not n columns), it decides with
numpy whether n queens, one per row, attack each other. The answer is a `Verdict`:
`ok`, or the first clashing pair. Two queens in one column (the file is not a
permutation) is a clash like a shared diagonal.

"First" means what `nqueens.board.first_conflict` means: the first row `b` attacked
by an earlier queen, and the earliest queen `a` attacking it. The test suite holds this
module to that function and to a plain pairwise check.

Rows are scanned in blocks of 65535; three 16-bit stamp tables (`n` columns, `2n - 1`
diagonals `row - col`, `2n - 1` anti-diagonals `row + col`) remember which keys earlier
blocks used, and which row of the current block wrote each key last, so a repeat inside a
block shows as an overwritten stamp. No sort. Memory: 10n bytes of tables plus the columns.

>>> import numpy as np
>>> verify_cols(np.array([1, 3, 0, 2])).describe()
'ok n=4'
>>> verify_cols(np.array([0, 2, 1])).describe()
'clash: queens at <2,3> and <3,2> share an anti-diagonal'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from nqueens.board import Conflict
from nqueens.errors import InvalidBoardError
from nqueens.large.read import (
    FORMATS,
    check_range,
    detect_format,
    npy_chunk,
    npy_layout,
    read_cols,
)

if TYPE_CHECKING:
    import os
    from collections.abc import Callable

    import numpy as np
    import numpy.typing as npt

__all__ = ["FORMATS", "Verdict", "detect_format", "read_cols", "verify_chunks", "verify_cols",
           "verify_file"]
# FORMATS, detect_format and read_cols are the reader's (nqueens.large.read), named here too
# so that one import gives what checking a file takes

BLOCK_ROWS = (1 << 16) - 1
"""Rows per block: a row's index in its block fits the 16-bit stamps."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome of a check: the board size and the first clash, if any.

    A verdict is true when the board is sound, so `if verify_file(path):` reads as it
    should.

    >>> Verdict(4, None).ok, bool(Verdict(4, None))
    (True, True)
    >>> from nqueens.board import first_conflict
    >>> bool(Verdict(3, first_conflict((0, 1, 2))))
    False
    """

    n: int
    conflict: Conflict | None

    @property
    def ok(self) -> bool:
        """True when no two queens attack each other."""
        return self.conflict is None

    def __bool__(self) -> bool:
        """The same as `ok`. Cost: O(1)."""
        return self.conflict is None

    def describe(self) -> str:
        """`ok n=N` or `clash: queens at <r,c> and <r,c> share ...` (1-based).

        Cost: O(1) per call.

        >>> from nqueens.board import first_conflict
        >>> Verdict(4, None).describe()
        'ok n=4'
        >>> Verdict(3, first_conflict((0, 1, 2))).describe()   # 0-based columns
        'clash: queens at <1,1> and <2,2> share a diagonal'
        """
        if self.conflict is None:
            return f"ok n={self.n}"
        return f"clash: {self.conflict.describe()}"


def verify_cols(cols: npt.ArrayLike) -> Verdict:
    """Check 0-based columns (`cols[row] = col`) for clashes.

    Cost: O(n) time (blocks of 65535 rows), 10n bytes of tables plus one block.
    Columns off the board raise `InvalidBoardError`.

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
    check_range(arr, n, base=0, error=InvalidBoardError)
    if n > STAMP_MAX_N:
        return verify_chunks(n, lambda lo, hi: arr[lo:hi])
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
    """Read a solution file (format from `fmt` or the extension) and check it.

    Unreadable or malformed files raise `ParseError`; a `path`
    that is not a file name (a str or an `os.PathLike`)
    `InvalidArgumentError`.
    Cost: O(n) time and memory, as `verify_cols` plus the read.

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     path = os.path.join(d, "four.txt")
    ...     _ = open(path, "w").write("2 4 1 3")
    ...     verify_file(path).describe()
    'ok n=4'
    >>> verify_file("no-such-file.txt")
    Traceback (most recent call last):
    ...
    nqueens.errors.ParseError: cannot read 'no-such-file.txt': No such file or directory
    """
    import os

    from nqueens._validate import check_path

    check_path(path, "path")
    fmt = detect_format(path) if fmt is None else fmt
    if fmt == "npy" and os.fspath(path) != "-":
        offset, dtype, n = npy_layout(path)
        if n > STAMP_MAX_N:  # read in chunks: memory 5n/8 bytes, not the file's size
            return verify_chunks(n, lambda lo, hi: npy_chunk(path, offset, dtype, n, lo, hi))
    return verify_cols(read_cols(path, fmt=fmt))


STAMP_MAX_N = 1 << 20
"""Up to this n the stamp tables check a board (10n bytes, no compiled code); beyond it the
compiled bit table of `nqueens.kernels.verify` does (5n/8 bytes)."""

CHUNK_ROWS = 1 << 20
"""Rows per chunk of the compiled check (O(CHUNK_ROWS) each, so Ctrl-C lands between two)."""


def verify_chunks(n: int, read: Callable[[int, int], npt.NDArray[np.integer]]) -> Verdict:
    """Check `n` columns that `read(lo, hi)` gives chunk by chunk (0-based, on the board).

    One bit per column and per diagonal (5n/8 bytes) plus one chunk: the whole array is
    never held. After a clash the rest is still read, so that a column off the board later
    in a file is reported as before (`read` raises for it). Cost: O(n) time, one pass
    (two up to the clash when there is one); 5n/8 bytes plus 8 bytes per row of a chunk.

    >>> import numpy as np
    >>> cols = np.array([0, 2, 1])
    >>> verify_chunks(3, lambda lo, hi: cols[lo:hi]).describe()
    'clash: queens at <2,3> and <3,2> share an anti-diagonal'
    """
    import numpy as np

    from nqueens.kernels.verify import first_attacked, table_bytes

    bits = np.zeros(table_bytes(n), dtype=np.uint8)
    row_b = -1
    for lo in range(0, n, CHUNK_ROWS):
        block = read(lo, min(n, lo + CHUNK_ROWS))
        if row_b < 0:
            i = int(first_attacked(block, lo, n, bits))
            if i >= 0:
                row_b = lo + i
                col_b = int(block[i])
    if row_b < 0:
        return Verdict(n, None)
    del bits
    return Verdict(n, _partner(read, n, row_b, col_b))


def _partner(read: Callable[[int, int], npt.NDArray[np.integer]], n: int, row_b: int,
             col_b: int) -> Conflict:
    """The earliest row before `row_b` whose queen attacks the one at `(row_b, col_b)`."""
    import numpy as np

    kinds = (("column", col_b), ("diagonal", row_b - col_b + n - 1),
             ("anti-diagonal", row_b + col_b))
    for lo in range(0, row_b, CHUNK_ROWS):
        hi = min(row_b, lo + CHUNK_ROWS)
        c = np.asarray(read(lo, hi), dtype=np.int64)
        rows = np.arange(lo, hi, dtype=np.int64)
        best: tuple[int, str] | None = None
        for (kind, key), k in zip(kinds, (c, rows - c + n - 1, rows + c), strict=True):
            hits = np.flatnonzero(k == key)
            if hits.size and (best is None or int(hits[0]) < best[0]):
                best = (int(hits[0]), kind)
        if best is not None:
            i, kind = best
            return Conflict(lo + i, int(c[i]), row_b, col_b, kind)  # type: ignore[arg-type]
    raise AssertionError("an attacked row must have an earlier attacker")


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
    """The first clash, knowing that the block starting at `start` holds one.

    The first `written` stamp tables hold this block's stamps (all on keys no earlier
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
