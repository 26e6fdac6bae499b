"""The command line as a person meets it: solve, first, count, --help, bad input, pipes, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from conftest import OEIS, SRC, assert_bad_input, run_cli
from naive import brute_force_solutions

FIRST_8 = [
    "Q . . . . . . .", ". . . . Q . . .", ". . . . . . . Q", ". . . . . Q . .",
    ". . Q . . . . .", ". . . . . . Q .", ". Q . . . . . .", ". . . Q . . . .",
]


def test_first_8_prints_the_blog_board():
    r = run_cli("first", "8")
    assert r.code == 0 and r.err == ""
    assert r.out.splitlines() == FIRST_8


def test_slides_homework():
    r = run_cli("solve", "5", "--limit", "4", "--format", "cols")
    assert r.code == 0
    assert r.out.splitlines() == ["1 3 5 2 4", "1 4 2 5 3", "2 4 1 3 5", "2 5 3 1 4"]


@pytest.mark.parametrize("strategy", ["promising", "arrays", "bitmask"])
def test_solve_streams_every_solution_in_order(strategy):
    r = run_cli("solve", "6", "--format", "json", "--strategy", strategy)
    records = [json.loads(line) for line in r.out.splitlines()]
    expect = [[c + 1 for c in p] for p in brute_force_solutions(6)]
    assert [rec["cols"] for rec in records] == expect
    assert [rec["index"] for rec in records] == [1, 2, 3, 4]
    assert all(rec["n"] == 6 for rec in records)


def test_solve_board_and_grid_formats():
    boards = run_cli("solve", "4").out.split("\n\n")
    assert [b.strip() for b in boards] == [
        ". Q . .\n. . . Q\nQ . . .\n. . Q .", ". . Q .\nQ . . .\n. . . Q\n. Q . ."]
    grid = run_cli("solve", "4", "--format", "grid", "--limit", "1").out
    assert grid.splitlines() == ["#Q##", "###Q", "Q###", "##Q#"]


@pytest.mark.parametrize("n", [2, 3])
def test_first_on_boards_without_a_solution(n):
    r = run_cli("first", str(n))
    assert r.code == 0 and "no solution" in r.out
    j = run_cli("first", str(n), "--format", "json")
    assert j.code == 0 and json.loads(j.out) is None


@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.slow
def test_solve_says_no_solution_as_first_does(n):
    r = run_cli("solve", str(n))
    assert r.code == 0 and r.out == run_cli("first", str(n)).out
    assert "no solution" in r.out
    j = run_cli("solve", str(n), "--format", "json")  # JSON Lines: no line for no solution
    assert j.code == 0 and j.out == ""


def test_first_formats():
    assert run_cli("first", "8", "-f", "cols").out.strip() == "1 5 8 6 3 7 2 4"
    rec = json.loads(run_cli("first", "8", "-f", "json").out)
    assert rec == {"n": 8, "index": 1, "cols": [1, 5, 8, 6, 3, 7, 2, 4]}
    assert run_cli("first", "1", "-f", "grid").out.strip() == "Q"


def test_count_plain_unique_and_json():
    assert run_cli("count", "10").out.strip() == str(OEIS[10][0])
    assert run_cli("count", "8", "--unique").out.strip() == (
        "92 solutions, 12 unique up to rotation and reflection")
    rec = json.loads(run_cli("count", "11", "--unique", "--json").out)
    assert (rec["n"], rec["total"], rec["unique"]) == (11, *OEIS[11])
    assert rec["seconds"] >= 0
    rec = json.loads(run_cli("count", "7", "--json", "--strategy", "promising").out)
    assert rec["total"] == 40 and rec["unique"] is None   # not asked for: null, not absent


def _run_main_in_a_fresh_python(*argvs: list[str]) -> list[str]:
    """Run ``main(argv)`` for each of ``argvs`` in one new interpreter, each required to exit
    0; return the lines it printed, the last saying whether numba got imported."""
    code = (
        "import sys\nfrom nqueens.cli import main\n"
        f"for argv in {list(argvs)!r}:\n"
        "    try:\n"
        "        code = main(argv)\n"
        "    except SystemExit as stop:\n"
        "        code = stop.code\n"
        "    assert code in (0, None), (argv, code)\n"
        "print('numba' in sys.modules)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(SRC))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()


def test_help_and_version_do_not_import_numba():
    lines = _run_main_in_a_fresh_python(["--help"], ["--version"], ["solve", "--help"],
                                        ["count", "--help"])
    assert lines[-1] == "False"
    v = run_cli("--version")
    from nqueens import __version__
    assert v.code == 0 and v.out.strip() == f"nqueens {__version__}"


def test_pure_strategy_solve_does_not_import_numba():
    lines = _run_main_in_a_fresh_python(["solve", "6", "--strategy", "arrays", "-f", "cols"])
    assert lines[-1] == "False"


def test_first_on_small_boards_does_not_import_numba():
    lines = _run_main_in_a_fresh_python(["first", "16", "-f", "cols"])
    assert lines[-1] == "False"
    from nqueens.strategies import bitmask

    assert lines[0] == " ".join(str(c + 1) for c in next(bitmask.solutions(16)))


@pytest.mark.parametrize("command", ["solve", "first", "count"])
@pytest.mark.parametrize("n", ["0", "-3", "abc", "2.5", ""])
def test_bad_board_sizes(command, n):
    assert_bad_input(run_cli(command, n), "N must be a positive integer")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["solve", "64"], "too large for the bitmask strategy"),
        (["first", "501", "--strategy", "arrays"], "too large for the arrays strategy"),
        (["count", "29"], "too large to count"),
        (["solve", "8", "--strategy", "quantum"], "invalid choice: 'quantum'"),
        (["solve", "8", "--format", "xml"], "invalid choice: 'xml'"),
        (["count", "8", "--format", "cols"], "unrecognized arguments"),
        (["solve", "8", "--limit", "0"], "expected a positive integer"),
        (["solve", "8", "--limit", "-1"], "expected a positive integer"),
        (["solve"], "required: N"),
        (["frobnicate", "8"], "invalid choice: 'frobnicate'"),
        ([], "required: COMMAND"),
    ],
)
def test_bad_options(args, fragment):
    assert_bad_input(run_cli(*args), fragment)


def test_broken_pipe_ends_quietly():
    env = dict(os.environ, PYTHONPATH=str(SRC))
    proc = subprocess.run(
        f"{sys.executable} -m nqueens solve 14 | head -1", shell=True,
        capture_output=True, text=True, env=env, timeout=120,
    )
    assert proc.stdout.strip() == "Q . . . . . . . . . . . . ."
    assert proc.stderr == ""


def test_ctrl_c_exits_130_and_keeps_what_was_printed():
    # block-buffered stdout, as in a real pipe: the interrupt must flush what was produced
    env = dict(os.environ, PYTHONPATH=str(SRC))
    env.pop("PYTHONUNBUFFERED", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "nqueens", "solve", "18", "--format", "cols"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    first = proc.stdout.readline()  # the search is running and printing
    proc.send_signal(signal.SIGINT)
    rest = proc.stdout.read()  # not communicate(): it would skip what readline buffered
    err = proc.stderr.read()
    proc.wait(timeout=60)
    assert proc.returncode == 130
    assert "Traceback" not in err and err.strip() == "nqueens: interrupted"
    lines = (first + rest).splitlines()
    from nqueens import first_solution, is_solution

    assert lines[0] == first_solution(18).to_compact()
    assert all(is_solution([int(c) - 1 for c in line.split()]) for line in lines)
    assert all(len(line.split()) == 18 for line in lines)  # every printed line is whole
    assert len(lines) > 1


def test_sigterm_exits_143_with_one_line():
    proc = subprocess.Popen(
        [sys.executable, "-m", "nqueens", "solve", "14", "--strategy", "arrays",
         "--format", "cols"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, PYTHONPATH=str(SRC)),
    )
    assert proc.stdout.readline()  # running and printing
    proc.send_signal(signal.SIGTERM)
    proc.stdout.read()
    err = proc.stderr.read()
    proc.wait(timeout=60)
    assert proc.returncode == 143
    assert err.strip() == "nqueens: terminated"


def test_runtime_failures_exit_3_and_input_errors_exit_2(capsys):
    from nqueens.cli._common import EXIT_BAD_INPUT, EXIT_RUNTIME, run_guarded
    from nqueens.errors import NQueensError, NQueensRuntimeError

    def fail(err: Exception) -> int:
        raise err

    assert run_guarded(lambda: fail(NQueensRuntimeError("disk full"))) == EXIT_RUNTIME == 3
    assert capsys.readouterr().err == "nqueens: error: disk full\n"
    assert run_guarded(lambda: fail(NQueensError("bad N"))) == EXIT_BAD_INPUT == 2
    assert capsys.readouterr().err == "nqueens: error: bad N\n"
    assert isinstance(NQueensRuntimeError("x"), RuntimeError)
    assert not isinstance(NQueensRuntimeError("x"), ValueError)


def _every_parser(parser):
    """``parser`` and every sub-parser under it, with the words that reach each one."""
    import argparse

    stack = [((), parser)]
    while stack:
        words, p = stack.pop()
        yield words, p
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, child in action.choices.items():
                    stack.append(((*words, name), child))


def test_every_help_page_reads_cleanly():
    from nqueens.cli import build_parser

    pages = list(_every_parser(build_parser()))
    assert len(pages) > 15          # the top, each command, ledger's and puzzle's actions
    for words, p in pages:
        text = p.format_help()
        assert "%%" not in text and "%(" not in text, (words, text)
        assert p.description, words


def _long_options(parser) -> set[str]:
    """Each option's first long name (``--out``, not its alias ``--output``); an old name
    kept hidden from ``--help`` (``complete --queens``, now ``--given``) is left out."""
    import argparse

    names = ([o for o in a.option_strings if o.startswith("--")] for a in parser._actions
             if a.help != argparse.SUPPRESS)
    return {longs[0] for longs in names if longs and longs[0] != "--help"}


def _synopses(text: str) -> list[tuple[tuple[str, ...], str]]:
    """``(command words, line)`` for each ``nqueens CMD [ACTION|ACTION] ...`` synopsis."""
    import re

    found = []
    for line in text.replace("\n" + " " * 14, " ").splitlines():   # continued synopses
        m = re.match(r"^(?:\| `)?nqueens ([a-z]+)((?: [a-z]+(?:\\?\|[a-z]+)*)?) ", line)
        if m:
            actions = m.group(2).strip().replace("\\", "").split("|")
            found += [((m.group(1), a) if a else (m.group(1),), line) for a in actions]
    return found


def test_the_readme_table_and_engine_synopses_name_every_option():
    """The quick reference does not fall behind ``--help``: each command's row names all of
    its options (the Dask tuning flags are left to docs/engine.md, whose synopsis has all)."""
    from nqueens.cli import build_parser

    pages = dict(_every_parser(build_parser()))
    readme = (SRC.parent / "README.md").read_text()
    start = readme.index("| command | what it does |")
    table = readme[start:readme.index("\n\n", start)]
    engine = (SRC.parent / "docs" / "engine.md").read_text()
    block = engine.index("```\n", engine.index("## Commands"))
    engine = engine[block:engine.index("```", block + 4)]
    rows, lines = _synopses(table), _synopses(engine)
    assert {words[0] for words, _ in rows} == {w[0] for w in pages if len(w) == 1}
    assert {words for words, _ in lines} == {("count",), ("ledger", "show"), ("ledger", "verify")}
    for words, line in rows + lines:
        if words[0] == "puzzle":    # one row for six actions; docs/puzzles.md has them
            continue
        missing = {o for o in _long_options(pages[words]) if o not in line}
        if line.startswith("| "):
            missing -= {"--scheduler-timeout", "--dask-log"}
        assert not missing, (words, sorted(missing))


@pytest.mark.parametrize("argv", [["first", "6", "-f", "cols", "{}"],
                                  ["find", "8", "{}"],
                                  ["puzzle", "make", "--size", "6", "--seed", "1", "{}"],
                                  ["export", "6", "--to", "cnf", "{}"]])
@pytest.mark.slow
def test_out_and_output_name_the_same_file_everywhere(tmp_path, argv):
    """``--out`` (solve, first, find) and ``--output`` (puzzle) are each other's aliases."""
    for flag in ("--out", "--output", "-o"):
        target = tmp_path / f"x{flag}.txt"
        r = run_cli(*[a for word in argv for a in ((flag, str(target)) if word == "{}"
                                                   else (word,))])
        assert r.code == 0 and target.stat().st_size > 0, (flag, r.err)



