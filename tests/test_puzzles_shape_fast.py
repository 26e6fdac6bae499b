"""The k-star shape check's fast path (placements.py) against the obvious one: for each
unit, every square tested alone with Board.after and Board.fits, on random 2-star
boards part way through a solve."""

from __future__ import annotations

import random

import pytest

from nqueens.puzzles.grow import star_board
from nqueens.puzzles.model import region_puzzle
from nqueens.puzzles.techniques import Board, find_shape, find_single, find_stuck


def _slow_hits(b: Board, u) -> int:
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


def _slow_shape(b: Board):
    for u in b.open_units():
        hit = _slow_hits(b, u)
        if hit:
            return u, hit
    return None


@pytest.mark.parametrize(("n", "k", "seed"), [(8, 2, 1), (9, 2, 2), (10, 2, 3)])
def test_shape_check_matches_each_square_tested_alone(n: int, k: int, seed: int) -> None:
    rng = random.Random(seed)
    _, grid = star_board(n, k, rng)
    b = Board(region_puzzle(grid, stars=k))
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
    assert checked >= 3
