"""The ledger as a file: its work lives in the file itself (not only in its ``-wal`` log), a
log that is not the file's own is refused, and the file lives exactly at the name given."""

from __future__ import annotations

import contextlib
import json
import os
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import nqueens.engine.ledger as ledger_module
from _procs import env, start_cli, wait_for_rows
from nqueens.engine.ledger import _FOLD_EVERY, Job, Ledger, LedgerError
from nqueens.engine.ledger_files import _FOLD_PAGES
from nqueens.engine.run import run_count
from nqueens.engine.split import METHOD, METHOD_VERSION, split, split_hash

from conftest import OEIS, assert_bad_input, run_cli


def _rows_in_file_alone(path: Path) -> int:
    """Rows the file itself holds, its log ignored (as if it were copied on its own)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM results").fetchone()[0])
    except sqlite3.OperationalError:  # no table: the file alone is an empty database
        return 0
    finally:
        conn.close()


def _job(n: int) -> Job:
    subs = split(n)
    return Job(n, METHOD, METHOD_VERSION, split_hash(n, subs), len(subs))


def _killed_ledger(path: Path, n: int, batches: int, pause: float = 0.0) -> None:
    """A ledger for ``n`` whose count was killed (SIGKILL) after ``batches`` batches of 3
    rows, the last one ``pause`` seconds after the others: it is left in WAL form with its
    ``-wal`` log beside it."""
    code = textwrap.dedent(f"""
        import os, signal, time
        from nqueens.engine.ledger import Job, Ledger
        from nqueens.engine.split import METHOD, METHOD_VERSION, split, split_hash
        from nqueens.engine.task import count_batch
        subs = split({n})
        job = Job({n}, METHOD, METHOD_VERSION, split_hash({n}, subs), len(subs))
        led = Ledger.open({str(path)!r}, job)
        for b in range({batches}):
            i = b * 3
            if b == {batches} - 1:
                time.sleep({pause})
            rows = count_batch({n}, [tuple(s) for s in subs[i:i + 3]])
            led.record([(i + j, subs[i + j].key, *r) for j, r in enumerate(rows)])
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    proc = subprocess.run([sys.executable, "-c", code], env=env(), capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert (path.parent / (path.name + "-wal")).stat().st_size > 0


# -- the work is in the file itself (F4, F7) -----------------------------------------------


def test_a_killed_ledger_holds_its_rows_in_the_file_itself(tmp_path):
    """Killed in WAL form, the file alone (copied without its -wal, or with the -wal lost)
    holds every row up to the last fold, and resumes from them."""
    path = tmp_path / "l.sqlite"
    _killed_ledger(path, 10, 4, pause=_FOLD_EVERY)
    alone = tmp_path / "alone"
    alone.mkdir()
    shutil.copy(path, alone / "l.sqlite")
    assert _rows_in_file_alone(alone / "l.sqlite") == 12
    show = run_cli("ledger", "show", str(alone / "l.sqlite"), "--json")
    assert show.code == 0, show.err
    assert json.loads(show.out)["done"] == 12
    for side in ("-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(str(path) + side)
    for ledger in (path, alone / "l.sqlite"):
        again = run_count(10, workers=1, ledger=ledger)
        assert again.total == OEIS[10][0] and again.resumed == 12


@pytest.mark.slow
def test_a_killed_count_keeps_its_rows_in_the_file_itself(tmp_path):
    """The audit's case through the CLI: SIGKILL mid-count, then the file copied alone."""
    path = tmp_path / "kill.sqlite"
    proc = start_cli("count", "17", "--workers", "1", "--ledger", str(path), "--quiet")
    try:
        wait_for_rows(path, 20, proc)
        time.sleep(_FOLD_EVERY + 0.5)  # the count goes on, and folds at least once
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    assert (tmp_path / "kill.sqlite-wal").exists()  # left in WAL form
    alone = tmp_path / "alone"
    alone.mkdir()
    shutil.copy(path, alone / "kill.sqlite")
    kept = _rows_in_file_alone(alone / "kill.sqlite")
    assert kept >= 20
    r = run_cli("count", "17", "--ledger", str(alone / "kill.sqlite"), "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out)["total"] == OEIS[17][0]


def test_the_log_is_folded_into_the_file_and_stays_small(tmp_path, monkeypatch):
    """A batch that ends a fold interval after the last fold puts every row in the file
    itself; and however fast batches come, the log is folded when it reaches _FOLD_PAGES
    pages and then reused from its start, so it never grows to several times the ledger (a
    nearly full disk needs about the ledger's size free, not 3.5 times it)."""
    path = tmp_path / "l.sqlite"
    subs = split(12)
    with Ledger.open(path, _job(12)) as led:
        led.record([(i, s.key, 1, 1, 1, 1) for i, s in enumerate(subs[:100])])
        time.sleep(_FOLD_EVERY)
        led.record([(100, subs[100].key, 1, 1, 1, 1)])
        assert _rows_in_file_alone(path) == 101
    monkeypatch.setattr(ledger_module, "_FOLD_EVERY", 1e9)  # no timed fold
    with Ledger.open(path, _job(12)) as led:
        biggest = 0
        for i, s in enumerate(subs):  # about 2,500 pages of log, one row a commit
            led.record([(i, s.key, 2, 1, 1, 1)])
            biggest = max(biggest, os.path.getsize(str(path) + "-wal"))
    assert biggest <= (_FOLD_PAGES + 16) * (4096 + 24) + 32
    assert sorted(os.listdir(tmp_path)) == ["l.sqlite"]
    with Ledger.read(path) as led:
        assert led.summary().total == 2 * len(subs)


# -- a log that is not the file's own ------------------------------------------------------


def test_a_stale_log_beside_a_replaced_ledger_is_refused(tmp_path):
    """The audit's case: a count of N = 10 killed, leaving L and L-wal; the user copies a
    finished N = 9 ledger onto L. SQLite would replay the old log over the user's file and
    the count would go on as the N = 10 job; instead both files are named and left alone."""
    path = tmp_path / "l.sqlite"
    _killed_ledger(path, 10, 4)
    other = tmp_path / "n9.sqlite"
    run_count(9, workers=1, ledger=other)
    shutil.copy(other, path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    for args in (["count", "10", "--ledger", str(path)], ["count", "9", "--ledger", str(path)],
                 ["ledger", "show", str(path)], ["ledger", "verify", str(path)]):
        assert_bad_input(run_cli(*args), "l.sqlite-wal", "move", "away")
    with pytest.raises(LedgerError, match="log left by an earlier file"):
        Ledger.read(path)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    os.unlink(str(path) + "-wal")  # as the message says
    r = run_cli("count", "9", "--ledger", str(path), "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out)["total"] == OEIS[9][0]


def test_the_log_of_a_killed_count_is_its_own(tmp_path):
    """A WAL-form file with its log is the killed count's own: it resumes with every row."""
    path = tmp_path / "l.sqlite"
    _killed_ledger(path, 10, 4)
    with Ledger.read(path) as led:
        assert len(led.done()) == 12
    assert run_count(10, workers=1, ledger=path).resumed == 12


# -- names SQLite would read specially -----------------------------------------------------


@pytest.mark.parametrize("name", ["file:x.sqlite", ":memory:", "file:y.sqlite?mode=memory"])
def test_the_ledger_lives_exactly_at_the_name_given(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    first = run_count(9, workers=1, ledger=name)
    assert os.listdir(tmp_path) == [name]
    with Ledger.read(name) as led:
        assert len(led.done()) == first.subproblems
    again = run_count(9, workers=1, ledger=name)
    assert again.total == OEIS[9][0] and again.resumed == again.subproblems
    r = run_cli("ledger", "show", name, "--json", cwd=tmp_path)
    assert r.code == 0, r.err
    assert json.loads(r.out)["complete"]


def test_a_name_that_is_not_utf8(tmp_path):
    path = os.path.join(str(tmp_path), os.fsdecode(b"\xff.sqlite"))
    for _ in range(2):  # create, then reopen
        r = run_cli("count", "9", "--ledger", path, "--json")
        assert r.code == 0, r.err
        assert json.loads(r.out)["total"] == OEIS[9][0]
    assert run_cli("ledger", "show", path).code == 0
    v = run_cli("ledger", "verify", path, "--sample", "2")
    assert v.code == 0, v.err
    assert os.listdir(tmp_path) == [os.fsdecode(b"\xff.sqlite")]


# -- messages that say what is wrong -------------------------------------------------------


def test_a_fifo_is_named_as_one(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for args in (["ledger", "show", str(fifo)], ["count", "8", "--ledger", str(fifo)]):
        assert_bad_input(run_cli(*args), "a FIFO", "not a regular file")


def test_a_name_too_long_is_said_to_be(tmp_path):
    long_path = str(tmp_path / ("d/" * 2100)) + "l.sqlite"
    long_name = str(tmp_path / ("l" * 300))
    for name in (long_path, long_name):
        for args in (["ledger", "show", name], ["count", "8", "--ledger", name]):
            r = run_cli(*args)
            assert_bad_input(r, "too long")
            assert len(r.err) < 400  # the name is cut, not echoed in full


def test_too_few_file_descriptors_is_a_runtime_failure(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "nqueens", "count", "9", "--ledger", str(tmp_path / "l.sqlite")],
        env=env(), capture_output=True, text=True, timeout=120,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (6, 6)))
    assert proc.returncode == 3, proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert "too many open files" in proc.stderr


def test_an_empty_database_is_a_ledger_being_created(tmp_path):
    """What ``ledger show`` meets while a count creates its ledger (or after one stopped
    then): it says so, reads it only, and the count takes the file up."""
    path = tmp_path / "l.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.close()
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    for action in ("show", "verify"):
        assert_bad_input(run_cli("ledger", action, str(path)), "being created",
                         "try again in a moment")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    assert run_cli("count", "9", "--ledger", str(path)).code == 0


def test_a_ledger_is_created_whole_or_not_at_all(tmp_path, monkeypatch):
    # the schema went in statement by statement: a count stopped between the tables and
    # the job record left a file the rerun refused as "not an nqueens ledger" (seen once
    # in the random-Ctrl-C resume test)
    path = tmp_path / "l.sqlite"
    path.touch()  # an unbegun ledger, as a count stopped at its very start leaves
    job = _job(8)
    monkeypatch.setattr(ledger_module, "_SCHEMA",
                        ledger_module._SCHEMA + "INSERT INTO no_such_table VALUES (1);")
    with pytest.raises(LedgerError):
        Ledger.open(path, job)
    monkeypatch.undo()
    with Ledger.open(path, job) as led:  # taken up afresh
        assert led.done() == {}
    assert run_count(8, workers=1, ledger=path).total == OEIS[8][0]
