"""Read a solution file of any size as 0-based columns, without a Python object per number.

The reader for `nqueens.large.verify` (the checker): the files
`nqueens.large.output` writes, the compact one-line form, `.npy` arrays and JSON.
Anything that is not n columns (garbage, non-integers, an empty file, a column off the
board) raises `ParseError` naming the line or row.

Text files separate columns by commas and ASCII whitespace as `bytes.split` has it
(space, tab, newline, carriage return, vertical tab, form feed): `SEPARATORS`, the
one definition every part of the text reader uses. Lines are counted by newlines. A UTF-8
byte-order mark at the start of a text or JSON file (some editors write one) is skipped.

>>> import os, tempfile
>>> with tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False) as f:
...     _ = f.write(b"2\\v4\\f1, 3\\n")
>>> read_cols(f.name).tolist()
[1, 3, 0, 2]
>>> os.unlink(f.name)
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from nqueens._validate import check_path
from nqueens.errors import ParseError, with_cli_hint
from nqueens.files import binary_input

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["FORMATS", "SEPARATORS", "check_range", "detect_format", "npy_chunk", "npy_layout",
           "numbers_by_line", "read_cols"]

FORMATS = ("cols", "npy", "json")
"""File formats `read_cols` understands.

`cols`: whitespace- or comma-separated 1-based columns (one per line, or all on one line);
`npy`: a 1-D integer `.npy` array of 0-based columns; `json`: `{"cols": [...]}` with
1-based columns (as `nqueens first --format json` prints it) or a bare list of them.
"""

SEPARATORS = b" \t\n\r\v\f,"
"""Bytes that separate columns in a text file: ASCII whitespace (as `bytes.split()`) and
the comma."""

BLOCK_ROWS = (1 << 16) - 1
READ_BYTES = 1 << 21
MAX_DIGITS = 15
_BOM = b"\xef\xbb\xbf"


def detect_format(path: str | os.PathLike[str]) -> str:
    """The format implied by a file name: `.npy` -> npy, `.json` -> json, else cols.

    Cost: O(1).

    >>> detect_format("q.npy"), detect_format("q.JSON"), detect_format("q.txt")
    ('npy', 'json', 'cols')
    """
    suffix = Path(path).suffix.lower()
    return {".npy": "npy", ".json": "json"}.get(suffix, "cols")


def read_cols(path: str | os.PathLike[str], *, fmt: str | None = None) -> npt.NDArray[np.int32]:
    """The 0-based int32 columns stored in a solution file, after checking it is well formed.

    Cost: O(file size) time; text is parsed by numpy in 2 MB blocks (no Python object per
    number); peak memory about 12 bytes per row. Raises `ParseError` naming the line
    or row for garbage, non-integers, an empty file, or a column outside `1..n`; a
    `path` that is not a file name (a str or an `os.PathLike`) raises
    `InvalidArgumentError`.

    >>> import os, tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
    ...     _ = f.write('{"n": 4, "cols": [2, 4, 1, 3]}')
    >>> read_cols(f.name).tolist()
    [1, 3, 0, 2]
    >>> os.unlink(f.name)
    """
    check_path(path, "path")
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


def check_range(
    arr: npt.NDArray[np.integer], n: int, *, base: int, error: type[Exception]
) -> None:
    """Raise `error` naming the first row whose column is outside `base .. base + n - 1`.

    Cost: O(n), in blocks of 65535 rows.

    >>> import numpy as np
    >>> check_range(np.array([2, 0, 1]), 3, base=0, error=ParseError)
    >>> check_range(np.array([1, 4, 2]), 3, base=1, error=ParseError)
    Traceback (most recent call last):
    ...
    nqueens.errors.ParseError: row 2 has column 4, off a board of size 3 (columns 1..3)
    """
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


def npy_layout(path: str | os.PathLike[str]) -> tuple[int, np.dtype[np.integer], int]:
    """Where the columns of a `.npy` file start, their dtype, and how many there are.

    For reading the array in chunks rather than whole (`npy_chunk`); the header is
    checked as `read_cols` checks it (a 1-D, non-empty integer array), else
    `ParseError`. Cost: O(1) (the header only).

    >>> import os, tempfile, numpy as np
    >>> with tempfile.NamedTemporaryFile(suffix=".npy", delete=False) as f:
    ...     np.save(f, np.array([1, 3, 0, 2], dtype=np.int32))
    >>> offset, dtype, n = npy_layout(f.name)
    >>> offset, str(dtype), n, npy_chunk(f.name, offset, dtype, n, 1, 3).tolist()
    (128, 'int32', 4, [3, 0])
    >>> os.unlink(f.name)
    """
    import numpy as np

    try:
        with open(path, "rb") as f:
            if f.read(6) != b"\x93NUMPY":
                raise with_cli_hint(ParseError(f"{str(path)!r} is not a readable .npy array "
                                               "(no .npy header)"),
                                    "for a text file of columns give --format cols")
            f.seek(0)
            version = np.lib.format.read_magic(f)
            read_header = (np.lib.format.read_array_header_1_0 if version == (1, 0)
                           else np.lib.format.read_array_header_2_0)
            shape, _fortran, dtype = read_header(f, max_header_size=1 << 16)
            offset = f.tell()
    except (ValueError, EOFError) as err:
        raise ParseError(f"{str(path)!r} is not a readable .npy array: {err}") from None
    except OSError as err:
        raise ParseError(f"cannot read {str(path)!r}: {err.strerror or err}") from None
    if dtype.kind not in "iu":
        raise ParseError(f"{str(path)!r} holds {dtype} values; expected integer columns")
    if len(shape) != 1:
        raise ParseError(f"{str(path)!r} holds an array of shape {shape}; expected 1-D")
    if shape[0] == 0:
        raise ParseError(f"{str(path)!r} holds no columns")
    size = os.path.getsize(path)
    if size < offset + shape[0] * dtype.itemsize:
        raise ParseError(f"{str(path)!r} is not a readable .npy array: it is cut short "
                         f"({size:,} bytes for {shape[0]:,} columns)")
    return offset, dtype, int(shape[0])


def npy_chunk(path: str | os.PathLike[str], offset: int, dtype: np.dtype[np.integer], n: int,
              lo: int, hi: int) -> npt.NDArray[np.int64]:
    """Columns `lo .. hi - 1` of a `.npy` file as `npy_layout` lays it out.

    As int64, checked to lie on the board (else `ParseError` naming the row).
    Cost: O(hi - lo) time and memory; the file is read, not mapped, so memory does not grow
    with the file.

    >>> import os, tempfile, numpy as np
    >>> with tempfile.NamedTemporaryFile(suffix=".npy", delete=False) as f:
    ...     np.save(f, np.array([1, 3, 0, 2], dtype=np.int32))
    >>> npy_chunk(f.name, *npy_layout(f.name), 2, 4).tolist()
    [0, 2]
    >>> os.unlink(f.name)
    """
    import numpy as np

    with open(path, "rb") as f:
        f.seek(offset + lo * dtype.itemsize)
        block = np.fromfile(f, dtype=dtype, count=hi - lo)
    if len(block) != hi - lo:
        raise ParseError(f"{str(path)!r} is cut short at row {lo + len(block) + 1}")
    block = block.astype(np.int64)
    bad = np.flatnonzero((block < 0) | (block >= n))
    if bad.size:
        raise ParseError(f"row {lo + int(bad[0]) + 1} has column {int(block[bad[0]]) + 1}, "
                         f"off a board of size {n} (columns 1..{n})")
    return block


# -- private readers -------------------------------------------------------------------------


def _read_npy(path: str | os.PathLike[str]) -> npt.NDArray[np.int32]:
    import io

    import numpy as np

    from nqueens.files import read_limited

    piped = os.fspath(path) == "-"  # standard input: read whole, it cannot be mapped
    data = read_limited("-", MAX_NPY_STDIN_BYTES, what=".npy input", binary=True) if piped \
        else b""
    with (io.BytesIO(data) if piped else open(path, "rb")) as f:
        magic = f.read(6)
    if magic != b"\x93NUMPY":
        raise with_cli_hint(ParseError(f"{str(path)!r} is not a readable .npy array (no .npy "
                                       "header)"),
                            "for a text file of columns give --format cols")
    try:
        arr = np.load(io.BytesIO(data) if piped else path, mmap_mode=None if piped else "r",
                      allow_pickle=False)
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
    check_range(arr, arr.size, base=0, error=ParseError)
    if arr.dtype == np.int32:
        return arr  # memory-mapped: the file itself
    return arr.astype(np.int32)


def _read_json(path: str | os.PathLike[str]) -> npt.NDArray[np.int32]:
    import numpy as np

    cols = _json_columns(path, _json_value(path, _json_text(path)))
    return np.asarray(cols, dtype=np.int64).astype(np.int32) - 1


def _json_text(path: str | os.PathLike[str]) -> str:
    """The file's text (standard input's for `-`), refused early when its first
    character cannot start a list or an object (a large non-JSON file is not read whole)."""
    from nqueens.files import read_limited

    if os.fspath(path) == "-":  # standard input can be read once only
        text = read_limited(path, MAX_JSON_BYTES, what="JSON input").removeprefix("\ufeff")
        head = text[:1 << 16].lstrip().encode()
    else:
        try:
            with open(path, "rb") as f:
                head = f.read(1 << 16).removeprefix(_BOM).lstrip()
        except OSError as err:
            raise ParseError(f"cannot read {str(path)!r}: {err.strerror or err}") from None
    if not head[:1] or head[:1] not in b"[{":
        raise ParseError(f"{str(path)!r} is not valid JSON: expected a list or an object")
    if os.fspath(path) != "-":
        text = read_limited(path, MAX_JSON_BYTES, what="JSON file").removeprefix("\ufeff")
    return text


def _json_value(path: str | os.PathLike[str], text: str) -> Any:
    """The one JSON value of `text`; anything else is a ParseError naming `path`."""
    try:
        return json.loads(text, parse_int=_json_int)
    except json.JSONDecodeError as err:
        if err.msg == "Extra data":
            raise with_cli_hint(ParseError(
                f"{str(path)!r} holds more than one JSON value: one solution a file is read"),
                "solve --format json writes one a line; take one with head -1") from None
        raise ParseError(f"{str(path)!r} is not valid JSON: {err}") from None
    except UnicodeDecodeError as err:
        raise ParseError(f"{str(path)!r} is not valid JSON: {err}") from None
    except RecursionError:
        raise ParseError(f"{str(path)!r} is JSON nested too deeply to be a solution") from None


def _json_columns(path: str | os.PathLike[str], data: Any) -> list[int]:
    """The 1-based columns of a JSON list or of an object's `cols`, checked."""
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
    return cols


