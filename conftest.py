"""Loaded first for every test, doctest and docs example (pytest's rootdir conftest); the
fixtures live in tests/conftest.py.

- Every test, doctest and CLI it starts seals ledgers with a key of its own, never the
  user's (the ledger key of src/nqueens/engine/ledger_seal.py; made on first use).
- The CUDA kernel's module imports numba.cuda, which only the ``gpu`` and ``gpu-sim`` extras
  install: without it, its doctests are not collected (tests/test_gpu*.py skip on their own).
"""

from __future__ import annotations

import atexit
import importlib.util
import os
import shutil
import tempfile

_KEY_DIR = tempfile.mkdtemp(prefix="nqueens-test-key-")
atexit.register(shutil.rmtree, _KEY_DIR, True)
os.environ["NQUEENS_LEDGER_KEY"] = os.path.join(_KEY_DIR, "ledger.key")


def _have_numba_cuda() -> bool:
    try:
        return importlib.util.find_spec("numba_cuda") is not None
    except (ImportError, ValueError):  # ValueError: a module blocked by None in sys.modules
        return False


collect_ignore = [] if _have_numba_cuda() else ["src/nqueens/kernels/gpu.py"]
