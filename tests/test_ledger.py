"""The SQLite ledger: resume, SIGKILL at any moment, refusal of foreign and damaged files."""

from __future__ import annotations

import json
import signal
import sqlite3

import pytest

from _forge import edit, edit_and_resign
from _procs import kill_after_rows, ledger_rows
from nqueens.engine.ledger import Job, Ledger, LedgerError
from nqueens.engine.run import run_count
from nqueens.engine.split import split

from conftest import OEIS, assert_bad_input, run_cli


def test_resume_runs_only_the_missing_subproblems(tmp_path):
    path = tmp_path / "l.sqlite"
    first = run_count(12, workers=1, ledger=path)
    assert (first.total, first.unique) == OEIS[12] and first.resumed == 0
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("DELETE FROM results WHERE idx % 3 = 0")
    left = conn.execute("SELECT COUNT(*) FROM results").fetchone()[0]
    conn.close()
    again = run_count(12, workers=1, ledger=path)
    assert (again.total, again.unique, again.nodes) == (first.total, first.unique, first.nodes)
    assert again.resumed == left < first.subproblems
    done = run_count(12, workers=1, ledger=path)
    assert done.resumed == done.subproblems


def test_ledger_holds_integers_and_text_only(tmp_path):
    path = tmp_path / "l.sqlite"
    run_count(10, workers=1, ledger=path)
    conn = sqlite3.connect(path)
    types = {t for (t,) in conn.execute(
        "SELECT DISTINCT typeof(idx) || typeof(key) || typeof(total) || typeof(uniq) "
        "|| typeof(nodes) || typeof(micros) || typeof(finished) FROM results")}
    assert types == {"integer" + "text" + "integer" * 4 + "text"}
    assert {t for (t,) in conn.execute("SELECT DISTINCT typeof(value) FROM meta")} == {"text"}
    # WAL while counting; a finished count leaves one self-contained file
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()


def test_foreign_ledger_refused_other_n(tmp_path):
    path = tmp_path / "l.sqlite"
    run_count(9, workers=1, ledger=path)
    r = run_cli("count", "10", "--ledger", str(path))
    assert_bad_input(r, "ledger for N = 9, not N = 10")


def test_foreign_ledger_refused_other_method(tmp_path):
    path = tmp_path / "l.sqlite"
    run_count(9, workers=1, ledger=path)
    edit_and_resign(path, "UPDATE meta SET value = 'takaken' WHERE key = 'method'")
    assert_bad_input(run_cli("count", "9", "--ledger", str(path)), "method takaken")




def test_not_a_ledger_refused(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("hello\n" * 100)
    assert_bad_input(run_cli("count", "8", "--ledger", str(text)), "not a readable nqueens ledger")
    other = tmp_path / "other.sqlite"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE t (x)")
    conn.close()
    assert_bad_input(run_cli("count", "8", "--ledger", str(other)), "not an nqueens ledger")


@pytest.mark.parametrize("sides", [(), ("-wal",), ("-wal", "-shm")])
def test_a_ledger_stopped_while_it_was_created_is_taken_up(tmp_path, sides):
    """Ctrl-C in the milliseconds where a count creates its ledger leaves an SQLite file with
    nothing in it (WAL mode set, no table yet): the next count starts there."""
    path = tmp_path / "l.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    for side in sides:   # a connection still open when the process died
        (tmp_path / ("l.sqlite" + side)).touch()
    conn.close()
    assert path.stat().st_size > 0
    r = run_cli("count", "10", "--ledger", str(path), "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out)["total"] == OEIS[10][0]
    assert run_cli("ledger", "verify", str(path), "--all").code == 0
    # a database with anything in it is still somebody else's
    other = tmp_path / "app.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE t (x)")
    conn.close()
    assert_bad_input(run_cli("count", "8", "--ledger", str(other)), "not an nqueens ledger")


def test_damaged_ledger_refused(tmp_path):
    path = tmp_path / "l.sqlite"
    run_count(11, workers=1, ledger=path)
    data = path.read_bytes()
    truncated = tmp_path / "cut.sqlite"
    truncated.write_bytes(data[: len(data) // 2])
    r = run_cli("count", "11", "--ledger", str(truncated))
    assert_bad_input(r, "cut.sqlite")
    assert "damaged" in r.err or "malformed" in r.err or "not a readable" in r.err
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(data)
    edit(bad, "UPDATE results SET uniq = total + 1 WHERE idx = 3")
    shown = run_cli("ledger", "show", str(bad))     # shown, the row named, exit 1
    assert shown.code == 1 and "1 row (3) fails its check" in shown.out, shown.err
    swapped = tmp_path / "swapped.sqlite"
    swapped.write_bytes(data)
    edit(swapped, "UPDATE results SET key = '9,9,9,9' WHERE idx = 5")
    assert_bad_input(run_cli("count", "11", "--ledger", str(swapped)),
                     "subproblem 5 fails its check")


def test_ledger_api_refuses_other_job(tmp_path):
    path = tmp_path / "l.sqlite"
    job = Job(8, "constellations", 1, "abc", len(split(8)))
    Ledger.open(path, job).close()
    with pytest.raises(LedgerError, match="different split"):
        Ledger.open(path, job._replace(split_hash="xyz"))


def test_missing_directory_is_one_line(tmp_path):
    r = run_cli("count", "8", "--ledger", str(tmp_path / "no" / "such" / "l.sqlite"))
    assert_bad_input(r, "no such directory")


def test_show_and_verify(tmp_path):
    path = tmp_path / "l.sqlite"
    run_count(12, workers=1, ledger=path)
    show = run_cli("ledger", "show", str(path), "--json")
    assert show.code == 0, show.err
    info = json.loads(show.out)
    assert info["complete"] and (info["total"], info["unique"]) == OEIS[12]
    text = run_cli("ledger", "show", str(path))
    assert "730 of 730 done" in text.out and "14,200" in text.out
    assert f"searched     {info['nodes']:,} nodes in the kernels" in text.out
    ok = run_cli("ledger", "verify", str(path), "--sample", "6", "--seed", "3")
    assert ok.code == 0, ok.err
    assert "6 of 730 finished subproblems of N = 12 recounted independently: all agree" in ok.out


def test_verify_reports_a_tampered_count(tmp_path):
    path = tmp_path / "l.sqlite"
    run_count(10, workers=1, ledger=path)
    edit_and_resign(path, "UPDATE results SET total = total + 8, uniq = uniq + 1")
    r = run_cli("ledger", "verify", str(path), "--sample", "3", "--json")
    assert r.code == 1
    assert len(json.loads(r.out)["mismatches"]) == 3


def test_show_missing_file(tmp_path):
    assert_bad_input(run_cli("ledger", "show", str(tmp_path / "nope.sqlite")), "no ledger at")


@pytest.mark.slow
def test_sigkill_mid_run_then_resume_to_the_exact_total(tmp_path):
    path = tmp_path / "kill.sqlite"
    proc = kill_after_rows(path, 20, "count", "16", "--workers", "1", "--ledger", str(path),
                           "--quiet")
    assert proc.returncode == -signal.SIGKILL
    kept = ledger_rows(path)
    total_subproblems = len(split(16))
    assert 20 <= kept < total_subproblems
    r = run_cli("count", "16", "--unique", "--ledger", str(path), "--json", "--workers", "1")
    assert r.code == 0, r.err
    record = json.loads(r.out)
    assert (record["total"], record["unique"]) == OEIS[16]
    assert ledger_rows(path) == total_subproblems
