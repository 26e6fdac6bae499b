"""Hostile and broken fleet members on a real loopback Dask cluster (issue #52): workers that
lie (tests/_liar.py, loaded with ``dask worker --preload``), send pickled or absurd answers,
never answer, answer late, or are killed at random moments. Each count ends with the exact
total, or one line and exit status 3; never a wrong total with exit status 0; never
unpickles anything a worker sent (the marker file the payload would write never appears).

No timed asserts: every wait in the code under test has a deadline (--scheduler-timeout),
and the subprocess timeouts here are only the bound a hang would hit.
"""

from __future__ import annotations

import json
import random
import signal
import threading
import time

import pytest

pytest.importorskip("distributed",
                    reason='dask.distributed is not installed (the dask extra)')

from _cluster import Cluster

from conftest import OEIS, run_cli

pytestmark = pytest.mark.slow

TIMEOUT = "6"   # --scheduler-timeout: no worker, or no second worker, for this long ends it
BOUND = 400     # the most a count here may take before we call it a hang


def count(c: Cluster, n: int, *args: str, ledger=None):
    extra = ["--ledger", str(ledger)] if ledger is not None else []
    return run_cli("count", str(n), "--scheduler", c.address, "--scheduler-timeout", TIMEOUT,
                   "--json", "--quiet", *extra, *args, timeout=BOUND)


def exact(r, n: int) -> dict:
    assert r.code == 0, r.err
    out = json.loads(r.out)
    assert out["total"] == OEIS[n][0]
    return out


def one_line_failure(r) -> str:
    """Exit status 3, one line, no traceback, nothing on stdout (no total at all)."""
    assert r.code == 3, (r.code, r.out, r.err)
    assert r.err.count("\n") == 1 and "Traceback" not in r.err, r.err
    assert r.out == ""
    return r.err


def quarantined(out: dict) -> list[str]:
    return [q["worker"] for q in out["fleet"]["quarantined"]]


@pytest.mark.parametrize("replicate", ["0", "0.3", "1"])
def test_a_liar_beside_an_honest_worker_never_changes_the_total(replicate):
    """Before #52: count 13 gave 73,840 (replicate 0) and 82,536 (replicate 1), exit 0."""
    with Cluster() as c:
        c.add("honest")
        c.add("liar", liar="plus8")
        c.wait(2)
        r = count(c, 13, "--replicate", replicate)
    out = exact(r, 13)
    assert quarantined(out) == ["liar"]
    assert "honest" not in json.dumps(out["fleet"]["quarantined"])
    # a tie between the two is never the liar's to decide: this machine's recount is
    for d in out["fleet"]["disagreements"]:
        assert d["verdict"].endswith("wrong: liar"), d


def test_the_final_line_names_the_quarantined_liar():
    with Cluster() as c:
        c.add("honest")
        c.add("liar", liar="plus8")
        c.wait(2)
        r = run_cli("count", "12", "--scheduler", c.address, "--scheduler-timeout", TIMEOUT,
                    "--replicate", "1", "--quiet", timeout=BOUND)
    assert r.code == 0, r.err
    assert r.out.startswith(f"{OEIS[12][0]};") and r.out.count("\n") == 1
    assert "worker liar QUARANTINED" in r.out


def test_a_liar_with_consistent_residues_on_some_subproblems_is_caught():
    """It lies on one subproblem in seven of each unit, recounts included, and sends the
    residues of its false totals: the residue check passes, the independent count does not."""
    with Cluster() as c:
        c.add("honest")
        c.add("liar", liar="some")
        c.wait(2)
        r = count(c, 13, "--replicate", "1")
    out = exact(r, 13)
    assert quarantined(out) == ["liar"]
    assert out["fleet"]["disagreements"]


def test_two_honest_workers_and_a_liar_exact_with_every_unit_checked():
    with Cluster() as c:
        for name in ("a", "b"):
            c.add(name)
        c.add("liar", liar="plus8")
        c.wait(3)
        r = count(c, 13, "--replicate", "1")
    out = exact(r, 13)
    assert quarantined(out) == ["liar"]
    lies = out["fleet"]["disagreements"]
    assert lies and all(d["verdict"].endswith("wrong: liar") for d in lies)


