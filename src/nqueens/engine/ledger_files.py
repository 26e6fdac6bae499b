"""The ledger's file: what lies at its name, its lock, its SQLite connections, its holder.

A ledger lives exactly at the name given (no symlink or stale log is trusted), is held by
one count at a time (an `flock` on the file itself, the holder's host and process
recorded), and is opened read-write by the count that holds it or read-only by anyone.

>>> _kind("/")
'a directory'
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import os
import socket
import sqlite3
import stat
import time
import urllib.parse

from nqueens.errors import (
    DiskFullError,
    LedgerBusyError,
    LedgerError,
    NQueensError,
    NQueensRuntimeError,
)

__all__: list[str] = []

_FOLD_PAGES = 128
"""A log this many pages long (512 KB) is folded at the commit that reaches it, whatever the
time: the log, and the room it needs on disk, stays within about that size."""

def _unbegun(name: str, held: bool = False) -> bool:
    """True for a file a count may start afresh, because no count can have finished anything
    in it: an empty file (what the count's lock creates before SQLite writes a byte), or an
    SQLite database whose catalogue is empty, read with its log when one lies beside it.

    The second is a count stopped while it created its ledger: WAL mode set, the schema not
    yet committed, or committed only to a log that is gone. A count folds its log into the
    file right after it creates the ledger (`Ledger._fold`), so a file whose rows
    lived only in a lost log would still show the schema; an empty catalogue means nothing
    was ever recorded. A foreign log beside the file is refused
    before this is asked (`_refuse_foreign_log`).
    Cost: O(1) - a header read, and for a database one look at its catalogue."""
    try:
        if os.path.getsize(name) == 0:
            return True
        with open(name, "rb") as f:
            if f.read(16) != b"SQLite format 3\x00":
                return False
        with contextlib.closing(_connect_ro(name, held)) as conn:
            return bool(conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0] == 0)
    except (OSError, LedgerError, sqlite3.Error):
        return False


def _kind(name: str) -> str | None:
    """What lies at `name`: "a regular file", "a directory", another kind, or None.

    A name the system cannot look up at all (too long, a loop of links) is a LedgerError.
    Cost: O(1) - one `stat`.

    >>> _kind("/"), _kind("/no/such/ledger.sqlite"), _kind("/dev/null")
    ('a directory', None, 'a device, not a regular file')
    """
    try:
        st = os.stat(name)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as err:
        if err.errno == errno.ENAMETOOLONG:
            raise LedgerError(
                f"the name {_shown(name)} is too long for the system "
                f"({len(os.fsencode(name))} bytes; a path holds at most 4096 and each name "
                "in it at most 255)"
            ) from None
        raise LedgerError(f"cannot look up {_shown(name)}: {err.strerror or err}") from None
    if stat.S_ISREG(st.st_mode):
        return "a regular file"
    if stat.S_ISDIR(st.st_mode):
        return "a directory"
    what = ("a FIFO (a named pipe)" if stat.S_ISFIFO(st.st_mode)
            else "a socket" if stat.S_ISSOCK(st.st_mode)
            else "a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode)
            else "something")
    return f"{what}, not a regular file"


def _shown(name: str, width: int = 100) -> str:
    """`name` quoted for a message, cut after `width` characters.

    >>> _shown("a" * 200, 5)
    "'aaaaa'... (200 characters)"
    """
    return repr(name) if len(name) <= width else f"{name[:width]!r}... ({len(name)} characters)"


def _wal_form(name: str) -> bool:
    """Whether `name` is an SQLite file in WAL form (header bytes 18 and 19 both 2)."""
    try:
        with open(name, "rb") as f:
            return f.read(20)[18:] == b"\x02\x02"
    except OSError:
        return False


def _refuse_foreign_log(name: str) -> None:
    """Refuse a `-wal` log beside a file that is not in WAL form: it is not that file's.

    A ledger at rest is in rollback form (header bytes 18 and 19 are 1) with no log. A count
    sets them to 2 before it writes a log, and deletes the log before it sets them back to
    1; so a log beside a rollback-form (or empty) file was left by an earlier file of that
    name - one the user replaced - and SQLite would replay it over this one. The header is
    read before and after the log, so a count switching the file at that moment is not
    taken for a stranger.
    Cost: O(1) - two header reads and a `stat`.
    """
    real = os.path.realpath(name)  # SQLite keeps the log beside the file a link points to
    wal = real + "-wal"
    _check_side_files(name, real)
    if _wal_form(real):
        return
    try:
        logged = os.path.isfile(wal) and os.path.getsize(wal) > 0
    except OSError:
        return
    if logged and not _wal_form(real):
        raise LedgerError(
            f"{wal!r} is a log left by an earlier file named {name!r} (this one is not in "
            "WAL form), and SQLite would replay it over this file; if "
            f"{name!r} is the ledger you want, move {wal!r} away"
        )


_LOG_SLACK = 64 << 20
"""Bytes a `-wal` may hold beyond `_LOG_FACTOR` times its ledger's size."""
_LOG_FACTOR = 16
"""A count folds its log at `_FOLD_PAGES` pages and restarts it, so a killed count's log
is under a megabyte; a reader holding a fold back for the whole of a long count lets it grow
by a few pages a batch. No log a count leaves comes near 16 times the ledger and 64 MB."""


def log_bound(size: int) -> int:
    """The most bytes a `-wal` beside a ledger of `size` bytes is read (copied) at.

    Cost: O(1).

    >>> log_bound(0) == 64 << 20, log_bound(1 << 20) == 80 << 20
    (True, True)
    """
    return _LOG_FACTOR * size + _LOG_SLACK


def _check_side_files(name: str, real: str) -> None:
    """Refuse a `-wal`, `-shm` or `-journal` beside the ledger that SQLite did not
    write: a link (to `/dev/zero`, to another file), anything but a regular file, or a log
    or journal larger than `log_bound` of the ledger's size (a sparse 100 GB file).
    Read through, such a log would fill the temporary folder; written through, it would lose
    every row.
    Cost: O(1): two `lstat` calls."""
    try:
        size = os.stat(real).st_size
    except OSError:
        return  # nothing there yet (a count creates it), or refused where it is read
    for side in ("-wal", "-shm", "-journal"):
        path = real + side
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            continue
        except OSError as err:
            raise LedgerError(f"cannot look up {_shown(path)}: {err.strerror or err}") from None
        if stat.S_ISLNK(st.st_mode) or not stat.S_ISREG(st.st_mode):
            what = ("a symbolic link" if stat.S_ISLNK(st.st_mode)
                    else str(_kind(path)).split(",")[0])
            raise LedgerError(f"{_shown(path)} beside the ledger {_shown(name)} is {what}, "
                              "not a file SQLite wrote; move it away")
        if side != "-shm" and st.st_size > log_bound(size):
            raise LedgerError(
                f"{_shown(path)} is {st.st_size:,} bytes, more than any log of the ledger "
                f"{_shown(name)} ({size:,} bytes) can be (at most {log_bound(size):,}); it "
                "is not this ledger's log: move it away"
            )


def _uri(name: str, query: str = "") -> str:
    """The SQLite URI of exactly the file `name`, whatever its bytes: never a special name
    (`:memory:`), never read as a URI itself (`file:x?mode=memory`).
    Cost: O(len(name)).

    >>> _uri("/tmp/file:x?mode=memory", "mode=ro")
    'file:/tmp/file%3Ax%3Fmode%3Dmemory?mode=ro'
    >>> _uri(os.fsdecode(b"/tmp/\\xff.sqlite"))
    'file:/tmp/%FF.sqlite'
    """
    path = urllib.parse.quote(os.fsencode(os.path.abspath(name)))
    return f"file:{path}?{query}" if query else f"file:{path}"


def _connect(name: str) -> sqlite3.Connection:
    """A writing connection (the count's) to the existing file `name`: WAL,
    `synchronous=NORMAL`, the log folded in whenever it reaches `_FOLD_PAGES` pages."""
    try:
        conn = sqlite3.connect(_uri(name, "mode=rw"), uri=True, timeout=30)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute(f"PRAGMA wal_autocheckpoint={_FOLD_PAGES}")
    except sqlite3.DatabaseError as err:
        raise _sqlite_failure(name, "open", err) from None
    return conn


def _connect_ro(name: str, held: bool = False) -> sqlite3.Connection:
    """A read-only connection that writes nothing beside the file: no `-shm`, no `-wal`.

    A file in rollback form, or in WAL form with no log, is read as it stands. A WAL file
    with a log (left by a killed count) is copied with its log into a private folder and
    read from memory (`_snapshot`), under a shared lock so no count starts writing
    while it is copied; `held` says the caller holds the ledger's lock already. A log
    that a live count is writing (the lock is taken) is read the way SQLite's readers share
    it, through that count's own `-shm`.
    Cost: O(1), or O(size of the file and its log) for a copy."""
    uri = _uri(name, "mode=ro")
    real = os.path.realpath(name)
    try:
        with open(name, "rb") as f:
            header = f.read(20)
    except OSError as err:
        raise LedgerError(f"cannot read {name!r}: {err.strerror or err}") from None
    if len(header) == 20 and header[18] == 2:
        if not os.path.exists(real + "-wal"):
            # nothing to recover: read the file as it stands, without creating a -shm
            uri += "&immutable=1"
        else:
            snap = _snapshot_if_idle(name, real, held)
            if snap is not None:
                return snap
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=30)
        conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        return conn
    except sqlite3.DatabaseError as err:
        if "not a database" in str(err) or "malformed" in str(err):
            raise LedgerError(f"{name!r} is not a readable nqueens ledger ({err})") from None
    # a WAL file on read-only media: read the file as it stands
    try:
        conn = sqlite3.connect(uri + "&immutable=1", uri=True, timeout=30)
        conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        return conn
    except sqlite3.DatabaseError as err:
        if "unable to open" in str(err):
            raise _sqlite_failure(name, "read", err) from None
        raise LedgerError(f"{name!r} is not a readable nqueens ledger ({err})") from None


