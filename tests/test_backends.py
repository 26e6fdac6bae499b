"""The engine's backends: one loop, any place to run the batches.

A backend written here (not one the package ships) must give the exact counts and a ledger
the threads backend resumes from; the bundled backends refuse bad arguments when made; a
missing optional package is an ``ImportError`` carrying its install line, and the CLI
turns it into one line and exit status 2.
"""

from __future__ import annotations

import concurrent.futures as cf
import subprocess
import sys

import pytest

import nqueens
from nqueens.engine.backends import Backend, ExecutorBackend, ThreadBackend
from nqueens.engine.dispatch import Sink
from nqueens.engine.scheduler import Scheduler
from nqueens.engine.task import count_batch
from nqueens.errors import DaskUnavailableError, MissingDependencyError

from conftest import OEIS, SRC


class Backwards(Backend):
    """A backend of this test's own: batches of three, counted last subproblem first, each
    batch recorded in two halves (what a pull-based backend may do: the loop must not care
    in which order or pieces the answers come)."""

    def __init__(self) -> None:
        self.batches = 0

    def schedule(self, n, items, pending, weights, workers):  # type: ignore[no-untyped-def]
        return Scheduler(reversed(pending), workers=workers, batch_items=3)

    def run(self, n, items, sched: Scheduler, sink: Sink) -> None:  # type: ignore[no-untyped-def]
        while sched.pending:
            idxs = sched.next_batch()
            rows = count_batch(n, [items[i] for i in idxs])
            self.batches += 1
            half = len(idxs) // 2
            sink.record(idxs[:half], rows[:half])
            sink.record(idxs[half:], rows[half:])
            sink.report()


@pytest.mark.parametrize("n", [9, 12])
def test_a_backend_of_ones_own_counts_exactly(n):
    backend = Backwards()
    assert tuple(nqueens.count(n, unique=True, backend=backend))[1:] == OEIS[n]
    assert backend.batches > 1


def test_a_backend_of_ones_own_writes_a_ledger_the_threads_resume(tmp_path):
    from nqueens.engine.run import run_engine

    ledger = tmp_path / "n11.sqlite"
    first = run_engine(11, Backwards(), ledger=ledger)
    again = run_engine(11, ThreadBackend(workers=1), ledger=ledger)
    assert (first.total, first.unique) == OEIS[11] == (again.total, again.unique)
    assert again.resumed == again.subproblems


def test_a_wrong_sized_answer_stops_the_count():
    class Short(Backwards):
        def run(self, n, items, sched, sink):  # type: ignore[no-untyped-def]
            idxs = sched.next_batch()
            sink.record(idxs, count_batch(n, [items[i] for i in idxs])[:-1])

    with pytest.raises(nqueens.NQueensRuntimeError, match=r"is not a count: expected .* rows"):
        nqueens.count(12, backend=Short())


def test_an_executor_backend_and_threads_agree():
    with cf.ThreadPoolExecutor(2) as pool:
        on_pool = nqueens.count(13, unique=True, backend=ExecutorBackend(pool, workers=2))
    assert on_pool == nqueens.count(13, unique=True, backend=ThreadBackend(workers=2))
    assert tuple(on_pool)[1:] == OEIS[13]


def test_a_backend_is_checked_before_any_work(tmp_path):
    ledger = tmp_path / "never.sqlite"
    with pytest.raises(nqueens.NQueensError, match="backend must be"):
        nqueens.count(12, backend=cf.ThreadPoolExecutor(1), ledger=ledger)  # type: ignore
    assert not ledger.exists()
    with pytest.raises(nqueens.NQueensError, match="executor must be"):
        ExecutorBackend(None)  # type: ignore[arg-type]


def test_missing_dask_is_an_import_error_with_its_install_line(monkeypatch):
    from nqueens.engine.fleet import DaskBackend

    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(DaskUnavailableError, match=r'pip install "nqueens-toolkit\[dask\]"') as err:
        nqueens.count(12, backend=DaskBackend("tcp://127.0.0.1:9"))
    assert isinstance(err.value, ImportError) and isinstance(err.value, MissingDependencyError)
    assert not isinstance(err.value, ValueError)


def test_the_cli_says_the_install_line_and_exits_2_without_dask():
    script = ("import sys; sys.modules['distributed'] = None; from nqueens.cli import main; "
              "sys.exit(main(['count', '12', '--scheduler', 'tcp://127.0.0.1:9']))")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and 'pip install "nqueens-toolkit[dask]"' in lines[0], proc.stderr
    assert proc.stdout == ""