@pytest.mark.parametrize("replicate", ["0", "1"])
def test_a_liar_alone_ends_in_one_line_and_the_ledger_keeps_only_what_was_proven(
        tmp_path, replicate):
    """Before #52, with --replicate 1 this never ended."""
    ledger = tmp_path / "l.sqlite"
    with Cluster() as c:
        c.add("liar", liar="plus8")
        c.wait(1)
        r = count(c, 12, "--replicate", replicate, ledger=ledger)
    err = one_line_failure(r)
    assert "quarantined" in err and "liar" in err
    # what the ledger kept was proven: finishing it here gives the true total
    again = run_cli("count", "12", "--ledger", str(ledger), "--json", "--quiet")
    assert again.code == 0 and json.loads(again.out)["total"] == OEIS[12][0], again.err


@pytest.mark.parametrize("mode", ["pickle", "pickle-error", "huge"])
def test_a_pickled_or_absurd_answer_is_refused_unread(tmp_path, monkeypatch, mode):
    """A worker's result that runs a command when unpickled (as a result, or as a task's
    exception), and a 10-MB integer as a total (Dask can only send it pickled): never
    loaded here (the marker file stays absent); the count is exact on the honest worker or
    ends in one line."""
    marker = tmp_path / "marker"
    with Cluster() as c:
        c.add("honest")
        c.add("liar", liar=mode)
        c.wait(2)
        monkeypatch.setenv("NQ_MARKER", str(marker))   # the client's environment only
        r = count(c, 12)
    assert not marker.exists()
    if r.code == 0:
        assert quarantined(exact(r, 12)) in ([], ["liar"])
    else:
        one_line_failure(r)


def test_a_pickled_answer_is_refused_by_the_library_too(tmp_path, monkeypatch):
    """In process (no CLI): the payload is refused, the worker is quarantined by name."""
    import nqueens
    from nqueens.engine.fleet import DaskBackend, FleetConfig

    marker = tmp_path / "marker"
    with Cluster() as c:
        c.add("honest")
        c.add("liar", liar="pickle")
        c.wait(2)
        monkeypatch.setenv("NQ_MARKER", str(marker))
        backend = DaskBackend(c.address, config=FleetConfig(no_worker_seconds=6))
        got = nqueens.count(12, unique=True, backend=backend)
    assert not marker.exists()
    assert (got.total, got.unique) == OEIS[12]
    assert [q["worker"] for q in backend.fleet_stats.quarantined] == ["liar"]
    assert "pickled" in backend.fleet_stats.quarantined[0]["reason"]


@pytest.mark.parametrize("mode", ["silent", "late"])
def test_a_worker_that_never_answers_or_answers_late_costs_only_time(monkeypatch, mode):
    with Cluster() as c:
        monkeypatch.setenv("NQ_LATE", "15")
        c.add("honest")
        c.add("slow", liar=mode)
        c.wait(2)
        r = count(c, 12, "--replicate", "0.5")
    exact(r, 12)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_worker_killed_at_a_random_moment_with_replication_on(seed):
    """Before #52: two workers, --replicate 0.5, one SIGKILLed: still counting 300 s on."""
    rng = random.Random(seed)
    with Cluster() as c:
        for name in ("a", "b", "c"):
            c.add(name)
        c.wait(3)
        victim = rng.choice(["a", "b", "c"])
        timer = threading.Timer(rng.uniform(0.5, 6.0), c.kill, (victim,))
        timer.start()
        try:
            r = count(c, 13, "--replicate", "0.5")
        finally:
            timer.cancel()
    exact(r, 13)


def test_one_of_two_workers_killed_with_every_unit_replicated_ends_exact_or_in_one_line():
    """The survivor cannot check its own units: this machine recounts what no other
    worker can, after --scheduler-timeout."""
    with Cluster() as c:
        c.add("a")
        c.add("b")
        c.wait(2)
        timer = threading.Timer(2.0, c.kill, ("b",))
        timer.start()
        try:
            r = count(c, 13, "--replicate", "1")
        finally:
            timer.cancel()
    if r.code == 0:
        exact(r, 13)
    else:
        one_line_failure(r)


def test_a_frozen_worker_with_replication_on(tmp_path):
    with Cluster() as c:
        c.add("a")
        c.add("b")
        c.add("frozen")
        c.wait(3)
        timer = threading.Timer(2.0, c.signal, ("frozen", signal.SIGSTOP))
        timer.start()
        try:
            r = count(c, 13, "--replicate", "1")
        finally:
            timer.cancel()
            c.signal("frozen", signal.SIGCONT)
    exact(r, 13)