def _snapshot_if_idle(name: str, real: str, held: bool) -> sqlite3.Connection | None:
    """`_snapshot` of `real` unless a live count holds it (then None)."""
    import fcntl

    if held:
        return _snapshot(name, real)
    try:
        fd = os.open(real, os.O_RDONLY)
    except OSError as err:
        raise LedgerError(f"cannot read {name!r}: {err.strerror or err}") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            return None  # a count is writing it: share its log
        return _snapshot(name, real)
    finally:
        os.close(fd)


def _snapshot(name: str, real: str) -> sqlite3.Connection:
    """An in-memory copy of the WAL file `real` with its log replayed: both are copied to
    a private temporary folder, opened there (SQLite replays the log into the copy), and
    the result copied into memory; the folder is removed. The ledger's own folder is not
    touched. The log is copied only if it is a regular file (never through a link) of at
    most `log_bound` bytes, so the copy never takes more than 17 times the ledger's
    size and 64 MB; a full temporary folder is a `DiskFullError` (exit 3).
    Cost: O(size of the file and its log) in time, memory and temporary room."""
    import tempfile

    try:
        folder = tempfile.TemporaryDirectory(prefix="nqueens-ledger-")
    except OSError as err:
        raise _no_room(name, tempfile.gettempdir(), err) from None
    with folder as d:
        copy = os.path.join(d, "ledger.sqlite")
        try:
            size = _copy_bounded(real, copy, None)
            _copy_bounded(real + "-wal", copy + "-wal", log_bound(size))
        except FileNotFoundError:
            pass  # the log was folded in and removed a moment ago: the file holds it
        except OSError as err:
            raise _no_room(name, d, err) from None
        try:
            src = sqlite3.connect(_uri(copy, "mode=rw"), uri=True)
            try:
                mem = sqlite3.connect(":memory:")
                src.backup(mem)
            finally:
                src.close()
        except sqlite3.DatabaseError as err:
            if "full" in str(err) or "disk I/O" in str(err):
                raise DiskFullError(f"cannot read {name!r} with its log in the temporary "
                                    f"folder {d!r}: {err}; free some room or set TMPDIR "
                                    "to another folder") from None
            raise LedgerError(f"{name!r} is not a readable nqueens ledger ({err})") from None
    return mem


