"""The engine loop: threads, executors, the scheduler, progress, estimates, stopping, the API."""

from __future__ import annotations

import concurrent.futures as cf
import threading

import pytest

import nqueens
from nqueens.engine.executors import InlineExecutor
from nqueens.engine.run import (
    CountProgress,
    EngineError,
    Scheduler,
    estimate_count,
    run_count,
)
from nqueens.errors import ConflictingOptionsError, NQueensError, NQueensRuntimeError

from conftest import OEIS


def test_two_local_workers_exact():
    r = run_count(15, workers=2)
    assert (r.total, r.unique) == OEIS[15]
    assert r.workers == 2 and r.subproblems == 2310


def _count_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("nqueens-count")]


def test_threads_end_with_the_count():
    r = run_count(14, workers=2, target_seconds=0.01)
    assert (r.total, r.unique) == OEIS[14]
    assert _count_threads() == []


@pytest.mark.slow
def test_interrupt_stops_the_worker_threads_and_keeps_finished_rows(tmp_path):
    ledger = tmp_path / "l.sqlite"
    calls = 0

    def progress(p: CountProgress) -> None:
        nonlocal calls
        calls += 1
        if p.done >= 40:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_count(16, workers=2, ledger=ledger, progress=progress, target_seconds=0.01)
    assert _count_threads() == []  # shut down, not left running
    from nqueens.engine.ledger import Ledger

    with Ledger.read(ledger) as led:
        kept = len(led.done())
    assert kept >= 40
    r = run_count(16, workers=2, ledger=ledger)
    assert (r.total, r.unique) == OEIS[16]
    assert r.resumed == kept


def test_scheduler_batches_requeues_and_gives_up():
    s = Scheduler(range(1000), workers=2, target_seconds=0.5)
    first = s.next_batch()
    assert first == list(range(8))  # nothing measured yet: small batches
    s.finished(8, seconds=0.08)  # 10 ms each: 50 fit in the target
    assert s.batch_size() == 50
    s.finished(1, seconds=1e-9)
    assert s.batch_size() <= len(s.pending) // 8  # never starves the last workers
    s.requeue(first)
    assert list(s.pending)[:8] == first
    err = ValueError("boom")
    for _ in range(3):
        s.failed(12, [3], err)
    assert s.pending[0] == 3
    with pytest.raises(EngineError, match="failed 4 times"):
        s.failed(12, [3], err)


def test_progress_is_weighted_and_ends_at_one():
    seen: list[CountProgress] = []
    r = run_count(15, workers=2, progress=seen.append, target_seconds=0.02)
    assert seen[-1].done == seen[-1].total == r.subproblems
    assert seen[-1].fraction == 1.0 and seen[-1].eta == 0.0
    assert seen[-1].solutions == r.total
    fractions = [p.fraction for p in seen]
    assert all(0.0 <= f <= 1.0 for f in fractions)
    assert fractions == sorted(fractions)


@pytest.mark.slow
def test_estimate_is_made_before_counting_and_is_close():
    got = []
    r = run_count(13, workers=1, on_estimate=got.append, estimate=True)
    (e,) = got
    assert e.n == 13 and e.workers == 1 and e.seconds > 0 and e.rate > 0
    # Knuth's estimator is unbiased; summed over 1,105 subproblems it is within a few %
    assert abs(e.solutions - r.total) < 0.1 * r.total
    assert abs(e.nodes - r.nodes) < 0.1 * r.nodes
    assert run_count(12, workers=1, on_estimate=got.append).estimate is None  # too small
    assert estimate_count(20).solutions == pytest.approx(OEIS[20][0], rel=0.2)


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
    with pytest.raises(NQueensError, match="workers must be a positive integer, got 0"):
        run_count(8, workers=0)


def test_count_api_default_and_strategies():
    assert nqueens.count(10) == 724
    assert nqueens.count(10, unique=True) == nqueens.Counts(10, 724, 92)
    assert nqueens.count(9, strategy="arrays") == 352
    assert nqueens.count(8, unique=True, strategy="promising").unique == 12
    assert nqueens.count(11, backend=nqueens.ThreadBackend(workers=1), ledger=None) == 2680


def test_count_api_conflicting_options():
    with pytest.raises(ConflictingOptionsError):
        nqueens.count(8, strategy="arrays", backend=nqueens.ThreadBackend(workers=2))
    with pytest.raises(ConflictingOptionsError):
        nqueens.count(8, strategy="promising", ledger="x.sqlite")


def test_progress_helpers_are_quiet_off_a_terminal():
    import io

    from nqueens.engine.progress import Progress, wants_progress

    assert not wants_progress(quiet=False, stream=io.StringIO())
    p = Progress(enabled=False, delay=0)
    r = run_count(12, workers=1, progress=p)
    assert p.last is not None and p.last.done == p.last.total == r.subproblems
    p.close()


@pytest.mark.parametrize("n", range(1, 11))
def test_small_boards_count_in_pure_python(n):
    assert nqueens.count(n, unique=True) == nqueens.Counts(n, *OEIS[n])
    assert nqueens.count(n) == OEIS[n][0]


