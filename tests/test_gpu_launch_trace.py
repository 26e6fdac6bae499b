"""benchmarks/gpu/gpu_launch_trace.py, one GPU batch launch by launch: on numba-cuda's simulator
its batches are exact, its launch lengths rotate round by round, its lines go to stdout and
to --results alike, and bad input is one line and exit 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from _procs import env
from test_gpu import needs_numba_cuda

from conftest import OEIS, ROOT

SCRIPT = str(ROOT / "benchmarks" / "gpu" / "gpu_launch_trace.py")


def _run(args, tmp_path):
    e = env()
    e["NUMBA_ENABLE_CUDASIM"] = "1"
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True,
                          env=e, timeout=300, cwd=tmp_path)


@needs_numba_cuda
def test_each_batch_is_exact_and_the_lengths_rotate(tmp_path):
    results = tmp_path / "trace.jsonl"
    proc = _run(["9", "--launch-seconds", "0.2,0.05", "--rounds", "2", "--results",
                 str(results)], tmp_path)
    assert proc.returncode == 0, proc.stderr
    recs = [json.loads(line) for line in proc.stdout.splitlines()]
    assert recs == [json.loads(line) for line in results.read_text().splitlines()]
    assert [r["launch_seconds"] for r in recs] == [0.2, 0.05, 0.05, 0.2]
    for r in recs:
        assert (r["total"], r["unique"]) == OEIS[9] and r["exact"] is True
        assert len(r["launches"]) == r["phases"]["launches"]
        assert sum(own for _at, own, _rate in r["launches"]) <= r["phases"]["gpu"] + 1e-3
        ends = [at for at, _own, _rate in r["launches"]]
        assert ends == sorted(ends) and ends[-1] <= r["seconds"]


@pytest.mark.parametrize("args", [["99"], ["abc"], ["9", "--launch-seconds", "x"],
                                  ["9", "--launch-seconds", "0"], ["9", "--rounds", "0"]])
def test_bad_input_is_one_line_and_exit_2(tmp_path, args):
    proc = _run(args, tmp_path)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines()[-1].startswith("gpu_launch_trace.py: error:")
    assert not proc.stdout
