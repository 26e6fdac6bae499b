"""The checkpoint ledger: an SQLite file recording a count's job and each finished subproblem.

Only the coordinator writes it (workers return numbers; the coordinator records them in one
transaction per batch). It holds plain integers and text - never pickles - in WAL mode with
``synchronous=NORMAL`` while a count runs, so a committed row survives a SIGKILL and a kill
loses at most the work in flight. The log is folded into the file about every second, so the
file alone holds the work (a lost or uncopied ``-wal`` loses nothing finished); a count that
ends switches the file back to a plain rollback journal, so a finished ledger is one
self-contained file. A ``-wal`` beside a file in rollback form is not that file's log and
is refused rather than replayed over it. Every connection names the file by a URI built
from its absolute path's bytes, so the ledger lives exactly at the name given.

Evidence. The job record carries the digest of the whole split (``split_hash``) and a digest
of itself (``job_digest``, over every job field). Every row carries the residues of its total
modulo two small primes and a SHA-256 digest over (job digest, index, key, total, unique,
nodes, microseconds, time, residues). Opening a ledger checks the schema exactly (a trigger,
view, index or table the project did not create is refused by name), the job digest, and
every row; rows that fail are named, and a count can recount just those
(``Ledger.open(..., repair=True)``). A digest stops accidents (a flipped byte, an edited
number), not a forger: :mod:`nqueens.engine.verify` recounts rows independently for that.

One count per ledger: :meth:`Ledger.open` holds an exclusive ``flock`` on the file while it
is open and records the holder (pid and host); a second count is refused naming the holder,
or waits (``wait=True``). :meth:`Ledger.read` (``show``, ``verify``) opens the file read-only
(an SQLite ``mode=ro`` URI, no journal-mode switch), never creates a file, takes no lock,
and works on read-only media.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "job.sqlite")
>>> job = Job(n=8, method="constellations", version=1, split_hash="ab", subproblems=2)
>>> with Ledger.open(path, job) as led:
...     led.record([(0, "0,1,0,2", 8, 1, 9, 20)])
...     led.done()
{0: (8, 1, 9, 20)}
>>> Ledger.open(path, job._replace(n=9))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
nqueens.errors.LedgerError: ... is a ledger for N = 8, not N = 9; give another ledger file
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import hashlib
import os
import socket
import sqlite3
import stat
import time
import urllib.parse
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from nqueens.errors import (
    DiskFullError,
    LedgerBusyError,
    LedgerError,
    LedgerRowsError,
    NQueensError,
    NQueensRuntimeError,
)

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_LEDGER_N",
    "PRIMES",
    "Job",
    "Ledger",
    "LedgerBusyError",
    "LedgerError",
    "LedgerRowsError",
    "Summary",
]

FORMAT = "nqueens-ledger"
FORMAT_VERSION = 2
MAX_LEDGER_N = 28
"""The largest n a ledger may claim (the largest n the engine counts exactly)."""
PRIMES = (65521, 65519)
"""Each row keeps its total modulo these two primes, beside the digest."""

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE results (
    idx INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    total INTEGER NOT NULL,
    uniq INTEGER NOT NULL,
    nodes INTEGER NOT NULL,
    micros INTEGER NOT NULL,
    finished TEXT NOT NULL,
    res_a INTEGER NOT NULL,
    res_b INTEGER NOT NULL,
    digest TEXT NOT NULL
);
"""
_JOB_KEYS = ("format", "format_version", "n", "method", "method_version", "split_hash",
             "subproblems", "created")
_META_KEYS = frozenset(_JOB_KEYS) | {"job_digest", "holder"}
_SHOWN = 5  # bad rows named in a message
_FOLD_EVERY = 1.0
"""Seconds between folds of the log into the file (a fold costs two fsyncs, ~5 ms): the file
alone lags the log by at most this much finished work, for under 1% of a count's time."""
_FOLD_PAGES = 128
"""A log this many pages long (512 KB) is folded at the commit that reaches it, whatever the
time: the log, and the room it needs on disk, stays within about that size."""


class Job(NamedTuple):
    """What a ledger is for: the same job resumes, any other is refused."""

    n: int
    method: str
    version: int
    split_hash: str
    subproblems: int


