"""The k-star shape check's fast path (placements.py) against the obvious one: for each
unit, every square tested alone with MarkBoard.after and MarkBoard.fits, on random 2-star
boards part way through a solve."""

from __future__ import annotations

import random

import pytest

from nqueens.puzzles.grow import move_out, star_board
from nqueens.puzzles.model import region_puzzle
from nqueens.puzzles.techniques.mark_board import MarkBoard
from nqueens.puzzles.techniques.shape import find_shape
from nqueens.puzzles.techniques.single import find_single
from nqueens.puzzles.techniques.stuck import find_stuck


def _slow_hits(b: MarkBoard, u) -> int:
    left = b.cand & b.mask(u)
    reach = b.mask(u)
    for i in range(b.n * b.n):
        if left >> i & 1:
            reach |= b.near[i]
    hit = 0
    for i in range(b.n * b.n):
        if (b.cand & reach) >> i & 1:
            cand, need = b.after(i)
            if not b.fits(cand & b.mask(u), need.get(u, b.need[u])):
                hit |= 1 << i
    return hit


def _slow_shape(b: MarkBoard):
    for u in b.open_units():
        hit = _slow_hits(b, u)
        if hit:
            return u, hit
    return None


@pytest.mark.parametrize(("n", "k", "seed"), [(8, 2, 1), (9, 2, 2), (10, 2, 3)])
def test_shape_check_matches_each_square_tested_alone(n: int, k: int, seed: int) -> None:
    rng = random.Random(seed)
    _, grid = star_board(n, k, rng)
    assert _solve_part_way(MarkBoard(region_puzzle(grid, stars=k)), rng) >= 3


def test_boards_of_one_geometry_share_what_the_shape_check_found_and_stay_right() -> None:
    # the generator's boards differ in a few squares: one board's answers serve the next
    rng = random.Random(5)
    stars, grid = star_board(9, 2, rng)
    held = {(r, c) for r, row in enumerate(stars) for c in row}
    first = MarkBoard(region_puzzle(grid, stars=2))
    for _ in range(4):
        assert move_out(9, grid, rng, [(r, c) for r in range(9) for c in range(9)], held)
        b = MarkBoard(region_puzzle(grid, stars=2))
        assert b.every is first.every and b.reach is first.reach
        assert _solve_part_way(b, rng) >= 3
    assert first.every  # filled by the solves, and used by them all


def test_the_shared_answers_are_forgotten_past_their_limit(monkeypatch) -> None:
    from nqueens.puzzles.techniques import mark_board as techniques

    monkeypatch.setattr(techniques, "MEMO_LIMIT", 3)
    d = techniques._BoundedDict()
    for i in range(3):
        d[i] = i
    d[3] = 3
    assert d == {3: 3}


def _solve_part_way(b: MarkBoard, rng: random.Random) -> int:
    """Steps of a solve (guesses where logic stalls) whose shape check was compared with
    the slow one."""
    n = b.n
    checked = 0
    for _ in range(3 * n):
        if find_stuck(b) is not None:
            break
        if find_single(b) is not None:
            continue
        want = _slow_shape(b)
        cand = b.cand
        step = find_shape(b)
        if want is None:
            assert step is None
            cells = [i for i in range(n * n) if b.cand >> i & 1]
            if not cells:
                break
            b.place(rng.choice(cells), "search")  # a guess moves the solve on
        else:
            u, hit = want
            assert step is not None and step.lines == (u,)
            assert cand & ~b.cand == hit
        checked += 1
    return checked
