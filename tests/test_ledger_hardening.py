"""Issue 52's ledger half, each attack reproduced first: a sealed ledger downgraded to the
unsealed format 2 with a subtotal changed, key files others can read or that are no file,
a ``-wal`` that is a link to /dev/zero or a sparse 100 GB file, a full disk, a 19-digit
column, ``--ledger -`` and ``ulimit -v``. Every case through the command line: its exit
status, one line on stderr, no traceback, nothing half-written."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import resource
import signal
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import nqueens.cli
from nqueens.engine.ledger import Job, Ledger
from nqueens.engine.ledger_seal import ENV
from nqueens.engine.split import METHOD, METHOD_VERSION, split, split_hash

from conftest import OEIS, SRC

# -- helpers -----------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _own_key(tmp_path, monkeypatch):
    """Each test seals with a key of its own, in a folder of its own (0700)."""
    folder = tmp_path / "keys"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv(ENV, str(folder / "ledger.key"))


def _cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = nqueens.cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _one_line(code: int, err: str, expected: int = 2) -> str:
    assert code == expected, (code, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def _run(*args: str, limits: dict[int, int] | None = None, timeout: float = 120,
         cwd: Path | None = None, env: dict[str, str] | None = None
         ) -> subprocess.CompletedProcess[str]:
    """``python -m nqueens ARGS`` in a child, under the resource ``limits`` given. SIGXFSZ
    is ignored (as an ignored signal stays across exec), so a file-size limit is an
    EFBIG the command must report, not a core dump; no bytecode is written."""
    full = dict(os.environ, **(env or {}))
    full["PYTHONPATH"] = str(SRC)
    full["PYTHONDONTWRITEBYTECODE"] = "1"

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        for which, value in (limits or {}).items():
            resource.setrlimit(which, (value, value))

    return subprocess.run([sys.executable, "-m", "nqueens", *args], capture_output=True,
                          text=True, timeout=timeout, preexec_fn=limit, cwd=cwd, env=full)


def _one_line_of(proc: subprocess.CompletedProcess[str], expected: int = 2) -> str:
    return _one_line(proc.returncode, proc.stderr, expected)


def _folder(path: Path) -> dict[str, tuple[int, bytes]]:
    """Every file beside ``path``: its size and, for those under a megabyte, its bytes."""
    seen = {}
    for p in sorted(path.parent.iterdir()):
        st = p.lstat()
        small = p.is_file() and not p.is_symlink() and st.st_size < 1 << 20
        seen[p.name] = (st.st_size, p.read_bytes() if small else b"")
    return seen


_V2_RESULTS = """CREATE TABLE results (
    idx INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    total INTEGER NOT NULL,
    uniq INTEGER NOT NULL,
    nodes INTEGER NOT NULL,
    micros INTEGER NOT NULL,
    finished TEXT NOT NULL,
    res_a INTEGER NOT NULL,
    res_b INTEGER NOT NULL,
    digest TEXT NOT NULL
)"""
_V2_JOB = ("format", "format_version", "n", "method", "method_version", "split_hash",
           "subproblems", "created")


def _downgrade(path: Path, raise_by: int) -> int:
    """The attack of issue 52, with nothing but sqlite3 and hashlib (no key, no nqueens):
    rewrite a sealed ledger as format 2 (no seal; digests anyone can recompute, as
    docs/ledger.md describes them) with the first nonzero subtotal raised by ``raise_by``.
    Returns the forged row's index."""
    conn = sqlite3.connect(path)
    try:
        with conn:
            meta = dict(conn.execute("SELECT key, value FROM meta"))
            rows = conn.execute("SELECT idx, key, total, uniq, nodes, micros, finished "
                                "FROM results ORDER BY idx").fetchall()
            conn.execute("DROP TABLE results")
            conn.execute("DELETE FROM meta")
            conn.execute(_V2_RESULTS)
            job = {k: meta[k] for k in _V2_JOB} | {"format_version": "2"}
            text = "\n".join(f"{k}={job[k]}" for k in _V2_JOB)
            job["job_digest"] = hashlib.sha256(f"nqueens-ledger job\n{text}\n".encode()
                                               ).hexdigest()
            conn.executemany("INSERT INTO meta VALUES (?, ?)", job.items())
            forged = next(r[0] for r in rows if r[2] > 0)
            for r in rows:
                total = r[2] + raise_by if r[0] == forged else r[2]
                fields = (*r[:2], total, *r[3:], total % 65521, total % 65519)
                digest = hashlib.sha256(
                    f"{job['job_digest']}|{'|'.join(map(str, fields))}".encode()
                ).hexdigest()[:32]
                conn.execute("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             (*fields, digest))
    finally:
        conn.close()
    return forged


# -- 1. no downgrade -----------------------------------------------------------------------------


def _downgrade_attack(n: int, path: Path, capsys) -> None:
    code, out, err = _cli(capsys, "count", str(n), "--workers", "1", "--ledger", str(path))
    assert code == 0 and int(out) == OEIS[n][0], err
    forged = _downgrade(path, 8)
    before = path.read_bytes()
    # show reads it as it stands, calls it unsealed and never complete, writes nothing
    code, out, err = _cli(capsys, "ledger", "show", "--json", str(path))
    shown = json.loads(out)
    assert code == 0 and shown["total"] == OEIS[n][0] + 8, err  # the claim, named a claim
    assert shown["complete"] is False and shown["sealed"] is False
    code, out, err = _cli(capsys, "ledger", "show", str(path))
    assert code == 0 and "unsealed (format 2)" in out and "complete" not in out, out
    assert "(claimed)" in out and "counts every row again" in out
    assert path.read_bytes() == before
    # the count takes none of its rows on trust: the true total, and says so
    code, out, err = _cli(capsys, "count", str(n), "--json", "--workers", "1",
                          "--ledger", str(path))
    result = json.loads(out)
    assert code == 0 and result["total"] == OEIS[n][0], err
    warned = err.strip().splitlines()
    assert len(warned) == 2 and all(w.startswith("nqueens: warning: ") for w in warned), err
    assert "format 2 ledger" in warned[0] and "counted again, not trusted" in warned[0]
    assert f"1 of the {shown['done']:,} rows" in warned[1]
    assert f"subproblem {forged}: the ledger said" in warned[1]
    with Ledger.read(path) as led:  # sealed now, every row recounted
        assert led.version == 3 and led.failing() == []
        assert led.summary().done == shown["subproblems"]
    code, out, err = _cli(capsys, "ledger", "show", "--json", str(path))
    assert code == 0 and json.loads(out)["complete"] is True
    assert json.loads(out)["total"] == OEIS[n][0]
    code, out, err = _cli(capsys, "ledger", "verify", "--all", str(path))
    assert code == 0 and "all agree" in out, err


def test_a_ledger_downgraded_to_format_2_with_a_forged_row_is_recounted(tmp_path, capsys):
    _downgrade_attack(10, tmp_path / "l10.sqlite", capsys)


@pytest.mark.slow
def test_the_issues_downgrade_of_count_16_is_recounted(tmp_path, capsys):
    _downgrade_attack(16, tmp_path / "l16.sqlite", capsys)  # never 14,772,520


# -- 2. a key that is ours ---------------------------------------------------------------------


@pytest.fixture
def sealed(tmp_path, capsys) -> Path:
    path = tmp_path / "l8.sqlite"
    assert _cli(capsys, "count", "8", "--ledger", str(path))[0] == 0
    return path


@pytest.mark.parametrize("mode", [0o644, 0o666, 0o640, 0o604, 0o602])
def test_a_key_others_can_read_or_write_is_refused(sealed, tmp_path, capsys, mode):
    key = Path(os.environ[ENV])
    key.chmod(mode)
    before = sealed.read_bytes()
    for argv in (["count", "8", "--ledger", str(sealed)], ["ledger", "show", str(sealed)],
                 ["ledger", "export", str(sealed), "--to", "csv"],
                 ["count", "8", "--ledger", str(tmp_path / "new.sqlite")]):
        line = _one_line(*_cli(capsys, *argv)[::2])
        assert f"is open to others (mode {mode:04o})" in line and "chmod 600" in line, line
    assert sealed.read_bytes() == before and not (tmp_path / "new.sqlite").exists()
    key.chmod(0o600)  # the remedy the line names
    assert _cli(capsys, "ledger", "show", str(sealed))[0] == 0


def test_a_key_in_a_folder_others_can_write_is_refused(sealed, capsys):
    folder = Path(os.environ[ENV]).parent
    folder.chmod(0o777)
    try:
        line = _one_line(*_cli(capsys, "ledger", "show", str(sealed))[::2])
        assert "a folder others can write to (mode 0777)" in line, line
    finally:
        folder.chmod(0o700)
    folder.chmod(0o1777)  # sticky, as /tmp: no one can replace another's file
    try:
        assert _cli(capsys, "ledger", "show", str(sealed))[0] == 0
    finally:
        folder.chmod(0o700)


@pytest.mark.skipif(os.geteuid() != 0, reason="chown to another user needs root")
def test_a_key_owned_by_another_user_is_refused(sealed, capsys):
    key = Path(os.environ[ENV])
    os.chown(key, 54321, -1)
    line = _one_line(*_cli(capsys, "ledger", "show", str(sealed))[::2])
    assert "owned by user 54321" in line, line


@pytest.mark.parametrize("kind", ["fifo", "directory", "dev-zero-link", "dev-null-link"])
def test_a_key_that_is_not_a_regular_file_is_one_line_never_a_block(tmp_path, capsys, kind):
    key = tmp_path / "keys" / "ledger.key"
    if kind == "fifo":
        os.mkfifo(key, 0o600)
    elif kind == "directory":
        key.mkdir(mode=0o700)
    else:
        key.symlink_to("/dev/zero" if kind == "dev-zero-link" else "/dev/null")
    ledger = tmp_path / "l.sqlite"
    argv = ["count", "8", "--ledger", str(ledger)]
    if kind == "fifo":  # in a child: a FIFO opened for reading would block it forever
        line = _one_line_of(_run(*argv, timeout=60))
    else:
        line = _one_line(*_cli(capsys, *argv)[::2])
    assert "not a regular file" in line and ENV in line, line
    assert not ledger.exists()


# -- 3. a ledger's journal cannot fill the disk --------------------------------------------------


def _killed_count(path: Path, rows: int = 20) -> None:
    """A count killed mid-run, for real: a forked child opens the ledger, records rows
    (WAL form, a log beside the file) and dies without closing it."""
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


@contextlib.contextmanager
def _small_tmpfs(where: Path, size: str = "4m"):
    """A tmpfs of ``size`` mounted at ``where`` (root only; skipped where mount is refused)."""
    where.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def _used(folder: Path) -> int:
    st = os.statvfs(folder)
    return (st.f_blocks - st.f_bfree) * st.f_frsize


_READERS = [["ledger", "show"], ["ledger", "verify", "--all"],
            ["ledger", "export", "--to", "csv"], ["count", "10", "--ledger"]]


def _argv(reader: list[str], path: Path) -> list[str]:
    return [*reader, str(path)]


def _fill(disk: Path, leave: int) -> None:
    """Fill the file system of ``disk`` but for about ``leave`` bytes."""
    st = os.statvfs(disk)
    (disk / "fill").write_bytes(b"\0" * max(0, st.f_bavail * st.f_frsize - leave))


@pytest.fixture
def temp_folder(tmp_path):
    """A temporary folder for the command: a 4 MB tmpfs where one can be mounted, else a
    plain folder (the file-size limit and the checks on what is left still hold)."""
    where = tmp_path / "tmpfs"
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(where)],
                          capture_output=True, text=True) if os.geteuid() == 0 else None
    yield where
    if done is not None and done.returncode == 0:
        subprocess.run(["umount", "-l", str(where)], check=False)


