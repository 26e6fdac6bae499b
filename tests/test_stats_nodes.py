"""``stats N --nodes-only``: the backtrack tree's nodes (OEIS A319283) counted on the engine,
in subproblems with a ledger, against the OEIS terms, ``tree_stats`` and a naive oracle."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from _oeis_seq import terms
from _procs import kill_after_rows, ledger_rows
from nqueens.counting import TreeCount, count_tree
from nqueens.engine.backends import ThreadBackend
from nqueens.engine.problem_tasks import count_batch, recount_batch
from nqueens.engine.problem_tree import MAX_TREE_N, TreeNodes
from nqueens.errors import InvalidSizeError

from conftest import SRC, assert_bad_input, run_cli
from naive import naive_promising_levels

A319283 = terms("A319283")   # nodes of the backtrack tree, offset 0 (n = 19 listed last)
QUICK = 14   # the quick suite checks every term to n = 14, the slow one to n = 16
ONE = ThreadBackend(workers=1)


@pytest.mark.parametrize("n", [*range(1, QUICK + 1),
                               *(pytest.param(n, marks=pytest.mark.slow) for n in (15, 16))])
def test_the_engine_counts_a319283(n):
    from nqueens.analysis.stats import tree_stats

    got = count_tree(n, backend=ONE)
    assert got.nodes == A319283[n]
    assert got == TreeCount(n, tree_stats(n).promising, tree_stats(n).solutions)


@pytest.mark.parametrize("n", range(1, 8))
def test_the_nodes_are_every_placement_tried_that_no_two_attack(n):
    """The naive oracle tries all n**d placements of d queens per depth (n <= 7)."""
    levels = naive_promising_levels(n)
    assert count_tree(n, backend=ThreadBackend(workers=2)) == TreeCount(n, sum(levels),
                                                                        levels[n])


@pytest.mark.parametrize("n", [4, 5, 8, 10])
def test_each_subproblem_equals_its_independent_recount(n):
    items = TreeNodes(n).items()
    rows = [r[:2] for r in count_batch(n, items)]
    assert rows == recount_batch(n, items) and any(t for t, _ in rows)


def test_the_subproblems_cover_the_tree_once():
    # every safe placement of rows 0-2 is one subproblem or the mirror image of one
    n = 9
    items = TreeNodes(n).items()
    firsts = {(it[3], it[4], it[5]) for it in items}
    mirrored = {(n - 1 - a, n - 1 - b, n - 1 - c) for a, b, c in firsts}
    every = {(a, b, c) for a in range(n) for b in range(n) for c in range(n)
             if abs(a - b) > 1 and abs(b - c) > 1 and a != c and abs(a - c) != 2}
    assert firsts | mirrored == every
    assert sum(it[2] for it in items) == len(every)


def test_a_ledger_records_and_resumes_the_count(tmp_path):
    path = tmp_path / "tree.sqlite"
    r = run_cli("stats", "13", "--nodes-only", "--ledger", str(path), "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out)["nodes"] == A319283[13]
    again = run_cli("stats", "13", "--nodes-only", "--ledger", str(path))
    assert again.code == 0 and again.out == f"N = 13: {A319283[13]} nodes, 73712 solutions\n"
    shown = json.loads(run_cli("ledger", "show", str(path), "--json").out)
    assert (shown["method"], shown["total"], shown["complete"]) == ("tree-nodes",
                                                                    A319283[13], True)
    assert run_cli("ledger", "verify", str(path), "--sample", "40").code == 0
    exported = run_cli("ledger", "export", str(path), "--to", "csv").out.splitlines()
    assert exported[0].startswith("index,key,total,unique") and len(exported) == 1 + len(
        TreeNodes(13).items())
    assert_bad_input(run_cli("count", "13", "--ledger", str(path)), "tree-nodes")


@pytest.mark.slow
def test_sigkill_then_resume_gives_the_same_nodes(tmp_path):
    path = tmp_path / "t16.sqlite"
    args = ("stats", "16", "--nodes-only", "--workers", "1", "--ledger", str(path), "--quiet")
    proc = kill_after_rows(path, 20, *args)
    assert proc.returncode == -signal.SIGKILL
    kept = ledger_rows(path)
    assert 20 <= kept < len(TreeNodes(16).items())
    r = run_cli(*args[:-1], "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out)["nodes"] == A319283[16]
    assert ledger_rows(path) == len(TreeNodes(16).items())


def test_the_cost_is_stated_first_and_ctrl_c_stops_within_a_second(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(SRC))
    proc = subprocess.Popen([sys.executable, "-m", "nqueens", "stats", "22", "--nodes-only",
                             "--workers", "1", "--ledger", str(tmp_path / "t22.sqlite")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stderr is not None
    first = proc.stderr.readline()   # timed on a small tree: no subproblem of N = 22 counted
    # A319283 grows about 7.8x per n past 19 (4.6e11): n = 22 has some 2e14 nodes
    assert first.startswith("nqueens: N = 22's backtrack tree has about "), first
    foreseen = float(first.split("about ")[1].split(" nodes")[0])
    assert 1e14 < foreseen < 1e15
    proc.stderr.readline()
    time.sleep(0.5)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    waited = time.monotonic() - sent
    assert proc.returncode == 130 and out == "", err
    assert err.strip() == ("nqueens: interrupted; resume with: nqueens stats 22 --nodes-only "
                           f"--ledger {tmp_path / 't22.sqlite'}")
    assert waited < 5   # within a second of the slice, a few of the interpreter's exit


@pytest.mark.parametrize("args, fragment", [
    (("stats", "31", "--nodes-only"), "1 to 30"),
    (("stats", "9" * 30, "--nodes-only"), "past 64 bits"),
    (("stats", "x", "--nodes-only"), "N must be a positive integer"),
    (("stats", "19"), "--nodes-only counts the nodes up to N = 30"),
    (("stats", "8", "--ledger", "x.sqlite"), "--ledger applies only to --nodes-only"),
    (("stats", "8", "--workers", "2"), "--workers applies only to --nodes-only"),
    (("stats", "8", "--nodes-only", "--levels"), "--levels cannot be combined"),
    (("stats", "8", "--nodes-only", "--plot", "p.svg"), "--plot cannot be combined"),
    (("stats", "8", "9", "--nodes-only", "--ledger", "x.sqlite"), "give one N"),
    (("stats", "8", "--nodes-only", "--workers", "0"), "positive integer"),
    (("stats", "8", "--nodes-only", "--workers", "lots"), "--workers"),
    (("stats", "8", "--nodes-only", "--ledger", "/dev/full"), "not a regular file"),
])
def test_bad_input_is_one_line_and_exit_2(args, fragment, tmp_path):
    r = run_cli(*args, cwd=tmp_path)
    assert_bad_input(r, fragment)
    assert not any(tmp_path.iterdir())


def test_a_full_disk_is_one_line_and_exit_3():
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "nqueens", "stats", "9", "--nodes-only"],
                              stdout=full, stderr=subprocess.PIPE, text=True,
                              env=dict(os.environ, PYTHONPATH=str(SRC)), timeout=60)
    assert proc.returncode == 3 and len(proc.stderr.strip().splitlines()) == 1
    assert "No space left" in proc.stderr


def test_the_library_refuses_bad_sizes():
    for bad in (0, MAX_TREE_N + 1):
        with pytest.raises(InvalidSizeError):
            count_tree(bad)
