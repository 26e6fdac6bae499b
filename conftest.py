"""Collection settings for the whole tree (the fixtures live in tests/conftest.py).

The CUDA kernel's module imports numba.cuda, which only the ``gpu`` and ``gpu-sim`` extras
install: without it, its doctests are not collected (tests/test_gpu*.py skip on their own).
"""

from __future__ import annotations

import importlib.util


def _have_numba_cuda() -> bool:
    try:
        return importlib.util.find_spec("numba_cuda") is not None
    except (ImportError, ValueError):  # ValueError: a module blocked by None in sys.modules
        return False


collect_ignore = [] if _have_numba_cuda() else ["src/nqueens/kernels/gpu.py"]
