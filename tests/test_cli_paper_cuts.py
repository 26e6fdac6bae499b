"""Issue 32, a newcomer's paper cuts, each as a person meets it through the command line.

1. the tool reads back every format it writes (or names the one it saw and the one it wants);
2. machine formats keep prose off stdout; 3. no silent tofu in Japanese or Korean PNGs;
4. the 0-based and 1-based conventions are visible; 5. messages lead somewhere;
6. verify of a huge ``.npy`` stays near the file's size; 7. corners: no thread to start,
the umask race, input echoed whole.
"""

from __future__ import annotations

import os
import signal
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
    assert r.returncode == 130 and r.stderr.startswith("nqueens: interrupted"), r.stderr
    assert len(r.stderr.splitlines()) == 1


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


def test_an_argument_echoed_in_an_error_is_cut_to_its_head_and_tail():
    # 100 KB in one argument (the kernel takes up to 128 KiB): parse_squares quotes it whole
    r = run_cli("complete", "8", "--given", "1,1 " + "9" * 100_000 + ",2")
    assert_bad_input(r, "cannot read '9999", "characters left out", "9999,2' as a square")
    assert len(r.err) < 400, len(r.err)


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
    r = run_cli("complete", "4", "--given", "1,1", "--format", "cols")
    assert (r.code, r.out) == (1, "") and "no completion" in r.err
    r = run_cli("complete", "8", "--random", "2", "--seed", "5", "--format", "cols")
    assert r.err.startswith("instance: nqueens complete 8 --given ")
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
    cli = run_cli("complete", "8", "--given", "1,1 2,5", "--format", "cols")
    assert cli.out.split() == [str(c) for c in pairs.cols]
    with pytest.warns(DeprecationWarning, match=r"queens="):
        assert complete(8, placed=[(0, 0), (1, 4)]) == pairs


def test_an_off_board_square_names_its_base_and_the_other_reading():
    from nqueens.completion import complete
    from nqueens.errors import InvalidBoardError

    with pytest.raises(InvalidBoardError, match=r"queen \(8, 1\) is off the 8x8 board: queens "
                       r"holds 0-based .*for the 1-based square <8,1> give \(7, 0\)"):
        complete(8, [(8, 1)])
    r = run_cli("complete", "8", "--given", "0,3")
    assert_bad_input(r, "queen <0,3> is off the 8x8 board", "1-based", "'1,4'")


# -- 1. the tool reads its own output ------------------------------------------------------

WRITERS = {
    "cols": ("solve", "6", "--format", "cols"),
    "json": ("solve", "6", "--format", "json"),
    "board": ("solve", "6", "--format", "board"),
    "grid": ("solve", "6", "--format", "grid"),
}


@pytest.mark.parametrize("fmt", sorted(WRITERS))
@pytest.mark.slow
def test_verify_reads_every_stream_solve_writes_and_counts_it(fmt):
    from naive import brute_force_solutions

    written = run_cli(*WRITERS[fmt])
    r = run_cli("verify", "-", input=written.out)
    expect = len(list(brute_force_solutions(6)))  # 4, from the oracle
    assert (r.code, r.out) == (0, f"ok: {expect} solutions checked (n=6)\n"), r.err


def test_verify_names_the_clashing_solution_of_a_stream():
    stream = "2 4 1 3\n1 2 3 4\n3 1 4 2\n"
    r = run_cli("verify", "-", input=stream)
    assert r.code == 1
    assert r.out.splitlines() == [
        "solution 2 (line 2): clash: queens at <1,1> and <2,2> share a diagonal",
        "1 of 3 solutions clash (n=4)"]
    j = run_cli("verify", "-", "--json", input=stream)
    import json

    rec = json.loads(j.out)
    assert (j.code, rec["checked"], rec["clashing"], rec["ok"]) == (1, 3, 1, False)
    assert rec["clash"] == {"first": [1, 1], "second": [2, 2], "kind": "diagonal"}
    assert (rec["solution"], rec["line"]) == (2, 2)


