"""The checkpoint ledger: an SQLite file recording a count's job and each finished subproblem.

Only the coordinator writes it (workers return numbers; the coordinator records them in one
transaction per batch). It holds plain integers and text - never pickles - in WAL mode with
`synchronous=NORMAL` while a count runs, so a committed row survives a SIGKILL and a kill
loses at most the work in flight. The log is folded into the file about every second, so the
file alone holds the work (a lost or uncopied `-wal` loses nothing finished); a count that
ends switches the file back to a plain rollback journal, so a finished ledger is one
self-contained file. A `-wal` beside a file in rollback form is not that file's log and
is refused rather than replayed over it. Every connection names the file by a URI built
from its absolute path's bytes, so the ledger lives exactly at the name given.

Evidence. The job record carries the digest of the whole split (`split_hash`) and a digest
of itself (`job_digest`, over every job field). Every row carries the residues of its total
modulo two small primes and a SHA-256 digest over (job digest, index, key, total, unique,
nodes, microseconds, time, residues). Opening a ledger checks the schema exactly (a trigger,
view, index or table the project did not create is refused by name), the job digest, and
every row; rows that fail are named, and a count can recount just those
(`Ledger.open(..., repair=True)`). A digest stops accidents (a flipped byte, an edited
number), not a forger: `nqueens.engine.verify` recounts rows independently for that.

One count per ledger: `Ledger.open` holds an exclusive `flock` on the file while it
is open and records the holder (pid and host); a second count is refused naming the holder,
or waits (`wait=True`). `Ledger.read` (`show`, `verify`) opens the file read-only
(an SQLite `mode=ro` URI, no journal-mode switch), never creates a file, takes no lock,
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
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple

from nqueens.engine.ledger_claims import Claims
from nqueens.engine.ledger_files import (
    _connect,
    _connect_ro,
    _holder,
    _kind,
    _lock,
    _now,
    _refuse_foreign_log,
    _shown,
    _sqlite_failure,
    _unbegun,
    _unlock,
)
from nqueens.engine.ledger_format import (
    _SCHEMA,
    FORMAT,
    FORMAT_VERSION,
    MODULI,
    Checked,
    Job,
    _rows_error,
    new_meta,
    sealed_row,
    upgrade_statements,
)
from nqueens.engine.ledger_format import read_checked as _validate
from nqueens.engine.ledger_seal import key_id, load_key
from nqueens.engine.task import Row
from nqueens.errors import (
    LedgerBusyError,
    LedgerError,
    LedgerRowsError,
    NQueensError,
    NQueensRuntimeError,
)

if TYPE_CHECKING:
    from nqueens.engine.split import Subproblem

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MODULI",
    "Job",
    "Ledger",
    "LedgerBusyError",
    "LedgerError",
    "LedgerRowsError",
    "Summary",
]

_FOLD_EVERY = 1.0
"""Seconds between folds of the log into the file (a fold costs two fsyncs): the file
alone lags the log by at most this much finished work, for under 1% of a count's time."""



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




