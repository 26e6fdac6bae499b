"""The ledger as a file: it lives exactly at the name given, and a name that cannot be a
ledger is refused in a line that says why."""

from __future__ import annotations

import json
import os
import resource
import sqlite3
import subprocess
import sys

import pytest

from _procs import env
from nqueens.engine.ledger import Ledger
from nqueens.engine.run import run_count

from conftest import OEIS, assert_bad_input, run_cli

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
