"""benchmarks/gpu/bench_gpu.py, a smoke test: one tiny budgeted run on numba-cuda's simulator
whose counts must be OEIS's, ending with its "finished" line."""

from __future__ import annotations

import json
import subprocess
import sys

from _procs import env
from test_gpu import needs_numba_cuda

from conftest import OEIS, ROOT


@needs_numba_cuda
def test_one_tiny_budgeted_run_on_the_simulator_counts_exactly(tmp_path):
    e = env()
    e["NUMBA_ENABLE_CUDASIM"] = "1"
    e.pop("OUT", None)
    results, doc = tmp_path / "r.jsonl", tmp_path / "doc.md"
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "gpu" / "bench_gpu.py"), "--min-n", "6",
         "--max-n", "7", "--check-n", "6", "--cpu-max-n", "6", "--sweep-rows", "2",
         "--budget", "120", "--results", str(results), "--doc", str(doc)],
        capture_output=True, text=True, env=e, timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    recs = [json.loads(line) for line in results.read_text().splitlines()]
    assert recs[-1]["stage"] == "end" and recs[-1]["note"] == "finished"
    counted = [r for r in recs if "total" in r and r.get("n") in OEIS]
    assert counted and not [r for r in recs if r.get("error")]
    for r in counted:
        assert (r["total"], r["unique"]) == OEIS[r["n"]], r
    assert doc.read_text()