@pytest.mark.parametrize("log", ["dev-zero-link", "sparse-100-GB", "fifo", "shm-link",
                                 "journal-link"])
def test_a_log_that_is_no_log_of_the_ledger_is_refused_writing_nothing(
        tmp_path, capsys, monkeypatch, log, temp_folder):
    path = tmp_path / "killed" / "l.sqlite"
    path.parent.mkdir()
    _killed_count(path)
    wal, shm = Path(f"{path}-wal"), Path(f"{path}-shm")
    wal.unlink()
    if log == "dev-zero-link":
        wal.symlink_to("/dev/zero")
    elif log == "sparse-100-GB":
        os.truncate(os.open(wal, os.O_WRONLY | os.O_CREAT, 0o644), 100 << 30)
    elif log == "fifo":
        os.mkfifo(wal)
    elif log == "shm-link":
        shm.unlink()
        shm.symlink_to("/dev/zero")
    else:  # a rollback journal, which SQLite would open read-write beside the ledger
        Path(f"{path}-journal").symlink_to("/dev/zero")
    before = _folder(path)
    size = path.stat().st_size
    temp = temp_folder
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    used = _used(temp)
    what = "is a symbolic link" if "link" in log else (
        "more than any log of the ledger" if log.startswith("sparse") else "is a FIFO")
    for reader in _READERS:
        line = _one_line(*_cli(capsys, *_argv(reader, path))[::2])
        assert what in line and "move it away" in line, (reader, line)
        assert list(temp.iterdir()) == [] and _used(temp) <= used + size, reader
        assert _folder(path) == before, reader
    # in a child under a file-size limit of the ledger's own size: no file it writes, in
    # the temporary folder or anywhere, can grow past that
    proc = _run("ledger", "show", str(path), env={"TMPDIR": str(temp)}, timeout=60,
                limits={resource.RLIMIT_FSIZE: size})
    assert what in _one_line_of(proc)
    assert list(temp.iterdir()) == [] and _folder(path) == before


