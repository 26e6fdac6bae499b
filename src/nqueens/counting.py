"""Counting solutions: the total, and the classes up to rotation and reflection.

The default path is the counting engine (`nqueens.engine`): start constellations
counted under the full symmetry group, on a backend (threads over every core by default,
an executor, a Dask cluster, a GPU: `nqueens.engine.backends`),
resumable from a ledger, reporting progress and its estimated cost to callbacks. Boards up
to `SMALL_N` are counted in pure Python (no compiled kernel to load: a faster start
than any kernel). Naming a pure strategy (`strategy="promising"` or `"arrays"`) counts
with that strategy instead.

>>> count(8)
92
>>> count(8, unique=True)
Counts(n=8, total=92, unique=12)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Literal, NamedTuple, TypedDict, Unpack, overload

from nqueens._validate import (
    MAX_COUNT_N,
    check_backend,
    check_bool,
    check_engine_options,
    check_ledger_size,
)
from nqueens.board import canonical
from nqueens.errors import ConflictingOptionsError, InvalidSizeError
from nqueens.strategies import (
    DEFAULT_STRATEGY,
    check_strategy,
    check_strategy_size,
    strategy_module,
)

if TYPE_CHECKING:
    from nqueens.engine.backends import Backend
    from nqueens.engine.run import CountEstimate, CountProgress
    from nqueens.variants import VariantCount

__all__ = ["MAX_COUNT_N", "SMALL_N", "Counts", "TreeCount", "check_count_size", "count",
           "count_tree", "count_variant"]

SMALL_N = 10
"""Up to this n the default count runs in pure Python: quicker than loading the kernel."""


class Counts(NamedTuple):
    """A board size's total number of solutions and the number of symmetry classes."""

    n: int
    total: int
    unique: int


class TreeCount(NamedTuple):
    """The promising nodes of a board's backtracking tree (A319283) and its solutions."""

    n: int
    nodes: int
    solutions: int


if TYPE_CHECKING:

    class _CountOptions(TypedDict, total=False):
        """The keyword options of `count` besides `unique`, written once for its
        overloads (mypy checks that the implementation accepts every one of them)."""

        strategy: str
        backend: Backend | None
        ledger: str | os.PathLike[str] | None
        progress: Callable[[CountProgress], None] | None
        on_estimate: Callable[[CountEstimate], None] | None
        repair: bool
        wait: bool
        symmetric: str | None


@overload
def count(n: int, *, unique: Literal[False] = ..., **options: Unpack[_CountOptions]) -> int: ...


@overload
def count(n: int, *, unique: Literal[True], **options: Unpack[_CountOptions]) -> Counts: ...


@overload
def count(n: int, *, unique: bool, **options: Unpack[_CountOptions]) -> int | Counts: ...


