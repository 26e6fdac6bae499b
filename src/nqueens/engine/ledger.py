"""The checkpoint ledger: an SQLite file recording a count's job and each finished subproblem.

Only the coordinator writes it (workers return numbers; the coordinator records them in one
transaction per batch). It holds plain integers and text - never pickles - in WAL mode with
``synchronous=NORMAL``, so a committed row survives a SIGKILL and a kill loses at most the
work in flight. The job is identified by n, the method and its version, and a hash of the
split; a ledger made for another job, or a file that is not a sound ledger, is refused with
a :class:`LedgerError` naming the problem. Counting is :mod:`nqueens.engine.run`'s job.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "job.sqlite")
>>> job = Job(n=8, method="constellations", version=1, split_hash="ab", subproblems=2)
>>> with Ledger.open(path, job) as led:
...     led.record([(0, "0,1,0,2", 8, 1, 9, 20)])
...     led.done()
{0: (8, 1, 9, 20)}
>>> Ledger.open(path, job._replace(n=9))
Traceback (most recent call last):
...
nqueens.engine.ledger.LedgerError: ... is a ledger for N = 8, not N = 9; give another --ledger file
"""

from __future__ import annotations

import contextlib
import datetime
import os
import sqlite3
from collections.abc import Iterable
from typing import NamedTuple

from nqueens.errors import NQueensError

__all__ = ["FORMAT", "FORMAT_VERSION", "Job", "Ledger", "LedgerError", "Summary"]

