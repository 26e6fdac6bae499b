"""Knuth's estimator: unbiased where the truth is known, reproducible, seeds matter."""

from __future__ import annotations

import json
from statistics import NormalDist

import pytest

from nqueens.analysis.estimate import estimate
from nqueens.analysis.stats import tree_stats
from nqueens.errors import NQueensError

from conftest import assert_bad_input, run_cli


@pytest.mark.parametrize("n, seed", [(8, 1), (8, 2), (10, 3), (10, 4)])
def test_unbiased_where_exact_is_known(n, seed):
    e = estimate(n, trials=200_000, seed=seed)
    exact = tree_stats(n)
    for q, truth in zip(e.quantities, (exact.checked, exact.promising, exact.solutions),
                        strict=True):
        assert q.exact == truth
        assert q.stderr > 0
        assert abs(q.mean - truth) < 4 * q.stderr, (q, truth)
        low, high = q.ci95  # the normal interval: mean -+ 1.96 standard errors
        assert high - low == pytest.approx(2 * NormalDist().inv_cdf(0.975) * q.stderr)
        assert (low + high) / 2 == pytest.approx(q.mean)


def test_reproducible_with_a_seed():
    assert estimate(9, trials=5000, seed=42) == estimate(9, trials=5000, seed=42)


def test_different_seeds_differ():
    a, b = estimate(9, trials=5000, seed=1), estimate(9, trials=5000, seed=2)
    assert a.checked.mean != b.checked.mean


def test_unseeded_run_reports_its_seed():
    e = estimate(7, trials=1000)
    assert e == estimate(7, trials=1000, seed=e.seed)


def test_deterministic_trees_have_no_error():
    # for n = 1 and 2 every probe meets the same branching numbers: no variance at all
    for n in (1, 2):
        e = estimate(n, trials=100, seed=0)
        exact = tree_stats(n)
        assert e.checked.mean == exact.checked and e.checked.stderr == 0
        assert e.solutions.mean == exact.solutions


def test_no_exact_value_above_14():
    e = estimate(20, trials=1000, seed=0)
    assert e.checked.exact is None and e.checked.z is None
    assert e.checked.mean > tree_stats(14).checked


@pytest.mark.parametrize("kwargs", [{"trials": 1}, {"trials": 0}, {"seed": -1},
                                    {"seed": 2**32}])
def test_api_rejects_bad_options(kwargs):
    with pytest.raises(NQueensError):
        estimate(8, **kwargs)


def test_cli_json():
    r = run_cli("estimate", "8", "--trials", "20000", "--seed", "5", "--json")
    assert r.code == 0, r.err
    record = json.loads(r.out)
    assert record["n"] == 8 and record["trials"] == 20000 and record["seed"] == 5
    assert record["checked"]["exact"] == 15721
    assert set(record["solutions"]) == {"mean", "stderr", "ci95", "exact"}
    again = run_cli("estimate", "8", "--trials", "20000", "--seed", "5", "--json")
    assert again.out == r.out


def test_cli_text():
    r = run_cli("estimate", "6", "--trials", "1000", "--seed", "1")
    assert r.code == 0, r.err
    assert "1,000 probes, seed 1" in r.out
    assert "nodes checked" in r.out and "solutions" in r.out


@pytest.mark.parametrize("args, fragment", [
    (("estimate", "8", "--trials", "0"), "positive integer"),
    (("estimate", "8", "--trials", "1"), "trials"),
    (("estimate", "8", "--seed", "-3"), "seed"),
    (("estimate", "8", "--seed", "abc"), "seed"),
    (("estimate", "63"), "from 1 to 62"),
])
def test_cli_bad_input(args, fragment):
    assert_bad_input(run_cli(*args), fragment)
