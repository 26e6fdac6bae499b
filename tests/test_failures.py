"""Runtime failures and awkward files: one line, the right exit code, nothing half-written.

Disk full (/dev/full) and a file-size limit (RLIMIT_FSIZE, so write() fails with EFBIG)
while writing every kind of output; a memory limit; rewriting a file keeps its permissions;
the independent recount kernel against a brute-force oracle.
"""

from __future__ import annotations

import os
import resource
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from _procs import env
from nqueens.engine.split import split
from nqueens.engine.task import count_batch
from nqueens.engine.verify import catch_probability, recount, sample_size
from nqueens.errors import DiskFullError, NQueensRuntimeError
from nqueens.files import atomic_output, write_atomic

from naive import brute_force_solutions, images_naive


def _run(args: list[str], cwd: Path, *, fsize: int | None = None, mem: int | None = None,
         stdout: int | None = subprocess.PIPE,
         warm: list[str] | None = None) -> subprocess.CompletedProcess[str]:
    if fsize is not None or mem is not None:
        # compile (and cache) the kernels first, with ``warm`` (a small case of the same
        # command) when given: a limit must meet the command's own work, not numba's first
        # save of its cache
        with tempfile.TemporaryDirectory() as folder:
            subprocess.run([sys.executable, "-m", "nqueens", *(warm or args)], cwd=folder,
                           env=env(), capture_output=True, timeout=300)
    def limits() -> None:
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
        if mem is not None:
            resource.setrlimit(resource.RLIMIT_AS, (mem, mem))

    return subprocess.run([sys.executable, "-m", "nqueens", *args], cwd=cwd, env=env(),
                          preexec_fn=limits, stdout=stdout, stderr=subprocess.PIPE, text=True,
                          timeout=300)


def _runtime_failure(r: subprocess.CompletedProcess[str], *fragments: str) -> None:
    assert r.returncode == 3, (r.returncode, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    for f in fragments:
        assert f in lines[0], (f, lines[0])


@pytest.mark.parametrize("args, target", [
    (["solve", "10", "--out", "s.txt"], "s.txt"),
    (["solve", "10", "--format", "json", "--out", "s.json"], "s.json"),
    (["find", "2000", "--out", "f.npy"], "f.npy"),
    (["find", "2000", "--out", "f.txt"], "f.txt"),
    (["trace", "6", "--html", "t.html"], "t.html"),
    (["tree", "6", "--svg", "t.svg"], "t.svg"),
    (["count", "12", "--workers", "1", "--ledger", "l.sqlite"], "l.sqlite"),
])
@pytest.mark.slow
def test_file_size_limit_while_writing(tmp_path, args, target):
    r = _run(args, tmp_path, fsize=1500)
    _runtime_failure(r, target)
    assert os.listdir(tmp_path) == []  # nothing half-written, no temporary left


@pytest.mark.slow
def test_ledger_hits_the_limit_mid_count_and_keeps_its_rows(tmp_path):
    r = _run(["count", "14", "--workers", "1", "--ledger", "l.sqlite"], tmp_path, fsize=60_000)
    _runtime_failure(r, "l.sqlite", "file-size limit")
    again = _run(["count", "14", "--workers", "1", "--ledger", "l.sqlite", "--json"], tmp_path)
    assert again.returncode == 0 and '"total": 365596' in again.stdout, again.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("args", [["solve", "10"], ["count", "8"], ["find", "500"],
                                  ["solve", "8", "--format", "json"], ["trace", "5"],
                                  ["--help"], ["--version"], ["ledger", "verify", "--help"]])
@pytest.mark.slow
def test_stdout_on_a_full_disk(tmp_path, args):
    with open("/dev/full", "w") as full:
        r = _run(args, tmp_path, stdout=full.fileno())
    _runtime_failure(r, "No space left")


def test_out_of_memory_is_one_line(tmp_path):
    r = _run(["find", "300000000", "--method", "construct"], tmp_path, mem=1 << 30,
             warm=["find", "1000", "--method", "construct"])  # not 300 million unlimited
    _runtime_failure(r, "out of memory")


def test_rewriting_keeps_the_permissions(tmp_path):
    path = tmp_path / "out.txt"
    path.write_text("old")
    path.chmod(0o600)
    write_atomic(path, "new")
    assert path.read_text() == "new" and (path.stat().st_mode & 0o777) == 0o600
    path.chmod(0o640)
    r = _run(["solve", "6", "--out", "out.txt"], tmp_path)
    assert r.returncode == 0 and (path.stat().st_mode & 0o777) == 0o640


def test_a_short_write_is_a_runtime_error_and_leaves_nothing(tmp_path):
    target = tmp_path / "x.bin"
    with pytest.raises(DiskFullError), atomic_output(target, "wb"):
        raise OSError(28, "No space left on device")
    with pytest.raises(NQueensRuntimeError, match="3 requested"), atomic_output(target, "wb"):
        raise OSError("3 requested and 1 written")
    assert os.listdir(tmp_path) == []


def test_a_ctrl_c_just_after_the_temporary_file_is_made_leaves_nothing(tmp_path,
                                                                       monkeypatch):
    # the interrupt lands as the file's creation returns, before any code could remember
    # it (tempfile.mkstemp had such a window: 7 of 60 interrupted `solve 12 --format svg`
    # runs left a .tmp file)
    import nqueens.files as files

    real_open = os.open

    def open_then_interrupted(path, flags, mode=0o777):
        real_open(path, flags, mode)
        raise KeyboardInterrupt

    monkeypatch.setattr(files.os, "open", open_then_interrupted)
    with pytest.raises(KeyboardInterrupt), atomic_output(tmp_path / "b.svg") as f:
        f.write("never")
    assert list(tmp_path.iterdir()) == []


def test_output_goes_through_links_into_devices_and_pipes_as_the_shells_does(tmp_path):
    """A link is written through, a device or a FIFO is written into (never replaced by a
    regular file), a name of 250 bytes is fine (the temporary name stays within NAME_MAX)."""
    real = tmp_path / "real.txt"
    real.write_text("old")
    (tmp_path / "link.txt").symlink_to("real.txt")
    assert _run(["solve", "6", "--out", "link.txt"], tmp_path).returncode == 0
    assert (tmp_path / "link.txt").is_symlink() and real.read_text().count("Q") == 4 * 6
    long = "b" * 246 + ".txt"
    assert _run(["first", "6", "--out", long], tmp_path).returncode == 0
    assert (tmp_path / long).read_text().count("Q") == 6
    r = _run(["first", "6", "--out", "b" * 300 + ".txt"], tmp_path)
    assert r.returncode == 2 and "File name too long" in r.stderr, r.stderr
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE, text=True)
    assert _run(["first", "6", "-f", "cols", "--out", "pipe"], tmp_path).returncode == 0
    assert reader.communicate(timeout=60)[0] == "2 4 6 1 3 5\n"
    assert fifo.is_fifo()
    assert sorted(os.listdir(tmp_path)) == sorted(["link.txt", long, "pipe", "real.txt"])