def test_a_stopped_batch_hands_back_the_rows_it_finished():
    from nqueens.engine.split import split
    from nqueens.engine.task import Stopped, count_batch

    items = [tuple(s) for s in split(12)][:200]
    whole = count_batch(12, items)

    class AfterSlices:
        """Set after a few slices: the stop lands in the middle of the batch."""

        def __init__(self, slices: int) -> None:
            self.asked = 0
            self.slices = slices

        def is_set(self) -> bool:
            self.asked += 1
            return self.asked > self.slices

    for slices in (10, 100, 300):  # of the ~440 slices the batch takes
        kept: list = []
        with pytest.raises(Stopped):
            count_batch(12, items, stop=AfterSlices(slices), slice_nodes=64, finished=kept)
        assert 0 < len(kept) < len(items)
        assert [r[:3] for r in kept] == [r[:3] for r in whole[:len(kept)]]


def test_the_calibration_work_is_kept(monkeypatch, tmp_path):
    import nqueens.engine.estimate as run_module

    # long enough for the whole calibration sample to be counted
    monkeypatch.setattr(run_module, "CALIBRATION_SECONDS", 30.0)
    seen: list[CountProgress] = []
    ledger = tmp_path / "13.ledger"
    r = run_count(13, workers=1, estimate=True, progress=seen.append, ledger=ledger)
    assert (r.total, r.unique) == OEIS[13] and r.resumed == 0
    # the first report comes before any batch: the sampled subproblems are already in
    assert 0 < seen[0].done < r.subproblems
    again = run_count(13, workers=1, ledger=ledger)
    assert again.resumed == r.subproblems and (again.total, again.unique) == OEIS[13]


def test_ctrl_c_inside_a_batch_keeps_its_finished_subproblems():
    from nqueens.engine.split import split
    from nqueens.engine.task import count_batch

    items = [tuple(s) for s in split(12)][:200]
    whole = count_batch(12, items)
    slices = 0

    def interrupt_later(nodes: int) -> None:
        nonlocal slices
        slices += 1
        if slices == 100:
            raise KeyboardInterrupt

    kept: list = []
    with pytest.raises(KeyboardInterrupt):
        count_batch(12, items, tally=interrupt_later, slice_nodes=64, finished=kept)
    assert 0 < len(kept) < len(items)
    assert [r[:3] for r in kept] == [r[:3] for r in whole[:len(kept)]]


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.slow
def test_an_interrupted_count_records_what_its_batches_finished(tmp_path, workers):
    def interrupted_then_resumed(ledger) -> tuple[int, int]:
        first: list[int] = []

        def interrupt(p: CountProgress) -> None:
            if p.elapsed > 0.3:  # well inside the count (0.7 s or more on 2 cores)
                # the subproblems of the batches that came back whole, when Ctrl-C first
                # lands (reports made while the engine records the cut-short batches on
                # its way out also raise, but they count those batches' rows too)
                if not first:
                    first.append(p.done)
                raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            run_count(16, workers=workers, ledger=ledger, progress=interrupt, estimate=False)
        reported = first[0]
        r = run_count(16, workers=workers, ledger=ledger, estimate=False)
        assert (r.total, r.unique) == OEIS[16]
        assert r.resumed >= reported
        return r.resumed, reported

    # the batches cut short gave up their finished subproblems to the ledger too (a Ctrl-C
    # that lands in the report right after a batch came back leaves none cut short: try
    # again, up to five times)
    outcomes = []
    for attempt in range(5):
        outcomes.append(interrupted_then_resumed(tmp_path / f"16-{attempt}.ledger"))
        if outcomes[-1][0] > outcomes[-1][1]:
            break
    assert any(resumed > reported for resumed, reported in outcomes), outcomes
    assert _count_threads() == []


@pytest.mark.slow
def test_a_process_pool_that_cannot_start_says_why(tmp_path):
    # a user's script without a main guard, spawn start method: the workers re-run the
    # script, fail, and the pool breaks before any batch comes back
    import os
    import subprocess
    import sys

    from conftest import SRC

    script = tmp_path / "user.py"
    script.write_text(
        "import concurrent.futures as cf, multiprocessing as mp\n"
        "import nqueens\n"
        "ex = cf.ProcessPoolExecutor(2, mp_context=mp.get_context('spawn'))\n"
        "try:\n"
        "    nqueens.count(12, backend=nqueens.ExecutorBackend(ex))\n"
        "except nqueens.errors.NQueensRuntimeError as err:\n"
        "    print('ERROR', err)\n"
        "ex.shutdown(wait=False, cancel_futures=True)\n")
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                       timeout=240, env=dict(os.environ, PYTHONPATH=str(SRC)), cwd=tmp_path)
    errors = [line for line in r.stdout.splitlines() if line.startswith("ERROR")]
    assert errors and "before any batch finished" in errors[0], (r.stdout, r.stderr[-2000:])
    assert '__name__ == "__main__"' in errors[0]
