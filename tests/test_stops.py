"""Stops and limits of the long solves: `--timeout S`, the progress line, Ctrl-C.

Every long solve (a hard CSPLib prob079 board in `nqueens complete`, a k-star Star Battle
count or solve in `nqueens puzzle`) stops at its `--timeout` with "unknown after S s" and
exit status 4, shows a progress line on a terminal once it has run 3 s, and ends within
a second of Ctrl-C: real processes, real signals, a pseudo-terminal. A limit that is not
reached changes no answer (the SAT solver cut into slices of one conflict counts what it
counts whole).
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import tarfile
import time
from itertools import islice
from pathlib import Path

import pytest

import test_interrupt
from nqueens._limits import timeout_message
from nqueens.cli import main
from nqueens.cli._searching import EXIT_UNKNOWN
from nqueens.errors import SearchTimeout
from nqueens.puzzles import count, first_violation, region_puzzle, solve
from nqueens.puzzles.model import Puzzle

from conftest import SRC

DATA = Path(__file__).parent / "data" / "csplib"

startup_cpu = test_interrupt.startup_cpu
"""The fixture: CPU seconds a short command spends starting and ending."""


def rows_puzzle(n: int, k: int) -> Puzzle:
    """k stars a row, the regions the rows: more solutions than any search counts."""
    return region_puzzle([[r] * n for r in range(n)], stars=k)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The long inputs as files: CSPLib prob079 N = 21, ID 259 (at d = 19 the paper's
    hardest: a minute here), and the 14 x 14 3-star board of row regions."""
    where = tmp_path_factory.mktemp("stops")
    with tarfile.open(DATA / "prob079-sample.tar.gz") as t:
        text = t.extractfile("diag-21/diag-21-4-259.param").read().decode()
    (where / "hard.param").write_text(text)
    (where / "rows.txt").write_text(rows_puzzle(14, 3).to_text())
    return {"hard": where / "hard.param", "rows": where / "rows.txt"}


# -- the library --------------------------------------------------------------------------


def test_one_message_for_every_timeout() -> None:
    p = rows_puzzle(14, 3)
    with pytest.raises(SearchTimeout) as stop:
        count(p, timeout=0.3)
    assert str(stop.value) == timeout_message(0.3, stop.value.nodes)
    assert stop.value.seconds == 0.3 and stop.value.nodes > 0
    with pytest.raises(SearchTimeout, match=r"^unknown after 0\.001 s: .* without an answer$"):
        solve(p, timeout=0.001)   # the SAT solver's deadline
    with pytest.raises(Exception, match="timeout must be a positive number of seconds"):
        count(p, timeout=0)
    with pytest.raises(Exception, match="timeout must be a positive number of seconds"):
        solve(p, timeout="1")


def test_a_sat_solve_cut_every_conflict_answers_as_a_whole_one(monkeypatch) -> None:
    """The k-star SAT solver with a deadline runs in slices of conflicts (the first of one
    conflict here, so every solve is cut): it finds the same solutions as unlimited
    solves, as many as the compiled search counts, each obeying the rules."""
    import random

    from nqueens._limits import Limits
    from nqueens.puzzles import sat
    from nqueens.puzzles.exact import PuzzleCount
    from test_puzzles_stars import grown_regions

    if not sat.available():
        pytest.skip("pip install python-sat")
    p = region_puzzle(grown_regions(random.Random(2), 14, 3), stars=3)   # 92 solutions
    whole = sorted(sat.enumerate_stars(p, 200))
    cuts = []
    real = sat._sliced

    def sliced(s, limits):
        cuts.append(1)
        return real(s, limits)

    monkeypatch.setattr(sat, "FIRST_CONFLICTS", 1)
    monkeypatch.setattr(sat, "_sliced", sliced)
    assert sorted(sat.enumerate_stars(p, 200, Limits(600))) == whole
    assert len(whole) == count(p).count == 92 and len(cuts) == 93
    assert count(p, limit=20, timeout=600) == PuzzleCount(21, False)
    found = solve(p, timeout=600)
    assert found is not None and first_violation(p, found) is None


# -- the command line: --timeout ----------------------------------------------------------


@pytest.mark.parametrize(("action", "limit"), [("count", "0.4"), ("solve", "0.001")])
def test_puzzle_timeout_is_unknown_with_exit_4(capsys, files, action, limit) -> None:
    # the count runs for ever; the SAT solver solves the board in milliseconds, so its
    # limit is shorter than building the formula takes (the compiled search, without
    # python-sat, finds a solution in its first slice, before any check)
    from nqueens.puzzles import sat

    if action == "solve" and not sat.available():
        pytest.skip("pip install python-sat")
    assert main(["puzzle", action, str(files["rows"]), "--timeout", limit]) == EXIT_UNKNOWN == 4
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"nqueens: unknown after {limit} s: the search stopped at its time "
                          "limit")
    assert len(err.strip().splitlines()) == 1
    assert main(["puzzle", action, str(files["rows"]), "--timeout", limit, "--json"]) == 4
    record = json.loads(capsys.readouterr().out)
    assert record["unknown_after"] == float(limit) and record["n"] == 14


