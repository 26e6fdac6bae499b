"""Completion of partial boards, checked against brute force over permutations."""

from __future__ import annotations

import random

import pytest

from nqueens.completion import (
    allowed_masks,
    complete,
    completions,
    count_completions,
    parse_board,
    parse_squares,
    random_instance,
)
from nqueens.errors import InvalidBoardError, InvalidSizeError, ParseError

from conftest import OEIS
from naive import brute_completions, is_solution_pairwise


def _random_case(rng: random.Random):
    n = rng.randint(1, 8)
    k = rng.randint(0, {1: 1, 2: 1, 3: 2}.get(n, 4))  # the most that fit, up to 4
    placed = random_instance(n, k, seed=rng.randrange(10**9))
    occupied = set(placed)
    free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in occupied]
    blocked = rng.sample(free, rng.randint(0, min(len(free), 2 * n))) if rng.random() < 0.5 else []
    return n, placed, blocked


@pytest.mark.parametrize("chunk", range(4))
def test_against_brute_force(chunk):
    rng = random.Random(1000 + chunk)
    for _ in range(40):
        n, placed, blocked = _random_case(rng)
        expected = brute_completions(n, placed, blocked)
        got = [s.placement for s in completions(n, placed, blocked=blocked)]
        assert got == expected, (n, placed, blocked)
        assert count_completions(n, placed, blocked=blocked) == len(expected)
        first = complete(n, placed, blocked=blocked)
        assert (first.placement if first else None) == (expected[0] if expected else None)


def test_empty_board_counts_match_oeis():
    for n in range(1, 11):
        assert count_completions(n, []) == OEIS[n][0]


def test_every_placed_queen_kept_and_answers_are_solutions():
    rng = random.Random(7)
    for _ in range(30):
        n = rng.randint(10, 16)
        placed = random_instance(n, rng.randint(1, 4), seed=rng.randrange(10**9))
        s = complete(n, placed)
        if s is not None:
            assert is_solution_pairwise(s.placement)
            assert all(s.placement[r] == c for r, c in placed)


def test_mapping_input_and_unique_completion():
    assert complete(8, {0: 0, 1: 4}) == complete(8, [(0, 0), (1, 4)])
    assert count_completions(6, [(0, 1)]) == 1  # a puzzle with exactly one answer


def test_larger_board_is_exact_and_fast():
    placed = [(0, 0), (1, 2), (2, 4)]
    s = complete(32, placed)
    assert s is not None and is_solution_pairwise(s.placement)
    assert s.placement[:3] == (0, 2, 4)


def test_no_completion_is_reported_as_none():
    assert complete(4, [(0, 0)]) is None
    assert count_completions(4, [(0, 0)]) == 0
    assert list(completions(4, [(0, 0)])) == []
    # every square of row 2 blocked or attacked
    assert complete(5, [], blocked=[(1, c) for c in range(5)]) is None


@pytest.mark.parametrize(
    ("placed", "blocked", "fragment"),
    [
        ([(0, 0), (2, 2)], [], "placed queens at <1,1> and <3,3> share a diagonal"),
        ([(0, 3), (3, 0)], [], "placed queens at <1,4> and <4,1> share an anti-diagonal"),
        ([(0, 1), (5, 1)], [], "placed queens at <1,2> and <6,2> share a column"),
        ([(1, 0), (1, 5)], [], "placed queens at <2,1> and <2,6> share row 2"),
        ([(1, 0), (1, 0)], [], "placed twice at <2,1>"),
        ([(0, 8)], [], "queen <1,9> is off the 8x8 board"),
        ([(-1, 0)], [], "queen <0,1> is off the 8x8 board"),
        ([(0, 0)], [(8, 8)], "blocked square <9,9> is off"),
        ([(2, 3)], [(2, 3)], "square <3,4> is blocked and holds a placed queen"),
        ([(0,)], [], "must be a (row, col) pair"),
    ],
)
def test_bad_boards(placed, blocked, fragment):
    with pytest.raises(InvalidBoardError) as info:
        complete(8, placed, blocked=blocked)
    assert fragment in str(info.value)


def test_sizes():
    with pytest.raises(InvalidSizeError, match="n <= 1000"):
        complete(1001, [])
    with pytest.raises(InvalidSizeError):
        complete(0, [])
    assert allowed_masks(63, [(0, 0)])[0] == 1
    with pytest.raises(InvalidSizeError, match="between 0 and 8"):
        random_instance(8, 9)


def test_random_instance_is_non_attacking_and_reproducible():
    for seed in range(20):
        q = random_instance(12, 5, seed=seed)
        assert q == random_instance(12, 5, seed=seed)
        assert len({r for r, _ in q}) == 5
        allowed_masks(12, q)  # raises if two placed queens attack each other
    assert random_instance(10, 0, seed=1) == []


def test_parsers():
    assert parse_squares(" 1,2  3,4\n") == [(0, 1), (2, 3)]
    assert parse_squares("") == []
    for bad in ("1", "1,2,3", "a,b", "1;2"):
        with pytest.raises(ParseError, match="ROW,COL"):
            parse_squares(bad)
    n, placed, blocked = parse_board("Q...\n..x.\n\n....\n...X\n")
    assert (n, placed, blocked) == (4, [(0, 0)], [(1, 2), (3, 3)])
    with pytest.raises(ParseError, match="row 2 has 3 squares"):
        parse_board("Q.\n...\n")
    with pytest.raises(ParseError, match="only Q"):
        parse_board("Q.\n.o\n")
    with pytest.raises(ParseError, match="empty"):
        parse_board("\n \n")