def test_the_first_board_and_the_first_grid_read_back():
    for fmt in ("board", "grid"):
        first = run_cli("first", "8", "--format", fmt)
        r = run_cli("verify", "-", input=first.out)
        assert (r.code, r.out) == (0, "ok n=8\n"), (fmt, r.err)


def test_find_one_column_a_line_is_one_solution(tmp_path):
    out = tmp_path / "q.txt"
    assert run_cli("find", "1000", "--out", str(out)).code == 0
    assert len(out.read_text().splitlines()) == 1000  # one column a line
    r = run_cli("verify", str(out))
    assert (r.code, r.out) == (0, "ok n=1000\n")
    piped = run_cli("verify", "-", input=out.read_text())
    assert piped.out == "ok n=1000\n"


def test_a_second_number_on_a_line_of_a_column_a_line_file_is_refused():
    r = run_cli("verify", "-", input="2\n4\n1 3\n")
    assert_bad_input(r, "line 3 holds more than one number", "one column a line")


def test_a_one_queen_board_reads_the_same_in_both_layouts():
    assert run_cli("verify", "-", input="1\n").out == "ok n=1\n"


def test_json_records_with_null_say_there_is_nothing_to_check():
    r = run_cli("verify", "-", input="null\n")
    assert_bad_input(r, "no solution to check", "null")


@pytest.mark.parametrize(("writer", "seen"), [
    (("first", "6", "--format", "svg"), "an SVG picture"),
    (("count", "6", "--json"), "a JSON object with n, total"),
])
def test_verify_refuses_what_is_no_solution_naming_what_it_saw(writer, seen):
    r = run_cli("verify", "-", input=run_cli(*writer).out)
    assert_bad_input(r, seen)


def test_verify_refuses_a_puzzle_and_reads_the_board_that_solves_it(tmp_path):
    puzzle = tmp_path / "p.txt"
    assert run_cli("puzzle", "make", "--size", "8", "--kind", "completion", "--seed", "3",
                   "-o", str(puzzle)).code == 0
    assert_bad_input(run_cli("verify", str(puzzle)), "holds a puzzle, not a solution",
                     "puzzle solve")
    solved = run_cli("puzzle", "solve", str(puzzle))
    assert run_cli("verify", "-", input=solved.out).out == "ok n=8\n"


def test_a_partial_board_given_to_verify_points_to_complete():
    r = run_cli("verify", "-", input="Q . . .\n. . x .\n. . . .\n. . . .\n")
    assert_bad_input(r, "a partial board, not a solution", "complete --board")


def test_complete_reads_the_grid_first_writes(tmp_path):
    grid = tmp_path / "g.txt"
    grid.write_text(run_cli("first", "8", "--format", "grid").out)
    r = run_cli("complete", "--board", str(grid), "--format", "cols")
    assert (r.code, r.out) == (0, "1 5 8 6 3 7 2 4\n")


def test_complete_reads_a_completion_puzzle_file(tmp_path):
    puzzle = tmp_path / "p.txt"
    assert run_cli("puzzle", "make", "--size", "8", "--kind", "completion", "--seed", "3",
                   "-o", str(puzzle)).code == 0
    from nqueens.puzzles.model import parse_puzzle

    given = parse_puzzle(puzzle.read_text())
    r = run_cli("complete", "--board", str(puzzle), "--all", "--format", "cols")
    assert r.code == 0, r.err
    sols = [[int(c) - 1 for c in line.split()] for line in r.out.splitlines()]
    assert len(sols) == 1  # the puzzle's own promise: exactly one solution
    assert all(sols[0][row] == col for row, col in given.givens)


