"""The fleet: workers of a real loopback Dask cluster pull units sized to their speed; lost,
frozen and lying workers cost nothing but time; every answer is checked; replication."""

from __future__ import annotations

import json
import signal
import threading

import pytest

pytest.importorskip("distributed",
                    reason='dask.distributed is not installed (the dask extra)')

import nqueens
from _cluster import Cluster
from _fleet_tasks import Forged, lying_task
from nqueens.engine.fleet import DaskBackend, FleetConfig
from nqueens.errors import SchedulerError

from conftest import OEIS, assert_bad_input, run_cli

pytestmark = pytest.mark.slow


def test_a_count_on_a_fleet_is_exact_replicated_and_says_how_idle(tmp_path):
    with Cluster() as c:
        for name in ("a", "b", "c"):
            c.add(name)
        c.wait(3)
        backend = DaskBackend(c.address, replicate=1.0, seed=7,
                               config=FleetConfig(unit_seconds=0.2))
        got = nqueens.count(13, unique=True, backend=backend, ledger=tmp_path / "l.sqlite")
    assert (got.total, got.unique) == OEIS[13]
    s = backend.fleet_stats
    assert s.units >= 3 and s.workers_seen == 3
    assert s.replicated == s.units and s.agree == s.units and not s.disagreements
    assert 0.0 <= s.idle_fraction < 1.0 and s.busy_seconds > 0


def test_a_lying_worker_is_outvoted_and_reported(tmp_path):
    with Cluster() as c:
        for name in ("honest1", "honest2", "liar"):
            c.add(name)
        c.wait(3)
        backend = DaskBackend(c.address, replicate=1.0, seed=1, task=lying_task,
                               config=FleetConfig(unit_seconds=0.2))
        got = nqueens.count(12, unique=True, backend=backend, ledger=tmp_path / "l.sqlite")
    s = backend.fleet_stats
    lied = [d for d in s.disagreements if "liar" in str(d["workers"][0])]
    if not lied:
        pytest.skip("the liar took no unit in this run")
    assert (got.total, got.unique) == OEIS[12]   # this machine's recount settled it
    assert all(d["verdict"].endswith("wrong: liar") for d in lied)
    assert [q["worker"] for q in s.quarantined] == ["liar"]
    assert s.agree < s.replicated
    # and the ledger holds the corrected rows: it resumes to the right total
    again = nqueens.count(12, unique=True, ledger=tmp_path / "l.sqlite")
    assert (again.total, again.unique) == OEIS[12]


@pytest.mark.parametrize("kind", ["negative", "float", "huge", "unique above total", "short"])
def test_a_worker_answer_that_is_not_a_count_never_reaches_the_ledger(tmp_path, kind):
    with Cluster() as c:
        c.add("w")
        c.wait(1)
        backend = DaskBackend(c.address, task=Forged(kind),
                              config=FleetConfig(no_worker_seconds=3))
        # the only worker is quarantined (a total above 2**64 can only travel pickled,
        # and is refused unread), and with no other the count ends
        why = "pickled" if kind == "huge" else "is not a count"
        with pytest.raises(SchedulerError, match=f"quarantined: w .*{why}"):
            nqueens.count(10, backend=backend, ledger=tmp_path / "l.sqlite")
    r = run_cli("ledger", "show", str(tmp_path / "l.sqlite"), "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out)["done"] == 0


def test_a_frozen_worker_loses_only_time(tmp_path):
    with Cluster() as c:
        c.add("steady")
        c.add("frozen")
        c.wait(2)
        backend = DaskBackend(c.address, config=FleetConfig(
            unit_seconds=0.3, overrun_factor=2.0, overrun_grace=1.0, no_worker_seconds=60))
        frozen = threading.Event()

        def freeze_early(progress) -> None:  # a tenth of the way in, whatever the machine
            if progress.fraction > 0.1 and not frozen.is_set():
                frozen.set()
                c.signal("frozen", signal.SIGSTOP)

        try:
            got = nqueens.count(16, unique=True, backend=backend, progress=freeze_early)
        finally:
            c.signal("frozen", signal.SIGCONT)
    assert frozen.is_set()
    assert (got.total, got.unique) == OEIS[16]
    assert backend.fleet_stats.overrun >= 1


def test_a_count_whose_only_worker_freezes_ends_in_one_line(tmp_path):
    with Cluster() as c:
        c.add("only")
        c.wait(1)
        timer = threading.Timer(2.0, c.signal, ("only", signal.SIGSTOP))
        timer.start()
        try:
            r = run_cli("count", "17", "--scheduler", c.address, "--scheduler-timeout", "3",
                        "--quiet", "--ledger", str(tmp_path / "l.sqlite"), timeout=240)
        finally:
            timer.cancel()
            c.signal("only", signal.SIGCONT)
    assert r.code == 3, r.err
    assert r.err.count("\n") == 1 and "Traceback" not in r.err
    assert "no live Dask worker" in r.err and "resume" in r.err


def test_the_command_line_reports_idle_and_replication(tmp_path):
    with Cluster() as c:
        c.add("a")
        c.add("b")
        c.wait(2)
        r = run_cli("count", "12", "--scheduler", c.address, "--replicate", "1", "--json",
                    "--quiet")
        text = run_cli("count", "11", "--scheduler", c.address, "--replicate", "0.5",
                       "--quiet", "--unique")
        gpu = run_cli("count", "10", "--scheduler", c.address, "--gpu", "--quiet")
    assert r.code == 0, r.err
    out = json.loads(r.out)
    assert out["total"] == OEIS[12][0]
    assert 0.0 <= out["idle_fraction"] <= 1.0
    assert out["replicated"]["units"] == out["replicated"]["agree"] == out["fleet"]["units"]
    assert text.code == 0, text.err
    assert text.out.startswith(f"{OEIS[11][0]} solutions, {OEIS[11][1]} unique")
    assert "units on 2 workers" in text.out and "idle" in text.out
    # workers without a GPU asked to take GPU units: one line naming the GPU, exit 2
    assert_bad_input(gpu, "GPU")


@pytest.mark.parametrize("args, fragment", [
    (["--replicate", "2"], "fraction from 0 to 1"),
    (["--replicate", "x"], "fraction from 0 to 1"),
    (["--replicate", "nan"], "fraction from 0 to 1"),
])
def test_bad_replication_is_one_line(args, fragment):
    assert_bad_input(run_cli("count", "10", "--scheduler", "tcp://127.0.0.1:9", *args),
                     fragment)


def test_replication_and_workers_need_a_scheduler_or_are_refused():
    assert_bad_input(run_cli("count", "10", "--replicate", "0.1"), "--replicate", "--scheduler")
    assert_bad_input(run_cli("count", "10", "--scheduler", "tcp://127.0.0.1:9", "-w", "2"),
                     "--workers", "--scheduler")
