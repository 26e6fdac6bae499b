"""A real Dask cluster on loopback: the same subproblems, a worker killed, the count exact."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys

import pytest

pytest.importorskip("distributed",
                    reason='dask.distributed is not installed (the dask extra)')

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
        yield address, workers, procs[0]
    finally:
        for p in reversed(procs):
            _stop(p)


@pytest.mark.slow
def test_dask_count_exact_with_a_worker_killed_mid_run(cluster, tmp_path):
    address, workers, _ = cluster
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
    address, _, _ = cluster
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", address)
    import nqueens.cli

    code = nqueens.cli.main(["count", "12", "--unique", "--json", "--quiet"])
    assert code == 0
    record = json.loads(capsys.readouterr().out)
    assert (record["total"], record["unique"]) == OEIS[12]
    assert record["workers"] == 2


@pytest.mark.slow
def test_unreachable_scheduler_is_one_line():
    port = _free_port()
    r = run_cli("count", "10", "--scheduler", f"tcp://127.0.0.1:{port}")
    assert r.code == 3 and r.err.count("\n") == 1 and "Traceback" not in r.err, r.err
    assert "cannot reach the Dask scheduler" in r.err


@pytest.mark.parametrize("reply", [None, b"SSH-2.0-OpenSSH_9.2\r\n" + b"\xff" * 64])
@pytest.mark.slow
def test_a_service_that_is_not_dask_is_one_line_in_time(reply):
    """Dask's timeout covers the TCP connection only: a server that takes the connection
    and says nothing (a web server) held the count for ever, and one that answers with
    something else made Dask allocate exabytes ("out of memory")."""
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    port = server.getsockname()[1]
    held = []

    def serve() -> None:
        with contextlib.suppress(OSError):
            while True:
                conn, _ = server.accept()
                held.append(conn)
                if reply:
                    conn.sendall(reply)

    threading.Thread(target=serve, daemon=True).start()
    try:
        # --scheduler-timeout 2 is kept: the command's own deadline is 30 s
        r = run_cli("count", "8", "--scheduler", f"tcp://127.0.0.1:{port}",
                    "--scheduler-timeout", "2", timeout=30)
    finally:
        server.close()
        for conn in held:
            conn.close()
    assert r.code == 3 and r.err.count("\n") == 1 and "Traceback" not in r.err, r.err
    assert "cannot reach the Dask scheduler" in r.err and "memory" not in r.err, r.err


@pytest.mark.parametrize("address", [
    "udp://127.0.0.1:8786", "ucx://127.0.0.1:8786", "ws://h:1", "garbage", "tcp://:8786",
    "tcp://127.0.0.1:99999", "127.0.0.1:notaport", "%%%://x", "tcp://a b:1",
])
def test_bad_addresses_are_one_line_at_once(address):
    r = run_cli("count", "10", "--scheduler", address)
    assert_bad_input(r, "scheduler address")   # refused before any connection attempt


def _fault_mid_count(address: str, ledger, fault, *extra: str, timeout: float = 3 + 15) -> str:
    """Start ``count 17`` on the cluster with a 3 s scheduler timeout, call ``fault()`` once
    the ledger has 3 rows, and check the count then ends in one line, exit 3, within
    ``timeout`` seconds (the 3 s and room to notice).
    Returns its stderr line."""
    proc = start_cli("count", "17", "--scheduler", address, "--ledger", str(ledger),
                     "--quiet", "--scheduler-timeout", "3", *extra)
    try:
        wait_for_rows(ledger, 3, proc)
        fault()
        _, err = proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 3, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.slow
@pytest.mark.parametrize("fault", [signal.SIGKILL, signal.SIGSTOP])
def test_lost_or_frozen_scheduler_ends_in_one_line(cluster, tmp_path, fault):
    address, _, scheduler = cluster
    ledger = tmp_path / "lost.sqlite"
    try:
        err = _fault_mid_count(address, ledger, lambda: os.killpg(scheduler.pid, fault),
                               "--dask-log", str(tmp_path / "d.log"))
    finally:
        if fault == signal.SIGSTOP:
            os.killpg(scheduler.pid, signal.SIGCONT)
    assert "lost the Dask scheduler" in err
    kept = run_cli("ledger", "show", str(ledger), "--json")
    assert kept.code == 0 and json.loads(kept.out)["done"] >= 3


@pytest.mark.slow
def test_every_worker_dead_ends_in_one_line_and_the_ledger_resumes(cluster, tmp_path):
    """Dask holds the work until a worker comes; with none left the count waited for ever."""
    address, workers, _ = cluster
    ledger = tmp_path / "orphan.sqlite"

    def kill_workers() -> None:
        for w in workers:
            os.killpg(w.pid, signal.SIGKILL)

    err = _fault_mid_count(address, ledger, kill_workers)
    assert "no live Dask worker" in err and "for 3 s" in err and "resume" in err
    again = run_cli("count", "17", "--ledger", str(ledger), "--json", "--quiet")
    assert again.code == 0 and json.loads(again.out)["total"] == OEIS[17][0], again.err


@pytest.mark.slow
def test_verify_all_on_the_cluster_names_a_forged_row(cluster, tmp_path):
    from _forge import edit_and_resign
    from nqueens.engine.run import run_count

    address, _, _ = cluster
    path = tmp_path / "v.sqlite"
    run_count(12, workers=1, ledger=path)
    edit_and_resign(path, "UPDATE results SET total = total + 8 WHERE idx = 42")
    r = run_cli("ledger", "verify", str(path), "--all", "--json", "--scheduler", address)
    assert r.code == 1, r.err
    report = json.loads(r.out)
    assert [m["index"] for m in report["mismatches"]] == [42]
    assert report["checked"] == report["finished"] == 730
