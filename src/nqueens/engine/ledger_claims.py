"""What an unsealed (format 2) ledger claims, held while a count recounts every row of it.

A format 2 ledger has no seal: its digests are SHA-256 over its own fields, which anyone
can recompute, so a row of one proves nothing (rewriting a sealed ledger as format 2 with a
subtotal changed takes sqlite3 and hashlib). A count that takes one up therefore keeps none
of its rows: they are dropped, counted again and sealed as they are counted, and the old
rows are kept here only to say, at the end, which of them the recount contradicted.

>>> c = Claims("l.sqlite", {0: (8, 1, 9, 20), 1: (2, 1, 5, 10)})
>>> c.compare([(0, 8, 1), (1, 4, 1)])
>>> print(c.verdict())
'l.sqlite': 1 of the 2 rows of the format 2 ledger recounted so far disagreed with the \
recount (subproblem 1: the ledger said 2, the recount 4); the recount is what is sealed
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable

from nqueens.engine.task import Row
from nqueens.errors import LedgerWarning

__all__ = ["Claims"]


_SHOWN = 3


class Claims:
    """The rows an unsealed ledger `name` held (index -> row), to compare with a recount.

    Cost: O(rows) memory; O(1) a compared row.
    """

    def __init__(self, name: str, rows: dict[int, Row]) -> None:
        self.name = name
        self.rows = rows
        self.checked = 0
        self.disagreed: list[tuple[int, int, int]] = []

    def announce(self, key_id: str) -> None:
        """Say that the rows are recounted, not trusted: one `LedgerWarning`.

        Cost: O(1).

        >>> with warnings.catch_warnings(record=True) as seen:
        ...     warnings.simplefilter("always")
        ...     Claims("l.sqlite", {0: (8, 1, 9, 20)}).announce("ab12")
        >>> "its 1 rows are counted again, not trusted" in str(seen[0].message)
        True
        """
        warnings.warn(
            f"{self.name!r} is a format 2 ledger, whose rows carry no seal (anyone can "
            f"rewrite them): its {len(self.rows):,} rows are counted again, not trusted, "
            f"and sealed under ledger key {key_id} as they are counted",
            LedgerWarning, stacklevel=4)

    def compare(self, rows: Iterable[tuple[int, int, int]]) -> None:
        """Compare recounted `(index, total, unique)` rows with what the ledger claimed.

        Cost: O(len(rows)).

        >>> c = Claims("l.sqlite", {0: (8, 1, 9, 20)})
        >>> c.compare([(0, 8, 1), (5, 2, 1)])  # a row the old ledger did not hold is new
        >>> c.checked, c.disagreed
        (1, [])
        """
        for idx, total, unique in rows:
            claim = self.rows.pop(idx, None)
            if claim is None:
                continue
            self.checked += 1
            if (claim[0], claim[1]) != (total, unique):
                self.disagreed.append((idx, claim[0], total))

    def verdict(self) -> str | None:
        """The line on the rows that disagreed with their recount, or None if none did.

        Cost: O(1).

        >>> Claims("l.sqlite", {}).verdict() is None
        True
        """
        if not self.disagreed:
            return None
        shown = "; ".join(f"subproblem {i}: the ledger said {old:,}, the recount {new:,}"
                          for i, old, new in self.disagreed[:_SHOWN])
        more = ", ..." if len(self.disagreed) > _SHOWN else ""
        return (f"{self.name!r}: {len(self.disagreed):,} of the {self.checked:,} rows of the "
                f"format 2 ledger recounted so far disagreed with the recount ({shown}{more}); "
                "the recount is what is sealed")

    def report(self) -> None:
        """Warn with `verdict` when a recount disagreed (once).

        Cost: O(1).

        >>> c = Claims("l.sqlite", {3: (4, 1, 2, 2)})
        >>> c.compare([(3, 2, 1)])
        >>> with warnings.catch_warnings(record=True) as seen:
        ...     warnings.simplefilter("always")
        ...     c.report()
        ...     c.report()
        >>> len(seen)
        1
        """
        line = self.verdict()
        if line is not None:
            warnings.warn(line, LedgerWarning, stacklevel=4)
            self.disagreed = []