def _no_room(name: str, folder: str, err: OSError) -> NQueensError | NQueensRuntimeError:
    """The error for a copy of a ledger and its log that failed: a full temporary folder
    is a runtime failure (exit 3), anything else bad input."""
    reason = err.strerror or str(err)
    if err.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return DiskFullError(f"cannot read {name!r} with its log: no room in the temporary "
                             f"folder {folder!r} ({reason}); free some room or set TMPDIR to "
                             "another folder")
    return LedgerError(f"cannot read {name!r}: {reason}")


def _copy_bounded(src: str, dst: str, bound: int | None) -> int:
    """Copy the regular file `src` to the new file `dst` and return its size: opened
    without following a link or blocking, checked on its descriptor (a regular file, at
    most `bound` bytes), and never more than that copied even if it grows meanwhile.
    Cost: O(size) in time, and `size` bytes written to `dst`."""
    flags = os.O_RDONLY | os.O_NONBLOCK | (0 if bound is None else os.O_NOFOLLOW)
    try:
        fd = os.open(src, flags)
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise LedgerError(f"{_shown(src)} is a symbolic link, not a file SQLite wrote; "
                              "move it away") from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or (bound is not None and st.st_size > bound):
            raise LedgerError(f"{_shown(src)} changed while it was read and is no longer a "
                              "file SQLite wrote; move it away")
        left = st.st_size
        with open(dst, "xb") as out:
            while left > 0:
                chunk = os.read(fd, min(left, 1 << 20))
                if not chunk:
                    break
                out.write(chunk)
                left -= len(chunk)
        return st.st_size - left
    finally:
        os.close(fd)


