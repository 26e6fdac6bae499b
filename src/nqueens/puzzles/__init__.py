"""Queens puzzles: region puzzles (the "Queens" game, one-star Star Battle) and completion
puzzles (n-queens with given queens and blocked squares) - read, solved, counted,
explained step by step, graded and generated.

>>> from nqueens.puzzles import parse_puzzle, count, explain, make
>>> p = make(8, seed=3, logic_only=True).puzzle
>>> count(p, limit=1)
PuzzleCount(count=1, exact=True)
>>> explain(p).logic_only
True
>>> parse_puzzle(p.to_text()) == p
True

Modules: `model` (the record and the text format),
`solution` (placements and k-star solutions),
`exact` (exact search), `logic` (the logical
solver and its narration), `generate` (the generator). Pictures and the
play page live in `nqueens.render.puzzle_svg` and `nqueens.render.puzzle_play`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nqueens.puzzles.exact import PuzzleCount, count, is_unique, solutions, solve
    from nqueens.puzzles.generate import Made, make
    from nqueens.puzzles.logic import GRADES, Explanation, Step, explain, step_text
    from nqueens.puzzles.model import (
        Puzzle,
        PuzzleFormatError,
        completion_puzzle,
        parse_puzzle,
        region_puzzle,
    )
    from nqueens.puzzles.solution import (
        Placement,
        Stars,
        as_stars,
        first_violation,
        star_squares,
    )

__all__ = [
    "GRADES",
    "Explanation",
    "Made",
    "Placement",
    "Puzzle",
    "PuzzleCount",
    "PuzzleFormatError",
    "Stars",
    "Step",
    "as_stars",
    "completion_puzzle",
    "count",
    "explain",
    "first_violation",
    "is_unique",
    "make",
    "parse_puzzle",
    "region_puzzle",
    "solutions",
    "solve",
    "star_squares",
    "step_text",
]

_HOME = {
    **dict.fromkeys(("PuzzleCount", "count", "is_unique", "solutions", "solve"),
                    "nqueens.puzzles.exact"),
    **dict.fromkeys(("Made", "make"), "nqueens.puzzles.generate"),
    **dict.fromkeys(("GRADES", "Explanation", "Step", "explain", "step_text"),
                    "nqueens.puzzles.logic"),
    **dict.fromkeys(("Puzzle", "PuzzleFormatError", "completion_puzzle", "parse_puzzle",
                     "region_puzzle"), "nqueens.puzzles.model"),
    **dict.fromkeys(("Placement", "Stars", "as_stars", "first_violation", "star_squares"),
                    "nqueens.puzzles.solution"),
}
"""Where each public name lives: imported at its first use (PEP 562), so that reading a
puzzle (`nqueens.puzzles.io`, a screenshot) does not load the compiled solvers and numba."""


def __getattr__(name: str) -> object:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'nqueens.puzzles' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*__all__, "__doc__", "__file__", "__name__", "__path__"})