def test_ctrl_c_while_the_command_line_is_still_loading_is_one_line_130():
    """A Ctrl-C that lands while main() imports what it needs: no traceback either."""
    code = (
        "import sys\n"
        "class Interrupting:\n"
        "    def find_spec(self, name, path, target=None):\n"
        "        if name == 'nqueens.cli._common':\n"
        "            raise KeyboardInterrupt\n"
        "sys.meta_path.insert(0, Interrupting())\n"
        "from nqueens.cli import main\n"
        "sys.exit(main(['count', '8']))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(SRC))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         timeout=60)
    assert (out.returncode, out.stderr, out.stdout) == (130, "nqueens: interrupted\n", "")


class _Terminal:
    """A stand-in stderr that says it is a terminal and keeps what is written."""

    def __init__(self) -> None:
        self.text = ""

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.text += text
        return len(text)

    def flush(self) -> None:
        pass


def test_hint_if_slow_speaks_once_and_only_when_slow_on_a_terminal(monkeypatch):
    import io
    import time

    from nqueens.cli._common import hint_if_slow

    tty = _Terminal()
    monkeypatch.setattr(sys, "stderr", tty)
    with hint_if_slow("slow", after=0.05):
        time.sleep(0.5)
    assert tty.text == "nqueens: slow\n"
    with hint_if_slow("quick", after=0.3):
        pass
    time.sleep(0.5)  # a timer left running would speak now
    assert tty.text == "nqueens: slow\n"
    pipe = io.StringIO()
    monkeypatch.setattr(sys, "stderr", pipe)
    with hint_if_slow("to a pipe", after=0.05):
        time.sleep(0.3)
    assert pipe.getvalue() == ""


@pytest.mark.parametrize("command", ["first", "solve"])
@pytest.mark.slow
def test_a_slow_first_solution_says_so_on_a_terminal(command):
    # the textbook order needs minutes for N = 40: the person at the terminal hears why
    import pty
    import select
    import time

    master, slave = pty.openpty()
    env = dict(os.environ, PYTHONPATH=str(SRC))
    proc = subprocess.Popen([sys.executable, "-m", "nqueens", command, "40", "-f", "cols"],
                            stdout=subprocess.PIPE, stderr=slave, env=env)
    os.close(slave)
    try:
        seen, start = b"", time.monotonic()
        while b"\n" not in seen and time.monotonic() - start < 60:
            if select.select([master], [], [], 1)[0]:
                seen += os.read(master, 1024)
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 130
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    assert seen.decode().splitlines()[0] == (
        "nqueens: no solution yet: the textbooks' order can take minutes or hours at large N "
        "(`nqueens find 40` builds one at once; Ctrl-C stops)")
    assert time.monotonic() - start >= 3  # not said before the search had run 3 s


def test_nqueens_own_warnings_are_one_line_and_others_pass_through(capsys):
    """The command line shows a warning raised in nqueens (the GPU kernel's failed
    self-check, say) as ``nqueens: warning: ...``, one line; another package's goes to
    Python's own display; and ``main`` leaves the warnings display as it found it."""
    import warnings

    from nqueens import cli

    seen = []
    show = cli._one_line_warnings(lambda *args: seen.append(args))
    inside = os.path.join(str(SRC), "nqueens", "engine", "gpu.py")
    show(RuntimeWarning("the cuda-stack GPU kernel failed"), RuntimeWarning, inside, 7)
    elsewhere = os.path.join("site-packages", "numba", "core", "x.py")
    show(UserWarning("numba says"), UserWarning, elsewhere, 3)
    err = capsys.readouterr().err
    assert err == "nqueens: warning: the cuda-stack GPU kernel failed\n"
    assert [(str(m), c, f, n) for m, c, f, n, *_ in seen] == [
        ("numba says", UserWarning, elsewhere, 3)]
    before = warnings.showwarning
    assert cli.main(["solve", "4", "--format", "cols"]) == 0
    assert warnings.showwarning is before