_HELD: set[int] = set()
"""Lock descriptors this process holds; a forked child closes its copies at once."""


def _forget_locks() -> None:
    """In a forked child: close the inherited lock descriptors, so the child never keeps a
    ledger locked after its parent lets go (a flock lasts while any copy is open)."""
    for fd in _HELD:
        with contextlib.suppress(OSError):
            os.close(fd)
    _HELD.clear()


os.register_at_fork(after_in_child=_forget_locks)


def _unlock(fd: int) -> None:
    """Release a lock `_lock` took (nothing in a forked child, which has none): an
    explicit unlock first, which frees it for every copy of the descriptor, so a child
    forked a moment ago that has not yet closed its copy cannot keep it."""
    import fcntl

    if fd in _HELD:
        _HELD.discard(fd)
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def _lock(name: str, wait: bool) -> int:
    """Create the file if absent and take its exclusive flock; return the descriptor."""
    import fcntl

    try:
        fd = os.open(name, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as err:
        if err.errno in (errno.ENOSPC, errno.EDQUOT):
            raise DiskFullError(f"cannot create ledger {name!r}: "
                                f"{err.strerror or err}") from None
        raise LedgerError(f"cannot open ledger {name!r}: {err.strerror or err}") from None
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            _HELD.add(fd)
            return fd
        except OSError as err:
            if err.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                os.close(fd)
                raise LedgerError(f"cannot lock ledger {name!r}: {err.strerror}") from None
            if not wait:
                os.close(fd)
                raise LedgerBusyError(
                    f"{name!r} is in use by another count ({_read_holder(name)})"
                ) from None
            time.sleep(0.2)  # Ctrl-C lands here


def _read_holder(name: str) -> str:
    """The holder recorded in the file itself (a count folds it in as it starts), read
    with `immutable=1`: nothing is created beside the file, whatever name it has."""
    try:
        conn = sqlite3.connect(_uri(name, "mode=ro&immutable=1"), uri=True, timeout=2)
        try:
            row = conn.execute("SELECT value FROM meta WHERE key = 'holder'").fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        row = None
    return str(row[0]) if row else "holder unknown"


def _holder() -> str:
    return f"pid {os.getpid()} on {socket.gethostname()} since {_now()}"


def _sqlite_failure(name: str, what: str, err: sqlite3.Error
                    ) -> NQueensError | NQueensRuntimeError:
    text = str(err)
    if "full" in text or "too big" in text or "disk I/O" in text:
        return DiskFullError(f"cannot {what} ledger {name!r}: {text} "
                             "(a full disk or a file-size limit)")
    if "unable to open" in text:
        parent = os.path.dirname(os.path.abspath(name))
        if not os.access(parent, os.W_OK):
            return LedgerError(f"cannot {what} ledger {name!r}: the directory {parent!r} is "
                               "not writable, and SQLite keeps its log beside the ledger")
        # the file was there a moment ago: the system refused (too many open files, ...)
        return NQueensRuntimeError(
            f"cannot {what} ledger {name!r}: {text} (the system refused to open it or the "
            "-wal and -shm files beside it: too many open files?)"
        )
    return LedgerError(f"cannot {what} ledger {name!r}: {text}")


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
