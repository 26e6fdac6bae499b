"""The one place that imports numba: a `njit` that survives read-only installs.

`@njit(cache=True)` raises `RuntimeError` when numba finds nowhere to write its cache
(read-only site-packages and an unwritable HOME). Then the kernels compile without a cache
instead of failing at import. Only modules under `nqueens.kernels` import this, and
the CLI asks `needs_compiling` before a first run to say that it is compiling. Numba
compiles a kernel at its first call, so a command compiles only the kernels it calls. A
cache that cannot be saved (a full disk) is skipped: that run works, the next compiles again.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np

__all__ = ["FALSE", "MINUS_ONE", "ONE", "TRUE", "TWO", "ZERO", "jitable", "needs_compiling",
           "njit"]

ZERO, ONE, TWO, MINUS_ONE = np.int64(0), np.int64(1), np.int64(2), np.int64(-1)
TRUE, FALSE = np.bool_(True), np.bool_(False)
"""Constants for a kernel to pass to another, or to start a counter from, in place of
literals: numba compiles a callee once more for each literal it meets while it infers types
(`0`, then the counter's int64), so literals lengthen a first run's compile (the puzzle
solve's first compile by about a fifth: docs/performance.md, "Decisions")."""

F = TypeVar("F", bound=Callable[..., Any])


def njit(fn: F) -> F:
    """Compile `fn` with numba in nopython mode, cached on disk when possible, GIL released."""
    return _compile(fn)


def jitable(fn: F) -> F:
    """`fn` as plain Python when Python calls it, compiled inline when a kernel does.

    For the small helpers that build a kernel's arrays: called from Python they hand back
    numpy arrays with no compiled call to box them (numba boxes a returned array through a
    Python call, where a Ctrl-C turns into a `SystemError`)."""
    from numba.extending import register_jitable

    return cast(F, register_jitable(fn))


def _compile(fn: F, **options: Any) -> F:
    """numba's `njit` with `options`, cached on disk unless no cache can be written."""
    try:
        kernel = numba.njit(cache=True, nogil=True, **options)(fn)
    except RuntimeError:
        return cast(F, numba.njit(cache=False, nogil=True, **options)(fn))
    _skip_failed_cache_saves(kernel)
    return cast(F, kernel)


def _skip_failed_cache_saves(kernel: Any) -> None:
    """A cache that cannot be saved (a full disk under it) costs the next run a compile;
    it must not fail this one, whose kernel compiled. numba writes each cache file to a
    temporary name and renames it, so a failed save leaves no half file behind."""
    cache = getattr(kernel, "_cache", None)
    save = getattr(cache, "save_overload", None)
    if save is None:
        return

    def save_or_skip(sig: Any, data: Any) -> None:
        with contextlib.suppress(OSError):
            save(sig, data)

    cache.save_overload = save_or_skip  # type: ignore[union-attr]


def needs_compiling(*kernels: Any) -> bool:
    """True when one of the compiled `kernels` has no on-disk cache yet (a first run).

    A cheap file check, no compiling; False when the caches cannot be inspected.
    """
    import os

    for kernel in kernels:
        try:
            index = kernel._cache._cache_file._index_path
        except AttributeError:
            continue
        if not os.path.exists(index):
            return True
    return False
