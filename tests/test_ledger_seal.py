"""The ledger's seal (HMAC under a key kept outside it), its format 2 migration, and its
export; the audit's ledger points (job fields, symlinked logs, read-only opens, forks, hard
links), each reproduced first."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

import nqueens.cli
from _forge import edit_and_resign
from nqueens.engine.ledger import Job, Ledger, LedgerBusyError
from nqueens.engine.ledger_seal import ENV, key_id, load_key
from nqueens.engine.run import run_count
from nqueens.engine.split import METHOD, METHOD_VERSION, split, split_hash

from conftest import DATA, OEIS

V2 = DATA / "ledger_v2_n10_half.sqlite"
"""A format 2 ledger of N = 10 with every even-indexed subproblem done, written by the
ledger module of git revision 429d1ca (the last format 2 code) from a real count's rows."""


def _cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = nqueens.cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _one_line(code: int, err: str, expected: int = 2) -> str:
    assert code == expected, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def _folder(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(path.parent.iterdir())}


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("sealed") / "l10.sqlite"
    run_count(10, workers=1, ledger=path)
    return path


def _copy(src: Path, dst: Path) -> Path:
    shutil.copyfile(src, dst)
    return dst


def _count10(capsys, path: Path, *extra: str) -> tuple[int, str, str]:
    return _cli(capsys, "count", "10", "--json", "--quiet", "--workers", "1",
                "--ledger", str(path), *extra)


# -- the seal --------------------------------------------------------------------------------

def test_an_outsider_who_recomputes_every_digest_is_refused_and_repaired(finished, tmp_path,
                                                                         capsys):
    # the forgery docs/ledger.md makes possible: a subtotal changed, its residues and its
    # SHA-256 digest recomputed; without the key, its seal is stale
    path = _copy(finished, tmp_path / "forged.sqlite")
    edit_and_resign(path, "UPDATE results SET total = total + 8 WHERE idx IN (5, 40)",
                    seal=False)
    line = _one_line(*_count10(capsys, path)[::2])
    assert "2 subproblems (5, 40) fail their check" in line and "--repair" in line
    code, out, err = _cli(capsys, "ledger", "show", str(path))
    assert code == 1 and "2 rows (5, 40) fail their check" in out, err
    code, out, err = _count10(capsys, path, "--repair")
    assert code == 0 and json.loads(out)["total"] == OEIS[10][0], err


def test_a_ledger_sealed_by_another_key_is_refused_naming_its_key(finished, tmp_path, capsys,
                                                                  monkeypatch):
    wanted = key_id(load_key(create=False))
    path = _copy(finished, tmp_path / "theirs.sqlite")
    other = tmp_path / "other.key"
    other.write_text("ab" * 32 + "\n")
    other.chmod(0o600)  # a key others can read is refused before its id is compared
    monkeypatch.setenv(ENV, str(other))
    for argv in (["ledger", "show", str(path)], ["count", "10", "--ledger", str(path)],
                 ["ledger", "export", str(path), "--to", "csv"]):
        line = _one_line(*_cli(capsys, *argv)[::2])
        assert f"sealed by ledger key {wanted}" in line and ENV in line, line
    assert path.read_bytes() == finished.read_bytes()


