"""The one place that imports numba: a ``njit`` that survives read-only installs.

``@njit(cache=True)`` raises ``RuntimeError`` when numba finds nowhere to write its cache
(read-only site-packages and an unwritable HOME). Then the kernels compile without a cache
instead of failing at import. Only modules under :mod:`nqueens.kernels` import this.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

__all__ = ["njit"]

F = TypeVar("F", bound=Callable[..., Any])


def njit(fn: F) -> F:
    """Compile ``fn`` with numba in nopython mode, cached on disk when possible, GIL released."""
    try:
        return cast(F, numba.njit(cache=True, nogil=True)(fn))
    except RuntimeError:
        return cast(F, numba.njit(cache=False, nogil=True)(fn))