class Summary(NamedTuple):
    """A ledger's progress: the job and the sums over its finished subproblems."""

    job: Job
    done: int
    total: int
    unique: int
    nodes: int
    seconds: float
    created: str
    updated: str


Row = tuple[int, int, int, int]


class Ledger:
    """An open ledger file. Use :meth:`open` (to count) or :meth:`read` (to inspect)."""

    def __init__(self, path: str, conn: sqlite3.Connection, job: Job, created: str,
                 job_digest: str, rows: dict[int, tuple[str, Row, str]],
                 lock_fd: int | None = None) -> None:
        self.path = path
        self.job = job
        self.created = created
        self._conn = conn
        self._digest = job_digest
        self._rows = rows
        self._lock_fd = lock_fd
        self._folded = time.monotonic()

    # -- opening ---------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | os.PathLike[str], job: Job, *, repair: bool = False,
             wait: bool = False, keys: Sequence[str] | None = None) -> Ledger:
        """Open the ledger at ``path`` for ``job``, creating it if absent; refuse another job.

        With ``keys`` (the key of each subproblem, by index), a row recorded under another
        key is refused too. Every refusal comes before the file is written to: a ledger that
        is refused is left exactly as it was.

        Holds the file exclusively until :meth:`close`: another holder raises
        :class:`LedgerBusyError`, or is waited for with ``wait=True``. Rows that fail their
        check raise :class:`LedgerRowsError`, or with ``repair=True`` are deleted so the
        count recomputes them.
        Cost: O(size): one integrity check of the file and of every row.

        >>> import os, tempfile
        >>> job = Job(n=8, method="constellations", version=1, split_hash="ab", subproblems=2)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     path = os.path.join(d, "job.sqlite")
        ...     with Ledger.open(path, job) as led:
        ...         try:
        ...             Ledger.open(path, job)
        ...         except LedgerBusyError:
        ...             print("busy")
        busy
        """
        name = os.fspath(path)
        kind = _kind(name)
        parent = os.path.dirname(name) or "."
        if kind is None and _kind(parent) != "a directory":
            raise LedgerError(f"cannot create ledger {_shown(name)}: no such directory "
                              f"{_shown(parent)}")
        if kind not in ("a regular file", None):
            raise LedgerError(f"cannot use {name!r} as a ledger: it is {kind}")
        if kind is not None:
            _refuse_foreign_log(name)
        if kind is not None and not _unbegun(name):
            # refuse a foreign, damaged or other job's file before touching it
            with cls.read(name, check_rows=False) as first:
                first._check_job(job)
                first._check_keys(keys)
                bad = first._bad_rows()
                if bad and not repair:
                    raise _rows_error(name, bad)
        existed = os.path.exists(name)
        fd = _lock(name, wait)
        try:
            return cls._open_locked(name, job, fd, repair, keys)
        except BaseException:
            if not existed and os.path.getsize(name) < 4096:  # ours, and never finished
                for side in ("", "-wal", "-shm", "-journal"):
                    with contextlib.suppress(OSError):
                        os.unlink(name + side)
            os.close(fd)
            raise

    @classmethod
    def _open_locked(cls, name: str, job: Job, fd: int, repair: bool,
                     keys: Sequence[str] | None) -> Ledger:
        _refuse_foreign_log(name)
        if _unbegun(name):
            conn = _connect(name)
            created = _now()
            meta = {
                "format": FORMAT,
                "format_version": str(FORMAT_VERSION),
                "n": str(job.n),
                "method": job.method,
                "method_version": str(job.version),
                "split_hash": job.split_hash,
                "subproblems": str(job.subproblems),
                "created": created,
            }
            meta["job_digest"] = _job_digest(meta)
            try:
                with conn:  # one transaction: a ledger is made whole or not at all
                    conn.execute("BEGIN")
                    for statement in filter(str.strip, _SCHEMA.split(";")):
                        conn.execute(statement)
                    conn.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
            except sqlite3.Error as err:
                conn.close()
                raise _sqlite_failure(name, "create", err) from None
            led = cls(name, conn, job, created, meta["job_digest"], {}, fd)
        else:
            conn = _connect(name)
            try:
                found, created, digest, rows = _validate(conn, name)
            except BaseException:
                conn.close()
                raise
            led = cls(name, conn, found, created, digest, rows, fd)
            try:
                led._check_job(job)
                led._check_keys(keys)
                bad = led._bad_rows()
                if bad and not repair:
                    raise _rows_error(name, bad)
                if bad:
                    with led._write("repair"):
                        conn.executemany("DELETE FROM results WHERE idx = ?",
                                         [(i,) for i in bad])
                    for i in bad:
                        del led._rows[i]
            except BaseException:
                led._lock_fd = None
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("PRAGMA journal_mode=DELETE")
                led.close()
                raise
        try:
            with led._write("write"):
                conn.execute("INSERT OR REPLACE INTO meta VALUES ('holder', ?)", (_holder(),))
            led._fold()  # the file itself holds the job from now on, not just its log
        except BaseException:
            led._lock_fd = None
            led.close()
            raise
        return led

    @classmethod
    def read(cls, path: str | os.PathLike[str], *, check_rows: bool = True) -> Ledger:
        """Open an existing ledger read-only, whatever its job (for ``show`` and ``verify``).

        Never writes, creates or locks; refuses rows that fail their check, unless
        ``check_rows`` is False: the sound rows are then read and :meth:`failing` names the
        others (a file that is not a ledger, or whose job record fails, is still refused).
        Cost: O(size): one integrity check of the file and of every row.

        >>> import os, tempfile
        >>> job = Job(n=8, method="constellations", version=1, split_hash="ab", subproblems=2)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     path = os.path.join(d, "job.sqlite")
        ...     with Ledger.open(path, job) as led:
        ...         led.record([(1, "1,2,2,1", 2, 1, 5, 10)])
        ...     with Ledger.read(path) as seen:
        ...         seen.job.n, seen.done()
        (8, {1: (2, 1, 5, 10)})
        >>> Ledger.read("no-such-ledger.sqlite")
        Traceback (most recent call last):
        ...
        nqueens.errors.LedgerError: no ledger at 'no-such-ledger.sqlite'
        """
        name = os.fspath(path)
        kind = _kind(name)
        if kind is None:
            raise LedgerError(f"no ledger at {name!r}")
        if kind != "a regular file":
            raise LedgerError(f"{name!r} is not a ledger: it is {kind}")
        _refuse_foreign_log(name)
        conn = _connect_ro(name)
        try:
            job, created, digest, rows = _validate(conn, name)
        except BaseException:
            conn.close()
            raise
        led = cls(name, conn, job, created, digest, rows)
        if check_rows:
            bad = led._bad_rows()
            if bad:
                led.close()
                raise _rows_error(name, bad)
        return led

    def _check_job(self, job: Job) -> None:
        mine = self.job
        where = repr(self.path)
        if mine.n != job.n:
            raise LedgerError(
                f"{where} is a ledger for N = {mine.n}, not N = {job.n}; give another ledger file"
            )
        if (mine.method, mine.version) != (job.method, job.version):
            raise LedgerError(
                f"{where} was made by method {mine.method} v{mine.version}, "
                f"not {job.method} v{job.version}; give another ledger file"
            )
        if (mine.split_hash, mine.subproblems) != (job.split_hash, job.subproblems):
            raise LedgerError(
                f"{where} records a different split of N = {job.n} into subproblems; "
                "give another ledger file"
            )

    def _check_keys(self, keys: Sequence[str] | None) -> None:
        if keys is None:
            return
        wrong = [i for i, key in self.keys().items() if i >= len(keys) or key != keys[i]]
        if wrong:
            raise LedgerError(f"{self.path!r} is a damaged ledger: subproblem {wrong[0]} is "
                              "recorded under the wrong key")

    def _bad_rows(self) -> list[int]:
        return sorted(i for i, (_, _, ok) in self._rows.items() if ok != "ok")

    def failing(self) -> list[int]:
        """Indexes of the rows that fail their check (edited or corrupted), ascending.

        They count nowhere: :meth:`done`, :meth:`keys` and :meth:`summary` hold only the
        sound rows. Cost: O(rows) per call.

        >>> import os, sqlite3, tempfile
        >>> job = Job(n=8, method="constellations", version=1, split_hash="ab", subproblems=2)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     path = os.path.join(d, "job.sqlite")
        ...     with Ledger.open(path, job) as led:
        ...         led.record([(0, "0,1,0,2", 8, 1, 9, 20), (1, "1,2,2,1", 2, 1, 5, 10)])
        ...     with sqlite3.connect(path) as edit:
        ...         _ = edit.execute("UPDATE results SET total = total + 8 WHERE idx = 1")
        ...     edit.close()
        ...     with Ledger.read(path, check_rows=False) as seen:
        ...         seen.failing(), seen.summary().total
        ([1], 8)
        """
        return self._bad_rows()

    # -- using -----------------------------------------------------------------------------

    def done(self) -> dict[int, Row]:
        """Finished subproblems: index -> ``(total, unique, nodes, microseconds)``.

        Cost: O(rows) per call.

        >>> import os, tempfile
        >>> job = Job(n=8, method="constellations", version=1, split_hash="ab", subproblems=2)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     with Ledger.open(os.path.join(d, "job.sqlite"), job) as led:
        ...         before = led.done()
        ...         led.record([(0, "0,1,0,2", 8, 1, 9, 20)])
        ...         before, led.done()
        ({}, {0: (8, 1, 9, 20)})
        """
        return {i: row for i, (_, row, ok) in self._rows.items() if ok == "ok"}

    def keys(self) -> dict[int, str]:
        """Finished subproblems: index -> key.

        Cost: O(rows) per call.

        >>> import os, tempfile
        >>> job = Job(n=8, method="constellations", version=1, split_hash="ab", subproblems=2)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     with Ledger.open(os.path.join(d, "job.sqlite"), job) as led:
        ...         led.record([(0, "0,1,0,2", 8, 1, 9, 20), (1, "1,2,2,1", 2, 1, 5, 10)])
        ...         led.keys()
        {0: '0,1,0,2', 1: '1,2,2,1'}
        """
        return {i: key for i, (key, _, ok) in self._rows.items() if ok == "ok"}

    def record(self, rows: Iterable[tuple[int, str, int, int, int, int]]) -> None:
        """Commit ``(index, key, total, unique, nodes, microseconds)`` rows in one transaction.

        A row recorded again under its index replaces the old one.
        Cost: O(len(rows)) digests and inserts, one commit.

        >>> import os, tempfile
        >>> job = Job(n=8, method="constellations", version=1, split_hash="ab", subproblems=2)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     path = os.path.join(d, "job.sqlite")
        ...     with Ledger.open(path, job) as led:
        ...         led.record([(0, "0,1,0,2", 8, 1, 9, 20)])
        ...         led.record([(0, "0,1,0,2", 8, 1, 9, 25)])
        ...     with Ledger.read(path) as seen:
        ...         seen.done()
        {0: (8, 1, 9, 25)}
        """
        now = _now()
        values = []
        for i, k, t, u, nd, us in rows:
            fields = (int(i), str(k), int(t), int(u), int(nd), int(us), now,
                      int(t) % PRIMES[0], int(t) % PRIMES[1])
            values.append((*fields, _row_digest(self._digest, fields)))
        with self._write("write"):
            self._conn.executemany(
                "INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", values
            )
        for v in values:
            self._rows[v[0]] = (v[1], (v[2], v[3], v[4], v[5]), "ok")
        if time.monotonic() - self._folded >= _FOLD_EVERY:
            self._fold()

    def summary(self) -> Summary:
        """Progress so far: how many subproblems are done and the sums of their counts.

        Cost: O(rows) per call.

        >>> import os, tempfile
        >>> job = Job(n=8, method="constellations", version=1, split_hash="ab", subproblems=2)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     with Ledger.open(os.path.join(d, "job.sqlite"), job) as led:
        ...         led.record([(0, "0,1,0,2", 8, 1, 9, 20), (1, "1,2,2,1", 2, 1, 5, 10)])
        ...         s = led.summary()
        >>> s.job.n, s.done, s.total, s.unique, s.nodes, s.seconds
        (8, 2, 10, 2, 14, 3e-05)
        """
        done = self.done()
        updated = self._conn.execute(
            "SELECT COALESCE(MAX(finished), '') FROM results"
        ).fetchone()[0]
        return Summary(self.job, len(done), sum(r[0] for r in done.values()),
                       sum(r[1] for r in done.values()), sum(r[2] for r in done.values()),
                       sum(r[3] for r in done.values()) / 1e6, self.created,
                       str(updated or self.created))

    def close(self) -> None:
        """Close the file (committed rows are already safe) and release it.

        Cost: O(log size): the write-ahead log is folded back into the file.

        >>> import os, tempfile
        >>> job = Job(n=8, method="constellations", version=1, split_hash="ab", subproblems=2)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     path = os.path.join(d, "job.sqlite")
        ...     Ledger.open(path, job).close()
        ...     after = sorted(os.listdir(d))   # no -wal or -shm file left beside it
        ...     with Ledger.open(path, job) as again:   # released: a new holder is let in
        ...         rows = again.done()
        >>> after, rows
        (['job.sqlite'], {})
        """
        if self._lock_fd is not None:
            with contextlib.suppress(sqlite3.Error, NQueensError, NQueensRuntimeError), \
                    self._write("write"):
                self._conn.execute("DELETE FROM meta WHERE key = 'holder'")
            with contextlib.suppress(sqlite3.Error):
                # fold the whole log in and empty it; a reader holding the log is waited
                # for a moment only (the file holds the work up to the last _fold)
                self._conn.execute("PRAGMA busy_timeout = 250")
                self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
                self._conn.execute("PRAGMA journal_mode=DELETE")
        with contextlib.suppress(sqlite3.Error):
            self._conn.close()
        if self._lock_fd is not None:  # after the connection: closing an fd drops its locks
            os.close(self._lock_fd)
            self._lock_fd = None

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _fold(self) -> None:
        """Copy the committed pages of the log into the file itself (a passive checkpoint),
        so that the file alone holds every row so far: a lost ``-wal`` then loses nothing,
        and the log, reused from its start after a fold, stays small. Never waits for a
        reader. Done when the ledger is created and after the first batch that ends at
        least ``_FOLD_EVERY`` seconds after the last fold.
        Cost: the pages committed since the last fold written once more, and two fsyncs."""
        try:
            self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except sqlite3.Error as err:
            raise _sqlite_failure(self.path, "write", err) from None
        self._folded = time.monotonic()

    @contextlib.contextmanager
    def _write(self, what: str) -> Iterator[None]:
        try:
            with self._conn:
                yield
        except sqlite3.Error as err:
            raise _sqlite_failure(self.path, what, err) from None


