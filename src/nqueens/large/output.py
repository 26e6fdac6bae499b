"""Write a huge solution to a file in O(n) time and fixed extra memory.

Two formats, both readable by `nqueens.large.verify`:

- `cols`: text, the 1-based column of each row, **one per line** (row 1 first); the number
  of lines is n. The reader also accepts the compact one-line form `2 4 1 3`.
- `npy`: numpy's binary `.npy` format holding the **0-based** int32 array exactly as
  `nqueens.large.find` returns it (`numpy.load` gives it back).

Text is produced by vectorised digit arithmetic in blocks of about a million rows, so no
Python object is made per queen. Opening the file (atomically) is the caller's job.

>>> import io, numpy as np
>>> buf = io.BytesIO()
>>> write_cols(np.array([1, 3, 0, 2], dtype=np.int32), buf)
>>> buf.getvalue()
b'2\\n4\\n1\\n3\\n'
"""

from __future__ import annotations

from typing import IO, TYPE_CHECKING

from nqueens._validate import check_choice

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["BLOCK", "FORMATS", "cols_text", "write_cols", "write_npy", "write_solution"]

FORMATS = ("cols", "npy")
"""Output formats of `write_solution`."""

BLOCK = 1 << 20
"""Rows formatted per block when writing text."""


def cols_text(cols: npt.NDArray[np.integer], *, base: int = 1) -> bytes:
    """The columns plus `base`, one decimal number per line, as bytes.

    Cost: O(len(cols)).

    >>> import numpy as np
    >>> cols_text(np.array([0, 9, 99, 4]))
    b'1\\n10\\n100\\n5\\n'
    """
    import numpy as np

    v = np.asarray(cols, dtype=np.int64) + base
    if v.size == 0:
        return b""
    width = len(str(int(v.max())))
    digits = np.empty((v.size, width + 1), dtype=np.uint8)
    digits[:, width] = ord("\n")
    rest = v.copy()
    for k in range(width - 1, -1, -1):
        digits[:, k] = rest % 10 + ord("0")
        rest //= 10
    ndig = np.ones(v.size, dtype=np.int64)
    for k in range(1, width):
        ndig += v >= 10**k
    keep = np.arange(width + 1) >= (width - ndig)[:, None]
    return bytes(digits[keep].tobytes())


def write_cols(cols: npt.NDArray[np.integer], handle: IO[bytes]) -> None:
    """Write 1-based columns, one per line, to a binary handle, block by block.

    Cost: O(n) time, O(BLOCK) memory beyond the columns.

    >>> import io, numpy as np
    >>> out = io.BytesIO()
    >>> write_cols(np.array([1, 3, 0, 2]), out)
    >>> out.getvalue()
    b'2\\n4\\n1\\n3\\n'
    """
    for start in range(0, len(cols), BLOCK):
        handle.write(cols_text(cols[start : start + BLOCK]))


def write_npy(cols: npt.NDArray[np.integer], handle: IO[bytes]) -> None:
    """Write the 0-based int32 columns in numpy's `.npy` format, no pickle.

    Cost: O(n). The data goes out in blocks of `NPY_BLOCK` columns, so a Ctrl-C
    lands within one block's write (800 MB for n = 2 * 10**8 is not one call).

    >>> import io, numpy as np
    >>> out = io.BytesIO()
    >>> write_npy(np.array([1, 3, 0, 2]), out)
    >>> _ = out.seek(0)
    >>> np.load(out, allow_pickle=False).tolist()
    [1, 3, 0, 2]
    """
    import numpy as np

    arr = np.ascontiguousarray(cols, dtype="<i4")
    np.lib.format.write_array_header_1_0(handle, np.lib.format.header_data_from_array_1_0(arr))
    for start in range(0, len(arr), NPY_BLOCK):
        handle.write(arr[start : start + NPY_BLOCK].data.cast("B"))


NPY_BLOCK = 1 << 22
"""Columns per write of `write_npy` (16 MiB)."""


def write_solution(cols: npt.NDArray[np.integer], handle: IO[bytes], *, fmt: str) -> None:
    """Write `cols` to `handle` in format `fmt` (`cols` or `npy`).

    Any other `fmt` raises `UnknownOptionError` before a byte is
    written. Cost: O(n).

    >>> import io, numpy as np
    >>> write_solution(np.array([1, 3, 0, 2]), io.BytesIO(), fmt="xml")
    Traceback (most recent call last):
    ...
    nqueens.errors.UnknownOptionError: unknown fmt 'xml'; choose one of cols, npy
    """
    check_choice(fmt, "fmt", FORMATS)
    if fmt == "npy":
        write_npy(cols, handle)
    else:
        write_cols(cols, handle)
