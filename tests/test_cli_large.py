"""The find, verify and complete commands as a user meets them, good input and bad."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

from conftest import assert_bad_input, run_cli
from naive import is_solution_pairwise

# -- find -----------------------------------------------------------------------------------


def test_find_prints_one_column_per_line():
    r = run_cli("find", "8")
    assert r.code == 0, r.err
    assert r.out == "4\n6\n8\n2\n7\n1\n3\n5\n"
    assert run_cli("find", "1").out == "1\n"


@pytest.mark.slow
def test_find_local_seeded_is_reproducible(tmp_path):
    a = run_cli("find", "200", "--method", "local", "--seed", "5")
    b = run_cli("find", "200", "--method", "local", "--seed", "5")
    c = run_cli("find", "200", "--method", "local", "--seed", "6")
    assert a.code == b.code == c.code == 0
    assert a.out == b.out != c.out
    cols = [int(x) - 1 for x in a.out.split()]
    assert is_solution_pairwise(cols)


def test_find_then_verify_text_and_npy(tmp_path):
    txt, npy = tmp_path / "q.txt", tmp_path / "q.npy"
    r = run_cli("find", "100000", "--method", "local", "--seed", "1", "--out", str(txt))
    assert r.code == 0, r.err
    assert "wrote n=100000" in r.out
    assert len(txt.read_text().splitlines()) == 100000
    v = run_cli("verify", str(txt))
    assert (v.code, v.out) == (0, "ok n=100000\n")
    r = run_cli("find", "100003", "--out", str(npy))
    assert r.code == 0, r.err
    arr = np.load(npy)
    assert arr.dtype == np.int32 and arr.shape == (100003,)
    assert run_cli("verify", str(npy)).out == "ok n=100003\n"
    other = tmp_path / "cols.bin"
    assert run_cli("find", "10", "-o", str(other), "--format", "npy").code == 0
    assert run_cli("verify", str(other), "--format", "npy").out == "ok n=10\n"


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("find", "2"), "no solution"),
        (("find", "3", "--method", "local"), "no solution"),
        (("find", "0"), "positive integer"),
        (("find", "x"), "positive integer"),
        (("find", "8", "--seed", "1"), "seed applies only"),
        (("find", "8", "--method", "local", "--seed", "-1"), "non-negative"),
        (("find", "8", "--method", "magic"), "invalid choice"),
        (("find", "8", "--format", "npy"), "--out"),
        (("find", "3000000000"), "too large"),
        (("find", "8", "--out", "/nonexistent-dir/q.txt"), "cannot write"),
    ],
)
def test_find_bad_input(args, fragment):
    assert_bad_input(run_cli(*args), fragment)


# -- verify ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2 4 1 3\n", "ok n=4"),
        ("2,4,1,3", "ok n=4"),
        ("1\n2\n3\n", "clash: queens at <1,1> and <2,2> share a diagonal"),
        ("1 3 1\n", "clash: queens at <1,1> and <3,1> share a column"),
        ("1 4 2 3\n", "clash: queens at <3,2> and <4,3> share a diagonal"),
        ("2 3 1\n", "clash: queens at <1,2> and <2,3> share a diagonal"),
        ("3 1 2\n", "clash: queens at <2,1> and <3,2> share a diagonal"),
        ("1 3 2\n", "clash: queens at <2,3> and <3,2> share an anti-diagonal"),
    ],
)
def test_verify_verdicts(tmp_path, text, expected):
    path = tmp_path / "s.txt"
    path.write_text(text)
    r = run_cli("verify", str(path))
    assert r.out.strip() == expected
    assert r.code == (0 if expected.startswith("ok") else 1)


@pytest.mark.parametrize(
    ("name", "content", "fragment"),
    [
        ("e.txt", "", "empty"),
        ("g.txt", "1 2 three\n", "'three' is not a whole number"),
        ("f.txt", "1\n2.0\n", "line 2: '2.0'"),
        ("r.txt", "1 2 7\n", "row 3 has column 7, off a board of size 3"),
        ("z.txt", "0 1\n", "row 1 has column 0"),
        ("b.npy", "garbage", "not a readable .npy"),
        ("b.json", "[1, 2.5]", "row 2 has 2.5"),
    ],
)
@pytest.mark.slow
def test_verify_malformed(tmp_path, name, content, fragment):
    path = tmp_path / name
    path.write_text(content)
    assert_bad_input(run_cli("verify", str(path)), fragment)


def test_verify_missing_file_and_bad_format(tmp_path):
    assert_bad_input(run_cli("verify", str(tmp_path / "none.txt")), "cannot read")
    assert_bad_input(run_cli("verify", "x.txt", "--format", "xml"), "invalid choice")


def test_verify_json_from_first(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"n": 4, "cols": [2, 4, 1, 3]}))
    assert run_cli("verify", str(path)).out == "ok n=4\n"


@pytest.mark.parametrize("fmt", ["cols", "json", "npy"])
@pytest.mark.slow
def test_verify_reads_standard_input_in_every_format(tmp_path, fmt):
    # '-' was "cannot read '-': No such file or directory" (puzzles already took it)
    import subprocess
    import sys

    from conftest import SRC

    found = tmp_path / f"q.{'txt' if fmt == 'cols' else fmt}"
    assert run_cli("find", "1000", "--out", str(found), "--format",
                   "npy" if fmt == "npy" else "cols").code == 0
    if fmt == "json":  # the same queens as a JSON object
        cols = [int(c) for c in found.read_text().split()]
        found.write_text(json.dumps({"n": len(cols), "cols": cols}))
    env = dict(os.environ, PYTHONPATH=str(SRC))

    def verify_stdin(data: bytes) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run([sys.executable, "-m", "nqueens", "verify", "-", "-f", fmt],
                              input=data, capture_output=True, env=env, timeout=120)

    r = verify_stdin(found.read_bytes())
    assert (r.returncode, r.stdout.decode()) == (0, run_cli("verify", str(found)).out)
    assert r.stdout.decode() == "ok n=1000\n"
    if fmt == "cols":  # a clash read from stdin is found as from a file
        clash = verify_stdin(b"1 2 3\n")
        assert clash.returncode == 1 and "<1,1> and <2,2>" in clash.stdout.decode()


# -- complete -------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [("complete", "8", "{}", "1,1 2,5", "-f", "cols"),
                                  ("export", "6", "--to", "cnf", "{}", "1,1 2,5")])
def test_given_queens_keep_their_old_name_with_a_note(argv):
    """`--given` was `--queens` in complete and export (a number of queens in count, solve
    and first): the old name gives the same output, and says so in one line on stderr."""
    from nqueens.cli._common import GIVEN_RENAMED

    new, old, short = (run_cli(*[flag if a == "{}" else a for a in argv])
                       for flag in ("--given", "--queens", "-q"))
    assert new.code == old.code == short.code == 0, old.err
    assert new.out == old.out == short.out and new.out.strip()
    assert new.err == short.err == "" and old.err.splitlines() == [GIVEN_RENAMED]
    assert "--queens" not in run_cli(argv[0], "--help").out
    both = run_cli(*[x for a in argv for x in (("--given", "1,1", "--queens") if a == "{}"
                                                 else (a,))])
    assert_bad_input(both, "not allowed with")


@pytest.mark.slow
def test_complete_board_cols_json():
    r = run_cli("complete", "8", "--given", "1,1 2,5")
    assert r.code == 0, r.err
    assert r.out.splitlines()[:2] == ["Q . . . . . . .", ". . . . Q . . ."]
    r = run_cli("complete", "8", "-q", "1,1 2,5", "-f", "cols")
    assert r.out == "1 5 8 6 3 7 2 4\n"
    r = run_cli("complete", "8", "-q", "1,1 2,5", "-f", "json")
    data = json.loads(r.out)
    assert data["cols"] == [1, 5, 8, 6, 3, 7, 2, 4] and data["queens"] == [[1, 1], [2, 5]]


@pytest.mark.slow
def test_complete_count_and_all():
    r = run_cli("complete", "8", "-q", "1,1", "--count")
    assert (r.code, r.out) == (0, "4\n")
    r = run_cli("complete", "8", "-q", "1,1", "--all", "-f", "cols")
    assert r.out.splitlines() == ["1 5 8 6 3 7 2 4", "1 6 8 3 7 4 2 5",
                                  "1 7 4 6 8 2 5 3", "1 7 5 8 2 4 6 3"]
    r = run_cli("complete", "8", "-q", "1,1", "--all", "--limit", "2")
    assert r.out.count("Q") == 16 and r.out.count("\n\n") == 1
    r = run_cli("complete", "8", "-q", "1,1", "-x", "2,5", "--count", "-f", "json")
    assert json.loads(r.out)["count"] == 3


@pytest.mark.slow
def test_complete_no_completion_is_a_proof():
    r = run_cli("complete", "4", "-q", "1,1")
    assert r.code == 1
    assert "no completion" in r.out and "exhaustive" in r.out
    r = run_cli("complete", "4", "-q", "1,1", "--count")
    assert (r.code, r.out) == (1, "0\n")
    r = run_cli("complete", "4", "-q", "1,1", "-f", "json")
    assert r.code == 1 and json.loads(r.out)["cols"] is None


@pytest.mark.slow
def test_complete_board_file(tmp_path):
    path = tmp_path / "b.txt"
    path.write_text("Q . . . . . . .\n. . . . x . . .\n" + ". . . . . . . .\n" * 6)
    r = run_cli("complete", "--board", str(path), "--count")
    assert (r.code, r.out) == (0, "3\n")
    r = run_cli("complete", "8", "--board", str(path), "-f", "cols")
    assert r.out == "1 6 8 3 7 4 2 5\n"
    piped = run_cli("complete", "--board", "-", "--count", input=path.read_text())
    assert (piped.code, piped.out) == (0, "3\n")  # '-' is stdin, as for puzzles


@pytest.mark.slow
def test_complete_random_instance():
    r = run_cli("complete", "10", "--random", "3", "--seed", "4", "-f", "cols")
    first, rest = r.err.splitlines()[0], r.out.splitlines()  # cols: the prose on stderr
    assert first.startswith("instance: nqueens complete 10 --given '")
    queens = first.split("'")[1]
    again = run_cli("complete", "10", "--given", queens, "-f", "cols")
    assert again.out.splitlines() == rest and again.code == r.code
    assert run_cli("complete", "10", "--random", "3", "--seed", "4", "-f", "cols").out == r.out


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("complete", "8", "-q", "1,1 3,3"), "placed queens at <1,1> and <3,3> share a diagonal"),
        (("complete", "8", "-q", "2,1 2,7"), "placed queens at <2,1> and <2,7> share row 2"),
        (("complete", "8", "-q", "1,1 5,1"), "share a column"),
        (("complete", "8", "-q", "1,9"), "queen <1,9> is off the 8x8 board"),
        (("complete", "8", "-q", "0,3"), "queen <0,3> is off"),
        (("complete", "8", "-q", "1,1", "-x", "1,1"), "square <1,1> is blocked and holds"),
        (("complete", "8", "-x", "9,1"), "blocked square <9,1> is off"),
        (("complete", "8", "-q", "1-1"), "ROW,COL"),
        (("complete", "-q", "1,1"), "board size N"),
        (("complete", "1001"), "n <= 1000"),
        (("complete", "8", "--random", "9"), "--random K places at most N = 8 queens, got 9"),
        (("complete", "8", "--seed", "3"), "--seed applies only to --random"),
        (("complete", "8", "--limit", "3"), "--limit applies only to --all or --count"),
        (("complete", "8", "--all", "--limit", "0"), "at least 1"),
        (("complete", "8", "--order", "fast"), "invalid choice"),
        (("complete", "8", "--count", "--all"), "not allowed with"),
        (("complete", "8", "--board", "/nonexistent/b.txt"), "cannot read board file"),
    ],
)
@pytest.mark.slow
def test_complete_bad_input(args, fragment):
    assert_bad_input(run_cli(*args), fragment)


def test_complete_bad_board_files(tmp_path):
    cases = [
        ("Q..\n...\n", "row 1 has 3 squares"),
        ("Q.\n.?\n", "only Q"),
        ("QQ\n..\n", "share row 1"),
        ("", "empty"),
    ]
    for text, fragment in cases:
        path = tmp_path / "b.txt"
        path.write_text(text)
        assert_bad_input(run_cli("complete", "--board", str(path)), fragment)
    path.write_text("Q...\n....\n....\n....\n")
    assert_bad_input(run_cli("complete", "5", "--board", str(path)), "N is 5 but")


def test_construct_and_verify_do_not_import_numba(tmp_path):
    import subprocess
    import sys

    from conftest import SRC

    code = (
        "import sys; from nqueens.cli import main\n"
        f"assert main(['find', '1000', '--out', {str(tmp_path / 'q.txt')!r}]) == 0\n"
        f"assert main(['verify', {str(tmp_path / 'q.txt')!r}]) == 0\n"
        "assert 'numba' not in sys.modules, 'numba imported'\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], env={"PYTHONPATH": str(SRC)},
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


# -- complete: Ctrl-C ------------------------------------------------------------------------


def _hard_diagonal_board(n: int = 50, seed: int = 550, fraction: float = 0.4) -> str:
    """A prob079-style excluded-diagonals board (as blocked squares) that no solver here
    decides within seconds: shuffled diagonals, each excluded while every row and column
    keeps 4 open squares; the first 40% of them blocked."""
    import random

    rng = random.Random(seed)
    diags = [(i, kind) for kind in (0, 1) for i in range(2 * n - 1)]
    rng.shuffle(diags)
    row_open, col_open = [n] * n, [n] * n
    closed: set[tuple[int, int]] = set()
    chosen = []
    for i, kind in diags:
        sq = [(r, i - r if kind else r - i + n - 1) for r in range(n)]
        sq = [(r, c) for r, c in sq if 0 <= c < n and (r, c) not in closed]
        rows = {r: sum(1 for x, _ in sq if x == r) for r, _ in sq}
        cols = {c: sum(1 for _, y in sq if y == c) for _, c in sq}
        if all(row_open[r] - m >= 4 for r, m in rows.items()) and all(
                col_open[c] - m >= 4 for c, m in cols.items()):
            for r, c in sq:
                closed.add((r, c))
                row_open[r] -= 1
                col_open[c] -= 1
            chosen.append(sq)
    blocked = {s for sq in chosen[: int(fraction * len(chosen))] for s in sq}
    return "\n".join("".join("x" if (r, c) in blocked else "." for c in range(n))
                     for r in range(n)) + "\n"


@pytest.mark.parametrize("mode", ["count", "all", "solve"])
@pytest.mark.slow
def test_complete_stops_on_ctrl_c(tmp_path, mode):
    import os
    import random
    import signal
    import subprocess
    import sys
    import time

    from conftest import SRC

    assert run_cli("complete", "30", "-q", "1,1", "-f", "cols").code == 0   # kernels compiled
    assert run_cli("complete", "8", "--count").code == 0
    args = {"count": ["26", "--count"], "all": ["26", "--all", "-f", "cols"],
            "solve": ["--board", str(tmp_path / "hard.txt"), "--order", "constrained"]}[mode]
    (tmp_path / "hard.txt").write_text(_hard_diagonal_board())
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    proc = subprocess.Popen([sys.executable, "-u", "-m", "nqueens", "complete", *args],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    try:
        time.sleep(2.5 + random.random() * 1.5)   # past start-up, at a random moment
        assert proc.poll() is None, "finished before the signal"
        proc.send_signal(signal.SIGINT)
        sent = time.perf_counter()
        line = proc.stderr.readline() if proc.stderr else ""
        answered = time.perf_counter() - sent
        proc.wait(timeout=10)
        waited = time.perf_counter() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, line
    assert line.strip() == "nqueens: interrupted"
    assert answered < 1.0, answered     # the search stopped and the message is out
    # the process is gone within 1.5 s: the program ends right after its one line, without
    # the interpreter's teardown of the numba kernels
    assert waited < 1.5, waited