# -- evidence ------------------------------------------------------------------------------


def _job_digest(meta: dict[str, str]) -> str:
    text = "\n".join(f"{k}={meta.get(k, '')}" for k in _JOB_KEYS)
    return hashlib.sha256(f"{FORMAT} job\n{text}\n".encode()).hexdigest()


def _row_digest(job_digest: str, fields: tuple[object, ...]) -> str:
    text = "|".join(str(f) for f in fields)
    return hashlib.sha256(f"{job_digest}|{text}".encode()).hexdigest()[:32]


def _check_row(job: Job, job_digest: str, values: tuple[object, ...]) -> str:
    """'ok', or why the row fails its check."""
    idx, key, total, uniq, nodes, micros, finished, res_a, res_b, digest = values
    ints = (idx, total, uniq, nodes, micros, res_a, res_b)
    if not all(type(v) is int for v in ints) or not all(type(v) is str
                                                           for v in (key, finished, digest)):
        return "wrong types"
    nums = [v for v in ints if isinstance(v, int)]
    assert isinstance(total, int) and isinstance(idx, int) and isinstance(uniq, int)
    if not 0 <= idx < job.subproblems or not 0 <= uniq <= total or min(nums) < 0:
        return "impossible numbers"
    if (res_a, res_b) != (total % PRIMES[0], total % PRIMES[1]):
        return "residues disagree"
    if digest != _row_digest(job_digest, values[:9]):
        return "digest disagrees"
    return "ok"


