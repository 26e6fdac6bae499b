"""Finding solutions: the lazy stream of every solution and the first one.

Validates the request, picks a strategy from `nqueens.strategies`, and wraps the
placements it yields in `Solution`. Counting lives in
`nqueens.counting`.

>>> [s.to_compact() for s in solutions(5, limit=4)]   # the slides' homework
['1 3 5 2 4', '1 4 2 5 3', '2 4 1 3 5', '2 5 3 1 4']
>>> first_solution(3) is None
True
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

from nqueens._validate import INT64_MAX, check_int
from nqueens.board import Solution
from nqueens.errors import InvalidSizeError
from nqueens.strategies import DEFAULT_STRATEGY, check_strategy_size, strategy_module

__all__ = ["FIRST_IN_PYTHON_N", "first_solution", "solutions"]

FIRST_IN_PYTHON_N = 16
"""Up to this n the first solution of the default strategy is found in pure Python (at most
10,052 tries, about a millisecond), so `nqueens first 8` never loads the compiled kernels."""


def solutions(
    n: int, *, strategy: str = DEFAULT_STRATEGY, limit: int | None = None
) -> Iterator[Solution]:
    """Every solution of the n-queens problem, lazily, in the textbooks' search order.

    Row by row, columns ascending. Memory does not grow with the number of solutions. The
    time to the k-th solution is that of the backtracking search up to it.

    Cost: O(nodes of the pruned tree) for the whole stream, about `10**7` nodes for n = 12
    (10,103,869 checked: `nqueens stats 12`). A size the strategy does not take, or a
    `limit` that is not an integer from 1 to 2**63 - 1, raises
    `InvalidSizeError` when the call is made.

    >>> next(solutions(8, strategy="promising"))
    Solution('1 5 8 6 3 7 2 4')
    """
    n = _strategy_size(n, strategy)
    if limit is not None:
        limit = check_int(limit, "limit", low=1, high=INT64_MAX)
    placements = strategy_module(strategy).solutions(n)
    stream = (Solution._trusted(p) for p in placements)
    return stream if limit is None else islice(stream, limit)


def first_solution(n: int, *, strategy: str = DEFAULT_STRATEGY) -> Solution | None:
    """The first solution in search order, or `None` when there is none (n = 2, 3).

    Stops at the first solution, as the blog's `8queens.py` does. Up to
    `FIRST_IN_PYTHON_N` the default strategy hands the search to the pure-Python
    `arrays` strategy (the same order, the same answer) and so never imports numba.
    Cost: O(tries up to the first solution), at most a few million for n <= 30.

    >>> first_solution(4)
    Solution('2 4 1 3')
    >>> first_solution(70)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: N = 70 is too large for the bitmask strategy (at most \
63): the textbooks' search order cannot reach it; nqueens.find(70) builds one solution of any \
size at once
    """
    if strategy == DEFAULT_STRATEGY and isinstance(n, int) and 0 < n <= FIRST_IN_PYTHON_N:
        strategy = "arrays"
    return next(solutions(n, strategy=strategy, limit=1), None)


def _strategy_size(n: int, strategy: str) -> int:
    """`n` checked for `strategy`; a size past what it takes points to `find`."""
    try:
        return check_strategy_size(n, strategy)
    except InvalidSizeError as err:
        if isinstance(n, int) and n > 0 and not isinstance(n, bool):
            raise InvalidSizeError(f"{err}: the textbooks' search order cannot reach it; "
                                   f"nqueens.find({n}) builds one solution of any size at "
                                   "once") from None
        raise
