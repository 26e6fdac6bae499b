"""Completion of partial boards, checked against brute force over permutations."""

from __future__ import annotations

import random

import pytest

from nqueens.board import is_solution
from nqueens.completion import (
    ORDERED_MAX_N,
    allowed_masks,
    complete,
    completions,
    count_completions,
    parse_board,
    parse_squares,
    random_instance,
    solve,
)
from nqueens.errors import InvalidBoardError, InvalidSizeError, ParseError, UnknownOptionError
from nqueens.large.verify import verify_cols

from conftest import OEIS
from naive import attacks, brute_completions, is_solution_pairwise

ISSUE_BOARDS = [
    (63, "1,37 5,16 7,51 12,18 13,29 15,44 16,34 21,13 28,4 34,19 36,5 41,2 43,17 45,20 46,27 "
     "58,60 61,3", "2,23 15,10 23,61 25,2 39,6 54,56 61,62"),
    (49, "4,7 14,29", "1,34 2,42 3,17 4,23 4,31 5,23 8,16 8,20 9,13 9,45 10,3 10,18 11,35 12,20 "
     "12,38 12,47 14,26 16,26 17,5 17,27 17,29 19,45 20,24 21,21 21,28 22,1 23,24 24,40 25,2 "
     "26,26 27,41 29,38 30,8 30,14 31,5 31,12 32,11 35,1 36,6 36,11 37,21 38,7 40,17 40,20 "
     "42,21 42,49 43,48 44,18 44,29 46,3 46,14 47,3 47,25 47,37 47,38 48,43 49,28"),
]


def _obvious_completions(n, placed, blocked):
    """Row by row, every column tried, every queen so far checked pairwise: lexicographic."""
    fixed = dict(placed)
    walls = set(blocked)
    out = []

    def go(row, cols):
        if row == n:
            out.append(tuple(cols))
            return
        for c in ([fixed[row]] if row in fixed else range(n)):
            if (row, c) in walls or any(attacks(r, cc, row, c) for r, cc in enumerate(cols)):
                continue
            go(row + 1, [*cols, c])

    go(0, [])
    return out


def _check_answer(n, placed, blocked, solution):
    """The independent checks: a solution, the placed queens kept, no blocked square used."""
    p = solution.placement
    assert is_solution(p) and verify_cols(list(p)).ok
    assert all(p[r] == c for r, c in placed)
    assert not any(p[r] == c for r, c in blocked)


def _random_board(rng, n, k, b):
    placed = random_instance(n, k, seed=rng.randrange(10**9))
    occupied = set(placed)
    blocked = {(rng.randrange(n), rng.randrange(n)) for _ in range(b)} - occupied
    return placed, sorted(blocked)


def _random_case(rng: random.Random):
    n = rng.randint(1, 8)
    k = rng.randint(0, {1: 1, 2: 1, 3: 2}.get(n, 4))  # the most that fit, up to 4
    placed = random_instance(n, k, seed=rng.randrange(10**9))
    occupied = set(placed)
    free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in occupied]
    blocked = rng.sample(free, rng.randint(0, min(len(free), 2 * n))) if rng.random() < 0.5 else []
    return n, placed, blocked


def _cases_with_answers(seed: int, cases: int):
    """``cases`` random boards from ``seed``, each with its completions by brute force."""
    rng = random.Random(seed)
    for _ in range(cases):
        n, placed, blocked = _random_case(rng)
        yield n, placed, blocked, brute_completions(n, placed, blocked)


@pytest.mark.parametrize("chunk", range(4))
def test_against_brute_force(chunk):
    for n, placed, blocked, expected in _cases_with_answers(1000 + chunk, 40):
        got = [s.placement for s in completions(n, placed, blocked=blocked)]
        assert got == expected, (n, placed, blocked)
        assert count_completions(n, placed, blocked=blocked) == len(expected)
        first = complete(n, placed, blocked=blocked)
        assert (first.placement if first else None) == (expected[0] if expected else None)