def test_a_stream_of_fast_solutions_meets_its_deadline(capsys, tmp_path) -> None:
    """Completions of an empty 30 x 30 board come faster than a slice of the search: the
    deadline is checked between them too (it used to be only between slices)."""
    from nqueens.completion import completions
    from nqueens.puzzles.model import completion_puzzle

    seen = 0
    with pytest.raises(SearchTimeout, match=r"^unknown after 0\.3 s"):
        for _ in islice(completions(30, [], timeout=0.3), 10**6):   # seconds in Python
            seen += 1
    assert seen > 0
    f = tmp_path / "c30.txt"
    f.write_text(completion_puzzle(30, []).to_text())
    assert main(["puzzle", "count", str(f), "--max", "100000000000", "--timeout", "0.5"]) == 4
    assert capsys.readouterr().err.startswith("nqueens: unknown after 0.5 s: ")
    assert main(["complete", "30", "--all", "--timeout", "0.5", "--format", "cols"]) == 4
    out, err = capsys.readouterr()
    assert len(out.splitlines()) > 0 and err.startswith("nqueens: unknown after 0.5 s: ")


def test_puzzle_timeout_that_is_not_reached_changes_nothing(capsys, tmp_path) -> None:
    f = tmp_path / "p.txt"
    f.write_text("AABBB\nAABBB\nCCDDD\nCEEED\nCEEED\n")
    assert main(["puzzle", "count", str(f), "--timeout", "60"]) == 0
    assert capsys.readouterr().out == "7\n"
    assert main(["puzzle", "solve", str(f), "--timeout", "60", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["solution"] == [1, 4, 2, 5, 3]


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "1e9", "x", ""])
def test_a_bad_timeout_is_one_line_and_exit_2(capsys, files, value) -> None:
    for argv in (["puzzle", "count", str(files["rows"])], ["complete", "8"]):
        assert main([*argv, "--timeout", value]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "expected a positive number of seconds" in err[0], err


# -- real processes: a progress line on a terminal, Ctrl-C --------------------------------

LONG = [
    ["complete", "--instance", "{hard}", "--first", "19", "--format", "cols"],
    ["puzzle", "count", "{rows}"],
    ["puzzle", "count", "{rows}", "--max", "1000000000"],
]


def _argv(args: list[str], files: dict[str, Path]) -> list[str]:
    return [a.format(**{k: str(v) for k, v in files.items()}) for a in args]


@pytest.mark.slow
@pytest.mark.parametrize("args", LONG, ids=lambda a: " ".join(a[:2] + a[3:]))
def test_a_long_search_shows_progress_on_a_terminal_and_stops_at_ctrl_c(files, args) -> None:
    """On a terminal the search says how far it is once it has run 3 s, and Ctrl-C ends it
    within a second (exit 130, one line)."""
    import pty

    master, slave = pty.openpty()
    env = dict(os.environ, PYTHONPATH=str(SRC))
    start = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "nqueens", *_argv(args, files)],
                            stdout=subprocess.PIPE, stderr=slave, env=env,
                            start_new_session=True)
    os.close(slave)
    try:
        seen = b""
        while b"searching" not in seen and time.monotonic() - start < 120:
            assert proc.poll() is None, seen
            if select.select([master], [], [], 1)[0]:
                seen += os.read(master, 4096)
        shown = time.monotonic() - start
        time.sleep(0.3)
        proc.send_signal(signal.SIGINT)
        stopped = time.monotonic()
        assert proc.wait(timeout=30) == 130
        took = time.monotonic() - stopped
        while select.select([master], [], [], 0.2)[0]:
            try:
                seen += os.read(master, 4096)
            except OSError:
                break
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(master)
    text = seen.decode()
    assert "nqueens: searching, " in text and " nodes (Ctrl-C stops)" in text
    assert shown >= 3   # not shown before the search had run 3 s
    assert took < 1.5, f"{took:.2f} s from Ctrl-C to the exit"
    assert text.rstrip().endswith("nqueens: interrupted")


@pytest.mark.slow
@pytest.mark.parametrize("args", LONG[:2], ids=lambda a: " ".join(a[:2]))
def test_a_long_search_stops_at_its_timeout(files, args) -> None:
    proc = subprocess.run([sys.executable, "-m", "nqueens", *_argv(args, files), "--timeout",
                           "2"], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(SRC)))
    assert proc.returncode == 4, proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("nqueens: unknown after 2 s: "), lines


@pytest.mark.slow
@pytest.mark.parametrize("args", LONG, ids=lambda a: " ".join(a[:2] + a[3:]))
@pytest.mark.parametrize("seed", (1, 2, 3))
def test_ctrl_c_at_a_random_moment_stops_a_long_search(files, args, seed, startup_cpu):
    """SIGINT at a random moment past the start-up (in the k-star count: the SAT solver's
    first solutions, or the compiled search after them): exit 130 within a second."""
    code, _, err = test_interrupt._interrupt(_argv(args, files), startup_cpu, seed=seed)
    assert code == 130, err
    assert err.strip() == "nqueens: interrupted"
