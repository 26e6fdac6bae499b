"""The engine loop: executors, batching, two workers, a killed pool worker, the count API."""

from __future__ import annotations

import concurrent.futures as cf
import os
import signal
import sys
import time

import pytest

import nqueens
from _procs import children, start_cli, wait_for_rows
from nqueens.engine.executors import InlineExecutor
from nqueens.engine.run import EngineError, run_count
from nqueens.errors import ConflictingOptionsError, NQueensError, NQueensRuntimeError

from conftest import OEIS


def test_two_local_workers_exact():
    r = run_count(15, workers=2)
    assert (r.total, r.unique) == OEIS[15]
    assert r.workers == 2 and r.subproblems == 2310


def test_any_executor_runs_the_same_loop():
    with cf.ThreadPoolExecutor(max_workers=2) as pool:
        r = run_count(13, executor=pool, workers=2)
    assert (r.total, r.unique) == OEIS[13]


def test_small_batches_give_the_same_answer():
    r = run_count(12, executor=InlineExecutor(), target_seconds=1e-9)
    assert (r.total, r.unique) == OEIS[12]


def test_a_failing_executor_gives_up_with_a_clear_error():
    class Failing(cf.Executor):
        def submit(self, fn, /, *args, **kwargs):
            f = cf.Future()
            f.set_exception(RuntimeError("boom"))
            return f

    with pytest.raises(EngineError, match=r"failed 4 times.*boom") as info:
        run_count(9, executor=Failing())
    # a runtime failure (exit 3), not bad input
    assert isinstance(info.value, NQueensRuntimeError)
    assert not isinstance(info.value, ValueError)


def test_workers_below_one_refused():
    with pytest.raises(NQueensError, match="at least 1"):
        run_count(8, workers=0)


def test_count_api_default_and_strategies():
    assert nqueens.count(10) == 724
    assert nqueens.count(10, unique=True) == nqueens.Counts(10, 724, 92)
    assert nqueens.count(9, strategy="arrays") == 352
    assert nqueens.count(8, unique=True, strategy="promising").unique == 12
    assert nqueens.count(11, workers=1, ledger=None) == 2680


def test_count_api_conflicting_options():
    with pytest.raises(ConflictingOptionsError):
        nqueens.count(8, strategy="arrays", workers=2)
    with pytest.raises(ConflictingOptionsError):
        nqueens.count(8, strategy="promising", ledger="x.sqlite")


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs /proc")
def test_killed_pool_worker_is_replaced_and_the_count_stays_exact(tmp_path):
    ledger = tmp_path / "pool.sqlite"
    proc = start_cli("count", "16", "--workers", "2", "--ledger", str(ledger), "--json")
    try:
        wait_for_rows(ledger, 5, proc)
        workers = [pid for pid, cmd in children(proc.pid)
                   if "multiprocessing" in cmd and "resource_tracker" not in cmd]
        assert workers, children(proc.pid)
        os.kill(workers[0], signal.SIGKILL)
        out, err = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 0, err
    import json

    record = json.loads(out)
    assert record["total"] == OEIS[16][0]
    assert record["workers"] == 2


def test_progress_helpers_are_quiet_off_a_terminal():
    import io

    from nqueens.engine.progress import Progress, wants_progress

    assert not wants_progress(quiet=False, stream=io.StringIO())
    p = Progress(enabled=False, delay=0)
    p.update(done=1, total=2, solutions=3)
    p.close()
    time.sleep(0)
