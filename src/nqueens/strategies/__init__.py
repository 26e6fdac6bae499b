"""The search strategies, chosen by name; each lives in its own readable module.

=============  ========================================================  ==========
name           what it is                                                max n
=============  ========================================================  ==========
`promising`  the textbook's `queens(i)` / `promising(i)`: O(n)      500
               check of each candidate against every earlier row
`arrays`     the seed's `cols` / `diags1` / `diags2` flags: O(1)  500
               check per candidate
`bitmask`    compiled numba bitboards (the default)                    63
=============  ========================================================  ==========

All three yield the same solutions in the same order: row by row, columns ascending.
Every strategy module offers `solutions(n) -> Iterator[Placement]` and
`count(n) -> int`. The pure ones are limited by Python's recursion, the compiled one by
its 64-bit masks. Importing this package imports no numba.

>>> strategy_module("arrays").count(6)
4
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Protocol

from nqueens import _validate
from nqueens._validate import check_choice
from nqueens.board import Placement
from nqueens.errors import InvalidSizeError
from nqueens.kernels import MAX_BITBOARD_N

__all__ = [
    "DEFAULT_STRATEGY",
    "MAX_STRATEGY_N",
    "STRATEGIES",
    "Strategy",
    "check_strategy",
    "check_strategy_size",
    "strategy_module",
]

STRATEGIES = ("promising", "arrays", "bitmask")
DEFAULT_STRATEGY = "bitmask"
MAX_STRATEGY_N: dict[str, int] = {"promising": 500, "arrays": 500, "bitmask": MAX_BITBOARD_N}
"""The largest board each strategy supports."""


class Strategy(Protocol):
    """What every strategy module provides: `strategy_module` returns one.

    The modules are checked against it statically (below, for mypy).
    """

    def solutions(self, n: int) -> Iterator[Placement]:
        """Every solution of `n` queens, lazily, row by row with columns ascending.

        Cost: O(nodes of the pruned tree) for the whole stream; memory O(n).

        >>> next(strategy_module("promising").solutions(4))
        (1, 3, 0, 2)
        """
        ...

    def count(self, n: int) -> int:
        """The number of solutions of `n` queens.

        Cost: O(nodes of the pruned tree).

        >>> strategy_module("arrays").count(6)
        4
        """
        ...


if TYPE_CHECKING:  # each strategy module satisfies the protocol
    from nqueens.strategies import arrays, bitmask, promising

    _MODULES: tuple[Strategy, ...] = (promising, arrays, bitmask)


def check_strategy(name: str) -> str:
    """Return `name` if it names a strategy, else raise `UnknownOptionError`.

    Cost: O(1).

    >>> check_strategy("arrays")
    'arrays'
    >>> check_strategy("fast")
    Traceback (most recent call last):
    ...
    nqueens.errors.UnknownOptionError: unknown strategy 'fast'; choose one of promising, \
arrays, bitmask
    """
    return check_choice(name, "strategy", STRATEGIES)


def check_strategy_size(n: object, strategy: str = DEFAULT_STRATEGY) -> int:
    """Return `n` if it is a board size `strategy` supports, else raise.

    Cost: O(1).

    >>> check_strategy_size(8)
    8
    >>> check_strategy_size(64)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: N = 64 is too large for the bitmask strategy (at most 63)
    """
    n = _validate.check_size(n)
    limit = MAX_STRATEGY_N[check_strategy(strategy)]
    if n > limit:
        raise InvalidSizeError(
            f"N = {n} is too large for the {strategy} strategy (at most {limit})"
        )
    return n


def strategy_module(name: str) -> Strategy:
    """Import and return the module implementing strategy `name`.

    Cost: O(1) (one import, cached by Python after the first).

    >>> strategy_module("promising").count(5)
    10
    """
    module: Strategy = importlib.import_module(f"nqueens.strategies.{check_strategy(name)}")
    return module
