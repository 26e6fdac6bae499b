"""Every module's examples pass under the standard library's doctest alone.

pytest runs the doctests with its own settings (``--doctest-modules`` turns ELLIPSIS on for
exception messages); a reader who runs ``python -m doctest`` or ``doctest.testmod`` gets none
of them. These tests walk the whole package in a fresh interpreter, outside pytest, with
doctest's default options, once as installed here and once with the optional extras
(cairosvg, matplotlib) made unimportable: an example must hold either way.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import SRC

WALK = r"""
import doctest, importlib, pkgutil, sys
for blocked in sys.argv[1:]:
    sys.modules[blocked] = None   # import of it raises ImportError, as when not installed
import nqueens
failed = attempted = 0
for info in pkgutil.walk_packages(nqueens.__path__, "nqueens."):
    try:
        module = importlib.import_module(info.name)
    except ImportError as err:
        if "gpu" in info.name:    # numba-cuda's modules where it cannot load
            continue
        raise
    result = doctest.testmod(module, optionflags=0)
    failed += result.failed
    attempted += result.attempted
print(f"attempted={attempted} failed={failed}")
"""


def _walk(*blocked: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(SRC))
    return subprocess.run([sys.executable, "-c", WALK, *blocked], capture_output=True,
                          text=True, env=env, timeout=600)


@pytest.mark.slow
@pytest.mark.parametrize("blocked", [(), ("cairosvg", "matplotlib")],
                         ids=["as-installed", "without-extras"])
def test_every_module_passes_stdlib_doctest(blocked):
    """Including ``nqueens.__main__``: importing it while walking must not run the CLI."""
    proc = _walk(*blocked)
    last = proc.stdout.strip().splitlines()[-1:] or [""]
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert last[0].startswith("attempted=") and last[0].endswith(" failed=0"), \
        proc.stdout[-3000:]
    assert int(last[0].split()[0].split("=")[1]) > 400    # the walk reached the package


def test_importing_main_runs_nothing():
    env = dict(os.environ, PYTHONPATH=str(SRC))
    proc = subprocess.run([sys.executable, "-c", "import nqueens.__main__; print('imported')"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "imported\n", "")