MAX_JSON_BYTES = 1 << 28
"""The largest JSON solution file read (256 MiB: some 30 million columns)."""

MAX_NPY_STDIN_BYTES = 1 << 31
"""The largest .npy array read from standard input, which is read whole (2 GiB)."""


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > 19:
        raise ParseError(f"a number of {len(text)} digits is not a column")
    return int(text)


def _byte_classes() -> npt.NDArray[np.int8]:
    import numpy as np

    table = np.full(256, 2, dtype=np.int8)  # 2: not allowed
    for ch in SEPARATORS:
        table[ch] = 0  # separator
    for ch in b"0123456789":
        table[ch] = 1  # digit
    return table


def _read_text(path: str | os.PathLike[str]) -> npt.NDArray[np.int32]:
    import numpy as np

    classes = _byte_classes()
    pow10 = 10 ** np.arange(MAX_DIGITS + 1, dtype=np.int64)
    with binary_input(path) as f:
        blocks = [_parse_block(path, data, before, classes, pow10)
                  for data, before in _text_blocks(f, str(path))]
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


def numbers_by_line(
    stream: IO[bytes], name: str
) -> Iterator[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]]:
    """The numbers of a text of columns, block by block, each with its 0-based line.

    `stream` is read in 2 MB blocks cut after a separator; each block gives the numbers it
    holds and the line of each (lines counted by newlines from the start of the stream,
    a line may go on into the next block). Garbage raises `ParseError` naming the
    line, as `read_cols` does. Cost: O(bytes), about 16 bytes per number of a block.

    >>> import io
    >>> [(v.tolist(), l.tolist()) for v, l in numbers_by_line(io.BytesIO(b"2 4\\n1,3\\n"), "x")]
    [([2, 4, 1, 3], [0, 0, 1, 1])]
    """
    import numpy as np

    classes = _byte_classes()
    pow10 = 10 ** np.arange(MAX_DIGITS + 1, dtype=np.int64)
    for data, before in _text_blocks(stream, name):
        values, at = _parse_tokens(name, data, before, classes, pow10)
        newlines = np.flatnonzero(np.frombuffer(data, dtype=np.uint8) == 10)
        yield values, before + np.searchsorted(newlines, at)