@pytest.mark.parametrize("chunk", range(4))
def test_every_order_against_brute_force(chunk):
    for n, placed, blocked, expected in _cases_with_answers(2000 + chunk, 25):
        listed = [s.placement for s in completions(n, placed, blocked=blocked,
                                                   order="constrained")]
        assert sorted(listed) == expected and len(set(listed)) == len(listed)
        assert [s.placement for s in completions(n, placed, blocked=blocked, order="rows")] \
            == expected
        for seed in range(3):
            got = complete(n, placed, blocked=blocked, order="constrained", seed=seed)
            assert (got is None) == (not expected)
            assert got is None or got.placement in expected
        for limit in (0, 1, 2):
            assert count_completions(n, placed, blocked=blocked, limit=limit) == min(
                len(expected), limit + 1)


@pytest.mark.parametrize("n", range(9, 13))
@pytest.mark.slow
def test_up_to_12_against_the_obvious_search(n):
    rng = random.Random(n)
    for _ in range(6):
        placed, blocked = _random_board(rng, n, rng.randint(2, 4), rng.randint(0, 2 * n))
        expected = _obvious_completions(n, placed, blocked)
        assert count_completions(n, placed, blocked=blocked) == len(expected)
        assert [s.placement for s in completions(n, placed, blocked=blocked)] == expected
        assert sorted(s.placement for s in completions(
            n, placed, blocked=blocked, order="constrained")) == expected
        first = complete(n, placed, blocked=blocked, order="rows")
        assert (first.placement if first else None) == (expected[0] if expected else None)
        fast = complete(n, placed, blocked=blocked, order="constrained", seed=n)
        assert (fast is None) == (not expected) and (fast is None or fast.placement in expected)


def test_issue_boards_are_completed():
    for n, queens, blocked_text in ISSUE_BOARDS:
        placed, blocked = parse_squares(queens), parse_squares(blocked_text)
        for seed in (0, 1):
            s = complete(n, placed, blocked=blocked, seed=seed)
            assert s is not None
            _check_answer(n, placed, blocked, s)