def count(
    n: int,
    *,
    unique: bool = False,
    strategy: str = DEFAULT_STRATEGY,
    backend: Backend | None = None,
    ledger: str | os.PathLike[str] | None = None,
    progress: Callable[[CountProgress], None] | None = None,
    on_estimate: Callable[[CountEstimate], None] | None = None,
    repair: bool = False,
    wait: bool = False,
    symmetric: str | None = None,
) -> int | Counts:
    """The number of n-queens solutions; with `unique=True`, also the classes (A002562).

    Exact for every n up to `MAX_COUNT_N`. With the default strategy the engine counts
    totals and classes in one pass over about an eighth of the search tree, on `backend`
    (a `Backend`: threads of this process on every core by
    default, no main guard needed; `ThreadBackend(workers=2)`, `ExecutorBackend(pool)`,
    `DaskBackend("tcp://host:8786")` for a Dask cluster, `GPUBackend()` for a CUDA GPU),
    recording progress in the SQLite `ledger` file and resuming from it. `progress` is
    called with a `CountProgress` a few times a second;
    `on_estimate` with the `CountEstimate` (Knuth's estimate of
    the solutions, and of the seconds, timed on this machine) before a count of n >= 17
    starts. The ledger is held by one count at a time (another is refused, or waited for
    with `wait`); `repair` recounts rows that fail their check instead of refusing the
    ledger. Ctrl-C stops the workers within a fraction of a second. A pure strategy
    enumerates every solution and cannot be combined with the engine's options.
    Every option is checked before any work starts: a size or number out of range raises
    `InvalidSizeError` (numpy integers are sizes); a flag that is not
    True or False, a callback that is not callable, a `ledger` that is not a file name, a
    `backend` that is not one `InvalidArgumentError` (each
    backend checks its own arguments when it is made).
    Cost: O(nodes) of the backtracking search (the engine walks about an eighth of them),
    divided among the workers.

    `symmetric="rot90"` (or `"rot180"`) counts only the solutions the quarter (half)
    turn maps to themselves (OEIS A033148, A032522; with `unique` their classes under the
    8 symmetries, A260318 for the quarter turn), for n up to
    `MAX_SYMMETRIC_N`, always on the engine (same backend,
    ledger and callbacks), by a search that chooses a quarter (half) of the queens: cost
    O(nodes of that search), about the fourth (square) root of the plain one's.

    >>> count(12, symmetric="rot90"), count(13, symmetric="rot180", unique=True)
    (8, Counts(n=13, total=136, unique=36))
    >>> from nqueens.engine.backends import ThreadBackend
    >>> count(6, strategy="arrays")
    4
    >>> count(12, unique=True, backend=ThreadBackend(workers=1))
    Counts(n=12, total=14200, unique=1787)
    """
    if symmetric is not None:
        return _count_symmetric(n, symmetric, unique, strategy, backend, ledger, progress,
                                on_estimate, repair, wait)
    n = check_count_size(check_strategy_size(n, check_strategy(strategy)))
    repair, wait = check_engine_options(ledger=ledger, progress=progress,
                                        on_estimate=on_estimate, repair=repair, wait=wait)
    unique = check_bool(unique, "unique")
    backend = check_backend(backend)
    if strategy == "bitmask" and (n > SMALL_N or backend is not None or ledger is not None):
        check_ledger_size(n, ledger)
        return _count_engine(n, unique, backend, ledger, progress, on_estimate, repair, wait)
    if strategy == "bitmask":
        return _count_small(n, unique)
    if any(x is not None for x in (backend, ledger, progress, on_estimate)):
        raise ConflictingOptionsError(
            f"the {strategy} strategy counts in this process only; a backend, "
            "a ledger and callbacks need the default bitmask strategy"
        )
    module = strategy_module(strategy)
    if not unique:
        return int(module.count(n))
    total = classes = 0
    for p in module.solutions(n):
        total += 1
        classes += canonical(p) == p
    return Counts(n, total, classes)


def check_count_size(n: int) -> int:
    """`n` if `count` counts it exactly, else `InvalidSizeError`.

    Cost: O(1).

    >>> check_count_size(29)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: N = 29 is too large to count exactly (at most 28)
    """
    if n > MAX_COUNT_N:
        raise InvalidSizeError(f"N = {n} is too large to count exactly (at most {MAX_COUNT_N})")
    return n


def _count_engine(n: int, unique: bool, backend: Backend | None,
                  ledger: str | os.PathLike[str] | None,
                  progress: Callable[[CountProgress], None] | None,
                  on_estimate: Callable[[CountEstimate], None] | None, repair: bool,
                  wait: bool) -> int | Counts:
    """`count` on the engine, of checked values."""
    from nqueens.engine.backends import ThreadBackend
    from nqueens.engine.run import run_engine

    result = run_engine(n, backend or ThreadBackend(), ledger=ledger, progress=progress,
                        on_estimate=on_estimate, repair=repair, wait=wait)
    return Counts(n, result.total, result.unique) if unique else result.total


def _count_symmetric(n: int, symmetric: object, unique: bool, strategy: str,
                     backend: Backend | None, ledger: str | os.PathLike[str] | None,
                     progress: Callable[[CountProgress], None] | None,
                     on_estimate: Callable[[CountEstimate], None] | None, repair: bool,
                     wait: bool) -> int | Counts:
    """`count` with `symmetric`: checked here, counted on the engine."""
    from nqueens._validate import check_choice, check_size
    from nqueens.engine.backends import ThreadBackend
    from nqueens.engine.problems import MAX_SYMMETRIC_N, SYMMETRIES, Symmetric
    from nqueens.engine.run import run_engine

    symmetric = check_choice(symmetric, "symmetry", SYMMETRIES)
    n = check_size(n, largest=MAX_SYMMETRIC_N)
    if strategy != DEFAULT_STRATEGY:
        check_strategy(strategy)
        raise ConflictingOptionsError(f"symmetric counts search orbits on the engine; the "
                                      f"{strategy} strategy cannot count them")
    repair, wait = check_engine_options(ledger=ledger, progress=progress,
                                        on_estimate=on_estimate, repair=repair, wait=wait)
    unique = check_bool(unique, "unique")
    backend = check_backend(backend)
    result = run_engine(n, backend or ThreadBackend(), ledger=ledger, progress=progress,
                        on_estimate=on_estimate, repair=repair, wait=wait,
                        problem=Symmetric(n, str(symmetric)))
    return Counts(n, result.total, result.unique) if unique else result.total


