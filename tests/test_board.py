"""The board model: conversions, symmetries, canonical form and the independent checker."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nqueens.board import (
    SYMMETRIES,
    Conflict,
    Solution,
    canonical,
    first_conflict,
    is_solution,
    symmetries,
)
from nqueens.errors import InvalidBoardError, NQueensError, ParseError

from naive import attacks, brute_force_solutions, images_naive, is_solution_pairwise

SMALL_SOLUTIONS = [p for n in range(1, 9) for p in brute_force_solutions(n)]
solution_placements = st.sampled_from(SMALL_SOLUTIONS)
permutation_placements = st.integers(1, 9).flatmap(
    lambda n: st.permutations(list(range(n))).map(tuple)
)


def test_first_8_queens_every_representation():
    s = Solution.from_cols([1, 5, 8, 6, 3, 7, 2, 4])
    assert s.placement == (0, 4, 7, 5, 2, 6, 1, 3)
    assert s.cols == (1, 5, 8, 6, 3, 7, 2, 4)
    assert s.to_grid()[1] == ["#", "#", "#", "#", "Q", "#", "#", "#"]
    # the blog's 8queens.py prints "Q " / ". " per square
    blog = [
        "Q . . . . . . .", ". . . . Q . . .", ". . . . . . . Q", ". . . . . Q . .",
        ". . Q . . . . .", ". . . . . . Q .", ". Q . . . . . .", ". . . Q . . . .",
    ]
    assert s.to_text().splitlines() == blog
    assert s.to_compact() == "1 5 8 6 3 7 2 4"
    assert s.to_json() == {"n": 8, "cols": [1, 5, 8, 6, 3, 7, 2, 4]}


@given(solution_placements)
def test_every_representation_round_trips(p):
    s = Solution(p)
    assert eval(repr(s)) == s
    assert Solution(s.to_compact()) == s
    assert Solution.from_cols(s.cols) == s
    assert Solution.from_grid(s.to_grid()) == s
    assert Solution.from_text(s.to_text()) == s
    assert Solution.from_text(str(s)) == s


def test_grid_matches_the_seed_n_queens_output():
    # the seed's n_queens(4) returns these two boards, in this order
    seed = [
        [["#", "Q", "#", "#"], ["#", "#", "#", "Q"], ["Q", "#", "#", "#"], ["#", "#", "Q", "#"]],
        [["#", "#", "Q", "#"], ["Q", "#", "#", "#"], ["#", "#", "#", "Q"], ["#", "Q", "#", "#"]],
    ]
    assert [Solution(p).to_grid() for p in brute_force_solutions(4)] == seed


@pytest.mark.parametrize(
    "bad", [(0, 1), (0, 0), (0, 5, 1), (), "1 1", "x y", ""]
)
def test_solution_rejects_non_solutions(bad):
    with pytest.raises((InvalidBoardError, ParseError)):
        Solution(bad)


@pytest.mark.parametrize(
    "text", ["Q.\n.Q", "Q . .\n. . Q", "QQ\n..", "Q.\n.X", ""]
)
def test_from_text_rejects_bad_boards(text):
    with pytest.raises((InvalidBoardError, ParseError)):
        Solution.from_text(text)


@given(solution_placements)
def test_every_symmetry_image_of_a_solution_is_a_solution(p):
    images = symmetries(p)
    assert len(images) == 8
    assert all(is_solution_pairwise(q) for q in images)
    assert set(images) == images_naive(p)


@given(permutation_placements)
def test_symmetries_form_the_group_of_the_square(p):
    # images of a permutation agree with moving every square by coordinates
    assert set(symmetries(p)) == images_naive(p)
    rot = SYMMETRIES["rotate90"]
    assert rot(rot(rot(rot(p)))) == p
    assert SYMMETRIES["rotate180"](p) == rot(rot(p))
    assert SYMMETRIES["rotate270"](p) == rot(rot(rot(p)))


@given(permutation_placements)
def test_canonical_form_is_idempotent_and_class_invariant(p):
    c = canonical(p)
    assert canonical(c) == c
    assert all(canonical(q) == c for q in symmetries(p))
    assert c == min(images_naive(p))


def _first_clash_naive(p):
    for b in range(len(p)):
        for a in range(b):
            if attacks(a, p[a], b, p[b]):
                kind = "column" if p[a] == p[b] else (
                    "diagonal" if a - p[a] == b - p[b] else "anti-diagonal")
                return Conflict(a, p[a], b, p[b], kind)
    return None


@given(st.lists(st.integers(0, 7), min_size=1, max_size=8))
def test_checker_catches_every_clash(p):
    # any placement with one queen per row; columns may repeat
    assert first_conflict(p) == _first_clash_naive(p)
    assert is_solution(p) == (_first_clash_naive(p) is None and max(p) < len(p))


def test_checker_on_all_permutations_of_six():
    for p in permutations(range(6)):
        assert is_solution(p) == is_solution_pairwise(p)


def test_conflict_descriptions():
    assert first_conflict((0, 3, 0)).describe() == "queens at <1,1> and <3,1> share a column"
    assert first_conflict((1, 0)).kind == "anti-diagonal"
    assert first_conflict((0, 1)).kind == "diagonal"
    assert first_conflict((1, 3, 0, 2)) is None
    assert not is_solution((0, 2, 4), n=3)


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: Solution((1.9, 3, 0, 2)), "integer columns, got 1.9 in row 1"),
        (lambda: Solution(["a"]), "integer columns, got 'a' in row 1"),
        (lambda: Solution((True, 3, 0, 2)), "integer columns, got True"),
        (lambda: Solution.from_cols(["2", "4", "1", "3"]), "integer columns, got '2'"),
        (lambda: Solution((0, 4)), "column 4 in row 2, off a board of size 2"),
        (lambda: Solution.from_cols([2, 5, 1, 3]), "column 5 in row 2, off a board of size 4"),
        (lambda: canonical((5, 1, 2)), "column 5 in row 1, off a board of size 3"),
        (lambda: symmetries((0, 0)), "not a permutation: rows 1 and 2 both have column 0"),
        (lambda: canonical(7), "must be a sequence of integer columns"),
    ],
)
def test_bad_placements_raise_the_projects_error_in_one_wording(call, fragment):
    with pytest.raises(InvalidBoardError) as info:
        call()
    assert fragment in str(info.value)
    assert isinstance(info.value, NQueensError)


def test_numpy_columns_are_columns():
    import numpy as np

    assert Solution(np.array([1, 3, 0, 2])) == Solution((1, 3, 0, 2))
    assert canonical(np.array([2, 0, 3, 1], dtype=np.int32)) == (1, 3, 0, 2)


def test_write_solution_refuses_an_unknown_format():
    import io

    import numpy as np

    from nqueens.errors import UnknownOptionError
    from nqueens.large.output import write_solution

    out = io.BytesIO()
    with pytest.raises(UnknownOptionError, match="unknown fmt 'xml'; choose one of cols, npy"):
        write_solution(np.array([1, 3, 0, 2]), out, fmt="xml")
    assert out.getvalue() == b""


@given(solution_placements)
def test_a_solution_is_a_sequence_of_its_columns(p):
    s = Solution(p)
    assert tuple(s) == p and len(s) == len(p) and [s[r] for r in range(len(p))] == list(p)
    assert s[1:] == p[1:] and list(reversed(s)) == list(reversed(p))
    # every function that takes a placement takes the Solution itself
    assert is_solution(s) and first_conflict(s) is None
    assert canonical(s) == canonical(p) and symmetries(s) == symmetries(p)
    assert Solution(s) == s


@pytest.mark.parametrize("bad", [None, 5, "1 3 0 2", b"\x01", [1.0, 3], [None], [True, 0],
                                 {0: 1}])
def test_the_checker_refuses_what_is_not_a_placement(bad):
    for check in (is_solution, first_conflict):
        with pytest.raises(InvalidBoardError, match="integer columns"):
            check(bad)


def test_is_solution_checks_its_size_argument():
    with pytest.raises(NQueensError, match="n must be a non-negative integer"):
        is_solution((1, 3, 0, 2), n="4")
    assert not is_solution((1, 3, 0, 2), n=5)
