"""The constellation kernel and the split: exact totals and classes, checked three ways."""

from __future__ import annotations

from itertools import pairwise

import pytest

from nqueens.engine.run import run_count
from nqueens.engine.split import split, split_hash
from nqueens.engine.task import count_batch
from nqueens.engine.verify import recount
from nqueens.kernels import backtrack

from conftest import OEIS
from naive import border, count_total_unique
from naive import images_naive as images


@pytest.mark.parametrize("n", range(1, 16))
def test_totals_and_classes_match_oeis(n):
    r = run_count(n, workers=1)
    assert (r.total, r.unique) == OEIS[n]


@pytest.mark.slow
def test_n16_matches_oeis():
    r = run_count(16, workers=1)
    assert (r.total, r.unique) == OEIS[16]


@pytest.mark.parametrize("n", range(4, 12))
def test_agrees_with_the_enumerating_kernel(n):
    r = run_count(n, workers=1)
    assert (r.total, r.unique) == tuple(int(v) for v in backtrack.count_total_unique(n))


@pytest.mark.parametrize("n", range(1, 9))
def test_agrees_with_brute_force(n):
    r = run_count(n, workers=1)
    assert (r.total, r.unique) == count_total_unique(n)


@pytest.mark.parametrize("n", [6, 7, 8, 9, 10])
def test_every_subproblem_matches_an_independent_recount(n):
    subs = split(n)
    rows = count_batch(n, [tuple(s) for s in subs])
    for s, row in zip(subs, rows, strict=True):
        assert row[:2] == recount(n, s), s


def test_sampled_subproblems_of_n12_match_recount():
    subs = split(12)
    sample = subs[::37]
    rows = count_batch(12, [tuple(s) for s in sample])
    assert any(r[0] for r in rows)
    for s, row in zip(sample, rows, strict=True):
        assert row[:2] == recount(12, s), s


@pytest.mark.parametrize("n", [6, 8, 9])
def test_each_solution_orbit_is_listed_exactly_once(n):
    """Every solution's constellation orbit contains exactly one listed subproblem."""
    from naive import naive_solutions as all_solutions

    listed = {(s.top, s.bottom, s.left, s.right) for s in split(n)}
    for p in all_solutions(n):
        reps = {border(q) for q in images(p)} & listed
        # a corner class lists one of its two (0,0) images; others one per orbit
        assert len(reps) == 1, (p, reps)


def test_split_is_deterministic_and_hash_depends_on_n():
    a, b = split(13), split(13)
    assert a == b and len({s.key for s in a}) == len(a)
    assert split_hash(13, a) == split_hash(13, b) != split_hash(14, split(14))


@pytest.mark.parametrize(("n", "orient"), [(15, True), (17, True), (21, False)])
@pytest.mark.slow
def test_split_on_threads_lists_the_same_orbits_in_the_same_order(n, orient):
    """The chunks listed on several threads at once come back in the one-thread order."""
    one = split(n, orient=orient, workers=1)
    for workers in (2, 3, 64):
        assert split(n, orient=orient, workers=workers) == one
    assert split_hash(n, split(n, orient=orient)) == split_hash(n, one)


@pytest.mark.parametrize("workers", [0, -1, 1.5, "2", True])
def test_split_rejects_a_bad_worker_count(workers):
    from nqueens.errors import InvalidSizeError

    with pytest.raises(InvalidSizeError, match="workers must be"):
        split(15, workers=workers)


def test_stabilizers_are_rotations_only():
    for s in split(13):
        assert s.stabilizer in (1, 2, 4)
        assert (s.sym == 0) == (s.stabilizer == 1)


def test_large_n_masks_stay_in_64_bits():
    """n = 27: every border mask is inside the board; shifted masks stay below bit 62."""
    from nqueens.kernels.orbits import _orient, constellation_masks

    # the orbits unoriented (seconds), then each sampled one oriented as split(27) lists it
    # (orienting all 30,000+ takes most of a minute)
    subs = split(27, orient=False)
    assert len(subs) > 30000
    full = (1 << 27) - 1
    for c in subs[::997]:
        top, bottom, left, right = _orient(27, c.top, c.bottom, c.left, c.right)
        allowed, free = constellation_masks(27, top, bottom, left, right)
        assert all(0 <= int(a) <= full for a in allowed)
        assert list(free) == sorted(free) and 0 < len(free) <= 25
        # the kernel's left-diagonal mask starts below bit n, is shifted by the gap between
        # free rows at each step and once more to look a row ahead: its top bit stays < 63
        gaps = [int(b) - int(a) for a, b in pairwise(free)]
        highest = 27 + int(free[-1]) - int(free[0]) + max(gaps, default=0)
        assert highest < 63, (c, highest)


@pytest.mark.parametrize("n", [5, 8, 11, 13])
@pytest.mark.parametrize("budget", [1, 7, 1000])
def test_sliced_kernel_matches_the_unsliced_one_at_any_budget(n, budget):
    import numpy as np

    from nqueens.kernels import constellations as k

    items = k.list_constellations(n)
    want = [tuple(int(x) for x in k.count_subproblem(n, *row[:4], row[4])) for row in items]
    out = np.zeros((len(items), 4), np.int64)
    state, stack = k.new_slice_state(n)
    calls = 1
    while not k.count_slice(n, items, out, state, stack, budget):
        calls += 1
    assert [tuple(int(x) for x in row) for row in out] == want
    if budget == 1 and n >= 11:
        assert calls > len(items)  # it really did stop and resume


def test_knuth_estimate_of_each_subproblem_tracks_the_kernel():
    import numpy as np

    from nqueens.kernels import constellations as k

    n = 12
    items = k.list_constellations(n)
    exact = np.array([k.count_subproblem(n, *row[:4], row[4]) for row in items], np.int64)
    est = k.estimate_constellations(n, items, 400, 7)
    assert abs(est[:, 0].sum() - exact[:, 3].sum()) < 0.03 * exact[:, 3].sum()
    assert abs(est[:, 1].sum() - exact[:, 0].sum()) < 0.05 * exact[:, 0].sum()
    # leaves are exact where the tree has at most one free row
    small = exact[:, 3] == exact[:, 0]
    assert np.allclose(est[small, 1], exact[small, 0])


def test_unoriented_split_has_the_same_orbits_and_counts():
    n = 11
    oriented, plain = split(n), split(n, orient=False)
    assert len(oriented) == len(plain)
    assert sorted(s.stabilizer for s in oriented) == sorted(s.stabilizer for s in plain)
    rows = count_batch(n, [tuple(s) for s in plain])
    assert (sum(r[0] for r in rows), sum(r[1] for r in rows)) == OEIS[n]
