"""The compiled solve the generator judges boards by, held to the explainer it mirrors.

:class:`~nqueens.puzzles.quick.QuickSolve` must find what
:class:`~nqueens.puzzles.logic.Solve` finds, grade by grade: whether the techniques up to a
grade solve the board, the squares they leave open and the stars they place, and the
record (grade, longest chain, steps of that grade) the generator climbs by. Any deduction
found in another order, or a technique mirrored loosely, changes one of those on some
board of these corpora: the 480 community levels (regions in pieces among them), random
boards on the way to a puzzle, with and without the diagonal rule.
"""

from __future__ import annotations

import json
import random

import pytest

from nqueens.puzzles import generate, steer
from nqueens.puzzles.grow import move_square, random_regions, random_solution
from nqueens.puzzles.logic import Solve
from nqueens.puzzles.model import completion_puzzle, parse_puzzle, region_puzzle
from nqueens.puzzles.quick import QuickSolve, solver

from conftest import DATA

LEVELS = DATA / "community-levels.jsonl"  # the copy of ../shared/reference's corpus


def _levels() -> list[list[str]]:
    return [json.loads(line)["rows"] for line in LEVELS.read_text().splitlines() if line]


def _differences(p) -> list[str]:
    """Where the compiled solve and the explainer part, grade by grade (empty: nowhere)."""
    slow, quick = Solve(p), QuickSolve(p)
    for grade in (1, 2, 3, 4):
        done = slow.advance(grade), quick.advance(grade)
        if done[0] != done[1]:
            return [f"grade {grade}: solved {done[0]} against {done[1]}"]
        if (slow.cand, slow.stars) != (quick.cand, quick.stars):
            return [f"grade {grade}: other squares left open or stars placed"]
        if slow.record() != quick.record():
            return [f"grade {grade}: {slow.record()} against {quick.record()}"]
    return []


def _walk_boards(n: int, seed: int, count: int, diagonals: bool) -> list:
    """Boards as a walk meets them: regions grown around a drawn solution, then squares
    handed one by one to other regions (so regions fall into pieces)."""
    rng = random.Random(seed)
    cols = random_solution(n, rng, touching=True, diagonals=diagonals)
    grid = random_regions(n, rng, list(enumerate(cols)))
    stars = set(enumerate(cols))
    boards = []
    for _ in range(count):
        boards.append(region_puzzle(grid, diagonals=diagonals))
        squares = [(r, c) for r in range(n) for c in range(n) if (r, c) not in stars]
        move_square(n, grid, rng, squares, stars)
    return boards


@pytest.mark.parametrize("part", range(4))
def test_every_community_level_is_solved_as_the_explainer_solves_it(part: int) -> None:
    levels = _levels()[part::4]
    assert len(levels) == 120
    bad = {i: d for i, rows in enumerate(levels) if (d := _differences(region_puzzle(rows)))}
    assert not bad


@pytest.mark.parametrize(("n", "diagonals"), [(6, False), (8, False), (9, True), (11, False)])
def test_boards_on_a_walk_are_solved_as_the_explainer_solves_them(n: int, diagonals: bool
                                                                   ) -> None:
    boards = _walk_boards(n, seed=n, count=25 if n < 10 else 8, diagonals=diagonals)
    bad = {i: d for i, p in enumerate(boards) if (d := _differences(p))}
    assert not bad


def test_the_grades_it_reaches_cover_every_technique_tier() -> None:
    """The corpus above reaches every grade the compiled solve has, and contradictions
    with long chains: a mirror that only ever met easy boards would prove little."""
    records = [QuickSolve(region_puzzle(rows)) for rows in _levels()]
    for s in records:
        s.advance(4)
    grades = {s.record().grade for s in records if s.record().solved}
    assert grades == {1, 2, 3, 4}
    assert max(s.record().chain for s in records) >= 4


def test_it_takes_one_star_region_boards_only() -> None:
    assert isinstance(solver(parse_puzzle("AB\nBA\n")), QuickSolve)
    assert isinstance(solver(completion_puzzle(5, [(0, 1)])), Solve)
    assert isinstance(solver(parse_puzzle("stars: 2\n" + "ABCDEFGH\n" * 8)), Solve)


@pytest.mark.parametrize(("n", "seed", "grade"), [(8, 1, "expert"), (10, 2, "expert"),
                                                  (9, 3, None), (12, 1, "hard")])
def test_the_generator_makes_the_same_puzzles_as_with_the_explainer_judging(
        monkeypatch: pytest.MonkeyPatch, n: int, seed: int, grade: str | None) -> None:
    quick = generate.make(n, seed=seed, grade=grade)
    monkeypatch.setattr(steer, "solver", Solve)
    slow = generate.make(n, seed=seed, grade=grade)
    assert quick.puzzle == slow.puzzle
    assert quick.grade == slow.grade


@pytest.mark.slow
def test_a_first_make_says_once_that_it_compiles_the_solve(tmp_path) -> None:
    from _procs import env, run_on_terminal

    def run() -> str:
        e = env()
        e["NUMBA_CACHE_DIR"] = str(tmp_path / "cache")
        code, err, out = run_on_terminal(["puzzle", "make", "--size", "6", "--seed", "1"], e,
                                         stream="stderr", timeout=600)
        assert code == 0, err
        assert "exactly one solution" in out
        return err

    first, second = run(), run()
    assert first.count("compiling the puzzle solver") == 1, first
    assert "compiling" not in second
