"""Counting solutions: the total, and the classes up to rotation and reflection.

The default path is the counting engine (:mod:`nqueens.engine`): start constellations
counted under the full symmetry group, on every core, resumable from a ledger. Naming a
pure strategy (``strategy="promising"`` or ``"arrays"``) counts with that strategy instead.

>>> count(8)
92
>>> count(8, unique=True)
Counts(n=8, total=92, unique=12)
"""

from __future__ import annotations

import concurrent.futures
import os
from typing import Literal, NamedTuple, overload

from nqueens.board import canonical
from nqueens.errors import ConflictingOptionsError, InvalidSizeError
from nqueens.strategies import DEFAULT_STRATEGY, check_size, check_strategy, strategy_module

__all__ = ["MAX_COUNT_N", "Counts", "count"]

MAX_COUNT_N = 28
"""The largest n whose total fits the 64-bit counters (A000170(28) is about 2.4e18)."""


class Counts(NamedTuple):
    """A board size's total number of solutions and the number of symmetry classes."""

    n: int
    total: int
    unique: int


@overload
def count(
    n: int,
    *,
    unique: Literal[False] = ...,
    strategy: str = ...,
    workers: int | None = ...,
    executor: concurrent.futures.Executor | None = ...,
    ledger: str | os.PathLike[str] | None = ...,
    device: str = ...,
) -> int: ...


@overload
def count(
    n: int,
    *,
    unique: Literal[True],
    strategy: str = ...,
    workers: int | None = ...,
    executor: concurrent.futures.Executor | None = ...,
    ledger: str | os.PathLike[str] | None = ...,
    device: str = ...,
) -> Counts: ...


def count(
    n: int,
    *,
    unique: bool = False,
    strategy: str = DEFAULT_STRATEGY,
    workers: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    ledger: str | os.PathLike[str] | None = None,
    device: str = "cpu",
) -> int | Counts:
    """The number of n-queens solutions; with ``unique=True``, also the classes (A002562).

    Exact for every n up to :data:`MAX_COUNT_N`. With the default strategy the engine counts
    totals and classes in one pass over about an eighth of the search tree, on ``workers``
    local processes (None: every core for n >= 15, else this process) or on ``executor``
    (any :class:`concurrent.futures.Executor`, e.g. a Dask client's), recording progress in
    the SQLite ``ledger`` file and resuming from it; ``device="gpu"`` counts on a CUDA GPU
    (``pip install "nqueens[gpu]"``). A pure strategy enumerates every solution and cannot
    be combined with ``workers``, ``executor``, ``ledger`` or a GPU.

    >>> count(6, strategy="arrays")
    4
    >>> count(12, unique=True, workers=1)
    Counts(n=12, total=14200, unique=1787)
    """
    check_size(n, check_strategy(strategy))
    if n > MAX_COUNT_N:
        raise InvalidSizeError(f"N = {n} is too large to count exactly (at most {MAX_COUNT_N})")
    if strategy == "bitmask":
        from nqueens.engine.run import run_count

        result = run_count(n, workers=workers, executor=executor, ledger=ledger, device=device)
        return Counts(n, result.total, result.unique) if unique else result.total
    if workers is not None or executor is not None or ledger is not None or device != "cpu":
        raise ConflictingOptionsError(
            f"the {strategy} strategy counts in this process only; workers, a scheduler, "
            "a ledger and a GPU device need the default bitmask strategy"
        )
    module = strategy_module(strategy)
    if not unique:
        return int(module.count(n))
    total = classes = 0
    for p in module.solutions(n):
        total += 1
        classes += canonical(p) == p
    return Counts(n, total, classes)
