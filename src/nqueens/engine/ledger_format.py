"""The ledger's format: its schema, its job record, and the evidence each row carries.

A ledger holds one job (:class:`Job`: the board, the method and the split it counts) and
one row per finished subproblem; every row carries its total modulo two primes and a
digest over the job's digest and its fields, so an edited or corrupted row is found
(:func:`check_row`) and a file that is not this format's is refused (:func:`read_checked`).
The format is documented in ``docs/ledger.md``; nothing here changes it.

>>> check_row(Job(8, "constellations", 2, "x", 78), "d", (0, "k", 8, 1, 5, 9, "t", 8, 8, "?"))
'digest disagrees'
"""

from __future__ import annotations

import hashlib
import sqlite3
from typing import NamedTuple

from nqueens.errors import LedgerError, LedgerRowsError

__all__ = ["FORMAT", "FORMAT_VERSION", "MAX_LEDGER_N", "PRIMES", "Job", "check_row",
           "read_checked"]

Row = tuple[int, int, int, int]

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

class Job(NamedTuple):
    """What a ledger is for: the same job resumes, any other is refused."""

    n: int
    method: str
    version: int
    split_hash: str
    subproblems: int


def _job_digest(meta: dict[str, str]) -> str:
    text = "\n".join(f"{k}={meta.get(k, '')}" for k in _JOB_KEYS)
    return hashlib.sha256(f"{FORMAT} job\n{text}\n".encode()).hexdigest()


def _row_digest(job_digest: str, fields: tuple[object, ...]) -> str:
    text = "|".join(str(f) for f in fields)
    return hashlib.sha256(f"{job_digest}|{text}".encode()).hexdigest()[:32]


def check_row(job: Job, job_digest: str, values: tuple[object, ...]) -> str:
    """'ok', or why the row fails its check.

    Cost: O(1): one SHA-256 of the row's fields.

    >>> job = Job(8, "constellations", 2, "x", 78)
    >>> check_row(job, "d", (0, "k", 8, 1, 5, 9, "t", 8, 8, _row_digest("d", (0, "k", 8, 1,
    ...           5, 9, "t", 8, 8))))
    'ok'
    """
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


def read_checked(conn: sqlite3.Connection, name: str
                 ) -> tuple[Job, str, str, dict[int, tuple[str, Row, str]]]:
    """Check the file, schema and job record of the ledger ``name`` open on ``conn``; read
    and check every row.

    Returns ``(job, created, job digest, {idx: (key, row, verdict)})``; a file that is not
    a ledger of this format raises :class:`~nqueens.errors.LedgerError`.
    Cost: O(rows): SQLite's quick check, and one SHA-256 a row.

    >>> conn = sqlite3.connect(":memory:")
    >>> read_checked(conn, "empty.sqlite")
    Traceback (most recent call last):
    ...
    nqueens.errors.LedgerError: 'empty.sqlite' is not an nqueens ledger yet: it is empty, \
being created by a running count or left by one stopped while creating it (a count takes \
it up); if a count is running, try again in a moment
    """
    try:
        _check_schema(conn, name)
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        job = _check_meta(meta, name)
        digest = str(meta["job_digest"])
        rows: dict[int, tuple[str, Row, str]] = {}
        for values in conn.execute("SELECT * FROM results"):
            verdict = check_row(job, digest, tuple(values))
            idx = int(values[0])  # the rowid: always an integer
            row = tuple(v if type(v) is int else 0 for v in values[2:6])
            rows[idx] = (str(values[1]), row, verdict)  # type: ignore[assignment]
        return job, str(meta.get("created", "")), digest, rows
    except sqlite3.DatabaseError as err:
        raise LedgerError(f"{name!r} is not a readable nqueens ledger ({err})") from None


def _check_schema(conn: sqlite3.Connection, name: str) -> None:
    """The file is sound and holds exactly this format's tables."""
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


def _check_meta(meta: dict[str, str], name: str) -> Job:
    """The job record: this format and version, known fields, its digest, sane numbers."""
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
    return job