def _rows_error(name: str, bad: list[int]) -> LedgerRowsError:
    shown = ", ".join(str(i) for i in bad[:_SHOWN]) + (", ..." if len(bad) > _SHOWN else "")
    what = (f"subproblem {bad[0]} fails its check" if len(bad) == 1
            else f"{len(bad)} subproblems ({shown}) fail their check")
    return LedgerRowsError(f"{name!r} is a damaged ledger: {what} (edited or corrupted)", bad)


def _expected_schema() -> set[tuple[str, str, str, str | None]]:
    conn = sqlite3.connect(":memory:")
    try:
        conn.executescript(_SCHEMA)
        return set(conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
    finally:
        conn.close()


_EXPECTED = _expected_schema()


def _validate(conn: sqlite3.Connection, name: str
              ) -> tuple[Job, str, str, dict[int, tuple[str, Row, str]]]:
    """Check the file, schema and job record; read and check every row."""
    try:
        check = conn.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise LedgerError(f"{name!r} is a damaged ledger (SQLite says: {check})")
        schema = set(conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
        if not schema:  # what a count leaves for a few milliseconds while it creates one
            raise LedgerError(
                f"{name!r} is not an nqueens ledger yet: it is empty, being created by a "
                "running count or left by one stopped while creating it (a count takes it "
                "up); if a count is running, try again in a moment"
            )
        names = {(t, nm) for t, nm, _, _ in _EXPECTED}
        extra = sorted({(t, nm) for t, nm, _, _ in schema} - names)
        if extra and not {("table", "meta"), ("table", "results")} <= {
                (t, nm) for t, nm, _, _ in schema}:
            raise LedgerError(f"{name!r} is not an nqueens ledger (no meta/results tables)")
        if extra:
            t, nm = extra[0]
            raise LedgerError(f"{name!r} carries a {t} {nm!r} that nqueens did not create; "
                              "refusing it")
        if schema != _EXPECTED:
            changed = sorted({nm for t, nm, _, _ in _EXPECTED ^ schema})
            raise LedgerError(f"{name!r} is not an nqueens ledger of this format "
                              f"({', '.join(changed)} differ)")
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("format") != FORMAT:
            raise LedgerError(f"{name!r} is not an nqueens ledger")
        if meta.get("format_version") != str(FORMAT_VERSION):
            raise LedgerError(
                f"{name!r} is a ledger of format version {meta.get('format_version')!r}, "
                f"this nqueens reads version {FORMAT_VERSION}"
            )
        unknown = sorted(str(k) for k in set(meta) - _META_KEYS)
        if unknown:
            raise LedgerError(f"{name!r} is a damaged ledger (unknown job field {unknown[0]!r})")
        if not all(isinstance(v, str) for v in meta.values()) or \
                meta.get("job_digest") != _job_digest(meta):
            raise LedgerError(f"{name!r} is a damaged ledger: its job record fails its check")
        try:
            job = Job(int(meta["n"]), str(meta["method"]), int(meta["method_version"]),
                      str(meta["split_hash"]), int(meta["subproblems"]))
        except (KeyError, ValueError):
            raise LedgerError(
                f"{name!r} is a damaged ledger (its job record is incomplete)"
            ) from None
        if not 1 <= job.n <= MAX_LEDGER_N or not 0 <= job.subproblems <= job.n ** 4:
            raise LedgerError(f"{name!r} claims N = {job.n} with {job.subproblems} "
                              f"subproblems; a ledger holds N = 1..{MAX_LEDGER_N}")
        digest = str(meta["job_digest"])
        rows: dict[int, tuple[str, Row, str]] = {}
        for values in conn.execute("SELECT * FROM results"):
            verdict = _check_row(job, digest, tuple(values))
            idx = int(values[0])  # the rowid: always an integer
            row = tuple(v if type(v) is int else 0 for v in values[2:6])
            rows[idx] = (str(values[1]), row, verdict)  # type: ignore[assignment]
        return job, str(meta.get("created", "")), digest, rows
    except sqlite3.DatabaseError as err:
        raise LedgerError(f"{name!r} is not a readable nqueens ledger ({err})") from None


# -- files, locks, connections -------------------------------------------------------------


def _unbegun(name: str) -> bool:
    """True for a file a count may start afresh, because no count can have finished anything
    in it: an empty file (what the count's lock creates before SQLite writes a byte), or an
    SQLite database whose catalogue is empty, read with its log when one lies beside it.

    The second is a count stopped while it created its ledger: WAL mode set, the schema not
    yet committed, or committed only to a log that is gone. A count folds its log into the
    file right after it creates the ledger (:meth:`Ledger._fold`), so a file whose rows
    lived only in a lost log would still show the schema; an empty catalogue means nothing
    was ever recorded. A foreign log beside the file is refused
    before this is asked (:func:`_refuse_foreign_log`).
    Cost: O(1) - a header read, and for a database one look at its catalogue."""
    try:
        if os.path.getsize(name) == 0:
            return True
        with open(name, "rb") as f:
            if f.read(16) != b"SQLite format 3\x00":
                return False
        with contextlib.closing(_connect_ro(name)) as conn:
            return bool(conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0] == 0)
    except (OSError, LedgerError, sqlite3.Error):
        return False


def _kind(name: str) -> str | None:
    """What lies at ``name``: "a regular file", "a directory", another kind, or None.

    A name the system cannot look up at all (too long, a loop of links) is a LedgerError.
    Cost: O(1) - one ``stat``.

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
    """``name`` quoted for a message, cut after ``width`` characters.

    >>> _shown("a" * 200, 5)
    "'aaaaa'... (200 characters)"
    """
    return repr(name) if len(name) <= width else f"{name[:width]!r}... ({len(name)} characters)"


def _wal_form(name: str) -> bool:
    """Whether ``name`` is an SQLite file in WAL form (header bytes 18 and 19 both 2)."""
    try:
        with open(name, "rb") as f:
            return f.read(20)[18:] == b"\x02\x02"
    except OSError:
        return False


def _refuse_foreign_log(name: str) -> None:
    """Refuse a ``-wal`` log beside a file that is not in WAL form: it is not that file's.

    A ledger at rest is in rollback form (header bytes 18 and 19 are 1) with no log. A count
    sets them to 2 before it writes a log, and deletes the log before it sets them back to
    1; so a log beside a rollback-form (or empty) file was left by an earlier file of that
    name - one the user replaced - and SQLite would replay it over this one. The header is
    read before and after the log, so a count switching the file at that moment is not
    taken for a stranger.
    Cost: O(1) - two header reads and a ``stat``.
    """
    wal = name + "-wal"
    if _wal_form(name):
        return
    try:
        logged = os.path.isfile(wal) and os.path.getsize(wal) > 0
    except OSError:
        return
    if logged and not _wal_form(name):
        raise LedgerError(
            f"{wal!r} is a log left by an earlier file named {name!r} (this one is not in "
            "WAL form), and SQLite would replay it over this file; if "
            f"{name!r} is the ledger you want, move {wal!r} away"
        )


def _uri(name: str, query: str = "") -> str:
    """The SQLite URI of exactly the file ``name``, whatever its bytes: never a special name
    (``:memory:``), never read as a URI itself (``file:x?mode=memory``).
    Cost: O(len(name)).

    >>> _uri("/tmp/file:x?mode=memory", "mode=ro")
    'file:/tmp/file%3Ax%3Fmode%3Dmemory?mode=ro'
    >>> _uri(os.fsdecode(b"/tmp/\\xff.sqlite"))
    'file:/tmp/%FF.sqlite'
    """
    path = urllib.parse.quote(os.fsencode(os.path.abspath(name)))
    return f"file:{path}?{query}" if query else f"file:{path}"


def _connect(name: str) -> sqlite3.Connection:
    """A writing connection (the count's) to the existing file ``name``: WAL,
    ``synchronous=NORMAL``, the log folded in whenever it reaches ``_FOLD_PAGES`` pages."""
    try:
        conn = sqlite3.connect(_uri(name, "mode=rw"), uri=True, timeout=30)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute(f"PRAGMA wal_autocheckpoint={_FOLD_PAGES}")
    except sqlite3.DatabaseError as err:
        raise _sqlite_failure(name, "open", err) from None
    return conn


def _connect_ro(name: str) -> sqlite3.Connection:
    """A read-only connection that writes nothing, not even a ``-shm`` file when it cannot."""
    uri = _uri(name, "mode=ro")
    try:
        with open(name, "rb") as f:
            header = f.read(20)
    except OSError as err:
        raise LedgerError(f"cannot read {name!r}: {err.strerror or err}") from None
    if len(header) == 20 and header[18] == 2 and not os.path.exists(name + "-wal"):
        # a WAL-mode file with no log beside it: nothing to recover, so read it as it
        # stands, without creating a -shm file (which mode=ro alone would)
        uri += "&immutable=1"
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


def _lock(name: str, wait: bool) -> int:
    """Create the file if absent and take its exclusive flock; return the descriptor."""
    import fcntl

    try:
        fd = os.open(name, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as err:
        raise LedgerError(f"cannot open ledger {name!r}: {err.strerror or err}") from None
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
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
    try:
        conn = sqlite3.connect(_uri(name, "mode=ro"), uri=True, timeout=2)
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
