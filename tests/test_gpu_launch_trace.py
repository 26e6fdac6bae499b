"""benchmarks/gpu/gpu_launch_trace.py, a smoke test: one tiny run on numba-cuda's simulator
whose counts must be OEIS's, and its lines on stdout and in --results alike."""

from __future__ import annotations

import json
import subprocess
import sys

from _procs import env
from test_gpu import needs_numba_cuda

from conftest import OEIS, ROOT

SCRIPT = str(ROOT / "benchmarks" / "gpu" / "gpu_launch_trace.py")


@needs_numba_cuda
def test_one_tiny_trace_counts_right(tmp_path):
    e = env()
    e["NUMBA_ENABLE_CUDASIM"] = "1"
    results = tmp_path / "trace.jsonl"
    proc = subprocess.run([sys.executable, SCRIPT, "8", "--rounds", "1", "--results",
                           str(results)], capture_output=True, text=True, env=e,
                          timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    recs = [json.loads(line) for line in proc.stdout.splitlines()]
    assert recs and recs == [json.loads(line) for line in results.read_text().splitlines()]
    assert all((r["total"], r["unique"]) == OEIS[8] and r["exact"] is True for r in recs)