def test_no_key_or_a_bad_key_file_is_one_line(finished, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv(ENV, str(tmp_path / "absent.key"))
    line = _one_line(*_cli(capsys, "ledger", "show", str(finished))[::2])
    assert "no ledger key at" in line and not (tmp_path / "absent.key").exists()
    bad = tmp_path / "bad.key"
    bad.write_text("not hex\n")
    bad.chmod(0o600)
    monkeypatch.setenv(ENV, str(bad))
    assert "is not a ledger key" in _one_line(*_cli(capsys, "ledger", "show",
                                                    str(finished))[::2])


def test_a_count_creates_its_key_private_on_first_use(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv(ENV, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    code, out, err = _cli(capsys, "count", "8", "--ledger", str(tmp_path / "l.sqlite"))
    assert code == 0 and out.strip() == str(OEIS[8][0]), err
    key = tmp_path / "config" / "nqueens" / "ledger.key"
    assert oct(key.stat().st_mode & 0o777) == "0o600" and len(key.read_text().strip()) == 64
    meta = dict(sqlite3.connect(tmp_path / "l.sqlite").execute("SELECT * FROM meta"))
    assert meta["key_id"] == key_id(bytes.fromhex(key.read_text()))


# -- format 2 ----------------------------------------------------------------------------------

def test_a_format_2_ledger_is_read_by_its_old_digests_and_sealed_when_resumed(tmp_path, capsys):
    path = _copy(V2, tmp_path / "v2.sqlite")
    code, out, err = _cli(capsys, "ledger", "show", "--json", str(path))
    assert code == 0 and json.loads(out)["done"] == 136, err
    assert path.read_bytes() == V2.read_bytes()  # reading does not migrate
    code, out, err = _count10(capsys, path)
    assert code == 0 and json.loads(out)["total"] == OEIS[10][0], err
    with Ledger.read(path) as led:  # now format 3: every row sealed and checked
        assert led.version == 3 and len(led.done()) == 272
    code, out, err = _cli(capsys, "ledger", "verify", "--all", str(path))
    assert code == 0 and "272 of 272" in out, err


def test_a_format_2_row_edited_fails_its_old_digest(tmp_path, capsys):
    path = _copy(V2, tmp_path / "v2.sqlite")
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE results SET total = total + 8 WHERE idx = 4")
    conn.close()
    code, out, err = _cli(capsys, "ledger", "show", str(path))
    assert code == 1 and "1 row (4) fails its check" in out, err
    line = _one_line(*_count10(capsys, path)[::2])
    assert "subproblem 4 fails its check" in line
    assert _count10(capsys, path, "--repair")[0] == 0
    with Ledger.read(path) as led:
        assert led.version == 3 and led.summary().total == OEIS[10][0]


# -- export ------------------------------------------------------------------------------------

def test_export_csv_and_jsonl_add_up_for_a_plain_reader(finished, tmp_path, capsys):
    code, out, err = _cli(capsys, "ledger", "export", str(finished), "--to", "csv")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    jsonl = tmp_path / "cert.jsonl"
    code, out2, err = _cli(capsys, "ledger", "export", str(finished), "--to", "jsonl",
                           "-o", str(jsonl))
    assert code == 0 and out2 == "", err
    records = [json.loads(line) for line in jsonl.read_text().splitlines()]
    assert len(rows) == len(records) == len(split(10))
    assert sum(int(r["total"]) for r in rows) == sum(r["total"] for r in records) == OEIS[10][0]
    assert sum(int(r["unique"]) for r in rows) == OEIS[10][1]
    for r, j in zip(rows, records, strict=True):
        total = int(r["total"])
        assert (int(r["mod13"]), int(r["mod15"])) == (total % 13, total % 15)
        assert (j["index"], j["key"], j["total"], j["digest"]) == (int(r["index"]), r["key"],
                                                                   total, r["digest"])
    assert sorted({r["key"] for r in rows}) == sorted(s.key for s in split(10))


def test_export_refuses_bad_input_in_one_line(finished, tmp_path, capsys):
    out = tmp_path / "cert.csv"
    line = _one_line(*_cli(capsys, "ledger", "export", str(finished), "--to", "xml",
                           "-o", str(out))[::2])
    assert "no export format 'xml'" in line and not out.exists()
    forged = _copy(finished, tmp_path / "forged.sqlite")
    edit_and_resign(forged, "UPDATE results SET total = total + 8 WHERE idx = 3", seal=False)
    line = _one_line(*_cli(capsys, "ledger", "export", str(forged), "--to", "csv",
                           "-o", str(out))[::2])
    assert "fails its check" in line and not out.exists()
    v2 = _copy(V2, tmp_path / "v2.sqlite")
    assert "has no seal" in _one_line(*_cli(capsys, "ledger", "export", str(v2),
                                            "--to", "jsonl")[::2])


# -- the audit's ledger points -------------------------------------------------------------

@pytest.mark.parametrize("sql, message", [
    ("UPDATE meta SET value = '271' WHERE key = 'subproblems'", "different split"),
    ("UPDATE meta SET value = 'ff' WHERE key = 'split_hash'", "different split"),
    ("UPDATE meta SET value = '1' WHERE key = 'method_version'", "v1"),
])
def test_show_and_verify_check_the_job_as_count_does(finished, tmp_path, capsys, sql, message):
    # an insider (one who holds the key) edits a job field and re-seals everything
    path = _copy(finished, tmp_path / "job.sqlite")
    if "subproblems" in sql:
        edit_and_resign(path, "DELETE FROM results WHERE idx = 271", sql)
    else:
        edit_and_resign(path, sql)
    for argv in (["count", "10", "--ledger", str(path)], ["ledger", "show", str(path)],
                 ["ledger", "verify", "--all", str(path)],
                 ["ledger", "export", str(path), "--to", "csv"]):
        line = _one_line(*_cli(capsys, *argv)[::2])
        assert message in line, (argv, line)


def _killed_count(path: Path, rows: int = 20) -> None:
    """A count killed mid-run, for real: a forked child opens the ledger, records rows
    (WAL form, a log and its -shm beside the file) and dies without closing it."""
    subs = split(10)
    job = Job(10, METHOD, METHOD_VERSION, split_hash(10, subs), len(subs))
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            led = Ledger.open(path, job)
            led.record([(i, subs[i].key, 0, 0, 1, 1) for i in range(rows)])
            led._conn.execute("PRAGMA wal_autocheckpoint=0")
            led.record([(i, subs[i].key, 0, 0, 2, 1) for i in range(rows, 2 * rows)])
        finally:
            os._exit(0)
    assert os.waitpid(pid, 0)[1] == 0


def test_a_stale_log_is_found_through_a_symlink(tmp_path, capsys):
    real = tmp_path / "real"
    real.mkdir()
    target = real / "ledger.sqlite"
    _killed_count(target)
    stale = (real / "ledger.sqlite-wal").read_bytes()
    assert stale, "the child left a log"
    run_count(10, workers=1, ledger=target)  # the count finishes: rollback form, no log
    (real / "ledger.sqlite-wal").write_bytes(stale)  # a stale log, put back
    link = tmp_path / "link.sqlite"
    link.symlink_to(target)
    before = _folder(target)
    for argv in (["ledger", "show", str(link)], ["count", "10", "--ledger", str(link)]):
        line = _one_line(*_cli(capsys, *argv)[::2])
        assert "is a log left by an earlier file" in line, line
    assert _folder(target) == before


def test_read_only_commands_write_nothing_beside_a_killed_counts_ledger(tmp_path, capsys):
    path = tmp_path / "killed.sqlite"
    _killed_count(path)
    shm = Path(str(path) + "-shm")
    shm.unlink()  # as when the ledger was copied without it
    before = _folder(path)
    assert "killed.sqlite-wal" in before
    code, out, err = _cli(capsys, "ledger", "show", "--json", str(path))
    assert code == 0 and json.loads(out)["done"] == 40, err  # the log's rows are read
    assert _cli(capsys, "ledger", "export", str(path), "--to", "csv")[0] == 0
    assert _folder(path) == before  # byte for byte, and no -shm created


def test_a_forked_child_does_not_keep_the_ledger_locked(tmp_path):
    subs = split(8)
    job = Job(8, METHOD, METHOD_VERSION, split_hash(8, subs), len(subs))
    path = tmp_path / "l.sqlite"
    led = Ledger.open(path, job)
    go_r, go_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child waits until told to go
        os.close(go_w)
        os.read(go_r, 1)
        os._exit(0)
    os.close(go_r)
    try:
        led.close()
        with Ledger.open(path, job) as again:  # the child still runs
            assert again.done() == {}
    finally:
        os.write(go_w, b"x")
        os.close(go_w)
        os.waitpid(pid, 0)


def test_a_copy_of_the_lock_still_open_does_not_keep_the_ledger_locked(tmp_path):
    """As a child forked a moment ago that has not yet closed its inherited copy (the
    test above once lost that race on a busy machine): closing the ledger frees the lock
    for every copy."""
    from nqueens.engine import ledger_files

    subs = split(8)
    job = Job(8, METHOD, METHOD_VERSION, split_hash(8, subs), len(subs))
    path = tmp_path / "l.sqlite"
    before = set(ledger_files._HELD)
    led = Ledger.open(path, job)
    (fd,) = set(ledger_files._HELD) - before
    copy = os.dup(fd)
    try:
        led.close()
        with Ledger.open(path, job) as again:
            assert again.done() == {}
    finally:
        os.close(copy)


def test_a_count_refused_as_busy_through_a_hard_link_leaves_nothing_beside_it(tmp_path):
    subs = split(8)
    job = Job(8, METHOD, METHOD_VERSION, split_hash(8, subs), len(subs))
    path = tmp_path / "l.sqlite"
    link = tmp_path / "other-name.sqlite"
    with Ledger.open(path, job) as led:
        led.record([(0, subs[0].key, 0, 0, 1, 1)])
        os.link(path, link)
        with pytest.raises(LedgerBusyError, match="pid"):
            Ledger.open(link, job)
        assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("other")) == [
            "other-name.sqlite"]
