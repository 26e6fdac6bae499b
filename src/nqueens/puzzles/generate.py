"""Generate puzzles with exactly one solution, reproducibly from a seed.

Region puzzles (k stars per row, column and region; k = 1 is the Queens game): a random
solution, connected regions grown around it, then regions changed a few squares at a time
as the logical solver directs (:mod:`nqueens.puzzles.steer`; with ``pieces`` one square at
a time, so regions may fall into pieces, as real puzzles' do) until the explainer solves
the puzzle alone, at the grade asked for, which proves it unique (the exact search
confirms it, within a bound of nodes: :data:`~nqueens.puzzles.steer.PROOF_NODES`).
So every made region puzzle is logic-only (grade easy to expert) unless grade 5 (search)
is asked for, which repairs regions with the whole board's exact search instead.

Completion puzzles: draw a random n-queens solution, give all its queens, then remove givens
in random order, keeping a removal only when the puzzle still has exactly one completion
(counted "up to 2" through :mod:`nqueens.completion`). The result is irreducible: removing any
one more given allows a second completion (a smallest set overall is not guaranteed).

``logic_only`` keeps only completion puzzles the logical explainer solves without search
(region puzzles always are); ``grade`` asks for an exact difficulty grade
(:data:`nqueens.puzzles.logic.GRADES`). Every random choice
comes from ``random.Random(seed)``, so a seed gives the same puzzle on every machine.

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

from nqueens._validate import check_bool, check_choice, check_int, check_optional_bool, check_size
from nqueens.errors import InvalidSizeError, NQueensRuntimeError, UnknownOptionError
from nqueens.puzzles.exact import is_unique
from nqueens.puzzles.grow import random_regions, random_solution
from nqueens.puzzles.logic import GRADES, RULES, explain, grade_number
from nqueens.puzzles.model import KINDS, MAX_PUZZLE_N, Puzzle, check_stars, completion_puzzle
from nqueens.puzzles.solution import Solution
from nqueens.puzzles.steer import CHEAP, Tally, steer, steer_search

__all__ = [
    "ATTEMPTS",
    "EASY_MOST_STARS",
    "EXPERT_IN_PIECES",
    "EXPERT_SMALLEST",
    "SMALL_EXPERT_STARTS",
    "Made",
    "make",
    "min_size",
    "random_regions",
    "random_solution",
]

EASY_MOST_STARS = 4
"""The most stars an easy region puzzle is made with, unless its regions may fall into
pieces (``pieces=True``: 21 x 21 with five stars 5-10 s for seeds 1-3, 25 x 25 with six
29 and 50 s for seeds 1 and 2, every region in pieces). From three stars on, a connected
region holding its stars without two touching has five squares or more, so the easy solve
rests on "only one way" (a unit's squares left hold its stars one way only); boards that
the easy techniques solve alone grow rarer with every star: 14 x 14 with three and 17 x 17
with four take seconds (up to half a minute), 21 x 21 with five took 86 s for one seed of
three and over 120 s for the other two, 25 x 25 with six over 120 s for seeds 1 and 2."""


EXPERT_IN_PIECES = 10
"""Up to this size an expert one-star puzzle is made with regions in pieces (unless
``pieces=False``), as the community levels' small expert puzzles all are (four at 7 x 7,
one at 8 x 8, each region in 5 to 9 pieces): with connected regions none came within 50
fresh starts or 20 s at 5 x 5 to 8 x 8 (seeds 1-3), and at 10 x 10 4 of 5 seeds came
within 30 s (median 18.7 s), against 5 of 5 in 0.3-2.0 s in pieces. From 11 x 11 on,
regions stay connected: there pieces are no faster (seeds 1-3 in pieces took 3.7-11 s at
15 x 15 and 10-23 s at 20 x 20; connected, seeds 1-5 4.5 s and 11.1 s in the median)."""

EXPERT_SMALLEST = 6
"""The smallest board an expert one-star region puzzle is made on (regions in pieces; at
7 x 7 one comes in a fraction of a second). At 6 x 6 they are rare: seeds 1-6 found one
after 65 to 306 fresh starts, 2 to 10.5 s (so :data:`SMALL_EXPERT_STARTS` starts there);
at 5 x 5 seeds 1-3 found none within 30 s, nor seeds 1 and 2 in 400 starts each."""

ATTEMPTS = 50
"""Fresh starts (attempts for completion puzzles) a make is given unless told."""

SMALL_EXPERT_STARTS = 1_000
"""Fresh starts an expert one-star puzzle on the smallest board (:data:`EXPERT_SMALLEST`)
is given unless told (each start takes about 0.03 s at 6 x 6, where seeds 1-6 needed 65
to 306)."""


@dataclass(frozen=True)
class Made:
    """A generated puzzle, its only solution, its grade and the seed that reproduces it.

    ``attempts`` counts the fresh starts (region puzzles) or attempts (completion) made;
    ``solution`` is a placement for one star, star rows for k (see
    :mod:`nqueens.puzzles.solution`)."""

    puzzle: Puzzle
    solution: Solution
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


def min_size(stars: int) -> int:
    """The smallest board a k-star puzzle is made on: 4 for one star, 4k for k > 1.

    Below 4k no two-star to seven-star board has a solution at all (k stars in every row
    and column with none touching; checked by exhaustive search for k <= 7), though the
    plain bound of :func:`~nqueens.puzzles.model.check_stars` lets 4k - 1 through.
    Cost: O(1).

    >>> min_size(1), min_size(2), min_size(3), min_size(6)
    (4, 8, 12, 24)
    """
    return 4 if stars == 1 else 4 * stars


def make(
    n: int, *, kind: str = "regions", seed: int | None = None, grade: int | str | None = None,
    logic_only: bool = False, diagonals: bool = False, attempts: int | None = None,
    stars: int = 1, tally: Tally | None = None, pieces: bool | None = None,
) -> Made:
    """A puzzle of size n with exactly one solution (k = ``stars`` per row, column, region).

    ``seed`` None draws one (reported in :attr:`Made.seed`). Region puzzles are always
    logic-only, easy to expert (grade 5, search, only when asked for). ``tally`` is called
    with (boards tried, starts) before each board a region puzzle tries (progress; a
    Ctrl-C lands there or in a short compiled call). ``pieces`` True lets the regions of a
    region puzzle fall into pieces, as real puzzles' do; False keeps each in one piece;
    None (the default) keeps them in one piece except for an expert one-star puzzle up to
    :data:`EXPERT_IN_PIECES` x :data:`EXPERT_IN_PIECES`. Raises
    :class:`~nqueens.errors.NQueensRuntimeError` when ``attempts`` fresh starts find no
    puzzle of the grade asked for (None: :data:`ATTEMPTS`, or :data:`SMALL_EXPERT_STARTS`
    for an expert one-star puzzle at :data:`EXPERT_SMALLEST`). Bad input is refused before
    any attempt: a size, a ``seed`` (a non-negative integer or None) or ``attempts`` (a
    positive integer or None) out of range, or ``stars`` that do not fit (below
    :func:`min_size`) raises
    :class:`~nqueens.errors.InvalidSizeError`; a ``grade`` that no generated
    puzzle has (anything but 1-5 or easy ... search: grade 0, trivial, is every queen
    given), easy with more than :data:`EASY_MOST_STARS` stars (regions in one piece) or
    expert one-star below :data:`EXPERT_SMALLEST`,
    :class:`~nqueens.errors.UnknownOptionError`; a flag that is not True or False
    :class:`~nqueens.errors.InvalidArgumentError`.

    Cost: O(starts * boards * (the explainer's cheap techniques + a short search)) for
    region puzzles, up to about n^2 boards per start (a second at 15 x 15, a few at
    25 x 25; with k stars tens of boards, each costlier: about a second at 17 x 17 with 4,
    ten at 21 x 21 with 5 and at 25 x 25 with 6); O(attempts * (search + explain)) for
    completion.

    >>> make(3)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: no 3 x 3 puzzle has a solution: queens that may not \
touch need n = 1 or n >= 4
    >>> make(8, stars=2, seed=3).puzzle.stars
    2
    """
    check_choice(kind, "kind", KINDS)
    n = check_size(n, largest=MAX_PUZZLE_N, name="n")
    logic_only = check_bool(logic_only, "logic_only")
    diagonals = check_bool(diagonals, "diagonals")
    pieces = check_optional_bool(pieces, "pieces")
    if attempts is not None:
        attempts = check_int(attempts, "attempts", low=1)
    k = _check_stars(n, stars, kind, diagonals)
    if seed is not None:
        seed = check_int(seed, "seed", low=0)
    if n in (2, 3):
        raise InvalidSizeError(f"no {n} x {n} puzzle has a solution: queens that may not "
                               "touch need n = 1 or n >= 4")
    if diagonals and kind == "completion":
        raise UnknownOptionError("diagonals is a rule of region puzzles (completion puzzles "
                                 "always have it)")
    want = None if grade is None else grade_number(grade)
    if want == 0:
        raise UnknownOptionError(f"grade must be 1-5 or one of {', '.join(GRADES[1:])}, got "
                                 f"{grade!r}: a trivial puzzle (grade 0) has every queen given")
    if want == GRADES.index("easy") and k > EASY_MOST_STARS and kind == "regions" and not pieces:
        raise UnknownOptionError(
            f"grade easy is not made with {k} stars: from {EASY_MOST_STARS + 1} on, boards "
            "the easy techniques solve alone are too rare to find in minutes; ask for medium "
            "or harder, or let regions fall into pieces (pieces=True, --pieces)")
    if pieces and kind == "completion":
        raise UnknownOptionError("pieces is a rule of region puzzles (completion puzzles have "
                                 "no regions)")
    if want == GRADES.index("expert") and k == 1 and kind == "regions" and n < EXPERT_SMALLEST:
        raise UnknownOptionError(
            f"grade expert is not made below {EXPERT_SMALLEST} x {EXPERT_SMALLEST}: such boards "
            "are too rare to find in minutes (at 5 x 5 none in 800 fresh starts); ask for "
            "hard or easier")
    if want is not None and want == RULES["search"] and logic_only:
        raise UnknownOptionError("grade 5 (search) contradicts logic_only")
    if attempts is None:
        small_expert = (kind == "regions" and k == 1 and want == GRADES.index("expert")
                        and n <= EXPERT_SMALLEST)
        attempts = SMALL_EXPERT_STARTS if small_expert else ATTEMPTS
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    rng = random.Random(seed)
    if kind == "regions":
        if pieces is None:
            pieces = k == 1 and want == GRADES.index("expert") and n <= EXPERT_IN_PIECES
        return _make_regions(n, k, rng, seed, want, diagonals, attempts, tally, pieces)
    max_grade = want if want is not None else (4 if logic_only else 5)
    for attempt in range(1, attempts + 1):
        puzzle, sol = _make_completion(n, rng, max_grade)
        e = explain(puzzle, max_grade=max_grade)
        if e.solution is None:
            continue
        if want is not None and e.grade != want:
            continue
        return Made(puzzle, sol, e.grade, seed, attempt)
    what = f"grade {GRADES[want]}" if want is not None else "logic-only"
    raise NQueensRuntimeError(f"no {what} {kind} puzzle of size {n} found in {attempts} "
                              f"attempts from seed {seed}; try another seed or grade")


# --- private helpers ---------------------------------------------------------------------

def _check_stars(n: int, stars: object, kind: str, diagonals: bool) -> int:
    """k as an int, refused (one line) where this generator cannot make such a puzzle."""
    from nqueens.errors import PuzzleFormatError

    if isinstance(stars, bool):
        raise InvalidSizeError(f"stars must be an integer >= 1, got {stars!r}")
    try:
        k = check_stars(max(n, 1), stars)
    except PuzzleFormatError as err:
        raise InvalidSizeError(str(err)) from None
    if k > 1 and kind == "completion":
        raise UnknownOptionError("stars apply to region puzzles only (completion puzzles "
                                 "have one queen per row)")
    if k > 1 and diagonals:
        raise UnknownOptionError("diagonals is a rule of one-star puzzles; k-star puzzles "
                                 "have the Star Battle rules")
    if k > 1 and n < min_size(k):
        raise InvalidSizeError(f"{k} stars per row need a board of at least {min_size(k)} x "
                               f"{min_size(k)}: on {n} x {n} no {k} stars per row and column "
                               "fit without touching")
    return k


def _make_regions(n: int, k: int, rng: random.Random, seed: int, want: int | None,
                  diagonals: bool, attempts: int, tally: Tally | None, pieces: bool) -> Made:
    starts = [0]

    def told(boards: int, start: int) -> None:
        starts[0] = start
        if tally is not None:
            tally(boards, start)
    try:
        if want == RULES["search"]:
            p, sol, grade = steer_search(n, k, rng, diagonals=diagonals, starts=attempts,
                                         tally=told, pieces=pieces)
        else:
            # unasked, k >= 3 stays with the cheap techniques: the explainer's harder
            # ones take seconds per board there (docs/puzzles.md has the times)
            top = RULES["search"] - 1 if k <= 2 else CHEAP
            low, high = (1, top) if want is None else (want, want)
            p, sol, grade = steer(n, k, rng, diagonals=diagonals, low=low, high=high,
                                  starts=attempts, tally=told, pieces=pieces)
    except NQueensRuntimeError as err:
        what = f"grade {GRADES[want]} " if want is not None else ""
        each = "" if k == 1 else f"{k}-star "
        raise NQueensRuntimeError(f"no {what}{each}region puzzle of size {n} found from seed "
                                  f"{seed}: {err}; try another seed or grade") from None
    return Made(p, sol, grade, seed, starts[0])


def _make_completion(n: int, rng: random.Random, max_grade: int
                     ) -> tuple[Puzzle, tuple[int, ...]]:
    sol = random_solution(n, rng, touching=False, diagonals=True)
    givens = [(r, c) for r, c in enumerate(sol)]
    order = list(givens)
    rng.shuffle(order)
    for g in order:
        trial = [x for x in givens if x != g]
        p = completion_puzzle(n, trial)
        if not is_unique(p):
            continue
        if max_grade < RULES["search"] and explain(p, max_grade=max_grade).solution is None:
            continue
        givens = trial
    return completion_puzzle(n, givens), sol
