"""Variant totals and classes on the engine: the OEIS terms, the in-process counts, a
ledger that survives SIGKILL, a Dask cluster of two workers."""

from __future__ import annotations

import csv
import json
import signal

import pytest

from _procs import kill_after_rows, ledger_rows
from nqueens.counting import count_variant
from nqueens.engine.backends import ThreadBackend
from nqueens.engine.problem_tasks import count_batch, recount_batch
from nqueens.engine.problems import VariantClasses, VariantTotal
from nqueens.variants import Variant, count

from conftest import DATA, assert_bad_input, run_cli

ONE = ThreadBackend(workers=1)


def _totals(largest: int, what: str = "total") -> list[tuple[str, int, int, int, int]]:
    with open(DATA / "oeis-variants.csv", newline="") as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    out = []
    for r in rows:
        if r["what"] == what and int(r["n"]) <= largest:
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
    proc = kill_after_rows(path, 5, *args)
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


# the classes (--unique) of every variant, on the engine too

# A053994 (torus, odd n) and A051224 (superqueens): every term up to n = 13 here
@pytest.mark.parametrize("kind, n, width, queens, value", _totals(13, "unique"))
def test_engine_classes_are_the_oeis_terms(kind, n, width, queens, value):
    got = count_variant(Variant(n, kind, width=width, queens=queens), unique=True, backend=ONE)
    assert got.unique == value and got.total == count(Variant(n, kind)).total


@pytest.mark.parametrize("variant", [Variant(9, "toroidal", queens=5), Variant(7, "toroidal"),
                                     Variant(8, "superqueens", queens=6), Variant(5, width=8),
                                     Variant(6, "superqueens", width=9, queens=5),
                                     Variant(7, queens=2), Variant(6, width=6, queens=0)])
def test_engine_classes_equal_the_in_process_count_and_brute_force(variant):
    from naive import brute_variant_unique

    got = count_variant(variant, unique=True, backend=ThreadBackend(workers=2))
    assert got == count(variant, unique=True)
    if variant.n <= 6 or variant.queens <= 2:
        assert got.unique == brute_variant_unique(variant.kind, variant.n, variant.width,
                                                  variant.queens)


@pytest.mark.parametrize("variant", [Variant(7, "toroidal"), Variant(5, width=7, queens=3),
                                     Variant(6, "superqueens", width=8, queens=4),
                                     Variant(6, "toroidal", queens=4)])
def test_each_classes_piece_equals_its_independent_recount(variant):
    items = VariantClasses(variant).items()
    rows = [r[:2] for r in count_batch(variant.n, items)]
    assert rows == recount_batch(variant.n, items) and any(u for _, u in rows)


def test_a_classes_row_with_more_classes_than_placements_is_refused():
    from nqueens.engine.answers import check_rows
    from nqueens.errors import EngineError

    problem = VariantClasses(Variant(9, "toroidal"))
    assert problem.check([(18, 2, 5, 5), (9, 0, 5, 5)]) is None
    assert "more classes" in problem.check([(9, 10, 5, 5)])
    assert check_rows(9, 1, [(9, 0, 5, 5)], loose=True) == [(9, 0, 5, 5)]
    with pytest.raises(EngineError, match="row 1"):
        check_rows(9, 1, [(9, 0, 5, 5)])   # a Q(n) row: a class has 1 to 8 members
    with pytest.raises(EngineError, match="row 1"):
        check_rows(9, 1, [(9, 10, 5, 5)], loose=True)


def test_classes_resume_from_their_own_ledger_only(tmp_path):
    path = tmp_path / "t.sqlite"
    first = run_cli("count", "11", "--variant", "toroidal", "--unique", "--ledger", str(path),
                    "--json", "--workers", "1")
    assert first.code == 0, first.err
    again = run_cli("count", "11", "--variant", "toroidal", "--unique", "--ledger", str(path),
                    "--json")
    assert [json.loads(r.out)[k] for r in (first, again) for k in ("total", "unique")] == [
        88, 2, 88, 2]   # A051906, A053994
    shown = json.loads(run_cli("ledger", "show", str(path), "--json").out)
    assert shown["method"] == "variant-toroidal-11-11-classes" and shown["unique"] == 2
    assert run_cli("ledger", "verify", str(path), "--all").code == 0
    total = run_cli("count", "11", "--variant", "toroidal", "--ledger", str(path))
    assert_bad_input(total, "variant-toroidal-11-11-classes")   # the total's method differs


@pytest.mark.parametrize("args, fragment", [
    (("--unique", "--ledger", "/dev/full"), "not a regular file"),
    (("--unique", "--workers", "0"), "positive integer"),
    (("--unique", "--workers", "9" * 30), "past 64 bits"),
    (("--unique", "--replicate", "0.5"), "--replicate applies only to --scheduler"),
    (("--unique", "--symmetric", "rot90"), "classic queens only"),
])
def test_bad_input_with_classes_on_the_engine(args, fragment, tmp_path):
    r = run_cli("count", "9", "--variant", "toroidal", *args, cwd=tmp_path)
    assert_bad_input(r, fragment)
    assert not any(tmp_path.iterdir())


@pytest.mark.slow
def test_sigkill_then_resume_gives_the_same_classes(tmp_path):
    path = tmp_path / "squ.sqlite"
    args = ("count", "15", "--variant", "superqueens", "--unique", "--workers", "1",
            "--ledger", str(path), "--quiet")
    proc = kill_after_rows(path, 5, *args)
    assert proc.returncode == -signal.SIGKILL
    kept = ledger_rows(path)
    pieces = len(VariantClasses(Variant(15, "superqueens")).items())
    assert 5 <= kept < pieces
    r = run_cli(*args[:-1], "--json")
    assert r.code == 0, r.err
    got = json.loads(r.out)
    assert (got["total"], got["unique"]) == (32516, 4089)   # A051223, A051224
    assert ledger_rows(path) == pieces


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
                               (12, ["--variant", "superqueens"], []),
                               (11, ["--variant", "toroidal", "--unique"],
                                ["--replicate", "0.5"]),
                               (7, ["--width", "9", "--queens", "5", "--unique"],
                                ["--replicate", "0.3"]),
                               (13, ["--variant", "superqueens", "--unique"], [])):
            r = run_cli("count", str(n), *flags, *more, "--scheduler", c.address, "--json")
            assert r.code == 0, r.err
            got = json.loads(r.out)
            here = run_cli("count", str(n), *flags, "--json", "--workers", "1")
            here = json.loads(here.out)
            assert (got["total"], got["unique"]) == (here["total"], here["unique"])
            assert got["fleet"]["replicated"]["agree"] == got["fleet"]["replicated"]["units"]
