"""The ledger's format: its schema, its job record, and the evidence each row carries.

A ledger holds one job (`Job`: the board, the method and the split it counts) and
one row per finished subproblem; every row carries its total modulo 13 and 15 (as the Q27
database does), a digest over the job's digest and its fields, and a seal (an HMAC of the
digest under the ledger key, `nqueens.engine.ledger_seal`), so an edited or corrupted
row is found (`check_row`) and a file that is not this format's is refused
(`read_checked`). Version 2 ledgers (residues modulo 65521 and 65519, no seal) are
still read, their rows checked by their old digests; a count that resumes one rewrites it
as version 3 (`upgrade_statements`) with none of its rows, which anyone could have
rewritten: it counts every one again. The format is documented in `docs/ledger.md`.

>>> check_row(Job(8, "constellations", 2, "x", 78), "d",
...           (0, "k", 8, 1, 5, 9, "t", 8, 8, "?", "?"), 3, bytes(32))
'digest disagrees'
"""

from __future__ import annotations

import hashlib
import hmac
import sqlite3
from collections.abc import Callable
from typing import NamedTuple

from nqueens._validate import MAX_COUNT_N
from nqueens.engine.ledger_seal import check_key_id, key_id, seal
from nqueens.engine.task import Row
from nqueens.errors import LedgerError, LedgerRowsError

__all__ = ["FORMAT", "FORMAT_VERSION", "MODULI", "Job", "check_row",
           "read_checked"]


FORMAT = "nqueens-ledger"
FORMAT_VERSION = 3
READABLE = (2, 3)
"""Format versions this nqueens reads (2 is rewritten as 3 when a count resumes it)."""
MODULI = (13, 15)
"""Each row keeps its total modulo these, beside the digest (the Q27 database's residues)."""
V2_MODULI = (65521, 65519)
"""The residues of format version 2."""

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
    res13 INTEGER NOT NULL,
    res15 INTEGER NOT NULL,
    digest TEXT NOT NULL,
    seal TEXT NOT NULL
);
"""
_SCHEMA_V2 = _SCHEMA.replace("res13", "res_a").replace("res15", "res_b").replace(
    ",\n    seal TEXT NOT NULL", "")
_JOB_KEYS_V2 = ("format", "format_version", "n", "method", "method_version", "split_hash",
                "subproblems", "created")
_JOB_KEYS = (*_JOB_KEYS_V2, "key_id")
_META_KEYS = {2: frozenset(_JOB_KEYS_V2) | {"job_digest", "holder"},
              3: frozenset(_JOB_KEYS) | {"job_digest", "job_seal", "holder"}}
_SHOWN = 5  # bad rows named in a message

class Job(NamedTuple):
    """What a ledger is for: the same job resumes, any other is refused."""

    n: int
    method: str
    version: int
    split_hash: str
    subproblems: int


def _job_digest(meta: dict[str, str]) -> str:
    keys = _JOB_KEYS if meta.get("format_version") != "2" else _JOB_KEYS_V2
    text = "\n".join(f"{k}={meta.get(k, '')}" for k in keys)
    return hashlib.sha256(f"{FORMAT} job\n{text}\n".encode()).hexdigest()


def job_seal(key: bytes, job_digest: str) -> str:
    """The job record's seal: the HMAC of its digest.

    Cost: O(1): one HMAC-SHA-256 of a short text.

    >>> s = job_seal(bytes(32), "d")
    >>> len(s), s == job_seal(bytes(32), "d") != job_seal(b"other", "d")
    (64, True)
    """
    return seal(key, f"{FORMAT} job|{job_digest}")


def row_seal(key: bytes, digest: str) -> str:
    """A row's seal: the HMAC of its digest (which covers the job digest and every field).

    Cost: O(1): one HMAC-SHA-256 of a short text.

    >>> s = row_seal(bytes(32), "d")
    >>> len(s), s != job_seal(bytes(32), "d")
    (64, True)
    """
    return seal(key, f"{FORMAT} row|{digest}")


def _row_digest(job_digest: str, fields: tuple[object, ...]) -> str:
    text = "|".join(str(f) for f in fields)
    return hashlib.sha256(f"{job_digest}|{text}".encode()).hexdigest()[:32]


def check_row(job: Job, job_digest: str, values: tuple[object, ...], version: int = 3,
              key: bytes | None = None) -> str:
    """'ok', or why the row fails its check under format `version`.

    A version 3 row's seal is checked under `key`.

    Cost: O(1): one SHA-256 and one HMAC of the row's fields.

    >>> job, key = Job(8, "constellations", 2, "x", 78), bytes(32)
    >>> d = _row_digest("d", (0, "k", 8, 1, 5, 9, "t", 8, 8))
    >>> check_row(job, "d", (0, "k", 8, 1, 5, 9, "t", 8, 8, d, row_seal(key, d)), 3, key)
    'ok'
    >>> check_row(job, "d", (0, "k", 8, 1, 5, 9, "t", 8, 8, d, row_seal(b"other", d)), 3, key)
    'seal disagrees'
    """
    idx, key_text, total, uniq, nodes, micros, finished, res_a, res_b, digest = values[:10]
    ints = (idx, total, uniq, nodes, micros, res_a, res_b)
    texts = (key_text, finished, digest, *values[10:])
    if not all(type(v) is int for v in ints) or not all(type(v) is str for v in texts):
        return "wrong types"
    nums = [v for v in ints if isinstance(v, int)]
    assert isinstance(total, int) and isinstance(idx, int) and isinstance(uniq, int)
    if not 0 <= idx < job.subproblems or not 0 <= uniq <= total or min(nums) < 0:
        return "impossible numbers"
    moduli = MODULI if version == 3 else V2_MODULI
    if (res_a, res_b) != (total % moduli[0], total % moduli[1]):
        return "residues disagree"
    if digest != _row_digest(job_digest, values[:9]):
        return "digest disagrees"
    if version == 3 and (key is None or not hmac.compare_digest(
            str(values[10]), row_seal(key, str(digest)))):
        return "seal disagrees"
    return "ok"


def _rows_error(name: str, bad: list[int]) -> LedgerRowsError:
    shown = ", ".join(str(i) for i in bad[:_SHOWN]) + (", ..." if len(bad) > _SHOWN else "")
    what = (f"subproblem {bad[0]} fails its check" if len(bad) == 1
            else f"{len(bad)} subproblems ({shown}) fail their check")
    return LedgerRowsError(f"{name!r} is a damaged ledger: {what} (edited or corrupted)", bad)


def _expected_schema(schema: str) -> set[tuple[str, str, str, str | None]]:
    conn = sqlite3.connect(":memory:")
    try:
        conn.executescript(schema)
        return set(conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
    finally:
        conn.close()


_EXPECTED = {3: _expected_schema(_SCHEMA), 2: _expected_schema(_SCHEMA_V2)}


class Checked(NamedTuple):
    """A ledger read and checked: its job, version, key and every row with its verdict."""

    job: Job
    created: str
    digest: str
    rows: dict[int, tuple[str, Row, str]]
    version: int
    key: bytes | None
    """The ledger key that sealed it (None for a version 2 ledger, which has no seal)."""


def read_checked(conn: sqlite3.Connection, name: str,
                 load_key: Callable[[], bytes]) -> Checked:
    """Check the ledger `name` open on `conn`: its file, schema, job record and rows.

    Every row is read and checked (a version 3 ledger's seals under the key `load_key()`
    gives). A file that is not a ledger of a readable format, or whose job seal fails, raises
    `LedgerError`; so does a ledger sealed by another key.
    Cost: O(rows): SQLite's quick check, and one SHA-256 and one HMAC a row.

    >>> conn = sqlite3.connect(":memory:")
    >>> read_checked(conn, "empty.sqlite", lambda: bytes(32))
    Traceback (most recent call last):
    ...
    nqueens.errors.LedgerError: 'empty.sqlite' is not an nqueens ledger yet: it is empty, \