FORMAT = "nqueens-ledger"
FORMAT_VERSION = 1

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE results (
    idx INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    total INTEGER NOT NULL,
    uniq INTEGER NOT NULL,
    nodes INTEGER NOT NULL,
    micros INTEGER NOT NULL,
    finished TEXT NOT NULL
);
"""


class LedgerError(NQueensError):
    """A ledger file that cannot be used: not a ledger, damaged, or made for another job."""


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


class Ledger:
    """An open ledger file. Use :meth:`open` (to count) or :meth:`read` (to inspect)."""

    def __init__(self, path: str, conn: sqlite3.Connection, job: Job, created: str) -> None:
        self.path = path
        self.job = job
        self.created = created
        self._conn = conn

    # -- opening ---------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | os.PathLike[str], job: Job) -> Ledger:
        """Open the ledger at ``path`` for ``job``, creating it if absent; refuse another job.

        Cost: one integrity check of the file, O(size).
        """
        name = os.fspath(path)
        fresh = not os.path.exists(name) or os.path.getsize(name) == 0
        if fresh:
            parent = os.path.dirname(name) or "."
            if not os.path.isdir(parent):
                raise LedgerError(f"cannot create ledger {name!r}: no such directory {parent!r}")
            conn = _connect(name)
            try:
                with conn:
                    conn.executescript(_SCHEMA)
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
                    conn.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
            except sqlite3.Error as err:
                conn.close()
                raise LedgerError(f"cannot create ledger {name!r}: {err}") from None
            return cls(name, conn, job, created)
        led = cls.read(name)
        try:
            led._check_job(job)
        except LedgerError:
            led.close()
            raise
        return led

    @classmethod
    def read(cls, path: str | os.PathLike[str]) -> Ledger:
        """Open an existing ledger whatever its job (for ``show`` and ``verify``)."""
        name = os.fspath(path)
        if not os.path.isfile(name):
            raise LedgerError(f"no ledger at {name!r}")
        conn = _connect(name)
        try:
            job, created = _read_meta(conn, name)
            bad = conn.execute(
                "SELECT COUNT(*) FROM results WHERE idx < 0 OR idx >= ? OR total < 0 "
                "OR uniq < 0 OR nodes < 0 OR micros < 0 OR uniq > total "
                "OR typeof(total) != 'integer' OR typeof(uniq) != 'integer'",
                (job.subproblems,),
            ).fetchone()[0]
            if bad:
                raise LedgerError(f"{name!r} is a damaged ledger: {bad} impossible result rows")
        except sqlite3.DatabaseError as err:
            conn.close()
            raise LedgerError(f"{name!r} is not a readable nqueens ledger ({err})") from None
        except LedgerError:
            conn.close()
            raise
        return cls(name, conn, job, created)

    def _check_job(self, job: Job) -> None:
        mine = self.job
        where = repr(self.path)
        if mine.n != job.n:
            raise LedgerError(
                f"{where} is a ledger for N = {mine.n}, not N = {job.n}; "
                "give another --ledger file"
            )
        if (mine.method, mine.version) != (job.method, job.version):
            raise LedgerError(
                f"{where} was made by method {mine.method} v{mine.version}, "
                f"not {job.method} v{job.version}; give another --ledger file"
            )
        if (mine.split_hash, mine.subproblems) != (job.split_hash, job.subproblems):
            raise LedgerError(
                f"{where} records a different split of N = {job.n} into subproblems; "
                "give another --ledger file"
            )

    # -- using -----------------------------------------------------------------------------

    def done(self) -> dict[int, tuple[int, int, int, int]]:
        """Finished subproblems: index -> ``(total, unique, nodes, microseconds)``. O(rows)."""
        rows = self._conn.execute("SELECT idx, total, uniq, nodes, micros FROM results")
        return {int(i): (int(t), int(u), int(nd), int(us)) for i, t, u, nd, us in rows}

    def keys(self) -> dict[int, str]:
        """Finished subproblems: index -> key. O(rows)."""
        return {int(i): str(k) for i, k in self._conn.execute("SELECT idx, key FROM results")}

    def record(self, rows: Iterable[tuple[int, str, int, int, int, int]]) -> None:
        """Commit ``(index, key, total, unique, nodes, microseconds)`` rows in one transaction."""
        now = _now()
        with self._conn:
            self._conn.executemany(
                "INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(int(i), str(k), int(t), int(u), int(nd), int(us), now)
                 for i, k, t, u, nd, us in rows],
            )

    def summary(self) -> Summary:
        """Progress so far: how many subproblems are done and the sums of their counts. O(rows)."""
        done, total, unique, nodes, micros, updated = self._conn.execute(
            "SELECT COUNT(*), COALESCE(SUM(total), 0), COALESCE(SUM(uniq), 0), "
            "COALESCE(SUM(nodes), 0), COALESCE(SUM(micros), 0), COALESCE(MAX(finished), '') "
            "FROM results"
        ).fetchone()
        return Summary(self.job, int(done), int(total), int(unique), int(nodes),
                       int(micros) / 1e6, self.created, str(updated or self.created))

    def close(self) -> None:
        """Close the file (committed rows are already safe)."""
        with contextlib.suppress(sqlite3.Error):
            self._conn.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _connect(name: str) -> sqlite3.Connection:
    try:
        conn = sqlite3.connect(name, timeout=30)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
    except sqlite3.DatabaseError as err:
        raise LedgerError(f"{name!r} is not a readable nqueens ledger ({err})") from None
    return conn


def _read_meta(conn: sqlite3.Connection, name: str) -> tuple[Job, str]:
    check = conn.execute("PRAGMA quick_check").fetchone()[0]
    if check != "ok":
        raise LedgerError(f"{name!r} is a damaged ledger (SQLite says: {check})")
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if not {"meta", "results"} <= tables:
        raise LedgerError(f"{name!r} is not an nqueens ledger (no meta/results tables)")
    meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    if meta.get("format") != FORMAT:
        raise LedgerError(f"{name!r} is not an nqueens ledger")
    if meta.get("format_version") != str(FORMAT_VERSION):
        raise LedgerError(
            f"{name!r} is a ledger of format version {meta.get('format_version')}, "
            f"this nqueens reads version {FORMAT_VERSION}"
        )
    try:
        job = Job(int(meta["n"]), str(meta["method"]), int(meta["method_version"]),
                  str(meta["split_hash"]), int(meta["subproblems"]))
    except (KeyError, ValueError):
        raise LedgerError(f"{name!r} is a damaged ledger (its job record is incomplete)") from None
    return job, str(meta.get("created", ""))


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
