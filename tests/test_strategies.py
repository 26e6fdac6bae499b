"""The three strategies: same solutions, same order, right counts."""

from __future__ import annotations

import pytest

from nqueens.strategies import STRATEGIES, strategy_module
from nqueens.strategies.bitmask import count_allowed, solutions_allowed

from conftest import OEIS
from naive import brute_force_solutions, unique_count_naive


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("n", range(1, 9))
def test_strategy_matches_brute_force_in_order(strategy, n):
    module = strategy_module(strategy)
    assert list(module.solutions(n)) == list(brute_force_solutions(n))
    assert module.count(n) == len(list(brute_force_solutions(n)))


@pytest.mark.parametrize("n", [9, 10])
def test_all_strategies_give_identical_sequences(n):
    sequences = [list(strategy_module(s).solutions(n)) for s in STRATEGIES]
    assert sequences[0] == sequences[1] == sequences[2]
    assert len(sequences[0]) == OEIS[n][0]


@pytest.mark.parametrize("n", range(1, 15))
def test_bitmask_totals_match_oeis(n):
    assert strategy_module("bitmask").count(n) == OEIS[n][0]


@pytest.mark.parametrize("n", range(1, 13))
def test_bitmask_unique_counts_match_oeis(n):
    assert strategy_module("bitmask").count_unique(n) == OEIS[n]


@pytest.mark.parametrize("n", range(1, 8))
def test_unique_count_matches_naive_orbits(n):
    assert strategy_module("bitmask").count_unique(n)[1] == unique_count_naive(n)


@pytest.mark.parametrize("strategy", ["promising", "arrays"])
def test_pure_totals_match_oeis(strategy):
    module = strategy_module(strategy)
    for n in range(1, 11):
        assert module.count(n) == OEIS[n][0]


def test_bitmask_batches_do_not_change_the_stream():
    full = list(strategy_module("bitmask").solutions(9))
    for batch in (1, 7, 352, 353, 5000):
        assert list(solutions_allowed(9, [511] * 9, batch=batch)) == full


def test_allowed_masks_restrict_the_search():
    # queen of row 0 fixed in column 1, column 2 blocked in row 3
    allowed = [1 << 1] + [(1 << 8) - 1] * 7
    allowed[3] &= ~(1 << 2)
    expect = [p for p in brute_force_solutions(8) if p[0] == 1 and p[3] != 2]
    assert list(solutions_allowed(8, allowed)) == expect
    assert count_allowed(8, allowed) == len(expect)


def _completions_oracle(n: int, fixed: list[int]) -> list[tuple[int, ...]]:
    """Every way to finish ``fixed`` (columns of the first rows), by plain set backtracking."""
    out: list[tuple[int, ...]] = []

    def extend(cols: list[int]) -> None:
        row = len(cols)
        if row == n:
            out.append(tuple(cols))
            return
        for c in range(n):
            if all(c != q and abs(c - q) != row - r for r, q in enumerate(cols)):
                extend([*cols, c])

    extend(list(fixed))
    return out


@pytest.mark.parametrize("mirror", [False, True])
@pytest.mark.slow
def test_bitmask_handles_the_largest_boards_it_supports(mirror):
    # 63 columns, the most an int64 mask holds: fix the first 51 rows of a constructed
    # solution and free the last 12, whose columns include 62 (or, mirrored, 0 and the high
    # bits' partners); the kernels must find exactly the completions a set search finds
    from nqueens.board import is_solution
    from nqueens.large.construct import construct

    n, free = 63, 12
    known = [int(c) for c in construct(n)]
    if mirror:
        known = [n - 1 - c for c in known]
    assert is_solution(tuple(known)) and max(known[-free:]) >= 51
    allowed = [1 << c for c in known[:-free]] + [(1 << n) - 1] * free
    expect = _completions_oracle(n, known[:-free])
    assert tuple(known) in expect
    assert list(solutions_allowed(n, allowed, batch=3)) == expect
    assert count_allowed(n, allowed) == len(expect)
    assert count_allowed(n, [1 << c for c in range(n)]) == 0  # the main diagonal clashes
