"""``nqueens count`` through the command line: output, options, progress, bad input."""

from __future__ import annotations

import json
import sys

import pytest

from _procs import env

from conftest import OEIS, assert_bad_input, run_cli


def test_plain_and_unique_output():
    assert run_cli("count", "10").out == "724\n"
    r = run_cli("count", "11", "--unique")
    assert r.out == "2680 solutions, 341 unique up to rotation and reflection\n"
    assert run_cli("count", "1", "--unique").out == (
        "1 solution, 1 unique up to rotation and reflection\n")
    assert run_cli("count", "3", "--unique").out == (
        "0 solutions, 0 unique up to rotation and reflection\n")


def test_json_has_workers_and_subproblems():
    r = run_cli("count", "12", "--unique", "--json", "--workers", "1")
    assert r.code == 0, r.err
    record = json.loads(r.out)
    assert (record["total"], record["unique"]) == OEIS[12]
    assert record["workers"] == 1 and record["subproblems"] == 730
    assert set(record) == {"n", "total", "unique", "seconds", "workers", "subproblems",
                           "estimate", "device", "gpu", "idle_fraction", "replicated", "fleet"}
    assert (record["estimate"], record["device"], record["gpu"]) == (None, "cpu", None)
    # measured only on a Dask cluster (tests/test_fleet.py): null here, never left out
    assert (record["idle_fraction"], record["replicated"], record["fleet"]) == (None,) * 3


def test_pure_strategy_still_counts():
    record = json.loads(run_cli("count", "8", "--strategy", "arrays", "--json").out)
    assert record["total"] == 92 and record["workers"] == 1


@pytest.mark.slow
def test_more_workers_than_cores_count_on_every_core(tmp_path):
    """As the library does: a script moved from a larger machine still runs, and says so."""
    from nqueens.engine.executors import cpu_count
    from nqueens.engine.run import run_count

    r = run_cli("count", "14", "--json", "--workers", "100000")
    assert r.code == 0, r.err
    record = json.loads(r.out)
    assert record["total"] == OEIS[14][0] and record["workers"] == cpu_count()
    assert r.err.strip().splitlines() == [
        f"nqueens count: warning: --workers 100000 is more than the {cpu_count()} cores here; "
        f"counting on {cpu_count()} (--scheduler spreads work over a cluster)"]
    assert run_count(14, workers=10**9).workers == cpu_count()
    ledger = tmp_path / "l.sqlite"
    assert run_cli("count", "10", "--ledger", str(ledger)).code == 0
    v = run_cli("ledger", "verify", str(ledger), "--all", "--workers", "99999")
    assert v.code == 0 and "more than the" in v.err, v.err


def test_no_progress_on_a_pipe():
    r = run_cli("count", "15", "--workers", "1")
    assert r.code == 0 and r.out == f"{OEIS[15][0]}\n"
    assert r.err == ""


@pytest.mark.parametrize("args,fragment", [
    (("count", "8", "--workers", "0"), "positive integer"),
    (("count", "8", "--workers", "two"), "positive integer"),
    (("count", "8", "--strategy", "arrays", "--workers", "2"), "--workers cannot be combined"),
    (("count", "8", "--strategy", "promising", "--ledger", "x.sqlite"), "--ledger"),
    (("count", "8", "-s", "arrays", "--scheduler", "tcp://127.0.0.1:9"), "--scheduler"),
    (("count", "29"), "too large"),
])
def test_bad_input_is_one_line(args, fragment):
    assert_bad_input(run_cli(*args), fragment)


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a pty")
def test_progress_bar_on_a_terminal_and_none_with_quiet():
    from _procs import run_on_terminal

    def run(*extra: str) -> tuple[str, str]:
        code, err, out = run_on_terminal(["count", "16", "--workers", "1", *extra], env(),
                                         stream="stderr")
        assert code == 0, err
        return out, err

    out, err = run()
    assert out == f"{OEIS[16][0]}\n"
    assert "subproblems" in err and "3206" in err and "solutions" in err
    out, err = run("--quiet")
    assert out == f"{OEIS[16][0]}\n" and err == ""
