"""Counting solutions: the total, and the classes up to rotation and reflection.

>>> count(8)
92
>>> count(8, unique=True)
Counts(n=8, total=92, unique=12)
"""

from __future__ import annotations

from typing import Literal, NamedTuple, overload

from nqueens.board import canonical
from nqueens.errors import InvalidSizeError
from nqueens.strategies import DEFAULT_STRATEGY, check_size, strategy_module

__all__ = ["MAX_COUNT_N", "Counts", "count"]

MAX_COUNT_N = 28
"""The largest n whose total fits the 64-bit counters (A000170(28) is about 2.4e18)."""


class Counts(NamedTuple):
    """A board size's total number of solutions and the number of symmetry classes."""

    n: int
    total: int
    unique: int


@overload
def count(n: int, *, unique: Literal[False] = ..., strategy: str = ...) -> int: ...


@overload
def count(n: int, *, unique: Literal[True], strategy: str = ...) -> Counts: ...


def count(n: int, *, unique: bool = False, strategy: str = DEFAULT_STRATEGY) -> int | Counts:
    """The number of n-queens solutions; with ``unique=True``, also the classes (A002562).

    Exact for every n up to :data:`MAX_COUNT_N`. Cost: the pruned search tree, halved by
    the mirror symmetry (about a second for n = 15 with ``bitmask``); ``unique=True``
    enumerates every solution and tests it for canonicity in O(n) more.

    >>> count(6, strategy="arrays")
    4
    """
    check_size(n, strategy)
    if n > MAX_COUNT_N:
        raise InvalidSizeError(f"N = {n} is too large to count exactly (at most {MAX_COUNT_N})")
    module = strategy_module(strategy)
    if not unique:
        return int(module.count(n))
    if hasattr(module, "count_unique"):
        total, classes = module.count_unique(n)
    else:
        total = classes = 0
        for p in module.solutions(n):
            total += 1
            classes += canonical(p) == p
    return Counts(n, int(total), int(classes))
