"""Writing output files all at once: a temporary file beside the target, renamed at the end.

A failed or interrupted write leaves no half-written file, and an unwritable destination
(missing folder, no permission, a directory) is one `OutputPathError` with a clear
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
import errno
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, NoReturn

from nqueens.errors import DiskFullError, OutputPathError, ParseError, WriteFailedError

__all__ = ["OutputPathError", "atomic_output", "binary_input", "disk_full", "read_limited",
           "remove_unfinished",
           "write_atomic"]

_FULL = (errno.ENOSPC, errno.EFBIG, errno.EDQUOT)


def _cannot_write(target: Path, err: OSError | str) -> OutputPathError:
    reason = err if isinstance(err, str) else (err.strerror or str(err))
    return OutputPathError(f"cannot write {str(target)!r}: {reason}")


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike[str], mode: str = "w") -> Iterator[IO[Any]]:
    """Open a temporary file beside `path`; rename it onto `path` when the block succeeds.

    `mode` is "w" or "wb". The rename happens only when the block ends without an error;
    otherwise the temporary file is removed and `path` is untouched. A new file gets the
    usual umask permissions, a rewritten one keeps its own. A full disk or a file-size limit
    while writing is a `DiskFullError` (nothing is left behind).
    As the shell's `>` does, a symbolic link is written through (the file it points to is
    replaced, the link stays), a file this user may not write is refused, and a device or a
    pipe (`/dev/null`, `/dev/stdout`, a FIFO) is written straight into, never replaced.
    Cost: O(bytes written) plus one rename.

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     path = os.path.join(d, "out.txt")
    ...     with atomic_output(path) as f:
    ...         _ = f.write("first")
    ...     try:
    ...         with atomic_output(path) as f:
    ...             _ = f.write("second")
    ...             raise KeyError("stopped")
    ...     except KeyError:
    ...         pass
    ...     open(path).read(), os.listdir(d)
    ('first', ['out.txt'])
    >>> with tempfile.TemporaryDirectory() as d:  # doctest: +ELLIPSIS
    ...     with atomic_output(d) as f:
    ...         pass
    Traceback (most recent call last):
    ...
    nqueens.errors.OutputPathError: cannot write '...': it is a directory
    """
    named = Path(path)
    target, info = _existing_target(named)
    if info is not None and not stat.S_ISREG(info.st_mode):
        with _device_output(named, mode) as handle:
            yield handle
        return
    # a new file is made 0o666 and the kernel applies the umask as it creates it: never
    # a umask lookup (os.umask sets as it reads, a race with every other thread's files)
    permissions = stat.S_IMODE(info.st_mode) if info is not None else None
    directory = target.parent if str(target.parent) else Path(".")
    # The temporary file is named before it is made, and the clean-up below covers its
    # making: a Ctrl-C that lands between the file's creation and the code that would
    # remove it cannot leave it behind (mkstemp has that window).
    # The name is also kept in _UNFINISHED until the rename, for remove_unfinished: a stop
    # that leaves this generator suspended (Ctrl-C between its yield and the caller's
    # ``with``, then an immediate exit) would otherwise leave the file behind.
    tmp = ""
    fd = -1
    try:
        tmp = _temporary_name(directory, target.name)
        _UNFINISHED.add(tmp)
        try:
            fd = os.open(tmp, _CREATE, 0o666 if permissions is None else 0o600)
        except OSError as err:
            _UNFINISHED.discard(tmp)
            tmp = ""  # not made here: nothing of ours to remove
            raise _cannot_write(named, err) from None
        try:
            # text as UTF-8 whatever the locale: the files are read back as UTF-8
            with os.fdopen(fd, mode, encoding=None if "b" in mode else "utf-8") as handle:
                yield handle
        except OSError as err:
            _raise_write_failure(target, err)
        try:
            if permissions is not None:
                os.chmod(tmp, permissions)
            os.replace(tmp, target)
            _UNFINISHED.discard(tmp)
        except OSError as err:
            raise _cannot_write(target, err) from None
    except BaseException:
        with contextlib.suppress(OSError):
            if tmp:
                os.unlink(tmp)
        _UNFINISHED.discard(tmp)
        raise


_UNFINISHED: set[str] = set()
"""The temporary files of `atomic_output` not yet renamed onto their targets."""


def remove_unfinished() -> None:
    """Remove every temporary file `atomic_output` made and has not yet renamed.

    For a process that ends at once on Ctrl-C (`os._exit`, no clean-up of suspended
    generators): whatever was being written is gone, every finished file stays.
    Cost: O(files still being written), one unlink each.

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     writing = atomic_output(os.path.join(d, "half.txt"))
    ...     handle = writing.__enter__()  # entered, never exited, as after a stop
    ...     _ = handle.write("half")
    ...     before = len(os.listdir(d))
    ...     remove_unfinished()
    ...     before, os.listdir(d)
    (1, [])
    """
    for tmp in list(_UNFINISHED):
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        _UNFINISHED.discard(tmp)


def _existing_target(named: Path) -> tuple[Path, os.stat_result | None]:
    """The file `named` writes to (a symbolic link followed) and its `stat` (None when
    it does not exist yet); a directory, a bad name or a file this user may not write is
    an `OutputPathError`."""
    target = named
    try:
        if named.is_symlink():
            target = Path(os.path.realpath(named))
        info: os.stat_result | None = target.stat()
    except FileNotFoundError:
        info = None
    except OSError as err:  # a name too long, a loop of links, a file in place of a folder
        raise _cannot_write(named, err) from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise _cannot_write(named, "it is a directory")
    if info is not None and stat.S_ISREG(info.st_mode) and not os.access(target, os.W_OK):
        raise _cannot_write(named, os.strerror(errno.EACCES))
    return target, info


def _raise_write_failure(target: Path, err: OSError,
                         tail: str = "; nothing was written") -> NoReturn:
    """An error raised while the block wrote: a full disk is a DiskFullError, a failed
    write (a short write, EIO) a WriteFailedError, anything else goes on as it is."""
    if err.errno in _FULL:
        raise disk_full(target, err) from None
    if err.filename is None:  # the write itself failed (a short write, EIO)
        raise WriteFailedError(f"cannot write {str(target)!r}: "
                               f"{err.strerror or err}{tail}") from None
    raise err


_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)


def _temporary_name(directory: Path, name: str) -> str:
    """A fresh hidden name beside the target (64 random bits, so never an existing file's);
    the target's name is cut so that the temporary one stays within NAME_MAX (255)."""
    return os.path.join(directory, f".{name[:200]}.{os.urandom(8).hex()}.tmp")


@contextlib.contextmanager
def _device_output(path: Path, mode: str) -> Iterator[IO[Any]]:
    """Write straight into a device or a pipe, where a rename would replace the node."""
    try:
        # closed below, errors sorted as they come
        handle = open(path, mode, encoding=None if "b" in mode else "utf-8")  # noqa: SIM115
    except OSError as err:
        raise _cannot_write(path, err) from None
    try:
        with handle:
            yield handle
    except OSError as err:
        _raise_write_failure(path, err, tail="")


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write `data` (text as UTF-8, or bytes) to `path` atomically.

    Cost: O(len(data)) per call.

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write_atomic(os.path.join(d, "q.txt"), "Qé")
    ...     open(os.path.join(d, "q.txt"), "rb").read()
    b'Q\xc3\xa9'
    >>> write_atomic(os.path.join("no-such-folder", "q.txt"), b"Q")
    Traceback (most recent call last):
    ...
    nqueens.errors.OutputPathError: cannot write 'no-such-folder/q.txt': No such file or directory
    """
    payload = data.encode("utf-8") if isinstance(data, str) else data
    with atomic_output(path, "wb") as handle:
        handle.write(payload)


def disk_full(target: str | os.PathLike[str], err: OSError) -> DiskFullError:
    """The one-line error for a write that ran out of room (ENOSPC, EFBIG, EDQUOT).

    Cost: O(len(target)) per call.

    >>> print(disk_full("out.txt", OSError(errno.ENOSPC, "No space left on device")))
    cannot write 'out.txt': No space left on device; nothing was written
    """
    reason = err.strerror or str(err)
    return DiskFullError(f"cannot write {os.fspath(target)!r}: {reason}; nothing was written")


def read_limited(path: str | os.PathLike[str], limit: int, *, what: str = "file",
                 binary: bool = False) -> Any:
    """The contents of `path` (text as UTF-8, or bytes), refusing more than `limit` bytes.

    `"-"` is standard input (its bytes, decoded as UTF-8 as a file's are, whatever the
    locale). Devices and pipes that never end (`/dev/zero`) are refused after `limit`
    bytes instead of filling the memory. Cost: O(min(size, limit)).

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as d:
    ...     (pathlib.Path(d) / "b.txt").write_text("Q.")
    ...     read_limited(pathlib.Path(d) / "b.txt", 10)
    2
    'Q.'
    """
    name = os.fspath(path)
    try:
        with binary_input(name) as f:
            data = f.read(limit + 1)
    except OSError as err:
        if name == "-" and err.errno == errno.EBADF:
            raise ParseError(f"cannot read {what} from standard input: it is closed") from None
        raise ParseError(f"cannot read {what} {name!r}: {err.strerror or err}") from None
    if name == "-":
        name = "standard input"
    if len(data) > limit:
        raise ParseError(f"{what} {name!r} is larger than {limit:,} bytes; refusing to read it")
    if binary:
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ParseError(f"{what} {name!r} is not UTF-8 text ({err.reason} at byte "
                         f"{err.start})") from None


@contextlib.contextmanager
def binary_input(path: str | os.PathLike[str]) -> Iterator[IO[bytes]]:
    """The file at `path` opened for reading bytes; `"-"` is standard input (left open).

    The one place that knows `-`: the readers of named inputs open them here. A closed
    standard input (`<&-`) raises `OSError` (`EBADF`). Cost: O(1) to open.

    >>> import io, sys
    >>> saved, sys.stdin = sys.stdin, io.TextIOWrapper(io.BytesIO(b"1 3"))
    >>> with binary_input("-") as f:
    ...     got = f.read()
    >>> sys.stdin = saved
    >>> got
    b'1 3'
    """
    name = os.fspath(path)
    if name != "-":
        with open(name, "rb") as f:
            yield f
        return
    import io
    import sys

    stream = sys.stdin
    if stream is None:
        raise OSError(errno.EBADF, "standard input is closed")
    buffer = getattr(stream, "buffer", None)
    # a caller in Python may have given a text stream: its text, as UTF-8 bytes
    yield buffer if buffer is not None else io.BytesIO(stream.read().encode("utf-8"))
