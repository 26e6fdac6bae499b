"""One solution for huge boards, written out and checked in O(n): construction, local search.

- `find` returns the 0-based columns of one solution as a numpy int32 array, built by
  the explicit formula (`nqueens.large.construct`) or by min-conflicts local search
  (`nqueens.large.local`), after checking that the arrays fit in memory.
- `nqueens.large.output` streams an array to a text or `.npy` file.
- `nqueens.large.read` reads such files back as columns, and
  `nqueens.large.verify` checks them with code that shares nothing with the solvers.

Nothing here imports numpy or numba until a function is called.

>>> find(8).tolist()
[3, 5, 7, 1, 6, 0, 2, 4]
>>> from nqueens.large.verify import verify_cols
>>> verify_cols(find(10**5, method="local", seed=3)).ok
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nqueens._validate import check_choice
from nqueens.errors import InvalidSizeError, UnknownOptionError
from nqueens.large import construct as _construct
from nqueens.large import local as _local

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["BYTES_PER_QUEEN", "METHODS", "available_memory", "find"]

METHODS = ("construct", "local")
"""The ways `find` can build a solution."""

BYTES_PER_QUEEN = {"construct": _construct.BYTES_PER_QUEEN, "local": _local.BYTES_PER_QUEEN}
"""Peak working memory per queen of each method (result included); each figure is defined
once, in its method's module."""


def find(n: int, *, method: str = "construct", seed: int | None = None) -> npt.NDArray[np.int32]:
    """One solution of the n-queens problem as 0-based int32 columns (`cols[row] = col`).

    Cost: O(n) time and `BYTES_PER_QUEEN[method] * n` bytes; `construct` is vectorised,
    `local` compiled (their times by n: docs/performance.md, "Benchmarks: huge boards"). `seed`
    applies to `local` only (None: a fresh random seed). n = 2 and 3 have no solution;
    boards whose arrays would not fit in the available memory are refused: both raise
    `InvalidSizeError`.

    >>> find(4).tolist(), find(1).tolist()
    ([1, 3, 0, 2], [0])
    >>> find(2)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: n = 2 has no solution: 2 and 3 queens cannot be placed
    """
    check_choice(method, "method", METHODS)
    if method == "construct" and seed is not None:
        raise UnknownOptionError("a seed applies only to method 'local'; 'construct' is fixed")
    if isinstance(n, int) and not isinstance(n, bool) and n >= 4:
        check_memory(n, BYTES_PER_QUEEN[method], what=f"method {method!r}")
    if method == "construct":
        from nqueens.large.construct import construct

        return construct(n)
    from nqueens.large.local import local_search

    return local_search(n, seed=seed)


def available_memory() -> int | None:
    """Bytes of memory available to a new allocation (Linux `MemAvailable`), or None.

    Cost: O(1): one read of `/proc/meminfo`.

    >>> available_memory() is None or available_memory() > 0
    True
    """
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    import os

    try:
        return int(os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))
    except (ValueError, OSError, AttributeError):
        return None


def check_memory(n: int, per_queen: int, *, what: str) -> None:
    """Raise `InvalidSizeError` when `per_queen * n` bytes exceed available memory.

    Cost: O(1).

    >>> check_memory(10**6, 4, what="a test")
    >>> try:
    ...     check_memory(2**70, 4, what="a test")
    ... except InvalidSizeError as err:
    ...     print(str(err).split(":")[0])
    n = 1180591620717411303424 is too large for memory
    """
    need = per_queen * n
    have = available_memory()
    if have is not None and need > have:
        raise InvalidSizeError(
            f"n = {n} is too large for memory: {what} needs about {_gib(need)} "
            f"and about {_gib(have)} is available"
        )


def _gib(nbytes: int) -> str:
    return f"{nbytes / 2**30:.1f} GiB"
