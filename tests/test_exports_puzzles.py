"""Region (Star Battle) and completion puzzles exported and counted by real solvers.

Real levels of the Queens game (tests/data/queens_levels_sample.json, with the counts the
game's solver recorded) go to python-sat (CNF), MiniZinc with Gecode and xcover (XCC); their
counts must equal the recorded ones and ours. Two-star puzzles (k = 2) are checked against a
brute force (tests/naive.py), as the puzzle model's k field is still to come.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from _export_solvers import minizinc_count, sat_count, xcover_count
from nqueens.errors import InvalidArgumentError, UnknownOptionError
from nqueens.exports import PUZZLE_FORMATS, puzzle_to_cnf, puzzle_to_mzn, puzzle_to_xcc
from nqueens.puzzles.exact import count as puzzle_count
from nqueens.puzzles.model import Puzzle, completion_puzzle, parse_puzzle, region_puzzle

from naive import naive_star_count

LEVELS = json.loads((Path(__file__).parent / "data" / "queens_levels_sample.json")
                    .read_text())["levels"]


def _level(level: dict, rules: str = "disconnected") -> Puzzle:
    return parse_puzzle(f"rules: {rules}\n" + "\n".join(level["rows"]) + "\n")


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: f"level{lv['id']}")
def test_real_levels_counted_by_three_solvers(level: dict) -> None:
    p = _level(level)
    n = p.n
    expected = level["solutions"]
    assert puzzle_count(p).count == expected
    assert sat_count(puzzle_to_cnf(p), n * n) == expected
    assert sat_count(puzzle_to_cnf(p, "commander"), n * n) == expected
    assert xcover_count(puzzle_to_xcc(p)) == expected


@pytest.mark.parametrize("level", LEVELS[:4], ids=lambda lv: f"level{lv['id']}")
def test_real_levels_counted_by_minizinc(level: dict) -> None:
    p = _level(level)
    assert minizinc_count(puzzle_to_mzn(p)) == level["solutions"]


def test_the_diagonal_rule() -> None:
    for level in LEVELS[:5]:
        p = _level(level, "diagonals, disconnected")
        expected = puzzle_count(p).count
        assert sat_count(puzzle_to_cnf(p, "sequential"), p.n * p.n) == expected
        assert xcover_count(puzzle_to_xcc(p)) == expected


def test_completion_puzzles() -> None:
    p = completion_puzzle(8, [(0, 2)], blocked=[(3, 3), (5, 1)])
    expected = puzzle_count(p).count
    assert expected > 0
    assert sat_count(PUZZLE_FORMATS["cnf"](p), 64) == expected
    assert xcover_count(PUZZLE_FORMATS["xcc"](p)) == expected
    assert minizinc_count(PUZZLE_FORMATS["mzn"](p)) == expected


def _stars(p: Puzzle, k: int) -> Puzzle:
    """``p`` with k stars: through the model's field where it has one, else set on the
    record as the exports read it (``getattr(p, "stars", 1)``)."""
    if "stars" in {f.name for f in dataclasses.fields(Puzzle)}:
        return dataclasses.replace(p, stars=k)  # type: ignore[call-arg]
    object.__setattr__(p, "stars", k)
    return p


TWO_STAR_GRIDS = [
    [[(c + r // 2) % 8 for c in range(8)] for r in range(8)],    # slanted bands
    [[c for c in range(8)] for _ in range(8)],                   # the columns
]


@pytest.mark.parametrize("grid", TWO_STAR_GRIDS, ids=["bands", "columns"])
def test_two_star_puzzles(grid: list[list[int]]) -> None:
    p = _stars(region_puzzle(grid, connected=False), 2)
    expected = naive_star_count(grid, 2)
    assert expected > 0
    assert sat_count(puzzle_to_cnf(p), 64) == expected
    assert sat_count(puzzle_to_cnf(p, "sequential"), 64) == expected
    assert minizinc_count(puzzle_to_mzn(p)) == expected
    with pytest.raises(UnknownOptionError, match="multiplicities"):
        puzzle_to_xcc(p)


def test_not_a_puzzle() -> None:
    with pytest.raises(InvalidArgumentError):
        puzzle_to_cnf("AAB\nACB\nCCB\n")


@pytest.mark.parametrize("fmt", ["cnf", "mzn", "xcc"])
def test_puzzle_export_on_the_command_line_is_counted_by_the_solver(tmp_path, fmt) -> None:
    from conftest import run_cli

    level = LEVELS[0]
    p = _level(level)
    path = tmp_path / "level.txt"
    path.write_text(p.to_text())
    r = run_cli("puzzle", "export", str(path), "--to", fmt)
    assert r.code == 0, r.err
    counter = {"cnf": lambda t: sat_count(t, p.n * p.n), "mzn": minizinc_count,
               "xcc": xcover_count}[fmt]
    assert counter(r.out) == level["solutions"] == puzzle_count(p).count