def test_a_killed_counts_log_in_a_full_temporary_folder_is_exit_3(tmp_path, capsys):
    path = tmp_path / "l.sqlite"
    _killed_count(path)
    with _small_tmpfs(tmp_path / "tmpfs", "64k") as temp:
        _fill(temp, 8 << 10)
        for reader in _READERS[:3]:
            proc = _run(*_argv(reader, path), env={"TMPDIR": str(temp)}, timeout=60)
            line = _one_line_of(proc, 3)
            assert "no room in the temporary folder" in line and "TMPDIR" in line, line
            assert sorted(p.name for p in temp.iterdir()) == ["fill"]
        (temp / "fill").unlink()  # with room, the log's rows are read
        code, out, err = _cli(capsys, "ledger", "show", "--json", str(path))
    assert code == 0 and json.loads(out)["done"] == 40, err


# -- 4. a full disk is exit 3 ----------------------------------------------------------------------


def test_a_ledger_on_a_full_disk_is_exit_3_and_leaves_nothing_half_made(tmp_path, capsys):
    with _small_tmpfs(tmp_path / "tmpfs", "2m") as disk:
        _fill(disk, 4 << 10)
        line = _one_line_of(_run("count", "10", "--ledger", str(disk / "l.sqlite")), 3)
        assert "full disk" in line and "l.sqlite" in line, line
        assert sorted(p.name for p in disk.iterdir()) == ["fill"]  # no ledger, -wal, -shm
        # a disk that fills midway: exit 3, and the rows already recorded resume
        (disk / "fill").unlink()
        _fill(disk, 160 << 10)
        proc = _run("count", "13", "--workers", "1", "--ledger", str(disk / "l.sqlite"))
        assert "full disk" in _one_line_of(proc, 3)
        with Ledger.read(disk / "l.sqlite") as led:  # what was finished is kept, sound
            assert 0 < led.summary().done < led.job.subproblems and led.failing() == []
        (disk / "fill").unlink()
        code, out, err = _cli(capsys, "count", "13", "--workers", "1", "--json",
                              "--ledger", str(disk / "l.sqlite"))
        assert code == 0 and json.loads(out)["total"] == OEIS[13][0], err


