"""Recount ledger entries with an independent strategy, so a long count can be re-checked.

The engine counts a constellation with :mod:`nqueens.kernels.constellations` (border rows
skipped, symmetry by Burnside's lemma). Here the same subproblem is recounted with nothing
of that: the plain row-by-row kernel of :mod:`nqueens.kernels.backtrack` enumerates every
solution with the border queens on their squares, and :mod:`nqueens.board` sorts them into
classes (canonical forms, class sizes). The subproblem's answer is the classes met and the
sum of their sizes. Reading the ledger is :mod:`~nqueens.engine.ledger`'s job.

>>> from nqueens.engine.split import Subproblem
>>> recount(8, Subproblem(0, 2, 0, 3, 0, 1))
(8, 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from nqueens.engine.ledger import Summary

__all__ = ["Check", "recount", "verify_ledger"]


class Check(NamedTuple):
    """One recounted subproblem: what the ledger says and what the recount found."""

    position: int
    key: str
    ledger: tuple[int, int]
    recount: tuple[int, int]

    @property
    def ok(self) -> bool:
        """True when the ledger's (total, unique) equals the recount's."""
        return self.ledger == self.recount


def recount(n: int, sub: Sequence[int]) -> tuple[int, int]:
    """``(total, unique)`` of a subproblem by enumeration and canonical forms.

    Cost: every solution with those border squares (about 8x the engine's leaves for that
    orbit), each with its 8 images computed in Python: a fraction of a second for n = 17.
    """
    from nqueens.board import canonical, symmetries
    from nqueens.strategies.bitmask import solutions_allowed

    top, bottom, left, right = (int(v) for v in sub[:4])
    last = n - 1
    full = (1 << n) - 1
    allowed = [full] * n
    for row, col in ((0, top), (last, bottom), (left, 0), (right, last)):
        allowed[row] = 1 << col
    classes: dict[tuple[int, ...], int] = {}
    for p in solutions_allowed(n, allowed):
        rep = canonical(p)
        if rep not in classes:
            classes[rep] = len(set(symmetries(p)))
    return sum(classes.values()), len(classes)


def verify_ledger(
    path: str, *, sample: int, seed: int | None = None
) -> tuple[Summary, list[Check]]:
    """Recount ``sample`` random finished subproblems of the ledger at ``path``.

    Returns the ledger's :class:`~nqueens.engine.ledger.Summary` and one :class:`Check` per
    recounted subproblem (in index order). Raises ``LedgerError`` for a file that is not a
    sound ledger or whose keys do not belong to its split.
    """
    from nqueens.engine.ledger import Ledger, LedgerError
    from nqueens.engine.split import METHOD, split

    with Ledger.read(path) as led:
        summary = led.summary()
        if led.job.method != METHOD:
            raise LedgerError(f"{path!r} was made by method {led.job.method}, not {METHOD}")
        done = led.done()
        keys = led.keys()
    subs = split(summary.job.n)
    if len(subs) != summary.job.subproblems:
        raise LedgerError(f"{path!r} does not match this version's split of N = {summary.job.n}")
    for i, key in keys.items():
        if subs[i].key != key:
            raise LedgerError(f"{path!r} is damaged: subproblem {i} is {key!r}, "
                              f"expected {subs[i].key!r}")
    rng = random.Random(seed)
    chosen = sorted(rng.sample(sorted(done), min(sample, len(done))))
    checks = [Check(i, keys[i], done[i][:2], recount(summary.job.n, subs[i])) for i in chosen]
    return summary, checks
