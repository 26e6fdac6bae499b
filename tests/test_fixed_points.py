"""The completions a rotation fixes, found by the half-board search, against the CPU
kernel that tests every completion (the slow, obvious oracle)."""

from __future__ import annotations

import pytest

from nqueens.engine.split import split
from nqueens.kernels.constellations import (
    SYM_NONE,
    SYM_ROT90,
    SYM_ROT180,
    count_subproblem,
)
from nqueens.kernels.fixed_points import count_fixed


@pytest.mark.parametrize("n", range(4, 15))
def test_fixed_points_of_every_symmetric_constellation_are_the_cpu_kernels(n):
    sym = [tuple(s) for s in split(n) if s.sym]
    assert sym
    for item in sym:
        want = count_subproblem(n, *item[:4], item[4])
        assert count_fixed(n, *item[:4], item[4]) == (want[1], want[2]), item


def test_the_quarter_turn_is_counted_only_for_quarter_turn_constellations():
    """n = 12 and 13 have constellations the quarter turn fixes with completions it fixes;
    asked as half-turn ones, they count the same half-turn points and no quarter-turn."""
    seen = 0
    for n in (12, 13):
        for s in split(n):
            if s.sym != SYM_ROT90:
                continue
            f90, f180 = count_fixed(n, *tuple(s)[:4], SYM_ROT90)
            assert count_fixed(n, *tuple(s)[:4], SYM_ROT180) == (0, f180)
            assert f180 >= f90
            seen += f90
    assert seen > 0


@pytest.mark.parametrize("n", [8, 11, 12])
def test_a_constellation_no_rotation_fixes_has_no_fixed_points(n):
    """Asked of an asymmetric constellation as if it were symmetric, the search finds none
    (its border is not its own half turn), whatever its completions."""
    items = [tuple(s) for s in split(n) if not s.sym]
    with_completions = 0
    for item in items[:: max(1, len(items) // 60)]:
        assert count_fixed(n, *item[:4], SYM_ROT180) == (0, 0)
        assert count_fixed(n, *item[:4], SYM_NONE) == (0, 0)
        with_completions += count_subproblem(n, *item[:4], SYM_NONE)[0] > 0
    assert with_completions > 0


def _solutions(n):
    """Every solution (the queen's column of each row), by plain backtracking."""
    out, cols = [], []

    def place(r):
        if r == n:
            out.append(tuple(cols))
            return
        for c in range(n):
            if all(c != q and abs(c - q) != r - i for i, q in enumerate(cols)):
                cols.append(c)
                place(r + 1)
                cols.pop()

    place(0)
    return out


@pytest.mark.parametrize("n", range(5, 11))
def test_fixed_points_match_a_brute_force_over_all_solutions(n):
    """An oracle that shares nothing with the kernels: of all solutions, those whose border
    queens are a symmetric constellation's and that equal their half (quarter) turn."""
    sols = _solutions(n)
    last = n - 1
    found = 0
    for s in split(n):
        if not s.sym:
            continue
        t, b, left, right = tuple(s)[:4]
        mine = [q for q in sols if q[0] == t and q[last] == b and q[left] == 0
                and q[right] == last]
        f180 = sum(all(q[last - r] == last - q[r] for r in range(n)) for q in mine)
        f90 = sum(all(q[q[r]] == last - r for r in range(n)) for q in mine)
        assert count_fixed(n, t, b, left, right, s.sym) == (
            f90 if s.sym == SYM_ROT90 else 0, f180), tuple(s)
        found += f180
    assert found > 0


def test_sums_over_the_split_weigh_to_the_oeis_unique_counts():
    """The fixed points are what turns completions into classes: with them from the
    half-board search, the engine's weighing gives OEIS's unique counts."""
    from nqueens.engine.task import weigh

    from conftest import OEIS

    for n in range(6, 13):
        unique = 0
        for s in split(n):
            item = tuple(s)
            c = int(count_subproblem(n, *item[:4], item[4])[0])
            f90, f180 = count_fixed(n, *item[:4], item[4])
            unique += weigh(item[5], c, int(f90), int(f180))[1]
        assert unique == OEIS[n][1], n