def test_a_key_on_a_full_disk_is_exit_3(tmp_path, monkeypatch):
    with _small_tmpfs(tmp_path / "tmpfs", "64k") as disk:
        (disk / "keys").mkdir(mode=0o700)
        _fill(disk, 0)
        proc = _run("count", "8", "--ledger", str(tmp_path / "l.sqlite"),
                    env={ENV: str(disk / "keys" / "ledger.key")})
        line = _one_line_of(proc, 3)
        assert "cannot create the ledger key" in line, line
        assert list((disk / "keys").iterdir()) == [] and not (tmp_path / "l.sqlite").exists()
        # a key folder the count had to make is not left behind either
        proc = _run("count", "8", "--ledger", str(tmp_path / "l.sqlite"),
                    env={ENV: str(disk / "new" / "ledger.key")})
        assert "cannot create the ledger key" in _one_line_of(proc, 3)
        assert sorted(p.name for p in disk.iterdir()) == ["fill", "keys"]


def _to_dev_full(*argv: str) -> str:
    with open("/dev/full", "w") as full:
        env = dict(os.environ, PYTHONPATH=str(SRC))
        proc = subprocess.run([sys.executable, "-m", "nqueens", *argv], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120, env=env)
    line = _one_line(proc.returncode, proc.stderr, 3)
    assert "No space left on device" in line, (argv, line)
    return line