@pytest.mark.parametrize("fmt", ["cols", "json", "board"])
@pytest.mark.slow
def test_complete_reads_back_its_own_output(fmt):
    made = run_cli("complete", "8", "--given", "1,1 2,5", "--format", fmt)
    again = run_cli("complete", "--board", "-", "--format", "cols", input=made.out)
    assert (again.code, again.out) == (0, "1 5 8 6 3 7 2 4\n"), again.err


def test_complete_refuses_a_stream_of_several_solutions():
    r = run_cli("complete", "--board", "-", input=run_cli("solve", "6", "-f", "cols").out)
    assert_bad_input(r, "holds 4 solutions", "head -1")


def test_complete_refuses_a_region_puzzle(tmp_path):
    puzzle = tmp_path / "r.txt"
    assert run_cli("puzzle", "make", "--size", "6", "--seed", "2", "-o", str(puzzle)).code == 0
    assert_bad_input(run_cli("complete", "--board", str(puzzle)), "a region puzzle",
                     "puzzle solve")


def test_verify_reads_find_npy_from_a_file_and_from_stdin(tmp_path):
    out = tmp_path / "q.npy"
    assert run_cli("find", "500", "--format", "npy", "--out", str(out)).code == 0
    assert run_cli("verify", str(out)).out == "ok n=500\n"
    with open(out, "rb") as f:
        piped = subprocess.run([sys.executable, "-m", "nqueens", "verify", "-"], stdin=f,
                               capture_output=True, text=True,
                               env={**os.environ, "PYTHONPATH": str(SRC)})
    assert (piped.returncode, piped.stdout) == (0, "ok n=500\n"), piped.stderr


# -- 6. verify of a huge .npy: memory near the file's size, not three times it -------------


def test_the_chunked_bit_table_check_agrees_with_first_conflict(monkeypatch):
    import numpy as np

    import nqueens.large.verify as v
    from nqueens import find
    from nqueens.board import first_conflict

    monkeypatch.setattr(v, "CHUNK_ROWS", 7)  # many chunks, clashes across their borders
    rng = np.random.default_rng(32)
    boards = []
    for n in range(4, 60):
        good = np.asarray(find(n))
        swapped = good.copy()
        i, j = rng.choice(n, 2, replace=False)
        swapped[[i, j]] = swapped[[j, i]]
        boards += [good, swapped, rng.permutation(n), rng.integers(0, n, n)]
    boards.append(np.array([0]))
    for cols in boards:
        got = v.verify_chunks(len(cols), lambda lo, hi, c=cols: c[lo:hi])
        assert got.conflict == first_conflict(cols.tolist()), cols.tolist()


def test_a_large_npy_goes_through_the_chunked_check_with_the_same_verdicts(tmp_path,
                                                                           monkeypatch):
    import numpy as np

    import nqueens.large.verify as v
    from nqueens import find

    good = np.asarray(find(3000), dtype=np.int32)
    bad = good.copy()
    bad[2500] = bad[1200]  # two queens in one column, rows 1201 and 2501
    paths = []
    for name, cols in (("good.npy", good), ("bad.npy", bad)):
        np.save(tmp_path / name, cols)
        paths.append(tmp_path / name)
    stamps = [v.verify_file(p) for p in paths]
    monkeypatch.setattr(v, "STAMP_MAX_N", 100)
    monkeypatch.setattr(v, "CHUNK_ROWS", 1000)
    chunked = [v.verify_file(p) for p in paths]
    assert chunked == stamps
    assert chunked[1].describe().startswith("clash: queens at <1201,")
    off = good.astype(np.int64)
    off[2999] = 3000  # off the board, after the clash: still bad input, as before
    off[2500] = off[1200]
    np.save(tmp_path / "off.npy", off)
    from nqueens.errors import ParseError

    with pytest.raises(ParseError, match="row 3000 has column 3001"):
        v.verify_file(tmp_path / "off.npy")