def _text_blocks(stream: IO[bytes], name: str) -> Iterator[tuple[bytes, int]]:
    """The text of `stream` in blocks of about 2 MB cut after a separator, each with the
    newlines before it; one endless token raises `ParseError`. Cost: O(bytes)."""
    lines_before = 0
    carry = stream.read(len(_BOM)).removeprefix(_BOM)
    while True:
        chunk = stream.read(READ_BYTES)
        eof = not chunk
        data = carry + chunk
        if not eof:
            cut = max(data.rfind(bytes([sep])) for sep in SEPARATORS)
            if cut < 0:
                if len(data) > 1 << 16:
                    raise ParseError(f"{name!r}: line {lines_before + 1} is one endless "
                                     "token, not columns")
                carry = data
                continue
            data, carry = data[: cut + 1], data[cut + 1 :]
        if data:
            yield data, lines_before
            lines_before += data.count(b"\n")
        if eof:
            return


def _parse_block(
    path: str | os.PathLike[str],
    data: bytes,
    lines_before: int,
    classes: npt.NDArray[np.int8],
    pow10: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:
    """The numbers in `data` (complete tokens only), by vectorised digit arithmetic."""
    return _parse_tokens(path, data, lines_before, classes, pow10)[0]


def _parse_tokens(
    path: str | os.PathLike[str],
    data: bytes,
    lines_before: int,
    classes: npt.NDArray[np.int8],
    pow10: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The numbers in `data` and the byte where each starts."""
    import numpy as np

    raw = np.frombuffer(data, dtype=np.uint8)
    kind = classes[raw]
    odd = np.flatnonzero(kind == 2)
    if odd.size:
        at = int(odd[0])
        line = lines_before + data.count(b"\n", 0, at) + 1
        lo = max(data.rfind(bytes([sep]), 0, at) for sep in SEPARATORS) + 1
        hi = min((i for i in (data.find(bytes([sep]), at) for sep in SEPARATORS) if i >= 0),
                 default=len(data))
        token = data[lo:hi][:40].decode("utf-8", "replace")
        raise ParseError(
            f"{str(path)!r} line {line}: {token!r} is not a whole number; "
            "expected 1-based columns separated by spaces or newlines"
        )
    pos = np.flatnonzero(kind == 1)
    if pos.size == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
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
    return np.add.reduceat(digits * pow10[exponent], starts), pos[starts]
