"""A forger's tools for tests: edit a ledger with sqlite3, then re-sign its digests.

A digest stops accidents, not a forger: :func:`edit_and_resign` recomputes the SHA-256
digests anyone can recompute. With ``seal=True`` it also re-seals with the ledger key (an
insider who holds the key), so tests can reach the checks behind the seal (the job
comparison, the independent recount); with ``seal=False`` it plays an outsider, whose rows
the seal must refuse.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from nqueens.engine import ledger_format as F
from nqueens.engine.ledger_seal import load_key


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


def edit_and_resign(path: Path, *statements: str, seal: bool = True) -> None:
    """Run SQL ``statements`` on the ledger, then recompute the job and row digests and
    residues (and with ``seal``, the seals under the ledger key)."""
    key = load_key(create=False) if seal else None
    conn = sqlite3.connect(path)
    try:
        with conn:
            for sql in statements:
                conn.execute(sql)
            meta = dict(conn.execute("SELECT key, value FROM meta"))
            digest = F._job_digest(meta)
            conn.execute("UPDATE meta SET value = ? WHERE key = 'job_digest'", (digest,))
            if key is not None:
                conn.execute("UPDATE meta SET value = ? WHERE key = 'job_seal'",
                             (F.job_seal(key, digest),))
            for r in conn.execute("SELECT * FROM results").fetchall():
                fields = (*r[:7], r[2] % F.MODULI[0], r[2] % F.MODULI[1])
                row_digest = F._row_digest(digest, fields)
                stamp = F.row_seal(key, row_digest) if key is not None else r[10]
                conn.execute("UPDATE results SET res13 = ?, res15 = ?, digest = ?, seal = ? "
                             "WHERE idx = ?", (fields[7], fields[8], row_digest, stamp, r[0]))
    finally:
        conn.close()