def test_verify_of_a_large_npy_holds_far_less_than_the_file(tmp_path):
    import tracemalloc

    import numpy as np

    from nqueens import find
    from nqueens.large.verify import verify_file

    n = 8_000_000
    path = tmp_path / "q.npy"
    np.save(path, np.asarray(find(n), dtype=np.int32))
    size = path.stat().st_size  # 32 MB
    verify_file(path)  # compile the kernel first: its compiler's memory is not the check's
    tracemalloc.start()
    try:
        verdict = verify_file(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert verdict.ok and verdict.n == n
    assert peak < size  # the stamp tables alone took 10 bytes a row: 80 MB here


# -- 5. messages that lead somewhere ---------------------------------------------------------


def test_a_board_too_large_for_the_search_order_points_to_find():
    assert_bad_input(run_cli("solve", "100000", "--limit", "1"), "too large",
                     "`nqueens find 100000` builds one solution at once")
    from nqueens import first_solution
    from nqueens.errors import InvalidSizeError

    with pytest.raises(InvalidSizeError, match=r"nqueens\.find\(70\) builds one solution"):
        first_solution(70)


def test_an_interrupted_count_and_ledger_show_say_how_to_resume(tmp_path):
    from _procs import start_cli, wait_for_rows

    ledger = tmp_path / "n17.sqlite"
    proc = start_cli("count", "17", "--ledger", str(ledger))
    try:
        wait_for_rows(ledger, 1, proc)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    resume = f"nqueens count 17 --ledger {ledger}"
    assert proc.returncode == 130
    assert err.splitlines()[-1] == f"nqueens: interrupted; resume with: {resume}"
    shown = run_cli("ledger", "show", str(ledger))
    assert "incomplete" in shown.out.splitlines()[0]
    assert shown.out.splitlines()[-1].split(maxsplit=1) == ["resume", resume]


def _terminal_env(**extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(SRC), **extra}


def test_a_file_written_is_named_on_a_terminal_and_not_to_a_script(tmp_path):
    from _procs import run_on_terminal

    out = tmp_path / "b.svg"
    code, said, _ = run_on_terminal(["first", "8", "--format", "svg", "--out", str(out)],
                                    _terminal_env(), stream="stderr")
    assert code == 0
    assert said.strip() == f"nqueens: wrote {out} ({out.stat().st_size:,} bytes)"
    quiet = run_cli("first", "8", "--format", "svg", "--out", str(tmp_path / "c.svg"))
    assert (quiet.code, quiet.err) == (0, "")


@pytest.mark.slow
def test_complete_200_on_a_narrow_terminal_prints_columns_and_says_so():
    from _procs import run_on_terminal

    code, shown, err = run_on_terminal(["complete", "200", "--random", "40", "--seed", "1"],
                                       _terminal_env(COLUMNS="80"), stream="stdout")
    assert code == 0, err
    assert "wider than this terminal" in err and "--format board" in err
    line = max(shown.splitlines(), key=len).strip()  # (a colour reset may follow)
    assert len(line.split()) == 200
    assert run_cli("verify", "-", input=line).out == "ok n=200\n"
    piped = run_cli("complete", "200", "--random", "40", "--seed", "1")
    assert len(piped.out.splitlines()) == 201  # to a file or a pipe: the board, as asked


# -- 3. no silent tofu ---------------------------------------------------------------------


def _fake_fc_list(tmp_path: Path, families: str) -> dict[str, str]:
    """An environment whose ``fc-list`` answers ``families`` (one a line) to every query:
    fontconfig as it would be with, or without, a Japanese and Korean font installed."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    fake = bin_dir / "fc-list"
    fake.write_text(f"#!/bin/sh\nprintf '{families}'\n")
    fake.chmod(0o755)
    return {**os.environ, "PYTHONPATH": str(SRC),
            "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}


def _png_tree(tmp_path: Path, lang: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("cairosvg")
    return subprocess.run([sys.executable, "-m", "nqueens", "tree", "4", "--png",
                           str(tmp_path / f"t-{lang}.png"), "--lang", lang],
                          capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize(("lang", "language"), [("ja", "Japanese"), ("ko", "Korean")])
def test_a_cjk_png_without_a_cjk_font_warns_with_the_package_to_install(tmp_path, lang,
                                                                        language):
    r = _png_tree(tmp_path, lang, _fake_fc_list(tmp_path, ""))
    assert r.returncode == 0 and (tmp_path / f"t-{lang}.png").exists()
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("nqueens: warning: "), r.stderr
    assert f"no installed font has {language} glyphs" in lines[0]
    assert "apt install fonts-noto-cjk" in lines[0]


def test_a_cjk_png_with_a_cjk_font_is_quiet(tmp_path):
    r = _png_tree(tmp_path, "ja", _fake_fc_list(tmp_path, "Noto Sans CJK JP\\n"))
    assert (r.returncode, r.stderr) == (0, "")


def test_an_english_png_never_asks_for_a_cjk_font(tmp_path):
    r = _png_tree(tmp_path, "en", _fake_fc_list(tmp_path, ""))
    assert (r.returncode, r.stderr) == (0, "")


# -- 8. the formats table in the docs --------------------------------------------------------


def test_docs_formats_table_is_the_readers_own_table():
    from nqueens.formats import FORMATS

    doc = (SRC.parent / "docs" / "formats.md").read_text()
    rows = [f"| `{f.name}` | {f.looks} | {f.writers} | {f.readers} |" for f in FORMATS]
    start = doc.index("| format | looks like | written by | read by |")
    table = doc[start:doc.index("\n\n", start)].splitlines()[2:]
    assert table == rows
    assert "docs/formats.md" in (SRC.parent / "README.md").read_text()


@pytest.mark.slow
def test_every_format_the_table_names_is_read_back_by_verify(tmp_path):
    # one writer per row of the table, its output verified: the table's claims, run
    writers = {
        "board": ("first", "7"), "grid": ("first", "7", "--format", "grid"),
        "cols": ("solve", "7", "--limit", "2", "--format", "cols"),
        "json": ("solve", "7", "--limit", "2", "--json"),
    }
    for name, argv in writers.items():
        r = run_cli("verify", "-", input=run_cli(*argv).out)
        assert r.code == 0 and r.out.startswith("ok"), (name, r.out, r.err)
    for fmt, suffix in (("cols", "txt"), ("npy", "npy")):
        out = tmp_path / f"q.{suffix}"
        assert run_cli("find", "77", "--format", fmt, "--out", str(out)).code == 0
        assert run_cli("verify", str(out)).out == "ok n=77\n"


def test_a_stream_read_in_small_blocks_gives_each_line_and_its_verdict(monkeypatch):
    # lines cut across blocks, lines of several sizes, one line longer than many blocks
    import io

    import numpy as np

    import nqueens.large.read as read
    from nqueens import find
    from nqueens.board import first_conflict
    from nqueens.formats import solutions_in

    rng = np.random.default_rng(7)
    lines = [list(find(5000))]
    for _ in range(300):
        n = int(rng.integers(2, 12))
        lines.append(list(rng.permutation(n)) if rng.random() < 0.5 else list(find(max(n, 4))))
    lines.insert(0, [1, 3, 0, 2])  # several numbers on the first line: one solution a line
    text = "\n".join(" ".join(str(c + 1) for c in cols) for cols in lines) + "\n"
    monkeypatch.setattr(read, "READ_BYTES", 97)
    found = list(solutions_in(io.BytesIO(text.encode()), "-"))
    assert [f.cols.tolist() for f in found] == [[int(c) for c in cols] for cols in lines]
    assert [f.line for f in found] == list(range(1, len(lines) + 1))
    for f, cols in zip(found, lines, strict=True):
        if f.ok is not None:
            assert f.ok == (first_conflict([int(c) for c in cols]) is None), cols