def test_output_files_and_stdout_on_a_full_disk_are_exit_3(sealed, tmp_path):
    _to_dev_full("ledger", "show", str(sealed))
    proc = _run("ledger", "export", str(sealed), "--to", "csv", "-o", "/dev/full")
    assert "No space left" in _one_line_of(proc, 3)
    # a regular output file past a file-size limit (EFBIG) of 64 bytes: exit 3, no file left
    out = tmp_path / "out.csv"
    proc = _run("ledger", "export", str(sealed), "--to", "csv", "-o", str(out),
                limits={resource.RLIMIT_FSIZE: 64})
    _one_line_of(proc, 3)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("out")] == []


@pytest.mark.slow
def test_every_ledger_command_to_a_full_stdout_is_exit_3(sealed):
    for argv in (["count", "9"], ["count", "8", "--ledger", str(sealed)],
                 ["ledger", "verify", "--all", str(sealed)],
                 ["ledger", "export", str(sealed), "--to", "jsonl"]):
        _to_dev_full(*argv)


# -- 5. the small ones -----------------------------------------------------------------------------


@pytest.mark.parametrize("line", ['[9999999999999999999]',
                                  '{"cols": [2, 4, 1, 9999999999999999999]}',
                                  '[2, 4, 1, -9999999999999999999]',
                                  '{"cols": [9999999999999999999, 1], "n": 2}'])
def test_verify_of_a_19_digit_column_is_one_line(tmp_path, capsys, line):
    f = tmp_path / "s.json"
    f.write_text(line + "\n")
    msg = _one_line(*_cli(capsys, "verify", str(f))[::2])
    assert "off a board of size" in msg and "9999999999999999999" in msg, msg


def test_ledger_dash_is_refused_and_creates_nothing(tmp_path):
    proc = _run("count", "8", "--ledger", "-", cwd=tmp_path)
    assert "a ledger is a file" in _one_line_of(proc)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keys"]


@pytest.mark.parametrize("ledger", [
    True, pytest.param(False, marks=pytest.mark.slow)])
def test_count_under_an_address_space_limit_of_300_mb_is_one_line_or_works(tmp_path, ledger):
    argv = ["count", "12", *(["--ledger", str(tmp_path / "l.sqlite")] if ledger else [])]
    proc = _run(*argv, limits={resource.RLIMIT_AS: 300 << 20}, timeout=300)
    assert "Traceback" not in proc.stderr, proc.stderr
    if proc.returncode == 0:
        assert int(proc.stdout) == OEIS[12][0]
    else:
        line = _one_line_of(proc, 3)
        assert "out of memory" in line, line