def count_variant(variant: object, *, unique: bool = False, backend: Backend | None = None,
                  ledger: str | os.PathLike[str] | None = None,
                  progress: Callable[[CountProgress], None] | None = None,
                  on_estimate: Callable[[CountEstimate], None] | None = None,
                  repair: bool = False, wait: bool = False) -> int | VariantCount:
    """The placements of a `Variant` counted on the engine (with `unique`, their classes).

    With `unique` the answer is a `VariantCount`: the classes are under the variant's
    group. The same numbers as `nqueens.variants.count`, cut into the same pieces (one per
    subproblem) but run on `backend` (threads here by default, an executor, Dask) with
    the `ledger`, callbacks, `repair` and `wait` of `count`: resumable, and
    spread over a cluster. Cost: O(nodes of the variant's search), divided among the
    workers; `unique` adds O(the group's size times N) per placement enumerated.

    >>> from nqueens.variants import Variant
    >>> count_variant(Variant(6, "toroidal")), count_variant(Variant(5, width=7, queens=4))
    (0, 788)
    >>> count_variant(Variant(13, "toroidal"), unique=True)
    VariantCount(total=4524, unique=11)
    """
    from nqueens._validate import check_instance
    from nqueens.engine.backends import ThreadBackend
    from nqueens.engine.problems import VariantClasses, VariantTotal
    from nqueens.engine.run import run_engine
    from nqueens.variants import Variant, VariantCount

    variant = check_instance(variant, Variant, "variant", "a Variant")
    unique = check_bool(unique, "unique")
    repair, wait = check_engine_options(ledger=ledger, progress=progress,
                                        on_estimate=on_estimate, repair=repair, wait=wait)
    backend = check_backend(backend)
    problem = VariantClasses(variant) if unique else VariantTotal(variant)
    result = run_engine(variant.n, backend or ThreadBackend(), ledger=ledger,
                        progress=progress, on_estimate=on_estimate, repair=repair, wait=wait,
                        problem=problem)
    return VariantCount(result.total, result.unique) if unique else result.total


def count_tree(n: int, *, backend: Backend | None = None,
               ledger: str | os.PathLike[str] | None = None,
               progress: Callable[[CountProgress], None] | None = None,
               on_estimate: Callable[[CountEstimate], None] | None = None,
               repair: bool = False, wait: bool = False) -> TreeCount:
    """The nodes of the backtracking tree of size `n` and its solutions, on the engine.

    The nodes are `tree_stats(n).promising`, OEIS A319283. The same walk as
    `nqueens.analysis.tree_stats`, cut below row 2 into subproblems
    (`nqueens.engine.problem_tree`) that run on `backend` with the `ledger`, callbacks,
    `repair` and `wait` of `count`: resumable after Ctrl-C or SIGKILL, for the n that
    `tree_stats` does not reach (n up to `MAX_TREE_N` = 30). Cost: O(the nodes of half
    the tree), each n + 1 about seven times n (n = 19: about half an hour of one core).

    >>> count_tree(8)
    TreeCount(n=8, nodes=2057, solutions=92)
    """
    from nqueens.engine.backends import ThreadBackend
    from nqueens.engine.problem_tree import TreeNodes
    from nqueens.engine.run import run_engine

    problem = TreeNodes(n)
    repair, wait = check_engine_options(ledger=ledger, progress=progress,
                                        on_estimate=on_estimate, repair=repair, wait=wait)
    backend = check_backend(backend)
    result = run_engine(problem.n, backend or ThreadBackend(), ledger=ledger,
                        progress=progress, on_estimate=on_estimate, repair=repair, wait=wait,
                        problem=problem)
    return TreeCount(problem.n, result.total, result.unique)


def _count_small(n: int, unique: bool) -> int | Counts:
    """Count a small board in pure Python (bitmask backtracking, canonical forms for classes).

    Cost: O(the search tree), at most that of n = `SMALL_N`.
    """
    full = (1 << n) - 1
    total = classes = 0
    rows: list[int] = []

    def place(cols: int, left: int, right: int) -> None:
        nonlocal total, classes
        if cols == full:
            total += 1
            if unique:
                p = tuple(b.bit_length() - 1 for b in rows)
                classes += canonical(p) == p
            return
        free = full & ~(cols | left | right)
        while free:
            bit = free & -free
            free ^= bit
            rows.append(bit)
            place(cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1)
            rows.pop()

    place(0, 0, 0)
    return Counts(n, total, classes) if unique else total
