"""Variant totals on the engine: the OEIS terms, a ledger that survives SIGKILL, a Dask
cluster of two workers."""

from __future__ import annotations

import csv
import json
import os
import signal

import pytest

from _procs import ledger_rows, start_cli, wait_for_rows
from nqueens.counting import count_variant
from nqueens.engine.backends import ThreadBackend
from nqueens.engine.problem_tasks import count_batch, recount_batch
from nqueens.engine.problems import VariantTotal
from nqueens.variants import Variant, count

from conftest import DATA, assert_bad_input, run_cli

ONE = ThreadBackend(workers=1)


def _totals(largest: int) -> list[tuple[str, int, int, int, int]]:
    with open(DATA / "oeis-variants.csv", newline="") as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    out = []
    for r in rows:
        if r["what"] == "total" and int(r["n"]) <= largest:
            out.append((r["kind"], int(r["n"]), int(r["width"]), int(r["queens"]),
                        int(r["value"])))
    return out


@pytest.mark.parametrize("kind, n, width, queens, value", _totals(11))
def test_engine_totals_are_the_oeis_terms(kind, n, width, queens, value):
    assert count_variant(Variant(n, kind, width=width, queens=queens), backend=ONE) == value


@pytest.mark.parametrize("variant", [Variant(7, "toroidal"), Variant(8, "superqueens"),
                                     Variant(4, width=6), Variant(5, queens=3)])
def test_each_piece_equals_its_independent_recount(variant):
    items = VariantTotal(variant).items()
    assert [r[:2] for r in count_batch(variant.n, items)] == recount_batch(variant.n, items)


@pytest.mark.slow
def test_sigkill_then_resume_gives_the_same_total(tmp_path):
    path = tmp_path / "sq.sqlite"
    args = ("count", "17", "--variant", "superqueens", "--workers", "1", "--ledger",
            str(path), "--quiet")
    proc = start_cli(*args)
    try:
        wait_for_rows(path, 5, proc)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == -signal.SIGKILL
    kept = ledger_rows(path)
    pieces = len(VariantTotal(Variant(17, "superqueens")).items())
    assert 5 <= kept < pieces
    r = run_cli(*args[:-1], "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out)["total"] == count(Variant(17, "superqueens")).total
    assert ledger_rows(path) == pieces
    shown = run_cli("ledger", "show", str(path), "--json")
    assert json.loads(shown.out)["method"] == "variant-superqueens-17-17"


def test_a_ledger_of_another_variant_is_refused(tmp_path):
    path = tmp_path / "t.sqlite"
    assert count_variant(Variant(9, "toroidal"), ledger=path) == 0
    r = run_cli("count", "9", "--variant", "superqueens", "--ledger", str(path))
    assert_bad_input(r, "method")


def test_unique_with_engine_options_is_refused():
    r = run_cli("count", "8", "--variant", "toroidal", "--unique", "--ledger", "x.sqlite")
    assert_bad_input(r, "--ledger", "--unique")


@pytest.mark.slow
def test_a_two_worker_dask_cluster_counts_what_this_process_counts():
    pytest.importorskip("distributed")
    from _cluster import Cluster

    with Cluster() as c:
        c.add("w1")
        c.add("w2")
        c.wait(2)
        # replication recounts in plain Python (slow): asked for on the small torus only
        for n, flags, more in ((11, ["--variant", "toroidal"], ["--replicate", "0.5"]),
                               (8, ["--width", "10", "--queens", "7"], []),
                               (12, ["--variant", "superqueens"], [])):
            r = run_cli("count", str(n), *flags, *more, "--scheduler", c.address, "--json")
            assert r.code == 0, r.err
            got = json.loads(r.out)
            here = run_cli("count", str(n), *flags, "--json", "--workers", "1")
            assert got["total"] == json.loads(here.out)["total"]
            assert got["fleet"]["replicated"]["agree"] == got["fleet"]["replicated"]["units"]
