"""``nqueens count/solve/first --variant/--width/--queens`` and ``nqueens dominate``, as a
user meets them."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import SRC, assert_bad_input, run_cli
from naive import brute_variant, dominates, variant_attacks


def test_count_toroidal_and_its_classes():
    assert run_cli("count", "7", "--variant", "toroidal").out == "28\n"  # A051906
    r = run_cli("count", "13", "--variant", "toroidal", "--unique")
    assert r.code == 0 and r.out == ("4524 solutions, 11 unique up to rotation, reflection "
                                     "and torus shifts\n")  # A051906, A053994


def test_count_json_keeps_counts_fields_and_names_the_variant():
    r = run_cli("count", "11", "--variant", "superqueens", "--unique", "--json")
    got = json.loads(r.out)
    assert {"n", "total", "unique", "seconds", "workers", "subproblems", "estimate",
            "device", "gpu"} <= set(got)
    assert (got["n"], got["total"], got["unique"]) == (11, 44, 6)  # A051223, A051224
    assert (got["variant"], got["width"], got["queens"], got["symmetry"]) == (
        "superqueens", 11, 11, "square")


@pytest.mark.slow
def test_count_rectangles_and_k_queens():
    assert run_cli("count", "4", "--width", "6").out == "46\n"  # A269133
    assert run_cli("count", "8", "--queens", "4").out == "34568\n"  # A348129
    got = json.loads(run_cli("count", "5", "--width", "7", "--unique", "--json").out)
    assert got["total"] == 164 and got["symmetry"] == "rectangle"


def test_solve_streams_every_variant_placement():
    r = run_cli("solve", "5", "--queens", "3", "--variant", "superqueens", "--json")
    lines = [json.loads(line) for line in r.out.splitlines()]
    expected = brute_variant("superqueens", 5, 5, 3)
    assert len(lines) == len(expected) and [x["index"] for x in lines] == list(
        range(1, len(expected) + 1))
    got = {tuple(sorted((q[0] - 1, q[1] - 1) for q in x["queens"])) for x in lines}
    assert got == {tuple((r, c) for r, c in enumerate(p) if c >= 0) for p in expected}


def test_solve_text_formats_and_limit():
    r = run_cli("solve", "3", "--width", "4", "--format", "cols", "--limit", "2")
    lines = r.out.splitlines()
    assert len(lines) == 2 and all(len(line.split()) == 3 for line in lines)
    board = run_cli("first", "5", "--variant", "toroidal").out.splitlines()
    assert len(board) == 5 and all(len(row.split()) == 5 for row in board)
    queens = [(r, row.split().index("Q")) for r, row in enumerate(board)]
    assert not any(variant_attacks("toroidal", 5, a, b) for a in queens for b in queens
                   if a != b)


def test_first_without_a_solution_says_so():
    r = run_cli("first", "6", "--variant", "toroidal")
    assert r.code == 0 and r.out.startswith("no solution: 6 toroidal queens")
    assert run_cli("first", "6", "--variant", "toroidal", "--json").out == "null\n"
    assert run_cli("solve", "9", "--variant", "superqueens", "--json").out == ""


def test_solve_writes_a_whole_file(tmp_path):
    out = tmp_path / "sq.txt"
    r = run_cli("solve", "10", "--variant", "superqueens", "-f", "cols", "-o", str(out))
    assert r.code == 0 and r.out == ""
    assert len(out.read_text().splitlines()) == 4  # A051223


@pytest.mark.parametrize("independent", [False, True])
def test_dominate_json_is_a_witness(independent):
    args = ["dominate", "8", "--json"] + (["--independent"] if independent else [])
    got = json.loads(run_cli(*args).out)
    assert got["n"] == 8 and got["size"] == 5 == len(got["queens"])  # A075458, A075324
    queens = [(r - 1, c - 1) for r, c in got["queens"]]
    assert dominates(8, queens, independent=independent)


def test_dominate_prints_a_board():
    r = run_cli("dominate", "4")
    lines = r.out.splitlines()
    assert lines[0].startswith("2 queens dominate the 4x4 board")
    assert sum(row.count("Q") for row in lines[1:]) == 2 and len(lines) == 5


@pytest.mark.parametrize("args,fragment", [
    (("count", "8", "--variant", "hexagonal"), "unknown --variant 'hexagonal'"),
    (("count", "8", "--width", "7"), "--width must be at least N"),
    (("count", "8", "--width", "0"), "--width"),
    (("count", "8", "--width", "9" * 30), "past 64 bits"),
    (("count", "8", "--variant", "toroidal", "--width", "9"), "--width does not apply"),
    (("count", "8", "--queens", "9"), "--queens 9: at most 8 queens fit"),
    (("count", "8", "--queens", "x"), "--queens"),
    (("count", "70", "--variant", "superqueens"), "N must be an integer from 1 to 61"),
    (("count", "8", "--variant", "toroidal", "--workers", "0"), "positive integer"),
    # a variant's total and its classes run on the engine (a ledger and all)
    (("count", "8", "--queens", "3", "--unique", "--ledger", "x.sqlite", "--repair",
      "--strategy", "arrays"), "--strategy arrays cannot be combined"),
    (("count", "8", "--width", "9", "--gpu"), "--gpu cannot be combined"),
    (("solve", "8", "--variant", "toroidal", "-f", "svg"), "--format svg is not available"),
    (("solve", "8", "--queens", "2", "-s", "arrays"), "--strategy arrays cannot be combined"),
    (("first", "8", "--variant", "superqueen"), "unknown --variant"),
    (("dominate", "0"), "N must be a positive integer"),
    (("dominate", "62"), "too large"),
])
@pytest.mark.slow
def test_bad_input_is_one_line(args, fragment, tmp_path):
    r = run_cli(*args, cwd=tmp_path)
    assert_bad_input(r, fragment)
    assert not any(tmp_path.iterdir())  # nothing written


def test_ctrl_c_stops_a_variant_stream_with_130():
    env = dict(os.environ, PYTHONPATH=str(SRC))
    proc = subprocess.Popen(
        [sys.executable, "-m", "nqueens", "solve", "24", "--variant", "superqueens",
         "--format", "cols"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    first = proc.stdout.readline()  # the kernel is running and printing
    proc.send_signal(signal.SIGINT)
    proc.stdout.read()
    err = proc.stderr.read()
    proc.wait(timeout=60)
    assert proc.returncode == 130 and err.strip() == "nqueens: interrupted"
    cols = [int(c) - 1 for c in first.split()]
    assert len(cols) == 24 and sorted(cols) == list(range(24))


@pytest.mark.parametrize("args", [("count", "21", "--variant", "toroidal", "--unique"),
                                  ("count", "24", "--variant", "superqueens"),
                                  ("dominate", "18")])
@pytest.mark.slow
def test_ctrl_c_stops_a_count_on_every_core_with_130(args):
    from _procs import proc_stat

    env = dict(os.environ, PYTHONPATH=str(SRC))
    proc = subprocess.Popen([sys.executable, "-m", "nqueens", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    while proc.poll() is None and int(proc_stat(proc.pid)[11]) < 150:  # 1.5 s of CPU:
        time.sleep(0.02)  # past the imports, into the search
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    # a total on the engine says how to keep the work, as a count of Q(n) does
    said = ("nqueens: interrupted",
            "nqueens: interrupted; nothing was kept: --ledger FILE makes a count resumable")
    assert proc.returncode == 130 and err.strip() in said and out == "", err
