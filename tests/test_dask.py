"""A real Dask cluster on loopback: the same subproblems, a worker killed, the count exact."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

pytest.importorskip("distributed", reason="dask.distributed is not installed (nqueens[dask])")

from _procs import env, start_cli, wait_for_rows

from conftest import OEIS, assert_bad_input, run_cli


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _spawn(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", *args], env=env(), start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)


@pytest.fixture
def cluster():
    """A scheduler and two single-thread workers (no nanny) on 127.0.0.1, random ports."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    procs = [_spawn("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port",
                    str(port), "--no-dashboard")]
    workers = []
    try:
        for _ in range(2):
            w = _spawn("distributed.cli.dask_worker", address, "--nthreads", "1",
                       "--no-nanny", "--no-dashboard", "--host", "127.0.0.1")
            workers.append(w)
            procs.append(w)
        from distributed import Client

        client = Client(address, timeout=60)
        try:
            client.wait_for_workers(2, timeout=60)
        finally:
            client.close()
        yield address, workers
    finally:
        for p in reversed(procs):
            _stop(p)


@pytest.mark.slow
def test_dask_count_exact_with_a_worker_killed_mid_run(cluster, tmp_path):
    address, workers = cluster
    ledger = tmp_path / "dask.sqlite"
    proc = start_cli("count", "16", "--unique", "--scheduler", address,
                     "--ledger", str(ledger), "--json")
    try:
        wait_for_rows(ledger, 10, proc)
        os.killpg(workers[0].pid, signal.SIGKILL)
        out, err = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 0, err
    record = json.loads(out)
    assert (record["total"], record["unique"]) == OEIS[16]
    assert record["workers"] == 2 and record["subproblems"] == 3206


@pytest.mark.slow
def test_dask_small_count_via_environment(cluster, capsys, monkeypatch):
    address, _ = cluster
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", address)
    import nqueens.cli

    start = time.perf_counter()
    code = nqueens.cli.main(["count", "12", "--unique", "--json", "--quiet"])
    assert code == 0 and time.perf_counter() - start < 120
    record = json.loads(capsys.readouterr().out)
    assert (record["total"], record["unique"]) == OEIS[12]
    assert record["workers"] == 2


def test_unreachable_scheduler_is_one_line():
    port = _free_port()
    r = run_cli("count", "10", "--scheduler", f"tcp://127.0.0.1:{port}")
    assert_bad_input(r, "cannot reach the Dask scheduler")