class Ledger:
    """An open ledger file. Use `open` (to count) or `read` (to inspect)."""

    def __init__(self, path: str, conn: sqlite3.Connection, checked: Checked,
                 lock_fd: int | None = None) -> None:
        self.path = path
        self.job = checked.job
        self.created = checked.created
        self.version = checked.version
        """The file's format version (2: an old ledger read as it stands)."""
        self._conn = conn
        self._digest = checked.digest
        self._rows = checked.rows
        self._key = checked.key
        self._lock_fd = lock_fd
        self._claims: Claims | None = None
        self._pid = os.getpid()
        self._folded = time.monotonic()

    # -- opening ---------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | os.PathLike[str], job: Job, *, repair: bool = False,
             wait: bool = False, keys: Sequence[str] | None = None) -> Ledger:
        """Open the ledger at `path` for `job`, creating it if absent; refuse another job.

        With `keys` (the key of each subproblem, by index), a row recorded under another
        key is refused too. Every refusal comes before the file is written to: a ledger that
        is refused is left exactly as it was.

        Holds the file exclusively until `close`: another holder raises
        `LedgerBusyError`, or is waited for with `wait=True`. Rows that fail their
        check raise `LedgerRowsError`, or with `repair=True` are deleted so the
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
        key = load_key(create=True)
        # the lock before any SQLite open: a ledger held by another count, under any of its
        # names, is refused without a byte written beside it
        fd = _lock(name, wait)
        # made by this call (empty when locked): nothing in it was ever recorded
        fresh = kind is None and os.fstat(fd).st_size == 0
        try:
            return cls._open_locked(name, job, fd, repair, keys, key)
        except BaseException:
            if fresh:
                real = os.path.realpath(name)
                for side in ("-wal", "-shm", "-journal", ""):
                    with contextlib.suppress(OSError):
                        os.unlink(real + side)
            _unlock(fd)
            raise

    @classmethod
    def _open_locked(cls, name: str, job: Job, fd: int, repair: bool,
                     keys: Sequence[str] | None, key: bytes) -> Ledger:
        _refuse_foreign_log(name)
        if _unbegun(name, held=True):
            conn = _connect(name)
            meta = new_meta(job, _now(), key)
            try:
                with conn:  # one transaction: a ledger is made whole or not at all
                    conn.execute("BEGIN")
                    for statement in filter(str.strip, _SCHEMA.split(";")):
                        conn.execute(statement)
                    conn.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
            except sqlite3.Error as err:
                conn.close()
                raise _sqlite_failure(name, "create", err) from None
            led = cls(name, conn, Checked(job, meta["created"], meta["job_digest"], {}, 3,
                                          key), fd)
        else:
            # every check on a private copy first: a refused ledger is left as it was
            with contextlib.closing(_connect_ro(name, held=True)) as first:
                checked = _validate(first, name, lambda: key)
                probe = cls(name, first, checked)
                probe._check_job(job)
                probe._check_keys(keys)
                bad = probe._bad_rows()
                if bad and not repair:
                    raise _rows_error(name, bad)
            led = cls(name, _connect(name), checked, fd)
            try:
                led._upgrade_or_repair(key, bad)
            except BaseException:
                led._lock_fd = None
                with contextlib.suppress(sqlite3.Error):
                    led._conn.execute("PRAGMA journal_mode=DELETE")
                led.close()
                raise
        try:
            with led._write("write"):
                led._conn.execute("INSERT OR REPLACE INTO meta VALUES ('holder', ?)",
                                  (_holder(),))
            led._fold()  # the file itself holds the job from now on, not just its log
        except BaseException:
            led._lock_fd = None
            led.close()
            raise
        return led

    def _upgrade_or_repair(self, key: bytes, bad: list[int]) -> None:
        """Delete the failing rows `bad` (to be recounted); rewrite a version 2 ledger as
        version 3 under `key` with none of its rows (an unsealed row proves nothing: every
        one is counted again, and compared with its old value as it is, `Claims`)."""
        if not bad and self.version == FORMAT_VERSION:
            return
        with self._write("repair"):
            self._conn.execute("BEGIN IMMEDIATE")
            if self.version != FORMAT_VERSION:
                # no row of an unsealed ledger is trusted: every one is counted again
                claims = Claims(self.path, self.done())
                checked = Checked(self.job, self.created, self._digest, self._rows,
                                  self.version, None)
                upgrade_statements(self._conn, checked, key, set())
                self._digest = str(self._conn.execute(
                    "SELECT value FROM meta WHERE key = 'job_digest'").fetchone()[0])
                self.version, self._key = FORMAT_VERSION, key
                self._rows, bad, self._claims = {}, [], claims
            else:
                self._conn.executemany("DELETE FROM results WHERE idx = ?",
                                       [(i,) for i in bad])
        for i in bad:
            del self._rows[i]
        if self._claims is not None:
            self._claims.announce(key_id(key))

    @classmethod
    def read(cls, path: str | os.PathLike[str], *, check_rows: bool = True) -> Ledger:
        """Open an existing ledger read-only, whatever its job (for `show` and `verify`).

        Never writes, creates or locks; refuses rows that fail their check, unless
        `check_rows` is False: the sound rows are then read and `failing` names the
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
            checked = _validate(conn, name, lambda: load_key(create=False))
        except BaseException:
            conn.close()
            raise
        led = cls(name, conn, checked)
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

    def check_split(self) -> list[Subproblem]:
        """Refuse a ledger whose job is not this nqueens's split of its N; return the split.

        It refuses exactly as a count would (the method, its version, the split's digest
        and size, every row's key). `show` and `verify` call this, so a job record
        edited and re-digested (or written by another version) is refused by every
        command alike.

        Cost: O(split + rows): one `split` of the ledger's N
        (O(N**4), the split's cost: see `nqueens.engine.split.split`) and a look at
        each row.

        >>> import os, tempfile
        >>> job = Job(n=8, method="constellations", version=1, split_hash="ab", subproblems=2)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     with Ledger.open(os.path.join(d, "job.sqlite"), job) as led:
        ...         led.check_split()  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        nqueens.errors.LedgerError: ... was made by method constellations v1, not ...
        """
        from nqueens.engine.split import METHOD, METHOD_VERSION, split, split_hash

        if self.job.method != METHOD:  # symmetric solutions, a variant
            from nqueens.engine.problems import from_method, problem_hash

            problem = from_method(self.job.method, self.job.n)
            items = problem.items()
            self._check_job(Job(self.job.n, problem.method, problem.version,
                                problem_hash(problem, items), len(items)))
            self._check_keys([problem.key(it) for it in items])
            return items  # type: ignore[return-value]
        subs = split(self.job.n)
        self._check_job(Job(self.job.n, METHOD, METHOD_VERSION, split_hash(self.job.n, subs),
                            len(subs)))
        self._check_keys([s.key for s in subs])
        return subs

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

        They count nowhere: `done`, `keys` and `summary` hold only the
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
        """Finished subproblems: index -> `(total, unique, nodes, microseconds)`.

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
        """Commit `(index, key, total, unique, nodes, microseconds)` rows in one transaction.

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
        assert self._key is not None and self.version == FORMAT_VERSION  # open() upgraded it
        values = [sealed_row(self._digest, self._key,
                             (int(i), str(k), int(t), int(u), int(nd), int(us), now))
                  for i, k, t, u, nd, us in rows]
        with self._write("write"):
            self._conn.executemany(
                "INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                values
            )
        for v in values:
            self._rows[v[0]] = (v[1], (v[2], v[3], v[4], v[5]), "ok")
        if self._claims is not None:
            self._claims.compare((v[0], v[2], v[3]) for v in values)  # type: ignore[misc]
        if time.monotonic() - self._folded >= _FOLD_EVERY:
            self._fold()

    def forget(self, idxs: Iterable[int]) -> None:
        """Delete the rows of `idxs` (answers found wrong or untrustworthy), one commit.

        Cost: O(len(idxs)) deletes.

        >>> import os, tempfile
        >>> job = Job(n=8, method="constellations", version=1, split_hash="ab", subproblems=2)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     path = os.path.join(d, "job.sqlite")
        ...     with Ledger.open(path, job) as led:
        ...         led.record([(0, "0,1,0,2", 8, 1, 9, 20), (1, "0,2,0,1", 0, 0, 3, 5)])
        ...         led.forget([0])
        ...     with Ledger.read(path) as seen:
        ...         seen.done()
        {1: (0, 0, 3, 5)}
        """
        gone = [(int(i),) for i in idxs]
        with self._write("write"):
            self._conn.executemany("DELETE FROM results WHERE idx = ?", gone)
        for (i,) in gone:
            self._rows.pop(i, None)

    def certificate(self) -> Iterator[tuple[int, str, int, int, int, int, int, str]]:
        """The sound rows, by index: what `ledger export` publishes (a version 3 ledger).

        Each row is `(index, key, total, unique, nodes, total mod 13, total mod 15,
        digest)`.

        Cost: O(rows), streamed.

        >>> import os, tempfile
        >>> job = Job(n=8, method="constellations", version=1, split_hash="ab", subproblems=2)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     with Ledger.open(os.path.join(d, "job.sqlite"), job) as led:
        ...         led.record([(1, "1,2,2,1", 28, 1, 5, 10)])
        ...         [row[:7] for row in led.certificate()]
        [(1, '1,2,2,1', 28, 1, 5, 2, 13)]
        """
        sound = self.done()
        for values in self._conn.execute("SELECT idx, key, total, uniq, nodes, res13, res15, "
                                         "digest FROM results ORDER BY idx"):
            if values[0] in sound:
                yield tuple(values)  # type: ignore[misc]

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
        if os.getpid() != self._pid:
            return  # a forked child's copy: the file is its parent's to close
        if self._claims is not None:
            self._claims.report()
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
            _unlock(self._lock_fd)
            self._lock_fd = None

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _fold(self) -> None:
        """Copy the committed pages of the log into the file itself (a passive checkpoint),
        so that the file alone holds every row so far: a lost `-wal` then loses nothing,
        and the log, reused from its start after a fold, stays small. Never waits for a
        reader. Done when the ledger is created and after the first batch that ends at
        least `_FOLD_EVERY` seconds after the last fold.
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