def test_a_scheduler_restart_ends_exact_or_in_one_line(tmp_path):
    import subprocess
    import sys

    from _procs import env

    ledger = tmp_path / "l.sqlite"
    with Cluster() as c:
        c.add("a")
        c.add("b")
        c.wait(2)

        def restart() -> None:
            import os

            os.killpg(c.scheduler.pid, signal.SIGKILL)
            c.scheduler.wait(timeout=30)
            time.sleep(1.0)
            c.scheduler = subprocess.Popen(
                [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host",
                 "127.0.0.1", "--port", str(c.port), "--no-dashboard"], env=env(),
                start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        timer = threading.Timer(3.0, restart)
        timer.start()
        try:
            r = count(c, 14, "--replicate", "0.5", ledger=ledger)
        finally:
            timer.cancel()
    if r.code == 0:
        exact(r, 14)
    else:
        one_line_failure(r)
        again = run_cli("count", "14", "--ledger", str(ledger), "--json", "--quiet")
        assert again.code == 0 and json.loads(again.out)["total"] == OEIS[14][0], again.err


def test_verify_all_on_a_fleet_of_liars_never_vouches_for_a_forged_ledger(tmp_path):
    """Before #52: a fleet of liars said "all agree" about a ledger whose every row they
    had raised alike. Now this machine recounts a random sample itself."""
    from _forge import edit_and_resign
    from nqueens.engine.run import run_count

    path = tmp_path / "v.sqlite"
    run_count(12, workers=1, ledger=path)
    edit_and_resign(path, "UPDATE results SET total = total + 8, uniq = uniq + 1")
    with Cluster() as c:
        c.add("liar1", liar="plus8")
        c.add("liar2", liar="plus8")
        c.wait(2)
        r = run_cli("ledger", "verify", str(path), "--all", "--json", "--scheduler",
                    c.address, "--scheduler-timeout", TIMEOUT, timeout=BOUND)
    assert r.code != 0, r.out
    assert '"ok": true' not in r.out
    err = one_line_failure(r)
    assert "cannot be trusted" in err and "recount without --scheduler" in err  # the hint


def test_verify_all_on_an_honest_fleet_names_the_forged_row(tmp_path):
    from _forge import edit_and_resign
    from nqueens.engine.run import run_count

    path = tmp_path / "v.sqlite"
    run_count(12, workers=1, ledger=path)
    edit_and_resign(path, "UPDATE results SET total = total + 8 WHERE idx = 42")
    with Cluster() as c:
        c.add("a")
        c.add("b")
        c.wait(2)
        r = run_cli("ledger", "verify", str(path), "--all", "--json", "--scheduler",
                    c.address, timeout=BOUND)
    assert r.code == 1, r.err
    assert [m["index"] for m in json.loads(r.out)["mismatches"]] == [42]


def test_a_tls_cluster_counts_and_a_member_without_a_certificate_cannot_join(
        tmp_path, monkeypatch):
    """docs/engine.md's TLS recipe, as written there: one certificate authority, the
    scheduler, workers and the coordinator each with a certificate it signed."""
    import os
    import shutil
    import subprocess
    import sys

    from _cluster import free_port
    from _procs import env

    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout",
                    str(key), "-out", str(cert), "-days", "2", "-subj", "/CN=nqueens-test"],
                   check=True, capture_output=True)
    tls = ["--tls-ca-file", str(cert), "--tls-cert", str(cert), "--tls-key", str(key)]
    port = free_port()
    address = f"tls://127.0.0.1:{port}"

    def spawn(*args: str) -> subprocess.Popen[bytes]:
        return subprocess.Popen([sys.executable, "-m", *args], env=env(),
                                start_new_session=True, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)

    procs = [spawn("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port",
                   str(port), "--no-dashboard", "--protocol", "tls", *tls)]
    try:
        for name, extra in (("member", tls), ("stranger", [])):
            procs.append(spawn("distributed.cli.dask_worker", address, "--nthreads", "1",
                               "--no-nanny", "--no-dashboard", "--host", "127.0.0.1",
                               "--name", name, *extra))
        # the coordinator without a certificate: refused, in one line
        refused = run_cli("count", "10", "--scheduler", address, "--scheduler-timeout", "5",
                          "--quiet", timeout=120)
        monkeypatch.setenv("DASK_DISTRIBUTED__COMM__TLS__CA_FILE", str(cert))
        monkeypatch.setenv("DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT", str(cert))
        monkeypatch.setenv("DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY", str(key))
        r = run_cli("count", "12", "--scheduler", address, "--scheduler-timeout", "60",
                    "--replicate", "0", "--json", "--quiet", timeout=BOUND)
    finally:
        for p in reversed(procs):
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait(timeout=30)
    one_line_failure(refused)
    out = exact(r, 12)
    assert out["fleet"]["workers"] == 1   # the stranger never joined
