"""The program's standard streams, made dependable before a command runs.

What the shell hands a process is not always a plain UTF-8 terminal: stdout or stderr may be
closed (`>&-`, `2>&-`), stderr may be a pipe nobody reads, the encoding may be ASCII or
Latin-1, and a file-size limit or a nearly full disk makes one large `write` to stdout come
back short *without an error* (CPython's buffered writer returns the short count). So:

- `steady_streams` (the program only, never a caller in Python) gives a closed stdout a
  stand-in whose writes fail as a closed file does (`cannot write to standard output`,
  exit 3, while commands writing to `--out` still work), gives a closed stderr one that
  drops what is said (messages must not land on stdout), keeps a failing stderr from
  failing the command, and makes text the encoding cannot hold come out as escapes
  (`\\u3042`, which JSON reads back) instead of a traceback.
  An unbuffered stdout (`python -u`, `PYTHONUNBUFFERED`) is rewrapped so that each write
  goes out whole or raises: its text layer ignores the short count of a plain `FileIO`.
- `write_document` writes a whole document (an SVG, a PNG, an HTML page) to stdout
  and checks every byte went out; `StdoutBytes` does the same for a stream of blocks.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import select
import sys
from typing import Any

__all__ = ["StdoutBytes", "steady_streams", "write_document"]


class _ClosedStdout(io.TextIOBase):
    """Stands in for a closed stdout: every write fails as writing to a closed file does."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


class _Discard(io.TextIOBase):
    """Stands in for a closed stderr: what is said goes nowhere (never onto stdout)."""

    def write(self, text: str) -> int:
        return len(text)

    def isatty(self) -> bool:
        return False


class _Forgiving:
    """stderr whose failures (a pipe whose reader left, a terminal hung up) are dropped: a
    message nobody can read must not fail, or silence, the command's real output."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        with contextlib.suppress(OSError, ValueError):
            self._stream.write(text)
        return len(text)

    def flush(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self._stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def steady_streams() -> None:
    """Make `sys.stdout` and `sys.stderr` dependable for the rest of the program.

    Cost: O(1). Called once, by the program, before the command is parsed.

    >>> import sys
    >>> saved = sys.stdout, sys.stderr
    >>> sys.stdout = None
    >>> steady_streams()
    >>> try:
    ...     print("lost")
    ... except OSError as err:
    ...     caught = err.strerror
    >>> sys.stdout, sys.stderr = saved
    >>> caught
    'Bad file descriptor'
    """
    if sys.stdout is None:
        sys.stdout = _ClosedStdout()
    else:
        sys.stdout = _whole_writes(sys.stdout)
        _escape_what_cannot_be_encoded(sys.stdout)
    if sys.stderr is None:
        sys.stderr = _Discard()
    else:
        _escape_what_cannot_be_encoded(sys.stderr)
        sys.stderr = _Forgiving(sys.stderr)


class _WholeWritesIO(io.FileIO):
    """The descriptor of an unbuffered stdout, whose writes go out whole or raise `OSError`.

    A plain `FileIO` write may take part of the bytes (a file-size limit, a nearly full
    disk) and return the short count, which the text layer above it drops without a word.
    """

    def write(self, data: Any) -> int:
        view = memoryview(data).cast("B")
        done = 0
        while done < len(view):
            wrote = super().write(view[done:])
            if wrote is None:  # a non-blocking descriptor that is full for now: wait
                select.select([], [self.fileno()], [])
                continue
            if wrote == 0:  # nothing taken and no error: do not spin
                raise OSError(errno.EIO, "standard output took no more bytes")
            done += wrote
        return done


def _whole_writes(stream: Any) -> Any:
    """`stream` itself, or where it writes unbuffered to a descriptor, a text stream like it
    whose every write goes out whole (see `_WholeWritesIO`)."""
    if not isinstance(stream, io.TextIOWrapper) or type(stream.buffer) is not io.FileIO:
        return stream
    try:
        raw = _WholeWritesIO(stream.fileno(), "w", closefd=False)
    except (OSError, ValueError):
        return stream
    return io.TextIOWrapper(raw, encoding=stream.encoding, errors=stream.errors,
                            line_buffering=stream.line_buffering, write_through=True)


def _escape_what_cannot_be_encoded(stream: Any) -> None:
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is None or (stream.encoding or "").lower().replace("-", "") == "utf8":
        return
    with contextlib.suppress(io.UnsupportedOperation, ValueError):
        reconfigure(errors="backslashreplace")


class StdoutBytes:
    """A binary writer onto stdout that writes every byte or raises `OSError`.

    For output written in large blocks (`find`'s columns): the text layer is flushed
    first, then each block goes to the file descriptor until it is all out. Where stdout has
    no descriptor (a caller in Python gave it a `StringIO`), the blocks go to its buffer.
    Cost: O(bytes).

    >>> import io, sys
    >>> saved, sys.stdout = sys.stdout, io.TextIOWrapper(io.BytesIO())
    >>> wrote = StdoutBytes().write(b"Q.\\n")
    >>> got, sys.stdout = sys.stdout.buffer.getvalue(), saved
    >>> wrote, got
    (3, b'Q.\\n')
    """

    def __init__(self) -> None:
        sys.stdout.flush()
        try:
            self._fd: int | None = sys.stdout.fileno()
        except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation included
            self._fd = None

    def write(self, data: bytes | memoryview) -> int:
        view = memoryview(data).cast("B")
        if self._fd is None:
            sys.stdout.buffer.write(view)
            return len(view)
        done = 0
        while done < len(view):
            wrote = os.write(self._fd, view[done:done + (1 << 20)])
            if wrote == 0:  # nothing taken and no error: do not spin
                raise OSError(errno.EIO, "standard output took no more bytes")
            done += wrote
        return done

    def flush(self) -> None:
        if self._fd is None:
            sys.stdout.flush()


def write_document(data: str | bytes) -> None:
    """Write a whole document to stdout: every byte, or an `OSError` (never a short file).

    Text is encoded as stdout encodes it. Cost: O(len(data)).

    >>> import io, sys
    >>> saved, sys.stdout = sys.stdout, io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    >>> write_document("<svg/>\\n")
    >>> got, sys.stdout = sys.stdout.buffer.getvalue(), saved
    >>> got
    b'<svg/>\\n'
    """
    if isinstance(data, str):
        encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
        errors = getattr(sys.stdout, "errors", None) or "strict"
        data = data.encode(encoding, errors)
    out = StdoutBytes()
    out.write(data)
    out.flush()
