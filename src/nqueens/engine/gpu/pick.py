"""Which GPU kernel a count runs: ``cuda-stack`` where CuPy sees a GPU and the kernel
passes its self-check there, else numba-cuda's.

>>> import sys
>>> from unittest import mock
>>> with mock.patch.dict(sys.modules, {"cupy": None}):    # as if CuPy were absent
...     pick_kernel(21)
'numba'
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import threading

from nqueens.engine.gpu.device import raw_kernel, simulated
from nqueens.engine.gpu.tuning import SELF_CHECK_N, Tuning

__all__ = ["likely_kernel", "pick_kernel", "pick_kernel_soon", "stack_kernel_checked"]


_PICKING = threading.Lock()
"""Held by :func:`pick_kernel` while it picks: a second caller (the engine's, while
:func:`pick_kernel_soon`'s thread picks) waits for the first and finds its work cached."""


def pick_kernel_soon(n: int) -> None:
    """Start :func:`pick_kernel` for ``n`` on a background thread and return at once.

    CuPy's import, the CUDA context, the kernel's compilation (or its load from CuPy's
    cache) and its self-check then overlap what the host does meanwhile (the split, the
    subproblems' weights, the cut); a later ``pick_kernel(n)`` waits for that thread and
    finds its work done. An error is left for that later call to meet (the thread says
    nothing).
    Cost: O(1) here; the pick's on the thread.

    >>> import sys
    >>> from unittest import mock
    >>> with mock.patch.dict(sys.modules, {"cupy": None}):    # as if CuPy were absent
    ...     pick_kernel_soon(21)
    ...     pick_kernel(21)
    'numba'
    """
    def pick() -> None:
        with contextlib.suppress(Exception):  # the caller's own pick_kernel meets it
            pick_kernel(n)

    threading.Thread(target=pick, name="nqueens-gpu-pick", daemon=True).start()


def likely_kernel(n: int) -> str:
    """The kernel :func:`pick_kernel` most likely picks for ``n``, without CuPy's import.

    No device query either: ``cuda-stack`` where CuPy is installed, else ``numba`` (for the
    rows the host may cut before the pick is known). Cost: O(1).

    >>> likely_kernel(28)   # wider than cuda-stack's words
    'numba'
    """
    from importlib.util import find_spec

    from nqueens.kernels.gpu_cuda_common import MAX_N

    if simulated() or n > MAX_N or find_spec("cupy") is None:
        return "numba"
    return "cuda-stack"


def pick_kernel(n: int) -> str:
    """The kernel ``kernel="auto"`` runs for board size ``n``.

    ``"cuda-stack"`` where CuPy imports, sees a GPU and compiles the kernel, the kernel passes
    its self-check on this GPU (:func:`stack_kernel_checked`), and ``n`` is at most 27 (its
    words hold 27 columns), else ``"numba"``; the simulator always gets ``"numba"``. A CuPy
    that cannot compile (no NVRTC, say) falls back to numba-cuda's kernel instead of
    stopping the count, and so does a kernel that miscounts (with a warning).
    One pick at a time: a call while :func:`pick_kernel_soon`'s thread picks waits for it.
    Cost: O(1), after CuPy's import, a device query, the kernel's compilation (cached on
    disk by CuPy) and, once a process, its self-check.

    >>> import sys
    >>> from unittest import mock
    >>> with mock.patch.dict(sys.modules, {"cupy": None}):    # as if CuPy were absent
    ...     pick_kernel(21)
    'numba'
    """
    from nqueens.kernels.gpu_cuda_common import MAX_N

    if simulated() or n > MAX_N:
        return "numba"
    with _PICKING:  # one pick at a time (pick_kernel_soon's thread may be in one)
        if not _cupy_sees_a_gpu():
            return "numba"
        try:
            raw_kernel(None).attributes  # noqa: B018 - compiles it, or raises
        except Exception:
            return "numba"
        return "cuda-stack" if stack_kernel_checked() else "numba"


@functools.cache
def stack_kernel_checked() -> bool:
    """Whether the ``cuda-stack`` kernel counts on this GPU as the CPU kernel does.

    Every subproblem of :data:`SELF_CHECK_N`, its completions, classes and nodes, once a
    process, with one try a turn of the kernel's loop and with two (:func:`stack_unroll`).
    The CUDA C kernel's tests run it built for the CPU; this runs the GPU's own
    build (its intrinsics, its compiler, this GPU), so that a kernel that miscounts here is
    never picked: False (and a :class:`RuntimeWarning`) where any row differs or the count
    fails.
    Cost: O(1) after the first call, which counts n = 10 on the GPU and on the CPU
    (milliseconds).

    >>> import sys, warnings
    >>> from unittest import mock
    >>> stack_kernel_checked.cache_clear()
    >>> with mock.patch.dict(sys.modules, {"cupy": None}), \\
    ...         warnings.catch_warnings(record=True) as seen:   # as if CuPy were absent
    ...     warnings.simplefilter("always")
    ...     stack_kernel_checked()
    False
    >>> "failed its self-check" in str(seen[0].message)
    True
    >>> stack_kernel_checked.cache_clear()
    """
    import warnings

    from nqueens.engine.gpu.batch import count_batch
    from nqueens.engine.split import split
    from nqueens.engine.task import count_batch as count_on_cpu

    items = [tuple(s) for s in split(SELF_CHECK_N)]
    try:   # both builds "auto" runs: one try a turn of the loop, and two
        got = [[r[:3] for r in count_batch(SELF_CHECK_N, items, kernel="cuda-stack",
                                           tuning=Tuning(unroll=unroll))] for unroll in (1, 2)]
    except Exception as err:  # a launch that fails: not a kernel to count with
        why = f"{type(err).__name__}: {err}"
    else:
        want = [r[:3] for r in count_on_cpu(SELF_CHECK_N, items)]
        if got[0] == want and got[1] == want:
            return True
        why = "its rows differ from the CPU kernel's"
    warnings.warn(f"the cuda-stack GPU kernel failed its self-check on this GPU (n = "
                  f"{SELF_CHECK_N}: {why}); counting with numba-cuda's kernel instead",
                  RuntimeWarning, stacklevel=2)
    return False


def _cupy_sees_a_gpu() -> bool:
    try:
        cupy = importlib.import_module("cupy")
        return int(cupy.cuda.runtime.getDeviceCount()) > 0
    except Exception:  # no CuPy, or CuPy without a driver or a device
        return False
