"""`ledger export`: a ledger's per-unit certificate as CSV or JSON Lines, for others to check.

Each finished subproblem (unit) becomes one record: its index and key, its total, unique
and nodes, the total's residues modulo 13 and 15, and the row's SHA-256 digest. Anyone can
add the totals up with a plain CSV or JSON reader, compare each residue with the total, and
compare the residues with another count's (as the Q27 database is compared). The seal is not
published: it proves the rows came from a holder of the key, which only that holder can
check (see `docs/ledger.md`).

>>> FORMATS
('csv', 'jsonl')
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from typing import IO

from nqueens.errors import LedgerError, with_cli_hint

__all__ = ["COLUMNS", "FORMATS", "export_records", "write_export"]

FORMATS = ("csv", "jsonl")
COLUMNS = ("index", "key", "total", "unique", "nodes", "mod13", "mod15", "digest")


def export_records(path: str) -> Iterator[dict[str, object]]:
    """The certificate of the ledger at `path`, one dict per sound row, by index.

    Refuses (`LedgerError`) a ledger that fails its checks, whose
    rows fail theirs, that is not this nqueens's split of its N, or that is of format 2
    (unsealed: resume its count once to seal it).
    Cost: O(rows) and one split of the ledger's N (see `Ledger.check_split`).

    >>> import os, tempfile
    >>> from nqueens.engine.run import run_count
    >>> with tempfile.TemporaryDirectory() as d:
    ...     path = os.path.join(d, "n8.sqlite")
    ...     _ = run_count(8, workers=1, ledger=path)
    ...     rows = list(export_records(path))
    >>> sum(r["total"] for r in rows), sorted(rows[0])
    (92, ['digest', 'index', 'key', 'mod13', 'mod15', 'nodes', 'total', 'unique'])
    """
    from nqueens.engine.ledger import Ledger

    with Ledger.read(path) as led:
        if led.version < 3:
            raise with_cli_hint(
                LedgerError(f"{path!r} is a format {led.version} ledger, which has no seal; "
                            "resume its count once to seal it, then export it"),
                f"resume with nqueens count {led.job.n} --ledger FILE")
        led.check_split()
        for values in led.certificate():
            yield dict(zip(COLUMNS, values, strict=True))


def write_export(path: str, fmt: str, out: IO[str]) -> int:
    """Write the certificate of the ledger at `path` to `out` as `fmt`; return the units.

    `csv` writes a header line, then one line a unit; `jsonl` one JSON object a line.
    The result is the number of units written. A `fmt` not in `FORMATS` raises
    `LedgerError` before anything is read.

    Cost: O(rows), as `export_records`.

    >>> import io
    >>> write_export("x.sqlite", "xml", io.StringIO())
    Traceback (most recent call last):
    ...
    nqueens.errors.LedgerError: no export format 'xml': choose csv or jsonl
    """
    if fmt not in FORMATS:
        raise LedgerError(f"no export format {fmt!r}: choose {' or '.join(FORMATS)}")
    records = export_records(path)
    count = 0
    if fmt == "csv":
        writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
        first = next(records, None)  # the ledger is checked before the header is written
        writer.writeheader()
        for record in ([first] if first is not None else []):
            writer.writerow(record)
            count += 1
        for record in records:
            writer.writerow(record)
            count += 1
    else:
        for record in records:
            out.write(json.dumps(record) + "\n")
            count += 1
    return count
