"""The region-puzzle generator, steered by the logical solver.

A start draws a random solution and grows connected regions around it
(:mod:`nqueens.puzzles.grow`). Then each board is judged by the players' techniques
(:func:`~nqueens.puzzles.logic.stall`, the cheap ones: up to medium), not by an exhaustive
search of the whole board:

- the techniques solve it: it has one solution, proved by logic. If the explainer's grade
  is the one asked for, it is done; if it is too easy, a random square moves to a
  neighbouring region and the judging starts over;
- they stall: the solutions left lie on the few squares still open, so the compiled exact
  search looks only there (:func:`~nqueens.puzzles.exact.solutions_within`, a bounded
  number of nodes). A second solution found there loses one of its squares to a
  neighbouring region (that region then holds one star too many for it, so it is gone,
  while the drawn solution stays). With none, the board is unique but needs harder
  logic: the full explainer is asked (when a harder grade is allowed), else a square still
  open moves, so that the next board gives the techniques a new hold.

Each move changes a few squares, and the next board is judged afresh in milliseconds, so
a 25 x 25 puzzle takes hundreds of boards, seconds, where repairing random regions until
the whole board's exact search finds one solution took minutes. The exact count up to 2
(:func:`~nqueens.puzzles.exact.is_unique`) still proves the result unique at the end.

>>> import random
>>> p, sol, grade = steer(8, 1, random.Random(4), diagonals=False, low=1, high=4)
>>> from nqueens.puzzles.exact import count
>>> count(p).count, 1 <= grade <= 4
(1, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from nqueens.errors import NQueensRuntimeError
from nqueens.puzzles.exact import is_unique, solutions, solutions_within
from nqueens.puzzles.grow import move_out, random_regions, random_solution, star_board
from nqueens.puzzles.logic import explain, stall
from nqueens.puzzles.model import Puzzle, Square, region_puzzle
from nqueens.puzzles.solution import Solution, star_squares

__all__ = ["CHEAP", "NODES", "Tally", "steer", "steer_search"]

CHEAP = 2
"""The hardest grade of the techniques run on every board tried (medium: k regions in two
lines, shapes); harder ones only on boards those leave with one solution."""

NODES = 20_000
"""Search nodes allowed per look for a second solution among the open squares (about a
millisecond); a look that does not settle counts as "none found", and a square moves.
Ten times as many from three stars on, where the cheap techniques leave more open and a
random move costs more boards than a longer look (a few tens of milliseconds)."""

Tally = Callable[[int, int], None]
"""Told (boards tried, starts) before each board: progress, and a place for Ctrl-C."""


def steer(n: int, k: int, rng: random.Random, *, diagonals: bool, low: int, high: int,
          starts: int = 50, tally: Tally | None = None) -> tuple[Puzzle, Solution, int]:
    """A unique region puzzle with k stars, its solution and its grade in ``low..high``.

    The grade is the explainer's, 1-4.
    Raises :class:`~nqueens.errors.NQueensRuntimeError` after ``starts`` fresh starts
    without one. Cost: O(boards * (the cheap techniques + a bounded search)), boards
    growing about as n^2; plus the full explainer on the boards that are unique but too
    hard for the cheap techniques (only when ``high`` is above :data:`CHEAP`).

    >>> p, sol, grade = steer(6, 1, random.Random(1), diagonals=False, low=1, high=1)
    >>> grade
    1
    """
    return _walk(n, k, rng, diagonals, starts, tally,
                 lambda p, stars: _judge(p, stars, low, high))


def steer_search(n: int, k: int, rng: random.Random, *, diagonals: bool, starts: int = 50,
                 tally: Tally | None = None) -> tuple[Puzzle, Solution, int]:
    """A unique region puzzle that logic alone cannot solve (grade 5, search).

    Regions repaired with the whole board's exact search until one solution is left
    (the second solution loses a square), kept when the explainer needs search. Such
    puzzles are rare: the explainer's contradictions solve nearly every unique board
    (none in 50 starts at each size from 7 to 12). Cost: O(starts * n^2 exact searches),
    seconds from about 16 x 16 up.

    >>> steer_search(6, 1, random.Random(0), diagonals=False, starts=3)
    Traceback (most recent call last):
    ...
    nqueens.errors.NQueensRuntimeError: no start of 3 found one in 18 boards
    """
    return _walk(n, k, rng, diagonals, starts, tally, _judge_search)


# --- private helpers ---------------------------------------------------------------------

Judge = Callable[[Puzzle, set[Square]], "int | list[Square] | None"]
"""A board's verdict: its grade when it is the one to return, else the squares one of which
should move to another region, or None to give up this start."""


def _walk(n: int, k: int, rng: random.Random, diagonals: bool, starts: int,
          tally: Tally | None, judge: Judge) -> tuple[Puzzle, Solution, int]:
    """Fresh starts, each a random solution with regions around it moved square by square
    as ``judge`` says, until it returns a grade; the error after ``starts`` starts."""
    boards = 0
    for start in range(1, starts + 1):
        sol, grid = _draw(n, k, rng, diagonals)
        stars = set(star_squares(sol))
        for _ in range(4 * n * n):
            boards += 1
            if tally is not None:
                tally(boards, start)
            p = region_puzzle(grid, diagonals=diagonals, stars=k)
            done = judge(p, stars)
            if isinstance(done, int):
                return p, sol, done
            if done is None or not move_out(n, grid, rng, done, stars):
                break
    raise NQueensRuntimeError(f"no start of {starts} found one in {boards} boards")


def _judge_search(p: Puzzle, stars: set[Square]) -> int | list[Square] | None:
    """Grade 5 for a unique board that needs search, None for one that does not, else a
    second solution's squares."""
    found = []
    for s in solutions(p, batch=2):
        found.append(s)
        if len(found) == 2:
            break
    others = [s for s in found if set(star_squares(s)) != stars]
    if others:
        return list(star_squares(others[0]))
    return 5 if explain(p).grade == 5 else None


def _draw(n: int, k: int, rng: random.Random, diagonals: bool
          ) -> tuple[Solution, list[list[int]]]:
    """A random solution and connected regions around it."""
    if k == 1:
        cols = random_solution(n, rng, touching=True, diagonals=diagonals)
        return cols, random_regions(n, rng, list(enumerate(cols)))
    return star_board(n, k, rng)


def _judge(p: Puzzle, stars: set[Square], low: int, high: int) -> int | list[Square]:
    """The grade of a board that is done, else the squares one of which should move."""
    n = p.n
    cand, placed = stall(p, min(high, CHEAP))
    if placed.bit_count() == n * p.stars:
        grade = explain(p, max_grade=high).grade
        if grade >= low and is_unique(p):
            return grade
        return _open(n, (1 << n * n) - 1, stars)  # too easy: anything may move
    found = solutions_within(p, cand | placed, limit=2,
                             nodes=NODES if p.stars <= 2 else 10 * NODES)
    others = [s for s in found or () if set(star_squares(s)) != stars]
    if others:
        return [sq for sq in star_squares(others[0]) if sq not in stars]
    if found is not None and high > CHEAP:
        e = explain(p, max_grade=high)
        if e.solution is not None and low <= e.grade <= high and is_unique(p):
            return e.grade
    return _open(n, cand, stars)


def _open(n: int, mask: int, stars: set[Square]) -> list[Square]:
    """The squares of ``mask`` that hold no star of the solution."""
    return [divmod(i, n) for i in range(n * n) if mask >> i & 1 and divmod(i, n) not in stars]
