"""The public search API: solutions(), first_solution(), count()."""

from __future__ import annotations

import tracemalloc
from itertools import islice

import pytest

import nqueens
from nqueens.errors import InvalidSizeError, UnknownOptionError

from conftest import OEIS


def test_slides_homework_first_four_five_queens():
    got = [s.cols for s in nqueens.solutions(5, limit=4)]
    assert got == [(1, 3, 5, 2, 4), (1, 4, 2, 5, 3), (2, 4, 1, 3, 5), (2, 5, 3, 1, 4)]


def test_first_solution_and_the_boards_without_one():
    assert nqueens.first_solution(8).cols == (1, 5, 8, 6, 3, 7, 2, 4)
    assert nqueens.first_solution(1).placement == (0,)
    assert nqueens.first_solution(2) is None
    assert nqueens.first_solution(3) is None


@pytest.mark.parametrize("strategy", ["promising", "arrays", "bitmask"])
def test_limit_and_strategy(strategy):
    got = list(nqueens.solutions(6, strategy=strategy, limit=3))
    assert len(got) == 3
    assert got == list(islice(nqueens.solutions(6), 3))


def test_solutions_is_lazy_and_memory_stays_flat():
    stream = nqueens.solutions(14)
    next(stream)  # warm up the kernel
    tracemalloc.start()
    for _ in islice(stream, 20_000):
        pass
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 2_000_000  # a list of 20,000 solutions would be several MB


@pytest.mark.parametrize("bad", [0, -3, 2.5, "8", True, None])
def test_bad_sizes(bad):
    with pytest.raises(InvalidSizeError):
        next(nqueens.solutions(bad))
    with pytest.raises(InvalidSizeError):
        nqueens.count(bad)


def test_size_limits_per_strategy():
    with pytest.raises(InvalidSizeError, match="at most 63"):
        nqueens.first_solution(64)
    with pytest.raises(InvalidSizeError, match="at most 28"):
        nqueens.count(29)
    with pytest.raises(UnknownOptionError, match="unknown strategy"):
        nqueens.count(8, strategy="quantum")
    with pytest.raises(InvalidSizeError, match="limit"):
        list(nqueens.solutions(8, limit=0))


@pytest.mark.parametrize("n", range(1, 13))
def test_count_with_unique_matches_oeis(n):
    c = nqueens.count(n, unique=True)
    assert (c.total, c.unique) == OEIS[n]
    assert nqueens.count(n) == OEIS[n][0]


@pytest.mark.parametrize("strategy", ["promising", "arrays"])
def test_pure_unique_counts(strategy):
    for n in range(1, 9):
        assert tuple(nqueens.count(n, unique=True, strategy=strategy))[1:] == OEIS[n]
