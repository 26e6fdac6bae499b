"""Writing output files all at once: a temporary file beside the target, renamed at the end.

A failed or interrupted write leaves no half-written file, and an unwritable destination
(missing folder, no permission, a directory) is one :class:`OutputPathError` with a clear
message. Every module that writes a file (the CLI, the renderers, the engine's exports)
uses this one; it imports nothing else of nqueens but the errors.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as d:
...     write_atomic(pathlib.Path(d) / "a.txt", "hi")
...     (pathlib.Path(d) / "a.txt").read_text()
'hi'
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from nqueens.errors import NQueensError

__all__ = ["OutputPathError", "atomic_output", "write_atomic"]


class OutputPathError(NQueensError):
    """An output path that cannot be written (missing folder, no permission, a directory)."""


def _cannot_write(target: Path, err: OSError | str) -> OutputPathError:
    reason = err if isinstance(err, str) else (err.strerror or str(err))
    return OutputPathError(f"cannot write {str(target)!r}: {reason}")


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike[str], mode: str = "w") -> Iterator[IO[Any]]:
    """Open a temporary file beside ``path`` (``mode`` "w" or "wb"); rename it onto ``path``
    only when the block ends without an error. The file gets the usual umask permissions.
    """
    target = Path(path)
    if target.is_dir():
        raise _cannot_write(target, "it is a directory")
    directory = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as err:
        raise _cannot_write(target, err) from None
    try:
        with os.fdopen(fd, mode) as handle:
            yield handle
        try:
            os.chmod(tmp, 0o666 & ~_umask())
            os.replace(tmp, target)
        except OSError as err:
            raise _cannot_write(target, err) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8, or bytes) to ``path`` atomically. O(len(data))."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    with atomic_output(path, "wb") as handle:
        handle.write(payload)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