def _device(tmp_path: Path, name: str, minor: int) -> Path:
    """A private copy of a memory device (1, minor): never the system's own /dev nodes,
    which an output bug running as root would replace."""
    node = tmp_path / name
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, minor))
    except (PermissionError, AttributeError):
        pytest.skip("creating a device node needs root")
    return node


def test_an_output_device_is_written_into_never_replaced(tmp_path):
    null = _device(tmp_path, "null", 3)
    assert _run(["first", "6", "--out", "null"], tmp_path).returncode == 0
    assert stat.S_ISCHR(null.stat().st_mode)
    full = _device(tmp_path, "full", 7)
    _runtime_failure(_run(["first", "6", "--out", "full"], tmp_path), "No space left")
    assert stat.S_ISCHR(full.stat().st_mode)
    assert sorted(os.listdir(tmp_path)) == ["full", "null"]     # no temporary left


def test_a_file_this_user_may_not_write_is_refused(tmp_path, monkeypatch):
    """As ``>`` refuses it (checked with os.access: root may write anything)."""
    import nqueens.files as files
    from nqueens.files import OutputPathError

    path = tmp_path / "ro.txt"
    path.write_text("keep")
    monkeypatch.setattr(files.os, "access", lambda p, mode: False)
    with pytest.raises(OutputPathError, match="Permission denied"):
        write_atomic(path, "new")
    assert path.read_text() == "keep" and os.listdir(tmp_path) == ["ro.txt"]


# -- the independent recount ---------------------------------------------------------------


def _border(p: tuple[int, ...]) -> tuple[int, int, int, int]:
    n = len(p)
    return p[0], p[n - 1], p.index(0), p.index(n - 1)


@pytest.mark.parametrize("n", [5, 6, 7, 8])
def test_recount_matches_brute_force(n):
    """Each subproblem's (total, unique) from permutations and a naive symmetry set."""
    sols = list(brute_force_solutions(n))
    for s in split(n):
        border = (s.top, s.bottom, s.left, s.right)
        classes = {frozenset(images_naive(p)) for p in sols if _border(p) == border}
        expect = (sum(len(c) for c in classes), len(classes))
        assert recount(n, s) == expect, s


@pytest.mark.parametrize("n", [9, 10, 12])
def test_recount_matches_the_engine(n):
    subs = split(n)
    rows = count_batch(n, [tuple(s) for s in subs])
    assert [recount(n, s) for s in subs] == [r[:2] for r in rows]


def test_sample_size_reaches_the_confidence_and_no_more():
    for done in (1, 10, 100, 730, 3206, 50_000):
        k = sample_size(done)
        assert catch_probability(done, k) >= 0.99
        if k > 1:
            assert catch_probability(done, k - 1) < 0.99
