"""nqueens._jit leans on two private attributes of numba's compiled functions: these tests
fail loudly when a numba release renames them (the code itself only falls back quietly)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import SRC


@pytest.fixture(scope="module")
def kernel():
    from nqueens.kernels.backtrack import count_total_unique

    return count_total_unique


def test_failed_cache_saves_are_wrapped_on_real_kernels(kernel):
    # _skip_failed_cache_saves replaces numba's kernel._cache.save_overload
    if os.environ.get("NUMBA_DISABLE_JIT") == "1":
        pytest.skip("no compiled kernels with the JIT off")
    save = kernel._cache.save_overload
    assert save.__name__ == "save_or_skip", "numba renamed _cache.save_overload"


@pytest.mark.slow
def test_needs_compiling_is_true_until_the_first_call_caches_a_kernel(kernel, tmp_path):
    if os.environ.get("NUMBA_DISABLE_JIT") == "1":
        pytest.skip("no compiled kernels with the JIT off")
    index = kernel._cache._cache_file._index_path  # AttributeError: numba renamed it
    assert isinstance(index, str) and index.endswith(".nbi")
    # a fresh cache folder: nothing compiled yet, then the first call saves the kernel
    code = ("from nqueens._jit import needs_compiling\n"
            "from nqueens.kernels.backtrack import count_total_unique as k\n"
            "before = needs_compiling(k); k(6); print(before, needs_compiling(k))")
    env = dict(os.environ, PYTHONPATH=str(SRC), NUMBA_CACHE_DIR=str(tmp_path))
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["True", "False"]
