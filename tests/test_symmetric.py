"""Symmetric solutions (count --symmetric): OEIS A033148, A260318, A032522 and a brute-force
filter over all solutions."""

from __future__ import annotations

import itertools
import json

import pytest

from _oeis_seq import terms
from nqueens.board import canonical
from nqueens.counting import Counts, count
from nqueens.engine.backends import ThreadBackend
from nqueens.engine.problem_tasks import count_batch, recount_batch
from nqueens.engine.problems import Symmetric
from nqueens.errors import ConflictingOptionsError, InvalidSizeError, UnknownOptionError
from nqueens.strategies import strategy_module

from conftest import assert_bad_input, run_cli

A033148 = terms("A033148")  # quarter-turn solutions, offset 0
A260318 = terms("A260318")  # their classes, offset 1
A032522 = terms("A032522")  # half-turn solutions, offset 1
QUICK_ROT90 = 29   # every term the quick suite checks: rot90 to n = 29, rot180 to n = 19
QUICK_ROT180 = 19
ONE = ThreadBackend(workers=1)


def test_the_copied_terms_are_the_entries():
    # the stored copies hold A033148 to n = 55 and A260318 to n = 63
    assert max(A033148) == 55 and A033148[32] == 406784 and A033148[6] == 0
    assert max(A260318) == 63 and A260318[12] == 4 and A260318[1] == 1
    # a class of quarter-turn solutions is a mirror pair (n > 1): the two entries agree
    assert all(A033148[n] == 2 * A260318[n] for n in range(2, 56))
    assert max(A032522) == 32 and A032522[32] == 181254386312


@pytest.mark.parametrize("n", range(1, QUICK_ROT90 + 1))
def test_quarter_turn_counts_and_classes_are_a033148_and_a260318(n):
    got = count(n, symmetric="rot90", unique=True, backend=ONE)
    assert got == Counts(n, A033148[n], A260318[n])


@pytest.mark.parametrize("n", range(1, QUICK_ROT180 + 1))
def test_half_turn_counts_are_a032522(n):
    assert count(n, symmetric="rot180", backend=ONE) == A032522[n]


@pytest.mark.slow
@pytest.mark.parametrize("n", [32, 33])
def test_quarter_turn_32_and_33(n):
    assert count(n, symmetric="rot90", unique=True) == Counts(n, A033148[n], A260318[n])


@pytest.mark.slow
@pytest.mark.parametrize("n", [20, 21])
def test_half_turn_20_and_21(n):
    assert count(n, symmetric="rot180") == A032522[n]


def _brute(n: int) -> tuple[int, int, int, int]:
    """Every solution filtered: (rot90 total, its classes, rot180 total, its classes)."""
    last = n - 1
    t90 = c90 = t180 = c180 = 0
    for p in strategy_module("bitmask").solutions(n):
        half = all(p[last - r] == last - p[r] for r in range(n))
        quarter = all(p[p[r]] == last - r for r in range(n))
        least = canonical(p) == p
        t90 += quarter
        c90 += quarter and least
        t180 += half
        c180 += half and least
    return t90, c90, t180, c180


@pytest.mark.parametrize("n", [*range(1, 13), pytest.param(13, marks=pytest.mark.slow),
                               pytest.param(14, marks=pytest.mark.slow)])
def test_a_filter_over_all_solutions_agrees(n):
    t90, c90, t180, c180 = _brute(n)
    assert count(n, symmetric="rot90", unique=True, backend=ONE) == Counts(n, t90, c90)
    assert count(n, symmetric="rot180", unique=True, backend=ONE) == Counts(n, t180, c180)


@pytest.mark.parametrize("n", [8, 9, 10, 11, pytest.param(12, marks=pytest.mark.slow),
                               pytest.param(13, marks=pytest.mark.slow)])
def test_each_subproblem_equals_its_independent_recount(n):
    for sym in ("rot90", "rot180"):
        items = Symmetric(n, sym).items()
        rows = count_batch(n, items)
        assert [r[:2] for r in rows] == recount_batch(n, items)


def test_the_split_does_not_change_the_answer():
    # the kernel from a bare first orbit and from the split's deeper prefixes agree
    p = Symmetric(20, "rot90")
    bare = [(-1, 1, 1, c, -1, -1, -1) for c in range(10)]
    assert sum(r[0] for r in count_batch(20, bare)) == A033148[20]
    assert len(p.items()) > len(bare)


def test_a_ledger_records_and_resumes_a_symmetric_count(tmp_path):
    path = tmp_path / "rot.sqlite"
    first = count(18, symmetric="rot180", ledger=path, backend=ONE)
    again = count(18, symmetric="rot180", unique=True, ledger=path, backend=ONE)
    assert first == A032522[18] == again.total
    r = run_cli("ledger", "show", str(path), "--json")
    assert r.code == 0, r.err
    shown = json.loads(r.out)
    assert shown["method"] == "symmetric-rot180" and shown["complete"]
    assert (shown["total"], shown["unique"]) == (A032522[18], again.unique)
    with pytest.raises(Exception, match="method"):
        count(18, symmetric="rot90", ledger=path)


