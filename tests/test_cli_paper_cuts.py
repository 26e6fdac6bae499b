"""Issue 32, a newcomer's paper cuts, each as a person meets it through the command line.

1. the tool reads back every format it writes (or names the one it saw and the one it wants);
2. machine formats keep prose off stdout; 3. no silent tofu in Japanese or Korean PNGs;
4. the 0-based and 1-based conventions are visible; 5. messages lead somewhere;
6. verify of a huge ``.npy`` stays near the file's size; 7. corners: no thread to start,
the umask race, input echoed whole.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import SRC, assert_bad_input, run_cli

# -- 7. corners found by trying to break it --------------------------------------------------


def _run_with_site(tmp_path: Path, site: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m nqueens ARGS`` with ``site`` as a sitecustomize module (run at start-up)."""
    hook = tmp_path / "site"
    hook.mkdir(exist_ok=True)
    (hook / "sitecustomize.py").write_text(textwrap.dedent(site))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(SRC), str(hook)])
    return subprocess.run([sys.executable, "-m", "nqueens", *args], capture_output=True,
                          text=True, env=env, cwd=tmp_path, timeout=300)


NO_THREADS = """
    import threading

    def _refuse(self):
        raise RuntimeError("can't start new thread")

    threading.Thread.start = _refuse
"""
"""What a process meets at its pids limit (``ulimit -u``): no thread starts."""