being created by a running count or left by one stopped while creating it (a count takes \
it up); if a count is running, try again in a moment
    """
    try:
        _check_schema(conn, name)
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        job, version = _check_meta(meta, name)
        digest = str(meta["job_digest"])
        key = None
        if version == 3:
            key = load_key()
            check_key_id(name, str(meta.get("key_id", "")), key)
            if not hmac.compare_digest(str(meta.get("job_seal", "")), job_seal(key, digest)):
                raise LedgerError(f"{name!r} is a damaged ledger: its job record fails its "
                                  "seal (edited)")
        rows: dict[int, tuple[str, Row, str]] = {}
        for values in conn.execute("SELECT * FROM results"):
            verdict = check_row(job, digest, tuple(values), version, key)
            idx = int(values[0])  # the rowid: always an integer
            row = tuple(v if type(v) is int else 0 for v in values[2:6])
            rows[idx] = (str(values[1]), row, verdict)  # type: ignore[assignment]
        return Checked(job, str(meta.get("created", "")), digest, rows, version, key)
    except sqlite3.DatabaseError as err:
        raise LedgerError(f"{name!r} is not a readable nqueens ledger ({err})") from None


def new_meta(job: Job, created: str, key: bytes) -> dict[str, str]:
    """The job record of a new (version 3) ledger for `job`, digested and sealed.

    Cost: O(1): one SHA-256, one HMAC and one key id.

    >>> m = new_meta(Job(8, "constellations", 2, "x", 78), "t", bytes(32))
    >>> m["format_version"], m["key_id"] == key_id(bytes(32)), m["job_digest"] == _job_digest(m)
    ('3', True, True)
    """
    meta = {
        "format": FORMAT,
        "format_version": str(FORMAT_VERSION),
        "n": str(job.n),
        "method": job.method,
        "method_version": str(job.version),
        "split_hash": job.split_hash,
        "subproblems": str(job.subproblems),
        "created": created,
        "key_id": key_id(key),
    }
    meta["job_digest"] = _job_digest(meta)
    meta["job_seal"] = job_seal(key, meta["job_digest"])
    return meta


def sealed_row(job_digest: str, key: bytes, fields: tuple[int, str, int, int, int, int, str]
               ) -> tuple[object, ...]:
    """A version 3 row: the fields with their residues, digest and seal.

    `fields` is `(index, key, total, unique, nodes, microseconds, finished)`; the row
    is in the column order of `results`.

    Cost: O(1): one SHA-256 and one HMAC.

    >>> sealed_row("d", bytes(32), (0, "k", 28, 1, 5, 9, "t"))[7:9]
    (2, 13)
    """
    total = fields[2]
    values = (*fields, total % MODULI[0], total % MODULI[1])
    digest = _row_digest(job_digest, values)
    return (*values, digest, row_seal(key, digest))


def upgrade_statements(conn: sqlite3.Connection, checked: Checked, key: bytes,
                       keep: set[int]) -> None:
    """Rewrite a version 2 ledger open on `conn` as version 3 in the caller's transaction.

    The job record gains the key id and its seal, every row in `keep` (the rows that
    passed their old check) is written again with residues modulo 13 and 15, a new digest
    and its seal; the rest are dropped, to be recounted.

    Cost: O(rows).

    >>> conn = sqlite3.connect(":memory:")
    >>> _ = conn.execute("CREATE TABLE meta (key TEXT, value TEXT)")
    >>> _ = conn.execute("CREATE TABLE results (idx, key, total, uniq, nodes, micros, finished)")
    >>> _ = conn.executemany("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?)",
    ...                      [(0, "k", 28, 1, 5, 9, "t"), (1, "j", 8, 1, 5, 9, "t")])
    >>> upgrade_statements(conn, None, bytes(32), {0})
    >>> conn.execute("SELECT idx, total, res13, res15 FROM results").fetchall()
    [(0, 28, 2, 13)]
    >>> dict(conn.execute("SELECT key, value FROM meta"))["format_version"]
    '3'
    """
    meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    old = conn.execute("SELECT idx, key, total, uniq, nodes, micros, finished FROM results "
                       "ORDER BY idx").fetchall()
    meta = {k: v for k, v in meta.items() if k in _JOB_KEYS_V2 or k == "holder"}
    meta["format_version"] = str(FORMAT_VERSION)
    meta["key_id"] = key_id(key)
    meta["job_digest"] = _job_digest(meta)
    meta["job_seal"] = job_seal(key, meta["job_digest"])
    conn.execute("DROP TABLE results")
    conn.execute("DELETE FROM meta")
    results = _SCHEMA[_SCHEMA.index("CREATE TABLE results"):]
    conn.execute(results.strip().rstrip(";"))
    conn.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
    conn.executemany(
        "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [sealed_row(meta["job_digest"], key, tuple(r)) for r in old if r[0] in keep])


def _check_schema(conn: sqlite3.Connection, name: str) -> None:
    """The file is sound and holds exactly a readable format's tables."""
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
    names = {(t, nm) for t, nm, _, _ in _EXPECTED[3]}
    extra = sorted({(t, nm) for t, nm, _, _ in schema} - names)
    if extra and not {("table", "meta"), ("table", "results")} <= {
            (t, nm) for t, nm, _, _ in schema}:
        raise LedgerError(f"{name!r} is not an nqueens ledger (no meta/results tables)")
    if extra:
        t, nm = extra[0]
        raise LedgerError(f"{name!r} carries a {t} {nm!r} that nqueens did not create; "
                          "refusing it")
    if schema not in _EXPECTED.values():
        changed = sorted({nm for t, nm, _, _ in _EXPECTED[3] ^ schema})
        raise LedgerError(f"{name!r} is not an nqueens ledger of this format "
                          f"({', '.join(changed)} differ)")


def _check_meta(meta: dict[str, str], name: str) -> tuple[Job, int]:
    """The job record: a readable format and version, known fields, its digest, sane
    numbers. Returns the job and the format version."""
    if meta.get("format") != FORMAT:
        raise LedgerError(f"{name!r} is not an nqueens ledger")
    version = meta.get("format_version")
    if version not in [str(v) for v in READABLE]:
        raise LedgerError(
            f"{name!r} is a ledger of format version {version!r}, this nqueens reads "
            f"versions {READABLE[0]} to {READABLE[-1]}"
        )
    unknown = sorted(str(k) for k in set(meta) - _META_KEYS[int(str(version))])
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
    # Q(n) to MAX_COUNT_N; symmetric counts and variants to 62 (nqueens.engine.problems)
    largest = MAX_COUNT_N if job.method == "constellations" else 62
    if not 1 <= job.n <= largest or not 0 <= job.subproblems <= job.n ** 4:
        raise LedgerError(f"{name!r} claims N = {job.n} with {job.subproblems} "
                          f"subproblems; a ledger holds N = 1..{largest}")
    return job, int(str(version))