def test_the_cli_counts_and_reports_json():
    r = run_cli("count", "13", "--symmetric", "rot90", "--unique", "--json")
    assert r.code == 0, r.err
    got = json.loads(r.out)
    assert (got["total"], got["unique"]) == (A033148[13], A260318[13])


@pytest.mark.parametrize("args, words", [
    (["8", "--symmetric", "rot45"], "unknown --symmetric 'rot45'"),
    (["8", "--symmetric", "rot90", "--width", "9"], "no quarter-turn symmetry"),
    (["8", "--symmetric", "rot180", "--width", "9"], "N x N boards only"),
    (["8", "--symmetric", "rot90", "--variant", "toroidal"], "classic queens only"),
    (["8", "--symmetric", "rot180", "--queens", "5"], "full boards"),
    (["8", "--symmetric", "rot90", "--gpu"], "CPUs only"),
    (["8", "--symmetric", "rot90", "--strategy", "arrays"], "--strategy arrays"),
    (["99", "--symmetric", "rot90"], "up to N = 62"),
])
def test_bad_symmetric_input_is_one_line_and_exit_2(args, words):
    assert_bad_input(run_cli("count", *args), words)


def test_the_library_refuses_bad_symmetric_input():
    with pytest.raises(UnknownOptionError, match="symmetry"):
        count(8, symmetric="mirror")
    with pytest.raises(InvalidSizeError):
        count(63, symmetric="rot90")
    with pytest.raises(ConflictingOptionsError):
        count(8, symmetric="rot90", strategy="arrays")


# the cost stated first: the nodes foreseen from the measured growth, at a sampled rate


def _nodes(n: int, sym: str) -> int:
    from nqueens.engine.run import run_engine

    return run_engine(n, ONE, problem=Symmetric(n, sym), estimate=False).nodes


@pytest.mark.parametrize("sym, ns", [
    ("rot90", [20, 21, 24, 25, 28, 29]), ("rot180", [14, 15, 16, 17, 18, 19]),
    pytest.param("rot90", [32, 33], marks=pytest.mark.slow),
    pytest.param("rot180", [20, 21], marks=pytest.mark.slow),
])
def test_the_foreseen_nodes_are_the_searchs_within_a_fifth(sym, ns):
    for n in ns:   # node counts, not times: the same on every machine
        real = _nodes(n, sym)
        assert real / 1.2 < Symmetric(n, sym).foreseen_nodes() < real * 1.2, n


def test_the_foreseen_growth_per_n_is_the_measured_one():
    # quarter turn: each 4 rows multiply the search by about 12 here (the fit bends up with n);
    # half turn: each 2 rows by about 8; the boards with a centre queen need fewer
    for sym, a, b in (("rot90", 24, 28), ("rot180", 16, 18), ("rot180", 17, 19)):
        measured = _nodes(b, sym) / _nodes(a, sym)
        foreseen = Symmetric(b, sym).foreseen_nodes() / Symmetric(a, sym).foreseen_nodes()
        assert measured / 1.25 < foreseen < measured * 1.25, (sym, a, b)
    quarter = [Symmetric(n).foreseen_nodes() for n in (36, 40, 44, 48)]
    steps = [y / x for x, y in itertools.pairwise(quarter)]
    assert 12 < steps[0] < steps[1] < steps[2] < 25   # growing, as measured 24 -> 36


def test_no_quarter_turn_solution_where_n_is_2_or_3_mod_4():
    for n in (6, 7, 30, 31, 34, 62):
        assert Symmetric(n, "rot90").items() == [] and Symmetric(n).foreseen_nodes() == 0.0
        assert count(n, symmetric="rot90", unique=True, backend=ONE) == Counts(n, 0, 0)


def test_the_cost_is_stated_before_the_count_and_is_the_foreseen_nodes():
    from nqueens.engine.run import run_engine

    events: list[tuple[str, object]] = []
    p = Symmetric(29, "rot90")
    r = run_engine(29, ONE, problem=p, estimate=True,
                   on_estimate=lambda e: events.append(("estimate", e)),
                   progress=lambda q: events.append(("progress", q)))
    kind, e = events[0]
    assert kind == "estimate" and [k for k, _ in events].count("estimate") == 1
    assert e.nodes == pytest.approx(p.foreseen_nodes())   # all pending: the whole count
    assert r.nodes / 1.2 < e.nodes < r.nodes * 1.2
    assert e.seconds >= 0 and e.workers == 1


def test_a_long_symmetric_count_says_its_cost_first_and_stops_on_ctrl_c():
    import os
    import signal
    import subprocess
    import sys

    from conftest import SRC

    proc = subprocess.Popen([sys.executable, "-m", "nqueens", "count", "48", "--symmetric",
                             "rot90", "--workers", "1"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONPATH=str(SRC)))
    assert proc.stderr is not None
    first = proc.stderr.readline()
    second = proc.stderr.readline()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    # 1.7e11 orbit placements foreseen for n = 48 (about 14.4x per 4 rows past n = 36): hours
    assert first.startswith("nqueens: N = 48 has about "), first
    assert "hours" in first or ":" in first.split("take about ")[1], first
    assert "foreseen from the measured growth per n" in second
    assert proc.returncode == 130 and out == ""
    assert err.strip().startswith("nqueens: interrupted")
