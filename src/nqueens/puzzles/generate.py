"""Generate puzzles with exactly one solution, reproducibly from a seed.

Region puzzles (k stars per row, column and region; k = 1 is the Queens game): a random
solution, connected regions grown around it, then regions changed a few squares at a time
as the logical solver directs (`nqueens.puzzles.steer`; with `pieces` one square at
a time, so regions may fall into pieces, as real puzzles' do) until the explainer solves
the puzzle alone, at the grade asked for, which proves it unique (the exact search
confirms it, within a bound of nodes: `PROOF_NODES`).
So every made region puzzle is logic-only (grade easy to expert) unless grade 5 (search)
is asked for, which repairs regions with the whole board's exact search instead.

Completion puzzles: draw a random n-queens solution, give all its queens, then remove givens
in random order, keeping a removal only when the puzzle still has exactly one completion
(counted "up to 2" through `nqueens.completion`). The result is irreducible: removing any
one more given allows a second completion (a smallest set overall is not guaranteed).

`logic_only` keeps only completion puzzles the logical explainer solves without search
(region puzzles always are); `grade` asks for an exact difficulty grade
(`nqueens.puzzles.logic.GRADES`). Every random choice
comes from `random.Random(seed)`, so a seed gives the same puzzle on every machine.

>>> m = make(6, seed=1)
>>> m.puzzle.kind, m.seed
('regions', 1)
>>> from nqueens.puzzles.exact import count
>>> count(m.puzzle, limit=1).count
1
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from nqueens.errors import NQueensRuntimeError
from nqueens.puzzles.exact import _is_unique
from nqueens.puzzles.grades import EXPERT, GRADES, SEARCH
from nqueens.puzzles.grow import random_regions, random_solution
from nqueens.puzzles.logic import Solve
from nqueens.puzzles.model import Puzzle, made_completion_puzzle
from nqueens.puzzles.request import (
    ATTEMPTS,
    EASY_MOST_STARS,
    EXPERT_IN_PIECES,
    EXPERT_SMALLEST,
    SMALL_EXPERT_STARTS,
    MakeRequest,
    make_request,
    min_size,
)
from nqueens.puzzles.solution import PuzzleSolution
from nqueens.puzzles.steer import CHEAP, Tally, steer, steer_search

__all__ = [
    "ATTEMPTS",
    "EASY_MOST_STARS",
    "EXPERT_IN_PIECES",
    "EXPERT_SMALLEST",
    "SMALL_EXPERT_STARTS",
    "Made",
    "make",
    "make_from",
    "min_size",
    "random_regions",
    "random_solution",
]


@dataclass(frozen=True)
class Made:
    """A generated puzzle, its only solution, its grade and the seed that reproduces it.

    `attempts` counts the fresh starts (region puzzles) or attempts (completion) made;
    `solution` is a placement for one star, star rows for k (see
    `nqueens.puzzles.solution`)."""

    puzzle: Puzzle
    solution: PuzzleSolution
    grade: int
    seed: int
    attempts: int

    @property
    def grade_name(self) -> str:
        return GRADES[self.grade]

    def _repr_html_(self) -> str:
        """The board, grade and seed, for Jupyter (the renderer imported only here)."""
        import importlib

        return str(importlib.import_module("nqueens.render.puzzle_notebook").made_html(self))


def make(
    n: int, *, kind: str = "regions", seed: int | None = None, grade: int | str | None = None,
    logic_only: bool = False, diagonals: bool = False, attempts: int | None = None,
    stars: int = 1, tally: Tally | None = None, pieces: bool | None = None,
) -> Made:
    """A puzzle of size n with exactly one solution (k = `stars` per row, column, region).

    `seed` None draws one (reported in `Made.seed`). Region puzzles are always
    logic-only, easy to expert (grade 5, search, only when asked for). `tally` is called
    with (boards tried, starts) before each board a region puzzle tries (progress; a
    Ctrl-C lands there or in a short compiled call). `pieces` True lets the regions of a
    region puzzle fall into pieces, as real puzzles' do; False keeps each in one piece;
    None (the default) keeps them in one piece except for an expert one-star puzzle up to
    `EXPERT_IN_PIECES` x `EXPERT_IN_PIECES`. Raises
    `NQueensRuntimeError` when `attempts` fresh starts find no
    puzzle of the grade asked for (None: `ATTEMPTS`, or `SMALL_EXPERT_STARTS`
    for an expert one-star puzzle at `EXPERT_SMALLEST`). Bad input is refused before
    any attempt: a size, a `seed` (a non-negative integer or None) or `attempts` (a
    positive integer or None) out of range, or `stars` that do not fit (below
    `min_size`) raises
    `InvalidSizeError`; a `grade` that no generated
    puzzle has (anything but 1-5 or easy ... search: grade 0, trivial, is every queen
    given), easy with more than `EASY_MOST_STARS` stars (regions in one piece) or
    expert one-star below `EXPERT_SMALLEST`,
    `UnknownOptionError`; a flag that is not True or False
    `InvalidArgumentError`.

    Cost: O(starts * boards * (the explainer's cheap techniques + a short search)) for
    region puzzles, up to about n^2 boards per start (with k stars tens of boards, each
    costlier; the times by size and stars: docs/performance.md, "Making puzzles");
    O(attempts * (search + explain)) for completion.

    >>> make(3)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: no 3 x 3 puzzle has a solution: queens that may not \
touch need n = 1 or n >= 4
    >>> make(8, stars=2, seed=3).puzzle.stars
    2
    """
    request = make_request(n, kind=kind, seed=seed, grade=grade, logic_only=logic_only,
                           diagonals=diagonals, attempts=attempts, stars=stars, pieces=pieces)
    return make_from(request, tally)


def make_from(request: MakeRequest, tally: Tally | None = None) -> Made:
    """The puzzle a checked `request` asks for (`make`'s work, no checks).

    Cost: O(that of `make`).

    >>> from nqueens.puzzles.request import make_request
    >>> make_from(make_request(6, seed=1)).seed
    1
    """
    if request.rules.has_regions:
        return _make_regions(request, tally)
    return _make_completion_from(request)


# --- private helpers ---------------------------------------------------------------------

def _make_regions(request: MakeRequest, tally: Tally | None) -> Made:
    n, k, want, seed = request.n, request.rules.stars, request.want, request.seed
    rng = request.rng()
    starts = [0]

    def told(boards: int, start: int) -> None:
        starts[0] = start
        if tally is not None:
            tally(boards, start)
    diagonals, attempts, pieces = request.rules.diagonals, request.attempts, request.pieces
    try:
        if want == SEARCH:
            p, sol, grade = steer_search(n, k, rng, diagonals=diagonals, starts=attempts,
                                         tally=told, pieces=bool(pieces))
        else:
            # unasked, k >= 3 stays with the cheap techniques: the explainer's harder
            # ones take seconds per board there (docs/puzzles.md has the times)
            top = EXPERT if k <= 2 else CHEAP
            low, high = (1, top) if want is None else (want, want)
            p, sol, grade = steer(n, k, rng, diagonals=diagonals, low=low, high=high,
                                  starts=attempts, tally=told, pieces=bool(pieces))
    except NQueensRuntimeError as err:
        what = f"grade {GRADES[want]} " if want is not None else ""
        each = "" if request.rules.one_star else f"{k}-star "
        raise NQueensRuntimeError(f"no {what}{each}region puzzle of size {n} found from seed "
                                  f"{seed}: {err}; try another seed or grade") from None
    return Made(p, sol, grade, seed, starts[0])


def _make_completion_from(request: MakeRequest) -> Made:
    n, want, max_grade = request.n, request.want, request.max_grade
    rng = request.rng()
    for attempt in range(1, request.attempts + 1):
        puzzle, sol = _make_completion(n, rng, max_grade)
        e = _explained(puzzle, max_grade)
        if e.solution is None:
            continue
        if want is not None and e.grade != want:
            continue
        return Made(puzzle, sol, e.grade, request.seed, attempt)
    what = f"grade {GRADES[want]}" if want is not None else "logic-only"
    raise NQueensRuntimeError(f"no {what} completion puzzle of size {n} found in "
                              f"{request.attempts} attempts from seed {request.seed}; try "
                              "another seed or grade")


def _explained(p: Puzzle, max_grade: int):
    """`explain(p, max_grade=...)` for a puzzle made here (trusted: no checks)."""
    s = Solve(p)
    s.advance(max_grade)
    return s.explanation()


def _make_completion(n: int, rng: random.Random, max_grade: int
                     ) -> tuple[Puzzle, tuple[int, ...]]:
    sol = random_solution(n, rng, touching=False, diagonals=True)
    givens = [(r, c) for r, c in enumerate(sol)]
    order = list(givens)
    rng.shuffle(order)
    for g in order:
        trial = [x for x in givens if x != g]
        p = made_completion_puzzle(n, trial)
        if not _is_unique(p):  # made here: no checks
            continue
        if max_grade < SEARCH and _explained(p, max_grade).solution is None:
            continue
        givens = trial
    return made_completion_puzzle(n, givens), sol