def _assert_no_threads_line(r: subprocess.CompletedProcess[str]) -> None:
    assert r.returncode == 3, (r.returncode, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    assert "cannot start a thread" in lines[0] and "ulimit -u" in lines[0]


def test_count_without_threads_is_one_line_and_exit_3(tmp_path):
    _assert_no_threads_line(_run_with_site(tmp_path, NO_THREADS, "count", "14", "--workers", "2"))


def test_ledger_verify_all_without_threads_is_one_line_and_exit_3(tmp_path):
    ledger = tmp_path / "n9.sqlite"
    made = run_cli("count", "9", "--ledger", str(ledger))
    assert made.code == 0, made.err
    _assert_no_threads_line(_run_with_site(tmp_path, NO_THREADS, "ledger", "verify", "--all",
                                           str(ledger), "--workers", "2"))


OPENBLAS_SIGINT = NO_THREADS + """
    import os, signal, sys

    class _Blas:
        # numpy's OpenBLAS raises SIGINT itself when it cannot start its threads
        def find_spec(self, name, path=None, target=None):
            if name == "numpy":
                os.kill(os.getpid(), signal.SIGINT)
            return None

    if os.environ.get("FAKE_BLAS_FAILURE"):
        sys.meta_path.insert(0, _Blas())
"""


def test_a_sigint_from_openblas_at_the_process_limit_is_a_runtime_failure(tmp_path, monkeypatch):
    monkeypatch.setenv("FAKE_BLAS_FAILURE", "1")
    _assert_no_threads_line(_run_with_site(tmp_path, OPENBLAS_SIGINT, "count", "12"))


def test_a_real_ctrl_c_still_reads_interrupted(tmp_path, monkeypatch):
    # the same signal while threads can start: a person stopped it (130)
    monkeypatch.setenv("FAKE_BLAS_FAILURE", "1")
    site = OPENBLAS_SIGINT.replace("threading.Thread.start = _refuse", "")
    r = _run_with_site(tmp_path, site, "count", "12")
    assert r.returncode == 130 and r.stderr.strip() == "nqueens: interrupted", r.stderr


def test_the_program_keeps_openblas_to_one_thread(tmp_path):
    site = """
        import atexit, os, sys
        atexit.register(lambda: sys.stderr.write("BLAS=" + os.environ.get(
            "OPENBLAS_NUM_THREADS", "unset") + "\\n"))
    """
    env_before = os.environ.pop("OPENBLAS_NUM_THREADS", None)
    try:
        r = _run_with_site(tmp_path, site, "first", "4")
    finally:
        if env_before is not None:
            os.environ["OPENBLAS_NUM_THREADS"] = env_before
    assert r.returncode == 0 and "BLAS=1" in r.stderr


def test_new_files_take_the_umask_without_looking_it_up(tmp_path, monkeypatch):
    # os.umask sets as it reads: a lookup races with every other thread's new files
    from nqueens.files import write_atomic

    old = os.umask(0o027)
    try:
        def no_lookup(mask):
            raise AssertionError("atomic_output looked the umask up")

        monkeypatch.setattr(os, "umask", no_lookup)
        write_atomic(tmp_path / "new.txt", "Q")
        (tmp_path / "kept.txt").write_text("old")
        os.chmod(tmp_path / "kept.txt", 0o604)
        write_atomic(tmp_path / "kept.txt", "new")
    finally:
        monkeypatch.undo()
        os.umask(old)
    assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o640
    assert (tmp_path / "kept.txt").stat().st_mode & 0o777 == 0o604
    assert (tmp_path / "kept.txt").read_text() == "new"


def test_threads_writing_files_at_once_all_get_the_umask(tmp_path):
    import threading

    from nqueens.files import write_atomic

    old = os.umask(0o022)
    try:
        def write(k):
            for i in range(200):
                write_atomic(tmp_path / f"{k}-{i}.txt", "Q")

        workers = [threading.Thread(target=write, args=(k,)) for k in range(4)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
    finally:
        os.umask(old)
    modes = {p.stat().st_mode & 0o777 for p in tmp_path.iterdir()}
    assert modes == {0o644}


def test_an_error_never_echoes_a_megabyte_of_input(tmp_path):
    board = tmp_path / "b.json"
    board.write_text('{"cols": ["' + "7" * (1 << 20) + '"]}')
    r = run_cli("verify", str(board))
    assert_bad_input(r)
    assert len(r.err) < 400, len(r.err)
    assert "more characters" in r.err


# -- 2. prose on a machine's stdout -----------------------------------------------------------


@pytest.mark.parametrize(("command", "fmt"), [("solve", "cols"), ("solve", "json"),
                                              ("first", "cols"), ("first", "svg")])
def test_no_solution_in_a_machine_format_keeps_stdout_for_data(command, fmt):
    r = run_cli(command, "2", "--format", fmt)
    assert r.code == 0 and r.out == ""
    assert r.err.strip() == "no solution: 2 queens cannot be placed on a 2x2 board"


def test_first_json_prints_null_and_says_why_on_stderr():
    r = run_cli("first", "3", "--json")
    assert (r.code, r.out) == (0, "null\n") and "no solution" in r.err


def test_no_solution_as_a_board_is_told_to_the_person():
    r = run_cli("first", "3")
    assert r.out.startswith("no solution") and r.err == ""


def test_complete_cols_puts_the_instance_and_the_proof_on_stderr():
    r = run_cli("complete", "4", "--queens", "1,1", "--format", "cols")
    assert (r.code, r.out) == (1, "") and "no completion" in r.err
    r = run_cli("complete", "8", "--random", "2", "--seed", "5", "--format", "cols")
    assert r.err.startswith("instance: nqueens complete 8 --queens ")
    assert len(r.out.split()) == 8 and r.out.count("\n") == 1


# -- 4. 0-based and 1-based traps in the library -------------------------------------------


def test_solution_text_says_it_is_1_based_and_what_0_based_would_be():
    from nqueens import Solution
    from nqueens.errors import InvalidBoardError

    with pytest.raises(InvalidBoardError, match=r"1-based columns, 1\.\.4; as 0-based .*"
                       r"Solution\(\(1, 3, 0, 2\)\)") as err:
        Solution("1 3 0 2")
    assert "-1" not in str(err.value)  # the column as typed, not shifted
    assert Solution((1, 3, 0, 2)) == Solution("2 4 1 3")


def test_a_tuple_of_1_based_columns_says_0_based_was_expected():
    from nqueens import Solution
    from nqueens.errors import InvalidBoardError

    with pytest.raises(InvalidBoardError, match="0-based columns were expected: read as "
                       "1-based, '2 4 1 3' would fit"):
        Solution((2, 4, 1, 3))


def test_complete_takes_queens_as_the_cli_names_them_and_its_text():
    from nqueens.completion import complete

    pairs = complete(8, queens=[(0, 0), (1, 4)])
    assert complete(8, "1,1 2,5") == pairs
    cli = run_cli("complete", "8", "--queens", "1,1 2,5", "--format", "cols")
    assert cli.out.split() == [str(c) for c in pairs.cols]
    with pytest.warns(DeprecationWarning, match=r"queens="):
        assert complete(8, placed=[(0, 0), (1, 4)]) == pairs


def test_an_off_board_square_names_its_base_and_the_other_reading():
    from nqueens.completion import complete
    from nqueens.errors import InvalidBoardError

    with pytest.raises(InvalidBoardError, match=r"queen \(8, 1\) is off the 8x8 board: queens "
                       r"holds 0-based .*for the 1-based square <8,1> give \(7, 0\)"):
        complete(8, [(8, 1)])
    r = run_cli("complete", "8", "--queens", "0,3")
    assert_bad_input(r, "queen <0,3> is off the 8x8 board", "1-based", "'1,4'")
