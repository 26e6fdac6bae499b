"""benchmarks/gpu/gpu_fresh.py, a smoke test: one tiny run on numba-cuda's simulator records
every step a fresh process pays before its first GPU launch, in the engine's order."""

from __future__ import annotations

import json
import subprocess
import sys

from _procs import env
from test_gpu import needs_numba_cuda

from conftest import ROOT

SCRIPT = str(ROOT / "benchmarks" / "gpu" / "gpu_fresh.py")
STEPS = ["import nqueens.engine", "require_gpu (numba-cuda, driver)",
         "pick_kernel (CuPy, device count, kernel load, self-check)", "split",
         "weigh (Knuth's estimates)", "cut (the host's rows)"]


@needs_numba_cuda
def test_one_tiny_run_records_every_step(tmp_path):
    e = env()
    e["NUMBA_ENABLE_CUDASIM"] = "1"
    results = tmp_path / "fresh.jsonl"
    proc = subprocess.run([sys.executable, SCRIPT, "8", "--results", str(results)],
                          capture_output=True, text=True, env=e, timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    rec = json.loads(proc.stdout)
    assert rec == json.loads(results.read_text())
    assert list(rec["steps"]) == STEPS       # the simulator: numba's kernel, no CuPy steps
    assert rec["tasks"] > 0
