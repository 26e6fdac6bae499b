"""The variants' fast paths against the brute-force oracles of tests/naive.py."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nqueens.errors import (
    ConflictingOptionsError,
    InvalidArgumentError,
    InvalidSizeError,
    UnknownOptionError,
)
from nqueens.variants import Variant, count, dominate, first_solution, solutions, squares

from naive import (
    brute_variant,
    brute_variant_unique,
    dominates,
    domination_number,
    variant_attacks,
)

# (kind, n, width, k): every variant, small enough for C(n * width, k) sets of squares
SMALL = [
    *[(kind, n, n, n) for kind in ("classic", "toroidal", "superqueens") for n in range(1, 8)],
    *[("classic", n, m, n) for n in range(1, 6) for m in range(n + 1, 8)],
    *[("superqueens", n, m, n) for n in range(2, 6) for m in range(n + 1, 8)],
    *[(kind, n, n, k) for kind in ("classic", "toroidal", "superqueens")
      for n in range(1, 7) for k in range(0, n)],
    ("superqueens", 4, 6, 2), ("classic", 3, 5, 1),
]


def _ids(case: tuple[str, int, int, int]) -> str:
    return "{}-{}x{}-k{}".format(*case)


@pytest.mark.parametrize("case", SMALL, ids=_ids)
@pytest.mark.slow
def test_solutions_and_counts_match_brute_force(case):
    kind, n, width, k = case
    v = Variant(n, kind, width=width, queens=k)
    expected = brute_variant(kind, n, width, k)
    got = list(solutions(v))
    assert len(got) == len(set(got))  # each set of squares once
    assert sorted(got) == sorted(expected)
    result = count(v, unique=True)
    assert result.total == count(v).total == len(expected)
    assert result.unique == brute_variant_unique(kind, n, width, k)
    assert first_solution(v) == (got[0] if got else None)


@pytest.mark.parametrize("v", [Variant(9, "superqueens", width=11), Variant(7, queens=4),
                               Variant(11, "toroidal"), Variant(6, "toroidal", queens=3)],
                         ids=repr)
def test_one_thread_and_two_give_the_same_counts(v):
    one = count(v, unique=True, workers=1)
    assert one == count(v, unique=True, workers=2)
    assert one.total == count(v, workers=2).total == sum(1 for _ in solutions(v))


def test_full_placements_come_in_the_textbooks_order():
    got = list(solutions(Variant(6)))
    assert got == sorted(got) and len(got) == 4
    assert all(-1 not in p for p in got)


def test_toroidal_classes_on_the_13_torus_match_orbits_by_coordinates():
    # the pinned torus path (a queen on (0, 0), 8 N images) against whole orbits of all
    # 8 N^2 images, each orbit computed once
    from naive import variant_images

    sols = {frozenset(squares(p)) for p in solutions(Variant(13, "toroidal"))}
    seen: set[frozenset] = set()
    classes = 0
    for s in sols:
        if s not in seen:
            classes += 1
            seen |= variant_images("toroidal", 13, 13, s)
    assert seen == sols
    assert count(Variant(13, "toroidal"), unique=True) == (len(sols), classes)


@given(st.sampled_from([("toroidal", 7), ("toroidal", 11), ("superqueens", 10),
                        ("superqueens", 11), ("classic", 8)]), st.data())
def test_every_streamed_placement_is_non_attacking(spec, data):
    kind, n = spec
    sols = list(solutions(Variant(n, kind)))
    p = data.draw(st.sampled_from(sols))
    cells = squares(p)
    assert len(cells) == n
    assert not any(variant_attacks(kind, n, a, b) for i, a in enumerate(cells)
                   for b in cells[i + 1:])


@pytest.mark.parametrize("n", range(1, 8))
@pytest.mark.parametrize("independent", [False, True])
def test_domination_matches_brute_force(n, independent):
    d = dominate(n, independent=independent)
    assert dominates(n, d.queens, independent=independent)
    assert d.size == len(d.queens) == domination_number(n, independent=independent)


@pytest.mark.parametrize("make,error", [
    (lambda: Variant(8, "hexagonal"), UnknownOptionError),
    (lambda: Variant(8, width=7), InvalidSizeError),
    (lambda: Variant(8, width=62), InvalidSizeError),
    (lambda: Variant(8, queens=9), InvalidSizeError),
    (lambda: Variant(8, queens=-1), InvalidSizeError),
    (lambda: Variant(0), InvalidSizeError),
    (lambda: Variant(2**70), InvalidSizeError),
    (lambda: Variant(8.0), InvalidSizeError),  # type: ignore[arg-type]
    (lambda: Variant(5, "toroidal", width=6), ConflictingOptionsError),
    (lambda: count("8"), InvalidArgumentError),  # type: ignore[arg-type]
    (lambda: count(Variant(4), unique="yes"), InvalidArgumentError),  # type: ignore[arg-type]
    (lambda: count(Variant(4), workers=0), InvalidSizeError),
    (lambda: dominate(0), InvalidSizeError),
    (lambda: dominate(4, independent=1), InvalidArgumentError),  # type: ignore[arg-type]
])
def test_bad_arguments_raise_the_projects_errors(make, error):
    with pytest.raises(error):
        make()


def test_a_variant_knows_its_group():
    assert Variant(5, "toroidal").group_size == 200
    assert Variant(5, width=7).group == "rectangle"
    assert Variant(5, "superqueens").group_size == 8
