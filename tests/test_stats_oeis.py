"""``stats`` against OEIS A319283 (nodes of the backtrack tree) and A319284 (its profiles).

The correspondence: OEIS counts the nodes of the backtrack tree, the root (the empty board)
included, each node a placement of queens in the first rows that no two attack - our
*promising* nodes (``TreeStats.promising``; n = 4: 1 + 4 + 6 + 4 + 2 = 17), and row n of
A319284 is the number of them per depth 0 .. n (``TreeStats.levels``). The squares tried
(``checked``) are a different count (61 for n = 4) and match neither. n = 0 (the root
alone: 1) is outside ``stats``' sizes, n = 19 beyond :data:`MAX_STATS_N`.
"""

from __future__ import annotations

import pytest

from _oeis_seq import terms
from nqueens.analysis.stats import MAX_STATS_N, tree_stats

from naive import naive_promising_levels

A319283 = terms("A319283")


def _profiles() -> dict[int, list[int]]:
    """A319284 read as a triangle: row n has n + 1 terms (depths 0 .. n)."""
    flat = [terms("A319284")[i] for i in sorted(terms("A319284"))]
    rows, n = {}, 0
    while len(flat) >= n + 1:
        rows[n], flat = flat[:n + 1], flat[n + 1:]
        n += 1
    return rows


A319284 = _profiles()


def test_the_copied_entries_are_whole():
    assert max(A319283) == 19 and A319283[8] == 2057
    assert max(A319284) == 11 and A319284[4] == [1, 4, 6, 4, 2]


@pytest.mark.parametrize("n", [*range(1, 15), *(pytest.param(n, marks=pytest.mark.slow)
                                                 for n in range(15, MAX_STATS_N + 1))])
def test_promising_nodes_are_a319283(n):
    assert tree_stats(n).promising == A319283[n]


@pytest.mark.parametrize("n", range(1, 12))
def test_levels_are_the_rows_of_a319284(n):
    assert list(tree_stats(n).levels) == A319284[n]


@pytest.mark.parametrize("n", range(1, 8))
def test_levels_are_those_of_every_placement_tried(n):
    """The slow oracle tries all n**d placements of d queens: n <= 7 (823,543 at the last)."""
    assert list(tree_stats(n).levels) == naive_promising_levels(n)


def test_the_squares_tried_are_not_the_oeis_nodes():
    s = tree_stats(4)
    assert s.checked == 61 != A319283[4] == s.promising
