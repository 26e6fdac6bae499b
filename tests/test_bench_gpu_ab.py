"""benchmarks/gpu/bench_gpu_ab.py, a smoke test: one tiny paired run on numba-cuda's simulator
whose counts must be OEIS's."""

from __future__ import annotations

import json
import subprocess
import sys

from _procs import env
from test_gpu import needs_numba_cuda

from conftest import OEIS, ROOT


@needs_numba_cuda
def test_one_tiny_paired_run_on_the_simulator_counts_exactly(tmp_path):
    e = env()
    e["NUMBA_ENABLE_CUDASIM"] = "1"
    results, doc = tmp_path / "r.jsonl", tmp_path / "doc.md"
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "gpu" / "bench_gpu_ab.py"), "--kernel", "numba",
         "--n", "7", "--rounds", "1", "--warm-n", "6", "--configs", "default,block 64",
         "--results", str(results), "--doc", str(doc)],
        capture_output=True, text=True, env=e, timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    recs = [json.loads(line) for line in results.read_text().splitlines()]
    timed = [r for r in recs if r["stage"] == "ab"]
    assert len(timed) == 2 and not [r for r in recs if "error" in r]
    for r in timed:
        assert (r["total"], r["unique"]) == OEIS[r["n"]] and r["exact"] is True
