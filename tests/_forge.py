"""A forger's tools for tests: edit a ledger with sqlite3, then re-sign its digests.

A digest stops accidents, not a forger; these helpers play the forger so tests can reach
the checks behind the digests (the job comparison, the independent recount).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from nqueens.engine import ledger as L


def edit(path: Path, *statements: str) -> None:
    """Run SQL ``statements`` on the ledger in one transaction and leave its digests stale
    (what a careless edit or a damaged disk does)."""
    conn = sqlite3.connect(path)
    try:
        with conn:
            for sql in statements:
                conn.execute(sql)
    finally:
        conn.close()


def edit_and_resign(path: Path, *statements: str) -> None:
    """Run SQL ``statements`` on the ledger, then recompute the job and row digests."""
    conn = sqlite3.connect(path)
    try:
        with conn:
            for sql in statements:
                conn.execute(sql)
            meta = dict(conn.execute("SELECT key, value FROM meta"))
            digest = L._job_digest(meta)
            conn.execute("UPDATE meta SET value = ? WHERE key = 'job_digest'", (digest,))
            rows = conn.execute("SELECT * FROM results").fetchall()
            for r in rows:
                fields = (*r[:7], r[2] % L.PRIMES[0], r[2] % L.PRIMES[1])
                conn.execute("UPDATE results SET res_a = ?, res_b = ?, digest = ? WHERE idx = ?",
                             (fields[7], fields[8], L._row_digest(digest, fields), r[0]))
    finally:
        conn.close()
