"""benchmarks/gpu/gpu_fresh.py, the steps a fresh process pays before its first GPU launch:
every step timed in the engine's order on numba-cuda's simulator, the cut's tasks those
the engine cuts, a step that fails recorded while the rest run, and bad input refused."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from _procs import env
from test_gpu import needs_numba_cuda

from conftest import ROOT

SCRIPT = str(ROOT / "benchmarks" / "gpu" / "gpu_fresh.py")
STEPS = ["import nqueens.engine", "require_gpu (numba-cuda, driver)",
         "pick_kernel (CuPy, device count, kernel load, self-check)", "split",
         "weigh (Knuth's estimates)", "cut (the host's rows)"]



def _run(args, tmp_path, sim):
    e = env()
    e["NUMBA_ENABLE_CUDASIM"] = "1" if sim else "0"
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True,
                          env=e, timeout=300, cwd=tmp_path)


@needs_numba_cuda
def test_every_step_is_timed_in_order_and_the_cut_is_the_engines(tmp_path):
    from nqueens.engine import gpu
    from nqueens.engine.split import split

    results = tmp_path / "fresh.jsonl"
    proc = _run(["11", "--results", str(results)], tmp_path, sim=True)
    assert proc.returncode == 0, proc.stderr
    rec = json.loads(proc.stdout)
    assert rec == json.loads(results.read_text())
    assert list(rec["steps"]) == STEPS       # the simulator: numba's kernel, no CuPy steps
    assert all(isinstance(v, float) and v >= 0 for v in rec["steps"].values())
    assert sum(rec["steps"].values()) <= rec["seconds"]
    items = np.array([tuple(s) for s in split(11)], np.int64)
    assert rec["subproblems"] == len(items) and rec["rows"] == gpu.default_rows(11)
    assert rec["tasks"] == gpu._expand(11, items, rec["rows"], with_pre=False)[3].shape[0]


def test_a_failing_step_is_recorded_and_the_rest_run(tmp_path):
    proc = _run(["9"], tmp_path, sim=False)
    assert proc.returncode == 0, proc.stderr
    rec = json.loads(proc.stdout)
    assert list(rec["steps"])[:3] == STEPS[:3]
    failed = {k: v for k, v in rec["steps"].items() if isinstance(v, str)}
    if not failed:
        pytest.skip("this machine has a CUDA GPU: nothing fails")
    assert all(v.startswith("error: ") for v in failed.values())
    assert "require_gpu (numba-cuda, driver)" in failed
    assert isinstance(rec["steps"]["split"], float) and rec["tasks"] > 0


@pytest.mark.parametrize("args", [["3"], ["28"], ["x"], ["10", "--results", "/no/dir/f"]])
def test_bad_input_is_one_line_and_status_2(tmp_path, args):
    proc = _run(args, tmp_path, sim=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) <= 2   # argparse's usage line and its error
