"""Writing a picture to a file all at once: a temporary file beside it, renamed at the end.

The same guarantee as the CLI's ``atomic_output`` (no half-written file, one clear error for
an unwritable path) without importing the CLI, so renderers stay below it.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from nqueens.errors import NQueensError

__all__ = ["OutputPathError", "write_atomic"]


class OutputPathError(NQueensError):
    """An output path that cannot be written (missing folder, no permission, a directory)."""


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8, or bytes) to ``path`` atomically. O(len(data)).

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write_atomic(pathlib.Path(d) / "a.txt", "hi")
    ...     (pathlib.Path(d) / "a.txt").read_text()
    'hi'
    """
    target = Path(path)
    if target.is_dir():
        raise OutputPathError(f"cannot write {str(target)!r}: it is a directory")
    directory = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as err:
        raise OutputPathError(f"cannot write {str(target)!r}: {err.strerror or err}") from None
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except OSError as err:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise OutputPathError(f"cannot write {str(target)!r}: {err.strerror or err}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