@pytest.mark.parametrize("n", [30, 50, 80, 120, 200])
def test_large_answers_checked_by_the_verifier(n):
    rng = random.Random(n)
    for _ in range(6):
        placed, blocked = _random_board(rng, n, rng.randint(0, n // 3), rng.randint(0, 2 * n))
        report = solve(n, placed, blocked=blocked, seed=rng.randrange(100))
        assert report.order == "constrained"
        assert report.solution is not None      # every board of this mix has completions
        _check_answer(n, placed, blocked, report.solution)


def test_large_count_and_listing_with_few_open_rows():
    from itertools import permutations

    n = 60
    base = complete(n, [], seed=3)
    assert base is not None
    rng = random.Random(5)
    for open_rows in (4, 6, 7, 12):
        rows = set(rng.sample(range(n), n - open_rows))
        placed = [(r, base.placement[r]) for r in sorted(rows)]
        listed = list(completions(n, placed))
        for s in listed:
            _check_answer(n, placed, [], s)
        assert len(set(listed)) == len(listed) >= 1
        assert count_completions(n, placed) == len(listed)
        assert count_completions(n, placed, limit=0) == 1
        if open_rows > 7:
            continue
        # the obvious count: every permutation of the free columns over the free rows
        free = sorted(set(range(n)) - rows)
        cols = sorted(set(range(n)) - {c for _, c in placed})
        brute = 0
        for p in permutations(cols):
            sq = list(zip(free, p, strict=True))
            if all(not attacks(*x, *y) for i, x in enumerate(sq) for y in sq[i + 1:]) and all(
                    not attacks(*x, *y) for x in sq for y in placed):
                brute += 1
        assert brute == len(listed)


def test_no_completion_cross_checked():
    # small boards: "none" from every order agrees with brute force
    rng = random.Random(11)
    nones = 0
    for _ in range(150):
        n = rng.randint(5, 7)
        placed, blocked = _random_board(rng, n, rng.randint(0, 2), rng.randint(n, 3 * n))
        expected = brute_completions(n, placed, blocked)
        report = solve(n, placed, blocked=blocked, order="constrained", seed=rng.randrange(9))
        assert (report.solution is None) == (not expected)
        nones += not expected
    assert nones >= 20
    # larger boards: the constrained proof agrees with the exhaustive textbook-order count
    for seed in range(40):
        r2 = random.Random(seed)
        n = r2.randint(14, 20)
        placed, blocked = _random_board(r2, n, r2.randint(2, 6), r2.randint(2 * n, 5 * n))
        report = solve(n, placed, blocked=blocked, order="constrained", seed=seed)
        rows_first = complete(n, placed, blocked=blocked, order="rows")
        assert (report.solution is None) == (rows_first is None)
        if report.solution is not None:
            _check_answer(n, placed, blocked, report.solution)


@pytest.mark.slow
def test_restarts_still_prove_and_answer():
    # prob079-style excluded diagonals (as blocked squares): hard enough to need restarts
    n = 24
    rng = random.Random(3)
    diags = [(i, kind) for kind in (0, 1) for i in range(2 * n - 1)]
    rng.shuffle(diags)
    seen_restart = False
    for d in (10, 13, 16, 19, 22, 25, 28, 34, 37):  # (d = 31 takes the search ~20 s)
        blocked = sorted({(r, i - r if kind else r - i + n - 1) for i, kind in diags[:d]
                          for r in range(n) if 0 <= (i - r if kind else r - i + n - 1) < n})
        report = solve(n, [], blocked=blocked, order="constrained", seed=d)
        # cross-check: the row-by-row bitmask count (a different kernel and order)
        assert (report.solution is None) == (count_completions(n, [], blocked=blocked,
                                                               limit=0) == 0)
        if report.solution is not None:
            _check_answer(n, [], blocked, report.solution)
        seen_restart |= report.restarts > 0
    assert seen_restart


def test_seeded_search_is_deterministic():
    placed = random_instance(100, 10, seed=4)
    a = [solve(100, placed, seed=s) for s in (1, 1, 2)]
    assert a[0] == a[1]
    assert a[0].solution != a[2].solution   # (different seeds happen to differ here)
    with pytest.raises(UnknownOptionError,
                       match=r"^unknown order .fast.; choose one of auto, rows, constrained$"):
        complete(8, [], order="fast")  # type: ignore[arg-type]
    with pytest.raises(InvalidSizeError, match="limit"):
        count_completions(8, [], limit=-1)


def test_auto_order_switches_at_the_measured_size():
    n = ORDERED_MAX_N
    assert solve(n, [(0, 0)]).order == "rows"
    assert solve(n + 1, [(0, 0)]).order == "constrained"
    # rows order gives the lexicographically first completion
    assert complete(n, [(0, 0)]) == next(completions(n, [(0, 0)], order="rows"))


def test_empty_board_counts_match_oeis():
    for n in range(1, 11):
        assert count_completions(n, []) == OEIS[n][0]


def test_every_placed_queen_kept_and_answers_are_solutions():
    rng = random.Random(7)
    for _ in range(30):
        n = rng.randint(10, 16)
        placed = random_instance(n, rng.randint(1, 4), seed=rng.randrange(10**9))
        s = complete(n, placed)
        assert s is not None or count_completions(n, placed) == 0, placed
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
        ([(0, 8)], [], "queen (0, 8) is off the 8x8 board"),
        ([(-1, 0)], [], "queen (-1, 0) is off the 8x8 board"),
        ([(0, 0)], [(8, 8)], "blocked square (8, 8) is off"),
        ([(2, 3)], [(2, 3)], "square <3,4> is blocked and holds a placed queen"),
        ([(0,)], [], "queens must hold (row, col) pairs of integers, got (0,)"),
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
    with pytest.raises(InvalidSizeError, match=r"^k must be an integer from 0 to 8, got 9$"):
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


def _random_instance_by_hand(n, k, seed):
    """The obvious version: each queen a random column among those no earlier one attacks."""
    import random

    rng = random.Random(seed)
    for _ in range(1000):
        queens = []
        for r in sorted(rng.sample(range(n), k)):
            free = [c for c in range(n)
                    if all(c != qc and abs(r - qr) != abs(c - qc) for qr, qc in queens)]
            if not free:
                break
            queens.append((r, rng.choice(free)))
        else:
            return queens
    return None


@pytest.mark.parametrize(("n", "k"), [(8, 3), (12, 6), (20, 8), (30, 25)])
def test_random_instances_are_the_obvious_drawing(n, k):
    for seed in range(5):
        assert random_instance(n, k, seed=seed) == _random_instance_by_hand(n, k, seed)


def test_an_impossible_random_instance_gives_up_in_time():
    """k = n on a large board: hours of redrawing before; now a bounded number of tries."""
    with pytest.raises(InvalidSizeError, match="random tries; ask for fewer"):
        random_instance(1000, 1000, seed=1)
