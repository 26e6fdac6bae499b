"""The GPU as one more device of the engine: the CLI's --gpu, count(device="gpu"), the ledger,
and the one-line errors where no GPU is present (the kernel runs under numba-cuda's simulator,
in a subprocess)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from _procs import env
from nqueens.engine.split import split
from test_gpu import _sim_env, needs_numba_cuda

from conftest import OEIS, assert_bad_input, run_cli


@needs_numba_cuda
def test_no_gpu_is_one_line_exit_2():
    e = env()
    e.pop("NUMBA_ENABLE_CUDASIM", None)
    proc = subprocess.run([sys.executable, "-c", "import numba.cuda as c; print(c.is_available())"],
                          env=e, capture_output=True, text=True, timeout=120)
    if proc.stdout.strip() != "False":
        pytest.skip("this machine has a CUDA GPU")
    r = run_cli("count", "10", "--gpu")
    assert_bad_input(r, "no CUDA GPU found")


def test_numbas_own_builtin_cuda_is_not_numba_cuda(monkeypatch):
    """numba (0.68) still ships a deprecated ``numba.cuda`` of its own; it is refused."""
    import types

    from nqueens.engine.gpu import GPUUnavailableError, require_gpu

    builtin = types.SimpleNamespace(implementation="Built-in", is_available=lambda: True)
    monkeypatch.setitem(sys.modules, "numba.cuda", builtin)
    with pytest.raises(GPUUnavailableError, match=r"needs numba-cuda: pip install numba-cuda"):
        require_gpu()
    monkeypatch.setitem(sys.modules, "numba.cuda", types.SimpleNamespace(
        implementation="NVIDIA", is_available=lambda: True))
    require_gpu()


def test_gpu_with_a_pure_strategy_is_bad_input():
    r = run_cli("count", "8", "--gpu", "--strategy", "arrays")
    assert_bad_input(r, "--gpu cannot be combined with --strategy arrays")


def test_library_rejects_an_unknown_device():
    from nqueens.counting import count
    from nqueens.errors import NQueensError

    with pytest.raises(NQueensError, match="device must be one of"):
        count(8, device="tpu")


@needs_numba_cuda
def test_cli_count_10_gpu_json_is_exact_under_the_simulator():
    proc = subprocess.run([sys.executable, "-m", "nqueens", "count", "10", "--gpu", "--unique",
                           "--json"], env=_sim_env(), capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    record = json.loads(proc.stdout)
    assert (record["total"], record["unique"]) == OEIS[10]
    assert record["device"] == "gpu" and record["gpu"] == "simulator"
    assert record["subproblems"] == len(split(10))


@needs_numba_cuda
def test_library_count_on_the_simulated_gpu_with_a_ledger(tmp_path):
    """``count(n, device="gpu")`` writes a ledger of the CPU engine's job: the CPU engine
    resumes every subproblem from it and gets the OEIS counts."""
    script = (
        "import sys; from nqueens.counting import count; "
        "print(tuple(count(11, unique=True, device='gpu', ledger=sys.argv[1]))[1:])"
    )
    ledger = tmp_path / "n11.sqlite"
    proc = subprocess.run([sys.executable, "-c", script, str(ledger)], env=_sim_env(),
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == str(OEIS[11])
    from nqueens.engine.run import run_count

    r = run_count(11, workers=1, ledger=ledger)
    assert r.resumed == r.subproblems and (r.total, r.unique) == OEIS[11]


@pytest.mark.slow
@needs_numba_cuda
def test_dask_workers_with_a_simulated_gpu_run_the_gpu_batches():
    """A scheduler and a worker whose environment has the simulator as its GPU; the client
    has no GPU at all, so the batches can only have been counted on the worker."""
    pytest.importorskip("distributed", reason="dask.distributed is not installed")
    from test_dask import _free_port

    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    py = [sys.executable, "-m"]
    procs = [subprocess.Popen(
        [*py, "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port),
         "--no-dashboard"], env=env(), start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        procs.append(subprocess.Popen(
            [*py, "distributed.cli.dask_worker", address, "--nthreads", "1", "--no-nanny",
             "--no-dashboard", "--host", "127.0.0.1"], env=_sim_env(), start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        from distributed import Client

        client = Client(address, timeout=60)
        try:
            client.wait_for_workers(1, timeout=60)
        finally:
            client.close()
        client_env = env()
        client_env.pop("NUMBA_ENABLE_CUDASIM", None)
        proc = subprocess.run(
            [*py, "nqueens", "count", "11", "--gpu", "--unique", "--json", "--scheduler",
             address], env=client_env, capture_output=True, text=True, timeout=300)
    finally:
        for p in reversed(procs):
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait(timeout=30)
    assert proc.returncode == 0, proc.stderr
    record = json.loads(proc.stdout)
    assert (record["total"], record["unique"]) == OEIS[11]
    assert record["device"] == "gpu" and record["gpu"] is None
