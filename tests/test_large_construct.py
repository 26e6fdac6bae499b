"""The explicit construction and local search: valid boards, checked two independent ways."""

from __future__ import annotations

import numpy as np
import pytest

from nqueens.errors import InvalidSizeError, UnknownOptionError
from nqueens.large import BYTES_PER_QUEEN, find
from nqueens.large.construct import construct
from nqueens.large.local import kernel_seed, local_search
from nqueens.large.verify import verify_cols

from naive import is_solution_pairwise


def test_construct_valid_for_every_n_up_to_2000():
    for n in range(4, 2001):
        cols = construct(n)
        assert cols.dtype == np.int32 and cols.shape == (n,)
        verdict = verify_cols(cols)
        assert verdict.ok, (n, verdict.describe())


def test_construct_valid_by_pairwise_oracle():
    for n in [1, *range(4, 121)]:
        assert is_solution_pairwise(construct(n).tolist()), n


@pytest.mark.parametrize("k", range(6))
def test_construct_large_n_every_residue_mod_6(k):
    n = 10**6 + k  # 10**6 = 4 mod 6, so k covers all six classes
    cols = construct(n)
    assert verify_cols(cols).ok
    # permutation and diagonals, checked with plain numpy (a third, independent view)
    rows = np.arange(n)
    assert np.bincount(cols).max() == 1
    assert np.bincount(rows - cols + n - 1).max() == 1
    assert np.bincount(rows + cols).max() == 1


@pytest.mark.parametrize("n", [2, 3])
def test_no_solution_sizes(n):
    with pytest.raises(InvalidSizeError, match="no solution"):
        construct(n)
    with pytest.raises(InvalidSizeError, match="no solution"):
        find(n, method="local")


def test_bad_sizes():
    for bad in (0, -5, 2.5, True):
        with pytest.raises(InvalidSizeError):
            construct(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidSizeError, match="32-bit"):
        construct(2**31)


def test_n_one():
    assert find(1).tolist() == [0]
    assert find(1, method="local", seed=3).tolist() == [0]


def test_find_refuses_what_does_not_fit(monkeypatch):
    import nqueens.large as large

    monkeypatch.setattr(large, "available_memory", lambda: 10**6)
    with pytest.raises(InvalidSizeError, match="too large for memory"):
        find(10**6)
    monkeypatch.setattr(large, "available_memory", lambda: BYTES_PER_QUEEN["local"] * 10**5)
    find(10**5, method="local", seed=1)  # exactly fits


def test_find_options():
    with pytest.raises(UnknownOptionError, match="unknown method"):
        find(8, method="magic")
    with pytest.raises(UnknownOptionError, match="seed"):
        find(8, seed=1)


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 12345])
def test_local_search_small_boards_every_seed(seed):
    for n in range(4, 41):
        cols = local_search(n, seed=seed)
        assert is_solution_pairwise(cols.tolist()), (n, seed)


@pytest.mark.parametrize("n", [1000, 10**5, 10**6])
def test_local_search_large(n):
    for seed in (1, 2):
        assert verify_cols(find(n, method="local", seed=seed)).ok


def test_local_search_reproducible_and_seed_dependent():
    a = local_search(5000, seed=7)
    b = local_search(5000, seed=7)
    c = local_search(5000, seed=8)
    assert np.array_equal(a, b)
    assert not np.array_equal(a, c)
    assert verify_cols(c).ok
    assert len({tuple(local_search(12, seed=s).tolist()) for s in range(20)}) > 1


def test_local_search_without_seed_varies():
    boards = {local_search(2000).tobytes() for _ in range(3)}
    assert len(boards) > 1


def test_kernel_seed():
    assert kernel_seed(5) == kernel_seed(5)
    assert 0 <= kernel_seed(2**100) < 2**32
    with pytest.raises(InvalidSizeError, match="seed"):
        kernel_seed(-1)


@pytest.mark.slow
def test_local_search_ten_million():
    assert verify_cols(find(10**7, method="local", seed=1)).ok
