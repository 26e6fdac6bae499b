"""Ledger evidence: bit flips, edits and foreign schema objects never give a count with exit 0;
read-only commands write nothing; one count per ledger; verify recounts independently."""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

import nqueens.cli
from _forge import edit, edit_and_resign
from _procs import env
from nqueens.engine.ledger import Job, Ledger, LedgerBusyError, LedgerError, LedgerRowsError
from nqueens.engine.run import run_count
from nqueens.engine.split import METHOD, METHOD_VERSION, split, split_hash
from nqueens.engine.task import count_batch

from conftest import OEIS, assert_bad_input, run_cli


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> Path:
    """A finished ledger of N = 11 (at rest: rollback journal, one file)."""
    path = tmp_path_factory.mktemp("ledger") / "l11.sqlite"
    run_count(11, workers=1, ledger=path)
    return path


def _copy(src: Path, dst: Path) -> Path:
    shutil.copyfile(src, dst)
    return dst


def _count(path: Path, capsys, *extra: str) -> tuple[int, str, str]:
    code = nqueens.cli.main(["count", "11", "--unique", "--json", "--quiet",
                             "--workers", "1", "--ledger", str(path), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def _refused_or_right(code: int, out: str, err: str) -> str:
    """A count from a damaged ledger: refused in one line (2 or 3), or exactly right."""
    if code == 0:
        record = json.loads(out)
        assert (record["total"], record["unique"]) == OEIS[11], "a wrong count with exit 0"
        return "right"
    assert code in (2, 3), (code, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return "refused"


def test_every_flipped_byte_is_refused_or_harmless(finished, tmp_path, capsys):
    data = finished.read_bytes()
    rng = random.Random(20261122)
    # every byte of the file header and of the first page, then random bytes everywhere
    positions = list(range(0, 100, 3)) + sorted(rng.sample(range(len(data)), 260))
    outcomes = {"right": 0, "refused": 0}
    for pos in positions:
        flipped = bytearray(data)
        flipped[pos] ^= 1 << rng.randrange(8)
        path = tmp_path / "flip.sqlite"
        path.write_bytes(bytes(flipped))
        for side in ("-journal", "-wal", "-shm"):
            Path(str(path) + side).unlink(missing_ok=True)
        outcomes[_refused_or_right(*_count(path, capsys))] += 1
    assert outcomes["refused"] > 20  # the flips did reach the data


def test_random_bytes_over_a_page_are_refused_or_harmless(finished, tmp_path, capsys):
    data = finished.read_bytes()
    rng = random.Random(7)
    page = 4096
    for start in range(0, len(data), page):
        junk = bytearray(data)
        junk[start + 200:start + 260] = rng.randbytes(60)
        path = tmp_path / "junk.sqlite"
        path.write_bytes(bytes(junk[:len(data)]))
        _refused_or_right(*_count(path, capsys))


@pytest.mark.parametrize("sql", [
    "UPDATE results SET total = total + 8 WHERE idx = 17",
    "UPDATE results SET uniq = uniq + 1 WHERE idx = 17",
    "UPDATE results SET nodes = nodes + 1 WHERE idx = 17",
    "UPDATE results SET res13 = (res13 + 1) % 13 WHERE idx = 17",
    "UPDATE results SET key = '1,2,3,4' WHERE idx = 17",
    "UPDATE results SET idx = 9999 WHERE idx = 17",
    "UPDATE results SET total = total + 0.5 WHERE idx = 17",
    "UPDATE results SET total = 'many' WHERE idx = 17",
    "UPDATE results SET digest = 'x' WHERE idx = 17",
    "UPDATE results SET seal = 'x' WHERE idx = 17",
])
def test_edited_rows_are_refused_by_name_and_repaired(finished, tmp_path, capsys, sql):
    path = _copy(finished, tmp_path / "edit.sqlite")
    edit(path, sql)
    code, out, err = _count(path, capsys)
    assert code == 2 and err.count("\n") == 1, err
    assert "fails its check" in err and "--repair" in err
    if "9999" not in sql:
        assert "subproblem 17 fails" in err
    code, out, err = _count(path, capsys, "--repair")
    assert code == 0, err  # an index outside the split, too, is deleted and recounted
    assert (json.loads(out)["total"], json.loads(out)["unique"]) == OEIS[11]
    code, out, err = _count(path, capsys)
    assert code == 0, err


@pytest.mark.parametrize("sql, named", [
    ("CREATE TRIGGER inflate AFTER INSERT ON results BEGIN "
     "UPDATE results SET total = total * 2 WHERE idx = NEW.idx; END", "trigger 'inflate'"),
    ("CREATE VIEW v AS SELECT * FROM results", "view 'v'"),
    ("CREATE INDEX i ON results(total)", "index 'i'"),
    ("CREATE TABLE extra (x)", "table 'extra'"),
])
def test_foreign_schema_objects_are_refused_by_name(finished, tmp_path, capsys, sql, named):
    path = _copy(finished, tmp_path / "schema.sqlite")
    edit(path, "DELETE FROM results WHERE idx < 50", sql)
    code, _, err = _count(path, capsys)
    assert code == 2 and err.count("\n") == 1 and named in err, err
    assert_bad_input(run_cli("ledger", "show", str(path)), named)


def test_edited_job_record_is_refused(finished, tmp_path, capsys):
    path = _copy(finished, tmp_path / "job.sqlite")
    edit(path, "UPDATE meta SET value = '1' WHERE key = 'subproblems'")
    code, _, err = _count(path, capsys)
    assert code == 2 and "job record fails its check" in err


def _folder(path: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in path.parent.iterdir()}


@pytest.mark.parametrize("forgery, message", [
    (("UPDATE results SET key = key || '!' WHERE idx = 1",  # row 0 takes row 1's key
      "UPDATE results SET key = (SELECT rtrim(key, '!') FROM results WHERE idx = 1) "
      "WHERE idx = 0"),
     "subproblem 0 is recorded under the wrong key"),
    (("UPDATE meta SET value = '12' WHERE key = 'n'",), "ledger for N = 12, not N = 11"),
    (("UPDATE meta SET value = 'abc' WHERE key = 'split_hash'",), "a different split"),
])
def test_a_refused_ledger_is_left_exactly_as_it_was(finished, tmp_path, capsys, forgery,
                                                     message):
    path = _copy(finished, tmp_path / "forged.sqlite")
    edit_and_resign(path, *forgery)
    before = _folder(path)
    code, out, err = _count(path, capsys)
    assert (code, out) == (2, "") and message in err and len(err.splitlines()) == 1, err
    assert _folder(path) == before  # not a byte, not a -wal or -shm file beside it


def test_crafted_ledger_claiming_n_2000_is_one_line(finished, tmp_path):
    path = _copy(finished, tmp_path / "big.sqlite")
    edit_and_resign(path, "UPDATE meta SET value = '2000' WHERE key = 'n'")
    for args in (["ledger", "show", str(path)], ["ledger", "verify", str(path), "--all"]):
        start = time.perf_counter()
        assert_bad_input(run_cli(*args, timeout=30), "N = 2000")
        assert time.perf_counter() - start < 20


def test_verify_all_names_each_forged_row(finished, tmp_path):
    path = _copy(finished, tmp_path / "forged.sqlite")
    edit_and_resign(path, "UPDATE results SET total = total + 8 WHERE idx IN (5, 77)",
                    "UPDATE results SET uniq = uniq + 1 WHERE idx = 100")
    r = run_cli("ledger", "verify", str(path), "--all", "--json")
    assert r.code == 1, r.err
    report = json.loads(r.out)
    assert sorted(m["index"] for m in report["mismatches"]) == [5, 77, 100]
    assert report["checked"] == report["finished"] and report["probability"] == 1.0
    ok = run_cli("ledger", "verify", str(finished), "--all")
    assert ok.code == 0 and "recounted independently: all agree" in ok.out



def test_a_ledger_with_failing_rows_can_still_be_shown_and_verified(finished, tmp_path):
    """show sums the sound rows only (the oracle: the intact ledger's sums less the edited
    rows' own values) and names the failing rows with the remedy; verify reports them as
    problems. Both exit 1, and neither writes a byte."""
    import sqlite3

    path = _copy(finished, tmp_path / "dented.sqlite")
    conn = sqlite3.connect(finished)
    lost = conn.execute("SELECT SUM(total), SUM(uniq) FROM results WHERE idx IN (3, 17)")
    lost_total, lost_unique = lost.fetchone()
    conn.close()
    intact = json.loads(run_cli("ledger", "show", str(finished), "--json").out)
    assert intact["failing"] == [] and intact["total"] == OEIS[11][0]
    edit(path, "UPDATE results SET total = total + 8 WHERE idx = 17",
         "UPDATE results SET uniq = uniq + 1 WHERE idx = 3")
    before = path.read_bytes()
    r = run_cli("ledger", "show", str(path), "--json")
    assert r.code == 1, r.err
    shown = json.loads(r.out)
    assert shown["failing"] == [3, 17] and shown["done"] == intact["done"] - 2
    assert (shown["total"], shown["unique"]) == (intact["total"] - lost_total,
                                                 intact["unique"] - lost_unique)
    text = run_cli("ledger", "show", str(path))
    assert text.code == 1 and text.err == ""
    line = text.out.splitlines()[-1]
    assert "2 rows (3, 17) fail their check" in line
    assert f"nqueens count 11 --ledger {path} --repair" in line
    v = run_cli("ledger", "verify", str(path), "--all", "--json")
    assert v.code == 1, v.err
    report = json.loads(v.out)
    assert (report["failing"], report["mismatches"], report["ok"]) == ([3, 17], [], False)
    assert report["checked"] == intact["done"] - 2
    v = run_cli("ledger", "verify", str(path), "--sample", "2")
    assert v.code == 1 and "2 rows (3, 17) fail their check" in v.out and "--repair" in v.out
    assert path.read_bytes() == before
    edit(path, "UPDATE meta SET value = '1' WHERE key = 'subproblems'")   # still refused
    for action in ("show", "verify"):
        assert_bad_input(run_cli("ledger", action, str(path)), "job record fails its check")


def test_default_sample_states_its_confidence(finished):
    r = run_cli("ledger", "verify", str(finished), "--seed", "1")
    assert r.code == 0, r.err
    assert "a 1% error rate would have been caught with probability 99." in r.out


# -- read-only commands --------------------------------------------------------------------


def _snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mode) for p in folder.iterdir()}


@pytest.mark.parametrize("action", [["show"], ["show", "--json"], ["verify", "--sample", "3"]])
def test_read_only_commands_write_nothing(finished, tmp_path, action):
    folder = tmp_path / "ro"
    folder.mkdir()
    path = _copy(finished, folder / "l.sqlite")
    before = _snapshot(folder)
    assert run_cli("ledger", action[0], str(path), *action[1:]).code == 0
    assert _snapshot(folder) == before


def test_read_only_commands_leave_foreign_files_alone(tmp_path):
    foreign = tmp_path / "app.db"
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE t (x)")
    conn.close()
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    before = _snapshot(tmp_path)
    for action in ("show", "verify"):
        assert_bad_input(run_cli("ledger", action, str(foreign)), "not an nqueens ledger")
        assert_bad_input(run_cli("ledger", action, str(empty)), "not an nqueens ledger")
        assert_bad_input(run_cli("ledger", action, str(tmp_path / "none.sqlite")), "no ledger")
    assert _snapshot(tmp_path) == before
    conn = sqlite3.connect(f"file:{foreign}?mode=ro", uri=True)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()


def _read_only_folder(folder: Path, mount: Path) -> bool:
    """Make ``mount`` a read-only view of ``folder``: a bind mount as root, else chmod."""
    if os.geteuid() != 0:
        for p in folder.iterdir():
            p.chmod(0o444)
        folder.chmod(0o555)
        mount.symlink_to(folder)
        return True
    mount.mkdir()
    ok = subprocess.run(["mount", "--bind", str(folder), str(mount)],
                        capture_output=True).returncode == 0
    if ok and subprocess.run(["mount", "-o", "remount,bind,ro", str(mount)],
                             capture_output=True).returncode == 0:
        return True
    if ok:
        subprocess.run(["umount", str(mount)], capture_output=True)
    return False


def test_read_only_media(finished, tmp_path):
    folder = tmp_path / "media"
    folder.mkdir()
    _copy(finished, folder / "l.sqlite")
    mount = tmp_path / "ro"
    if not _read_only_folder(folder, mount):
        pytest.skip("cannot make a read-only file system here")
    try:
        r = run_cli("ledger", "show", str(mount / "l.sqlite"), "--json")
        assert r.code == 0, r.err
        assert json.loads(r.out)["complete"]
        v = run_cli("ledger", "verify", str(mount / "l.sqlite"), "--sample", "5")
        assert v.code == 0, v.err
        assert_bad_input(run_cli("count", "11", "--ledger", str(mount / "l.sqlite")), "ledger")
    finally:
        if os.geteuid() == 0:
            subprocess.run(["umount", str(mount)], capture_output=True)
        else:
            folder.chmod(0o755)


def test_a_wal_ledger_read_while_immutable(finished, tmp_path):
    """A ledger left in WAL mode (a killed count) reads read-only without creating files."""
    path = _copy(finished, tmp_path / "wal.sqlite")
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.close()
    before = _snapshot(tmp_path)
    with Ledger.read(path) as led:
        assert led.summary().done == led.job.subproblems
    assert _snapshot(tmp_path) == before


# -- one count per ledger ------------------------------------------------------------------


def test_second_count_is_refused_naming_the_holder(finished, tmp_path):
    path = _copy(finished, tmp_path / "busy.sqlite")
    with Ledger.read(path) as led:
        job = led.job
    with Ledger.open(path, job):
        with pytest.raises(LedgerBusyError, match=f"pid {os.getpid()}"):
            Ledger.open(path, job)
        r = run_cli("count", "11", "--ledger", str(path))
        assert r.code == 3 and r.err.count("\n") == 1, r.err
        assert f"pid {os.getpid()} on" in r.err and "--wait" in r.err
    assert run_cli("count", "11", "--ledger", str(path)).code == 0


def test_wait_takes_turns_and_computes_nothing_twice(tmp_path):
    path = tmp_path / "turns.sqlite"
    subs = split(12)
    job = Job(12, METHOD, METHOD_VERSION, split_hash(12, subs), len(subs))
    holder = Ledger.open(path, job)
    proc = subprocess.Popen(
        [sys.executable, "-m", "nqueens", "count", "12", "--ledger", str(path), "--wait",
         "--json", "--quiet", "--workers", "1"],
        env=env(), text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        time.sleep(2.0)
        assert proc.poll() is None  # waiting for the holder
        rows = count_batch(12, [tuple(s) for s in subs])
        holder.record([(i, s.key, *r) for i, (s, r) in enumerate(zip(subs, rows, strict=True))])
        holder.close()
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    assert json.loads(out)["total"] == OEIS[12][0]
    with Ledger.read(path) as led:
        # every row was written once, by the first holder: the waiting count computed none
        finished = {r for (r,) in sqlite3.connect(path).execute(
            "SELECT DISTINCT finished FROM results")}
        assert led.summary().done == len(subs) and len(finished) == 1


def test_rows_error_lists_the_bad_rows(finished, tmp_path):
    path = _copy(finished, tmp_path / "rows.sqlite")
    edit(path, "UPDATE results SET total = total + 8 WHERE idx IN (3, 4, 5, 6, 7, 8, 9)")
    with pytest.raises(LedgerRowsError) as info:
        Ledger.read(path)
    assert info.value.bad == [3, 4, 5, 6, 7, 8, 9]
    assert "7 subproblems (3, 4, 5, 6, 7, ...)" in str(info.value)
    assert "--" not in str(info.value)  # library messages name no CLI flags
    assert isinstance(info.value, LedgerError)
