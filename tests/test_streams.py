"""Standard streams as the shell may hand them over: closed, limited, a dead pipe, ASCII.

Each case ran into a traceback, a wrong status or a silently short output before
``nqueens.cli._streams`` (found by the environment audit)."""

from __future__ import annotations

import errno
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import OEIS, SRC


def _run(args: list[str], *, env: dict[str, str] | None = None, preexec=None,
         stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=None):
    environ = dict(os.environ, PYTHONPATH=str(SRC))
    environ.pop("PYTHONUNBUFFERED", None)
    environ.update(env or {})
    return subprocess.run([sys.executable, "-m", "nqueens", *args], env=environ,
                          preexec_fn=preexec, stdout=stdout, stderr=stderr, cwd=cwd,
                          timeout=300)


def _file_limit(size: int):
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


@pytest.mark.parametrize("args", [
    ["first", "8", "-f", "svg"],                       # one document in one write
    ["find", "100000"],                                # blocks of columns
    ["tree", "8", "--until", "all", "--max-nodes", "100000"],
], ids=lambda a: a[0])
@pytest.mark.slow
def test_a_short_write_to_stdout_is_an_error_not_a_short_file(args, tmp_path):
    # a file-size limit (or a nearly full disk) made the big write come back short and
    # silent when stdout is unbuffered (python -u): the command exited 0 with 4096 bytes
    out = tmp_path / "out"
    with out.open("wb") as handle:
        r = _run(args, preexec=_file_limit(4096), stdout=handle,
                 env={"PYTHONUNBUFFERED": "1"})
    assert r.returncode == 3, r.stderr
    assert r.stderr.decode().splitlines() == [
        "nqueens: error: cannot write to standard output: File too large"]
    whole = _run(args)  # without the limit: the whole document, longer than the limit
    assert whole.returncode == 0 and len(whole.stdout) > 4096


@pytest.mark.parametrize("unbuffered", [True, False], ids=["python -u", "buffered"])
@pytest.mark.slow
def test_a_last_streamed_line_cut_short_is_an_error(unbuffered, tmp_path):
    # solve 6 writes four 12-byte lines; a 40-byte limit cuts the last one to 4 bytes. Under
    # python -u the text layer dropped that short count: exit 0 and a cut file
    out = tmp_path / "out"
    with out.open("wb") as handle:
        r = _run(["solve", "6", "--format", "cols"], preexec=_file_limit(40), stdout=handle,
                 env={"PYTHONUNBUFFERED": "1"} if unbuffered else {})
    assert r.returncode == 3, r.stderr
    assert r.stderr.decode().splitlines() == [
        "nqueens: error: cannot write to standard output: File too large"]
    assert out.read_bytes() == _run(["solve", "6", "--format", "cols"]).stdout[:40]


def _close(fd: int):
    return lambda: os.close(fd)


def test_a_closed_stdout_is_one_line_and_status_3():
    r = _run(["count", "8"], preexec=_close(1))
    assert (r.returncode, r.stderr.decode()) == (
        3, "nqueens: error: cannot write to standard output: Bad file descriptor\n")


@pytest.mark.slow
def test_a_closed_stdout_does_not_stop_a_command_writing_to_a_file(tmp_path):
    out = tmp_path / "s.txt"
    r = _run(["solve", "6", "-f", "cols", "--out", str(out)], preexec=_close(1))
    assert (r.returncode, r.stderr) == (0, b"")
    assert out.read_text() == _run(["solve", "6", "-f", "cols"]).stdout.decode()


@pytest.mark.parametrize("args", [["count", "14"], ["count", "8", "--workers", "99"]])
@pytest.mark.slow
def test_a_closed_stderr_keeps_messages_off_stdout(args):
    # count 14 used to fail on sys.stderr being None; the warning of --workers 99 used to
    # land on stdout, in front of the answer
    r = _run(args, preexec=_close(2), stderr=None)
    assert (r.returncode, r.stdout.decode()) == (0, f"{OEIS[int(args[1])][0]}\n")


@pytest.mark.parametrize("args, code, out", [
    (["count", "8", "--workers", "99"], 0, f"{OEIS[8][0]}\n"),  # the warning's pipe is gone
    (["solve", "0"], 2, ""),                                      # the error's pipe is gone
])
def test_a_stderr_pipe_nobody_reads_does_not_change_the_outcome(args, code, out):
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        r = _run(args, stderr=write_end)
    finally:
        os.close(write_end)
    assert (r.returncode, r.stdout.decode()) == (code, out)


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_text_stdout_cannot_encode_comes_out_escaped(encoding):
    plain = _run(["trace", "4", "-l", "ja"]).stdout.decode("utf-8")
    r = _run(["trace", "4", "-l", "ja"], env={"PYTHONIOENCODING": encoding})
    assert r.returncode == 0, r.stderr
    assert r.stdout.decode("ascii") == plain.encode("ascii", "backslashreplace").decode()


def test_json_lines_stay_json_on_an_ascii_stdout():
    plain = _run(["trace", "4", "-l", "ko", "-f", "jsonl"]).stdout.decode("utf-8")
    r = _run(["trace", "4", "-l", "ko", "-f", "jsonl"], env={"PYTHONIOENCODING": "ascii"})
    assert r.returncode == 0, r.stderr
    escaped = r.stdout.decode("ascii").splitlines()
    assert [json.loads(line) for line in escaped] == [
        json.loads(line) for line in plain.splitlines()]
    assert any("\\u" in line for line in escaped)  # Korean was there to escape


def test_output_files_are_utf8_whatever_the_locale(tmp_path):
    # os.fdopen(fd, "w") took the locale's encoding: ASCII under LC_ALL=C without UTF-8 mode
    out = tmp_path / "q.txt"
    code = ("import sys; from nqueens.files import atomic_output\n"
            "with atomic_output(sys.argv[1]) as f: f.write('\\u30af\\u30a4\\u30fc\\u30f3 \\u00d7')")
    env = dict(os.environ, PYTHONPATH=str(SRC), LC_ALL="C", LANG="C", PYTHONUTF8="0",
               PYTHONCOERCECLOCALE="0")
    r = subprocess.run([sys.executable, "-c", code, str(out)], env=env, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes().decode("utf-8") == "\u30af\u30a4\u30fc\u30f3 \u00d7"


def test_a_cache_that_cannot_be_saved_does_not_fail_the_run():
    from nqueens._jit import _skip_failed_cache_saves

    saved = []

    class Cache:
        def save_overload(self, sig, data):
            saved.append(sig)
            raise OSError(errno.ENOSPC, "No space left on device")

    class Kernel:
        _cache = Cache()

    kernel = Kernel()
    _skip_failed_cache_saves(kernel)
    kernel._cache.save_overload("sig", b"data")  # tried, failed, skipped
    assert saved == ["sig"]


def test_os_failures_name_their_real_cause(monkeypatch):
    from nqueens.cli import _guard

    assert _guard._os_failure(OSError(errno.EACCES, "Permission denied", "x.db")) == (
        "nqueens: error: cannot write 'x.db': Permission denied")
    assert _guard._os_failure(OSError(errno.ENOSPC, "No space left on device")) == (
        "nqueens: error: cannot write to standard output: No space left on device")
    assert _guard._os_failure(OSError(errno.ENOEXEC, "Exec format error")) == (
        "nqueens: error: Exec format error")  # not blamed on stdout

    def gone() -> str:
        raise FileNotFoundError(errno.ENOENT, "No such file or directory")

    monkeypatch.setattr(os, "getcwd", gone)
    assert "the current folder no longer exists" in _guard._os_failure(
        OSError(errno.ENOENT, "No such file or directory"))


@pytest.mark.slow
def test_a_deleted_working_folder_is_said_plainly(tmp_path):
    # numba asks for the working folder while it compiles (a cold cache)
    gone = tmp_path / "gone"
    gone.mkdir()
    cache = tmp_path / "cache"
    r = _run(["estimate", "8", "--trials", "10"], cwd=gone,
             env={"NUMBA_CACHE_DIR": str(cache)},
             preexec=lambda: os.rmdir(Path.cwd()))
    assert (r.returncode, r.stderr.decode()) == (
        3, "nqueens: error: the current folder no longer exists; change to another folder "
           "and run the command again\n")
